package main

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// FuzzCheckQuestion checks the gate every question passes: an accepted
// question is valid UTF-8, non-empty, within the limit, free of control
// characters and runs of white space, and accepted again unchanged; a
// rejected one is a usage error.
func FuzzCheckQuestion(f *testing.F) {
	for _, s := range []string{
		"What is a Nash equilibrium?", "", "   ", "\t\n", "nash\x07", "\x1b[31mred", "nash \xff", "a\u0085b",
		"纳什均衡是什么？", "e\u0301quilibre", strings.Repeat("nash ", 1000), "tit-for-tat\r\nwins",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got, err := checkQuestion(q)
		if err != nil {
			require.ErrorAs(t, err, new(usageError))
			require.Empty(t, got)
			return
		}
		require.True(t, utf8.ValidString(got))
		require.NotEmpty(t, got)
		require.LessOrEqual(t, len(got), maxQuestionBytes)
		require.False(t, strings.ContainsFunc(got, unicode.IsControl), "%q", got)
		require.Equal(t, strings.Join(strings.Fields(got), " "), got)
		again, err := checkQuestion(got)
		require.NoError(t, err)
		require.Equal(t, got, again)
	})
}

// FuzzOneLine checks the line every error becomes on stderr: one line of
// valid UTF-8 with no control characters, bounded in length, and a short
// clean message kept word for word.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{
		"open the knowledge base: permission denied", "", "a\nb\r\nc", "\x1b[2J\x07", "\xff\xfe", "\u0085\u009b",
		strings.Repeat("a", 5000), strings.Repeat("é", 900) + " hint", "tab\there",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		got := oneLine(errors.New(msg))
		require.True(t, utf8.ValidString(got), "%q", got)
		require.False(t, strings.ContainsFunc(got, unicode.IsControl), "%q", got)
		require.LessOrEqual(t, utf8.RuneCountInString(got), maxLineRunes+3)
		clean := strings.Join(strings.Fields(msg), " ")
		if utf8.ValidString(msg) && !strings.ContainsFunc(clean, unicode.IsControl) && utf8.RuneCountInString(clean) <= maxLineRunes {
			require.Equal(t, clean, got)
		}
	})
}

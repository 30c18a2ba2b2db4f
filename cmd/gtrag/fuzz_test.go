package main

import (
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

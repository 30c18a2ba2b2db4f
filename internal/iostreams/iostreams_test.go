package iostreams

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func TestSanitize(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plain text", "A Nash equilibrium [1].\n\tSources", "A Nash equilibrium [1].\n\tSources"},
		{"clear screen", "before\x1b[2Jafter", "beforeafter"},
		{"colour", "\x1b[31;1mred\x1b[0m text", "red text"},
		{"private CSI", "a\x1b[?25lb", "ab"},
		{"window title, BEL", "a\x1b]0;owned\x07b", "ab"},
		{"hyperlink, ST", "a\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\b", "alinkb"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"two-character escape", "a\x1bcb\x1b7c", "abc"},
		{"charset escape", "a\x1b(Bb", "ab"},
		{"8-bit CSI", "a\u009b2Jb", "ab"},
		{"8-bit OSC", "a\u009d0;x\u009cb", "ab"},
		{"unterminated OSC ends at the line", "a\x1b]0;title\nnext line", "a\nnext line"},
		{"ESC before newline", "a\x1b\nb", "a\nb"},
		{"carriage return overwrites no more", "safe\rEVIL", "safe EVIL"},
		{"CR LF is a line end", "one\r\ntwo\r\n", "one\ntwo\n"},
		{"other white space", "a\vb\fc\u0085d", "a b c d"},
		{"bell, backspace, NUL", "a\x07b\x08c\x00d", "abcd"},
		{"bidi override", "a\u202eb\u2066c", "abc"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
		{"non-ASCII kept", "纳什均衡 équilibre", "纳什均衡 équilibre"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, Sanitize(tc.in))
		})
	}
}

// A sequence or a rune split across writes is recognised all the same.
func TestWriterSplitWrites(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out, nil)
	for _, p := range []string{"red: \x1b[", "31m", "é"[:1], "é"[1:], " \x1b]0;ti", "tle\x07done\n"} {
		n, err := w.Write([]byte(p))
		require.NoError(t, err)
		require.Equal(t, len(p), n)
	}
	require.Equal(t, "red: é done\n", out.String())
}

func TestWriterRedacts(t *testing.T) {
	const key = "sk-test-0123456789abcdef"
	var out bytes.Buffer
	w := NewWriter(&out, []string{key, "short", "", "sk-test-0123"})
	_, err := w.Write([]byte("The key is " + key + "; its start is sk-test-0123.\n"))
	require.NoError(t, err)
	require.Equal(t, "The key is [REDACTED]; its start is [REDACTED].\n", out.String())
	require.NotContains(t, out.String(), "0123456789")
}

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	f.n++
	return 0, errors.New("no space left on device")
}

// The first failed write is kept: later writes are not attempted, and Err
// reports it.
func TestWriterChecked(t *testing.T) {
	f := &failing{}
	s := New(nil, f, &bytes.Buffer{}, nil)
	require.NoError(t, s.Err())
	_, err := s.Out.Write([]byte("answer\n"))
	require.Error(t, err)
	_, err = s.Out.Write([]byte("more\n"))
	require.Error(t, err)
	require.Equal(t, 1, f.n)
	require.ErrorContains(t, s.Err(), "no space left")
}

func TestDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer f.Close()
	s := New(nil, f, &bytes.Buffer{}, nil)
	s.Out.Write([]byte("answer\n"))
	require.Error(t, s.Err())
}

func TestNoteAndError(t *testing.T) {
	var errOut bytes.Buffer
	s := New(nil, &bytes.Buffer{}, &errOut, []string{"secret-value-1"})
	s.Note("arXiv said:\n  \x1b[2J503 Service\r\nUnavailable (key secret-value-1)")
	s.Error(errors.New("open the knowledge base:\npermission denied"))
	require.Equal(t, "note: arXiv said: 503 Service Unavailable (key [REDACTED])\n"+
		"gtrag: open the knowledge base: permission denied\n", errOut.String())
	require.False(t, s.IsStderrTTY())
	require.Nil(t, s.ProgressOut(), "no progress display off a terminal")
}

// FuzzLine checks the line every error and note becomes: one line of valid
// UTF-8 with no control characters, bounded in length, and a short clean
// message kept word for word.
func FuzzLine(f *testing.F) {
	for _, s := range []string{
		"open the knowledge base: permission denied", "", "a\nb\r\nc", "\x1b[2J\x07", "\xff\xfe", "\u0085\u009b",
		strings.Repeat("a", 5000), strings.Repeat("é", 900) + " hint", "tab\there", "\x1b]0;t\x1b\\x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		got := Line(msg)
		require.True(t, utf8.ValidString(got), "%q", got)
		require.False(t, strings.ContainsFunc(got, unicode.IsControl), "%q", got)
		require.NotContains(t, got, "\x1b")
		require.LessOrEqual(t, utf8.RuneCountInString(got), MaxLineRunes+3)
		clean := strings.Join(strings.Fields(msg), " ")
		if utf8.ValidString(msg) && !strings.ContainsFunc(clean, func(r rune) bool { return unicode.IsControl(r) || isBidiControl(r) }) &&
			utf8.RuneCountInString(clean) <= MaxLineRunes {
			require.Equal(t, clean, got)
		}
	})
}

// FuzzWriter checks that whatever is written, in whatever pieces, nothing
// but newline and tab of the control characters comes out, and that the
// output is the same as writing it whole.
func FuzzWriter(f *testing.F) {
	f.Add("a\x1b[2Jb\x1b]0;x\x07c", 3)
	f.Add("é\xffz\u009b1m", 1)
	f.Fuzz(func(t *testing.T, s string, cut int) {
		var whole, split bytes.Buffer
		NewWriter(&whole, nil).Write([]byte(s))
		w := NewWriter(&split, nil)
		if cut < 0 || cut > len(s) {
			cut = len(s) / 2
		}
		w.Write([]byte(s[:cut]))
		w.Write([]byte(s[cut:]))
		for _, r := range split.String() {
			require.False(t, (unicode.IsControl(r) && r != '\n' && r != '\t') || isBidiControl(r), "%q", split.String())
		}
		if utf8.ValidString(s) {
			require.Equal(t, whole.String(), split.String())
		}
	})
}

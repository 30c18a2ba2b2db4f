package iostreams

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/require"
)

// A source continues under its title and keeps its URL whole: the
// terminal once cut "— a" / "rXiv:1805.67322v2".
func TestWrapHanging(t *testing.T) {
	src := "  [1] A low-latency auction server for serving auctions under latency limits — arXiv:1805.67322v2 http://arxiv.org/abs/1805.67322v2"
	require.Equal(t, "  [1] A low-latency auction server for serving auctions under latency limits —\n"+
		"      arXiv:1805.67322v2 http://arxiv.org/abs/1805.67322v2", WrapHanging(src, 79, 6))
	require.Equal(t, "  [1] A low-latency auction server for\n"+
		"      serving auctions under latency\n"+
		"      limits — arXiv:1805.67322v2\n"+
		"      http://arxiv.org/abs/1805.67322v2", WrapHanging(src, 39, 6))
	require.Equal(t, "  [1] A low-latency\n"+
		"auction server for\n"+
		"serving auctions\n"+
		"under latency limits\n"+
		"— arXiv:1805.67322v2\n"+
		"http://arxiv.org/abs/1805.67322v2", WrapHanging(src, 20, 12), "a hang of half the line or more is dropped")
	for _, width := range []int{0, -1, len(src)} {
		require.Equal(t, src, WrapHanging(src, width, 6), "width %d: unchanged", width)
	}
}

// Spaces between words that stay on one line are kept: the help's
// columns stay columns.
func TestWrapKeepsTheSpacesOfALine(t *testing.T) {
	help := "  /quit        end the session (or Ctrl-D); Ctrl-C cancels a question in flight"
	require.Equal(t, "  /quit        end the session (or\n"+
		"               Ctrl-D); Ctrl-C cancels\n"+
		"               a question in flight", WrapHanging(help, 39, 15))
	require.Equal(t, "  two  spaces  and a line\n  that  goes on", Wrap("  two  spaces  and a line that  goes on   ", 26),
		"continuation keeps the line's indentation; trailing spaces go with the wrapping")
	for _, width := range []int{8, 20, 33} {
		got := Wrap("纳什均衡纳什均衡 is a Nash equilibrium in Chinese, 纳什 均衡", width)
		for line := range strings.SplitSeq(got, "\n") {
			if strings.Contains(strings.TrimSpace(line), " ") {
				require.LessOrEqual(t, runewidth.StringWidth(line), width, "%q", line)
			}
		}
	}
}

// On a terminal a note and an error are wrapped to its width, continuing
// under their text; elsewhere each stays one line, byte for byte.
func TestNotesWrapOnATerminal(t *testing.T) {
	note := "question cancelled; ask another, or /quit"
	var errOut bytes.Buffer
	s := New(strings.NewReader(""), &bytes.Buffer{}, &errOut, nil)
	s.Note(note)
	s.Error(errors.New("no answer yet: ask a question first"))
	require.Equal(t, "note: "+note+"\ngtrag: no answer yet: ask a question first\n", errOut.String())
	require.Zero(t, s.ErrWidth())

	errOut.Reset()
	s.errWidth = func() int { return 39 }
	s.Note(note)
	s.Error(errors.New("no answer yet: ask a question first"))
	require.Equal(t, "note: question cancelled; ask another,\n      or /quit\n"+
		"gtrag: no answer yet: ask a question\n       first\n", errOut.String())
}

package main

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
)

var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// drawBar runs an ingest display on a pseudo-terminal cols wide through a
// run of updates, finishes it (ok or not) and returns what the terminal
// received.
func drawBar(t *testing.T, cols uint16, ok bool) string {
	return onTerminal(t, cols, func(tty io.Writer) {
		d := newIngestDisplay(io.Discard, tty)
		require.NotNil(t, d.bar)
		p := ingest.Progress{Target: 1000}
		for i := 1; i <= 4; i++ {
			p.Fetched, p.Kept, p.Rejected, p.Skipped, p.Chunks = 200*i, 150*i, 40*i, 10*i, 12345*i
			p.Elapsed = time.Duration(i) * time.Second
			d.progress(p)
			time.Sleep(120 * time.Millisecond) // past the bar's throttle
		}
		// arXiv's total shrank: the run ends below its first target.
		p.Fetched, p.Kept, p.Rejected, p.Skipped = 990, 740, 200, 50
		d.progress(p)
		d.finish(ok)
	})
}

// onTerminal runs draw on a pseudo-terminal cols wide and returns what the
// terminal received.
func onTerminal(t *testing.T, cols uint16, draw func(tty io.Writer)) string {
	t.Helper()
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	require.NoError(t, pty.Setsize(ptmx, &pty.Winsize{Cols: cols, Rows: 24}))
	// The reader stops at a sentinel written after the display is done:
	// Linux may drop what the terminal still buffers once the other end
	// closes, which lost the end of the output on a loaded machine.
	const sentinel = "\x1b[0mEND-OF-DRAW"
	got := make(chan []byte)
	go func() {
		var b []byte
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			b = append(b, buf[:n]...)
			if i := strings.Index(string(b), sentinel); i >= 0 {
				got <- b[:i]
				return
			}
			if err != nil {
				got <- b
				return
			}
		}
	}()

	draw(tty)
	_, err = io.WriteString(tty, sentinel)
	require.NoError(t, err)
	out := string(<-got)
	require.NoError(t, tty.Close())
	require.NotContains(t, out, "END-OF-DRAW")
	return out
}

// TestIngestProgressBarFitsTheTerminal: every redraw of the bar fits the
// terminal's width, so the terminal never wraps it onto a new line (before,
// at 80 columns the description alone filled the line: each redraw
// scrolled, and the bar had no room left), and a run that succeeds ends at
// 100%, on one line of its own.
func TestIngestProgressBarFitsTheTerminal(t *testing.T) {
	for _, cols := range []uint16{80, 100, 160} {
		out := drawBar(t, cols, true)
		// The terminal turns the final "\n" into "\r\n"; nothing else may
		// start a new line.
		require.Equal(t, 1, strings.Count(out, "\n"), "one line, redrawn in place, at %d columns: %q", cols, out)
		var draws []string
		for _, seg := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r") {
			seg = ansiEscape.ReplaceAllString(seg, "")
			if strings.TrimSpace(seg) == "" {
				continue
			}
			draws = append(draws, seg)
			// A line of exactly cols leaves the cursor on the last column
			// (a VT100 terminal wraps only when the next character comes),
			// and the next redraw starts with "\r": no scroll.
			require.LessOrEqual(t, runewidth.StringWidth(seg), int(cols), "a redraw wider than %d columns: %q", cols, seg)
		}
		require.GreaterOrEqual(t, len(draws), 3, "the bar was drawn: %q", out)
		last := draws[len(draws)-1]
		require.Contains(t, last, "100%", "a finished run ends at 100%%: %q", last)
		require.Contains(t, last, "(990/990", "of what was done: %q", last)
		if cols >= 100 {
			require.Contains(t, last, "kept 740", "a wide terminal shows the counts: %q", last)
		}
		require.Regexp(t, `\|█+\|`, last, "the bar is drawn full: %q", last)
	}
}

// A failed run clears the bar, so that the error line stands alone.
func TestIngestProgressBarClearedOnFailure(t *testing.T) {
	out := drawBar(t, 80, false)
	require.NotContains(t, out, "\n", "no line left behind: %q", out)
	require.NotContains(t, out, "100%")
}

// store copy draws the same bar as ingest: it fits the terminal, counts
// the chunks the target has taken, and ends at 100% on a line of its own;
// a failed copy clears it.
func TestStoreCopyProgressBar(t *testing.T) {
	for _, cols := range []uint16{60, 100} {
		out := onTerminal(t, cols, func(tty io.Writer) {
			p := newCopyProgress(tty, io.Discard, 1000, plainProgressEvery)
			require.NotNil(t, p.bar)
			for i := 1; i <= 4; i++ {
				p.set(250*i, 250*(i-1), 100*(i-1))
				time.Sleep(120 * time.Millisecond) // past the bar's throttle
			}
			p.set(1000, 1000, 400)
			p.finish(true)
		})
		require.Equal(t, 1, strings.Count(out, "\n"), "one line, redrawn in place, at %d columns: %q", cols, out)
		var last string
		for _, seg := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r") {
			seg = ansiEscape.ReplaceAllString(seg, "")
			if strings.TrimSpace(seg) == "" {
				continue
			}
			require.LessOrEqual(t, runewidth.StringWidth(seg), int(cols), "a redraw wider than %d columns: %q", cols, seg)
			last = seg
		}
		require.Contains(t, last, "100%", "a finished copy ends at 100%%: %q", last)
		require.Contains(t, last, "(1000/1000", last)
		require.Contains(t, last, "chunks/s", last)
		if cols >= 100 {
			require.Contains(t, last, "read 1000 · written 400", "a wide terminal shows the counts: %q", last)
		}
	}

	out := onTerminal(t, 80, func(tty io.Writer) {
		p := newCopyProgress(tty, io.Discard, 1000, plainProgressEvery)
		p.set(500, 0, 0)
		time.Sleep(120 * time.Millisecond)
		p.set(500, 500, 500)
		p.finish(false)
	})
	require.NotContains(t, out, "\n", "no line left behind: %q", out)
	require.NotContains(t, out, "100%")
}

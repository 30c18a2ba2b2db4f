package main

import (
	"io"
	"os"

	"github.com/gtrag/gtrag/internal/iostreams"
)

// terminalOut is standard output when it is a terminal: the same writer,
// plus the terminal's width, read when asked so that a resized window
// counts. Every line a command writes to it is wrapped at spaces to Width
// (prose such as the answer at proseWidth, lists and messages at
// lineWidth); output that is not a terminal is never wrapped, so scripts
// get one line per paragraph and per source, byte for byte as before.
type terminalOut struct {
	io.Writer
	f *os.File
}

// Width is the width to wrap lines at: the terminal's columns less one
// (iostreams.TerminalWidth), or 0 when it cannot be read.
func (t terminalOut) Width() int { return iostreams.TerminalWidth(t.f) }

// withTerminalWidth wraps out (the output boundary's writer) when the
// process's real standard output is a terminal.
func withTerminalWidth(out io.Writer, stdout io.Writer, isTTY bool) io.Writer {
	f, ok := stdout.(*os.File)
	if !ok || !isTTY {
		return out
	}
	return terminalOut{Writer: out, f: f}
}

// lineWidth is the width to wrap lines other than prose written to w at
// (a source, a command's output, a notice): the terminal's, so that a line
// breaks only where the terminal would have cut it; 0 (no wrapping) when w
// is not a terminal.
func lineWidth(w io.Writer) int {
	t, ok := w.(interface{ Width() int })
	if !ok {
		return 0
	}
	return max(t.Width(), 0)
}

// proseWidth is the width to wrap prose written to w at: the terminal's,
// capped at 100 columns for readability; 0 (no wrapping) when w is not a
// terminal.
func proseWidth(w io.Writer) int {
	width := lineWidth(w)
	if width <= 0 {
		return 0
	}
	return min(width, 100)
}

// wrapText breaks each line of s at spaces so that no line is wider than
// width columns (iostreams.Wrap): a word wider than the line stays whole (a
// URL must stay clickable); continuation lines keep the line's
// indentation. width <= 0 returns s unchanged.
func wrapText(s string, width int) string { return iostreams.Wrap(s, width) }

package main

import (
	"io"
	"os"
	"strings"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// terminalOut is standard output when it is a terminal: the same writer,
// plus the terminal's width, read when asked so that a resized window
// counts. Commands that print prose (the answer) wrap it to Width; output
// that is not a terminal is never wrapped, so scripts get one line per
// paragraph.
type terminalOut struct {
	io.Writer
	fd uintptr
}

// Width is the terminal's width in columns, or 0 when it cannot be read.
func (t terminalOut) Width() int {
	w, _, err := term.GetSize(int(t.fd))
	if err != nil {
		return 0
	}
	return w
}

// withTerminalWidth wraps out (the output boundary's writer) when the
// process's real standard output is a terminal.
func withTerminalWidth(out io.Writer, stdout io.Writer, isTTY bool) io.Writer {
	f, ok := stdout.(*os.File)
	if !ok || !isTTY {
		return out
	}
	return terminalOut{Writer: out, fd: f.Fd()}
}

// proseWidth is the width to wrap prose written to w at: the terminal's,
// capped at 100 columns for readability; 0 (no wrapping) when w is not a
// terminal.
func proseWidth(w io.Writer) int {
	t, ok := w.(interface{ Width() int })
	if !ok {
		return 0
	}
	width := t.Width()
	if width <= 0 {
		return 0
	}
	return min(width-1, 100) // the last column makes some terminals wrap early
}

// wrapText breaks each line of s at spaces so that no line is wider than
// width columns (East Asian wide runes count two). A word wider than the
// line stays whole (a URL must stay clickable); continuation lines keep
// the line's indentation. width <= 0 returns s unchanged.
func wrapText(s string, width int) string {
	if width <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = wrapLine(line, width)
	}
	return strings.Join(lines, "\n")
}

func wrapLine(line string, width int) string {
	if runewidth.StringWidth(line) <= width {
		return line
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	if runewidth.StringWidth(indent) >= width/2 {
		indent = ""
	}
	var b strings.Builder
	col := 0
	for i, word := range strings.Fields(line) {
		ww := runewidth.StringWidth(word)
		switch {
		case i == 0:
			b.WriteString(indent)
			col = runewidth.StringWidth(indent)
		case col+1+ww > width:
			b.WriteString("\n")
			b.WriteString(indent)
			col = runewidth.StringWidth(indent)
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += ww
	}
	return b.String()
}

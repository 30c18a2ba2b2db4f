package iostreams

import (
	"bytes"
	"io"
)

// LineWrapper is a writer that wraps each line written to it at width()
// columns (WrapHanging) before writing it on: for text written a line at a
// time by code that knows nothing of terminals (a run's narration), so
// that a terminal does not break it inside words. hang says, for a line,
// the column its continuation lines start at; a negative one keeps the
// line's own indentation. A width of 0 or less writes every line as it
// is. A line is written when its newline comes; Flush writes a last one
// that has none.
type LineWrapper struct {
	w     io.Writer
	width func() int
	hang  func(line string) int
	buf   []byte
}

// NewLineWrapper returns a LineWrapper writing to w.
func NewLineWrapper(w io.Writer, width func() int, hang func(line string) int) *LineWrapper {
	return &LineWrapper{w: w, width: width, hang: hang}
}

// Write writes the complete lines of p, wrapped, and keeps the rest.
func (l *LineWrapper) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(l.buf[:i])
		l.buf = l.buf[i+1:]
		if err := l.writeLine(line + "\n"); err != nil {
			return len(p), err
		}
	}
}

// Flush writes a last line that has no newline.
func (l *LineWrapper) Flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	line := string(l.buf)
	l.buf = nil
	return l.writeLine(line)
}

func (l *LineWrapper) writeLine(s string) error {
	if width := l.width(); width > 0 {
		line, nl := s, ""
		if n := len(s); n > 0 && s[n-1] == '\n' {
			line, nl = s[:n-1], "\n"
		}
		if h := l.hang(line); h >= 0 {
			s = WrapHanging(line, width, h) + nl
		} else {
			s = Wrap(line, width) + nl
		}
	}
	_, err := io.WriteString(l.w, s)
	return err
}

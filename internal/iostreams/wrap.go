package iostreams

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// Wrap breaks each line of s at spaces so that no line is wider than width
// columns (East Asian wide runes count two). A word wider than the line
// stays whole, so a URL stays clickable; continuation lines keep the
// line's own indentation. A line that fits, and every line when width <= 0
// (not a terminal), is left exactly as it is.
func Wrap(s string, width int) string {
	return wrapLines(s, width, -1)
}

// WrapHanging is Wrap with a hanging indent: continuation lines are
// indented hang columns, so that they read as part of what their first line
// begins — "  [1] Title — arXiv:… URL" continues under the title, "note: …"
// under the note's text. A hang of half the width or more is dropped: the
// text would be squeezed into a ribbon.
func WrapHanging(s string, width, hang int) string {
	return wrapLines(s, width, max(hang, 0))
}

// wrapLines wraps each line of s; hang < 0 means each line's own
// indentation.
func wrapLines(s string, width, hang int) string {
	if width <= 0 {
		return s
	}
	if !strings.Contains(s, "\n") {
		return wrapLine(s, width, hang)
	}
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = wrapLine(line, width, hang)
	}
	return strings.Join(lines, "\n")
}

// wrapLine breaks one line at its spaces. The spaces between two words that
// stay on the same line are kept as written ("/sources     the sources"
// keeps its column); those at a break are dropped.
func wrapLine(line string, width, hang int) string {
	if runewidth.StringWidth(line) <= width {
		return line
	}
	body := strings.TrimLeft(line, " ")
	indent := line[:len(line)-len(body)]
	cont := indent
	if hang >= 0 {
		cont = strings.Repeat(" ", hang)
	}
	if runewidth.StringWidth(cont) >= width/2 {
		cont = ""
	}
	var b strings.Builder
	b.WriteString(indent)
	col := runewidth.StringWidth(indent)
	for i, gap, word := 0, "", ""; body != ""; i++ {
		gap, word, body = nextWord(body)
		if word == "" {
			break // trailing spaces, dropped with the wrapping
		}
		ww := runewidth.StringWidth(word)
		switch {
		case i == 0:
		case col+len(gap)+ww <= width:
			b.WriteString(gap)
			col += len(gap)
		default:
			b.WriteByte('\n')
			b.WriteString(cont)
			col = runewidth.StringWidth(cont)
		}
		b.WriteString(word)
		col += ww
	}
	return b.String()
}

// nextWord splits s into the spaces it opens with, its first word and the
// rest; word is empty when s is only spaces.
func nextWord(s string) (gap, word, rest string) {
	word = strings.TrimLeft(s, " ")
	gap = s[:len(s)-len(word)]
	if i := strings.IndexByte(word, ' '); i >= 0 {
		word, rest = word[:i], word[i:]
	}
	return gap, word, rest
}

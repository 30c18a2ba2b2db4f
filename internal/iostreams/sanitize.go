package iostreams

import (
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/internal/redact"
)

// Redacted replaces every secret value in the output.
const Redacted = "[REDACTED]"

// minSecretLen is the shortest secret value redacted: shorter values are not
// real keys.
const minSecretLen = 6

// MaxLineRunes bounds a Line: errors quote what was typed, and what was
// typed can be a 100 KB flag value.
const MaxLineRunes = 800

// Writer sanitizes and redacts what it writes (see the package doc) and
// keeps the first write error. It is safe for concurrent use; an escape
// sequence or a UTF-8 sequence split across two writes is still recognised.
type Writer struct {
	w       io.Writer
	secrets *strings.Replacer // nil when there are none

	mu      sync.Mutex
	f       filter
	pending []byte // an incomplete UTF-8 sequence at the end of the last write
	err     sticky
}

// NewWriter wraps w.
func NewWriter(w io.Writer, secrets []string) *Writer {
	return &Writer{w: w, secrets: replacer(secrets)}
}

// Err is the first error of the underlying writer, or nil.
func (w *Writer) Err() error { return w.err.get() }

// Write writes p made safe. It reports len(p) on success, whatever the
// sanitized length; after a failed write every later one fails at once with
// the same error.
func (w *Writer) Write(p []byte) (int, error) {
	if err := w.err.get(); err != nil {
		return 0, err
	}
	w.mu.Lock()
	buf := append(w.pending, p...)
	cut := len(buf)
	// Keep back the start of a rune the next write completes.
	for i := 1; i < utf8.UTFMax && i <= len(buf); i++ {
		if utf8.RuneStart(buf[len(buf)-i]) {
			if !utf8.FullRune(buf[len(buf)-i:]) {
				cut = len(buf) - i
			}
			break
		}
	}
	w.pending = slices.Clone(buf[cut:])
	var b strings.Builder
	w.f.run(&b, string(buf[:cut]))
	w.mu.Unlock()

	s := redact.URLs(b.String())
	if w.secrets != nil {
		s = w.secrets.Replace(s)
	}
	if s == "" {
		return len(p), nil
	}
	if _, err := io.WriteString(w.w, s); err != nil {
		w.err.set(err)
		return 0, err
	}
	return len(p), nil
}

// Sanitize returns s with escape sequences and control characters other
// than newline and tab removed, and invalid UTF-8 replaced with U+FFFD.
func Sanitize(s string) string {
	var b strings.Builder
	var f filter
	f.run(&b, s)
	return b.String()
}

// Line makes s the one line users see of a message: sanitized, white space
// folded, at most MaxLineRunes long. A long message keeps its head and its
// tail, which is usually the hint.
func Line(s string) string {
	s = strings.Join(strings.Fields(Sanitize(s)), " ")
	if r := []rune(s); len(r) > MaxLineRunes {
		const head, tail = MaxLineRunes / 2, MaxLineRunes/2 - 10
		s = string(r[:head]) + " … " + string(r[len(r)-tail:])
	}
	return s
}

func replacer(secrets []string) *strings.Replacer {
	var vals []string
	for _, s := range secrets {
		s = strings.TrimSpace(s)
		if len(s) >= minSecretLen && !slices.Contains(vals, s) {
			vals = append(vals, s)
		}
	}
	if len(vals) == 0 {
		return nil
	}
	// Longest first, so that a secret holding another is replaced whole
	// (strings.Replacer tries the old strings in argument order).
	slices.SortFunc(vals, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, v := range vals {
		pairs = append(pairs, v, Redacted)
	}
	return strings.NewReplacer(pairs...)
}

// filter is an ECMA-48 parser that drops control functions: its state lives
// across writes.
type filter struct {
	state int
	n     int  // runes inside the current control string
	cr    bool // a carriage return is waiting for the next rune
}

const (
	ground     = iota
	escape     // after ESC
	escInter   // ESC and intermediate bytes
	csi        // control sequence: ESC [ or U+009B
	ctlString  // OSC, DCS, SOS, PM, APC: up to BEL or ST
	ctlStrEsc  // ESC inside a control string: ST is ESC \
	maxCtlRune = 4096
)

func (f *filter) run(b *strings.Builder, s string) {
	for _, r := range s { // invalid bytes come as U+FFFD, as wanted
		f.rune(b, r)
	}
}

func (f *filter) rune(b *strings.Builder, r rune) {
	switch f.state {
	case escape:
		switch {
		case r == '[':
			f.state = csi
		case r == ']' || r == 'P' || r == 'X' || r == '^' || r == '_':
			f.state, f.n = ctlString, 0
		case r >= 0x20 && r <= 0x2f:
			f.state = escInter
		case r >= 0x30 && r <= 0x7e:
			f.state = ground // a two-character sequence, dropped whole
		default:
			f.state = ground
			f.rune(b, r)
		}
		return
	case escInter:
		switch {
		case r >= 0x20 && r <= 0x2f:
		case r >= 0x30 && r <= 0x7e:
			f.state = ground
		default:
			f.state = ground
			f.rune(b, r)
		}
		return
	case csi:
		switch {
		case r >= 0x20 && r <= 0x3f: // parameters and intermediates
		case r >= 0x40 && r <= 0x7e:
			f.state = ground
		default:
			f.state = ground
			f.rune(b, r)
		}
		return
	case ctlString, ctlStrEsc:
		f.n++
		switch {
		case f.state == ctlStrEsc && r == '\\', r == 0x07, r == 0x9c:
			f.state = ground
		case r == 0x1b:
			f.state = ctlStrEsc
		case r == '\n' || f.n > maxCtlRune:
			// An unterminated string must not swallow the rest of the
			// output: it ends at the line.
			f.state = ground
			f.rune(b, r)
		default:
			f.state = ctlString
		}
		return
	}
	if f.cr {
		// CR LF is a line end; a lone CR, which would let text overwrite
		// the line it is on, separates words like the other white space.
		f.cr = false
		if r != '\n' {
			b.WriteByte(' ')
		}
	}
	switch {
	case r == '\r':
		f.cr = true
	case r == '\v' || r == '\f' || r == 0x85:
		b.WriteByte(' ')
	case r == 0x1b:
		f.state = escape
	case r == 0x9b:
		f.state = csi
	case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f:
		f.state, f.n = ctlString, 0
	case r == '\n' || r == '\t':
		b.WriteRune(r)
	case unicode.IsControl(r), isBidiControl(r):
		// Dropped: bidi controls would let text read differently from
		// what it is.
	default:
		b.WriteRune(r)
	}
}

// isBidiControl reports the explicit directional formatting characters.
func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

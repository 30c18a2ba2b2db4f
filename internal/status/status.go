// Package status draws the one live line a person at a terminal sees while
// gtrag works — "⠹ searching arXiv · 4s", "waiting for arXiv (pacing 3 s)",
// "arXiv failed (HTTP 503); retrying in 4 s" — and prints notices above it
// as they happen.
//
// A Line is drawn only on a terminal: made with a nil writer (standard error
// is a file or a pipe, or the user asked for --json or --quiet) every method
// does nothing, so a script sees exactly the lines it saw before. The line
// is redrawn in place with a carriage return and an erase-to-end-of-line
// sequence, cut to the terminal's width so that it never wraps (a wrapped
// line cannot be redrawn in place and would scroll).
//
// Run adapts a Line to one workflow run: it is the run's graph.Observer
// (the node running), its arXiv watcher (pacing and retry waits) and the
// place where notices are printed the moment a node raises them, or, held
// (Run.Hold: standard error is no terminal), once the run is over.
package status

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gtrag/gtrag/internal/iostreams"
)

// tick is how often the line is redrawn: the spinner, the elapsed time and
// a countdown move.
const tick = 250 * time.Millisecond

var spinner = []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

// Line is a status line on a terminal. Its methods are safe for concurrent
// use; the zero value and a Line made with a nil writer draw nothing.
type Line struct {
	mu    sync.Mutex
	w     io.Writer
	width func() int

	text    string
	prev    string    // the text a countdown replaced, shown again when it ends
	started time.Time // when text was set: the elapsed time shown
	until   time.Time // the end of a countdown, if one runs
	frame   int
	drawn   bool
	stop    chan struct{}
	stopped chan struct{}
}

// New returns a Line drawing on w, a terminal (iostreams.ProgressOut), cut
// to width() columns (0 or less: 80). A nil w gives a Line that draws
// nothing.
func New(w io.Writer, width func() int) *Line {
	if w == nil {
		return &Line{}
	}
	if width == nil {
		width = func() int { return 80 }
	}
	return &Line{w: w, width: width}
}

// Active reports whether the Line draws anything.
func (l *Line) Active() bool { return l != nil && l.w != nil }

// Set shows text, with a spinner and the time since it was set.
func (l *Line) Set(text string) {
	if !l.Active() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.text, l.started, l.until = clean(text), time.Now(), time.Time{}
	l.startTicker()
	l.draw()
}

// Countdown shows text with the whole seconds left of d in place of {s},
// counting down ("retrying in {s} s"); when d has passed, the text shown
// before comes back.
func (l *Line) Countdown(text string, d time.Duration) {
	if !l.Active() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.until.IsZero() {
		l.prev = l.text
	}
	l.text, l.started, l.until = clean(text), time.Now(), time.Now().Add(d)
	l.startTicker()
	l.draw()
}

// Above erases the line, lets print write whole lines to the terminal
// (a notice, an answer), and draws the line again below them.
func (l *Line) Above(print func()) {
	if !l.Active() {
		print()
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.erase()
	print()
	if l.text != "" {
		l.draw()
	}
}

// Done erases the line and stops redrawing it; a later Set starts again.
func (l *Line) Done() {
	if !l.Active() {
		return
	}
	l.mu.Lock()
	l.erase()
	l.text = ""
	stop, stopped := l.stop, l.stopped
	l.stop, l.stopped = nil, nil
	l.mu.Unlock()
	if stop != nil {
		close(stop)
		<-stopped
	}
}

func (l *Line) startTicker() {
	if l.stop != nil {
		return
	}
	l.stop, l.stopped = make(chan struct{}), make(chan struct{})
	go func(stop, stopped chan struct{}) {
		defer close(stopped)
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				l.mu.Lock()
				if l.text != "" {
					l.frame++
					l.draw()
				}
				l.mu.Unlock()
			}
		}
	}(l.stop, l.stopped)
}

// render is the line as drawn: spinner, text, and the elapsed time or the
// countdown, cut to fit width columns.
func (l *Line) render(now time.Time, width int) string {
	if !l.until.IsZero() && !now.Before(l.until) {
		l.text, l.until, l.started = l.prev, time.Time{}, now
	}
	s := string(spinner[l.frame%len(spinner)]) + " " + l.text
	switch {
	case !l.until.IsZero():
		left := (l.until.Sub(now) + time.Second - 1) / time.Second // rounded up: never "in 0 s"
		s = strings.ReplaceAll(s, "{s}", fmt.Sprint(int(left)))
	case now.Sub(l.started) >= time.Second:
		s += fmt.Sprintf(" · %ds", int(now.Sub(l.started)/time.Second))
	}
	return fit(s, width)
}

func (l *Line) draw() {
	w := l.width()
	if w <= 0 {
		w = 80
	}
	io.WriteString(l.w, "\r"+l.render(time.Now(), w-1)+"\x1b[K")
	l.drawn = true
}

func (l *Line) erase() {
	if l.drawn {
		io.WriteString(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// clean makes text safe to draw: one line, no escape sequences.
func clean(text string) string { return iostreams.Line(text) }

// fit cuts s to at most width runes, ending in "…" when cut. (Runes, not
// cells: the status text is ASCII but for the spinner and quoted titles,
// and one line short of the edge is better than a wrapped one.)
func fit(s string, width int) string {
	if width < 1 {
		return ""
	}
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:width-1]), " ") + "…"
}

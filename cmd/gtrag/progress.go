package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// The progress bars of ingest and store copy: one line on a terminal's
// standard error (IOStreams.ProgressOut, nil off a terminal, where a
// command writes a plain line every plainProgressEvery instead).
//
// The bar is one line that fits the terminal: a line wider than the
// terminal wraps, and every redraw then scrolls a new line. The bar itself
// shrinks to fit (progressbar does that when it is not in full-width mode),
// and the description is chosen, from the fullest to the shortest, to leave
// the bar room (fitDescription); the terminal's width is read at every
// redraw (terminalWidth), so a resized window is followed.

// The bar is drawn only from the command's own goroutines, under the
// display's mutex, and redrawn every barTick by tickBar (the elapsed time
// moves while a batch is embedded, however long that takes): progressbar's
// own spinner goroutine is turned off, since it redraws a bar of unknown
// length until the bar is finished, and so went on drawing after a failed
// run had cleared it, under the error line. The description is set without
// a redraw (setDescription) before the count is, so that no frame shows a
// description of one moment beside the count of another ("written 1000"
// over "(500/6317").

// plainLog is a long command's progress off a terminal: a line of its
// figures at most every interval (tickBar asks for one even when nothing
// moved), and the final figures at the end, if a line was written and the
// last one did not say them already. A command done within the interval
// writes nothing. Its owner's mutex guards it.
type plainLog struct {
	w       io.Writer
	every   time.Duration
	last    time.Time // when the last line was written, or the display began
	printed string    // the last line, "" before the first
}

func newPlainLog(w io.Writer, every time.Duration) plainLog {
	return plainLog{w: w, every: every, last: time.Now()}
}

// line writes text() if the interval has passed since the last line.
func (l *plainLog) line(text func() string) {
	if time.Since(l.last) >= l.every {
		l.last = time.Now()
		l.printed = text()
		fmt.Fprintln(l.w, l.printed)
	}
}

// end writes final, the figures at the end, unless no line was written
// or the last one said them.
func (l *plainLog) end(final string) {
	if l.printed != "" && final != l.printed {
		fmt.Fprintln(l.w, final)
	}
}

// barTick is how often tickBar redraws a bar that has not moved.
var barTick = 100 * time.Millisecond

// barReserve is the room the bar line needs besides its description: the
// percentage, a bar of at least 10 cells, the counts and rate
// "(123456/123456, 1234 papers/s)" and the times "[1h2m3s:4m5s]".
const barReserve = 7 + 12 + 32 + 16

// newProgressBar draws a count of units ("papers", "chunks") on w, a
// terminal, out of max (-1 until it is known).
func newProgressBar(w io.Writer, max int, units string) *progressbar.ProgressBar {
	return progressbar.NewOptions(max,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetWidth(40), // shrunk to fit, never grown
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(units),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetSpinnerChangeInterval(0), // no goroutine of its own: see tickBar
	)
}

// endBar ends a bar drawn on out: for a run that succeeded and did
// something, at 100% of done (the target is then what was done: arXiv's
// total may have shrunk meanwhile) with desc, the bar keeping its line;
// otherwise cleared, so that an error line stands alone. The caller holds
// its display's mutex and has stopped tickBar.
func endBar(bar *progressbar.ProgressBar, out io.Writer, ok bool, done int, desc string) {
	if !ok || done == 0 {
		_ = bar.Clear()
		_ = bar.Exit()
		return
	}
	setDescription(bar, desc)
	if bar.GetMax() != done {
		bar.ChangeMax(done)
	}
	_ = bar.Finish()
	fmt.Fprintln(out)
}

// setDescription changes the bar's description without drawing it: the
// next redraw (the count's, or tickBar's) shows it with the count. Only
// under the display's mutex (the bar has no goroutine of its own).
func setDescription(bar *progressbar.ProgressBar, desc string) {
	progressbar.OptionSetDescription(desc)(bar)
}

// tickBar calls redraw, with mu held, every barTick until stop is called;
// redraw does nothing once its display is finished (it is told so under
// mu, so nothing is drawn after that). stop does not wait, and may be
// called with mu held and more than once.
func tickBar(mu *sync.Mutex, redraw func()) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(barTick)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				mu.Lock()
				select {
				case <-done:
				default:
					redraw()
				}
				mu.Unlock()
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}

// refreshBar redraws bar with desc if it has been drawn before: the
// elapsed time and rate move although the count does not.
func refreshBar(bar *progressbar.ProgressBar, desc string) {
	if !bar.IsStarted() {
		return
	}
	setDescription(bar, desc)
	_ = bar.Add(0)
}

// terminalWidth returns the columns of the terminal w, read at each call:
// 80 when w is not a file or its size cannot be read.
func terminalWidth(w io.Writer) func() int {
	f, ok := w.(*os.File)
	if !ok {
		return func() int { return 80 }
	}
	return func() int {
		cols, _, err := term.GetSize(int(f.Fd()))
		if err != nil || cols <= 0 {
			return 80
		}
		return cols
	}
}

// fitDescription is the first of descs, the fullest first, that leaves the
// bar room in a terminal cols wide, or "" if none does.
func fitDescription(cols int, descs ...string) string {
	for _, s := range descs {
		if utf8.RuneCountInString(s)+barReserve <= cols {
			return s
		}
	}
	return ""
}

package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/internal/status"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/trace"
)

// liveRun shows one question's run on standard error: a status line when
// stderr is a terminal and quiet is false, and its notices (through the
// output boundary): as they happen on a terminal, as the README says, and
// otherwise after the run (status.Run.Hold), so that a file's copy of a
// --trace narration has every step's block whole, as `gtrag trace` prints
// it, the notes after it.
func (a *app) liveRun(quiet bool) *status.Run {
	r := status.NewRun(a.statusLine(quiet), a.runNote)
	if !a.io.IsStderrTTY() {
		r.Hold()
	}
	return r
}

// runNote prints a notice of a run on standard error, as text output
// shows it (reasoner.ShortNotice): --json carries the notice as it is.
func (a *app) runNote(n string) {
	a.io.Note(reasoner.ShortNotice(n))
}

// statusLine is the live line on a terminal's standard error; it draws
// nothing when stderr is not a terminal or quiet is set.
func (a *app) statusLine(quiet bool) *status.Line {
	var w io.Writer
	if !quiet {
		w = a.io.ProgressOut()
	}
	return status.New(w, stderrWidth)
}

// stderrWidth is the width of the terminal on standard error, 80 if unknown.
func stderrWidth() int {
	if w, _, err := term.GetSize(int(os.Stderr.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}

// narrationOut is where a run's live narration goes (--trace, chat's
// /trace on): standard error, each line wrapped at its terminal's width
// under the line's text (trace.NarrationHang), as every line gtrag writes
// to a terminal is; as written when standard error is no terminal, so
// that a script's copy is what gtrag trace prints of the recording.
func (a *app) narrationOut() io.Writer {
	return iostreams.NewLineWrapper(a.io.ErrOut, a.io.ErrWidth, trace.NarrationHang)
}

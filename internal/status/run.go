package status

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
)

// Run shows one workflow run: the node running on the Line, the arXiv
// client's waits as countdowns, and each notice printed (through note) the
// moment a node raises it, once. Use it as the run's graph.Observer and
// arXiv watcher (service.AskOptions Observer and ArxivWaits).
//
// Notices are printed live whether or not the Line is drawn, unless the
// Run holds them (Hold): then Finish prints them, in the order they were
// raised.
type Run struct {
	// Of the observer's events it hears StepStarted and StepCompleted.
	graph.ObserverBase[nodes.GraphState]
	line *Line
	note func(string)

	mu      sync.Mutex
	said    []string
	hold    bool     // notices wait for Finish
	pending []string // notices held, in the order raised
	within  string   // what the steps belong to ("question 12 of 137"), if said
}

// NewRun returns a Run drawing on line (which may draw nothing) and
// printing notices with note.
func NewRun(line *Line, note func(string)) *Run {
	if line == nil {
		line = &Line{}
	}
	return &Run{line: line, note: note}
}

// Hold makes the Run keep its notices until Finish, which prints them
// after the run, in the order they were raised, instead of the moment
// they are raised. gtrag prints notices the moment they happen only on a
// terminal: written to a file beside a run's narration (--trace), a
// notice printed the moment a step raised it landed inside that step's
// block ("step 3 · generate_response", the note, then its PERCEPT), which
// `gtrag trace` of the same recording does not have.
func (r *Run) Hold() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hold = true
}

// Notice prints n above the line unless this Run has printed (or, held,
// kept) it already.
func (r *Run) Notice(n string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if slices.Contains(r.said, n) {
		return
	}
	r.said = append(r.said, n)
	if r.hold {
		r.pending = append(r.pending, n)
		return
	}
	r.line.Above(func() { r.note(n) })
}

// Said marks notices as printed already (the LLM's notices, printed once
// for a whole chat session), so that this Run does not print them again.
func (r *Run) Said(notices ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.said = append(r.said, notices...)
}

// Finish erases the line and prints the notices held (Hold), then those
// of notices (a Result's) not printed yet.
func (r *Run) Finish(notices []string) {
	r.line.Done()
	for _, n := range notices {
		r.Notice(n)
	}
	r.mu.Lock()
	held := r.pending
	r.pending = nil
	r.mu.Unlock()
	for _, n := range held {
		r.note(n)
	}
}

// Describe says what a node is doing, for a person: "searching arXiv".
// Node names belong to --trace; unknown nodes are named as they are.
func Describe(node string) string {
	switch node {
	case nodes.PullFromChroma:
		return "searching the knowledge base"
	case nodes.CheckRelevance:
		return "judging whether the passages answer the question"
	case nodes.SearchArxiv:
		return "searching arXiv"
	case nodes.FilterGameTheoryPapers:
		return "judging which papers are about game theory"
	case nodes.AddToChroma:
		return "adding papers to the knowledge base"
	case nodes.GenerateResponse:
		return "writing the answer"
	}
	return node
}

// ArxivWait shows a wait of the arXiv client as a countdown.
func (r *Run) ArxivWait(w arxiv.Wait) {
	switch w.Kind {
	case arxiv.WaitPacing:
		r.line.Countdown(fmt.Sprintf("waiting for arXiv (pacing %s), next request in {s} s", seconds(w.D)), w.D)
	case arxiv.WaitRetry:
		// The countdown comes before the reason: the line is cut to the
		// terminal's width, and at 80 columns "arXiv answered HTTP 429 Too
		// Many Requests" left no room for it.
		why := ""
		if w.Retry != nil && w.Retry.Err != nil {
			why = ": " + w.Retry.Err.Error()
		}
		attempt := 0
		if w.Retry != nil {
			attempt = w.Retry.Attempt
		}
		r.line.Countdown(fmt.Sprintf("arXiv attempt %d failed, retrying in {s} s%s", attempt, why), w.D)
	}
}

// seconds spells a wait in whole seconds, rounded up as the countdown
// beside it is: "3 s", never "0 s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", max(1, int((d+time.Second-1)/time.Second)))
}

// Within says what the next steps belong to, before what each does:
// "question 12 of 137: searching arXiv", for a command that runs the
// workflow many times (eval). The line shows it at once.
func (r *Run) Within(what string) {
	r.mu.Lock()
	r.within = what
	r.mu.Unlock()
	r.line.Set(what)
}

// StepStarted implements graph.Observer. Notices the step starts with
// that no step raised are printed first: a decision agent (--router llm)
// adds its notices to the state between two steps, where StepCompleted,
// which prints what a step added, never sees them; without this they
// came out at Finish, after the notices of every later step.
func (r *Run) StepStarted(_ context.Context, _ int, node string, s nodes.GraphState) {
	for _, n := range s.Notices {
		r.Notice(n)
	}
	r.mu.Lock()
	what := r.within
	r.mu.Unlock()
	if what != "" {
		what += ": "
	}
	r.line.Set(what + Describe(node))
}

// StepCompleted implements graph.Observer: the notices the step raised are
// printed now.
func (r *Run) StepCompleted(_ context.Context, _ int, _ string, before, after nodes.GraphState) {
	for _, n := range after.Notices {
		if !slices.Contains(before.Notices, n) {
			r.Notice(n)
		}
	}
}

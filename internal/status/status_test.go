package status

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
)

// syncBuffer is a bytes.Buffer safe for the Line's ticker goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// With no terminal a Line draws nothing, and a Run still prints notices.
func TestNoTerminalDrawsNothing(t *testing.T) {
	var notes []string
	r := NewRun(New(nil, nil), func(n string) { notes = append(notes, n) })
	r.StepStarted(context.Background(), 1, nodes.SearchArxiv, nodes.GraphState{})
	r.ArxivWait(arxiv.Wait{Kind: arxiv.WaitPacing, D: 3 * time.Second})
	r.StepCompleted(context.Background(), 1, nodes.SearchArxiv, nodes.GraphState{}, nodes.GraphState{Notices: []string{"arXiv is down"}})
	r.Finish([]string{"arXiv is down", "offline: no LLM"})
	if got := strings.Join(notes, "|"); got != "arXiv is down|offline: no LLM" {
		t.Fatalf("notes = %q; want each notice once, in order", got)
	}
}

// A Run that holds its notices (stderr is no terminal) prints none while
// the run goes on, then at Finish each once, in the order raised, before
// the Result's notices it had not heard: printed the moment a step raised
// them, they landed inside that step's --trace narration in a file.
func TestHeldNoticesWaitForFinish(t *testing.T) {
	var notes []string
	r := NewRun(New(nil, nil), func(n string) { notes = append(notes, n) })
	r.Hold()
	ctx := context.Background()
	r.Notice("offline: no LLM")
	r.StepStarted(ctx, 1, nodes.SearchArxiv, nodes.GraphState{})
	r.StepCompleted(ctx, 1, nodes.SearchArxiv, nodes.GraphState{}, nodes.GraphState{Notices: []string{"arXiv is down"}})
	r.Notice("arXiv is down")
	if len(notes) > 0 {
		t.Fatalf("notes = %q during the run; want none before Finish", notes)
	}
	r.Finish([]string{"arXiv is down", "the sources may not answer"})
	r.Finish(nil)
	want := "offline: no LLM|arXiv is down|the sources may not answer"
	if got := strings.Join(notes, "|"); got != want {
		t.Fatalf("notes = %q; want %q: each once, in the order raised", got, want)
	}
}

// A notice added between two steps (a decision agent's, at a route) is
// printed before the next step's notices, in the order the run raised them.
func TestNoticeAddedBetweenStepsKeepsItsPlace(t *testing.T) {
	var notes []string
	r := NewRun(New(nil, nil), func(n string) { notes = append(notes, n) })
	ctx := context.Background()
	r.StepStarted(ctx, 1, nodes.PullFromChroma, nodes.GraphState{})
	r.StepCompleted(ctx, 1, nodes.PullFromChroma, nodes.GraphState{}, nodes.GraphState{})
	// The decider's notice is in the state the second step starts from.
	routed := nodes.GraphState{Notices: []string{"decision agent at relevance: timed out; the rule router chose search"}}
	r.StepStarted(ctx, 2, nodes.SearchArxiv, routed)
	r.StepCompleted(ctx, 2, nodes.SearchArxiv, routed, nodes.GraphState{Notices: append(slices.Clone(routed.Notices), "arXiv search failed")})
	r.Finish([]string{routed.Notices[0], "arXiv search failed"})
	want := routed.Notices[0] + "|arXiv search failed"
	if got := strings.Join(notes, "|"); got != want {
		t.Fatalf("notes = %q; want %q", got, want)
	}
}

// A run among many (eval) says which it is before each step.
func TestWithinNamesTheRunBeforeItsStep(t *testing.T) {
	var out syncBuffer
	r := NewRun(New(&out, func() int { return 80 }), func(string) {})
	r.Within("question 2 of 3")
	r.StepStarted(context.Background(), 1, nodes.SearchArxiv, nodes.GraphState{})
	r.Finish(nil)
	for _, want := range []string{"question 2 of 3", "question 2 of 3: searching arXiv"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("line %q lacks %q", out.String(), want)
		}
	}
}

// On a terminal the line names what runs, counts a wait down, is erased
// before a notice and drawn again after it, and never exceeds the width.
func TestLineOnTerminal(t *testing.T) {
	var out syncBuffer
	l := New(&out, func() int { return 40 })
	var notes []string
	r := NewRun(l, func(n string) { notes = append(notes, n); out.Write([]byte("note: " + n + "\n")) })

	r.StepStarted(context.Background(), 1, nodes.SearchArxiv, nodes.GraphState{})
	r.ArxivWait(arxiv.Wait{Kind: arxiv.WaitPacing, D: 3 * time.Second})
	r.Notice("a notice")
	r.Finish(nil)
	s := out.String()
	for _, want := range []string{"searching arXiv", "waiting for arXiv (pacing 3 s)", "\r\x1b[K" + "note: a notice\n"} {
		if !strings.Contains(s, want) {
			t.Fatalf("output %q lacks %q", s, want)
		}
	}
	if !strings.HasSuffix(s, "\r\x1b[K") {
		t.Fatalf("output %q does not end with the line erased", s)
	}
	for _, frame := range strings.Split(s, "\r") {
		frame = strings.TrimSuffix(frame, "\x1b[K")
		if frame == "" || strings.HasPrefix(frame, "\x1b[K") || strings.HasPrefix(frame, "note:") {
			continue
		}
		if n := utf8.RuneCountInString(frame); n > 39 {
			t.Fatalf("frame %q is %d runes, wider than 39", frame, n)
		}
	}
}

// A countdown shows whole seconds left, never 0, and gives the line back
// to what it showed before when it ends.
func TestCountdown(t *testing.T) {
	l := &Line{text: "searching arXiv", started: time.Now()}
	now := time.Now()
	l.prev, l.text, l.until = l.text, "retrying in {s} s", now.Add(2500*time.Millisecond)
	if got := l.render(now, 80); !strings.Contains(got, "retrying in 3 s") {
		t.Fatalf("render = %q; want 3 s left", got)
	}
	if got := l.render(now.Add(2400*time.Millisecond), 80); !strings.Contains(got, "retrying in 1 s") {
		t.Fatalf("render = %q; want 1 s left", got)
	}
	if got := l.render(now.Add(3*time.Second), 80); !strings.Contains(got, "searching arXiv") || strings.Contains(got, "retrying") {
		t.Fatalf("render = %q; want the text before the countdown", got)
	}
}

func TestSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{3 * time.Second: "3 s", 700 * time.Millisecond: "1 s", 2100 * time.Millisecond: "3 s", 0: "1 s"} {
		if got := seconds(d); got != want {
			t.Errorf("seconds(%s) = %q; want %q", d, got, want)
		}
	}
}

func TestFit(t *testing.T) {
	if got := fit("abcdef", 4); got != "abc…" {
		t.Fatalf("fit = %q", got)
	}
	if got := fit("abc", 4); got != "abc" {
		t.Fatalf("fit = %q", got)
	}
}

// A retry's countdown shows at 80 columns whatever arXiv's error says: it
// comes before the reason, which the width cuts.
func TestRetryCountdownFitsEightyColumns(t *testing.T) {
	var out syncBuffer
	r := NewRun(New(&out, func() int { return 80 }), func(string) {})
	r.StepStarted(context.Background(), 1, nodes.SearchArxiv, nodes.GraphState{})
	r.ArxivWait(arxiv.Wait{Kind: arxiv.WaitRetry, D: 3 * time.Second,
		Retry: &arxiv.Retry{Attempt: 1, Err: errors.New("arXiv answered HTTP 503 Service Unavailable: the server is overloaded, try again later")}})
	r.Finish(nil)
	if !strings.Contains(out.String(), "arXiv attempt 1 failed, retrying in 3 s") {
		t.Fatalf("line %q lacks the countdown", out.String())
	}
}

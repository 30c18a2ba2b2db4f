package graph

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// recorder is an Observer that writes each event as one line.
type recorder[S any] struct{ events []string }

func (r *recorder[S]) StepStarted(_ context.Context, step int, node string, state S) {
	r.events = append(r.events, fmt.Sprintf("started %d %s %v", step, node, state))
}

func (r *recorder[S]) StepCompleted(_ context.Context, step int, node string, before, after S) {
	r.events = append(r.events, fmt.Sprintf("completed %d %s %v→%v", step, node, before, after))
}

func (r *recorder[S]) StepFailed(_ context.Context, step int, node string, err error) {
	r.events = append(r.events, fmt.Sprintf("failed %d %s: %v", step, node, err))
}

func (r *recorder[S]) RouteDecided(_ context.Context, step int, from, key, to, reason string) {
	r.events = append(r.events, fmt.Sprintf("route %d %s -%s-> %s (%s)", step, from, key, to, reason))
}

// counter builds START → inc → (again: inc | done: END), stopping when the
// state reaches stop; stop < 0 never stops.
func counter(t *testing.T, stop int) *Graph[int] {
	g := New[int]()
	g.AddNode("inc", func(_ context.Context, s int) (int, error) { return s + 1, nil })
	g.AddEdge(START, "inc")
	g.AddConditionalEdges("inc", func(s int) (string, string) {
		if stop >= 0 && s >= stop {
			return "done", "reached the stop"
		}
		return "again", "not there yet"
	}, map[string]string{"again": "inc", "done": END}, Name("enough"))
	return compiled(t, g)
}

// pingPong loops a → b → a forever.
func pingPong(t *testing.T) *Graph[int] {
	g := New[int]()
	g.AddNode("a", nop)
	g.AddNode("b", nop)
	g.AddEdge(START, "a")
	g.AddEdge("a", "b")
	g.AddConditionalEdges("b", always("again"), map[string]string{"again": "a", "done": END})
	return compiled(t, g)
}

func TestRunGtragShapedWorkflow(t *testing.T) {
	g := compiled(t, loopShaped())
	out, err := g.Run(context.Background(), flow{})
	require.NoError(t, err)
	require.Equal(t, flow{Pulls: 2, Relevant: true, Found: 2, Kept: 2, Added: 2, Answer: 2}, out)
}

func TestStepsReportEachStep(t *testing.T) {
	g := compiled(t, loopShaped())
	var steps []Step[flow]
	for step, err := range g.Steps(context.Background(), flow{}) {
		require.NoError(t, err)
		steps = append(steps, step)
	}
	require.Len(t, steps, len(loopPath))
	for i, s := range steps {
		require.Equal(t, i+1, s.Index)
		require.Equal(t, loopPath[i], s.Node)
		if i > 0 {
			require.Equal(t, steps[i-1].After, s.Before, "state flows from step to step")
			require.Equal(t, s.Node, steps[i-1].Next)
		}
	}
	require.Equal(t, END, steps[len(steps)-1].Next)

	check := steps[1]
	require.Equal(t, "lacking", check.Route)
	require.Equal(t, "not enough is known", check.Reason)
	require.Equal(t, "research", check.Next)
	pull := steps[0]
	require.Empty(t, pull.Route, "fixed edges have no route key")
	require.Empty(t, pull.Reason)

	out, err := g.Run(context.Background(), flow{})
	require.NoError(t, err)
	require.Equal(t, out, steps[len(steps)-1].After, "Run and Steps agree")
}

func TestLoopEndsByRoute(t *testing.T) {
	for _, stop := range []int{1, 3, 25} {
		t.Run(fmt.Sprint(stop), func(t *testing.T) {
			out, err := counter(t, stop).Run(context.Background(), 0)
			require.NoError(t, err, "a run of exactly the step limit succeeds")
			require.Equal(t, stop, out)
		})
	}
}

func TestStepLimit(t *testing.T) {
	tests := []struct {
		name     string
		opts     []RunOption
		steps    int
		message  string // "" skips the check
		contains string
	}{
		{name: "default", steps: DefaultStepLimit},
		{name: "zero keeps default", opts: []RunOption{WithStepLimit(0)}, steps: DefaultStepLimit},
		{name: "custom", opts: []RunOption{WithStepLimit(5)}, steps: 5,
			message: "step limit 5 reached: a → b → a → b → a → …"},
		{name: "long path beyond the stack buffer is shortened in the message", opts: []RunOption{WithStepLimit(120)}, steps: 120,
			contains: "a → b → … (80 more) … → a → b → a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := pingPong(t).Run(context.Background(), 7, tt.opts...)
			require.Equal(t, 7, out)
			var le *StepLimitError
			require.ErrorAs(t, err, &le)
			require.Equal(t, tt.steps, le.Limit)
			require.Len(t, le.Path, tt.steps)
			for i, name := range le.Path {
				require.Equal(t, []string{"a", "b"}[i%2], name)
			}
			if tt.message != "" {
				require.Equal(t, tt.message, err.Error())
			}
			require.Contains(t, err.Error(), tt.contains)
		})
	}
}

func TestStepLimitThroughSteps(t *testing.T) {
	var last Step[int]
	var got error
	n := 0
	for step, err := range pingPong(t).Steps(context.Background(), 0, WithStepLimit(3)) {
		n++
		last, got = step, err
	}
	require.Equal(t, 4, n, "three steps, then the error")
	var le *StepLimitError
	require.ErrorAs(t, got, &le)
	require.Equal(t, Step[int]{Index: 4, Node: "b"}, last, "the step that was not allowed to run")
}

func TestCancellationStopsBetweenSteps(t *testing.T) {
	for _, withCause := range []bool{false, true} {
		t.Run(fmt.Sprintf("cause=%v", withCause), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			cause := errors.New("user pressed Ctrl-C")
			var ran []string
			g := New[int]()
			g.AddNode("a", func(_ context.Context, s int) (int, error) { ran = append(ran, "a"); return s + 1, nil })
			g.AddNode("b", func(_ context.Context, s int) (int, error) {
				ran = append(ran, "b")
				if withCause {
					cancel(cause)
				} else {
					cancel(nil)
				}
				return s + 10, nil
			})
			g.AddNode("c", func(_ context.Context, s int) (int, error) { ran = append(ran, "c"); return s + 100, nil })
			g.AddEdge(START, "a")
			g.AddEdge("a", "b")
			g.AddEdge("b", "c")
			g.AddEdge("c", END)

			rec := &recorder[int]{}
			out, err := compiled(t, g).Run(ctx, 0, WithObserver[int](rec))
			require.ErrorIs(t, err, context.Canceled)
			if withCause {
				require.ErrorIs(t, err, cause)
			}
			require.Contains(t, err.Error(), "before step 3 (c)")
			require.Equal(t, []string{"a", "b"}, ran, "c must not run")
			require.Equal(t, 11, out, "the state after the last completed step")
			require.NotContains(t, strings.Join(rec.events, "\n"), "started 3")
		})
	}
}

func TestCanceledBeforeTheFirstStep(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	g := New[int]()
	g.AddNode("a", func(_ context.Context, s int) (int, error) { ran = true; return s, nil })
	g.AddEdge(START, "a")
	g.AddEdge("a", END)
	_, err := compiled(t, g).Run(ctx, 0)
	require.ErrorIs(t, err, context.Canceled)
	require.False(t, ran)
}

func TestDeadlineExceededIsReported(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-ctx.Done()
	_, err := counter(t, 3).Run(ctx, 0)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestRouterReturnsUnknownKey(t *testing.T) {
	g := New[int]()
	g.AddNode("check", func(_ context.Context, s int) (int, error) { return s + 1, nil })
	g.AddNode("answer", nop)
	g.AddEdge(START, "check")
	g.AddConditionalEdges("check", func(int) (string, string) { return "maybe", "unsure" },
		map[string]string{"yes": "answer", "no": END}, Name("relevance"))
	g.AddEdge("answer", END)
	c := compiled(t, g)

	rec := &recorder[int]{}
	out, err := c.Run(context.Background(), 1, WithObserver[int](rec))
	var re *RouteError
	require.ErrorAs(t, err, &re)
	require.Equal(t, RouteError{Router: "relevance", From: "check", Step: 1, Key: "maybe", Known: []string{"no", "yes"}}, *re)
	require.Equal(t, `router relevance after check (step 1) returned unknown route key "maybe"; known keys: no, yes`, err.Error())
	require.Equal(t, 2, out, "the node completed before routing failed")
	require.Equal(t, []string{"started 1 check 1", "completed 1 check 1→2"}, rec.events)

	var last Step[int]
	for step, err := range c.Steps(context.Background(), 1) {
		require.Error(t, err)
		last = step
	}
	require.Equal(t, Step[int]{Index: 1, Node: "check", Before: 1, After: 2, Route: "maybe", Reason: "unsure"}, last)
}

func TestNodeErrorIsWrapped(t *testing.T) {
	errStore := errors.New("store unavailable")
	g := New[int]()
	g.AddNode("a", func(_ context.Context, s int) (int, error) { return s + 1, nil })
	g.AddNode("b", func(_ context.Context, s int) (int, error) { return -1, fmt.Errorf("query: %w", errStore) })
	g.AddEdge(START, "a")
	g.AddEdge("a", "b")
	g.AddEdge("b", END)
	c := compiled(t, g)

	rec := &recorder[int]{}
	out, err := c.Run(context.Background(), 1, WithObserver[int](rec))
	require.ErrorIs(t, err, errStore)
	var ne *NodeError
	require.ErrorAs(t, err, &ne)
	require.Equal(t, "b", ne.Node)
	require.Equal(t, 2, ne.Step)
	require.Equal(t, "node b (step 2): query: store unavailable", err.Error())
	require.Equal(t, 2, out, "the state the failing node received, not its garbage")
	require.Equal(t, []string{
		"started 1 a 1", "completed 1 a 1→2", "route 1 a --> b ()",
		"started 2 b 2", "failed 2 b: node b (step 2): query: store unavailable",
	}, rec.events)

	var steps []Step[int]
	var errs []error
	for step, err := range c.Steps(context.Background(), 1) {
		steps, errs = append(steps, step), append(errs, err)
	}
	require.Len(t, steps, 2)
	require.NoError(t, errs[0])
	require.ErrorAs(t, errs[1], &ne)
	require.Equal(t, Step[int]{Index: 2, Node: "b", Before: 2, After: 2}, steps[1], "After is what Run returns")
}

// A node that fails after doing something (a paper stored before Ctrl-C
// stopped the next) marks its error Partial: the run ends with the state
// it returned, through Run and Steps alike, and the error is the node's.
func TestPartialNodeErrorKeepsTheNodesState(t *testing.T) {
	stop := errors.New("stopped by Ctrl-C")
	g := New[[]string]()
	g.AddNode("search", func(_ context.Context, s []string) ([]string, error) { return append(s, "found"), nil })
	g.AddNode("store", func(_ context.Context, s []string) ([]string, error) {
		s = append(slices.Clip(s), "stored p1")
		return s, Partial(fmt.Errorf("store p2: %w", stop))
	})
	g.AddEdge(START, "search")
	g.AddEdge("search", "store")
	g.AddEdge("store", END)
	c := compiled(t, g)

	rec := &recorder[[]string]{}
	out, err := c.Run(context.Background(), nil, WithObserver[[]string](rec))
	require.ErrorIs(t, err, stop)
	var ne *NodeError
	require.ErrorAs(t, err, &ne)
	require.Equal(t, "node store (step 2): store p2: stopped by Ctrl-C", err.Error())
	require.Equal(t, "store p2: stopped by Ctrl-C", ne.Err.Error())
	_, marked := ne.Err.(*partialError)
	require.False(t, marked, "NodeError.Err is the node's own error, without the mark")
	require.Equal(t, []string{"found", "stored p1"}, out, "the state the node returned with its Partial error")
	require.Equal(t, "failed 2 store: node store (step 2): store p2: stopped by Ctrl-C", rec.events[len(rec.events)-1])

	var last Step[[]string]
	for step, err := range c.Steps(context.Background(), nil) {
		last = step
		if err != nil {
			require.ErrorIs(t, err, stop)
		}
	}
	require.Equal(t, Step[[]string]{Index: 2, Node: "store", Before: []string{"found"}, After: []string{"found", "stored p1"}}, last)

	// Wrapped further, the mark still counts.
	g2 := New[int]()
	g2.AddNode("a", func(_ context.Context, s int) (int, error) { return s + 5, fmt.Errorf("outer: %w", Partial(stop)) })
	g2.AddEdge(START, "a")
	g2.AddEdge("a", END)
	n, err := compiled(t, g2).Run(context.Background(), 1)
	require.ErrorIs(t, err, stop)
	require.Equal(t, 6, n)
	require.Nil(t, Partial(nil))
}

func TestObserverSeesEventsInOrder(t *testing.T) {
	rec := &recorder[int]{}
	out, err := counter(t, 2).Run(context.Background(), 0, WithObserver[int](rec))
	require.NoError(t, err)
	require.Equal(t, 2, out)
	require.Equal(t, []string{
		"started 1 inc 0",
		"completed 1 inc 0→1",
		"route 1 inc -again-> inc (not there yet)",
		"started 2 inc 1",
		"completed 2 inc 1→2",
		"route 2 inc -done-> __end__ (reached the stop)",
	}, rec.events)
}

func TestSeveralObserversEachSeeEverything(t *testing.T) {
	a, b, c := &recorder[int]{}, &recorder[int]{}, &recorder[int]{}
	_, err := counter(t, 2).Run(context.Background(), 0,
		WithObserver[int](a), WithStepLimit(10), WithObserver[int](b), WithObserver[int](nil), WithObserver[int](c))
	require.NoError(t, err)
	require.Len(t, a.events, 6)
	require.Equal(t, a.events, b.events)
	require.Equal(t, a.events, c.events)
}

func TestObserverOfAnotherStateTypeIsRejected(t *testing.T) {
	_, err := counter(t, 2).Run(context.Background(), 0, WithObserver[string](&recorder[string]{}))
	require.ErrorContains(t, err, "does not observe int states")
}

func TestBreakingOutOfStepsStopsTheRun(t *testing.T) {
	ran := 0
	g := New[int]()
	g.AddNode("a", func(_ context.Context, s int) (int, error) { ran++; return s + 1, nil })
	g.AddEdge(START, "a")
	g.AddConditionalEdges("a", always("again"), map[string]string{"again": "a", "done": END})
	c := compiled(t, g)

	seen := 0
	for step, err := range c.Steps(context.Background(), 0) {
		require.NoError(t, err)
		seen++
		if step.Index == 2 {
			break
		}
	}
	require.Equal(t, 2, seen)
	require.Equal(t, 2, ran, "no step runs after the break")
}

func TestGraphNotFromCompile(t *testing.T) {
	var g Graph[int]
	_, err := g.Run(context.Background(), 0)
	require.ErrorContains(t, err, "did not come from Compile")
	for _, err := range g.Steps(context.Background(), 0) {
		require.Error(t, err)
	}
}

func TestConcurrentRunsShareOneGraph(t *testing.T) {
	g := compiled(t, loopShaped())
	var wg sync.WaitGroup
	results := make([]flow, 8)
	errs := make([]error, 8)
	for i := range results {
		wg.Go(func() { results[i], errs[i] = g.Run(context.Background(), flow{}) })
	}
	wg.Wait()
	for i := range results {
		require.NoError(t, errs[i])
		require.Equal(t, 2, results[i].Answer)
	}
}

// The per-step cost without an observer must not allocate: a run of 24
// steps allocates no more than a run of 2.
func TestRunAllocationsDoNotGrowWithSteps(t *testing.T) {
	short, long := counter(t, 2), counter(t, 24)
	ctx := context.Background()
	shortAllocs := testing.AllocsPerRun(50, func() { _, _ = short.Run(ctx, 0) })
	longAllocs := testing.AllocsPerRun(50, func() { _, _ = long.Run(ctx, 0) })
	require.Equal(t, shortAllocs, longAllocs)
	require.Zero(t, longAllocs)
}

func TestInterruptBeforeStopsWithoutRunningTheNode(t *testing.T) {
	stop := errors.New("the teacher said stop")
	var asked []string
	rec := &recorder[int]{}
	interrupt := func(_ context.Context, step int, node string, s int) error {
		asked = append(asked, fmt.Sprintf("%d %s %d", step, node, s))
		if step == 3 {
			return stop
		}
		return nil
	}
	out, err := counter(t, -1).Run(context.Background(), 0,
		WithInterruptBefore(interrupt), WithObserver[int](rec))
	var ie *InterruptError
	require.ErrorAs(t, err, &ie)
	require.ErrorIs(t, err, stop)
	require.Equal(t, InterruptError{Step: 3, Node: "inc", Err: stop}, *ie)
	require.Equal(t, 2, out, "the state is the one step 3 would have received")
	require.Equal(t, []string{"1 inc 0", "2 inc 1", "3 inc 2"}, asked)
	require.NotContains(t, strings.Join(rec.events, "\n"), "started 3", "observers never hear of the step that did not run")

	// Returning nil every time changes nothing.
	out, err = counter(t, 2).Run(context.Background(), 0,
		WithInterruptBefore(func(context.Context, int, string, int) error { return nil }))
	require.NoError(t, err)
	require.Equal(t, 2, out)

	_, err = counter(t, 2).Run(context.Background(), 0,
		WithInterruptBefore(func(context.Context, int, string, string) error { return nil }))
	require.ErrorContains(t, err, "does not take int states")
}

func TestEditAfterChangesWhatTheRouterSees(t *testing.T) {
	rec := &recorder[int]{}
	// Without the edit the counter stops at 2; setting the state to 5 after
	// step 1 makes the router stop at once, seeing 5.
	edit := func(_ context.Context, step int, node string, after int) (int, error) {
		if step == 1 {
			return 5, nil
		}
		return after, nil
	}
	out, err := counter(t, 2).Run(context.Background(), 0, WithEditAfter(edit), WithObserver[int](rec))
	require.NoError(t, err)
	require.Equal(t, 5, out)
	require.Equal(t, []string{
		"started 1 inc 0",
		"completed 1 inc 0→1",
		"route 1 inc -done-> __end__ (reached the stop)",
	}, rec.events)

	bad := errors.New("no such field")
	_, err = counter(t, 2).Run(context.Background(), 0, WithEditAfter(func(context.Context, int, string, int) (int, error) { return 0, bad }))
	require.ErrorIs(t, err, bad)
}

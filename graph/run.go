package graph

import (
	"context"
	"errors"
	"fmt"
	"iter"
)

// DefaultStepLimit is how many steps a run may take unless WithStepLimit
// says otherwise; LangGraph's recursion limit has the same default.
const DefaultStepLimit = 25

// Graph is a compiled, runnable graph. It is immutable: one Graph may serve
// many concurrent runs.
type Graph[S any] struct {
	nodes      []node[S]
	entry      int32
	nodeInfo   []NodeInfo
	edgeInfo   []EdgeInfo
	routerInfo []RouterInfo
}

// endIndex is END's position among the nodes.
const endIndex = -1

type node[S any] struct {
	name   string
	fn     NodeFunc[S]
	next   int32      // the fixed successor, when router is nil
	router *router[S] // nil for a fixed edge
}

type router[S any] struct {
	name   string
	fn     RouteFunc[S]
	routes []route // sorted by key; a handful, so a scan beats a map
}

type route struct {
	key string
	to  int32
}

func (g *Graph[S]) name(i int32) string {
	if i == endIndex {
		return END
	}
	return g.nodes[i].name
}

// Step is one executed node: the state it received and returned, and the
// route taken next. Index counts steps from 1. Route is the router's key and
// Reason its explanation; both are empty after a fixed edge. Next is the
// following node, or END.
type Step[S any] struct {
	Index         int
	Node          string
	Before, After S
	Route, Reason string
	Next          string
}

// Observer receives a run's events as they happen, in this order for each
// step: StepStarted, then StepCompleted or StepFailed, then RouteDecided
// (which the last step of a successful run reports with to == END). The
// key and reason are empty after a fixed edge. A router that returns an
// unknown key ends the run after StepCompleted without RouteDecided.
// In a run with a Decider, an observer that is also a DecisionObserver
// hears Decided just before each conditional edge's RouteDecided, and one
// that is also a DecisionStateObserver hears DecisionState just before
// that: the state the decider received and the one it returned.
// Methods run on the run's goroutine, so a slow observer slows the run.
type Observer[S any] interface {
	StepStarted(ctx context.Context, step int, node string, state S)
	StepCompleted(ctx context.Context, step int, node string, before, after S)
	StepFailed(ctx context.Context, step int, node string, err error)
	RouteDecided(ctx context.Context, step int, from, key, to, reason string)
}

// ObserverBase is an Observer that ignores every event. Embed it in an
// observer to write only the methods for the events it needs.
type ObserverBase[S any] struct{}

func (ObserverBase[S]) StepStarted(context.Context, int, string, S)                       {}
func (ObserverBase[S]) StepCompleted(context.Context, int, string, S, S)                  {}
func (ObserverBase[S]) StepFailed(context.Context, int, string, error)                    {}
func (ObserverBase[S]) RouteDecided(context.Context, int, string, string, string, string) {}

// RunOption tunes one run.
type RunOption struct {
	limit     int
	observer  any // an Observer[S]; checked against the graph's S when the run starts
	interrupt any // a func(context.Context, int, string, S) error, likewise
	edit      any // a func(context.Context, int, string, S) (S, error), likewise
	decider   any // a Decider[S], likewise
}

// WithStepLimit sets how many steps a run may take before it fails with a
// *StepLimitError. Values below 1 keep DefaultStepLimit.
func WithStepLimit(n int) RunOption { return RunOption{limit: n} }

// WithObserver sends the run's events to o. Several observers each receive
// every event, in option order.
func WithObserver[S any](o Observer[S]) RunOption { return RunOption{observer: o} }

// WithInterruptBefore calls f before every step, once the step limit is
// checked and before the observers hear StepStarted: LangGraph's
// interrupt_before, for stepping through a run. f may block, waiting for a
// person. When it returns an error the run stops there without running the
// node, with an *InterruptError wrapping it; the state returned is the one
// the node would have received, so everything before it is done and
// nothing of it is. A later WithInterruptBefore replaces an earlier one.
func WithInterruptBefore[S any](f func(ctx context.Context, step int, node string, state S) error) RunOption {
	return RunOption{interrupt: f}
}

// WithEditAfter calls f after every step, once the observers have heard
// StepCompleted and before the router reads the state: what f returns is
// the state the run goes on with. That is time travel's "update the state
// as of this step" (LangGraph's update_state): the router then decides on
// the edited state. Observers see no separate event for an edit; a caller
// that edits should say so itself. An error from f stops the run like a
// failed node would, without StepFailed. A later WithEditAfter replaces
// an earlier one.
func WithEditAfter[S any](f func(ctx context.Context, step int, node string, after S) (S, error)) RunOption {
	return RunOption{edit: f}
}

type runConfig[S any] struct {
	limit     int
	observer  Observer[S]
	interrupt func(ctx context.Context, step int, node string, state S) error
	edit      func(ctx context.Context, step int, node string, after S) (S, error)
	decider   Decider[S]
}

func configure[S any](opts []RunOption) (runConfig[S], error) {
	cfg := runConfig[S]{limit: DefaultStepLimit}
	var many fanOut[S]
	for _, o := range opts {
		if o.limit > 0 {
			cfg.limit = o.limit
		}
		if o.interrupt != nil {
			f, ok := o.interrupt.(func(context.Context, int, string, S) error)
			if !ok {
				var zero S
				return cfg, fmt.Errorf("graph: interrupt %T does not take %T states", o.interrupt, zero)
			}
			cfg.interrupt = f
		}
		if o.edit != nil {
			f, ok := o.edit.(func(context.Context, int, string, S) (S, error))
			if !ok {
				var zero S
				return cfg, fmt.Errorf("graph: edit %T does not take %T states", o.edit, zero)
			}
			cfg.edit = f
		}
		if o.decider != nil {
			d, ok := o.decider.(Decider[S])
			if !ok {
				var zero S
				return cfg, fmt.Errorf("graph: decider %T does not take %T states", o.decider, zero)
			}
			cfg.decider = d
		}
		if o.observer == nil {
			continue
		}
		obs, ok := o.observer.(Observer[S])
		if !ok {
			var zero S
			return cfg, fmt.Errorf("graph: observer %T does not observe %T states", o.observer, zero)
		}
		if cfg.observer == nil {
			cfg.observer = obs
			continue
		}
		if many == nil {
			many = fanOut[S]{cfg.observer}
		}
		many = append(many, obs)
		cfg.observer = many
	}
	return cfg, nil
}

// Run runs the graph from START until a step routes to END and returns the
// final state. It stops with an error when a node fails (*NodeError), a
// router returns an unknown key (*RouteError), the step limit is reached
// (*StepLimitError) or ctx is done (the error wraps ctx.Err()); the state
// returned with an error is the last one the run had: the state the last
// completed step returned, or, when a node failed with a Partial error,
// the state that node returned with it.
func (g *Graph[S]) Run(ctx context.Context, s S, opts ...RunOption) (S, error) {
	return g.run(ctx, s, opts, nil)
}

// Steps runs the graph like Run and yields each step as it completes, for
// live output. A failing run yields one last pair whose error is the one
// Run would return, with the step that could not complete (Node and Before
// set) and, as After, the state Run would return with the error: Before,
// unless the node failed with a Partial error (the state it returned) or
// its router failed (the state the node returned). Breaking out of the
// loop stops the run before the next step.
func (g *Graph[S]) Steps(ctx context.Context, s S, opts ...RunOption) iter.Seq2[Step[S], error] {
	return func(yield func(Step[S], error) bool) {
		g.run(ctx, s, opts, yield)
	}
}

// run is both Run and Steps; with yield == nil it builds no Step values and
// allocates nothing per step beyond what the nodes and observer do.
func (g *Graph[S]) run(ctx context.Context, s S, opts []RunOption, yield func(Step[S], error) bool) (S, error) {
	// fail ends the run with err and the state s holds, which the last
	// Step yielded has as After, so that ranging over Steps ends where
	// Run does.
	fail := func(step Step[S], err error) (S, error) {
		if yield != nil {
			step.After = s
			yield(step, err)
		}
		return s, err
	}
	if len(g.nodes) == 0 {
		return fail(Step[S]{}, errors.New("graph: Run on a Graph that did not come from Compile"))
	}
	cfg, err := configure[S](opts)
	if err != nil {
		return fail(Step[S]{}, err)
	}
	obs := cfg.observer

	// The path is kept for StepLimitError; a stack buffer covers the
	// default limit, so ordinary runs do not allocate for it.
	var buf [2 * DefaultStepLimit]int32
	path := buf[:0]

	cur := g.entry
	for i := 1; ; i++ {
		n := &g.nodes[cur]
		if err := ctx.Err(); err != nil {
			return fail(Step[S]{Index: i, Node: n.name, Before: s}, stopped(ctx, i, n.name))
		}
		if i > cfg.limit {
			names := make([]string, len(path))
			for j, p := range path {
				names[j] = g.nodes[p].name
			}
			return fail(Step[S]{Index: i, Node: n.name, Before: s}, &StepLimitError{Limit: cfg.limit, Path: names})
		}

		if cfg.interrupt != nil {
			if err := cfg.interrupt(ctx, i, n.name, s); err != nil {
				return fail(Step[S]{Index: i, Node: n.name, Before: s}, &InterruptError{Step: i, Node: n.name, Err: err})
			}
		}
		if obs != nil {
			obs.StepStarted(ctx, i, n.name, s)
		}
		after, err := n.fn(ctx, s)
		if err != nil {
			step := Step[S]{Index: i, Node: n.name, Before: s}
			if keep, inner := partial(err); keep {
				// What the node did before it failed (papers stored)
				// is done: the run ends with the state that says so.
				s, err = after, inner
			}
			err = &NodeError{Node: n.name, Step: i, Err: err}
			if obs != nil {
				obs.StepFailed(ctx, i, n.name, err)
			}
			return fail(step, err)
		}
		if obs != nil {
			obs.StepCompleted(ctx, i, n.name, s, after)
		}
		path = append(path, cur)
		if cfg.edit != nil {
			if after, err = cfg.edit(ctx, i, n.name, after); err != nil {
				err = &NodeError{Node: n.name, Step: i, Err: fmt.Errorf("edit the state after the step: %w", err)}
				return fail(Step[S]{Index: i, Node: n.name, Before: s}, err)
			}
		}

		next, key, reason := n.next, "", ""
		if r := n.router; r != nil && cfg.decider != nil {
			var d Decision
			in := after
			d, after = g.decide(ctx, cfg.decider, r, i, n.name, path, in)
			key, reason = d.Key, d.Reason
			if so, ok := obs.(DecisionStateObserver[S]); ok {
				so.DecisionState(ctx, i, n.name, in, after)
			}
			if do, ok := obs.(DecisionObserver); ok {
				do.Decided(ctx, i, n.name, d)
			}
			var ok bool
			if next, ok = r.lookup(key); !ok {
				step := Step[S]{Index: i, Node: n.name, Before: s, After: after, Route: key, Reason: reason}
				s = after
				return fail(step, r.unknown(n.name, i, key))
			}
		} else if r != nil {
			key, reason = r.fn(after)
			var ok bool
			if next, ok = r.lookup(key); !ok {
				step := Step[S]{Index: i, Node: n.name, Before: s, After: after, Route: key, Reason: reason}
				s = after
				return fail(step, r.unknown(n.name, i, key))
			}
		}
		if obs != nil {
			obs.RouteDecided(ctx, i, n.name, key, g.name(next), reason)
		}
		if yield != nil && !yield(Step[S]{
			Index: i, Node: n.name, Before: s, After: after,
			Route: key, Reason: reason, Next: g.name(next),
		}, nil) {
			return after, nil
		}
		s = after
		if next == endIndex {
			return s, nil
		}
		cur = next
	}
}

func (r *router[S]) lookup(key string) (int32, bool) {
	for _, rt := range r.routes {
		if rt.key == key {
			return rt.to, true
		}
	}
	return 0, false
}

func (r *router[S]) unknown(from string, step int, key string) *RouteError {
	known := make([]string, len(r.routes))
	for i, rt := range r.routes {
		known[i] = rt.key
	}
	return &RouteError{Router: r.name, From: from, Step: step, Key: key, Known: known}
}

// stopped explains a run cut short by its context; errors.Is(err,
// context.Canceled) and friends hold, and so does errors.Is with a cause.
func stopped(ctx context.Context, step int, node string) error {
	err := ctx.Err()
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return fmt.Errorf("graph: run stopped before step %d (%s): %w: %w", step, node, err, cause)
	}
	return fmt.Errorf("graph: run stopped before step %d (%s): %w", step, node, err)
}

// fanOut lets several observers watch one run.
type fanOut[S any] []Observer[S]

func (f fanOut[S]) StepStarted(ctx context.Context, step int, node string, state S) {
	for _, o := range f {
		o.StepStarted(ctx, step, node, state)
	}
}

func (f fanOut[S]) StepCompleted(ctx context.Context, step int, node string, before, after S) {
	for _, o := range f {
		o.StepCompleted(ctx, step, node, before, after)
	}
}

func (f fanOut[S]) StepFailed(ctx context.Context, step int, node string, err error) {
	for _, o := range f {
		o.StepFailed(ctx, step, node, err)
	}
}

func (f fanOut[S]) DecisionState(ctx context.Context, step int, from string, before, after S) {
	for _, o := range f {
		if so, ok := o.(DecisionStateObserver[S]); ok {
			so.DecisionState(ctx, step, from, before, after)
		}
	}
}

func (f fanOut[S]) Decided(ctx context.Context, step int, from string, d Decision) {
	for _, o := range f {
		if do, ok := o.(DecisionObserver); ok {
			do.Decided(ctx, step, from, d)
		}
	}
}

func (f fanOut[S]) RouteDecided(ctx context.Context, step int, from, key, to, reason string) {
	for _, o := range f {
		o.RouteDecided(ctx, step, from, key, to, reason)
	}
}

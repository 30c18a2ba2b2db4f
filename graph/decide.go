package graph

import "context"

// A router declared with AddConditionalEdges is a rule: a pure function of
// the state. A Decider replaces the rules of a run with a decision agent
// (an LLM, a person, a policy) that may consult the world, and sees at
// every conditional edge what the rule would have chosen. The engine still
// owns the graph: it accepts only declared route keys, so a decider can
// steer a run but never leave the diagram, and the step limit still holds.

// Decision is a choice made at a conditional edge.
type Decision struct {
	Key    string // the route key; must be one the router declared
	Reason string // why, for people reading traces
	// By names who decided: "rules" for the declared router, or the
	// decider's own name ("llm"). A decider that fell back to the rules
	// says so in Notice and By is "rules".
	By string
	// Message is a one-line update for the user ("searching arXiv: the
	// store has nothing on auctions"); may be empty.
	Message string
	// Notice explains a fallback: why the decider's own choice was not
	// used. Empty when the decider decided.
	Notice string
}

// DecisionRoute is one route open at a conditional edge.
type DecisionRoute struct {
	Key, To     string
	Description string // the description of To; "end the run" for END
}

// DecisionPoint is what a decider sees at a conditional edge.
type DecisionPoint[S any] struct {
	Step   int    // the step just completed, counted from 1
	From   string // the node just completed
	Router string // the router's name
	// Instruction is the router's description: how the rule chooses.
	Instruction string
	Routes      []DecisionRoute // sorted by key
	Path        []string        // the nodes completed so far, From last
	State       S               // the state the step produced
	// Rule is the declared router's choice, By "rules": the fallback.
	Rule Decision
}

// Decider decides at every conditional edge of a run. It returns the
// decision and the state the run goes on with, so that a decider can keep
// its verdicts in the state (a notice, a judgement that the task is
// impossible) for the nodes after it to act on. It must not block forever:
// give it a deadline of its own.
type Decider[S any] func(ctx context.Context, at DecisionPoint[S]) (Decision, S)

// DecisionObserver is an Observer that also hears each decision a Decider
// made, just before the RouteDecided of the same edge. Observers of runs
// without a Decider never hear it.
type DecisionObserver interface {
	Decided(ctx context.Context, step int, from string, d Decision)
}

// DecisionStateObserver is an Observer that also hears, at each
// conditional edge a Decider decided, the state the decider received and
// the state it returned, which the run goes on with. A decider may change
// the state (a verdict, a notice), and StepCompleted's after is the state
// before it did: without this an observer would never see those changes.
// It is heard just before Decided, whether or not the state changed.
// Observers of runs without a Decider never hear it.
type DecisionStateObserver[S any] interface {
	DecisionState(ctx context.Context, step int, from string, before, after S)
}

// WithDecider lets d decide at every conditional edge of the run instead
// of the declared routers. A later WithDecider replaces an earlier one.
func WithDecider[S any](d Decider[S]) RunOption { return RunOption{decider: d} }

// decide runs the decider at a conditional edge.
func (g *Graph[S]) decide(ctx context.Context, d Decider[S], r *router[S], i int, from string, path []int32, s S) (Decision, S) {
	key, reason := r.fn(s)
	at := DecisionPoint[S]{
		Step: i, From: from, Router: r.name, State: s,
		Rule: Decision{Key: key, Reason: reason, By: "rules"},
	}
	for _, ri := range g.routerInfo {
		if ri.Name == r.name && ri.From == from {
			at.Instruction = ri.Description
		}
	}
	for _, rt := range r.routes {
		dr := DecisionRoute{Key: rt.key, To: g.name(rt.to), Description: "end the run"}
		if rt.to != endIndex {
			dr.Description = g.nodeInfo[rt.to].Description
		}
		at.Routes = append(at.Routes, dr)
	}
	for _, p := range path {
		at.Path = append(at.Path, g.nodes[p].name)
	}
	return d(ctx, at)
}

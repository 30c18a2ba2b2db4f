package service

import (
	"context"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// Decision is one choice at a conditional edge of a run routed by a
// decision agent (AskOptions.Router nodes.RouterLLM): Result.Decisions,
// the `decisions` of `gtrag ask --json`. It says who steered the run at
// that edge: the agent ("llm"), or the rule router it fell back to
// ("rules"), with Notice saying why.
type Decision struct {
	Step  int    `json:"step"`  // the step just completed, counted from 1 as the trace counts them
	From  string `json:"from"`  // the node just completed
	Route string `json:"route"` // the route key chosen
	// DecidedBy is "llm" when the agent's choice was taken, "rules" when
	// the rule router decided instead (graph.Decision.By).
	DecidedBy string `json:"decided_by"`
	Reason    string `json:"reason"`
	// Notice says why the agent's choice was not taken (its error, an
	// undeclared route, a route that cannot make progress); empty when the
	// agent decided, and when the run had given up on its LLM earlier
	// (that is said once, in the Result's notices).
	Notice string `json:"notice,omitempty"`
}

// decisionLog collects a run's decisions as the graph makes them: a
// graph.DecisionObserver, which the engine tells only in runs with a
// decider. It hears a run's events on the run's goroutine, and is read
// once the run is over.
type decisionLog struct {
	graph.ObserverBase[nodes.GraphState] // the steps themselves it does not need

	list []Decision
}

func (l *decisionLog) Decided(_ context.Context, step int, from string, d graph.Decision) {
	l.list = append(l.list, Decision{Step: step, From: from, Route: d.Key, DecidedBy: d.By, Reason: d.Reason, Notice: d.Notice})
}

var (
	_ graph.Observer[nodes.GraphState] = (*decisionLog)(nil)
	_ graph.DecisionObserver           = (*decisionLog)(nil)
)

// decisions returns the run options that collect a run's decisions into
// the Result, and the log they collect into: none, and nil, unless router
// is nodes.RouterLLM, so that a run of the rule routers keeps its JSON.
func decisions(router string) ([]graph.RunOption, *decisionLog) {
	if router != nodes.RouterLLM {
		return nil, nil
	}
	l := &decisionLog{}
	return []graph.RunOption{graph.WithObserver[nodes.GraphState](l)}, l
}

// decisions is what the log collected; nil for no log.
func (l *decisionLog) decisions() []Decision {
	if l == nil {
		return nil
	}
	return l.list
}

// RecordedDecisions are the decisions a recording holds, in order: its
// route_decided events that say who decided (trace.RouteDecidedData's
// DecidedBy, set in runs with a decision agent). A recording of the rule
// routers has none, and gives nil.
func RecordedDecisions(events []trace.Event) ([]Decision, error) {
	var out []Decision
	for _, e := range events {
		if e.Type != trace.RouteDecided {
			continue
		}
		var d trace.RouteDecidedData
		if err := e.Decode(&d); err != nil {
			return nil, err
		}
		if d.DecidedBy == "" {
			continue // a fixed edge, or the rule routers' run
		}
		out = append(out, Decision{Step: e.Step, From: d.From, Route: d.Key, DecidedBy: d.DecidedBy, Reason: d.Reason, Notice: d.Notice})
	}
	return out, nil
}

// replayedDecisions are the decisions of the recording p plays, for
// Replay's Result: nil for a recording of the rule routers.
func replayedDecisions(p *trace.Player) ([]Decision, error) {
	if p.Settings().Router != nodes.RouterLLM {
		return nil, nil
	}
	return RecordedDecisions(p.RecordedRoutes())
}

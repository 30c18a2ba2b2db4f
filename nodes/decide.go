package nodes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
)

// Router kinds: who decides at the workflow's conditional edges
// (`--router`).
const (
	// RouterRules is the declared routers: pure rules on the state, the
	// default, and the only kind an offline run has.
	RouterRules = "rules"
	// RouterLLM is a decision agent (Deps.Router) that reads the tree data
	// and chooses; the rules decide whenever its reply cannot be used.
	RouterLLM = "llm"
)

// DecisionAgent decides at the workflow's conditional edges with a
// reasoner.RouteChooser. It gives the chooser the tree data — the
// question, a summary of what the run has found, the completed steps with
// their reasons, the routes open with their descriptions, the loop count
// and the notices so far — and takes its route only if the graph declares
// it; anything else (an error, a timeout, junk, an undeclared route, even
// with a verdict that the task is impossible) leaves the decision to the
// rule router, with a notice saying why. A verdict that the task is
// impossible, in a reply naming a declared route, takes the route to
// generate_response with GraphState.Impossible set, so the answer says
// why; the decision's reason names the route the agent named when that is
// another.
//
// One DecisionAgent serves one run: it observes the run's steps to know
// their reasons. Make it with RunOptions.
type DecisionAgent struct {
	graph.ObserverBase[GraphState] // of the run's events it hears only StepCompleted

	Chooser reasoner.RouteChooser
	// Environment summarises the run's tool results; nil summarises them
	// from the state (see Environment).
	Environment func() []string
	steps       []reasoner.StepTaken
}

// RunOptions are the run options the workflow built from d needs: with a
// decision agent (d.Router), the agent deciding and observing the run;
// with none, nothing, and the rule routers decide.
func RunOptions(d Deps) []graph.RunOption {
	if d.Router == nil {
		return nil
	}
	a := &DecisionAgent{Chooser: d.Router, Environment: d.Environment}
	return []graph.RunOption{graph.WithDecider(a.Decide), graph.WithObserver[GraphState](a)}
}

// Decide implements graph.Decider.
func (a *DecisionAgent) Decide(ctx context.Context, at graph.DecisionPoint[GraphState]) (graph.Decision, GraphState) {
	s := at.State
	td := reasoner.TreeData{
		Question:    s.UserQuery,
		Environment: a.environment(s),
		Steps:       slices.Clone(a.steps),
		Router:      at.Router,
		Instruction: at.Instruction,
		Loops:       loops(at.Path),
		Errors:      slices.Clone(s.Notices),
	}
	for _, r := range at.Routes {
		td.Routes = append(td.Routes, reasoner.RouteOption{Key: r.Key, To: r.To, Description: r.Description})
	}
	fallback := func(why string, then ...string) (graph.Decision, GraphState) {
		d := at.Rule
		d.Notice = fmt.Sprintf("decision agent at %s: %s; the rule router chose %s", at.Router, why, d.Key)
		for _, t := range then {
			d.Notice += "; " + t
		}
		s.Notices = addNotices(s.Notices, []string{d.Notice})
		return d, s
	}
	c, err := a.Chooser.ChooseRoute(ctx, td)
	if errors.Is(err, reasoner.ErrLLMUnavailable) {
		// The run has given up on its LLM: said once, not at each branch.
		// One that gave up on the decision agent alone said so when it
		// did, and so did one whose outage a notice has told with its
		// error (ErrLLMGivenUpTold).
		if !errors.Is(err, reasoner.ErrRouterGivenUp) && !errors.Is(err, reasoner.ErrLLMGivenUpTold) {
			s.Notices = addNotices(s.Notices, []string{"decision agent: the LLM is unavailable; the rule routers decide from here on"})
		}
		return at.Rule, s
	}
	if errors.Is(err, reasoner.ErrLLMGivenUp) {
		// This failure gave up the LLM for the run: the outage's one
		// notice says what happens next, at this branch and after it.
		return fallback(err.Error(), "the LLM is given up for this question: the rule routers decide from here on, and the other steps run offline")
	}
	if err != nil {
		return fallback(err.Error())
	}
	s.Notices = addNotices(s.Notices, c.Notices)
	keys := make([]string, len(at.Routes))
	for i, r := range at.Routes {
		keys[i] = r.Key
	}
	// An undeclared route is checked first, impossible verdict or not: a
	// reply naming a route of another branch ("none_kept" after
	// check_relevance) was not written for this one, and taking its verdict
	// recorded the agent choosing the route to the answer, which it never
	// named.
	if !slices.Contains(keys, c.Route) {
		what := "chose"
		if c.Impossible {
			what = "judged the task impossible but chose"
		}
		return fallback(fmt.Sprintf("%s %q, which is not a route here (want %s)", what, c.Route, strings.Join(keys, " or ")))
	}
	if c.Impossible {
		i := slices.IndexFunc(at.Routes, func(r graph.DecisionRoute) bool { return r.To == GenerateResponse })
		if i < 0 {
			return fallback("judged the task impossible, but no route here leads to an answer")
		}
		why := c.Reason
		if why == "" {
			why = c.Message
		}
		if why == "" {
			why = "no reason given"
		}
		s.Impossible = why
		reason := "the task is impossible: " + why
		if key := at.Routes[i].Key; c.Route != key {
			// The verdict, not the route named, takes the run to the
			// answer: said, so that the record does not read as the
			// agent choosing a route it did not name.
			reason += fmt.Sprintf(" (the agent named %s; the verdict takes %s to the answer)", c.Route, key)
		}
		return graph.Decision{Key: at.Routes[i].Key, Reason: reason, By: RouterLLM, Message: c.Message}, s
	}
	if c.Route != at.Rule.Key {
		if why := futile(at.Routes, c.Route, s); why != "" {
			return fallback(fmt.Sprintf("chose %q, but %s", c.Route, why))
		}
	}
	return graph.Decision{Key: c.Route, Reason: c.Reason, By: RouterLLM, Message: c.Message}, s
}

// futile says why route cannot make progress in state s, or contradicts
// what the run has found, or "":
//   - to add_to_chroma with no paper kept adds nothing and leads back to
//     the same store, so an agent that kept choosing it went round the
//     loop, searches spent, until the step limit failed the run with
//     papers added and no answer;
//   - "relevant" with nothing retrieved answers "I found nothing" and
//     ends the run not_found without asking arXiv;
//   - "none_kept" after the filter kept papers drops them, and the answer
//     then says that none of the papers found answers, which is false.
//
// The rules decide such an edge (unless they choose the same route: a
// fork that set relevant_context=true on an empty store asked for it); a
// route that can make progress and says nothing false stays the agent's to
// choose, however the rules would choose.
func futile(routes []graph.DecisionRoute, route string, s GraphState) string {
	i := slices.IndexFunc(routes, func(r graph.DecisionRoute) bool { return r.Key == route })
	switch {
	case i < 0:
		return ""
	case routes[i].To == AddToChroma && len(s.ArxivPapers) == 0:
		return "no paper was kept to add"
	case route == Relevant && len(s.ChromaResults) == 0:
		return "the store returned nothing to answer from"
	case route == NoneKept && len(s.ArxivPapers) > 0:
		return fmt.Sprintf("the filter kept %d %s", len(s.ArxivPapers), text.Plural(len(s.ArxivPapers), "paper", "papers"))
	}
	return ""
}

// environment is the tree data's environment: the run's tool results,
// and the relevance judge's verdict, which is the state's.
func (a *DecisionAgent) environment(s GraphState) []string {
	if a.Environment == nil {
		return Environment(s)
	}
	return append(a.Environment(), fmt.Sprintf("relevance judge: the retrieved chunks %s answer the question",
		map[bool]string{true: "can", false: "cannot"}[s.RelevantContext]))
}

// loops counts the times a run has gone round the search loop: each
// add_to_chroma leads back to the store.
func loops(path []string) int {
	n := 0
	for _, p := range path {
		if p == AddToChroma {
			n++
		}
	}
	return n
}

// StepCompleted lets the agent keep the completed steps and their reasons.
func (a *DecisionAgent) StepCompleted(_ context.Context, _ int, node string, _, after GraphState) {
	a.steps = append(a.steps, reasoner.StepTaken{Node: node, Reason: after.Reasoning})
}

var _ graph.Observer[GraphState] = (*DecisionAgent)(nil)

// Environment summarises what a run has found, one line per kind of
// result, for the decision agent.
func Environment(s GraphState) []string {
	var out []string
	if n := len(s.ChromaResults); n == 0 {
		out = append(out, "knowledge base query: nothing matches the question")
	} else {
		var titles []string
		for _, r := range s.ChromaResults {
			if t := r.Metadata[chunker.KeyTitle]; t != "" && !slices.Contains(titles, t) {
				titles = append(titles, t)
			}
		}
		out = append(out, fmt.Sprintf("knowledge base query: %d chunks, best similarity %.2f, from: %s",
			n, s.ChromaResults[0].Similarity, listOrNone(titles, 3)))
	}
	out = append(out, fmt.Sprintf("relevance judge: the retrieved chunks %s answer the question",
		map[bool]string{true: "can", false: "cannot"}[s.RelevantContext]))
	for _, x := range s.Searches {
		if x.Failed != "" {
			out = append(out, fmt.Sprintf("arXiv search %q (from %d): failed: %s", x.Query, x.Start, x.Failed))
			continue
		}
		out = append(out, fmt.Sprintf("arXiv search %q (from %d): %d returned of %d matching", x.Query, x.Start, x.Returned, x.Total))
	}
	if len(s.PapersSeen) > 0 || len(s.ArxivPapers) > 0 {
		out = append(out, fmt.Sprintf("paper filter: %d papers judged in this run; %d candidates kept now", len(s.PapersSeen), len(s.ArxivPapers)))
	}
	if s.PapersAdded > 0 {
		out = append(out, fmt.Sprintf("knowledge base: %d papers added in this run", s.PapersAdded))
	}
	if s.OffTopic {
		out = append(out, "topic judge: the question does not look like game theory")
	}
	return out
}

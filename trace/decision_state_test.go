package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// impossibleRouter is a decision agent that judges every task impossible,
// naming the first branch's search route: a verdict naming a route the
// branch does not declare is left to the rules, as any such reply is.
type impossibleRouter struct{}

func (impossibleRouter) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice{Route: nodes.NotRelevant, Impossible: true, Message: "giving up",
		Reason: "no paper can prove it", Notices: []string{"decision agent: the question asks for a proof"}}, nil
}

// failingRouter is a decision agent whose every call fails: the rules decide,
// with a notice saying why.
type failingRouter struct{}

func (failingRouter) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice{}, errors.New("model said nothing")
}

// agentRoutes are the recording's route_decided events of a decision
// agent that changed the state, and their step's state_mutated.
func agentRoutes(t *testing.T, evs []Event) (routes []RouteDecidedData, steps []StateMutatedData) {
	t.Helper()
	var last StateMutatedData
	for _, e := range evs {
		switch e.Type {
		case StateMutated:
			last = StateMutatedData{}
			require.NoError(t, e.Decode(&last))
		case RouteDecided:
			var d RouteDecidedData
			require.NoError(t, e.Decode(&d))
			if len(d.Mutations) > 0 {
				routes, steps = append(routes, d), append(steps, last)
			}
		}
	}
	return routes, steps
}

func mutated(ms []Mutation, field string) (Mutation, bool) {
	for _, m := range ms {
		if m.Field == field {
			return m, true
		}
	}
	return Mutation{}, false
}

// The decision agent's own changes to the state (its impossible verdict,
// its notices) were recorded nowhere: the step's state_mutated is taken
// before the agent runs, although the next step sees them. The
// route_decided of its decision now carries them.
func TestDecisionAgentsStateChangesAreRecorded(t *testing.T) {
	evs := readString(t, recordRouted(t, newWorld(), impossibleRouter{}))

	routes, steps := agentRoutes(t, evs)
	require.Len(t, routes, 1, "one decision, which ends the search")
	d := routes[0]
	require.Equal(t, nodes.RouterLLM, d.DecidedBy)
	m, ok := mutated(d.Mutations, nodes.FieldImpossible)
	require.True(t, ok, "the verdict is recorded: %+v", d.Mutations)
	require.JSONEq(t, `null`, string(m.Before))
	require.JSONEq(t, `"no paper can prove it"`, string(m.After))
	m, ok = mutated(d.Mutations, nodes.FieldNotices)
	require.True(t, ok, "the agent's notice is recorded: %+v", d.Mutations)
	require.Contains(t, string(m.After), "the question asks for a proof")
	_, ok = mutated(steps[0].Mutations, nodes.FieldImpossible)
	require.False(t, ok, "the node did not set it: its state_mutated does not say so")

	// It replays: the replayed agent makes the same changes.
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	out, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, "no paper can prove it", out.Final.Impossible)
}

// A decision agent whose reply could not be used changed the state too: the
// rule router decided, and the agent's notice saying why went into the
// state.
func TestDecisionAgentsFallbackNoticeIsRecorded(t *testing.T) {
	evs := readString(t, recordRouted(t, newWorld(), failingRouter{}))
	routes, _ := agentRoutes(t, evs)
	require.NotEmpty(t, routes)
	require.Equal(t, "rules", routes[0].DecidedBy)
	m, ok := mutated(routes[0].Mutations, nodes.FieldNotices)
	require.True(t, ok, "%+v", routes[0].Mutations)
	require.Contains(t, string(m.After), "model said nothing")
}

// A run of the rule routers records exactly what it did before: no
// route_decided carries mutations (the goldens, TestTraceGoldens, hold the
// whole of it byte for byte).
func TestRuleRoutersRecordNoDecisionChanges(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	for _, e := range readString(t, out) {
		if e.Type == RouteDecided {
			var raw map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(e.Data, &raw))
			require.NotContains(t, raw, "mutations", "line %d", e.Line)
		}
	}
}

// A fork of a run with a decision agent records the fork's own decision's
// changes, and its recording replays.
func TestForkOfARunWithADecisionAgentReplays(t *testing.T) {
	orig := recordRouted(t, newWorld(), failingRouter{})
	p, err := NewPlayer(readString(t, orig))
	require.NoError(t, err)
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "fork" }, LLM: "ollama:tiny"})
	after := newWorld().deps()
	after.Router = impossibleRouter{}
	const at = 2 // check_relevance: the first conditional edge
	edit := Edit{Field: "relevant_context", Value: json.RawMessage("false")}
	set := testSettings()
	set.LLM, set.Router = "ollama:tiny", nodes.RouterLLM
	set.Fork = &ForkInfo{Of: "routed", Step: at, Field: edit.Field, Value: edit.Value, RecordedPath: p.RecordedPath()}
	g, err := nodes.Build(nodes.Deps{})
	require.NoError(t, err)
	rec.Start(g, testQuestion, set)
	res, runErr := p.Fork(context.Background(), at, edit, after, rec.Wrap, graph.WithObserver[nodes.GraphState](rec))
	require.NoError(t, rec.Finish(res.Final, runErr))
	require.NoError(t, runErr)
	require.Equal(t, "no paper can prove it", res.Final.Impossible)

	evs := readString(t, out.String())
	routes, _ := agentRoutes(t, evs)
	require.NotEmpty(t, routes)
	last := routes[len(routes)-1]
	_, ok := mutated(last.Mutations, nodes.FieldImpossible)
	require.True(t, ok, "the fork's own decision's verdict: %+v", last.Mutations)

	fp, err := NewPlayer(evs)
	require.NoError(t, err)
	_, err = fp.Run(context.Background())
	require.NoError(t, err)
}

// The narration said the step's ENVIRONMENT UPDATE was "no state change",
// or left out the verdict and the notices the decision agent wrote,
// although the next step saw them. It now tells them, as the agent's,
// after the node's own changes; so does the page.
func TestNarrationShowsTheDecisionAgentsChanges(t *testing.T) {
	evs := readString(t, recordRouted(t, newWorld(), impossibleRouter{}))
	var narration bytes.Buffer
	require.NoError(t, Narrate(&narration, evs))
	text := narration.String()
	require.Contains(t, text, `decision agent set impossible: (none) → "no paper can prove it"`)
	require.Contains(t, text, "decision agent set notices: (none) → 1 notice")
	step := text[:strings.Index(text, "decision agent set impossible")]
	step = text[strings.LastIndex(step, "\nstep "):]
	step = step[:strings.Index(step, "  NEXT")]
	require.Contains(t, step, "ENVIRONMENT UPDATE", "the agent's changes are in the step's update, before its NEXT")
	require.NotContains(t, step, "no state change")

	page := htmlPage(t, evs)
	require.Contains(t, page, `<table class="diff agent">`)
	agent := page[strings.Index(page, `<table class="diff agent">`):]
	agent = agent[:strings.Index(agent, "</table>")]
	require.Contains(t, agent, "decision agent")
	require.Contains(t, agent, `data-field="impossible"`)
	require.Contains(t, agent, `data-field="notices"`)

	// A fallback's notice is the agent's change too.
	narration.Reset()
	require.NoError(t, Narrate(&narration, readString(t, recordRouted(t, newWorld(), failingRouter{}))))
	require.Contains(t, narration.String(), "decision agent set notices: (none) → 1 notice")
}

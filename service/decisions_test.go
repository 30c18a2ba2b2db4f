package service_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

const decisionQuestion = "How do bidders shade bids in first-price auctions?"

// scriptedRouter stands for an LLM's decision agent: it searches arXiv
// first, adds the papers the filter kept, and answers once the loop has
// gone round, with reason "scripted". junk, if set, is the route it
// names at the first relevance check instead: not a route there, so the
// agent falls back to the rules.
type scriptedRouter struct{ junk string }

func (r scriptedRouter) ChooseRoute(_ context.Context, t reasoner.TreeData) (reasoner.Choice, error) {
	c := reasoner.Choice{Reason: "scripted", Message: "scripted"}
	switch {
	case t.Router == "route_after_paper_filter":
		c.Route = nodes.PapersKept
	case t.Loops == 0 && r.junk != "":
		c.Route = r.junk
	case t.Loops == 0:
		c.Route = nodes.NotRelevant
	default:
		c.Route = nodes.Relevant
	}
	return c, nil
}

// routedService is an offline Service whose reasoners have a decision
// agent, r, with arXiv at arxivURL and an empty store.
func routedService(t *testing.T, arxivURL string, r reasoner.RouteChooser) *service.Service {
	t.Helper()
	return assembled(t, arxivURL, func(db service.Store, rs *reasoner.Set) service.Store {
		rs.Router, rs.Name = r, "stub"
		return db
	})
}

// assembled is an offline Service with arXiv at arxivURL and an empty
// store, its parts opened as Open opens them and changed by edit before
// they are put together.
func assembled(t *testing.T, arxivURL string, edit func(service.Store, *reasoner.Set) service.Store) *service.Service {
	t.Helper()
	cfg := offline(t, arxivURL)
	db, err := service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	rs, err := service.OpenReasoners(context.Background(), cfg)
	require.NoError(t, err)
	svc := service.New(edit(db, &rs), rs, service.NewArxivClient(cfg.Arxiv))
	t.Cleanup(func() { require.NoError(t, svc.Close()) })
	return svc
}

// jsonObject is res as ask --json prints it, decoded.
func jsonObject(t *testing.T, res service.Result) map[string]any {
	t.Helper()
	b, err := json.Marshal(res)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// With router llm the Result says, for each branch the run passed, what
// was chosen there and by whom: the agent, or the rules it fell back to,
// with the notice saying why.
func TestAskDecisionsSayWhoDecided(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())

	t.Run("the agent decides", func(t *testing.T) {
		svc := routedService(t, srv.URL, scriptedRouter{})
		res, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{Router: nodes.RouterLLM})
		require.NoError(t, err)
		require.Equal(t, []string{
			nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
			nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
		}, res.Path)
		require.Equal(t, []service.Decision{
			{Step: 2, From: nodes.CheckRelevance, Route: nodes.NotRelevant, DecidedBy: nodes.RouterLLM, Reason: "scripted"},
			{Step: 4, From: nodes.FilterGameTheoryPapers, Route: nodes.PapersKept, DecidedBy: nodes.RouterLLM, Reason: "scripted"},
			{Step: 7, From: nodes.CheckRelevance, Route: nodes.Relevant, DecidedBy: nodes.RouterLLM, Reason: "scripted"},
		}, res.Decisions)

		ds := jsonObject(t, res)["decisions"].([]any)
		require.Len(t, ds, 3)
		require.Equal(t, map[string]any{
			"step": 2.0, "from": nodes.CheckRelevance, "route": nodes.NotRelevant, "decided_by": "llm", "reason": "scripted",
		}, ds[0], "no notice when the agent decided")
	})

	t.Run("the agent falls back", func(t *testing.T) {
		svc := routedService(t, srv.URL, scriptedRouter{junk: "ask_a_friend"})
		res, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{Router: nodes.RouterLLM})
		require.NoError(t, err)
		require.Len(t, res.Decisions, 3)
		first := res.Decisions[0]
		require.Equal(t, 2, first.Step)
		require.Equal(t, nodes.CheckRelevance, first.From)
		require.Equal(t, nodes.NotRelevant, first.Route, "the rules search an empty store's question")
		require.Equal(t, nodes.RouterRules, first.DecidedBy)
		require.NotEqual(t, "scripted", first.Reason, "the rule's reason, not the agent's")
		require.NotEmpty(t, first.Reason)
		require.Contains(t, first.Notice, `"ask_a_friend"`)
		require.Contains(t, res.Notices, first.Notice, "the fallback's notice is the run's")
		for _, d := range res.Decisions[1:] {
			require.Equal(t, nodes.RouterLLM, d.DecidedBy, "step %d", d.Step)
			require.Empty(t, d.Notice, "step %d", d.Step)
		}

		ds := jsonObject(t, res)["decisions"].([]any)
		require.Equal(t, "rules", ds[0].(map[string]any)["decided_by"])
		require.Equal(t, first.Notice, ds[0].(map[string]any)["notice"])
	})
}

// A run of the rule routers prints no decisions at all, as before there
// were any to print; the same Service's agent-routed run does.
func TestAskDecisionsOnlyWithTheAgent(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	svc := routedService(t, srv.URL, scriptedRouter{})
	for _, router := range []string{"", nodes.RouterRules} {
		res, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{Router: router})
		require.NoError(t, err)
		require.Nil(t, res.Decisions, "router %q", router)
		require.NotContains(t, jsonObject(t, res), "decisions", "router %q", router)
	}
	res, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{Router: nodes.RouterLLM})
	require.NoError(t, err)
	require.Contains(t, jsonObject(t, res), "decisions")
}

// recordLLMRun asks decisionQuestion on svc with router llm and a trace,
// saved to a file as `ask --trace-out` saves it; it returns the Result
// and the recording's player, read back from the file as `gtrag replay`
// reads it.
func recordLLMRun(t *testing.T, svc *service.Service) (service.Result, *trace.Player) {
	t.Helper()
	var out bytes.Buffer
	rec := trace.New(trace.Options{Out: &out, LLM: svc.LLM()})
	live, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{Router: nodes.RouterLLM, Trace: rec})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	require.NoError(t, os.WriteFile(file, out.Bytes(), 0o644))
	evs, err := trace.ReadFile(file)
	require.NoError(t, err)
	p, err := trace.NewPlayer(evs)
	require.NoError(t, err)
	p.Path = file
	return live, p
}

// A replay of an agent-routed run says who decided each branch as the live
// run said it, fallbacks and their notices included: replay --json is ask
// --json.
func TestReplayCarriesTheDecisions(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	svc := routedService(t, srv.URL, scriptedRouter{junk: "ask_a_friend"})
	live, p := recordLLMRun(t, svc)
	require.Len(t, live.Decisions, 3)
	require.Equal(t, nodes.RouterRules, live.Decisions[0].DecidedBy)
	require.Equal(t, nodes.RouterLLM, live.Decisions[1].DecidedBy)

	ds, err := service.RecordedDecisions(mustReadFile(t, p.Path))
	require.NoError(t, err)
	require.Equal(t, live.Decisions, ds, "the recording holds the live run's decisions")

	replayed, err := service.Replay(context.Background(), p)
	require.NoError(t, err)
	require.Equal(t, live.Decisions, replayed.Decisions)
	live.ElapsedMS, replayed.ElapsedMS, live.ArxivRequests = 0, 0, 0
	require.Equal(t, live, replayed)
	lb, err := json.Marshal(live.Decisions)
	require.NoError(t, err)
	rb, err := json.Marshal(replayed.Decisions)
	require.NoError(t, err)
	require.JSONEq(t, string(lb), string(rb))

}

// A fork of an agent-routed run says who decided each branch: up to the
// fork the recorded agent, as recorded; from the fork's step on, on a
// Service with no agent, the rules, each with the agent's notice.
func TestForkCarriesTheDecisions(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	live, p := recordLLMRun(t, routedService(t, srv.URL, scriptedRouter{}))
	require.Len(t, live.Decisions, 3)

	svc := openService(t, offline(t, srv.URL))
	res, err := svc.Fork(context.Background(), p, service.ForkOptions{
		Step: 7, Edit: trace.Edit{Field: nodes.FieldRelevantContext, Value: json.RawMessage("false")},
	})
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(res.Decisions), 3)
	require.Equal(t, live.Decisions[:2], res.Decisions[:2], "the replayed branches are the recording's")
	for _, d := range res.Decisions[2:] {
		require.GreaterOrEqual(t, d.Step, 7)
		require.Equal(t, nodes.RouterRules, d.DecidedBy, "step %d: no agent after the fork", d.Step)
		require.NotEmpty(t, d.Notice, "step %d", d.Step)
	}
}

func mustReadFile(t *testing.T, path string) []trace.Event {
	t.Helper()
	evs, err := trace.ReadFile(path)
	require.NoError(t, err)
	return evs
}

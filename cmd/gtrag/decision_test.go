package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

const decisionQuestion = "How much do bidders shade their bids in sealed-bid auctions?"

// decisionEnv is an ask against the fake LLM server as provider, with arXiv
// serving auction papers.
func decisionEnv(t *testing.T, provider string, llm *llmServer) map[string]string {
	env := fakeLLMEnv(t, provider, llm.URL, auctionPaper, oldStyleAuction, videoGamePaper)
	env["GTRAG_LLM_RETRIES"] = "0"
	return env
}

// fakeLLMEnv is an ask from an empty store against a fake LLM server at
// url as provider (Ollama's API, or OpenAI's under /v1), with arXiv
// serving papers.
func fakeLLMEnv(t *testing.T, provider, url string, papers ...arxiv.Paper) map[string]string {
	srv := arxivtest.New(t, papers)
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	env["GTRAG_LLM"] = provider + ":test-model"
	env["OLLAMA_HOST"] = url
	env["OPENAI_BASE_URL"] = url + "/v1"
	env["OPENAI_API_KEY"] = "sk-test-0123456789"
	return env
}

// decisionPoint reads which edge a decision prompt is about.
var decisionPoint = regexp.MustCompile(`Decision point: (\S+) \(loops so far: (\d+)\)`)

// script answers each decision prompt with the next reply for its edge.
type script struct {
	mu      sync.Mutex
	replies map[string][]string // router name → replies, in order
	asked   []string            // router names, in the order asked
}

func (s *script) decide(_ context.Context, user string) string {
	m := decisionPoint.FindStringSubmatch(user)
	if m == nil {
		return "no decision point in the prompt"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked = append(s.asked, m[1])
	rs := s.replies[m[1]]
	if len(rs) == 0 {
		return "out of script"
	}
	s.replies[m[1]] = rs[1:]
	return rs[0]
}

func choice(route, message string) string {
	return fmt.Sprintf(`{"route": %q, "message": %q, "reason": "scripted", "impossible": false}`, route, message)
}

// TestDecisionAgentSteersTheLoop scripts the agent's choices through the
// search loop, against the real Ollama and OpenAI clients: the first
// relevance check goes to arXiv although the judge would decide the same,
// the second answers although the judge says no, which the rules would
// not do. The trace carries each choice and replays byte for byte.
func TestDecisionAgentSteersTheLoop(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			llm := newLLMServer(t)
			llm.judge = func(string) string { return "no" } // the rules would search again
			sc := &script{replies: map[string][]string{
				"route_after_relevance_check": {
					choice(nodes.NotRelevant, "nothing stored on bid shading yet; searching arXiv"),
					choice(nodes.Relevant, "the added auction papers are enough; answering"),
				},
				"route_after_paper_filter": {choice(nodes.PapersKept, "adding the auction papers")},
			}}
			llm.decide = sc.decide
			env := decisionEnv(t, provider, llm)
			file := filepath.Join(t.TempDir(), "run.jsonl")

			r := gtrag(t, env, "ask", "--json", "--router", "llm", "--trace-out", file, decisionQuestion)
			var res service.Result
			decodeJSON(t, r, &res)
			require.Equal(t, []string{
				nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
				nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
			}, res.Path)
			require.Equal(t, []string{"route_after_relevance_check", "route_after_paper_filter", "route_after_relevance_check"}, sc.asked)
			require.NotContains(t, strings.Join(res.Notices, "\n"), "decision agent", "no fallback: %v", res.Notices)
			require.Equal(t, nodes.OutcomeAnsweredWithCaveat, res.Outcome, "the judge said no; the agent answered anyway")

			// The tree data reached the model: routes with descriptions, the
			// environment, the completed steps, the loop count.
			prompts, _ := llm.seen()
			var last string
			for _, p := range prompts {
				if strings.Contains(p, "Decision point:") {
					last = p
				}
			}
			for _, want := range []string{"loops so far: 1", "- relevant → generate_response: write the answer",
				"- not_relevant → search_arxiv:", "- arxiv.search ", "- store.add: 2 papers added", "- store.query k=" + strconv.Itoa(nodes.DefaultCandidates) + ": 2 chunks", "5. add_to_chroma: split"} {
				require.Contains(t, last, want)
			}

			// route_decided carries who decided, the message and the reason.
			var decided []trace.RouteDecidedData
			for _, e := range traceEvents(t, file) {
				if e.Type != trace.RouteDecided {
					continue
				}
				var d trace.RouteDecidedData
				require.NoError(t, e.Decode(&d))
				if d.Key != "" {
					decided = append(decided, d)
				}
			}
			require.Len(t, decided, 3)
			require.Equal(t, "llm", decided[2].DecidedBy)
			require.Equal(t, nodes.Relevant, decided[2].Key)
			require.Equal(t, "the added auction papers are enough; answering", decided[2].Message)
			require.Equal(t, "scripted", decided[2].Reason)

			// The narration says who chose.
			tr := gtrag(t, env, "trace", file)
			require.Equal(t, 0, tr.code, tr.stderr)
			require.Contains(t, tr.stdout, "decision agent chose not_relevant: nothing stored on bid shading yet; searching arXiv")
			// And what the paper chooser was shown and chose.
			require.Contains(t, tr.stdout, "reasoner.choose_papers [")
			require.Contains(t, tr.stdout, "among 2 papers → chose paper 2")

			// Replay answers the choices from the recording: no server.
			llm.Close()
			rp := gtrag(t, env, "replay", "--json", file)
			require.Equal(t, 0, rp.code, rp.stderr)
			var replayed service.Result
			require.NoError(t, json.Unmarshal([]byte(rp.stdout), &replayed))
			require.Equal(t, res.Answer, replayed.Answer)
			require.Equal(t, res.Path, replayed.Path)
			plain := gtrag(t, env, "replay", file)
			require.Equal(t, 0, plain.code, plain.stderr)
			require.Equal(t, strings.TrimSpace(res.Answer), strings.TrimSpace(strings.SplitN(plain.stdout, "\n\nSources", 2)[0]))
		})
	}
}

// TestDecisionAgentFallsBack: a reply the engine cannot use leaves the
// edge to the rule router, with a notice; the run goes on as the rules
// would have it.
func TestDecisionAgentFallsBack(t *testing.T) {
	cases := []struct {
		name, notice string
		decide       func(ctx context.Context, user string) string
	}{
		{"junk", "holds no JSON object", func(context.Context, string) string { return "I think we should search arXiv." }},
		{"undeclared route", `chose "ask_a_friend", which is not a route here`, func(context.Context, string) string {
			return choice("ask_a_friend", "asking a friend")
		}},
		{"timeout", "no reply within", func(ctx context.Context, _ string) string {
			<-ctx.Done() // hang until the client gives up
			return ""
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			llm := newLLMServer(t)
			llm.decide = c.decide
			env := decisionEnv(t, "ollama", llm)
			env["GTRAG_LLM_TIMEOUT"] = "300ms"

			var res service.Result
			decodeJSON(t, gtrag(t, env, "ask", "--json", "--router", "llm", decisionQuestion), &res)
			require.Equal(t, []string{
				nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
				nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
			}, res.Path, "the rules' path")
			notices := strings.Join(res.Notices, "\n")
			require.Contains(t, notices, c.notice)
			require.Contains(t, notices, "decision agent at route_after_relevance_check")
			require.Contains(t, notices, "the rule router chose not_relevant")
		})
	}
}

// alwaysLoop is an agent that always takes the loop: search again, add
// what was kept.
func alwaysLoop(_ context.Context, user string) string {
	if strings.Contains(user, "route_after_paper_filter") {
		return choice(nodes.PapersKept, "adding more")
	}
	return choice(nodes.NotRelevant, "searching again")
}

// TestDecisionAgentCannotOutrunTheStepLimit: an agent that chooses the
// loop is stopped by a step limit the user set, as the rules would be.
func TestDecisionAgentCannotOutrunTheStepLimit(t *testing.T) {
	llm := newLLMServer(t)
	llm.decide = alwaysLoop
	env := decisionEnv(t, "ollama", llm)
	r := gtrag(t, env, "ask", "--router", "llm", "--max-steps", "4", decisionQuestion)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "step limit 4")
	require.Empty(t, r.stdout)
}

// TestDecisionAgentCannotLoopOnNothing: an agent that always chooses the
// loop, with the default step limit, is overruled where its route cannot
// make progress (adding when no paper was kept), and the run answers.
func TestDecisionAgentCannotLoopOnNothing(t *testing.T) {
	llm := newLLMServer(t)
	llm.decide = alwaysLoop
	env := decisionEnv(t, "ollama", llm)
	var res service.Result
	r := gtrag(t, env, "ask", "--json", "--router", "llm", decisionQuestion)
	require.Equal(t, 0, r.code, r.stderr)
	decodeJSON(t, r, &res)
	require.NotEmpty(t, res.Answer)
	require.Equal(t, nodes.GenerateResponse, res.Path[len(res.Path)-1])
	require.LessOrEqual(t, len(res.Path), service.DefaultMaxSteps)
	require.Contains(t, strings.Join(res.Notices, "\n"), `chose "papers_kept", but no paper was kept to add; the rule router chose none_kept`)
}

// TestDecisionAgentCannotContradictTheRun: "relevant" on an empty store
// would answer "I found nothing" without asking arXiv, and "none_kept"
// after the filter kept papers would drop them and say that none answers;
// the rules decide both edges, with a notice, and the run finds and adds
// the papers.
func TestDecisionAgentCannotContradictTheRun(t *testing.T) {
	llm := newLLMServer(t)
	llm.decide = func(_ context.Context, user string) string {
		if strings.Contains(user, "route_after_paper_filter") {
			return choice(nodes.NoneKept, "nothing worth adding")
		}
		return choice(nodes.Relevant, "answering now")
	}
	env := decisionEnv(t, "ollama", llm)
	var res service.Result
	r := gtrag(t, env, "ask", "--json", "--router", "llm", decisionQuestion)
	require.Equal(t, 0, r.code, r.stderr)
	decodeJSON(t, r, &res)
	notices := strings.Join(res.Notices, "\n")
	require.Contains(t, notices, `chose "relevant", but the store returned nothing to answer from; the rule router chose not_relevant`)
	require.Contains(t, notices, `chose "none_kept", but the filter kept`)
	require.Positive(t, res.PapersAdded)
	require.Positive(t, res.ArxivRequests)
	require.NotEqual(t, nodes.OutcomeNotFound, res.Outcome)
}

// TestDecisionAgentJudgesTheTaskImpossible: the run ends with an answer
// that says so, and why.
func TestDecisionAgentJudgesTheTaskImpossible(t *testing.T) {
	llm := newLLMServer(t)
	llm.decide = func(context.Context, string) string {
		return `{"route": "not_relevant", "message": "stopping", "reason": "it asks for tomorrow's auction prices, which no paper holds", "impossible": true}`
	}
	env := decisionEnv(t, "ollama", llm)
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--router", "llm", decisionQuestion), &res)
	require.Equal(t, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse}, res.Path)
	require.Equal(t, nodes.OutcomeImpossible, res.Outcome)
	require.Contains(t, res.Answer, "tomorrow's auction prices, which no paper holds")
	require.Empty(t, res.Sources)

	// The footer does not credit an answerer with the verdict.
	r := gtrag(t, env, "ask", "--router", "llm", decisionQuestion)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "(No answer: the decision agent (ollama:test-model) judged the task impossible;")
	require.NotContains(t, r.stdout, "Answered by")
}

// TestRouterLLMNeedsAnLLM: --router llm offline is a usage error, and an
// unknown router is one too.
func TestRouterLLMNeedsAnLLM(t *testing.T) {
	env := testEnv(t)
	r := gtrag(t, env, "ask", "--router", "llm", decisionQuestion)
	require.Equal(t, 2, r.code, r.stderr)
	require.Contains(t, r.stderr, "router")
	r = gtrag(t, env, "ask", "--router", "oracle", decisionQuestion)
	require.Equal(t, 2, r.code, r.stderr)
	require.Contains(t, r.stderr, `--router "oracle"`)

	qs := filepath.Join(t.TempDir(), "qs.jsonl")
	require.NoError(t, os.WriteFile(qs, []byte(`{"q":"What is a Nash equilibrium?","split":"dev","expect":"answer"}`+"\n"), 0o644))
	for _, fresh := range [][]string{nil, {"--fresh"}} {
		r = gtrag(t, env, append(append([]string{"eval", "--router", "llm"}, fresh...), qs)...)
		require.Equal(t, 2, r.code, "eval %v: %s", fresh, r.stderr)
		require.Contains(t, r.stderr, "--router llm needs an LLM")
	}
}

// TestAskKeepsTheEnvironment: every external result of a run is in the
// --json object's environment, by tool, with the metadata that produced
// it; the narration says what each step added, and replay rebuilds it.
func TestAskKeepsTheEnvironment(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--json", "--trace", "--trace-out", file, decisionQuestion)
	var res service.Result
	decodeJSON(t, r, &res)
	require.Equal(t, 2, res.PapersAdded)

	queries := res.Environment["store.query"]
	require.Len(t, queries, 1, "the two pulls asked the same query with the same k: one entry")
	// The store is asked for the reranker's candidates, of which the top
	// --k are kept.
	require.Equal(t, map[string]any{"query": decisionQuestion, "k": float64(nodes.DefaultCandidates)}, queries[0].Metadata)
	require.NotEmpty(t, queries[0].Objects)
	searches := res.Environment["arxiv.search"]
	require.Len(t, searches, len(res.Searches))
	require.Equal(t, res.Searches[0].Query, searches[0].Metadata["query"])
	require.Len(t, res.Environment["store.add"], 1)
	require.Len(t, res.Environment["store.add"][0].Objects, 2, "one object per added paper")
	require.NotEmpty(t, res.Environment["paper_filter"])

	require.Contains(t, r.stderr, "environment: arxiv.search: new entry")
	require.Contains(t, r.stderr, "environment: store.query: +")

	rp := gtrag(t, env, "replay", "--json", file)
	require.Equal(t, 0, rp.code, rp.stderr)
	var replayed service.Result
	require.NoError(t, json.Unmarshal([]byte(rp.stdout), &replayed))
	require.Equal(t, res.Environment, replayed.Environment)
}

// TestForkOfADecisionAgentRun: up to the fork the recorded choices are
// replayed; from the fork's step on the live agent decides, or offline the
// rule router, with a notice.
func TestForkOfADecisionAgentRun(t *testing.T) {
	llm := newLLMServer(t)
	llm.judge = func(string) string { return "no" }
	sc := &script{replies: map[string][]string{
		"route_after_relevance_check": {
			choice(nodes.NotRelevant, "searching arXiv"),
			choice(nodes.Relevant, "answering"),
			choice(nodes.Relevant, "answering at once"), // the live fork's
		},
		"route_after_paper_filter": {choice(nodes.PapersKept, "adding")},
	}}
	llm.decide = sc.decide
	env := decisionEnv(t, "ollama", llm)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--router", "llm", "--trace-out", file, decisionQuestion), &res)
	require.Len(t, res.Path, 8)

	// Offline: the edited step is decided by the rules, which answer.
	r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=true", "--offline", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var offJ struct{ Fork service.Result }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &offJ))
	off := offJ.Fork
	require.Equal(t, res.Path, off.Path)
	require.Contains(t, strings.Join(off.Notices, "\n"), "no decision agent for step 7")

	// Live: the agent decides at the fork's step (the third relevance
	// decision the server is asked), and only there.
	forkOut := filepath.Join(t.TempDir(), "fork.jsonl")
	r = gtrag(t, env, "replay", file, "--fork", "2", "--set", "relevant_context=true", "--json", "--trace-out", forkOut)
	require.Equal(t, 0, r.code, r.stderr)
	var liveJ struct{ Fork service.Result }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &liveJ))
	live := liveJ.Fork
	require.Equal(t, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse}, live.Path)
	require.Len(t, sc.asked, 4, "three recorded decisions, one live")
	require.NotContains(t, strings.Join(live.Notices, "\n"), "decision agent at")

	// The fork's own recording replays, its decision from the recording.
	llm.Close()
	r = gtrag(t, env, "replay", forkOut)
	require.Equal(t, 0, r.code, r.stderr)
}

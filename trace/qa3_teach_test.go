package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// givenUpRouter is the decision agent of a run that has given up on its
// LLM: reasoner.FallbackRouter returns ErrLLMUnavailable at once.
type givenUpRouter struct{}

func (givenUpRouter) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice{}, reasoner.ErrLLMUnavailable
}

// recordRouted records a run of w with a decision agent (--router llm).
func recordRouted(t *testing.T, w *world, router reasoner.RouteChooser) string {
	t.Helper()
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "routed" }, LLM: "ollama:tiny"})
	d := w.deps()
	d.Router = router
	d = rec.Wrap(d)
	env := environment.New() // as service.Ask wires it: the agent reads the run's environment
	rec.Environment(env)
	d = env.Wrap(d)
	d.Environment = func() []string { return env.Snapshot().Summary() }
	g, err := nodes.Build(d)
	require.NoError(t, err)
	set := testSettings()
	set.LLM, set.Router = "ollama:tiny", nodes.RouterLLM
	rec.Start(g, testQuestion, set)
	opts := append([]graph.RunOption{graph.WithStepLimit(25), graph.WithObserver[nodes.GraphState](rec)}, nodes.RunOptions(d)...)
	final, runErr := g.Run(context.Background(), nodes.NewState(testQuestion), opts...)
	require.NoError(t, runErr)
	require.NoError(t, rec.Finish(final, runErr))
	return out.String()
}

// A decision agent refused because the run had given up on its LLM said
// live "decision agent: the LLM is unavailable; the rule routers decide
// from here on", and its replay, rebuilding the recorded failure as a
// plain error, "decision agent at route_after_relevance_check: LLM
// unavailable; the rule router chose …". The replay tells the recorded
// notice, from recordings that keep the error's kind and from those made
// before they did.
func TestQA3ReplayKeepsTheDecisionAgentsGiveUpNotice(t *testing.T) {
	const givenUp = "decision agent: the LLM is unavailable; the rule routers decide from here on"
	recorded := recordRouted(t, newWorld(), givenUpRouter{})
	for _, tc := range []struct {
		name string
		edit func(d map[string]any)
	}{
		{name: "recorded with its kind"},
		{name: "recorded before the kind was kept", edit: func(d map[string]any) { delete(d, "error_kind") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs := readString(t, recorded)
			failed := 0
			for i, e := range evs {
				if e.Type != OperationFailed {
					continue
				}
				failed++
				var d map[string]any
				require.NoError(t, json.Unmarshal(e.Data, &d))
				require.Equal(t, errorKindLLMUnavailable, d["error_kind"], "the recording keeps what the agent's caller branches on")
				if tc.edit != nil {
					tc.edit(d)
					evs[i].Data, _ = json.Marshal(d)
				}
			}
			require.Positive(t, failed)
			var end ExecutionCompletedData
			require.NoError(t, evs[len(evs)-1].Decode(&end))
			require.Contains(t, end.Notices, givenUp, "the recorded run's notice")

			p, err := NewPlayer(evs)
			require.NoError(t, err)
			out, err := p.Run(context.Background())
			require.NoError(t, err)
			require.Equal(t, end.Notices, out.Final.Notices, "the replay tells the recorded notices")
			for _, n := range out.Final.Notices {
				require.NotContains(t, n, "decision agent at ")
			}
		})
	}
}

func TestQA3RecordedLLMUnavailableRebuilt(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    OperationFailedData
		is   bool
	}{
		{"with its kind", OperationFailedData{Error: "LLM unavailable", ErrorKind: errorKindLLMUnavailable}, true},
		{"bare, before the kind was kept", OperationFailedData{Error: "LLM unavailable"}, true},
		{"wrapped, before the kind was kept", OperationFailedData{Error: "choose a route: LLM unavailable"}, true},
		{"another failure", OperationFailedData{Error: "ollama: 500 model not found"}, false},
		{"a failure that only mentions it", OperationFailedData{Error: "LLM unavailable for a while, then it answered junk"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.d.err()
			require.Equal(t, tc.is, errors.Is(err, reasoner.ErrLLMUnavailable), "%v", err)
			require.Equal(t, tc.d.Error, err.Error(), "the recorded words")
		})
	}
}

// The narration tagged [ollama:tiny] operations that the offline reasoner
// answered once the LLM had failed or been given up: the recorded result
// says so (its outage notice, an answer's offline), and the narration and
// the page now tag them [offline].
func TestQA3OperationsDecidedOfflineAreTaggedOffline(t *testing.T) {
	const q = "What is a Nash equilibrium?"
	fp, _ := json.Marshal(FilterParams{Title: q})
	ap, _ := json.Marshal(AnswerParams{Question: q})
	verdict := func(notices ...string) json.RawMessage {
		b, _ := json.Marshal(VerdictResult{Yes: true, Reason: "game-theory score 6.0 ≥ 3.0", Notices: notices})
		return b
	}
	answer := func(offline string, notices ...string) json.RawMessage {
		b, _ := json.Marshal(AnswerResult{Text: "An equilibrium [1].", Cited: []int{1}, Offline: offline, Notices: notices})
		return b
	}
	for _, tc := range []struct {
		name   string
		kind   string
		params json.RawMessage
		result json.RawMessage
		want   string
	}{
		{"the LLM answered", KindFilter, fp, verdict(), "[ollama:tiny]"},
		{"decided offline after an outage", KindFilter, fp, verdict(`LLM unavailable (dial tcp: connection refused); continuing offline`), "[offline]"},
		{"decided offline, the LLM given up", KindFilter, fp, verdict(`LLM given up for this run (see the notice above); continuing offline`), "[offline]"},
		{"not asked while the backoff lasts", KindFilter, fp, verdict(`LLM not asked for this question: it failed for the ones before (last: dial tcp: connection refused); continuing offline, and asking it again later`), "[offline]"},
		{"not asked in an ingest", KindFilter, fp, verdict(`LLM not asked for this ingest: it failed in an earlier call (last: HTTP 500); continuing offline, and asking it again later`), "[offline]"},
		{"a notice of another kind", KindFilter, fp, verdict(`the LLM's query "x" was dropped`), "[ollama:tiny]"},
		{"one unusable reply", KindFilter, fp, verdict(`the LLM replied "maybe"; used offline paper filter`), "[offline]"},
		{"an answer written offline", KindAnswer, ap, answer(reasoner.OfflineLLMFailed), "[offline]"},
		{"an answer by the LLM", KindAnswer, ap, answer(""), "[ollama:tiny]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs := []Event{
				qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: q, Settings: Settings{LLM: "ollama:tiny"}}),
				qaEvent(t, 2, StepStarted, 1, nodes.GenerateResponse, StepStartedData{Node: nodes.GenerateResponse}),
				qaEvent(t, 3, OperationStarted, 1, nodes.GenerateResponse, OperationStartedData{OpID: "o", Kind: tc.kind, Tool: "ollama:tiny", Params: tc.params}),
				qaEvent(t, 4, OperationCompleted, 1, nodes.GenerateResponse, OperationCompletedData{OpID: "o", Kind: tc.kind, Result: tc.result}),
				qaEvent(t, 5, StepCompleted, 1, nodes.GenerateResponse, StepCompletedData{Node: nodes.GenerateResponse, Reasoning: "answered"}),
			}
			var b bytes.Buffer
			require.NoError(t, Narrate(&b, evs))
			action := lineWith(t, b.String(), "ACTION")
			require.Contains(t, action, tc.kind+" "+tc.want)

			v := buildView(evs)
			require.Len(t, v.Steps, 1)
			require.Len(t, v.Steps[0].Ops, 1)
			require.Contains(t, v.Steps[0].Ops[0].Summary, tc.kind+" "+tc.want)
		})
	}
}

// In generate_response the paper filter judging the question itself (an
// off-topic check before refusing) read as a paper: `title="What is a
// Nash equilibrium?" (no abstract)`. Wherever the filter is given the
// run's question with no abstract it is the topic judge, and is said so.
func TestQA3TopicJudgeWordingWhereverTheQuestionIsJudged(t *testing.T) {
	const q = "What is a Nash equilibrium?"
	const judge = `reasoner.filter_game_theory_papers [offline] as the topic judge: is the question itself about game theory? question="What is a Nash equilibrium?"`
	for _, tc := range []struct {
		name     string
		node     string
		params   FilterParams
		want     string
		question string
	}{
		{"search_arxiv", nodes.SearchArxiv, FilterParams{Title: q}, judge, q},
		{"generate_response", nodes.GenerateResponse, FilterParams{Title: q}, judge, q},
		{"generate_response, spaced otherwise", nodes.GenerateResponse, FilterParams{Title: "What is a  Nash equilibrium? "}, `reasoner.filter_game_theory_papers [offline] as the topic judge: is the question itself about game theory? question="What is a Nash equilibrium?"`, q},
		{"a paper", nodes.FilterGameTheoryPapers, FilterParams{Title: "Nash equilibria in auctions", Abstract: "We study…"}, `reasoner.filter_game_theory_papers [offline] title="Nash equilibria in auctions"`, q},
		{"a paper with no abstract", nodes.FilterGameTheoryPapers, FilterParams{Title: "Nash equilibria in auctions"}, `reasoner.filter_game_theory_papers [offline] title="Nash equilibria in auctions" (no abstract)`, q},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := json.Marshal(tc.params)
			require.NoError(t, err)
			d := OperationStartedData{OpID: "f", Kind: KindFilter, Tool: "offline", Params: p}
			require.Equal(t, tc.want, describeOpIn(tc.node, d, tc.question))

			evs := []Event{
				qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: tc.question}),
				qaEvent(t, 2, StepStarted, 1, tc.node, StepStartedData{Node: tc.node}),
				qaEvent(t, 3, OperationStarted, 1, tc.node, d),
			}
			var b bytes.Buffer
			require.NoError(t, Narrate(&b, evs))
			require.Contains(t, b.String(), tc.want)
			require.Equal(t, tc.want, buildView(evs).Steps[0].Ops[0].Summary)
		})
	}
}

// "INTERRUPTED after 4 steps: run the workflow: graph: run interrupted
// before step 5 …", and on the page "Stopped on purpose: run the workflow:
// graph: … Everything before that step was done, nothing of it.": the
// layers' prefixes are gone, and the page says which steps ran.
func TestQA3StoppedRunsToldWithoutInternalPrefixes(t *testing.T) {
	path4 := []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers}
	for _, tc := range []struct {
		name      string
		end       ExecutionFailedData
		narration string
		page      string
	}{
		{
			name:      "stopped at the --step prompt",
			end:       ExecutionFailedData{Error: "run the workflow: graph: run interrupted before step 5 (add_to_chroma): stopped at the --step prompt", Path: path4, Interrupted: true},
			narration: "INTERRUPTED after 0 steps: run interrupted before step 5 (add_to_chroma): stopped at the --step prompt",
			page:      "Stopped on purpose: run interrupted before step 5 (add_to_chroma): stopped at the --step prompt. Steps 1 to 4 were done; step 5 never ran.",
		},
		{
			name:      "stopped before the first step",
			end:       ExecutionFailedData{Error: "run the workflow: graph: run interrupted before step 1 (pull_from_chroma): stopped at the --step prompt", Interrupted: true},
			narration: "INTERRUPTED after 0 steps: run interrupted before step 1 (pull_from_chroma): stopped at the --step prompt",
			page:      "Stopped on purpose: run interrupted before step 1 (pull_from_chroma): stopped at the --step prompt. No step had run.",
		},
		{
			name:      "a fork at its step limit",
			end:       ExecutionFailedData{Error: "the fork: run the workflow: step limit 3 reached: pull_from_chroma → check_relevance → search_arxiv → …", Path: path4[:3]},
			narration: "FAILED after 0 steps: step limit 3 reached: pull_from_chroma → check_relevance → search_arxiv → …",
			page:      "The run failed: step limit 3 reached: pull_from_chroma → check_relevance → search_arxiv → …",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs := []Event{
				qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q"}),
				qaEvent(t, 2, ExecutionFailed, 0, "", tc.end),
			}
			var b bytes.Buffer
			require.NoError(t, Narrate(&b, evs))
			require.Contains(t, b.String(), tc.narration)
			require.NotContains(t, b.String(), "graph: ")
			require.NotContains(t, b.String(), "run the workflow")
			page := htmlPage(t, evs)
			require.Contains(t, page, tc.page)
			require.NotContains(t, page, "nothing of it")
		})
	}
}

// A divergence printed both sides cut at the same length: two searches
// that differ only in max (or late in a long query) read the same twice.
// It now names the first parameter that differs, with both values, quoted
// from near where they part when they are long.
func TestQA3DivergenceSaysWhereTheParametersDiffer(t *testing.T) {
	long := strings.Repeat(`ti:"first price auction" OR abs:"first price auction" OR `, 4)
	for _, tc := range []struct {
		name              string
		asked, recorded   any
		want              []string
		notAlsoAsRecorded string
	}{
		{
			name:     "a number",
			asked:    SearchParams{Query: long + "ti:bids", Start: 0, Max: 40},
			recorded: SearchParams{Query: long + "ti:bids", Start: 0, Max: 50},
			want:     []string{"differs in max: asked 40, recorded 50"},
		},
		{
			name:     "late in a long text",
			asked:    SearchParams{Query: long + "ti:bids OR abs:bids", Max: 50},
			recorded: SearchParams{Query: long + "ti:auctions OR abs:auctions", Max: 50},
			want:     []string{`differs in query: asked "…`, `ti:bids OR abs:bids"`, `ti:auctions OR abs:auctions"`},
		},
		{
			name:     "a field one side lacks",
			asked:    map[string]any{"query": "q", "max": 50, "sort_by": "relevance"},
			recorded: map[string]any{"query": "q", "max": 50},
			want:     []string{`differs in sort_by: asked "relevance", not in the recording`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := canonical(tc.asked)
			require.NoError(t, err)
			r, err := canonical(tc.recorded)
			require.NoError(t, err)
			e := &DivergenceError{Step: 3, Node: nodes.SearchArxiv, Kind: KindArxivSearch, Fingerprint: fingerprintOf(a), Params: string(a),
				Recorded: &RecordedOp{Kind: KindArxivSearch, Fingerprint: fingerprintOf(r), Params: r, Step: 3, Node: nodes.SearchArxiv, Line: 19}}
			msg := e.Error()
			require.Contains(t, msg, "replay diverged at step 3 (search_arxiv)")
			require.Contains(t, msg, "(line 19, step 3 search_arxiv)")
			for _, w := range tc.want {
				require.Contains(t, msg, w)
			}
			require.NotContains(t, msg, "\n")
		})
	}
}

// Two different queries cut at the same length read the same in the state
// diff ("ti:bake OR abs:bake OR ti:sourdough OR …" twice, one of them a
// search that looked repeated): a later item that would read as an
// earlier one it differs from is quoted from where they part.
func TestQA3TruncatedItemsThatDifferReadDifferently(t *testing.T) {
	const a = "ti:bake OR abs:bake OR ti:sourdough OR abs:sourdough OR ti:bread OR abs:bread OR (cat:cs.GT OR cat:econ.TH)"
	const b = "ti:bake OR abs:bake OR ti:sourdough OR abs:sourdough OR (cat:cs.GT OR cat:econ.TH)"
	search := func(q string, start int) map[string]any {
		return map[string]any{"query": q, "start": start, "total": 1089, "returned": 30}
	}
	for _, tc := range []struct {
		name  string
		field string
		value any
		want  string
	}{
		{"queries", "arxiv_queries", []string{a, b},
			`2 planned queries: "ti:bake OR abs:bake OR ti:sourdough OR …", "…abs:sourdough OR (cat:cs.GT OR cat:eco…"`},
		{"searches", "searches", []any{search(a, 0), search(b, 0)},
			`2 searches: "ti:bake OR abs:bake OR ti:sourdough OR …": 30 of 1089, "…abs:sourdough OR (cat:cs.GT OR cat:eco…": 30 of 1089`},
		{"a later page of the same search", "searches", []any{search(a, 0), search(a, 30)},
			`2 searches: "ti:bake OR abs:bake OR ti:sourdough OR …": 30 of 1089, "ti:bake OR abs:bake OR ti:sourdough OR …" from 30: 30 of 1089`},
		{"the same item twice", "arxiv_queries", []string{a, a},
			`2 planned queries: "ti:bake OR abs:bake OR ti:sourdough OR …", "ti:bake OR abs:bake OR ti:sourdough OR …"`},
		{"short items", "arxiv_queries", []string{"ti:nash", "ti:core"}, `2 planned queries: ti:nash, ti:core`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.value)
			require.NoError(t, err)
			require.Equal(t, tc.want, Summarize(tc.field, raw))
		})
	}
}

// The page said "reasoning" changed on every step (the narration shows it
// as REASONING), left out the environment lines and the knowledge base's
// count the narration gives, and called documents "chunks" in its header.
func TestQA3PageEnvironmentUpdateAgreesWithTheNarration(t *testing.T) {
	ap, _ := json.Marshal(AddParams{Count: 2, PaperIDs: []string{"p"}})
	before, after := 0, 2
	ar, _ := json.Marshal(AddResult{Added: 2, CountBefore: &before, CountAfter: &after})
	mut := func(field string, b, a any) Mutation {
		bb, _ := json.Marshal(b)
		aa, _ := json.Marshal(a)
		return Mutation{Field: field, Before: bb, After: aa}
	}
	count := func(seq int64, n int) []Event {
		r, _ := json.Marshal(CountResult{Count: n})
		return []Event{
			qaEvent(t, seq, OperationStarted, 0, "", OperationStartedData{OpID: "c" + itoa(int(seq)), Kind: KindStoreCount, Params: json.RawMessage(`{}`)}),
			qaEvent(t, seq+1, OperationCompleted, 0, "", OperationCompletedData{OpID: "c" + itoa(int(seq)), Kind: KindStoreCount, Result: r}),
		}
	}
	evs := []Event{qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q"})}
	evs = append(evs, count(2, 0)...)
	evs = append(evs,
		qaEvent(t, 4, StepStarted, 1, nodes.CheckRelevance, StepStartedData{Node: nodes.CheckRelevance}),
		qaEvent(t, 5, StateMutated, 1, nodes.CheckRelevance, StateMutatedData{Mutations: []Mutation{mut("reasoning", "", "no documents retrieved")}}),
		qaEvent(t, 6, StepCompleted, 1, nodes.CheckRelevance, StepCompletedData{Node: nodes.CheckRelevance, Reasoning: "no documents retrieved"}),
		qaEvent(t, 7, RouteDecided, 1, nodes.CheckRelevance, RouteDecidedData{From: nodes.CheckRelevance, To: nodes.AddToChroma}),
		qaEvent(t, 8, StepStarted, 2, nodes.AddToChroma, StepStartedData{Node: nodes.AddToChroma}),
		qaEvent(t, 9, OperationStarted, 2, nodes.AddToChroma, OperationStartedData{OpID: "a", Kind: KindStoreAdd, Params: ap}),
		qaEvent(t, 10, OperationCompleted, 2, nodes.AddToChroma, OperationCompletedData{OpID: "a", Kind: KindStoreAdd, Result: ar}),
		qaEvent(t, 11, StateMutated, 2, nodes.AddToChroma, StateMutatedData{Mutations: []Mutation{mut("papers_added", 0, 1), mut("reasoning", "", "added p")}}),
		qaEvent(t, 12, StepCompleted, 2, nodes.AddToChroma, StepCompletedData{Node: nodes.AddToChroma, Reasoning: "added p",
			Environment: []string{"store.add: new entry with 1 paper"}}),
		qaEvent(t, 13, RouteDecided, 2, nodes.AddToChroma, RouteDecidedData{From: nodes.AddToChroma, To: graph.END}),
	)
	evs = append(evs, count(14, 2)...)
	evs = append(evs, qaEvent(t, 16, ExecutionCompleted, 0, "", ExecutionCompletedData{Path: []string{nodes.CheckRelevance, nodes.AddToChroma}}))

	var b bytes.Buffer
	require.NoError(t, Narrate(&b, evs))
	text := b.String()
	v := buildView(evs)
	for _, tc := range []struct {
		step      int
		fields    []string
		changes   []string
		narration []string
	}{
		{step: 1, narration: []string{"ENVIRONMENT UPDATE  no state change"}},
		{step: 2, fields: []string{"papers_added"}, changes: []string{"knowledge base: 0 → 2 documents", "environment: store.add: new entry with 1 paper"},
			narration: []string{"papers_added: 0 → 1", "knowledge base: 0 → 2 documents", "environment: store.add: new entry with 1 paper"}},
	} {
		s := v.Steps[tc.step-1]
		var fields []string
		for _, m := range s.Mutations {
			fields = append(fields, m.Field)
		}
		require.Equal(t, tc.fields, fields, "step %d", tc.step)
		require.Equal(t, tc.changes, s.Changes, "step %d", tc.step)
		for _, n := range tc.narration {
			require.Contains(t, text, n)
		}
	}
	require.Equal(t, "0 → 2 documents", v.Store)
	require.Contains(t, text, "knowledge base      0 → 2 documents")

	page := htmlPage(t, evs)
	require.Contains(t, page, "knowledge base 0 → 2 documents")
	require.NotContains(t, page, "knowledge base 0 chunks")
	require.NotContains(t, page, `data-field="reasoning"`)
	require.Contains(t, page, "<li>knowledge base: 0 → 2 documents</li>")
	require.Contains(t, page, "<li>environment: store.add: new entry with 1 paper</li>")
	require.Contains(t, page, `<p class="none">no state change</p>`)
}

// embedStore is memStore whose queries and adds embed their texts, as the
// real store does, with the embedder the run's recorder wraps.
type embedStore struct {
	*memStore
	emb vectordb.Embedder
}

func (s embedStore) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	if _, err := s.emb.Embed(ctx, []string{text}); err != nil {
		return nil, err
	}
	return s.memStore.Query(ctx, text, k)
}

func (s embedStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	texts := make([]string, len(docs))
	for i, d := range docs {
		texts[i] = d.Content
	}
	if _, err := s.emb.Embed(ctx, texts); err != nil {
		return 0, err
	}
	return s.memStore.Add(ctx, docs)
}

type fakeEmbedder struct{}

func (fakeEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = make([]float32, 4)
	}
	return out, nil
}
func (fakeEmbedder) Spec() string { return "offline" }
func (fakeEmbedder) Dim() int     { return 4 }

// recordLikeAsk records a run of w as service.Ask does: the embeds inside
// the store's operations, and the run's environment.
func recordLikeAsk(t *testing.T, w *world) string {
	t.Helper()
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "orig" }, LLM: "fake"})
	d := w.deps()
	d.Store = embedStore{w.store, rec.Embedder(fakeEmbedder{})}
	env := environment.New()
	d = rec.Wrap(d)
	rec.Environment(env)
	d = env.Wrap(d)
	g, err := nodes.Build(d)
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	final, runErr := g.Run(context.Background(), nodes.NewState(testQuestion), graph.WithStepLimit(25), graph.WithObserver[nodes.GraphState](rec))
	require.NoError(t, runErr)
	require.NoError(t, rec.Finish(final, runErr))
	return out.String()
}

// stepBlocks cuts a narration into its steps' blocks, by step number,
// without the TIME TRAVEL lines a fork adds.
func stepBlocks(narration string) map[int]string {
	out := map[int]string{}
	for _, b := range strings.Split(narration, "\nstep ")[1:] {
		var n int
		for _, c := range b {
			if c < '0' || c > '9' {
				break
			}
			n = n*10 + int(c-'0')
		}
		var keep []string
		for _, l := range strings.Split(b, "\n") {
			if !strings.Contains(l, "TIME TRAVEL") && !strings.HasPrefix(l, "END after") {
				keep = append(keep, l)
			}
		}
		out[n] = strings.Join(keep, "\n")
	}
	return out
}

// The recording of a fork told its replayed steps with less than the
// original's: no environment lines, no embeds inside the store's
// operations, no knowledge-base counts. It now tells them as the original
// did, and the steps after the fork have their environment lines too.
func TestQA3ForkRecordingTellsTheReplayedStepsAsTheOriginal(t *testing.T) {
	orig := recordLikeAsk(t, newWorld())
	var on bytes.Buffer
	require.NoError(t, Narrate(&on, readString(t, orig)))
	require.Contains(t, on.String(), "embed [offline]")
	require.Contains(t, on.String(), "environment: ")
	require.Contains(t, on.String(), "knowledge base: 0 → 2 documents")

	for _, at := range []int{5, 7} {
		t.Run("fork after step "+itoa(at), func(t *testing.T) {
			p, err := NewPlayer(readString(t, orig))
			require.NoError(t, err)
			var out bytes.Buffer
			rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "fork" }, LLM: "fake"})
			live := newWorld()
			live.store.docs = append(live.store.docs, testDoc("2301.01234v2_chunk_0", "2301.01234v2", "Tit-for-Tat in Repeated Games"))
			after := live.deps()
			after.Store = embedStore{live.store, rec.Embedder(fakeEmbedder{})}
			edit := Edit{Field: "relevant_context", Value: json.RawMessage("false")}
			set := testSettings()
			set.Fork = &ForkInfo{Of: "orig", Step: at, Field: edit.Field, Value: edit.Value, RecordedPath: p.RecordedPath()}
			g, err := nodes.Build(nodes.Deps{})
			require.NoError(t, err)
			rec.Start(g, testQuestion, set)
			res, runErr := p.Fork(context.Background(), at, edit, after, rec.Wrap, graph.WithObserver[nodes.GraphState](rec))
			require.NoError(t, rec.Finish(res.Final, runErr))
			require.NoError(t, runErr)

			var fn bytes.Buffer
			require.NoError(t, Narrate(&fn, readString(t, out.String())))
			forked := fn.String()
			require.Contains(t, forked, "\n  knowledge base: 0 documents\n", "the store's size before the run")
			want, got := stepBlocks(on.String()), stepBlocks(forked)
			for step := 1; step <= at; step++ {
				w, g := want[step], got[step]
				if step == at { // the router decided again, on the edited state
					w, g = w[:strings.Index(w, "  NEXT ")], g[:strings.Index(g, "  NEXT ")]
				}
				require.Equal(t, w, g, "step %d, replayed, reads as the original's", step)
			}
			require.Regexp(t, `knowledge base +0 → \d+ documents?\n$`, forked)

			// It replays, and it says what the fork's own steps added.
			fp, err := NewPlayer(readString(t, out.String()))
			require.NoError(t, err)
			_, err = fp.Run(context.Background())
			require.NoError(t, err)
			base, ok := p.StateAtFork()
			require.True(t, ok)
			require.False(t, base.RelevantContext, "the edit made")
			require.Equal(t, 2, base.PapersAdded, "the recorded part added the papers")
		})
	}
}

func lineWith(t *testing.T, text, label string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, label) {
			return l
		}
	}
	t.Fatalf("no %s line in:\n%s", label, text)
	return ""
}

// A run stopped by a signal is told as stopped, whichever words the cause
// used: gtrag's own since it told SIGTERM from Ctrl-C ("FAILED … stopped
// by Ctrl-C" was printed for a day), and signal.NotifyContext's in older
// recordings.
func TestSignalStoppedRunsAreToldAsStopped(t *testing.T) {
	for err, want := range map[string]string{
		"run the workflow: node search_arxiv (step 3): search arXiv: context canceled: stopped by Ctrl-C":          "Ctrl-C",
		"run the workflow: node search_arxiv (step 3): search arXiv: context canceled: stopped by SIGTERM":         "SIGTERM",
		"run the workflow: node search_arxiv (step 3): search arXiv: context canceled: interrupt signal received":  "Ctrl-C",
		"run the workflow: node search_arxiv (step 3): search arXiv: context canceled: terminated signal received": "SIGTERM",
		"run the workflow: node search_arxiv (step 3): search arXiv: connection refused":                           "",
	} {
		require.Equal(t, want, signalName(err), err)
		require.Equal(t, want != "", stoppedBySignal(err), err)
	}
}

// stopSignal is an error that names the signal that stopped a run, as
// cmd/gtrag's signal cause does.
type stopSignal string

func (s stopSignal) Error() string      { return "halted" }
func (s stopSignal) SignalName() string { return string(s) }

// A run a signal stopped records the signal's name, so that readers need
// not read it from the error's words: here the words say nothing of it.
func TestARecordingKeepsTheSignalThatStoppedItsRun(t *testing.T) {
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "run-sig" }})
	g, err := nodes.Build(rec.Wrap(newWorld().deps()))
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	runErr := fmt.Errorf("run the workflow: node search_arxiv (step 3): %w: %w", context.Canceled, stopSignal("SIGTERM"))
	require.NoError(t, rec.Finish(nodes.NewState(testQuestion), runErr))

	evs := readString(t, out.String())
	last := evs[len(evs)-1]
	require.Equal(t, ExecutionFailed, last.Type)
	var d ExecutionFailedData
	require.NoError(t, last.Decode(&d))
	require.Equal(t, "SIGTERM", d.Signal)
	require.Empty(t, signalName(d.Error), "precondition: the words alone do not tell")
	f := failureOf(d)
	require.Equal(t, outcomeStopped, f.outcome)
	require.Equal(t, "SIGTERM", f.by)

	// An error with no such cause records none, and the run failed.
	out.Reset()
	rec = New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "run-fail" }})
	rec.Start(g, testQuestion, testSettings())
	require.NoError(t, rec.Finish(nodes.NewState(testQuestion), errors.New("run the workflow: disk full")))
	evs = readString(t, out.String())
	d = ExecutionFailedData{}
	require.NoError(t, evs[len(evs)-1].Decode(&d))
	require.Empty(t, d.Signal)
	require.Equal(t, outcomeFailed, failureOf(d).outcome)
}

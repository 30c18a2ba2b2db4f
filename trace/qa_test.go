package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/vectordb"
)

// qaEvent is one event of a hand-made recording.
func qaEvent(t *testing.T, seq int64, typ Type, step int, node string, data any) Event {
	t.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	return Event{ID: "qa", ExecutionID: "qa", Seq: seq, Type: typ, Step: step, Node: node, Data: raw}
}

// A store query embeds its text inside itself: the embed starts and ends
// while the query is open. The page used to keep a pointer to the query's
// entry in a slice that the embed's append then moved, so the query's
// result went to a stale copy and the page said "(no result: the run ended
// first)" for a query that had returned, in every recorded run.
func TestQAHTMLNestedOperationKeepsItsResult(t *testing.T) {
	qp, _ := json.Marshal(QueryParams{Text: "What is a core?", K: 10})
	qr, _ := json.Marshal(QueryResult{Results: []vectordb.Result{{Document: vectordb.Document{ID: "primer:core_chunk_0"}, Score: 0.9}}})
	ep, _ := json.Marshal(EmbedParams{Texts: 1, Chars: 15})
	er, _ := json.Marshal(EmbedResult{Vectors: 1, Dims: 768})
	evs := []Event{
		qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "What is a core?", Settings: testSettings()}),
		qaEvent(t, 2, StepStarted, 1, nodes.PullFromChroma, StepStartedData{Node: nodes.PullFromChroma}),
		qaEvent(t, 3, OperationStarted, 1, nodes.PullFromChroma, OperationStartedData{OpID: "q", Kind: KindStoreQuery, Params: qp}),
		qaEvent(t, 4, OperationStarted, 1, nodes.PullFromChroma, OperationStartedData{OpID: "e", Kind: KindEmbed, Params: ep}),
		qaEvent(t, 5, OperationCompleted, 1, nodes.PullFromChroma, OperationCompletedData{OpID: "e", Kind: KindEmbed, DurationMS: 1, Result: er}),
		qaEvent(t, 6, OperationCompleted, 1, nodes.PullFromChroma, OperationCompletedData{OpID: "q", Kind: KindStoreQuery, DurationMS: 7, Result: qr}),
		qaEvent(t, 7, StepCompleted, 1, nodes.PullFromChroma, StepCompletedData{Node: nodes.PullFromChroma}),
	}
	v := buildView(evs)
	if len(v.Steps) != 1 || len(v.Steps[0].Ops) != 2 {
		t.Fatalf("view: %+v", v.Steps)
	}
	for _, op := range v.Steps[0].Ops {
		if !op.Done || op.Result == "" {
			t.Errorf("%s shown without its result (done %v, result %q)", op.Kind, op.Done, op.Result)
		}
	}
	page := htmlPage(t, evs)
	if strings.Contains(page, "no result: the run ended first") {
		t.Error("the page says an operation that returned has no result")
	}
	if !strings.Contains(page, "primer:core_chunk_0") {
		t.Error("the page lacks the store query's result")
	}
}

// forkFixtureOfFork is testdata/trace/fork.jsonl made into the recording
// of a fork of a fork: it also carries an earlier fork's edit after step 3.
func forkFixtureOfFork(t *testing.T) []Event {
	t.Helper()
	evs := readFixture(t, "../testdata/trace/fork.jsonl")
	var d ExecutionStartedData
	mustDecode(t, evs[0], &d)
	if d.Settings.Fork == nil {
		t.Fatal("fork.jsonl is not the recording of a fork")
	}
	d.Settings.Fork.Earlier = []ForkEdit{{Of: "run0", Step: 3, Field: "arxiv_query", Value: json.RawMessage(`"nash"`)}}
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	evs[0].Data = raw
	return evs
}

// stepBlock is the narration of step n, up to the next step.
func stepBlock(t *testing.T, narration string, n int) string {
	t.Helper()
	head := "\nstep " + itoa(n) + " · "
	i := strings.Index(narration, head)
	if i < 0 {
		t.Fatalf("no step %d in\n%s", n, narration)
	}
	block := narration[i+1:]
	if j := strings.Index(block, "\nstep "); j >= 0 {
		block = block[:j]
	}
	return block
}

// The narration of a fork's recording showed the judge saying "relevant",
// relevant_context going false → true, and the router then choosing
// not_relevant, with nothing between: the fork's edit, the cause, was only
// in the header. It now says, at the step, what the fork set.
func TestQANarrationOfAForkSaysWhereTheStateWasSet(t *testing.T) {
	evs := forkFixtureOfFork(t)
	var d ExecutionStartedData
	mustDecode(t, evs[0], &d)
	f := d.Settings.Fork
	var b bytes.Buffer
	if err := Narrate(&b, evs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	own := stepBlock(t, out, f.Step)
	want := "TIME TRAVEL         then the fork set " + f.Field + "=" + string(f.Value)
	if !strings.Contains(own, want) {
		t.Errorf("step %d does not say what the fork set (%q):\n%s", f.Step, want, own)
	}
	if strings.Index(own, "TIME TRAVEL") > strings.Index(own, "NEXT") {
		t.Errorf("the edit is told after the router's choice:\n%s", own)
	}
	carried := stepBlock(t, out, 3)
	if !strings.Contains(carried, `then an earlier fork set arxiv_query="nash", carried into this one`) {
		t.Errorf("step 3 does not say the carried edit:\n%s", carried)
	}
	if n := strings.Count(out, "TIME TRAVEL"); n != 2 {
		t.Errorf("%d TIME TRAVEL lines, want 2 (one per edit)", n)
	}
	// A run that is not a fork says nothing of the kind.
	b.Reset()
	if err := Narrate(&b, readFixture(t, "../testdata/trace/run.jsonl")); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "TIME TRAVEL") {
		t.Error("the narration of a plain run speaks of time travel")
	}
}

// The page of a fork of a fork said nothing of the edits it carries: the
// replayed step after which an earlier fork changed the state read
// "Replayed from the recording", and the banner named one edit.
func TestQAHTMLOfAForkOfAForkShowsTheCarriedEdit(t *testing.T) {
	evs := forkFixtureOfFork(t)
	page := htmlPage(t, evs)
	banner := page[strings.Index(page, `id="fork"`):]
	banner = banner[:strings.Index(banner, "</p>")]
	if !strings.Contains(banner, "arxiv_query=&#34;nash&#34; after step 3") {
		t.Errorf("the banner does not name the carried edit: %s", banner)
	}
	step3 := page[strings.Index(page, `<section class="step" id="step-3"`):]
	step3 = step3[:strings.Index(step3, "</section>")]
	if !strings.Contains(step3, `class="fork-edit carried"`) || !strings.Contains(step3, "arxiv_query=&#34;nash&#34;") {
		t.Errorf("step 3 does not show the carried edit:\n%s", step3)
	}
}

// The narration named a pool ranking "pool.rank {3 fields} → {1 field}":
// it now says how many papers were ranked against what, and the best.
func TestQANarrationOfAPoolRanking(t *testing.T) {
	p, _ := json.Marshal(RankParams{Query: "tit for tat", DocIDs: []string{"a", "b", "c", "d"}})
	op := describeOp(nodes.SearchArxiv, OperationStartedData{Kind: KindRank, Params: p})
	if op != `pool.rank 4 papers against "tit for tat"` {
		t.Errorf("describeOp = %q", op)
	}
	r, _ := json.Marshal(RankResult{Ranked: []vectordb.Ranked{{ID: "b", Score: 1}, {ID: "a", Score: 0.5}, {ID: "d", Score: 0.25}, {ID: "c", Score: 0.125}}})
	if got, want := describeResult(KindRank, r), "4 ranked, best first: b (1.00), a (0.50), d (0.25), … (1 more)"; got != want {
		t.Errorf("describeResult = %q, want %q", got, want)
	}
}

// --set FIELD=null was taken for a bool, a number or text: the field kept
// its zero value, whatever the recording had, and the fork reported the
// edit "relevant_context=null" as made.
func TestQAParseEditRefusesNullForAScalar(t *testing.T) {
	for _, in := range []string{"relevant_context=null", "papers_added=null", "user_query=null", "final_response= null"} {
		_, err := ParseEdit(in)
		if err == nil {
			t.Errorf("ParseEdit(%q) accepted", in)
			continue
		}
		if !strings.Contains(err.Error(), "not null") || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseEdit(%q): %v", in, err)
		}
	}
	// A list takes null for none, as it takes [].
	if _, err := ParseEdit("arxiv_papers=null"); err != nil {
		t.Errorf("arxiv_papers=null: %v", err)
	}
}

// cancellingArxiv is an arXiv that the user interrupts while it is being
// asked: the run's context ends (as Ctrl-C ends it) and the call fails
// with the context's cause, as the arXiv client's does.
type cancellingArxiv struct{ cancel context.CancelCauseFunc }

func (a cancellingArxiv) Search(ctx context.Context, query string, _, _ int, _ arxiv.SearchOptions) (arxiv.Page, error) {
	a.cancel(errors.New("interrupt signal received"))
	return arxiv.Page{}, fmt.Errorf("search arXiv for %q (start 0): %w", query, context.Cause(ctx))
}

// A run stopped with Ctrl-C while arXiv was being asked is kept as a
// failed run. Its replay did not stop there: the search node took the
// recorded failure for arXiv being down, answered from the store and
// "finished differently from the recording" (exit 1). The recording now
// marks the operation cancelled, and the replay stops in it, as the run
// did; a recording made before the mark replays the same way.
func TestQAReplayOfARunStoppedDuringAStep(t *testing.T) {
	w := newWorld()
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "run3" }})
	d := w.deps()
	d.Arxiv = cancellingArxiv{cancel}
	g, err := nodes.Build(rec.Wrap(d))
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	final, runErr := g.Run(ctx, nodes.NewState(testQuestion), graph.WithObserver[nodes.GraphState](rec))
	require.Error(t, runErr)
	require.NoError(t, rec.Finish(final, runErr))
	evs := readString(t, out.String())
	require.Equal(t, ExecutionFailed, evs[len(evs)-1].Type)

	var failed *OperationFailedData
	for _, e := range evs {
		if e.Type == OperationFailed {
			failed = &OperationFailedData{}
			mustDecode(t, e, failed)
		}
	}
	require.NotNil(t, failed, "no failed operation recorded")
	require.Equal(t, KindArxivSearch, failed.Kind)
	require.Equal(t, "cancelled", failed.ErrorKind)

	replay := func(evs []Event) error {
		t.Helper()
		p, err := NewPlayer(evs)
		require.NoError(t, err)
		_, err = p.Run(context.Background())
		return err
	}
	err = replay(evs)
	var mm *MismatchError
	require.False(t, errors.As(err, &mm), "the replay ran on past where the run was stopped: %v", err)
	require.ErrorContains(t, err, "the recorded run was stopped during step 3 (search_arxiv), and so is the replay")
	require.ErrorContains(t, err, "interrupt signal received")
	var stopped *StoppedError
	require.ErrorAs(t, err, &stopped, "typed, so that replay --json can print the state reached")
	require.Equal(t, 3, stopped.Step)
	require.Equal(t, "search_arxiv", stopped.Node)

	// The same recording as gtrag wrote it before the mark.
	old := slices.Clone(evs)
	for i, e := range old {
		if e.Type == OperationFailed {
			var d OperationFailedData
			mustDecode(t, e, &d)
			d.ErrorKind = ""
			old[i].Data, _ = json.Marshal(d)
		}
	}
	require.ErrorContains(t, replay(old), "the recorded run was stopped during step 3 (search_arxiv), and so is the replay")
}

// A failed operation of a run that went on is no stop: arXiv refusing is
// replayed as arXiv refusing, and the run answers as it did.
func TestQAReplayOfAFailedSearchIsNotAStop(t *testing.T) {
	w := newWorld()
	w.store.docs = append(w.store.docs, testDoc("primer:x_chunk_0", "primer:x", "X"))
	w.arxiv.err = fmt.Errorf("search arXiv: %w", context.Canceled) // worded as a stop, but the run went on
	out, _, _, runErr := recordRun(t, w, testQuestion, Options{})
	require.NoError(t, runErr)
	p, err := NewPlayer(readString(t, out))
	require.NoError(t, err)
	_, err = p.Run(context.Background())
	require.NoError(t, err)
}

// The filter judges a few papers at once, so their operations overlap in a
// recording made with a slow (LLM) filter: started, started, started, then
// their results. The narration indented each under the one before, as if
// each call had been made inside the previous one, the way an embed is
// made inside a store query. Calls of one kind running side by side are
// now told side by side; the embed stays inside its query.
func TestQANarrationOfOverlappingCallsIsNotNested(t *testing.T) {
	fp := func(title string) json.RawMessage {
		b, _ := json.Marshal(FilterParams{Title: title, Abstract: "x"})
		return b
	}
	yes, _ := json.Marshal(VerdictResult{Yes: true, Reason: "LLM replied \"yes\""})
	qp, _ := json.Marshal(QueryParams{Text: "q", K: 10})
	qr, _ := json.Marshal(QueryResult{})
	ep, _ := json.Marshal(EmbedParams{Texts: 1, Chars: 1})
	er, _ := json.Marshal(EmbedResult{Vectors: 1, Dims: 8})
	f := nodes.FilterGameTheoryPapers
	evs := []Event{
		qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q", Settings: testSettings()}),
		qaEvent(t, 2, StepStarted, 1, f, StepStartedData{Node: f}),
		qaEvent(t, 3, OperationStarted, 1, f, OperationStartedData{OpID: "a", Kind: KindFilter, Params: fp("Paper A")}),
		qaEvent(t, 4, OperationStarted, 1, f, OperationStartedData{OpID: "b", Kind: KindFilter, Params: fp("Paper B")}),
		qaEvent(t, 5, OperationStarted, 1, f, OperationStartedData{OpID: "c", Kind: KindFilter, Params: fp("Paper C")}),
		qaEvent(t, 6, OperationCompleted, 1, f, OperationCompletedData{OpID: "b", Kind: KindFilter, Result: yes}),
		qaEvent(t, 7, OperationCompleted, 1, f, OperationCompletedData{OpID: "a", Kind: KindFilter, Result: yes}),
		qaEvent(t, 8, OperationCompleted, 1, f, OperationCompletedData{OpID: "c", Kind: KindFilter, Result: yes}),
		qaEvent(t, 9, OperationStarted, 1, f, OperationStartedData{OpID: "q", Kind: KindStoreQuery, Params: qp}),
		qaEvent(t, 10, OperationStarted, 1, f, OperationStartedData{OpID: "e", Kind: KindEmbed, Params: ep}),
		qaEvent(t, 11, OperationCompleted, 1, f, OperationCompletedData{OpID: "e", Kind: KindEmbed, Result: er}),
		qaEvent(t, 12, OperationCompleted, 1, f, OperationCompletedData{OpID: "q", Kind: KindStoreQuery, Result: qr}),
		qaEvent(t, 13, StepCompleted, 1, f, StepCompletedData{Node: f}),
	}
	var b bytes.Buffer
	require.NoError(t, Narrate(&b, evs))
	out := b.String()
	for _, title := range []string{"A", "B", "C"} {
		want := "\n                      " + KindFilter + ` title="Paper ` + title + `"`
		if title == "A" {
			want = "\n  ACTION              " + KindFilter + ` title="Paper A"`
		}
		require.Contains(t, out, want+" → yes", "paper %s is not told beside the others:\n%s", title, out)
	}
	require.Contains(t, out, "\n                        embed 1 text (1 chars) → 1 vector × 8 dims", "the embed is no longer told inside its query:\n%s", out)
}

// In a run routed by a decision agent (--router llm) the page said "
// route_after_relevance_check chose not_relevant", crediting the rule
// with the agent's choice, left out the agent's message, and said nothing
// when the agent's choice was refused and the rule chose instead. The
// narration said both; the page now does too.
func TestQAHTMLSaysWhoDecided(t *testing.T) {
	c := nodes.CheckRelevance
	f := nodes.FilterGameTheoryPapers
	evs := []Event{
		qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q", Settings: testSettings()}),
		qaEvent(t, 2, StepStarted, 1, c, StepStartedData{Node: c}),
		qaEvent(t, 3, StepCompleted, 1, c, StepCompletedData{Node: c}),
		qaEvent(t, 4, RouteDecided, 1, c, RouteDecidedData{From: c, Router: "route_after_relevance_check", Key: "not_relevant", To: nodes.SearchArxiv,
			Reason: "the store has little on this", DecidedBy: "llm", Message: "searching arXiv for <more>"}),
		qaEvent(t, 5, StepStarted, 2, f, StepStartedData{Node: f}),
		qaEvent(t, 6, StepCompleted, 2, f, StepCompletedData{Node: f}),
		qaEvent(t, 7, RouteDecided, 2, f, RouteDecidedData{From: f, Router: "route_after_paper_filter", Key: "none_kept", To: nodes.GenerateResponse,
			Reason: "no new game-theory papers found", DecidedBy: "rules",
			Notice: `decision agent at route_after_paper_filter: chose "papers_kept", but no paper was kept to add; the rule router chose none_kept`}),
	}
	g, err := nodes.Build(nodes.Deps{})
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, HTML(&b, g, evs))
	page := b.String()
	route := func(step int) string {
		s := page[strings.Index(page, `id="step-`+itoa(step)+`"`):]
		s = s[strings.Index(s, `<p class="route">`):]
		return s[:strings.Index(s, "</p>")]
	}
	first := route(1)
	for _, want := range []string{"decision agent", "not_relevant", "searching arXiv for &lt;more&gt;", "the store has little on this"} {
		require.Contains(t, first, want, "step 1's route")
	}
	second := route(2)
	for _, want := range []string{"none_kept", "no new game-theory papers found", "but no paper was kept to add"} {
		require.Contains(t, second, want, "step 2's route")
	}
	require.NotContains(t, second, "<b>decision agent</b>", "the rule chose at step 2")
}

// htmlPage is the run viewer's page of evs, drawn on the workflow's graph.
func htmlPage(t *testing.T, evs []Event) string {
	t.Helper()
	g, err := nodes.Build(nodes.Deps{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := HTML(&b, g, evs); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

package nodes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// memStore is an in-memory store: a document matches a query when they share
// a word of four letters or more; the score is the share of query words found.
type memStore struct {
	mu   sync.Mutex
	docs []vectordb.Document
}

func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !('a' <= r && r <= 'z') }) {
		if len(w) >= 4 {
			out = append(out, w)
		}
	}
	return out
}

func (m *memStore) Query(_ context.Context, text string, k int) ([]vectordb.Result, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	q := words(text)
	var out []vectordb.Result
	for _, d := range m.docs {
		hit := 0
		dw := words(d.Content)
		for _, w := range q {
			if slices.Contains(dw, w) {
				hit++
			}
		}
		if hit > 0 {
			sim := float64(hit) / float64(len(q))
			out = append(out, vectordb.Result{Document: d, Score: sim, Similarity: sim})
		}
	}
	slices.SortStableFunc(out, func(a, b vectordb.Result) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	if len(out) > k {
		out = out[:k]
	}
	return out, nil
}

func (m *memStore) Add(_ context.Context, docs []vectordb.Document) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, d := range docs {
		if !slices.ContainsFunc(m.docs, func(e vectordb.Document) bool { return e.ID == d.ID }) {
			m.docs = append(m.docs, d)
			n++
		}
	}
	return n, nil
}

func (m *memStore) count() int { m.mu.Lock(); defer m.mu.Unlock(); return len(m.docs) }

// fakeArxiv returns its papers for every query and counts calls.
type fakeArxiv struct {
	papers []arxiv.Paper
	err    error
	calls  int
	// fresh makes every call return new papers, so the loop never runs dry.
	fresh bool
}

func (f *fakeArxiv) Search(_ context.Context, query string, start, max int, _ arxiv.SearchOptions) (arxiv.Page, error) {
	f.calls++
	if f.err != nil {
		return arxiv.Page{}, f.err
	}
	ps := f.papers
	if f.fresh {
		ps = []arxiv.Paper{{ID: fmt.Sprintf("2401.%05dv1", f.calls), Title: "Equilibrium bidding", Summary: "A game theory paper on equilibrium bidding in auctions."}}
	}
	if len(ps) > max {
		ps = ps[:max]
	}
	return arxiv.Page{Papers: ps, Total: len(ps)}, nil
}

// wordJudge says relevant when the top passage's score is at least min.
type wordJudge struct{ min float64 }

func (j wordJudge) JudgeRelevance(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	return reasoner.Verdict{Yes: len(ps) > 0 && ps[0].Score >= j.min, Reason: fmt.Sprintf("top score %.2f", ps[0].Score)}, nil
}

// gtFilter keeps texts that mention game theory, equilibrium or auction.
type gtFilter struct {
	mu    sync.Mutex
	calls int
}

func (f *gtFilter) IsGameTheory(_ context.Context, title, abstract string) (reasoner.Verdict, error) {
	f.mu.Lock()
	f.calls++
	f.mu.Unlock()
	t := strings.ToLower(title + " " + abstract)
	yes := strings.Contains(t, "game theory") || strings.Contains(t, "equilibrium") || strings.Contains(t, "auction")
	return reasoner.Verdict{Yes: yes, Reason: "keywords"}, nil
}

// citeAll answers with one sentence per passage, citing each.
type citeAll struct{}

func (citeAll) Answer(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Answer, error) {
	var b strings.Builder
	var cited []int
	for _, p := range ps {
		fmt.Fprintf(&b, "%s [%d]. ", p.Title, p.N)
		cited = append(cited, p.N)
	}
	return reasoner.Answer{Text: strings.TrimSpace(b.String()), Cited: cited}, nil
}

var (
	gtPaper   = arxiv.Paper{ID: "2301.01234v2", Title: "Nash equilibrium in sealed-bid auctions", Summary: "We study the Nash equilibrium of sealed-bid auctions with asymmetric bidders."}
	videoGame = arxiv.Paper{ID: "cs/0112004v1", Title: "Rendering pipelines for video game engines", Summary: "We describe a rendering engine for real-time video game graphics."}
	// tender is about the sealed-bid question in its words but not game
	// theory: the filter must judge and reject it.
	tender     = arxiv.Paper{ID: "cs/0112005v1", Title: "Sealed-bid tenders for video game engines", Summary: "We describe how Nash Studios buys rendering engines through sealed-bid tenders."}
	oldStyleGT = arxiv.Paper{ID: "math/0211159v2", Title: "Sealed-bid auctions and equilibrium", Summary: "An auction game theory note on equilibrium existence for sealed bids."}
)

func deps(store *memStore, ax *fakeArxiv, f *gtFilter) Deps {
	return Deps{Store: store, Arxiv: ax, Judge: wordJudge{min: 0.5}, Filter: f, Answerer: citeAll{}}
}

func run(t *testing.T, d Deps, q string, opts ...graph.RunOption) (GraphState, []string, error) {
	t.Helper()
	g, err := Build(d)
	require.NoError(t, err)
	s := NewState(q)
	var path []string
	// Every run of these tests checks the nodes' declared Writes.
	opts = append(opts, graph.WithObserver[GraphState](newWritesChecker(t, g)))
	for step, err := range g.Steps(context.Background(), s, opts...) {
		if err != nil {
			// The state the run ends with, as Run returns it: a node's
			// graph.Partial state included.
			return step.After, path, err
		}
		path = append(path, step.Node)
		s = step.After
	}
	return s, path, nil
}

func TestBuildMatchesTheDiagram(t *testing.T) {
	g, err := Build(Deps{})
	require.NoError(t, err)
	var names []string
	for _, n := range g.Nodes() {
		names = append(names, n.Name)
	}
	require.ElementsMatch(t, []string{PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers, AddToChroma, GenerateResponse}, names)

	var edges []string
	for _, e := range g.Edges() {
		edges = append(edges, fmt.Sprintf("%s -%s-> %s", e.From, e.Key, e.To))
	}
	require.ElementsMatch(t, []string{
		graph.START + " --> " + PullFromChroma,
		PullFromChroma + " --> " + CheckRelevance,
		CheckRelevance + " -relevant-> " + GenerateResponse,
		CheckRelevance + " -not_relevant-> " + SearchArxiv,
		SearchArxiv + " --> " + FilterGameTheoryPapers,
		FilterGameTheoryPapers + " -papers_kept-> " + AddToChroma,
		FilterGameTheoryPapers + " -none_kept-> " + GenerateResponse,
		AddToChroma + " --> " + PullFromChroma,
		GenerateResponse + " --> " + graph.END,
	}, edges)
}

func TestEmptyStoreLearnsFromArxivThenAnswersLocally(t *testing.T) {
	store := &memStore{}
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper, tender, videoGame}}
	f := &gtFilter{}
	final, path, err := run(t, deps(store, ax, f), "What is the Nash equilibrium of sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, []string{PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers, AddToChroma, PullFromChroma, CheckRelevance, GenerateResponse}, path)
	require.Equal(t, 1, final.PapersAdded)
	require.Equal(t, []string{gtPaper.ID, tender.ID}, final.PapersSeen, "every judged paper is seen, kept or not; the paper not about the question is not judged")
	require.Equal(t, OutcomeAnswered, final.Outcome)
	require.True(t, final.RelevantContext)
	require.NotEmpty(t, final.Sources)
	require.Equal(t, gtPaper.ID, final.Sources[0].PaperID)
	require.Contains(t, final.FinalResponse, "[1]")
	require.Positive(t, store.count())
	require.Equal(t, 1, ax.calls)

	// The store grew, so the same kind of question needs no arXiv search.
	_, path, err = run(t, deps(store, ax, f), "Nash equilibrium in sealed-bid auctions")
	require.NoError(t, err)
	require.Equal(t, []string{PullFromChroma, CheckRelevance, GenerateResponse}, path)
	require.Equal(t, 1, ax.calls)
}

func TestPapersSeenEndsTheLoop(t *testing.T) {
	// The judge is never satisfied; arXiv keeps returning the same papers.
	store := &memStore{}
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper, oldStyleGT}}
	d := deps(store, ax, &gtFilter{})
	d.Judge = wordJudge{min: 2} // scores are at most 1
	final, path, err := run(t, d, "sealed-bid auctions equilibrium")
	require.NoError(t, err)
	require.Equal(t, []string{
		PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers, AddToChroma,
		PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers, GenerateResponse,
	}, path)
	require.Equal(t, 2, final.PapersAdded, "the second search re-adds nothing")
	require.Equal(t, 2, ax.calls)
	require.ElementsMatch(t, []string{gtPaper.ID, oldStyleGT.ID}, final.PapersSeen)
	require.Contains(t, final.Notices, "the sources found may not fully answer this question")
	require.Equal(t, OutcomeAnsweredWithCaveat, final.Outcome)
}

// The caveat names what the question names and no passage mentions.
func TestCaveatSaysWhatNoSourceMentions(t *testing.T) {
	store := &memStore{}
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper, oldStyleGT}}
	d := deps(store, ax, &gtFilter{})
	d.Judge = wordJudge{min: 2}
	final, _, err := run(t, d, "sealed-bid auctions equilibrium with Zorblax bidders")
	require.NoError(t, err)
	require.Equal(t, OutcomeAnsweredWithCaveat, final.Outcome)
	require.Contains(t, final.Notices, `the sources found may not fully answer this question (none of them mentions "Zorblax")`)
}

func TestStepLimitStopsARunawayLoop(t *testing.T) {
	ax := &fakeArxiv{fresh: true}
	d := deps(&memStore{}, ax, &gtFilter{})
	d.Judge = wordJudge{min: 2}
	d.MaxSearches = 100 // the search budget would end the loop first
	_, path, err := run(t, d, "equilibrium bidding", graph.WithStepLimit(12))
	var limit *graph.StepLimitError
	require.ErrorAs(t, err, &limit)
	require.Equal(t, 12, limit.Limit)
	require.Len(t, path, 12)
	require.Contains(t, err.Error(), PullFromChroma)
}

func TestOffTopicQuestionAddsNothing(t *testing.T) {
	store := &memStore{}
	require.NoError(t, func() error {
		_, err := store.Add(context.Background(), []vectordb.Document{{ID: "primer:x_chunk_0", Content: "Nash equilibrium is a profile of strategies."}})
		return err
	}())
	ax := &fakeArxiv{} // arXiv finds nothing for sourdough
	final, path, err := run(t, deps(store, ax, &gtFilter{}), "How do I bake sourdough bread?")
	require.NoError(t, err)
	require.Equal(t, []string{PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers, GenerateResponse}, path)
	require.Equal(t, OffTopic, final.FinalResponse)
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Empty(t, final.Sources)
	require.Equal(t, 1, store.count())
	require.Zero(t, final.PapersAdded)
}

// A question that shows no game theory is refused when arXiv cannot be
// searched for it: its notice says arXiv failed, and promises no answer
// from the store.
func TestArxivFailureOnAnUnrecognisedQuestionPromisesNoAnswer(t *testing.T) {
	ax := &fakeArxiv{err: errors.New("dial tcp 127.0.0.1:1: connect: connection refused")}
	final, _, err := run(t, deps(&memStore{}, ax, &gtFilter{}), "How do I bake sourdough bread?")
	require.NoError(t, err)
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Len(t, final.Notices, 1)
	require.Contains(t, final.Notices[0], "arXiv search failed: ")
	require.NotContains(t, final.Notices[0], "answering from the local store")
}

func TestArxivFailureBecomesANotice(t *testing.T) {
	store := &memStore{}
	_, err := store.Add(context.Background(), []vectordb.Document{{ID: "primer:ne_chunk_0", Content: "Title: Nash equilibrium\n\nAbstract: In a Nash equilibrium no player gains by deviating.", Metadata: map[string]string{"paper_id": "primer:nash-equilibrium", "title": "Nash equilibrium"}}})
	require.NoError(t, err)
	ax := &fakeArxiv{err: errors.New("dial tcp 127.0.0.1:1: connect: connection refused")}
	d := deps(store, ax, &gtFilter{})
	d.Judge = wordJudge{min: 2}
	final, path, err := run(t, d, "Why is a Nash equilibrium stable?")
	require.NoError(t, err)
	require.Equal(t, GenerateResponse, path[len(path)-1])
	require.Len(t, final.Notices, 2)
	require.Contains(t, final.Notices[0], "arXiv search failed")
	require.Contains(t, final.Notices[0], "connection refused")
	require.Contains(t, final.Notices[1], "may not fully answer")
	require.Equal(t, "primer:nash-equilibrium", final.Sources[0].PaperID)
	require.Equal(t, OutcomeArxivUnavailable, final.Outcome)
}

func TestCancellationIsAnError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ArxivSearcher{Arxiv: &fakeArxiv{err: context.Canceled}}.Search(ctx, NewState("nash equilibrium"))
	require.ErrorIs(t, err, context.Canceled)
}

func TestNodesDoNotMutateTheirInput(t *testing.T) {
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper, tender}}
	g, err := Build(deps(&memStore{}, ax, &gtFilter{}))
	require.NoError(t, err)
	for step, err := range g.Steps(context.Background(), NewState("Nash equilibrium of sealed-bid auctions")) {
		require.NoError(t, err)
		if step.Node == FilterGameTheoryPapers {
			require.Len(t, step.Before.ArxivPapers, 2, "the filter must not shrink the input slice in place")
			require.Empty(t, step.Before.PapersSeen)
			require.Len(t, step.After.ArxivPapers, 1)
		}
	}
}

func TestCheckRelevanceWithoutDocumentsDoesNotAskTheJudge(t *testing.T) {
	s, err := RelevanceChecker{Judge: nil}.Check(context.Background(), NewState("q"))
	require.NoError(t, err)
	require.False(t, s.RelevantContext)
	require.Contains(t, s.Reasoning, "judge not asked")
}

func TestRenumber(t *testing.T) {
	results := []vectordb.Result{
		{Document: vectordb.Document{ID: "a_chunk_0", Metadata: map[string]string{"paper_id": "a", "title": "A"}}},
		{Document: vectordb.Document{ID: "b_chunk_0", Metadata: map[string]string{"paper_id": "b", "title": "B"}}},
		{Document: vectordb.Document{ID: "c_chunk_0", Metadata: map[string]string{"paper_id": "c", "title": "C", "abs_url": "http://arxiv.org/abs/c"}}},
		{Document: vectordb.Document{ID: "a_chunk_1", Metadata: map[string]string{"paper_id": "a", "title": "A"}}},
	}
	tests := []struct {
		in, want string
		ids      []string
	}{
		{"x [3]. y [1]. z [3].", "x [1]. y [2]. z [1].", []string{"c", "a"}},
		{"none", "none", nil},
		{"bad [7] and [0] dropped [2]", "bad  and  dropped [1]", []string{"b"}},
		{"two chunks [1] of one paper [4], another [2]", "two chunks [1] of one paper [1], another [2]", []string{"a", "b"}},
		{"side by side [1][4] and [4] [1]", "side by side [1] and [1]", []string{"a"}},
		{"lists [3, 2] and [4,1, 9] and [7, 8]", "lists [1, 2] and [3] and ", []string{"c", "b", "a"}},
	}
	for _, tt := range tests {
		got, sources := renumberText(tt.in, results)
		require.Equal(t, tt.want, got)
		var ids []string
		for i, s := range sources {
			require.Equal(t, i+1, s.Number)
			ids = append(ids, s.PaperID)
		}
		require.Equal(t, tt.ids, ids)
	}
}

// An extractive answer is renumbered through its quotes: brackets inside a
// quoted sentence are the source's words, not citations (issue 12: "uniform
// on [0, 1]" came out as "uniform on [1]").
func TestRenumberKeepsQuotesVerbatim(t *testing.T) {
	results := []vectordb.Result{
		{Document: vectordb.Document{ID: "a_chunk_0", Metadata: map[string]string{"paper_id": "a", "title": "A"}}},
		{Document: vectordb.Document{ID: "b_chunk_0", Metadata: map[string]string{"paper_id": "b", "title": "B"}}},
		{Document: vectordb.Document{ID: "a_chunk_1", Metadata: map[string]string{"paper_id": "a", "title": "A"}}},
	}
	quotes := []reasoner.Quote{
		{Text: "Values are uniform on [0, 1]: bid v/2.", N: 2},
		{Text: "See [3] and [1, 2].", N: 3},
		{Text: "Two chunks of a share its number.", N: 1},
		{Text: "A passage that does not exist is not cited.", N: 9},
	}
	ans := reasoner.Answer{Text: reasoner.CiteQuotes(quotes, nil), Quotes: quotes}
	got, sources := renumber(ans, results)
	require.Equal(t, "Values are uniform on [0, 1]: bid v/2 [1]. See [3] and [1, 2] [2]. "+
		"Two chunks of a share its number [2]. A passage that does not exist is not cited.", got)
	require.Len(t, sources, 2)
	require.Equal(t, "b", sources[0].PaperID)
	require.Equal(t, "a", sources[1].PaperID)
}

// failingStore answers queries like memStore but cannot be written.
type failingStore struct{ memStore }

func (*failingStore) Add(context.Context, []vectordb.Document) (int, error) {
	return 0, errors.New("write /kb/store.db: no space left on device")
}

func TestAStoreThatCannotBeWrittenStillAnswers(t *testing.T) {
	store := &failingStore{}
	store.docs = []vectordb.Document{{ID: "primer:fpa_chunk_0", Content: "Sealed-bid auctions: bidders shade their bids below value.", Metadata: map[string]string{"paper_id": "primer:first-price-auction"}}}
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper}}
	d := Deps{Store: store, Arxiv: ax, Judge: wordJudge{min: 2}, Filter: &gtFilter{}, Answerer: citeAll{}}
	final, path, err := run(t, d, "equilibrium bidding in sealed-bid auctions")
	require.NoError(t, err)
	require.Equal(t, GenerateResponse, path[len(path)-1])
	require.Zero(t, final.PapersAdded)
	require.Contains(t, final.PapersSeen, gtPaper.ID, "the paper is not examined again")
	require.Contains(t, final.Notices[0], "no space left on device")
	require.Equal(t, "primer:first-price-auction", final.Sources[0].PaperID)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Adder{Store: store}.Add(ctx, GraphState{ArxivPapers: []arxiv.Paper{gtPaper}})
	require.Error(t, err, "cancellation still ends the run")
}

// stoppingStore stores the papers it is given until its stop-th Add, which
// it answers as a store does when Ctrl-C cancels the write it is waiting on
// (an embedding): it cancels the run's context and fails with its error.
type stoppingStore struct {
	memStore
	stop   int
	cancel context.CancelFunc
	adds   int
}

func (s *stoppingStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	s.adds++
	if s.adds == s.stop {
		s.cancel()
		return 0, fmt.Errorf("embed %d documents: %w", len(docs), ctx.Err())
	}
	return s.memStore.Add(ctx, docs)
}

// Ctrl-C while add_to_chroma stores its second paper: the first is in the
// store, and the run's final state counts it (papers_added, papers_found),
// as ask --json and chat's /stats report it.
func TestStoppedWhileAddingKeepsTheCountOfPapersStored(t *testing.T) {
	second := arxiv.Paper{ID: "2302.05678v1", Title: "Equilibrium bidding in sealed-bid auctions", Summary: "Sealed-bid auctions have a Nash equilibrium in bidding strategies."}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := &stoppingStore{stop: 2, cancel: cancel}
	g, err := Build(Deps{Store: store, Arxiv: &fakeArxiv{papers: []arxiv.Paper{gtPaper, second}}, Judge: wordJudge{min: 2}, Filter: &gtFilter{}, Answerer: citeAll{}, MaxResults: 2})
	require.NoError(t, err)

	final, err := g.Run(ctx, NewState("Nash equilibrium in sealed-bid auctions"))
	require.ErrorIs(t, err, context.Canceled)
	var ne *graph.NodeError
	require.ErrorAs(t, err, &ne)
	require.Equal(t, AddToChroma, ne.Node)
	require.Equal(t, 2, store.adds, "stopped while adding the second paper")
	require.NotEmpty(t, store.docs, "the first paper's chunks are stored")
	for _, d := range store.docs {
		require.Equal(t, gtPaper.ID, d.Metadata[chunker.KeyPaperID])
	}
	require.Equal(t, 1, final.PapersAdded, "the paper stored before the stop is counted")
	require.Equal(t, []string{gtPaper.ID}, final.PapersFound)
	require.Contains(t, final.Reasoning, "stopped while adding "+second.ID)
	require.Empty(t, final.FinalResponse)

	// Stopped while adding the first, the run added nothing.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	store = &stoppingStore{stop: 1, cancel: cancel}
	out, err := Adder{Store: store}.Add(ctx, GraphState{ArxivPapers: []arxiv.Paper{gtPaper, second}})
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, out.PapersAdded)
	require.Empty(t, out.PapersFound)
}

// foundRecorder answers like citeAll and records which passages came
// marked as found by the run's search.
type foundRecorder struct{ found map[string]bool }

func (r *foundRecorder) Answer(ctx context.Context, q string, ps []reasoner.Passage) (reasoner.Answer, error) {
	r.found = map[string]bool{}
	for _, p := range ps {
		r.found[p.PaperID] = p.Found
	}
	return citeAll{}.Answer(ctx, q, ps)
}

// TestTheAnswerKnowsWhichPapersTheSearchFound: the papers add_to_chroma
// stored for the question reach the answerer marked Found, those the store
// held before do not; a question the topic judge did not recognise gets
// no marks, since its papers share words with it, not a subject.
func TestTheAnswerKnowsWhichPapersTheSearchFound(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{{ID: "old_chunk_0", Content: "Title: Sealed-bid auctions before\n\nAbstract: An older note on the Nash equilibrium of sealed-bid auctions.",
		Metadata: map[string]string{"paper_id": "old", "title": "Sealed-bid auctions before"}}}}
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper}}
	d := deps(store, ax, &gtFilter{})
	d.Judge = wordJudge{min: 2} // never relevant: the loop searches, then answers
	rec := &foundRecorder{}
	d.Answerer = rec
	final, _, err := run(t, d, "What is the Nash equilibrium of sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, []string{gtPaper.ID}, final.PapersFound)
	require.Equal(t, map[string]bool{gtPaper.ID: true, "old": false}, rec.found)

	s, err := Responder{Answerer: rec}.Respond(context.Background(), GraphState{
		UserQuery: "Why is my sourdough sour?", OffTopic: true, PapersAdded: 1, PapersFound: []string{gtPaper.ID},
		ChromaResults: final.ChromaResults, RelevantContext: false,
	})
	require.NoError(t, err)
	require.NotEmpty(t, s.FinalResponse)
	require.False(t, rec.found[gtPaper.ID], "an unrecognised question's papers are not marked")
}

// foundJudge records which passages reached the relevance judge marked
// Found.
type foundJudge struct{ found map[string]bool }

func (j *foundJudge) JudgeRelevance(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	j.found = map[string]bool{}
	for _, p := range ps {
		j.found[p.PaperID] = p.Found
	}
	return reasoner.Verdict{}, nil
}

// TestTheJudgeKnowsWhichPapersTheSearchFound: check_relevance marks Found
// as generate_response does, the papers the search found for a question
// recognised as game theory, and none for an unrecognised one.
func TestTheJudgeKnowsWhichPapersTheSearchFound(t *testing.T) {
	results := []vectordb.Result{
		{Document: vectordb.Document{ID: "new_chunk_0", Content: "a", Metadata: map[string]string{"paper_id": "new"}}},
		{Document: vectordb.Document{ID: "old_chunk_0", Content: "b", Metadata: map[string]string{"paper_id": "old"}}},
	}
	j := &foundJudge{}
	_, err := RelevanceChecker{Judge: j}.Check(context.Background(), GraphState{UserQuery: "q", ChromaResults: results, PapersFound: []string{"new"}})
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"new": true, "old": false}, j.found)
	_, err = RelevanceChecker{Judge: j}.Check(context.Background(), GraphState{UserQuery: "q", ChromaResults: results, PapersFound: []string{"new"}, OffTopic: true})
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"new": false, "old": false}, j.found)
}

// TestOnlyACaveatAnswerCitesTheRunnersUp: when the judge found no passage
// that answers, generate_response answers from the K and the runners-up,
// and says so; an answer the judge accepted cites the K only.
func TestOnlyACaveatAnswerCitesTheRunnersUp(t *testing.T) {
	result := func(paper string) vectordb.Result {
		return vectordb.Result{Document: vectordb.Document{ID: paper + "_chunk_0", Content: "On the Shapley value.",
			Metadata: map[string]string{chunker.KeyPaperID: paper, chunker.KeyTitle: "Paper " + paper}}}
	}
	s := GraphState{UserQuery: "What is the Shapley value?", ChromaResults: []vectordb.Result{result("2501.00001v1"), result("2501.00002v1")},
		RunnersUp: []vectordb.Result{result("2501.00003v1")}, Searches: []Search{{Query: "ti:shapley"}}, PapersAdded: 3,
		PapersFound: []string{"2501.00001v1", "2501.00002v1", "2501.00003v1"}}
	papers := func(s GraphState) []string {
		var out []string
		for _, src := range s.Sources {
			out = append(out, src.PaperID)
		}
		return out
	}

	caveat, err := Responder{Answerer: citeAll{}}.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnsweredWithCaveat, caveat.Outcome)
	require.Equal(t, []string{"2501.00001v1", "2501.00002v1", "2501.00003v1"}, papers(caveat))
	require.Contains(t, caveat.Reasoning, "the 2 retrieved and the store's next 1 closest")
	require.Len(t, s.ChromaResults, 2, "the state's results are not appended to")

	s.RelevantContext = true
	answered, err := Responder{Answerer: citeAll{}}.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnswered, answered.Outcome)
	require.Equal(t, []string{"2501.00001v1", "2501.00002v1"}, papers(answered))
}

// refusingStore answers queries from its documents and refuses every
// write, as a read-only or full store does.
type refusingStore struct{ memStore }

func (r *refusingStore) Add(context.Context, []vectordb.Document) (int, error) {
	return 0, errors.New("store kb/store.db is not writable")
}

// A store that refuses the papers found loses the run its papers, not its
// honesty: the notice says why, arXiv is not asked again for papers that
// could not be kept either, and the answer says the papers were found and
// not stored, not that none of them answers, nor suggests an ingest into
// the same store.
func TestAStoreThatRefusesThePapersFoundEndsTheSearch(t *testing.T) {
	ax := &fakeArxiv{papers: []arxiv.Paper{gtPaper}}
	d := deps(&memStore{}, ax, &gtFilter{})
	d.Store = &refusingStore{}
	final, path, err := run(t, d, "What is the Nash equilibrium of sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, 1, ax.calls, "arXiv was asked again after the store refused: %v", path)
	require.Equal(t, []string{gtPaper.ID}, final.Unstored)
	require.Zero(t, final.PapersAdded)
	require.Equal(t, OutcomeNotFound, final.Outcome)
	require.Contains(t, final.FinalResponse, "found 1 paper(s) about it ("+gtPaper.ID+") but could not add them to the knowledge base")
	require.NotContains(t, final.FinalResponse, "none of the papers found answers")
	require.NotContains(t, final.FinalResponse, "gtrag ingest")
	require.True(t, slices.ContainsFunc(final.Notices, func(n string) bool {
		return strings.HasPrefix(n, "could not add papers to the knowledge base") && strings.Contains(n, "not writable")
	}), "notices: %q", final.Notices)
}

// A run the store seemed to answer, whose answer then abstained, asked the
// topic judge twice about the same question (once before answering, once
// after the abstention), and the narration listed the call twice: the
// verdict asked once is used for both.
func TestResponderAsksTheTopicJudgeOnce(t *testing.T) {
	topic := &gtFilter{}
	s, err := Responder{Answerer: reasoner.NewOfflineAnswerer(), Topic: topic}.Respond(context.Background(), GraphState{
		UserQuery: "How much do bidders shade their bids in sealed-bid auctions?", RelevantContext: true,
	})
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, s.Outcome, "no passages: nothing found, on-topic")
	require.Equal(t, 1, topic.calls)
}

// What was searched is said as it happened: a search that brought back no
// papers found none to judge ("none of the papers found answers" spoke of
// papers there were not: an empty result, or an offline fork of a
// recording that held none), and the reformulations are counted in words.
func TestSearchedTextSaysWhenArxivReturnedNothing(t *testing.T) {
	empty := GraphState{UserQuery: "q", Searches: []Search{{Query: `ti:"sealed bid"`}, {Query: "ti:bid"}}}
	got := searchedText(empty, false)
	require.Contains(t, got, `Searched arXiv for ti:"sealed bid" (and 1 reformulation); arXiv returned no papers for it.`)
	require.NotContains(t, got, "none of the papers found")

	some := GraphState{UserQuery: "q", Searches: []Search{{Query: "ti:a", Returned: 30}, {Query: "ti:b"}, {Query: "ti:c", Returned: 2}}}
	got = searchedText(some, false)
	require.Contains(t, got, "Searched arXiv for ti:a (and 2 reformulations); none of the papers found answers this question.")

	// An offline fork's searcher is the recording's papers: "arXiv
	// returned no papers" contradicted its footer (no request sent).
	got = searchedText(empty, true)
	require.Contains(t, got, `Searched the recording's papers (an offline fork: no request sent) for ti:"sealed bid" (and 1 reformulation); none of them came back for it.`)
	require.NotContains(t, got, "arXiv returned")
}

// neutralTopic is a topic judge that recognises nothing and finds nothing
// against.
type neutralTopic struct{}

func (neutralTopic) IsGameTheory(context.Context, string, string) (reasoner.Verdict, error) {
	return reasoner.Verdict{Neutral: true, Reason: "no game-theory term"}, nil
}

// Passages the judge finds relevant on their words, in which the extractive
// answerer finds no sentence that answers, are not relevant before the run
// has searched: "How does a carbon tax solve the social dilemma of
// emissions?" was answered "I found nothing on carbon tax … arXiv was not
// searched: the knowledge base seemed to hold the answer". After a search,
// for a question the topic judge does not recognise, or with no preview,
// the judge's verdict stands.
func TestCheckRelevancePreviewsTheAnswer(t *testing.T) {
	results := []vectordb.Result{
		{Document: vectordb.Document{ID: "primer:stag-hunt_chunk_0", Content: "In the stag hunt two hunters can cooperate to catch a stag or each catch a hare alone; the social dilemma is one of trust.", Metadata: map[string]string{"paper_id": "primer:stag-hunt", "title": "The stag hunt"}}, Score: 0.9, Similarity: 0.3},
		{Document: vectordb.Document{ID: "primer:commons_chunk_0", Content: "In the tragedy of the commons each herder adds animals to a shared pasture; a tax on emissions or grazing can align private and social costs.", Metadata: map[string]string{"paper_id": "primer:commons", "title": "The tragedy of the commons"}}, Score: 0.8, Similarity: 0.2},
	}
	q := "How does a carbon tax solve the social dilemma of emissions?"
	check := func(c RelevanceChecker, s GraphState) GraphState {
		t.Helper()
		s.UserQuery, s.ChromaResults = q, results
		out, err := c.Check(context.Background(), s)
		require.NoError(t, err)
		return out
	}
	preview := RelevanceChecker{Judge: wordJudge{min: 0.1}, Preview: reasoner.NewOfflineAnswerer(), Topic: yesTopic{}}
	s := check(preview, GraphState{})
	require.False(t, s.RelevantContext, s.Reasoning)
	require.Contains(t, s.Reasoning, "but no sentence of the 2 passages answers it (the extractive answer would say: “No source in the knowledge base mentions \"carbon tax")

	require.True(t, check(RelevanceChecker{Judge: wordJudge{min: 0.1}}, GraphState{}).RelevantContext, "no preview")
	require.True(t, check(preview, GraphState{Searches: []Search{{Query: "ti:carbon"}}}).RelevantContext, "after a search")
	neutral := preview
	neutral.Topic = neutralTopic{}
	require.True(t, check(neutral, GraphState{}).RelevantContext, "a question the topic judge does not recognise")

	// A passage that answers leaves the verdict alone.
	results[1].Content = "A carbon tax solves the social dilemma of emissions by making each emitter pay the social cost of its emissions, so that private and social interests align."
	require.True(t, check(preview, GraphState{}).RelevantContext)
}

// countingAnswerer counts the answers it writes.
type countingAnswerer struct {
	reasoner.Answerer
	calls int
}

func (a *countingAnswerer) Answer(ctx context.Context, q string, ps []reasoner.Passage) (reasoner.Answer, error) {
	a.calls++
	return a.Answerer.Answer(ctx, q, ps)
}

// countingTopic counts the questions it judges.
type countingTopic struct {
	reasoner.PaperFilter
	calls int
}

func (f *countingTopic) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	f.calls++
	return f.PaperFilter.IsGameTheory(ctx, title, abstract)
}

// What check_relevance's preview worked out, generate_response takes: the
// question's topic and the answer from the same passages were each asked
// twice on every question the primer answered (four reasoner calls in the
// trace of "What is a Nash equilibrium?" where two say it all).
func TestGenerateResponseTakesWhatThePreviewWorkedOut(t *testing.T) {
	results := []vectordb.Result{
		{Document: vectordb.Document{ID: "primer:nash_chunk_0", Content: "A Nash equilibrium is a strategy profile in which no player can gain by deviating alone.", Metadata: map[string]string{"paper_id": "primer:nash", "title": "Nash equilibrium"}}, Score: 0.9, Similarity: 0.4},
	}
	answerer := &countingAnswerer{Answerer: reasoner.NewOfflineAnswerer()}
	topic := &countingTopic{PaperFilter: yesTopic{}}
	previewed := &Previewed{}
	check := RelevanceChecker{Judge: wordJudge{min: 0.1}, Preview: answerer, Topic: topic, Previewed: previewed}
	respond := Responder{Answerer: answerer, Topic: topic, Previewed: previewed}

	s, err := check.Check(context.Background(), GraphState{UserQuery: "What is a Nash equilibrium?", ChromaResults: results})
	require.NoError(t, err)
	require.True(t, s.RelevantContext)
	s, err = respond.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnswered, s.Outcome)
	require.Contains(t, s.FinalResponse, "no player can gain by deviating alone")
	require.Equal(t, 1, answerer.calls, "the answer is written once")
	require.Equal(t, 1, topic.calls, "the topic is judged once")
	require.Contains(t, s.Reasoning, "the answer check_relevance previewed")

	// Other passages, another question: asked anew.
	other := GraphState{UserQuery: "Why is a Nash equilibrium stable?", ChromaResults: results, RelevantContext: true}
	_, err = respond.Respond(context.Background(), other)
	require.NoError(t, err)
	require.Equal(t, 2, answerer.calls)
	require.Equal(t, 2, topic.calls)
}

// StepsFor is the longest run: every search adds a paper, the judge is
// never satisfied, and the run still ends with an answer at exactly that
// many steps. It was counted three short, and --max-searches 5 stopped at
// its raised limit with papers added and no answer.
func TestStepsForFitsTheLongestRun(t *testing.T) {
	for n := 1; n <= 6; n++ {
		ax := &fakeArxiv{fresh: true}
		d := deps(&memStore{}, ax, &gtFilter{})
		d.Judge = wordJudge{min: 2} // never satisfied
		d.MaxSearches = n
		final, path, err := run(t, d, "equilibrium bidding with reserve prices in sealed first-price procurement auctions", graph.WithStepLimit(StepsFor(n)))
		require.NoError(t, err, "%d searches", n)
		require.LessOrEqual(t, len(path), StepsFor(n), "%d searches: %v", n, path)
		require.Equal(t, GenerateResponse, path[len(path)-1])
		require.NotEmpty(t, final.FinalResponse)
		if n <= 3 {
			// The question's reformulations last three searches: each
			// one sent, the run is exactly as long as StepsFor says.
			require.Equal(t, n, ax.calls)
			require.Len(t, path, StepsFor(n), "%d searches: %v", n, path)
		}
	}
}

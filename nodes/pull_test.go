package nodes

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// lastFirst is a reranker that reverses the store's order.
type lastFirst struct{ seen int }

func (r *lastFirst) Rerank(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Ranking, error) {
	r.seen = len(ps)
	out := reasoner.Ranking{Reason: "reversed"}
	for i := range ps {
		out.Scores = append(out.Scores, float64(i+1)/float64(len(ps)))
	}
	return out, nil
}

// storeOrder is a reranker that keeps the store's order.
type storeOrder struct{}

func (storeOrder) Rerank(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Ranking, error) {
	out := reasoner.Ranking{Reason: "as stored"}
	for i := range ps {
		out.Scores = append(out.Scores, 1-float64(i)/float64(len(ps)))
	}
	return out, nil
}

func TestPullerReranksCandidatesAndKeepsK(t *testing.T) {
	store := &memStore{}
	for i := range 12 {
		store.docs = append(store.docs, vectordb.Document{ID: fmt.Sprintf("d%02d", i), Content: "shapley value " + fmt.Sprint(i)})
	}
	rr := &lastFirst{}
	s, err := Puller{Store: store, K: 3, Rerank: rr}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, DefaultCandidates, rr.seen, "the reranker chooses from DefaultCandidates documents")
	require.Len(t, s.ChromaResults, 3, "K are kept")
	require.Equal(t, "d09", s.ChromaResults[0].ID, "in the reranker's order")
	require.Equal(t, 1.0, s.ChromaResults[0].Score, "showing the score that ordered them")
	require.Contains(t, s.Reasoning, "reversed")

	s, err = Puller{Store: store, K: 3}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, "d00", s.ChromaResults[0].ID, "without a reranker the store's top K")
	require.Len(t, s.ChromaResults, 3)
}

// TestPullerKeepsTheStoresBestMatch: a reranker orders by what it can
// recognise of the question, and may recognise the wrong thing ("travel
// time" for a question on tolls); the store's first document, which the
// loop has just added for this question, stays among the K kept.
func TestPullerKeepsTheStoresBestMatch(t *testing.T) {
	store := &memStore{}
	for i := range 12 {
		store.docs = append(store.docs, vectordb.Document{ID: fmt.Sprintf("d%02d", i), Content: "shapley value " + fmt.Sprint(i)})
	}
	s, err := Puller{Store: store, K: 3, Rerank: &lastFirst{}}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	var ids []string
	for _, r := range s.ChromaResults {
		ids = append(ids, r.ID)
	}
	require.Equal(t, []string{"d09", "d08", "d00"}, ids, "the reranker's first two, then the store's best in the last place")
	require.Contains(t, s.Reasoning, "the store's best match d00 kept")
}

// TestPullerKeepsTheFirstSearchsBestPaper: the paper the run's first
// search ranked first about the question stays among the K once it is
// stored, beside the store's best match; a search's best that was not
// stored (the filter refused it) is not forced in.
func TestPullerKeepsTheFirstSearchsBestPaper(t *testing.T) {
	store := &memStore{}
	for i := range 12 {
		id := fmt.Sprintf("p%02d", i)
		store.docs = append(store.docs, vectordb.Document{ID: id + "_chunk_0", Content: "shapley value " + fmt.Sprint(i), Metadata: map[string]string{chunker.KeyPaperID: id}})
	}
	ids := func(s GraphState) []string {
		var out []string
		for _, r := range s.ChromaResults {
			out = append(out, r.ID)
		}
		return out
	}
	state := GraphState{UserQuery: "shapley value", Searches: []Search{{Query: "q", Best: "p03"}}, PapersFound: []string{"p03", "p09"}}
	s, err := Puller{Store: store, K: 3, Rerank: &lastFirst{}}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.Equal(t, []string{"p09_chunk_0", "p03_chunk_0", "p00_chunk_0"}, ids(s), "the reranker's first, then the search's best and the store's best, in the reranker's order")
	require.Contains(t, s.Reasoning, "the first search's best paper p03_chunk_0 kept")
	require.Contains(t, s.Reasoning, "the store's best match p00_chunk_0 kept")

	state.PapersFound = []string{"p09"}
	s, err = Puller{Store: store, K: 3, Rerank: &lastFirst{}}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.Equal(t, []string{"p09_chunk_0", "p08_chunk_0", "p00_chunk_0"}, ids(s), "a best paper not stored is not forced in")

	state.Searches = []Search{{Query: "q"}, {Query: "q2", Best: "p03"}}
	state.PapersFound = []string{"p03"}
	s, err = Puller{Store: store, K: 3, Rerank: &lastFirst{}}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.NotContains(t, ids(s), "p03_chunk_0", "only the first search's best")
}

// TestPullerSeeksTheFirstSearchsBestBeyondTheCandidates: after a second
// search stored more papers, the first search's best can rank below the
// candidates the reranker sees; with SeekBest the puller looks further for
// it and keeps it among the K, without it the keeping cannot happen.
func TestPullerSeeksTheFirstSearchsBestBeyondTheCandidates(t *testing.T) {
	store := &memStore{}
	for i := range 14 {
		id := fmt.Sprintf("p%02d", i)
		store.docs = append(store.docs, vectordb.Document{ID: id + "_chunk_0", Content: "shapley value " + fmt.Sprint(i), Metadata: map[string]string{chunker.KeyPaperID: id}})
	}
	state := GraphState{UserQuery: "shapley value", Searches: []Search{{Query: "q", Best: "p12"}, {Query: "q2", Best: "p00"}}, PapersFound: []string{"p12", "p00"}}
	has := func(s GraphState, id string) bool {
		return slices.ContainsFunc(s.ChromaResults, func(r vectordb.Result) bool { return r.ID == id })
	}

	s, err := Puller{Store: store, K: 3, Rerank: storeOrder{}}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.False(t, has(s, "p12_chunk_0"), "the 13th document is not among the 10 candidates")

	s, err = Puller{Store: store, K: 3, Rerank: storeOrder{}, SeekBest: true}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.True(t, has(s, "p12_chunk_0"), "sought beyond the candidates and kept: %v", s.ChromaResults)
	require.Len(t, s.ChromaResults, 3)
	require.Contains(t, s.Reasoning, "the first search's best paper p12_chunk_0 kept")

	state.PapersFound = []string{"p00"}
	s, err = Puller{Store: store, K: 3, Rerank: storeOrder{}, SeekBest: true}.Pull(context.Background(), state)
	require.NoError(t, err)
	require.False(t, has(s, "p12_chunk_0"), "a best paper the run did not store is not sought")
}

func TestKeepAmongTop(t *testing.T) {
	var rs []vectordb.Result
	for i := range 6 {
		rs = append(rs, vectordb.Result{Document: vectordb.Document{ID: fmt.Sprint(i)}})
	}
	got, moved := keepAmongTop(rs, 3, []string{"5", "4", "5"})
	var order []string
	for _, r := range got {
		order = append(order, r.ID)
	}
	require.Equal(t, []string{"0", "4", "5", "1", "2", "3"}, order, "the kept ones among the first k, in results' order; the rest after")
	require.Equal(t, []string{"4", "5"}, moved)

	got, moved = keepAmongTop(rs, 3, []string{"1"})
	require.Equal(t, rs, got, "nothing to move")
	require.Empty(t, moved)

	got, _ = keepAmongTop(rs, 2, []string{"5", "4", "3"})
	require.Equal(t, "4", got[0].ID, "no more than k are forced in")
	require.Equal(t, "5", got[1].ID)
}

// TestPullerQuotesKDifferentPapers: the K passages are of K different
// arXiv papers when the candidates hold that many; a paper's other chunks
// come after them, and fill the K only when there are fewer papers. The
// chunks of a primer entry, an article rather than an abstract, keep the
// store's order.
func TestPullerQuotesKDifferentPapers(t *testing.T) {
	chunk := func(paper string, n int) vectordb.Document {
		return vectordb.Document{ID: fmt.Sprintf("%s_chunk_%d", paper, n), Content: "shapley value", Metadata: map[string]string{chunker.KeyPaperID: paper}}
	}
	ids := func(s GraphState) []string {
		var out []string
		for _, r := range s.ChromaResults {
			out = append(out, r.ID)
		}
		return out
	}
	const a, b, c = "2501.00001v1", "2501.00002v1", "2501.00003v1"
	store := &memStore{docs: []vectordb.Document{chunk(a, 0), chunk(a, 1), chunk(b, 0), chunk(b, 1), chunk(c, 0)}}
	s, err := Puller{Store: store, K: 3, Rerank: storeOrder{}}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{a + "_chunk_0", b + "_chunk_0", c + "_chunk_0"}, ids(s))

	s, err = Puller{Store: store, K: 3}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{a + "_chunk_0", a + "_chunk_1", b + "_chunk_0"}, ids(s), "without a reranker, the store's top K, as recorded traces were")

	store.docs = store.docs[:4]
	s, err = Puller{Store: store, K: 3, Rerank: storeOrder{}}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{a + "_chunk_0", b + "_chunk_0", a + "_chunk_1"}, ids(s), "two papers: the best remaining chunk is the third")

	store.docs = []vectordb.Document{chunk("primer:spe", 0), chunk("primer:spe", 1), chunk(a, 0)}
	s, err = Puller{Store: store, K: 2, Rerank: storeOrder{}}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{"primer:spe_chunk_0", "primer:spe_chunk_1"}, ids(s), "a primer entry's chunks are not moved")

	// A paper stored under an id whose date arxiv.ParseID now refuses
	// (month 13) is still an abstract in chunks.
	const typo = "2413.00001v1"
	store.docs = []vectordb.Document{chunk(typo, 0), chunk(typo, 1), chunk(b, 0)}
	s, err = Puller{Store: store, K: 2, Rerank: storeOrder{}}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{typo + "_chunk_0", b + "_chunk_0"}, ids(s), "one chunk per paper, whatever its id's date")
}

// TestPullerKeepsRunnersUpAside: the papers next after the K, in the same
// order and none already among the K, are kept aside for a caveat answer;
// the K themselves are what they would be without runners-up, so the judge
// sees what it saw before.
func TestPullerKeepsRunnersUpAside(t *testing.T) {
	chunk := func(paper string, n int) vectordb.Document {
		return vectordb.Document{ID: fmt.Sprintf("%s_chunk_%d", paper, n), Content: "shapley value", Metadata: map[string]string{chunker.KeyPaperID: paper}}
	}
	ids := func(rs []vectordb.Result) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	const a, b, c, d, e = "2501.00001v1", "2501.00002v1", "2501.00003v1", "2501.00004v1", "2501.00005v1"
	store := &memStore{docs: []vectordb.Document{chunk(a, 0), chunk(a, 1), chunk(b, 0), chunk(c, 0), chunk(c, 1), chunk(d, 0), chunk(e, 0)}}
	q := GraphState{UserQuery: "shapley value"}

	without, err := Puller{Store: store, K: 2, Rerank: storeOrder{}}.Pull(context.Background(), q)
	require.NoError(t, err)
	require.Empty(t, without.RunnersUp, "none unless asked for")
	s, err := Puller{Store: store, K: 2, Rerank: storeOrder{}, RunnersUp: 2}.Pull(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, ids(without.ChromaResults), ids(s.ChromaResults), "the K are unchanged")
	require.Equal(t, []string{c + "_chunk_0", d + "_chunk_0"}, ids(s.RunnersUp), "a's and c's second chunks are no new papers")

	s, err = Puller{Store: store, K: 2, RunnersUp: 2}.Pull(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, []string{a + "_chunk_0", a + "_chunk_1"}, ids(s.ChromaResults), "without a reranker, the store's top K")
	require.Equal(t, []string{b + "_chunk_0", c + "_chunk_0"}, ids(s.RunnersUp), "and the store's next papers")

	store.docs = store.docs[:3]
	s, err = Puller{Store: store, K: 2, Rerank: storeOrder{}, RunnersUp: 2}.Pull(context.Background(), q)
	require.NoError(t, err)
	require.Empty(t, s.RunnersUp, "two papers, both among the K: no runner-up")
}

// TestPullerPutsTheLastSearchsBestFirstAmongRunnersUp: after a second
// search, the paper it ranked first is the first runner-up when the
// store's order left it further down, and only then.
func TestPullerPutsTheLastSearchsBestFirstAmongRunnersUp(t *testing.T) {
	store := &memStore{}
	for i := range 12 {
		id := fmt.Sprintf("p%02d", i)
		store.docs = append(store.docs, vectordb.Document{ID: id + "_chunk_0", Content: "shapley value " + fmt.Sprint(i), Metadata: map[string]string{chunker.KeyPaperID: id}})
	}
	ids := func(rs []vectordb.Result) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	pull := Puller{Store: store, K: 3, Rerank: storeOrder{}, RunnersUp: 2, LaterBest: true}
	twice := GraphState{UserQuery: "shapley value", Searches: []Search{{Query: "q", Best: "p00"}, {Query: "q2", Best: "p07"}}, PapersFound: []string{"p00", "p07"}}

	s, err := pull.Pull(context.Background(), twice)
	require.NoError(t, err)
	require.Equal(t, []string{"p00_chunk_0", "p01_chunk_0", "p02_chunk_0"}, ids(s.ChromaResults), "the K are the store's")
	require.Equal(t, []string{"p07_chunk_0", "p03_chunk_0"}, ids(s.RunnersUp), "the last search's best first among the runners-up")
	require.Contains(t, s.Reasoning, "the last search's best paper p07_chunk_0 next")

	off := pull
	off.LaterBest = false
	s, err = off.Pull(context.Background(), twice)
	require.NoError(t, err)
	require.Equal(t, []string{"p03_chunk_0", "p04_chunk_0"}, ids(s.RunnersUp), "off, as in runs recorded before the rule: the store's next papers")

	once := twice
	once.Searches = twice.Searches[:1]
	s, err = pull.Pull(context.Background(), once)
	require.NoError(t, err)
	require.Equal(t, []string{"p03_chunk_0", "p04_chunk_0"}, ids(s.RunnersUp), "one search: the store's next papers")

	notStored := twice
	notStored.PapersFound = []string{"p00"}
	s, err = pull.Pull(context.Background(), notStored)
	require.NoError(t, err)
	require.Equal(t, []string{"p03_chunk_0", "p04_chunk_0"}, ids(s.RunnersUp), "a best paper the filter refused is not there to move")

	among := twice
	among.Searches = []Search{{Query: "q", Best: "p00"}, {Query: "q2", Best: "p01"}}
	among.PapersFound = []string{"p00", "p01"}
	s, err = pull.Pull(context.Background(), among)
	require.NoError(t, err)
	require.Equal(t, []string{"p00_chunk_0", "p01_chunk_0", "p02_chunk_0"}, ids(s.ChromaResults))
	require.Equal(t, []string{"p03_chunk_0", "p04_chunk_0"}, ids(s.RunnersUp), "already among the K: nothing moves")
	require.NotContains(t, s.Reasoning, "last search's best")
}

// Asked for more (GraphState.Told), the store's documents come without the
// sentences already told, and one left with nothing is no document: the
// judge and the answerer see only what has not been said, and the next
// document takes the empty one's place.
func TestPullerLeavesOutWhatWasTold(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{
		{ID: "a", Content: "Shapley value is fair. It is the average marginal contribution."},
		{ID: "b", Content: "Shapley value is fair."},
		{ID: "c", Content: "Shapley value has four axioms. Yes."},
	}}
	told := []string{"Shapley value is fair.", "A sentence no document holds.", "Yes."}
	s, err := Puller{Store: store, K: 2}.Pull(context.Background(), GraphState{UserQuery: "shapley value", Told: told})
	require.NoError(t, err)
	require.Len(t, s.ChromaResults, 2)
	require.Equal(t, "a", s.ChromaResults[0].ID)
	require.Equal(t, "It is the average marginal contribution.", s.ChromaResults[0].Content)
	require.Equal(t, "c", s.ChromaResults[1].ID, "b held only what was told")
	require.Equal(t, "Shapley value has four axioms. Yes.", s.ChromaResults[1].Content, "a told sentence too short to tell apart stays")
	require.Contains(t, s.Reasoning, "without the 3 sentences already told (1 found in the documents)")
	require.Equal(t, "Shapley value is fair. It is the average marginal contribution.", store.docs[0].Content, "the store is not changed")

	s, err = Puller{Store: store, K: 2}.Pull(context.Background(), GraphState{UserQuery: "shapley value", Told: told[:1]})
	require.NoError(t, err)
	require.Contains(t, s.Reasoning, "without the 1 sentence already told (1 found in the documents)")

	s, err = Puller{Store: store, K: 2}.Pull(context.Background(), GraphState{UserQuery: "shapley value"})
	require.NoError(t, err)
	require.Equal(t, []string{"a", "b"}, []string{s.ChromaResults[0].ID, s.ChromaResults[1].ID}, "a question asked on its own")
	require.NotContains(t, s.Reasoning, "told")
}

// TestPullerReadsEveryPaperTheRunAdded: with Found set, K rises to the
// papers the run added (at most Found), so a search's fourth paper reaches
// the answer; without it, or for a run that added none, K stays.
func TestPullerReadsEveryPaperTheRunAdded(t *testing.T) {
	store := &memStore{}
	for i := range 12 {
		store.docs = append(store.docs, vectordb.Document{ID: fmt.Sprintf("d%02d", i), Content: "shapley value " + fmt.Sprint(i),
			Metadata: map[string]string{chunker.KeyPaperID: fmt.Sprintf("2401.%05dv1", i)}})
	}
	found := GraphState{UserQuery: "shapley value", PapersFound: []string{"2401.00000v1", "2401.00001v1", "2401.00002v1", "2401.00003v1", "2401.00004v1"}}
	for _, c := range []struct {
		name  string
		p     Puller
		s     GraphState
		want  int
		grown bool
	}{
		{"grows to the papers added, at most Found", Puller{Store: store, K: 3, Found: 4}, found, 4, true},
		{"a larger K stays", Puller{Store: store, K: 6, Found: 4}, found, 6, false},
		{"nothing added", Puller{Store: store, K: 3, Found: 4}, GraphState{UserQuery: "shapley value"}, 3, false},
		{"recorded before it", Puller{Store: store, K: 3}, found, 3, false},
	} {
		s, err := c.p.Pull(context.Background(), c.s)
		require.NoError(t, err, c.name)
		require.Len(t, s.ChromaResults, c.want, c.name)
		require.Equal(t, c.grown, strings.Contains(s.Reasoning, "papers the run added"), "%s: %s", c.name, s.Reasoning)
	}
}

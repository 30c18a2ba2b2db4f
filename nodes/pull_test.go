package nodes

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

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

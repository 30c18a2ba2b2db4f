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

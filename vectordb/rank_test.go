package vectordb

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRankerRanksLikeAStoreHoldingThePool: a pool ranked in memory comes
// out in the order a store holding exactly those documents returns them.
func TestRankerRanksLikeAStoreHoldingThePool(t *testing.T) {
	ctx := context.Background()
	docs := []Document{
		{ID: "a", Content: "Truthful bidding in the Vickrey auction: bidding one's value is a dominant strategy."},
		{ID: "b", Content: "Replicator dynamics and evolutionary stability in population games."},
		{ID: "c", Content: "Revenue equivalence of first-price and second-price sealed-bid auctions."},
		{ID: "d", Content: "Minimax strategies in two-player zero-sum games."},
		{ID: "e", Content: "Bid shading in first-price auctions with risk-averse bidders."},
	}
	for _, q := range []string{
		"How does the Vickrey auction make truthful bidding a dominant strategy?",
		"Which auction raises more revenue?",
		"evolutionary stability",
	} {
		t.Run(q, func(t *testing.T) {
			emb := NewOfflineEmbedder()
			ranked, err := Ranker{Embedder: emb}.Rank(ctx, q, docs)
			require.NoError(t, err)
			require.Len(t, ranked, len(docs), "every document is ranked")

			db, err := Open(ctx, t.TempDir(), emb)
			require.NoError(t, err)
			defer db.Close()
			_, err = db.Add(ctx, docs)
			require.NoError(t, err)
			stored, err := db.Query(ctx, q, len(docs))
			require.NoError(t, err)

			var fromStore, fromRanker []string
			for _, r := range stored {
				fromStore = append(fromStore, r.ID)
			}
			for _, r := range ranked {
				fromRanker = append(fromRanker, r.ID)
			}
			require.Equal(t, fromStore, fromRanker[:len(fromStore)], "scores %v", ranked)
			for i := 1; i < len(ranked); i++ {
				require.GreaterOrEqual(t, ranked[i-1].Score, ranked[i].Score, "best first")
			}
		})
	}
	require.Equal(t, "a", mustRank(t, "How does the Vickrey auction make truthful bidding a dominant strategy?", docs)[0].ID)
}

func mustRank(t *testing.T, q string, docs []Document) []Ranked {
	r, err := Ranker{Embedder: NewOfflineEmbedder()}.Rank(context.Background(), q, docs)
	require.NoError(t, err)
	return r
}

func TestRankerEdges(t *testing.T) {
	r, err := Ranker{Embedder: NewOfflineEmbedder()}.Rank(context.Background(), "q", nil)
	require.NoError(t, err)
	require.Empty(t, r)
	_, err = Ranker{}.Rank(context.Background(), "q", []Document{{ID: "a", Content: "x"}})
	require.ErrorContains(t, err, "no embedder")
}

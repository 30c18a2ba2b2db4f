package nodes

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// cachingArxiv is pagingArxiv behind a page cache, as arxiv.Client with a
// FileCache: a request it has served before is answered again, and the
// caller's arxiv.WatchCache told so.
type cachingArxiv struct {
	pagingArxiv
	served map[request]bool
}

func (c *cachingArxiv) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	if c.served[request{query, start}] {
		arxiv.ServedFromCache(ctx)
	}
	if c.served == nil {
		c.served = map[request]bool{}
	}
	c.served[request{query, start}] = true
	return c.pagingArxiv.Search(ctx, query, start, max, opts)
}

// A search answered from the client's page cache is marked as such in the
// run's searches, and in their JSON (ask --json, the trace); one that sent
// a request is not, and its JSON is as before.
func TestASearchServedFromTheCacheIsMarked(t *testing.T) {
	vickrey := arxiv.Paper{ID: "2403.00001v1", Title: "Truthful bidding in the Vickrey auction",
		Summary: "In a second-price sealed-bid auction, bidding one's value is a dominant strategy; we revisit the Vickrey auction and its equilibrium."}
	ax := &cachingArxiv{pagingArxiv: pagingArxiv{papers: []arxiv.Paper{vickrey}}}
	a := ArxivSearcher{Arxiv: ax, Ranker: offlineRanker()}
	q := "How does the Vickrey auction make truthful bidding a dominant strategy?"

	first, err := a.Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.NotEmpty(t, first.Searches)
	require.False(t, first.Searches[0].Cached, "the first search sent a request")
	b, err := json.Marshal(first.Searches[0])
	require.NoError(t, err)
	require.NotContains(t, string(b), "cached")

	again, err := a.Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.Equal(t, first.Searches[0].Query, again.Searches[0].Query)
	require.True(t, again.Searches[0].Cached, "the same search again came from the cache")
	b, err = json.Marshal(again.Searches[0])
	require.NoError(t, err)
	require.Contains(t, string(b), `"cached":true`)
	// The reasoning a teacher reads says so too, not only the action.
	require.Contains(t, again.Reasoning, "(from 0, from the cache (no request sent))")
	require.NotContains(t, first.Reasoning, "from the cache")
}

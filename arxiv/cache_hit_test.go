package arxiv

import (
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// A caller watching with WatchCache hears that a search was answered from
// the cache, and only then: neither the search that fetched the page nor a
// search of another start is a hit.
func TestWatchCacheHearsAHitOnly(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, _ int) { serveAtom(w, http.StatusOK, p1) })
	c := testClient(srv.URL)
	c.Cache = &FileCache{Dir: t.TempDir()}

	search := func(start int) (hit bool, requests int64) {
		var h atomic.Bool
		var n atomic.Int64
		ctx := WatchCache(CountRequests(t.Context(), &n), &h)
		_, err := c.Search(ctx, "ti:auction", start, 3, SearchOptions{Sort: SortRelevance})
		require.NoError(t, err)
		return h.Load(), n.Load()
	}
	hit, n := search(0)
	require.False(t, hit, "fetched from arXiv")
	require.EqualValues(t, 1, n)
	hit, n = search(0)
	require.True(t, hit, "the same search again comes from the cache")
	require.EqualValues(t, 0, n)
	hit, n = search(3)
	require.False(t, hit, "another start is a request")
	require.EqualValues(t, 1, n)

	// Without a cache there is nothing to hear; without a watch, nothing
	// is told (and nothing breaks).
	c.Cache = nil
	hit, _ = search(0)
	require.False(t, hit)
	ServedFromCache(t.Context())
}

// RequestCounter gives back the counter CountRequests put in the context.
func TestRequestCounterIsTheContextsCounter(t *testing.T) {
	require.Nil(t, RequestCounter(t.Context()))
	var n atomic.Int64
	require.Same(t, &n, RequestCounter(CountRequests(t.Context(), &n)))
}

package arxiv

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A search repeated while its page is fresh is answered from the cache:
// no request, no pacing; another query, another start or a stale page
// asks arXiv.
func TestSearchAnswersARepeatFromTheCache(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, _ int) { serveAtom(w, http.StatusOK, p1) })
	now := time.Now()
	cache := &FileCache{Dir: t.TempDir(), Now: func() time.Time { return now }}
	c := testClient(srv.URL)
	c.Delay = time.Hour // a request after the first would wait: only a cache hit is free
	sleeps := recordSleeps(c)
	c.Cache = cache

	first, err := c.Search(t.Context(), "ti:auction", 0, 3, SearchOptions{Sort: SortRelevance})
	require.NoError(t, err)
	again, err := c.Search(t.Context(), "ti:auction", 0, 3, SearchOptions{Sort: SortRelevance})
	require.NoError(t, err)
	require.EqualValues(t, 1, c.Requests())
	require.Empty(t, sleeps.all(), "a cached page waits for no one")
	require.Equal(t, ids(first.Papers), ids(again.Papers))
	require.Equal(t, first.Total, again.Total)
	require.Equal(t, first.Papers[0].Published, again.Papers[0].Published)

	_, err = c.Search(t.Context(), "ti:auction", 3, 3, SearchOptions{Sort: SortRelevance})
	require.NoError(t, err)
	_, err = c.Search(t.Context(), "ti:bargaining", 0, 3, SearchOptions{Sort: SortRelevance})
	require.NoError(t, err)
	require.EqualValues(t, 3, c.Requests(), "another start, another query: requests")

	now = now.Add(DefaultCacheTTL)
	_, err = c.Search(t.Context(), "ti:auction", 0, 3, SearchOptions{Sort: SortRelevance})
	require.NoError(t, err)
	require.EqualValues(t, 4, c.Requests(), "a day later the page is asked for again")
}

// What cannot be served whole again is not kept, and what cannot be read
// back is a miss.
func TestFileCacheKeepsOnlyWholePages(t *testing.T) {
	dir := t.TempDir()
	cache := &FileCache{Dir: dir}
	page := Page{Papers: []Paper{{ID: "2301.01234v2", Title: "T", Summary: "S"}}, Total: 1, PerPage: 1}

	cache.Put("with invalid", Page{Papers: page.Papers, Total: 2, PerPage: 2, Invalid: []*InvalidEntry{{Where: "entry 2"}}})
	cache.Put("empty quirk", Page{Total: 50, PerPage: 0})
	_, ok := cache.Get("with invalid")
	require.False(t, ok)
	_, ok = cache.Get("empty quirk")
	require.False(t, ok)

	cache.Put("k", page)
	got, ok := cache.Get("k")
	require.True(t, ok)
	require.Equal(t, page.Papers, got.Papers)

	// A damaged file and a file holding another key are misses.
	require.NoError(t, os.WriteFile(cache.path("k"), []byte("{not json"), 0o644))
	_, ok = cache.Get("k")
	require.False(t, ok)
	cache.Put("k", page)
	b, err := os.ReadFile(cache.path("k"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(cache.path("other"), b, 0o644))
	_, ok = cache.Get("other")
	require.False(t, ok, "a page saved under another key")

	// An unwritable directory: Put does nothing, and says nothing.
	blocked := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(blocked, nil, 0o644))
	(&FileCache{Dir: blocked}).Put("k", page)
}

// The cache keeps at most MaxEntries pages, the newest.
func TestFileCacheKeepsTheNewestPages(t *testing.T) {
	dir := t.TempDir()
	cache := &FileCache{Dir: dir, MaxEntries: 3}
	page := Page{Papers: []Paper{{ID: "2301.01234v2", Title: "T", Summary: "S"}}, Total: 1, PerPage: 1}
	for i := range 5 {
		cache.Put(fmt.Sprint("k", i), page)
		// Modification times order the pages; make them distinct.
		old := time.Now().Add(time.Duration(i-10) * time.Second)
		require.NoError(t, os.Chtimes(cache.path(fmt.Sprint("k", i)), old, old))
	}
	cache.Put("k5", page)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var kept int
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), cacheSuffix) {
			kept++
		}
	}
	require.Equal(t, 3, kept)
	for _, k := range []string{"k3", "k4", "k5"} {
		_, ok := cache.Get(k)
		require.True(t, ok, k)
	}
	_, ok := cache.Get("k0")
	require.False(t, ok)
}

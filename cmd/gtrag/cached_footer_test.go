package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// The footer says a search answered from the page cache was served from
// it: no request went to arXiv, so "arXiv searched" would not be true.
func TestAnswerFooterSaysASearchCameFromTheCache(t *testing.T) {
	r := service.Result{LLM: "offline", Embedder: "offline"}
	sent := nodes.Search{Query: "q", Returned: 3}
	cached := nodes.Search{Query: "q", Returned: 3, Cached: true}
	failed := nodes.Search{Query: "q", Failed: "arXiv did not answer"}
	for _, tc := range []struct {
		searches []nodes.Search
		added    int
		want     string
	}{
		{[]nodes.Search{sent}, 0, "; arXiv searched, no papers added.)"},
		{[]nodes.Search{sent}, 2, "; arXiv searched, 2 papers added to the knowledge base.)"},
		{[]nodes.Search{cached}, 0, "; arXiv search served from the cache, no papers added.)"},
		{[]nodes.Search{cached}, 1, "; arXiv search served from the cache, 1 paper added to the knowledge base.)"},
		{[]nodes.Search{cached, cached}, 3, "; arXiv searches served from the cache, 3 papers added to the knowledge base.)"},
		{[]nodes.Search{cached, sent}, 0, "; arXiv searched (1 of 2 searches served from the cache), no papers added.)"},
		{[]nodes.Search{cached, failed}, 0, "; arXiv search served from the cache, no papers added.)"},
		{[]nodes.Search{failed}, 0, "; arXiv could not be reached.)"},
	} {
		r.Searches, r.PapersAdded = tc.searches, tc.added
		require.True(t, strings.HasSuffix(answerFooter(r), tc.want), "%+v: %s", tc.searches, answerFooter(r))
	}
}

// Asked again with the search in arxiv-cache (a new knowledge base, so
// that the question is searched for again), ask's footer says the search
// was served from the cache and ask --json marks it; the replay of that run
// says the same, and replay --json gives the recorded run's arXiv requests
// beside its own.
func TestAskFooterAndReplayOfACachedSearch(t *testing.T) {
	srv := arxivtest.World(t, arxivtest.WithBackground(2000))
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	const question = "How does the Vickrey auction make truthful bidding a dominant strategy?"
	dir := t.TempDir()
	run1, run2 := filepath.Join(dir, "1.jsonl"), filepath.Join(dir, "2.jsonl")

	first := gtrag(t, env, "ask", "--trace-out", run1, question)
	require.Equal(t, 0, first.code, first.stderr)
	require.Contains(t, first.stdout, "; arXiv searched, ")
	require.NotContains(t, first.stdout, "cache")

	// A new knowledge base with the first one's arxiv-cache: the search
	// is served from the cache and its papers are added.
	withCache := func() map[string]string {
		e := testEnv(t)
		e["GTRAG_ARXIV_URL"] = srv.URL
		e["GTRAG_SEED"] = "none"
		copyCacheDir(t, filepath.Join(env["GTRAG_DATA_DIR"], ArxivCacheDir), filepath.Join(e["GTRAG_DATA_DIR"], ArxivCacheDir))
		return e
	}
	fresh := withCache()
	sent := len(srv.Requests())
	second := gtrag(t, fresh, "ask", "--trace-out", run2, question)
	require.Equal(t, 0, second.code, second.stderr)
	require.Len(t, srv.Requests(), sent, "no request reached arXiv")
	require.Contains(t, second.stdout, "; arXiv search served from the cache, ")
	require.Contains(t, second.stdout, "added to the knowledge base.)")

	// ask --json marks the search (another new knowledge base, the same
	// cache).
	var res service.Result
	decodeJSON(t, gtrag(t, withCache(), "ask", "--json", question), &res)
	require.Zero(t, res.ArxivRequests)
	require.NotEmpty(t, res.Searches)
	require.True(t, res.Searches[0].Cached, "ask --json marks the search")
	require.Positive(t, res.PapersAdded)

	// The replays print what the runs printed, footer included.
	for _, tc := range []struct {
		file string
		ran  result
	}{{run1, first}, {run2, second}} {
		replayed := gtrag(t, env, "replay", tc.file)
		require.Equal(t, 0, replayed.code, replayed.stderr)
		require.Equal(t, tc.ran.stdout, replayed.stdout, tc.file)
	}

	// replay --json: its own counts (it sends nothing) and the recorded
	// run's.
	replayJSON := func(file string) map[string]any {
		r := gtrag(t, env, "replay", "--json", file)
		require.Equal(t, 0, r.code, r.stderr)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &m))
		return m
	}
	m := replayJSON(run1)
	require.EqualValues(t, 0, m["arxiv_requests"])
	require.EqualValues(t, 0, m["llm_calls"])
	require.Contains(t, m, "recorded_arxiv_requests", "replay --json says what the recorded run sent")
	require.Positive(t, m["recorded_arxiv_requests"])
	require.Contains(t, m, "recorded_llm_calls")
	require.EqualValues(t, 0, m["recorded_llm_calls"], "offline: nothing sent to an LLM")
	require.NotEmpty(t, m["answer"], "the Result's fields are all there")
	m = replayJSON(run2)
	require.Contains(t, m, "recorded_arxiv_requests")
	require.EqualValues(t, 0, m["recorded_arxiv_requests"], "present, and 0: the search came from the cache")
	searches := m["searches"].([]any)
	require.Equal(t, true, searches[0].(map[string]any)["cached"])
}

func copyCacheDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	require.NoError(t, err)
	require.NotEmpty(t, entries)
	require.NoError(t, os.MkdirAll(to, 0o755))
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(to, e.Name()), b, 0o644))
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/weaviatetest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// The package's tests share one Weaviate node (started by the first test
// that needs it), stopped when they are done.
func TestMain(m *testing.M) { os.Exit(weaviatetest.Main(m)) }

// weaviateNode, while TestEndToEndOnWeaviate runs, makes testEnv give every
// test a fresh Weaviate collection instead of an embedded store: the
// end-to-end tests below run unchanged on both backends. It is set and
// cleared by that one sequential test, before any parallel test starts.
var weaviateNode *weaviatetest.Node

// withTestStore points env at a fresh collection of the shared Weaviate
// node when a Weaviate run is on.
func withTestStore(t *testing.T, env map[string]string) {
	if weaviateNode != nil {
		env["GTRAG_STORE"] = weaviateNode.URL() + "/" + weaviatetest.Collection(t)
	}
}

// storedPapers lists the papers of the store env names, on either backend.
func storedPapers(t *testing.T, env map[string]string) []string {
	t.Helper()
	ctx := context.Background()
	if env["GTRAG_STORE"] == "" {
		db, err := vectordb.Open(ctx, env["GTRAG_DATA_DIR"], vectordb.NewOfflineEmbedder())
		require.NoError(t, err)
		defer db.Close()
		return db.Papers()
	}
	cfg, err := weaviatestore.ParseURL(env["GTRAG_STORE"], "")
	require.NoError(t, err)
	s, err := weaviatestore.Open(ctx, cfg, nil)
	require.NoError(t, err)
	papers, err := s.Papers(ctx)
	require.NoError(t, err)
	return papers
}

// ingestStateDir is where ingest keeps resume files for env's store.
func ingestStateDir(env map[string]string) string {
	return service.IngestStateDir(service.Config{DataDir: env["GTRAG_DATA_DIR"], Store: env["GTRAG_STORE"]})
}

// TestEndToEndOnWeaviate runs the embedded store's end-to-end tests again on
// a real Weaviate server: ask with the arXiv loop, ingest (query pages,
// resume after Ctrl-C, ids, file versions), search, eval, and concurrent
// ingest and search.
func TestEndToEndOnWeaviate(t *testing.T) {
	weaviateNode = weaviatetest.Shared(t)
	defer func() { weaviateNode = nil }()
	for _, tt := range []struct {
		name string
		test func(*testing.T)
	}{
		{"ask learns from arXiv", TestAskEmptyStoreLearnsFromArxiv},
		{"ask off topic", TestAskOffTopicAddsNothing},
		{"ask json contract", TestAskJSONHasEveryContractField},
		{"search primer", TestSearchRanksThePrimer},
		{"search empty", TestSearchEmptyStore},
		{"search reranked as ask", TestSearchRanksAsAskDoes},
		{"ingest query pages", TestIngestQueryPagesPacedWithContractJSON},
		{"ingest interrupted and resumed", TestIngestInterruptedExits130AndResumes},
		{"ingest arXiv error and resume", TestIngestArxivErrorStopsKeepingCommittedPages},
		{"ingest ids", TestIngestIDsInBatches},
		{"ingest file versions", TestIngestFileSkipsStoredAndReplacesOlderVersions},
		{"ingest primer seed", TestIngestPrimerSeedCountsInStore},
		{"ingest primer adds what the store lacks", TestIngestPrimerAddsTheEntriesTheStoreLacks},
		{"eval", TestEvalReportsQuality},
		{"concurrent ingest and search", TestConcurrentIngestAndSearch},
		{"stats", testStatsOnWeaviate},
		{"papers list show rm", TestPapersListShowRm},
		{"papers export round trip", TestPapersExportRoundTrip},
	} {
		t.Run(tt.name, tt.test)
	}
}

// testStatsOnWeaviate: stats names the server's collection and counts the
// seeded primer; another embedder is refused as on the embedded store.
func testStatsOnWeaviate(t *testing.T) {
	env := testEnv(t)
	// A collection that does not exist is said so, and not made: a typo
	// in its name must not look like a new knowledge base.
	for _, cmd := range [][]string{{"stats"}, {"search", "nash"}, {"papers", "list"}} {
		r := gtrag(t, env, cmd...)
		require.Equal(t, 2, r.code, "%v: %s", cmd, r.stderr)
		require.Contains(t, r.stderr, "no knowledge base in "+env["GTRAG_STORE"])
	}
	require.Empty(t, storedPapers(t, env), "nothing was created")
	createStore(t, env)
	var info vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &info)
	require.Equal(t, env["GTRAG_STORE"], info.Path)
	require.Equal(t, "offline", info.Embedder)
	require.Positive(t, info.Chunks)
	require.Positive(t, info.Papers)
	text := gtrag(t, env, "stats")
	require.Equal(t, 0, text.code, text.stderr)
	require.NotContains(t, text.stdout, "size on disk", "the server keeps the size")

	// stats never embeds: another embedder is not asked for, and the
	// store's own is said. search embeds, and is refused.
	r := gtrag(t, env, "--embedder", "ollama:nomic-embed-text", "stats", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `"embedder": "offline"`)
	r = gtrag(t, env, "--embedder", "ollama:nomic-embed-text", "search", "Nash equilibrium")
	require.Equal(t, 2, r.code, r.stderr)
	require.Contains(t, r.stderr, `built with embedder "offline"`)
	require.Contains(t, r.stderr, "--embedder offline")
	require.Contains(t, r.stderr, "or another collection (weaviate://", "the hint fits the store")
	require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
}

// TestConcurrentIngestAndSearch searches the store while an ingest writes
// to it: every search answers, and the ingest's papers are all there after.
func TestConcurrentIngestAndSearch(t *testing.T) {
	env := ingestEnv(t, nil)
	papers := arxivtest.Papers(0, 240)
	var buf bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&buf, papers))
	file := filepath.Join(t.TempDir(), "papers.jsonl")
	require.NoError(t, os.WriteFile(file, buf.Bytes(), 0o644))
	createStore(t, env) // search does not create it; the ingest races the first search

	var (
		wg     sync.WaitGroup
		ingest result
		done   = make(chan struct{})
		idsOut = filepath.Join(t.TempDir(), "ids.jsonl")
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(done)
		ingest = gtrag(t, env, "ingest", "--json", "--ids-out", idsOut, "--no-filter", "--file", file)
	}()
	searches := 0
	for stop := false; !stop; {
		select {
		case <-done:
			stop = true
		default:
		}
		r := gtrag(t, env, "search", "--json", "-k", "3", "equilibrium strategy game")
		require.Equal(t, 0, r.code, "search %d during the ingest: %s", searches+1, r.stderr)
		searches++
	}
	wg.Wait()
	rep := readIngestReport(t, ingest, idsOut)
	require.Len(t, rep.Kept, len(papers))
	require.Equal(t, rep.ChunksAdded, rep.StoreCount)
	require.ElementsMatch(t, ingestIDs(papers), storedPapers(t, env))
	require.Greater(t, searches, 1, "searches ran while the ingest wrote")

	var after struct {
		Results []vectordb.Result `json:"results"`
	}
	decodeJSON(t, gtrag(t, env, "search", "--json", "-k", "3", "equilibrium strategy game"), &after)
	require.Len(t, after.Results, 3)
}

// TestAskAndSearchSurviveANodeStop: on a knowledge base replicated on two
// Weaviate nodes, ask and search keep answering while the first node of the
// URL is stopped in the middle of a run of questions.
func TestAskAndSearchSurviveANodeStop(t *testing.T) {
	nodes := weaviatetest.Cluster(t, 2)
	env := testEnv(t)
	env["GTRAG_STORE"] = fmt.Sprintf("weaviate://%s,%s/Replicated?replicas=2", nodes[0].Addr(), nodes[1].Addr())
	createStore(t, env) // the collection, seeded as ask seeds it
	var info vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &info)
	require.Positive(t, info.Papers)

	var (
		mu      sync.Mutex
		answers []service.Result
		failed  []result
	)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			r := gtrag(t, env, "ask", "--json", "What is a Nash equilibrium?")
			mu.Lock()
			var a service.Result
			if r.code != 0 || json.Unmarshal([]byte(r.stdout), &a) != nil {
				failed = append(failed, r) // reported below: no require off the test goroutine
			} else {
				answers = append(answers, a)
			}
			mu.Unlock()
		}
	}()
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(answers) + len(failed) }
	for count() < 2 {
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, nodes[0].Stop())
	before := count()
	for deadline := time.Now().Add(time.Minute); count() < before+3 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	<-done
	require.Empty(t, failed, "ask failed while a node stopped")
	require.GreaterOrEqual(t, len(answers), before+3)
	for _, a := range answers {
		// What is tested is that the cluster keeps answering from the
		// stored knowledge base. Which primer entry ranks first is not:
		// each node builds its own approximate HNSW graph, and under load
		// the surviving replica was seen to rank the correlated-equilibrium
		// entry above the Nash-equilibrium one for this question.
		require.Contains(t, []string{"answered", "answered_with_caveat"}, a.Outcome, a.Answer)
		require.NotEmpty(t, a.Sources, a.Answer)
		for _, s := range a.Sources {
			require.True(t, strings.HasPrefix(s.PaperID, "primer:"), "cites %s, which the store does not hold", s.PaperID)
		}
	}

	var found struct {
		Results []vectordb.Result `json:"results"`
	}
	decodeJSON(t, gtrag(t, env, "search", "--json", "-k", "2", "mixed strategy"), &found)
	require.Len(t, found.Results, 2)
}

// store copy moves a knowledge base from a directory to Weaviate and back,
// verified by counts; run again after a loss it writes only what is
// missing.
func TestStoreCopyBetweenBackends(t *testing.T) {
	node := weaviatetest.Shared(t)
	env := testEnv(t)
	delete(env, "GTRAG_STORE")
	src := env["GTRAG_DATA_DIR"]
	var srcInfo vectordb.Info
	createStore(t, env)
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &srcInfo) // seeds the primer
	url := node.URL() + "/" + weaviatetest.Collection(t)

	var rep copyReport
	decodeJSON(t, gtrag(t, env, "store", "copy", "--json", "--from", src, "--to", url), &rep)
	require.Equal(t, srcInfo.Chunks, rep.SourceChunks)
	require.Equal(t, srcInfo.Papers, rep.SourcePapers)
	require.Equal(t, srcInfo.Chunks, rep.Written)
	require.Equal(t, srcInfo.Chunks, rep.TargetChunks)
	require.Equal(t, srcInfo.Papers, rep.TargetPapers)

	// Lose one paper on the target: copying again writes just its chunks.
	cfg, err := weaviatestore.ParseURL(url, "")
	require.NoError(t, err)
	s, err := weaviatestore.Open(context.Background(), cfg, vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	require.NoError(t, s.DeletePaper(context.Background(), "primer:nash-equilibrium"))
	lost := srcInfo.Chunks - s.Count()
	require.Positive(t, lost)
	decodeJSON(t, gtrag(t, env, "store", "copy", "--json", "--from", src, "--to", url), &rep)
	require.Equal(t, lost, rep.Written)
	require.Equal(t, srcInfo.Chunks, rep.TargetChunks)

	// And back into a new directory: the same papers.
	back := filepath.Join(t.TempDir(), "back")
	text := gtrag(t, env, "store", "copy", "--from", url, "--to", back)
	require.Equal(t, 0, text.code, text.stderr)
	require.Contains(t, text.stdout, fmt.Sprintf("target: %d chunks, %d papers", srcInfo.Chunks, srcInfo.Papers))
	require.Equal(t, storedPapers(t, env), storedPapers(t, map[string]string{"GTRAG_DATA_DIR": back}))

	for _, bad := range [][]string{
		{"store", "copy", "--from", src},
		{"store", "copy", "--from", src, "--to", src},
		{"store", "copy", "--from", src, "--to", src + "/."}, // one directory, two names
		{"store", "copy", "--from", filepath.Join(t.TempDir(), "none"), "--to", back},
		{"store", "copy", "--from", "weaviate://127.0.0.1:1:2", "--to", back},
		{"store", "copy", "--from", node.URL() + "/NoSuchCollection", "--to", back},
		{"--embedder", "openai:text-embedding-3-small", "store", "copy", "--from", src, "--to", back},
	} {
		r := gtrag(t, map[string]string{"HOME": env["HOME"], "GTRAG_LLM": "offline", "OPENAI_API_KEY": "k"}, bad...)
		require.Equal(t, 2, r.code, "%v: %s", bad, r.stderr)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
	}
}

// countingProxy forwards to the node and records each request it sees as
// "METHOD /path".
func countingProxy(t *testing.T, node *weaviatetest.Node) (addr string, requests func() []string, reset func()) {
	target, err := url.Parse("http://" + node.Addr())
	require.NoError(t, err)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var (
		mu   sync.Mutex
		seen []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	requests = func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(seen) }
	reset = func() { mu.Lock(); defer mu.Unlock(); seen = nil }
	return strings.TrimPrefix(srv.URL, "http://"), requests, reset
}

// The commands that only read a store open its collection once: one read
// of the collection's schema both finds that it exists and loads it. They
// used to read it twice, once to ask whether it existed and once to open
// it. A missing collection is still said so, and not made.
func TestReadOnlyCommandsReadTheSchemaOnce(t *testing.T) {
	node := weaviatetest.Shared(t)
	addr, requests, reset := countingProxy(t, node)
	env := testEnv(t)
	env["GTRAG_STORE"] = "weaviate://" + addr + "/" + weaviatetest.Collection(t)
	schema := "GET /v1/schema/" + strings.TrimPrefix(env["GTRAG_STORE"], "weaviate://"+addr+"/")
	count := func(what string) int {
		n := 0
		for _, r := range requests() {
			if r == what {
				n++
			}
		}
		return n
	}

	for _, args := range [][]string{{"stats"}, {"search", "nash"}} {
		reset()
		r := gtrag(t, env, args...)
		require.Equal(t, 2, r.code, "%v: %s", args, r.stderr)
		require.Equal(t, "gtrag: no knowledge base in "+env["GTRAG_STORE"]+" yet: `gtrag ask` or `gtrag ingest` creates one (or check the collection's name)\n", r.stderr)
		t.Logf("%v on a missing collection: %d requests: %v", args, len(requests()), requests())
		for _, req := range requests() {
			require.True(t, strings.HasPrefix(req, "GET "), "%v only reads: %v", args, requests())
		}
	}
	require.Empty(t, storedPapers(t, env), "nothing was created")

	createStore(t, env)
	for _, args := range [][]string{{"stats", "--json"}, {"search", "nash"}} {
		reset()
		r := gtrag(t, env, args...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
		t.Logf("%v: %d requests: %v", args, len(requests()), requests())
		require.Equal(t, 1, count("GET /v1/meta"), "%v connects once: %v", args, requests())
		require.Equal(t, 1, count(schema), "%v reads the schema once: %v", args, requests())
	}
}

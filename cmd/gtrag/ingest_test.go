package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// ingestEnv is testEnv pointed at a fake arXiv, with a short pacing delay
// and an empty store (no primer) so that counts are the ingest's alone.
func ingestEnv(t *testing.T, srv *arxivtest.Server) map[string]string {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	env["GTRAG_ARXIV_DELAY"] = "40ms"
	if srv != nil {
		env["GTRAG_ARXIV_URL"] = srv.URL
	}
	return env
}

// ingestReport is the `ingest --json` object of the contract: the ids of
// the run under each outcome, and counts. The N fields are the lists'
// lengths.
type ingestReport struct {
	Fetched          int      `json:"fetched"`
	Kept             []string `json:"kept"`
	Rejected         []string `json:"rejected"`
	SkippedExisting  []string `json:"skipped_existing"`
	SkippedDuplicate []string `json:"skipped_duplicate"`
	SkippedInvalid   []string `json:"skipped_invalid"`
	NotFound         []string `json:"not_found"`
	ChunksAdded      int      `json:"chunks_added"`
	StoreCount       int      `json:"store_count"`
	ArxivRequests    int      `json:"arxiv_requests"`
	Total            int      `json:"total"`
	Complete         bool     `json:"complete"`
	UpToDate         bool     `json:"up_to_date"`
	Error            string   `json:"error"`
	Notices          []string `json:"notices"`

	KeptN, RejectedN, SkippedExistingN, SkippedDupN, SkippedInvalidN, NotFoundN int `json:"-"`
}

// failedIngest is what the --json object of a failed ingest (exit 1)
// says of its failure: what it kept, its error, and store_count, null
// when the run never opened the store.
type failedIngest struct {
	Kept       []string `json:"kept"`
	Error      string   `json:"error"`
	StoreCount *int     `json:"store_count"`
}

// decodeFailedIngest checks that r is a failed ingest's (exit 1) and reads
// its object.
func decodeFailedIngest(t *testing.T, r result) failedIngest {
	t.Helper()
	require.Equal(t, exitFailure, r.code, r.stderr)
	var out failedIngest
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	return out
}

func (r *ingestReport) UnmarshalJSON(b []byte) error {
	type plain ingestReport
	if err := json.Unmarshal(b, (*plain)(r)); err != nil {
		return err
	}
	r.KeptN, r.RejectedN, r.SkippedExistingN = len(r.Kept), len(r.Rejected), len(r.SkippedExisting)
	r.SkippedDupN, r.SkippedInvalidN, r.NotFoundN = len(r.SkippedDuplicate), len(r.SkippedInvalid), len(r.NotFound)
	return nil
}

// ingestJSON runs `ingest --json --ids-out F args…`.
func ingestJSON(t *testing.T, env map[string]string, args ...string) ingestReport {
	t.Helper()
	out := filepath.Join(t.TempDir(), "ids.jsonl")
	r := gtrag(t, env, append([]string{"ingest", "--json", "--ids-out", out}, args...)...)
	return readIngestReport(t, r, out)
}

// readIngestReport decodes the --json object of r, and checks that its
// lists are the --ids-out file's, in the same order.
func readIngestReport(t *testing.T, r result, idsOut string) ingestReport {
	t.Helper()
	var rep ingestReport
	decodeJSON(t, r, &rep)
	data, err := os.ReadFile(idsOut)
	require.NoError(t, err)
	file := map[string][]string{}
	for line := range strings.Lines(string(data)) {
		var e struct{ ID, Outcome string }
		require.NoError(t, json.Unmarshal([]byte(line), &e), line)
		file[e.Outcome] = append(file[e.Outcome], e.ID)
	}
	lists := map[string][]string{
		"kept": rep.Kept, "rejected": rep.Rejected, "skipped_existing": rep.SkippedExisting,
		"skipped_duplicate": rep.SkippedDuplicate, "skipped_invalid": rep.SkippedInvalid, "not_found": rep.NotFound,
	}
	for o := range file {
		require.Contains(t, lists, o, "unknown outcome in --ids-out")
	}
	for o, l := range lists {
		require.NotNil(t, l, "%s is a list, [] when empty", o)
		if len(l) > 0 || len(file[o]) > 0 {
			require.Equal(t, file[o], l, "%s: --json and --ids-out", o)
		}
	}
	return rep
}

func ingestIDs(papers []arxiv.Paper) []string {
	out := make([]string, len(papers))
	for i, p := range papers {
		out[i] = p.ID
	}
	return out
}

// ingestStoredPapers opens the store a command left behind and lists its
// papers.
func ingestStoredPapers(t *testing.T, env map[string]string) []string {
	t.Helper()
	return storedPapers(t, env) // either backend: weaviate_test.go
}

func TestIngestQueryPagesPacedWithContractJSON(t *testing.T) {
	papers := arxivtest.Papers(0, 250)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)

	idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
	r := gtrag(t, env, "ingest", "--json", "--ids-out", idsOut, "--no-filter", "--query", "cat:cs.GT", "--max", "1000", "--sort", "submitted")
	require.Equal(t, 0, r.code, r.stderr)
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &fields))
	var keys []string
	for k, v := range fields {
		keys = append(keys, k)
		if k == "complete" || k == "up_to_date" {
			var b bool
			require.NoError(t, json.Unmarshal(v, &b), "%s is true or false: %s", k, v)
			continue
		}
		switch k {
		case "kept", "rejected", "skipped_existing", "skipped_duplicate", "skipped_invalid", "not_found":
			var ids []string
			require.NoError(t, json.Unmarshal(v, &ids), "%s is a list of paper ids: %s", k, v)
			require.NotNil(t, ids, "%s is [] when empty, not null", k)
		case "notices":
			var notices []string
			require.NoError(t, json.Unmarshal(v, &notices), "%s is a list of strings: %s", k, v)
			require.Equal(t, []string{}, notices, "nothing to say: [], not null")
		default:
			var n int
			require.NoError(t, json.Unmarshal(v, &n), "%s is a count: %s", k, v)
		}
	}
	require.ElementsMatch(t, []string{"fetched", "kept", "rejected", "skipped_existing", "skipped_duplicate", "skipped_invalid", "not_found", "chunks_added", "store_count", "arxiv_requests", "total", "complete", "up_to_date", "notices"}, keys)
	rep := readIngestReport(t, r, idsOut)
	require.Equal(t, 250, rep.Fetched)
	require.Equal(t, ingestIDs(arxivtest.Sorted(papers, arxivtest.Sort{By: "submittedDate"})), rep.Kept, "newest first, as arXiv sorts")
	require.Empty(t, rep.Rejected)
	require.Equal(t, 3, rep.ArxivRequests)
	require.Equal(t, rep.ChunksAdded, rep.StoreCount)
	require.Greater(t, rep.ChunksAdded, 250)
	require.Equal(t, 250, rep.Total)
	require.True(t, rep.Complete)
	require.False(t, rep.UpToDate)

	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	for i, req := range reqs {
		require.Equal(t, 100*i, req.Start)
		require.Equal(t, "submittedDate", req.SortBy)
		if i > 0 {
			gap := req.At.Sub(reqs[i-1].At)
			// Arrival times lag request starts on a loaded machine (one
			// late arrival shortens the next gap: 26ms was seen at load
			// 20 with the 40ms delay); unpaced requests come about 1ms
			// apart. So each gap is checked loosely and the whole span
			// tightly, which one late arrival cannot shorten by more than
			// its lag.
			require.GreaterOrEqual(t, gap, 15*time.Millisecond, "request %d only %s after the previous one", i+1, gap)
		}
	}
	span := reqs[len(reqs)-1].At.Sub(reqs[0].At)
	require.GreaterOrEqual(t, span, time.Duration(len(reqs)-1)*40*time.Millisecond-10*time.Millisecond, "%d requests in %s", len(reqs), span)
	require.NotContains(t, r.stdout, "ingest:", "no progress on stdout")

	// The same command again: complete, nothing fetched.
	r = gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "1000", "--sort", "submitted")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "already ingested completely (250 results")
	require.Contains(t, r.stdout, "--restart")
	require.Len(t, srv.Requests(), 3)
}

func TestIngestTextSummaryAndMax(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40))
	env := ingestEnv(t, srv)
	r := gtrag(t, env, "ingest", "--query", "cat:cs.GT", "--max", "15", "--page-size", "10")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `Ingested query "cat:cs.GT" (filter on): results up to 15 of 40`)
	require.Contains(t, r.stdout, "fetched   15 papers in 2 arXiv requests")
	require.Contains(t, r.stdout, "kept      15")
	require.Contains(t, r.stdout, "Stopped at --max 15; arXiv has 40 results")

	r = gtrag(t, env, "ingest", "--query", "cat:cs.GT", "--max", "40", "--page-size", "10")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "resumed at result 16")
	require.Contains(t, r.stdout, "kept      25")
	require.Equal(t, map[int]int{0: 1, 10: 1, 15: 1, 25: 1, 35: 1}, srv.StartCounts())
}

// A query of one result, or stopped at --max 1, run again says so in the
// singular: it said "already ingested completely (1 results, …)" and "The
// first 1 results of … are already ingested".
func TestIngestUpToDateSaysOneResult(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 1))
	env := ingestEnv(t, srv)
	env["GTRAG_SEED"] = "none"
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT"}
	require.Equal(t, 0, gtrag(t, env, args...).code)
	r := gtrag(t, env, args...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `Query "cat:cs.GT" is already ingested completely (1 result, no filter); nothing fetched.`)

	srv = arxivtest.New(t, arxivtest.Papers(0, 5))
	env = ingestEnv(t, srv)
	args = []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "1"}
	require.Equal(t, 0, gtrag(t, env, args...).code)
	r = gtrag(t, env, args...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "The first result of query \"cat:cs.GT\" is already ingested (no filter); nothing fetched.\nRaise --max above 1 to continue.\n")
}

func TestIngestRetriesAfter503WithRetryAfter(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	var mu sync.Mutex
	done := false
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start == 10 && !done {
			done = true
			return &arxivtest.Reply{Status: http.StatusServiceUnavailable, RetryAfter: "1", Body: "try later"}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	rep := ingestJSON(t, env, "--no-filter", "--query", "cat:cs.GT", "--max", "20", "--page-size", "10")
	require.Len(t, rep.Kept, 20)
	require.Equal(t, 3, rep.ArxivRequests)
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	require.GreaterOrEqual(t, reqs[2].At.Sub(reqs[1].At), time.Second)
}

func TestIngestEmptyPageIsRetried(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	var mu sync.Mutex
	empties := 0
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start == 10 && empties == 0 {
			empties++
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
	r := gtrag(t, env, "ingest", "--json", "--ids-out", idsOut, "--no-filter", "--query", "cat:cs.GT", "--max", "20", "--page-size", "10")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "note: arXiv: attempt 1 failed (arXiv returned an empty page")
	rep := readIngestReport(t, r, idsOut)
	require.Len(t, rep.Kept, 20)
	require.Equal(t, map[int]int{0: 1, 10: 2}, srv.StartCounts())
}

func TestIngestArxivErrorStopsKeepingCommittedPages(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	srv := arxivtest.New(t, papers)
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start == 10 {
			return &arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "start must be a number")}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10"}
	r := gtrag(t, env, args...)
	require.Equal(t, exitFailure, r.code)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.Len(t, lines, 1, r.stderr)
	require.Contains(t, lines[0], "start must be a number")
	require.Contains(t, lines[0], "1 batch committed before it, progress saved")
	require.Contains(t, lines[0], "run the same command again to continue")
	require.Contains(t, r.stdout, "kept      10")
	require.ElementsMatch(t, ingestIDs(papers[:10]), ingestStoredPapers(t, env))

	srv.SetFault(nil)
	r = gtrag(t, env, args...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "resumed at result 11")
	require.Equal(t, map[int]int{0: 1, 10: 2, 20: 1}, srv.StartCounts())
	require.Len(t, ingestStoredPapers(t, env), 30)
}

func TestIngestInterruptedExits130AndResumes(t *testing.T) {
	papers := arxivtest.Papers(0, 50)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 30 {
			cancel() // Ctrl-C while page 4 is on its way
		}
	})
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "50", "--page-size", "10"}
	r := gtragCtx(ctx, t, env, args...)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Contains(t, r.stderr, "interrupted after 3 committed pages (next result 31), progress saved; run the same command again to resume")
	require.ElementsMatch(t, ingestIDs(papers[:30]), ingestStoredPapers(t, env))
	files, err := filepath.Glob(filepath.Join(ingestStateDir(env), "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 1)

	srv.OnRequest(nil)
	idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
	r = gtrag(t, env, append(args, "--json", "--ids-out", idsOut)...)
	rep := readIngestReport(t, r, idsOut)
	require.Equal(t, ingestIDs(papers[30:]), rep.Kept)
	require.Empty(t, rep.SkippedExisting)
	require.Equal(t, map[int]int{0: 1, 10: 1, 20: 1, 30: 2, 40: 1}, srv.StartCounts(), "no committed page fetched twice")
}

func TestIngestIDsInBatches(t *testing.T) {
	papers := arxivtest.Papers(0, 150)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	list := strings.Join(ingestIDs(papers), ",")
	rep := ingestJSON(t, env, "--no-filter", "--ids", list)
	require.Equal(t, ingestIDs(papers), rep.Kept)
	require.Equal(t, 2, rep.ArxivRequests)
	var sizes []int
	for _, r := range srv.Requests() {
		sizes = append(sizes, len(r.IDs))
	}
	require.Equal(t, []int{100, 50}, sizes)

	// Again, with one more id: stored versioned ids are not asked for.
	more := arxivtest.Paper(500)
	srv.SetPapers(papers, more)
	rep = ingestJSON(t, env, "--no-filter", "--ids", list+","+more.ID)
	require.Equal(t, []string{more.ID}, rep.Kept)
	require.Equal(t, ingestIDs(papers), rep.SkippedExisting)
	require.Equal(t, 1, rep.ArxivRequests)
}

func TestIngestFilterOnAndOff(t *testing.T) {
	game := arxivtest.Papers(0, 3)
	video := arxivtest.VideoGamePaper("2402.00042v1")
	srv := arxivtest.New(t, append(slices.Clone(game), video))
	ids := strings.Join(append(ingestIDs(game), video.ID), ",")

	rep := ingestJSON(t, ingestEnv(t, srv), "--ids", ids)
	require.Equal(t, []string{video.ID}, rep.Rejected)
	require.Equal(t, ingestIDs(game), rep.Kept)

	rep = ingestJSON(t, ingestEnv(t, srv), "--no-filter", "--ids", ids)
	require.Empty(t, rep.Rejected)
	require.Contains(t, rep.Kept, video.ID)
}

func TestIngestFileSkipsStoredAndReplacesOlderVersions(t *testing.T) {
	dir := t.TempDir()
	v1 := append(arxivtest.Papers(0, 4), arxivtest.VideoGamePaper("2402.00042v1"))
	jsonl := filepath.Join(dir, "papers.jsonl")
	var buf bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&buf, v1))
	require.NoError(t, os.WriteFile(jsonl, buf.Bytes(), 0o644))

	env := ingestEnv(t, nil)
	rep := ingestJSON(t, env, "--file", jsonl)
	require.Equal(t, ingestIDs(v1[:4]), rep.Kept)
	require.Equal(t, []string{"2402.00042v1"}, rep.Rejected)
	require.Equal(t, 0, rep.ArxivRequests)

	// An Atom file: paper 1 in version 2, the others as before.
	v2 := arxivtest.PaperVersion(1, 2)
	atom := filepath.Join(dir, "feed.xml")
	next := []arxiv.Paper{v1[0], v2, v1[2], v1[3]}
	require.NoError(t, os.WriteFile(atom, []byte(arxivtest.Feed(arxivtest.Modern, "", arxiv.Page{Papers: next, Total: len(next)})), 0o644))
	rep = ingestJSON(t, env, "--file", atom)
	require.Equal(t, []string{v2.ID}, rep.Kept)
	require.Equal(t, []string{v1[0].ID, v1[2].ID, v1[3].ID}, rep.SkippedExisting)
	stored := ingestStoredPapers(t, env)
	require.Contains(t, stored, v2.ID)
	require.NotContains(t, stored, v1[1].ID, "version 2 replaced version 1")
	require.Len(t, stored, 4)

	_, err := os.Stat(filepath.Join(env["GTRAG_DATA_DIR"], "ingest"))
	require.True(t, os.IsNotExist(err), "a file ingest keeps no resume file")
}

func TestIngestPrimerSeedCountsInStore(t *testing.T) {
	env := ingestEnv(t, nil)
	env["GTRAG_SEED"] = "primer"
	path := filepath.Join(t.TempDir(), "one.jsonl")
	var buf bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&buf, arxivtest.Papers(0, 1)))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	rep := ingestJSON(t, env, "--file", path)
	require.Greater(t, rep.StoreCount, rep.ChunksAdded, "the new store was seeded with the primer first")
}

// A store made by an older gtrag lacks the primer entries added since;
// ingest --primer adds exactly those, unfiltered, and nothing else, and a
// second run finds nothing to add. The entry removed here stands for one
// the older primer did not have.
func TestIngestPrimerAddsTheEntriesTheStoreLacks(t *testing.T) {
	env := ingestEnv(t, nil)
	env["GTRAG_SEED"] = "primer"
	primer, err := data.Primer()
	require.NoError(t, err)
	rep := ingestJSON(t, env, "--primer")
	// The run adds the primer to the new store itself and says so: the
	// store is not seeded when the run opens it, which would leave the run
	// reporting its own entries as found stored ("kept 0, skipped 66").
	require.Len(t, rep.Kept, len(primer), "a new store's primer is this run's work")
	require.Empty(t, rep.SkippedExisting)
	require.Equal(t, rep.StoreCount, rep.ChunksAdded)
	db, err := vectordb.Open(context.Background(), env["GTRAG_DATA_DIR"], vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	require.False(t, db.SeedIsPending(), "the run marks the store seeded: no later open seeds it again")
	require.NoError(t, db.Close())

	r := gtrag(t, env, "papers", "rm", "primer:pareto-efficiency")
	require.Equal(t, 0, r.code, r.stderr)
	// Removed on purpose, perhaps: ask does not nag about it; stats counts it.
	r = gtrag(t, env, "--llm", "offline", "ask", "--arxiv-url", "http://127.0.0.1:1/api/query", "What is a core?")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stderr, "older gtrag's primer")
	require.Contains(t, gtrag(t, env, "stats").stdout, "primer:         "+strconv.Itoa(len(primer)-1)+" of "+strconv.Itoa(len(primer))+" entries, 1 missing; `gtrag ingest --primer` adds it")
	rep = ingestJSON(t, env, "--primer")
	require.Equal(t, []string{"primer:pareto-efficiency"}, rep.Kept)
	require.Len(t, rep.SkippedExisting, len(primer)-1)
	require.Empty(t, rep.Rejected, "the primer is not filtered")
	require.Equal(t, 0, rep.ArxivRequests)
	require.Len(t, ingestStoredPapers(t, env), len(primer))

	r = gtrag(t, env, "ingest", "--primer")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Ingested the embedded primer")
	require.Contains(t, r.stdout, "skipped   "+strconv.Itoa(len(primer))+" (already stored)")
	require.NotContains(t, r.stdout, "arXiv request", "no request is made")

	_, err = os.Stat(filepath.Join(env["GTRAG_DATA_DIR"], "ingest"))
	require.True(t, os.IsNotExist(err), "a primer ingest keeps no resume file")
}

// A store made by an older gtrag holds entries in the wording of its day:
// here the subgame-perfection entry as it read when it began "Reinhard
// Selten generalised the idea as …", a sentence this gtrag's answerer no
// longer opens an answer with. ingest --primer rewrites that entry, says
// so (text and --json), and ask then quotes the new wording; a second run
// has nothing to rewrite. Until then ask and stats say what to run.
func TestIngestPrimerRewritesEntriesWordedOtherwise(t *testing.T) {
	ctx := context.Background()
	env := ingestEnv(t, nil)
	env["GTRAG_SEED"] = "primer"
	env["GTRAG_LLM"] = "offline"
	rep := ingestJSON(t, env, "--primer") // fills the new store
	require.NotEmpty(t, rep.Kept)

	primer, err := data.Primer()
	require.NoError(t, err)
	const id = "primer:backward-induction-subgame-perfection"
	i := slices.IndexFunc(primer, func(p arxiv.Paper) bool { return p.ID == id })
	require.GreaterOrEqual(t, i, 0)
	old := primer[i]
	old.Summary = strings.Replace(old.Summary, "generalised backward induction as", "generalised the idea as", 1)
	require.NotEqual(t, primer[i].Summary, old.Summary)
	db, err := vectordb.Open(ctx, env["GTRAG_DATA_DIR"], vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	_, err = db.ReplacePaper(ctx, vectordb.Documents(chunker.Split(old, chunker.Options{})))
	require.NoError(t, err)
	require.NoError(t, db.Close())
	question := "What is a subgame perfect equilibrium and how is it found?"
	r := gtrag(t, env, "ask", "--arxiv-url", "http://127.0.0.1:1/api/query", question)
	require.NotContains(t, r.stdout, "generalised backward induction as", "the old wording is what the store holds")
	hint := "note: this knowledge base holds an older gtrag's primer (1 of " + strconv.Itoa(len(primer)) + " entries in another wording, 0 missing): `gtrag ingest --primer` brings it up to date"
	require.Contains(t, r.stderr, hint)
	// stats says so, and what to run.
	r = gtrag(t, env, "stats")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("primer:         %d of %d entries, 1 in an older wording; `gtrag ingest --primer` brings it up to date", len(primer), len(primer)))
	var stats struct {
		Primer service.PrimerState `json:"primer"`
	}
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &stats)
	require.Equal(t, []string{id}, stats.Primer.Reworded)
	require.Empty(t, stats.Primer.Missing)

	r = gtrag(t, env, "ingest", "--primer")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "updated   1 of those stored (worded otherwise by the gtrag that stored them): "+id)
	r = gtrag(t, env, "stats")
	require.NotContains(t, r.stdout, "primer:", "nothing left to bring up to date")
	r = gtrag(t, env, "ask", "--arxiv-url", "http://127.0.0.1:1/api/query", question)
	require.Contains(t, r.stdout, "Reinhard Selten generalised backward induction as subgame perfect equilibrium (SPE)")
	require.NotContains(t, r.stderr, "older gtrag's primer")

	r = gtrag(t, env, "ingest", "--primer", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Updated         []string `json:"updated"`
		SkippedExisting []string `json:"skipped_existing"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	require.NotNil(t, out.Updated, "a --primer run lists what it rewrote, even nothing")
	require.Empty(t, out.Updated)
	require.Len(t, out.SkippedExisting, len(primer))
	require.Contains(t, r.stdout, `"updated": []`)
}

func TestIngestBadUsage(t *testing.T) {
	dir := t.TempDir()
	notPapers := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(notPapers, []byte("\n{\"id\": \"2401\", \"title\": \"x\"}\nnot json\n"), 0o644))
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	good := filepath.Join(dir, "good.jsonl")
	var buf bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&buf, arxivtest.Papers(0, 1)))
	require.NoError(t, os.WriteFile(good, buf.Bytes(), 0o644))

	tests := []struct {
		args []string
		want string
	}{
		{nil, "needs a source"},
		{[]string{"--primer", "--file", good}, "one source, got --file and --primer"},
		{[]string{"--primer", "--filter"}, "--primer adds the primer unfiltered"},
		{[]string{"--primer", "--restart"}, "a primer ingest keeps no progress"},
		{[]string{"--primer=false"}, "--primer=false names no source"},
		{[]string{"--primer", "--max", "5"}, "--max applies to --query only"},
		{[]string{"--query", "a", "--ids", "2401.00001"}, "one source, got --query and --ids"},
		{[]string{"--file", good, "--query", "a"}, "one source"},
		{[]string{"--query", ""}, "--query is empty"},
		{[]string{"--query", "   "}, "--query is empty"},
		{[]string{"--query", "a\x07b"}, "control character"},
		{[]string{"--query", "a\xffb"}, "not valid UTF-8"},
		{[]string{"--query", strings.Repeat("a", 5000)}, "limit is 4096"},
		{[]string{"--query", "a", "--max", "0"}, "--max 0: want 1 to 30000"},
		{[]string{"--query", "a", "--max", "-5"}, "--max -5"},
		{[]string{"--query", "a", "--max", "30001"}, "--max 30001"},
		{[]string{"--query", "a", "--max", "99999999999999999999"}, "is out of range for a whole number"},
		{[]string{"--query", "a", "--page-size", "2001"}, "--page-size 2001: want 1 to 2000"},
		{[]string{"--query", "a", "--page-size", "0"}, "--page-size 0"},
		{[]string{"--query", "a", "--sort", "date"}, `--sort "date"`},
		{[]string{"--ids", "2401.00001", "--max", "5"}, "--max applies to --query only"},
		{[]string{"--file", good, "--sort", "updated"}, "--sort applies to --query only"},
		{[]string{"--query", "a", "--filter", "--no-filter"}, "choose one"},
		{[]string{"--file", good, "--restart"}, "--restart applies to --query and --ids"},
		{[]string{"--ids", "2401.00001,banana"}, `not an arXiv id: "banana"`},
		{[]string{"--ids", "2401.00001,2413.01234"}, `--ids: arXiv id "2413.01234": month 13 does not exist`},
		{[]string{"--ids", "hep-th/9913001"}, `--ids: arXiv id "hep-th/9913001": month 13 does not exist`},
		{[]string{"--ids", " , "}, "no arXiv ids"},
		{[]string{"--ids", "  "}, "--ids is empty"},
		{[]string{"--ids", ",,"}, "no arXiv ids"},
		{[]string{"--file", filepath.Join(dir, "missing.jsonl")}, "no such file"},
		{[]string{"--file", dir}, "is a directory"},
		{[]string{"--file", notPapers}, "no paper in it (line 2 (2401): not an arXiv id"},
		{[]string{"--file", empty}, "holds no papers"},
		{[]string{"--file", good, "--ids-out", filepath.Join(dir, "missing", "ids.jsonl")}, "its directory does not exist"},
		{[]string{"--file", good, "--ids-out", dir}, "is a directory"},
		{[]string{"--file", good, "--ids-out", ""}, "--ids-out is empty"},
		{[]string{"--query", "a", "extra"}, `gtrag ingest takes no arguments, got "extra"`},
		{[]string{"--query", "a", "--bogus"}, "gtrag ingest has no flag --bogus"},
		{[]string{"--query", "a", "--llm", "nonsense:"}, "--llm"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env := ingestEnv(t, nil)
			r := gtrag(t, env, append([]string{"ingest"}, tc.args...)...)
			require.Equal(t, exitUsage, r.code, "stdout %q stderr %q", r.stdout, r.stderr)
			require.Empty(t, r.stdout)
			lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
			require.Len(t, lines, 1, r.stderr)
			require.Contains(t, lines[0], tc.want)
			_, err := os.Stat(env["GTRAG_DATA_DIR"])
			require.True(t, os.IsNotExist(err), "the data dir was not created")
		})
	}
}

// --ids-out - is refused as --trace-out - is: - reads as standard output
// (as --file - is standard input), which carries the summary, and the run
// made a file named "-" in the working directory instead.
func TestIngestIDsOutDashIsRefused(t *testing.T) {
	cwd := t.TempDir()
	t.Chdir(cwd)
	file := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Papers(0, 3)...)
	env := ingestEnv(t, nil)
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file, "--ids-out", "-")
	require.Equal(t, exitUsage, r.code, "stdout %q stderr %q", r.stdout, r.stderr)
	require.Empty(t, r.stdout)
	require.Equal(t, "gtrag: --ids-out -: standard output carries the summary (--json lists the same outcomes); give a file name\n", r.stderr)
	entries, err := os.ReadDir(cwd)
	require.NoError(t, err)
	require.Empty(t, entries, "no file named - in the working directory")
	_, err = os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "the data dir was not created")
}

func TestIngestPlainProgressLines(t *testing.T) {
	var buf bytes.Buffer
	d := newIngestDisplay(&buf, nil) // IOStreams.ProgressOut is nil off a terminal
	require.Nil(t, d.bar, "a buffer is not a terminal")
	d.progress(ingest.Progress{Fetched: 10})
	require.Empty(t, buf.String(), "no line before a few seconds have passed")

	d.mu.Lock()
	d.log.last = time.Now().Add(-plainProgressEvery)
	d.mu.Unlock()
	p := ingest.Progress{Fetched: 300, Target: 1000, Kept: 150, Rejected: 40, Skipped: 10, Chunks: 300, Elapsed: 2 * time.Second}
	d.progress(p)
	d.progress(ingest.Progress{Fetched: 310, Kept: 210, Target: 1000})
	require.Equal(t, "ingest: 200/1000 papers done (fetched 300), kept 150, rejected 40, stored already 10, 300 chunks, 100 papers/s\n", buf.String())

	d.note("something happened")
	d.finish(true)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 3)
	require.Equal(t, "note: something happened", lines[1])
	require.True(t, strings.HasPrefix(lines[2], "ingest: 210/1000 papers done (fetched 310)"), lines[2])
}

// Off a terminal the line comes every interval whether or not a paper
// moved: a model judging a long batch must not leave a log quiet.
func TestIngestPlainProgressWhileNothingMoves(t *testing.T) {
	every := plainProgressEvery
	plainProgressEvery = 30 * time.Millisecond
	t.Cleanup(func() { plainProgressEvery = every })
	var buf storeSyncBuffer
	d := newIngestDisplay(&buf, nil)
	d.progress(ingest.Progress{Fetched: 10, Target: 100})
	require.Eventually(t, func() bool {
		return strings.Count(buf.String(), "ingest: 0/100 papers done (fetched 10)") >= 2
	}, 5*time.Second, 5*time.Millisecond)
	d.finish(true)
	after := buf.String()
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, after, buf.String(), "nothing after finish")
}

func TestIngestHelpHasExamples(t *testing.T) {
	r := gtrag(t, testEnv(t), "ingest", "--help")
	require.Equal(t, 0, r.code)
	for _, want := range []string{"--query", "--ids", "--file", "--no-filter", "--restart", "--page-size", "--sort", "gtrag ingest --query \"cat:cs.GT\" --max 5000", "exit 130"} {
		require.Contains(t, r.stdout, want, fmt.Sprintf("help mentions %s", want))
	}
}

// --ids-out must not be the --file being read: it would be truncated before
// it is read. The paths are compared as files.
func TestIngestIDsOutIsNotTheFileBeingRead(t *testing.T) {
	dir := t.TempDir()
	papers := filepath.Join(dir, "pp.jsonl")
	var buf bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&buf, arxivtest.Papers(0, 3)))
	require.NoError(t, os.WriteFile(papers, buf.Bytes(), 0o644))
	require.NoError(t, os.Symlink("pp.jsonl", filepath.Join(dir, "link.jsonl")))
	require.NoError(t, os.Link(papers, filepath.Join(dir, "hard.jsonl")))
	t.Chdir(dir)

	for _, tc := range []struct{ file, out string }{
		{papers, papers},
		{"pp.jsonl", "./pp.jsonl"},
		{"pp.jsonl", "link.jsonl"},
		{"link.jsonl", filepath.Join(dir, "hard.jsonl")},
	} {
		t.Run(tc.file+" "+tc.out, func(t *testing.T) {
			env := ingestEnv(t, nil)
			r := gtrag(t, env, "ingest", "--file", tc.file, "--ids-out", tc.out, "--no-filter")
			require.Equal(t, exitUsage, r.code, "stdout %q stderr %q", r.stdout, r.stderr)
			require.Empty(t, r.stdout)
			require.Equal(t, "gtrag: --ids-out "+tc.out+" names the --file being read; write the outcomes to another file\n", r.stderr)
			got, err := os.ReadFile(papers)
			require.NoError(t, err)
			require.Equal(t, buf.String(), string(got), "the file is untouched")
			_, err = os.Stat(env["GTRAG_DATA_DIR"])
			require.True(t, os.IsNotExist(err), "the data dir was not created")
		})
	}
}

// readOutcomeLines reads an --ids-out file, failing on any line that is not
// a whole JSON object.
func readOutcomeLines(t *testing.T, path string) (ids []string, outcomes map[string]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	outcomes = map[string]int{}
	for line := range strings.Lines(string(data)) {
		require.True(t, strings.HasSuffix(line, "\n"), "a cut-off line: %q", line)
		var e struct{ ID, Outcome string }
		require.NoError(t, json.Unmarshal([]byte(line), &e), line)
		ids = append(ids, e.ID)
		outcomes[e.Outcome]++
	}
	return ids, outcomes
}

// Every batch the resume file counts as committed has its lines complete
// in --ids-out while the run goes on: a run killed at that moment (SIGKILL
// leaves what was written) keeps them.
func TestIngestIDsOutHasEveryCommittedBatchWhileRunning(t *testing.T) {
	papers := arxivtest.Papers(0, 50)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
	var kept float64
	var lines []string
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start != 30 {
			return
		}
		// The pipeline commits the pages fetched before while this
		// request waits; look when two of them are committed. Each commit
		// syncs the store to disk, which on a loaded machine took more
		// than the 10 s this once allowed (one failure in CI beside other
		// work); the wait stays under the client's 30 s request timeout
		// (arxiv.DefaultRequestTimeout), past which the request would be
		// sent again.
		deadline := time.Now().Add(25 * time.Second)
		for time.Now().Before(deadline) {
			if files, _ := filepath.Glob(filepath.Join(ingestStateDir(env), "*.json")); len(files) == 1 {
				st := faultState(t, env)
				if c := st["counters"].(map[string]any); c["batches"].(float64) >= 2 {
					kept = c["kept"].(float64)
					lines, _ = readOutcomeLines(t, idsOut)
					return
				}
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "50", "--page-size", "10", "--ids-out", idsOut)
	require.Equal(t, 0, r.code, r.stderr)
	require.GreaterOrEqual(t, kept, 20.0, "two pages committed while page 4 was asked for")
	require.GreaterOrEqual(t, len(lines), int(kept), "every committed paper has its line")
	require.Equal(t, ingestIDs(papers[:len(lines)]), lines)
}

// A resumed run appends to --ids-out: the lines of both runs cover every
// paper once. A line cut off by a crash is dropped (its batch is fetched
// again); --restart starts the file over.
func TestIngestIDsOutAppendsWhenResuming(t *testing.T) {
	papers := arxivtest.Papers(0, 50)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "50", "--page-size", "10", "--ids-out", idsOut}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 30 {
			cancel()
		}
	})
	r := gtragCtx(ctx, t, env, args...)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	first, _ := readOutcomeLines(t, idsOut)
	require.Equal(t, ingestIDs(papers[:30]), first)

	// A crash in the middle of writing the next batch's lines.
	f, err := os.OpenFile(idsOut, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"id":"` + papers[30].ID[:6])
	require.NoError(t, err)
	require.NoError(t, f.Close())

	srv.OnRequest(nil)
	r = gtrag(t, env, args...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "resumed at result 31")
	all, outcomes := readOutcomeLines(t, idsOut)
	require.Equal(t, ingestIDs(papers), all, "the first run's lines, then the second's, each paper once")
	require.Equal(t, map[string]int{"kept": 50}, outcomes)

	r = gtrag(t, env, append(args, "--restart")...)
	require.Equal(t, 0, r.code, r.stderr)
	all, outcomes = readOutcomeLines(t, idsOut)
	require.Len(t, all, 50, "--restart starts the file over")
	require.Equal(t, map[string]int{"skipped_existing": 50}, outcomes)
}

// A query arXiv refuses (HTTP 400, its error feed or not) is bad usage: exit 2,
// one line naming the query, no advice to run it again, nothing written.
func TestIngestRefusedQueryIsUsageAndWritesNothing(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 10)) // parses queries as arXiv does
	for _, tc := range []struct{ query, want string }{
		{"cat:cs.GT AND (", `gtrag: --query "cat:cs.GT AND (": arXiv refused it (HTTP 400: malformed search_query "cat:cs.GT AND (": query ends early); check the query syntax (nothing was written)`},
		{`ti:"unclosed`, `gtrag: --query "ti:\"unclosed": arXiv refused it (HTTP 400: malformed search_query "ti:\"unclosed": unbalanced quote); check the query syntax (nothing was written)`},
	} {
		for _, asJSON := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s json=%v", tc.query, asJSON), func(t *testing.T) {
				env := ingestEnv(t, srv)
				idsOut := filepath.Join(t.TempDir(), "ids.jsonl")
				args := []string{"ingest", "--query", tc.query, "--ids-out", idsOut}
				if asJSON {
					args = append(args, "--json")
				}
				r := gtrag(t, env, args...)
				require.Equal(t, exitUsage, r.code, "stdout %q stderr %q", r.stdout, r.stderr)
				require.Empty(t, r.stdout)
				require.Equal(t, tc.want+"\n", r.stderr)
				_, err := os.Stat(env["GTRAG_DATA_DIR"])
				require.True(t, os.IsNotExist(err), "the data dir was not created")
				_, err = os.Stat(idsOut)
				require.True(t, os.IsNotExist(err), "--ids-out was not created")
			})
		}
	}

	// A 400 that is no error feed (a proxy's plain text) is refused the
	// same way: it was exit 1 with "run the same command again to retry".
	plain := arxivtest.New(t, arxivtest.Papers(0, 10))
	plain.SetFault(func(arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Status: http.StatusBadRequest, ContentType: "text/plain", Body: "bad query"}
	})
	env := ingestEnv(t, plain)
	r := gtrag(t, env, "ingest", "--query", "cat:cs.GT")
	require.Equal(t, exitUsage, r.code, "stdout %q stderr %q", r.stdout, r.stderr)
	require.Empty(t, r.stdout)
	require.Equal(t, `gtrag: --query "cat:cs.GT": arXiv refused it (HTTP 400 Bad Request: bad query); check the query syntax (nothing was written)`+"\n", r.stderr)
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "the data dir was not created")

	// arXiv refusing an id list with nothing to continue from: no advice
	// to run the same command again either.
	srv.SetFault(func(arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "incorrect id format for 2401.00001")}
	})
	r = gtrag(t, ingestEnv(t, srv), "ingest", "--ids", "2401.00001")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stderr, "incorrect id format for 2401.00001")
	require.Contains(t, r.stderr, "running it again will not help")
	require.NotContains(t, r.stderr, "run the same command again")
}

// The store is opened only once arXiv has answered, but a --data-dir that
// is a file is still the usage error it was, before any request.
func TestIngestDataDirIsAFileBeforeAnyRequest(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 10))
	env := ingestEnv(t, srv)
	file := filepath.Join(t.TempDir(), "kb")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	env["GTRAG_DATA_DIR"] = file
	r := gtrag(t, env, "ingest", "--query", "cat:cs.GT", "--max", "5")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Equal(t, "gtrag: GTRAG_DATA_DIR: "+file+" is a file, not a directory\n", r.stderr, "named as the user set it")
	require.Empty(t, srv.Requests())
}

// --ids-out may not name the knowledge base's own files: the outcomes
// written over store.db would destroy the store.
func TestIngestIDsOutIsNotTheStore(t *testing.T) {
	env := ingestEnv(t, nil)
	env["GTRAG_SEED"] = "primer" // a store with vectors
	createStore(t, env)
	for _, name := range []string{vectordb.StoreFileName, vectordb.VectorFileName} {
		file := filepath.Join(env["GTRAG_DATA_DIR"], name)
		before, err := os.ReadFile(file)
		require.NoError(t, err)
		r := gtrag(t, env, "ingest", "--ids", "2301.01234", "--ids-out", file)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Contains(t, r.stderr, "is the knowledge base's "+name)
		after, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Equal(t, before, after, "untouched")
	}
}

// Nor the other files gtrag keeps in the data directory: the chat history
// was written over without a word, and a resume file named as --ids-out
// was replaced by the run's own progress, every outcome line with it.
func TestIngestIDsOutIsNoFileOfTheDataDirectory(t *testing.T) {
	env := ingestEnv(t, nil)
	dir := env["GTRAG_DATA_DIR"]
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "ingest"), 0o755))
	history := filepath.Join(dir, "chat_history")
	require.NoError(t, os.WriteFile(history, []byte("What is a Nash equilibrium?\n"), 0o600))
	papers := filepath.Join(t.TempDir(), "one.jsonl")
	require.NoError(t, os.WriteFile(papers, []byte(`{"id":"2401.00001","title":"A game","summary":"Equilibria of auctions."}`+"\n"), 0o644))
	for target, what := range map[string]string{
		history:                                "the chat history, in the data directory",
		filepath.Join(dir, "ingest", "x.json"): "a file of ingest's resume directory, in the data directory",
	} {
		r := gtrag(t, env, "ingest", "--no-filter", "--file", papers, "--ids-out", target)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Equal(t, "gtrag: --ids-out "+target+": it is "+what+"; write the outcomes to another file\n", r.stderr)
	}
	got, err := os.ReadFile(history)
	require.NoError(t, err)
	require.Equal(t, "What is a Nash equilibrium?\n", string(got), "untouched")
	_, err = os.Stat(filepath.Join(dir, "ingest", "x.json"))
	require.True(t, os.IsNotExist(err), "nothing written")
	_, err = os.Stat(filepath.Join(dir, vectordb.StoreFileName))
	require.True(t, os.IsNotExist(err), "no store made")
}

// A store that cannot be written ends a query or id ingest before its
// first arXiv request: exit 2, one line that names the store and says what
// to do, nothing fetched and nothing written. (It used to be found at the
// first batch, after arXiv had been asked: exit 1.) A data directory that
// would have to be made where nothing can be made is the same.
//
// As root, permission bits do not stop writes, so this runs on a real
// read-only mount in a mount namespace of the test's own, and under the
// user nobody (see faults_store_test.go).
func TestIngestUnwritableStoreFailsBeforeAnyRequest(t *testing.T) {
	sources := [][]string{
		{"ingest", "--query", "cat:cs.GT", "--max", "5"},
		{"ingest", "--ids", arxivtest.ID(1, 1)},
		{"ingest", "--json", "--query", "cat:cs.GT", "--max", "5"},
	}
	// seeded is an embedded store in dir holding one paper.
	seeded := func(t *testing.T, dir string) map[string]string {
		env := testEnv(t)
		delete(env, "GTRAG_STORE") // the embedded store's files are the point
		env["GTRAG_DATA_DIR"] = dir
		env["GTRAG_SEED"] = "none"
		r := gtrag(t, env, "ingest", "--file", storeJSONL(t, t.TempDir(), "one.jsonl", arxivtest.Paper(0)))
		require.Equal(t, exitOK, r.code, r.stderr)
		return env
	}
	check := func(t *testing.T, run storeRunner, env map[string]string, want ...string) {
		t.Helper()
		srv := arxivtest.New(t, arxivtest.Papers(0, 10), arxivtest.MatchAll())
		env = storeWith(env, "GTRAG_ARXIV_URL", srv.URL)
		dir := env["GTRAG_DATA_DIR"]
		before := dirSnapshot(t, dir)
		for _, args := range sources {
			r := run(env, args...)
			storeRequireOneLine(t, r, exitUsage, append(want, "or choose another --data-dir")...)
			require.Empty(t, r.stdout, "%v: no summary of a run that did not start", args)
			require.Empty(t, srv.Requests(), "%v: arXiv was not asked", args)
			require.Equal(t, before, dirSnapshot(t, dir), "%v: nothing was written", args)
		}
	}

	t.Run("read-only file system", func(t *testing.T) {
		t.Parallel()
		if !storeInMountNamespace(t) {
			return
		}
		env := seeded(t, filepath.Join(t.TempDir(), "kb"))
		dir := env["GTRAG_DATA_DIR"]
		storeMount(t, dir, dir, "", syscall.MS_BIND, "")
		require.NoError(t, syscall.Mount("", dir, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
		check(t, storeInProcess(t), env,
			"gtrag: store "+filepath.Join(dir, vectordb.StoreFileName)+" is on a read-only file system; remount it read-write")
	})
	t.Run("data directory to make on a read-only file system", func(t *testing.T) {
		t.Parallel()
		if !storeInMountNamespace(t) {
			return
		}
		ro, env := readOnlyDataDirEnv(t)
		check(t, storeInProcess(t), env,
			"gtrag: data directory "+env["GTRAG_DATA_DIR"]+" cannot be created: "+ro+" is on a read-only file system; remount it read-write")
		_, err := os.Stat(env["GTRAG_DATA_DIR"])
		require.True(t, os.IsNotExist(err), "no data directory")
	})
	t.Run("not writable by the user", func(t *testing.T) {
		t.Parallel()
		shared := storeSharedDir(t)
		env := seeded(t, filepath.Join(shared, "kb"))
		dir := env["GTRAG_DATA_DIR"]
		want := []string{"gtrag: store " + filepath.Join(dir, vectordb.StoreFileName) + " is not writable (permission denied); fix its permissions"}
		if os.Geteuid() != 0 {
			require.NoError(t, os.Chmod(filepath.Join(dir, vectordb.StoreFileName), 0o444))
			require.NoError(t, os.Chmod(dir, 0o555))
			t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
			check(t, storeInProcess(t), env, want...)
			return
		}
		check(t, storeRunAsNobody(t, shared), env, want...)
	})
}

// An id list ingested completely says so in words about ids: not "4 ids is
// already ingested completely (4 results, …)".
func TestIngestIDsUpToDateSaysIDs(t *testing.T) {
	papers := arxivtest.Papers(0, 4)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	list := strings.Join(ingestIDs(papers), ",")
	r := gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "All 4 of these ids are already ingested (no filter); nothing fetched.\n")
	require.Contains(t, r.stdout, "Use --restart to fetch them again")
	require.NotContains(t, r.stdout, "ids is")
	require.NotContains(t, r.stdout, "results")

	r = gtrag(t, env, "ingest", "--no-filter", "--ids", papers[0].ID)
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", papers[0].ID)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "This id is already ingested (no filter); nothing fetched.\n")
}

// --file may be a pipe (--file /dev/stdin, --file <(zcat papers.jsonl.gz)):
// it is read once. The check for a first paper used to read it, and the
// ingest then found it empty ("holds no papers (it is empty)", exit 2).
func TestIngestFileFromAPipe(t *testing.T) {
	env := ingestEnv(t, nil)
	in, papers := papersFile(t)
	data, err := os.ReadFile(in)
	require.NoError(t, err)
	// A bad line before the first paper, read by the check, is still
	// counted and listed.
	data = append([]byte("{\"title\":\"no id\"}\n"), data...)

	pipe := func() string {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		t.Cleanup(func() { r.Close() })
		go func() {
			defer w.Close()
			_, _ = w.Write(data)
		}()
		return fmt.Sprintf("/dev/fd/%d", r.Fd())
	}
	rep := ingestJSON(t, env, "--no-filter", "--file", pipe())
	require.Equal(t, ingestIDs(papers), rep.Kept)
	require.Equal(t, []string{"line 1"}, rep.SkippedInvalid)
	require.Equal(t, 3, rep.Fetched)
	require.ElementsMatch(t, ingestIDs(papers), ingestStoredPapers(t, env))

	// A pipe with no paper is bad input all the same.
	data = []byte("{\"title\":\"no id\"}\n")
	r := gtrag(t, env, "ingest", "--no-filter", "--file", pipe())
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "no paper in it (line 1: no \"id\")")
}

// An --ids-out that cannot be written is bad usage found before anything
// is asked or made, as a store that cannot be written is; it used to be
// found when the run opened it, after arXiv's first answer, with the store
// created and seeded (exit 1).
func TestIngestIDsOutNotWritableBeforeAnyRequest(t *testing.T) {
	if !storeInMountNamespace(t) {
		return
	}
	srv := arxivtest.New(t, arxivtest.Papers(0, 5))
	env := ingestEnv(t, srv)
	ro := t.TempDir()
	storeMount(t, ro, ro, "", syscall.MS_BIND, "")
	require.NoError(t, syscall.Mount("", ro, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
	out := filepath.Join(ro, "ids.jsonl")
	for _, source := range [][]string{{"--query", "cat:cs.GT"}, {"--ids", arxivtest.Paper(1).ID}} {
		r := gtrag(t, env, append([]string{"ingest", "--ids-out", out}, source...)...)
		storeRequireOneLine(t, r, exitUsage, "gtrag: --ids-out "+out+" cannot be created: "+ro+" is on a read-only file system")
		require.Empty(t, r.stdout)
	}
	require.Empty(t, srv.Requests(), "arXiv not asked")
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "no data directory made")
}

// ask into a data directory it cannot make says so as ingest does: exit 2,
// one line naming the directory, nothing created. (It said "open the
// knowledge base: create data directory …: mkdir …: permission denied, or
// choose another --data-dir", exit 1.)
func TestAskDataDirectoryOnAReadOnlyFileSystem(t *testing.T) {
	if !storeInMountNamespace(t) {
		return
	}
	ro, env := readOnlyDataDirEnv(t)
	r := storeInProcess(t)(env, "ask", "What is a Nash equilibrium?")
	storeRequireOneLine(t, r, exitUsage, "data directory "+env["GTRAG_DATA_DIR"]+" cannot be created: "+ro+" is on a read-only file system; remount it read-write", "or choose another --data-dir")
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "no data directory")
}

// Ids arXiv does not know were only a note: "Ingested 4 ids … fetched 2"
// with nothing in --json or --ids-out for the other two. They are the
// not_found outcome: one --ids-out line each, a count in --json and a line
// of the summary.
func TestIngestIDsArXivDoesNotKnowAreNotFound(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	list := strings.Join([]string{papers[0].ID, "9912.99999", papers[1].ID, "2409.99998v3"}, ",")

	rep := ingestJSON(t, env, "--no-filter", "--ids", list)
	require.Empty(t, rep.Error)
	require.Equal(t, 2, rep.Fetched)
	require.Equal(t, ingestIDs(papers), rep.Kept)
	require.Equal(t, 2, rep.NotFoundN)
	require.Equal(t, []string{"9912.99999", "2409.99998v3"}, rep.NotFound, "one --ids-out line per id arXiv has no paper for")
	require.Equal(t, 4, rep.Total)
	require.True(t, rep.Complete)

	r := gtrag(t, ingestEnv(t, srv), "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Ingested 4 ids (no filter)")
	require.Contains(t, r.stdout, "  fetched   2 papers in")
	require.Contains(t, r.stdout, "  not found 2 (arXiv has no paper for these ids, named in the notes)\n")
	require.Contains(t, r.stderr, "note: arXiv has no paper for 2 ids: 9912.99999, 2409.99998v3")

	// Ids arXiv does not have are no papers a second: "fetched 0 … (15
	// papers/s)" (found by an exploratory review).
	r = gtrag(t, ingestEnv(t, srv), "ingest", "--no-filter", "--ids", "9912.99999")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "  fetched   0 papers")
	require.NotContains(t, r.stdout, "papers/s")

	r = gtrag(t, ingestEnv(t, srv), "ingest", "--no-filter", "--ids", papers[0].ID+",9912.99999")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "  not found 1 (arXiv has no paper for this id, named in the notes)\n")

	r = gtrag(t, ingestEnv(t, srv), "ingest", "--no-filter", "--ids", papers[0].ID)
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "not found", "no line when every id was found")
}

// --json tells a query complete from one stopped at --max, and a run that
// had nothing to fetch from one that fetched: complete, up_to_date and
// total were left out, and each of these runs printed the same keys.
func TestIngestJSONSaysCompleteUpToDateAndTotal(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40))
	env := ingestEnv(t, srv)
	for _, step := range []struct {
		name               string
		max                string
		fetched            int
		complete, upToDate bool
	}{
		{"stopped at --max", "15", 15, false, false},
		{"--max reached before: nothing fetched", "15", 0, false, true},
		{"the rest, to arXiv's total", "100", 25, true, false},
		{"complete before: nothing fetched", "100", 0, true, true},
	} {
		rep := ingestJSON(t, env, "--no-filter", "--query", "cat:cs.GT", "--page-size", "10", "--max", step.max)
		require.Empty(t, rep.Error, step.name)
		require.Equal(t, step.fetched, rep.Fetched, step.name)
		require.Equal(t, step.complete, rep.Complete, step.name)
		require.Equal(t, step.upToDate, rep.UpToDate, step.name)
		require.Equal(t, 40, rep.Total, step.name)
	}
}

// readOnlyDataDirEnv is an environment whose data directory is yet to be
// made under ro, a read-only bind mount (in the test's mount namespace).
func readOnlyDataDirEnv(t *testing.T) (ro string, env map[string]string) {
	t.Helper()
	ro = t.TempDir()
	storeMount(t, ro, ro, "", syscall.MS_BIND, "")
	require.NoError(t, syscall.Mount("", ro, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
	env = testEnv(t)
	delete(env, "GTRAG_STORE")
	env["GTRAG_DATA_DIR"] = filepath.Join(ro, "kb")
	return ro, env
}

// With no LLM, ingest's note says what that means for an ingest (the
// filter is the offline one), not the answers it never writes.
func TestIngestOfflineNoteIsAboutTheFilter(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_LLM")
	file := storeJSONL(t, t.TempDir(), "p.jsonl", auctionPaper)
	r := gtrag(t, env, "ingest", "--file", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "; papers are filtered offline")
	require.NotContains(t, r.stderr, "answers are extractive")
}

// ingest --json lists in notices every note the run writes on stderr, as
// ask --json carries its own: the note that the filter is the offline one
// (no LLM configured) was on stderr only, and the object said
// "notices": []. stderr keeps its notes, as a long ingest's live log.
func TestIngestJSONNoticesHoldEveryNoteOfStderr(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 10))
	env := ingestEnv(t, srv)
	delete(env, "GTRAG_LLM") // auto, and nothing to find: the filter is the offline one
	r := gtrag(t, env, "ingest", "--json", "--query", "cat:cs.GT", "--max", "5")
	var out struct {
		Kept    []string `json:"kept"`
		Notices []string `json:"notices"`
	}
	decodeJSON(t, r, &out)
	require.NotEmpty(t, out.Kept, "the offline filter ran")
	require.Len(t, out.Notices, 1, "%q", out.Notices)
	require.True(t, strings.HasPrefix(out.Notices[0], "offline: "), out.Notices[0])
	require.True(t, strings.HasSuffix(out.Notices[0], "; papers are filtered offline"), out.Notices[0])
	require.Equal(t, stderrNotes(r.stderr), out.Notices, "every note on stderr, in order")
}

// The display keeps every note it writes, whoever raised it, and only
// those: a held note said when its page comes, not one dropped for
// ingest's own notice of a page given up on (which --json then lists).
func TestIngestDisplayKeepsTheNotesItSays(t *testing.T) {
	var buf storeSyncBuffer
	d := newIngestDisplay(&buf, nil)
	d.note("offline: no LLM configured; papers are filtered offline")
	d.hold("arXiv returned an empty page; retrying")
	d.progress(ingest.Progress{Fetched: 10, Kept: 10})
	d.hold("arXiv returned an empty page again; retrying")
	d.note(ingest.EmptyPageNotice + " for results 11–20 of 30; skipped them for now")
	d.note("interrupted: storing the 10 papers already fetched before stopping")
	d.finish(false)
	require.Equal(t, []string{
		"offline: no LLM configured; papers are filtered offline",
		"arXiv returned an empty page; retrying",
		ingest.EmptyPageNotice + " for results 11–20 of 30; skipped them for now",
		"interrupted: storing the 10 papers already fetched before stopping",
	}, d.notes())
	require.Equal(t, d.notes(), stderrNotes(buf.String()))

	// --json's notices: those, then what only the summary said.
	rep := ingest.Report{NoticesDropped: 2}
	got := ingestNotices(d.notes(), &ingestOptions{query: "cat:cs.GT"}, rep, nil)
	require.Equal(t, append(d.notes(), "2 more notices not shown; --ids-out FILE lists every entry's outcome", noResultsNote), got)
}

// stderrNotes are the notes on stderr ("note: …" lines), without the
// prefix.
func stderrNotes(stderr string) []string {
	notes := []string{}
	for _, l := range strings.Split(stderr, "\n") {
		if n, ok := strings.CutPrefix(l, "note: "); ok {
			notes = append(notes, n)
		}
	}
	return notes
}

// The store's notes during a run (a wait for another process's lock) are
// written as the store words them and kept among the run's notes, which
// ingest --json lists; a progress bar would be cleared first.
func TestIngestStoreNotesAreTheRunsNotes(t *testing.T) {
	var errOut bytes.Buffer
	d := newIngestDisplay(&errOut, nil)
	defer d.finish(true)
	n := noteLines(d.sayVerbatim)
	_, err := n.Write([]byte("store /kb/store.db is being written by another gtrag process; waiting…\n"))
	require.NoError(t, err)
	require.Equal(t, "store /kb/store.db is being written by another gtrag process; waiting…\n", errOut.String())
	require.Equal(t, []string{"store /kb/store.db is being written by another gtrag process; waiting…"}, d.notes())
}

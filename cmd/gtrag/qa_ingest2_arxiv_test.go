package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// When arXiv keeps returning empty pages (a feed with a total but no
// entries), ingest walked every remaining page, four requests and four
// notes each (47 pages, 191 requests, 195 lines), before exiting 1. It now
// stops after three pages in a row, with one note a page and one line
// saying progress is saved and to run the same command later; that run
// asks for the missing results first, and says it did.
func TestQAIngest2EmptyPagesStopAfterThreeInARow(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 100), arxivtest.MatchAll())
	var mu sync.Mutex
	emptyFrom := 30
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start >= emptyFrom {
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	env["GTRAG_ARXIV_BACKOFF"] = "10ms"
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "100", "--page-size", "10"}
	r := gtrag(t, env, args...)
	require.Equal(t, exitFailure, r.code, r.stderr)
	lines := storeLines(r.stderr)
	require.Len(t, lines, 4, "one note a page, one error line: %q", r.stderr)
	for i, start := range []string{"31–40", "41–50", "51–60"} {
		require.True(t, strings.HasPrefix(lines[i], "note: arXiv kept returning no entries for results "+start+" of 100"), lines[i])
	}
	require.Equal(t, "gtrag: ingest paused: arXiv returned no entries for 3 pages in a row (results 31–60, a known arXiv fault); "+
		"what came before is stored and progress saved: run the same command again later to continue (it asks for those results first)", lines[3])
	require.Len(t, srv.Requests(), 3+3*4, "3 pages, and 3 empty ones asked 4 times each; none after them")
	require.Contains(t, r.stdout, "paused: arXiv kept returning empty pages: results up to 60 of 100")
	require.Contains(t, r.stdout, "fetched   30 papers in 15 arXiv requests")

	mu.Lock()
	emptyFrom = 1000
	mu.Unlock()
	r = gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "asked again for results 31–60 (missing before), resumed at result 61: results up to 100 of 100")
	require.Contains(t, r.stdout, "kept      70 (written to the store)")

	// A run that only fills gaps says that, not "resumed at result 61:
	// results up to 60".
	srv2 := arxivtest.New(t, arxivtest.Papers(0, 100), arxivtest.MatchAll())
	srv2.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start >= 30 && r.Start < 60 {
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	env2 := storeWith(ingestEnv(t, srv2), "GTRAG_ARXIV_BACKOFF", "10ms")
	args = []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "60", "--page-size", "10"}
	r = gtrag(t, env2, args...)
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stdout, "with results missing: results up to 60 of 100")
	srv2.SetFault(nil)
	r = gtrag(t, env2, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, `Ingested query "cat:cs.GT" (no filter), asked again for results 31–60 (missing before): results up to 60 of 100 after`)
	require.NotContains(t, r.stdout, "resumed at")
}

// A page that came on its second attempt still gets its one note, said
// when the page comes.
func TestQAIngest2EmptyPageThatComesIsNoted(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20), arxivtest.MatchAll())
	var mu sync.Mutex
	empties := 0
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start == 10 && empties < 2 {
			empties++
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	env := storeWith(ingestEnv(t, srv), "GTRAG_ARXIV_BACKOFF", "10ms")
	r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "20", "--page-size", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "note: arXiv: attempt"), r.stderr)
	require.Contains(t, r.stderr, "note: arXiv: attempt 1 failed (arXiv returned an empty page although its total says more results exist); retrying in")
	require.NotContains(t, r.stderr, "kept returning")
}

// A retry note says the wait there really is: the pacing delay counts
// from the start of the failed request, and when it is longer than the
// backoff the next attempt waits for it ("retrying in 1s" came 3 s later).
func TestQAIngest2RetryNoteSaysTheRealWait(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20), arxivtest.MatchAll())
	var mu sync.Mutex
	failed := false
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start == 10 && !failed {
			failed = true
			return &arxivtest.Reply{Status: 503, Body: "busy"}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	env["GTRAG_ARXIV_DELAY"] = "1s"
	env["GTRAG_ARXIV_BACKOFF"] = "10ms"
	r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "20", "--page-size", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	m := regexp.MustCompile(`note: arXiv: attempt 1 failed \(arXiv answered HTTP 503[^)]*\); retrying in (\S+)\n`).FindStringSubmatch(r.stderr)
	require.NotNil(t, m, r.stderr)
	wait, err := time.ParseDuration(m[1])
	require.NoError(t, err)
	require.Greater(t, wait, 700*time.Millisecond, "the pacing delay, not the 10ms backoff")
	require.LessOrEqual(t, wait, time.Second)
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	require.GreaterOrEqual(t, reqs[2].At.Sub(reqs[1].At), 900*time.Millisecond, "what the note said")
}

// A request an interrupt cut off got no answer, and is not counted among
// the run's requests ("fetched 4400 papers in 45 arXiv requests").
func TestQAIngest2InterruptedRequestIsNotCounted(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30), arxivtest.MatchAll())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start == 20 {
			return &arxivtest.Reply{Stall: true}
		}
		return nil
	})
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 20 {
			time.AfterFunc(50*time.Millisecond, cancel)
		}
	})
	env := ingestEnv(t, srv)
	r := gtragCtx(ctx, t, env, "ingest", "--json", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10")
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	var rep ingestReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep), r.stdout)
	require.Equal(t, 20, rep.Fetched)
	require.Equal(t, 2, rep.ArxivRequests, "the cut-off third request is not counted")
	require.Len(t, srv.Requests(), 3)
}

// Off a terminal, the progress line that comes every few seconds while
// nothing moves (arXiv retried) shows the rate falling, not the rate of
// the last batch again ("679 papers/s" for 20 seconds of retries).
func TestQAIngest2ProgressLineRateIsCurrent(t *testing.T) {
	defer func(d time.Duration) { plainProgressEvery = d }(plainProgressEvery)
	plainProgressEvery = 20 * time.Millisecond
	var buf storeSyncBuffer
	d := newIngestDisplay(&buf, nil)
	d.progress(ingest.Progress{Fetched: 100, Kept: 100, Target: 400, Elapsed: 100 * time.Millisecond})
	require.Eventually(t, func() bool { return len(storeLines(buf.String())) >= 3 }, 5*time.Second, 10*time.Millisecond)
	d.finish(false)
	lines := storeLines(buf.String())
	first, last := rateOf(t, lines[0]), rateOf(t, lines[len(lines)-1])
	require.Less(t, first, 1000, "100 papers in 0.1s, and the time since")
	require.Less(t, last, first, "the rate falls while nothing moves: %q", lines)
}

func rateOf(t *testing.T, line string) int {
	t.Helper()
	m := regexp.MustCompile(` (\d+) papers/s$`).FindStringSubmatch(line)
	require.NotNil(t, m, line)
	n, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	return n
}

// An entry that is not a JSON object is named in words, not in Go's
// ("json: cannot unmarshal array into Go value of type
// map[string]json.RawMessage").
func TestQAIngest2FileLineThatIsNoObject(t *testing.T) {
	env, _ := qaIngest2Env(t)
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, arxivtest.Papers(0, 1)))
	b.WriteString("[1, 2]\n\"a string\"\n42\nnull\n{\"id\": \n")
	file := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, want := range []string{
		"note: skipped line 2: not a JSON object (a JSON array)\n",
		"note: skipped line 3: not a JSON object (a JSON string)\n",
		"note: skipped line 4: not a JSON object (a JSON number)\n",
		"note: skipped line 5: not a JSON object (null)\n",
		"note: skipped line 6: not a JSON object (not valid JSON: unexpected end of JSON input)\n",
	} {
		require.Contains(t, r.stderr, want)
	}
	require.NotContains(t, r.stderr, "Go value")

	// A file of nothing else is bad input, said the same way.
	require.NoError(t, os.WriteFile(file, []byte("{\"id\": 1\n"), 0o644))
	storeRequireOneLine(t, gtrag(t, env, "ingest", "--no-filter", "--file", file), exitUsage,
		"--file "+file+": no paper in it (line 1: not a JSON object (not valid JSON: unexpected end of JSON input))")
}

// --file - reads standard input (it was "open -: no such file or
// directory"), as a pipe: read once, as it comes.
func TestQAIngest2FileDashReadsStandardInput(t *testing.T) {
	env, _ := qaIngest2Env(t)
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, arxivtest.Papers(0, 5)))
	var out, errOut bytes.Buffer
	code := MainIO(context.Background(), []string{"ingest", "--no-filter", "--json", "--file", "-"}, &b, &out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, exitOK, code, errOut.String())
	var rep ingestReport
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep), out.String())
	require.Equal(t, 5, rep.KeptN)
	require.Equal(t, 5, rep.Total)

	out.Reset()
	errOut.Reset()
	code = MainIO(context.Background(), []string{"ingest", "--no-filter", "--file", "-"}, strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, exitUsage, code)
	require.Equal(t, "gtrag: --file - (standard input) holds no papers (it is empty)\n", errOut.String())

	r := gtrag(t, env, "ingest", "--help")
	require.Contains(t, r.stdout, `"-" reads standard input`)
}

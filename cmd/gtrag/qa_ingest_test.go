package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
)

// An interrupt before any page was committed saved no progress: the last
// line must not say it did, nor tell the user to "resume".
func TestQAIngestInterruptBeforeAnyCommitSavesNothing(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30))
	env := ingestEnv(t, srv)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 0 {
			cancel()
		}
	})
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10"}
	r := gtragCtx(ctx, t, env, args...)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.NotContains(t, r.stderr, "progress saved")
	require.Contains(t, r.stderr, "gtrag: interrupted before any page was committed: nothing to resume; run the same command again to start it")
	files, _ := filepath.Glob(filepath.Join(ingestStateDir(env), "*.json"))
	require.Empty(t, files, "no progress file was written")

	// After a committed page, an interrupt that commits nothing more keeps
	// the earlier run's progress, and says so.
	srv.OnRequest(nil)
	r = gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "10", "--page-size", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 10 {
			cancel()
		}
	})
	r = gtragCtx(ctx, t, env, args...)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Contains(t, r.stderr, "interrupted after 0 committed pages (next result 11), the progress of the earlier runs kept; run the same command again to resume")
}

// A query arXiv has no results for says so, and is asked again the next
// time rather than reported "already ingested completely (0 results)".
func TestQAIngestQueryWithNoResults(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{})
	env := ingestEnv(t, srv)
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "10"}
	r := gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "arXiv has no results for this query")

	srv.SetPapers(arxivtest.Papers(0, 5))
	r = gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotContains(t, r.stdout, "already ingested completely")
	require.Contains(t, r.stdout, "kept      5")
	require.Len(t, srv.Requests(), 2)
}

// --json says what the text summary says of a query with no results, in
// its notices (as ask --json and the MCP ingest tools carry theirs): the
// object alone, "total": 0 and "complete": true, read as a query done.
// A run with nothing to say has "notices": [].
func TestQAIngestJSONQueryWithNoResultsHasANotice(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{})
	env := ingestEnv(t, srv)
	r := gtrag(t, env, "ingest", "--json", "--no-filter", "--query", "cat:cs.GT", "--max", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	var out struct {
		Total   int      `json:"total"`
		Notices []string `json:"notices"`
	}
	decodeJSON(t, r, &out)
	require.Zero(t, out.Total)
	require.Equal(t, []string{"arXiv has no results for this query: check its spelling and field prefixes (ti:, abs:, au:, cat:)"}, out.Notices)

	srv.SetPapers(arxivtest.Papers(0, 5))
	r = gtrag(t, env, "ingest", "--json", "--no-filter", "--query", "cat:cs.GT", "--max", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "\n  \"notices\": []\n")
}

func TestQAPapersRmAndShowWords(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	p := arxivtest.Papers(0, 1)[0]
	p.ID = "2502.70113v2"
	p.Summary = "A short abstract on Nash equilibrium."
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, []arxiv.Paper{p}))
	file := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, exitOK, r.code, r.stderr)

	// Another version than the one stored: the paper is there, in v2.
	r = gtrag(t, env, "papers", "show", "2502.70113v1")
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "gtrag: not in the knowledge base: 2502.70113v1 (it holds 2502.70113v2) (see `gtrag papers list`)\n", r.stderr)

	r = gtrag(t, env, "papers", "rm", "2502.70113")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "removed 2502.70113v2 (1 chunk): ")
}

// copyProgress prints a plain line every interval while a copy runs off a
// terminal, whether or not a chunk moved, ends with the final figures when
// it printed any, and prints nothing after finish.
func TestQAStoreCopyPlainProgress(t *testing.T) {
	var buf storeSyncBuffer
	p := newCopyProgress(nil, &buf, 10, 30*time.Millisecond)
	p.set(1, 0, 0)
	require.Empty(t, buf.String(), "nothing within the first interval")
	// Nothing moves (the target embeds a long batch): the line still
	// comes every interval, so that a log does not go quiet.
	require.Eventually(t, func() bool {
		return strings.Count(buf.String(), "store copy: 1 of 10 chunks read, 0 written\n") >= 2
	}, 5*time.Second, 5*time.Millisecond)
	p.set(10, 10, 4)
	p.finish(true)
	p.finish(true)
	p.set(10, 10, 5)
	after := buf.String()
	require.True(t, strings.HasSuffix(after, "store copy: 10 of 10 chunks read, 4 written\n"), after)
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, after, buf.String(), "nothing after finish")

	// A copy done within the interval says nothing.
	var quick storeSyncBuffer
	p = newCopyProgress(nil, &quick, 10, time.Hour)
	p.set(10, 10, 10)
	p.finish(true)
	require.Empty(t, quick.String())
}

// embedServer is an Ollama embedding endpoint (4 dimensions) that hangs,
// once hang is set, until the request is cancelled, and fails every
// request once fail is set; seen counts the requests that hang.
type embedServer struct {
	*ollamatest.Server
	hang, fail atomic.Bool
	seen       chan struct{}
}

func newEmbedServer(t *testing.T) *embedServer {
	s := &embedServer{seen: make(chan struct{}, 1000)}
	s.Server = ollamatest.New(t, ollamatest.Script{
		Embed: func(ctx context.Context, texts []string) ([][]float32, error) {
			if s.fail.Load() {
				return nil, errors.New("model runner has unexpectedly stopped")
			}
			if s.hang.Load() {
				select {
				case s.seen <- struct{}{}:
				default:
				}
				<-ctx.Done()
				return nil, ctx.Err()
			}
			vecs := make([][]float32, len(texts))
			for i, x := range texts {
				vecs[i] = []float32{float32(len(x)%7) + 1, 1, 0.5, float32(strings.Count(x, "e")%5) + 1}
			}
			return vecs, nil
		},
	})
	return s
}

// embedServerStore is testEnv with an embedded store made and seeded with
// the primer by embedServer's model (ollama:emb), which a test then makes
// fail or hang. testEnv is offline, arXiv unreachable. A test of a store
// server (GTRAG_STORE) is skipped: the embedder is the embedded store's.
func embedServerStore(t *testing.T) (map[string]string, *embedServer) {
	t.Helper()
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store's embedder")
	}
	emb := newEmbedServer(t)
	env["GTRAG_EMBEDDER"] = "ollama:emb"
	env["OLLAMA_HOST"] = emb.URL
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?") // makes and seeds the store
	require.Equal(t, exitOK, r.code, r.stderr)
	return env, emb
}

// Ctrl-C during a copy whose target is embedding says what was written and
// that the same command resumes, and exits 130.
func TestQAStoreCopyInterrupted(t *testing.T) {
	emb := newEmbedServer(t)
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("copies between two data directories")
	}
	env["GTRAG_EMBEDDER"] = "ollama:emb"
	env["OLLAMA_HOST"] = emb.URL
	env["GTRAG_SEED"] = "none"
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, arxivtest.Papers(0, 20)))
	file := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, exitOK, r.code, r.stderr)

	emb.hang.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-emb.seen
		cancel()
	}()
	to := filepath.Join(t.TempDir(), "kb")
	r = gtragCtx(ctx, t, env, "store", "copy", "--from", env["GTRAG_DATA_DIR"], "--to", to)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.True(t, strings.HasPrefix(lines[len(lines)-1], "gtrag: store copy interrupted after "), r.stderr)
	require.Contains(t, r.stderr, "0 written to "+to+" this run; run the same command again to resume")
}

// The child process of TestQAIngestSecondCtrlC: the real entry point, with
// the process's own signals.
func TestQAIngestChild(t *testing.T) {
	args := os.Getenv("GTRAG_QA_CHILD_ARGS")
	if args == "" {
		return
	}
	var a []string
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		os.Exit(3)
	}
	os.Exit(run(a))
}

// startQAChild starts gtrag args in a child process, TestQAIngestChild,
// with env and stdin (nil: none), so that signals reach the real entry
// point. exited delivers its Wait; it is killed when the test ends.
func startQAChild(t *testing.T, env map[string]string, stdin *os.File, args ...string) (cmd *exec.Cmd, stdout, stderr *storeSyncBuffer, exited <-chan error) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	a, err := json.Marshal(args)
	require.NoError(t, err)
	cmd = exec.Command(exe, "-test.run=^TestQAIngestChild$")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Env = append(cmd.Env, "GTRAG_QA_CHILD_ARGS="+string(a), "GOCOVERDIR="+t.TempDir())
	stdout, stderr = new(storeSyncBuffer), new(storeSyncBuffer)
	if stdin != nil {
		cmd.Stdin = stdin
	}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, stdout, stderr, done
}

// A file ingest filtered by an LLM commits small batches, so that Ctrl-C
// keeps what was filtered before it; Ctrl-C says at once that the papers
// in hand are being stored, and a second Ctrl-C stops at once instead of
// waiting out the drain timeout (15 s) for a model that does not answer.
func TestQAIngestSecondCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process")
	}
	var calls atomic.Int64
	llm := ollamatest.New(t, ollamatest.Script{
		Models: []string{"tiny:latest"},
		Chat: func(ctx context.Context, _, _ string) string {
			if calls.Add(1) > 100 {
				<-ctx.Done() // the model stops answering
				return ""
			}
			return "yes"
		},
	})

	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	env["GTRAG_LLM"] = "ollama:tiny"
	env["OLLAMA_HOST"] = llm.URL
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, arxivtest.Papers(0, 300)))
	dir := t.TempDir()
	file := filepath.Join(dir, "p.jsonl")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	idsOut := filepath.Join(dir, "ids.jsonl")

	cmd, stdout, stderr, exited := startQAChild(t, env, nil, "ingest", "--file", file, "--ids-out", idsOut)

	lines := func() int {
		data, _ := os.ReadFile(idsOut)
		return bytes.Count(data, []byte("\n"))
	}
	require.Eventually(t, func() bool { return lines() >= 100 }, 60*time.Second, 20*time.Millisecond,
		"the first 100 papers are committed while the model answers: %s", stderr.String())
	require.Eventually(t, func() bool { return calls.Load() > 100 }, 30*time.Second, 10*time.Millisecond)

	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "Ctrl-C again to stop at once") }, 10*time.Second, 10*time.Millisecond,
		"the first Ctrl-C says what it waits for: %s", stderr.String())
	time.Sleep(2 * signalEcho) // a second Ctrl-C, not the first one's echo
	start := time.Now()
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	select {
	case <-exited:
	case <-time.After(12 * time.Second):
		t.Fatalf("the second Ctrl-C did not stop the run: %s", stderr.String())
	}
	require.Less(t, time.Since(start), 10*time.Second)
	require.Equal(t, exitInterrupted, cmd.ProcessState.ExitCode(), stderr.String())
	require.Regexp(t, `note: stopping now: the \d+ papers in hand, not stored, are left for the next run`, stderr.String())
	require.Equal(t, 100, lines(), "the committed batch is kept, the one in hand is not")
	require.Contains(t, stdout.String(), "kept      100")
}

// Ctrl-C on `ingest --file -` whose writer is still writing stops reading
// at once, stores every paper read and exits 130: it read on until the
// writer's end (20 s for a slow one), and a second Ctrl-C then dropped all
// it had read (found by an exploratory review). Nothing of the input's end
// came, so the run is no whole ingest: --json says complete false.
func TestIngestFromAPipeStopsAtCtrlC(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store's files are counted")
	}
	env["GTRAG_SEED"] = "none"
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, arxivtest.Papers(0, 150)))

	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	cmd, stdout, stderr, exited := startQAChild(t, env, pr, "ingest", "--json", "--file", "-", "--no-filter")
	pr.Close() // the child has its end

	_, err = pw.Write(b.Bytes()) // and the writer goes on: the pipe stays open
	require.NoError(t, err)
	time.Sleep(500 * time.Millisecond) // the papers are read; the run waits for more
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		t.Fatalf("ingest still reading 10 s after Ctrl-C: %s", stderr.String())
	}
	require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
	var out struct {
		Kept     []string `json:"kept"`
		Complete bool     `json:"complete"`
		Error    string   `json:"error"`
		Notices  []string `json:"notices"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout.String()), &out), stdout.String())
	require.Len(t, out.Kept, 150, "every paper read is stored")
	require.False(t, out.Complete)
	require.Contains(t, out.Error, "interrupted")
	// A note said on stderr is the object's too (the interrupt's, when
	// the run was not done before it could be said: see
	// TestIngestJSONNoticesHoldTheInterruptNotes).
	require.Equal(t, stderrNotes(stderr.String()), out.Notices, "every note on stderr, and only those")
}

// The notes an interrupt says on stderr ("interrupted: storing the 5
// papers already fetched …", then "stopping now: …" at a second Ctrl-C)
// are in ingest --json's notices: they were on stderr only. A model that
// never answers keeps the run draining, so that both are said.
func TestIngestJSONNoticesHoldTheInterruptNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process")
	}
	var calls atomic.Int64
	llm := ollamatest.New(t, ollamatest.Script{
		Models: []string{"tiny:latest"},
		Chat: func(ctx context.Context, _, _ string) string {
			calls.Add(1)
			<-ctx.Done() // the model never answers
			return ""
		},
	})
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	env["GTRAG_LLM"] = "ollama:tiny"
	env["OLLAMA_HOST"] = llm.URL
	file := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Papers(0, 5)...)

	cmd, stdout, stderr, exited := startQAChild(t, env, nil, "ingest", "--json", "--file", file)

	require.Eventually(t, func() bool { return calls.Load() > 0 }, 30*time.Second, 10*time.Millisecond, "the model is asked: %s", stderr.String())
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "Ctrl-C again to stop at once") }, 10*time.Second, 10*time.Millisecond, stderr.String())
	time.Sleep(2 * signalEcho) // a second Ctrl-C, not the first one's echo
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	select {
	case <-exited:
	case <-time.After(12 * time.Second):
		t.Fatalf("the second Ctrl-C did not stop the run: %s", stderr.String())
	}
	require.Equal(t, exitInterrupted, cmd.ProcessState.ExitCode(), stderr.String())
	var out struct {
		Notices []string `json:"notices"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout.String()), &out), stdout.String())
	require.Contains(t, out.Notices, "interrupted: storing the 5 papers already fetched before stopping (at most 15s); Ctrl-C again to stop at once")
	require.Contains(t, out.Notices, "stopping now: the 5 papers in hand, not stored, are left for the next run")
	require.Equal(t, stderrNotes(stderr.String()), out.Notices, "every note on stderr, in order, and only those")
}

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

const traceQuestion = "How much do bidders shade their bids in sealed-bid auctions?"

// traceRecorded records one run that takes the whole loop — an empty store,
// so pull → check → search → filter → add → pull → check → generate —
// against a fake arXiv that is shut down before the test goes on.
func traceRecorded(t *testing.T) (env map[string]string, file string, ask result) {
	t.Helper()
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env = testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	file = filepath.Join(t.TempDir(), "run.jsonl")
	ask = gtrag(t, env, "ask", "--trace", "--trace-out", file, "--max-results", "3", traceQuestion)
	require.Equal(t, 0, ask.code, ask.stderr)
	require.Len(t, srv.Requests(), 1)
	srv.Close()
	env["GTRAG_ARXIV_URL"] = "http://127.0.0.1:1/api/query"
	return env, file, ask
}

func traceEvents(t *testing.T, file string) []trace.Event {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	evs, err := trace.ReadEvents(f)
	require.NoError(t, err)
	return evs
}

func TestTraceAskRecordsNarratesAndReplays(t *testing.T) {
	env, file, ask := traceRecorded(t)
	loop := []string{
		nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
		nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
	}

	// stdout is the answer alone; the narration went to stderr.
	require.Contains(t, ask.stdout, "[1]")
	require.NotContains(t, ask.stdout, "PERCEPT")
	for _, want := range []string{"step 1 · pull_from_chroma", "PERCEPT", "REASONING", "ACTION", "ENVIRONMENT UPDATE", "NEXT",
		"arxiv.search query=", "store.query text=", "knowledge base: 0 → "} {
		require.Contains(t, ask.stderr, want)
	}

	evs := traceEvents(t, file)
	require.True(t, trace.Complete(evs))
	require.Equal(t, loop, trace.Path(evs))

	// gtrag trace renders the same narration from the file.
	tr := gtrag(t, env, "trace", file)
	require.Equal(t, 0, tr.code, tr.stderr)
	require.Contains(t, ask.stderr, tr.stdout)
	require.Contains(t, tr.stdout, "END after 8 steps")

	// Replay: arXiv is gone, the store must not be touched.
	before := dirSnapshot(t, env["GTRAG_DATA_DIR"])
	rp := gtrag(t, env, "replay", file)
	require.Equal(t, 0, rp.code, rp.stderr)
	require.Equal(t, ask.stdout, rp.stdout, "the replayed answer is the recorded one, byte for byte")
	require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]))

	// Even with no store at all.
	env["GTRAG_DATA_DIR"] = filepath.Join(t.TempDir(), "never")
	rp = gtrag(t, env, "replay", file)
	require.Equal(t, 0, rp.code, rp.stderr)
	require.Equal(t, ask.stdout, rp.stdout)
	require.NoDirExists(t, env["GTRAG_DATA_DIR"])
}

func TestTraceMermaidShowsThePath(t *testing.T) {
	env, file, _ := traceRecorded(t)
	r := gtrag(t, env, "trace", "--format", "mermaid", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.True(t, strings.HasPrefix(r.stdout, "flowchart"), r.stdout)
	require.Contains(t, r.stdout, "pull_from_chroma ×2")
	require.Contains(t, r.stdout, "check_relevance ×2")
	require.Contains(t, r.stdout, "class __start__,pull_from_chroma,check_relevance,search_arxiv,filter_game_theory_papers,add_to_chroma,generate_response,__end__ visited")
}

func TestReplayDivergenceNamesStepAndOperation(t *testing.T) {
	env, file, _ := traceRecorded(t)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	edited := false
	for i, l := range lines {
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &e))
		d := e["data"].(map[string]any)
		if e["type"] == string(trace.OperationStarted) && d["kind"] == trace.KindArxivSearch {
			d["fingerprint"] = strings.Repeat("f", 64)
			nb, err := json.Marshal(e)
			require.NoError(t, err)
			lines[i] = string(nb)
			edited = true
		}
	}
	require.True(t, edited)
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644))

	r := gtrag(t, env, "replay", file)
	require.Equal(t, 1, r.code, r.stderr)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "step 3 (search_arxiv)")
	require.Contains(t, r.stderr, "arxiv.search")
	require.Contains(t, r.stderr, "ffffffffffff")
}

// A run that fails still leaves a complete trace, which renders the failure
// and replays to the same failure.
func TestTraceFailedRunIsKept(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--trace-out", file, "--max-steps", "3", traceQuestion)
	require.Equal(t, 1, r.code, r.stderr)
	require.NotContains(t, r.stderr, "PERCEPT", "no narration without --trace")

	evs := traceEvents(t, file)
	require.True(t, trace.Complete(evs))
	require.Equal(t, trace.ExecutionFailed, evs[len(evs)-1].Type)

	tr := gtrag(t, env, "trace", file)
	require.Equal(t, 0, tr.code, tr.stderr)
	require.Contains(t, tr.stdout, "FAILED after 3 steps")
	require.Contains(t, tr.stdout, "step limit 3")

	rp := gtrag(t, env, "replay", file)
	require.Equal(t, 1, rp.code, rp.stderr)
	require.Contains(t, rp.stderr, "step limit 3")
	require.Empty(t, rp.stdout)
}

func TestTraceBadFiles(t *testing.T) {
	env, file, _ := traceRecorded(t)
	good, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(good), "\n")
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	garbage := write("garbage.jsonl", lines[0]+"not json\n")
	cut := write("cut.jsonl", strings.Join(lines[:6], ""))
	// A crash mid-write: the last line stops in the middle of its JSON.
	cutMidLine := write("trunc.jsonl", strings.Join(lines[:6], "")+lines[6][:len(lines[6])/2])
	// The same damage inside the file is not a crash's: an error.
	brokenInside := write("broken.jsonl", strings.Join(lines[:6], "")+lines[6][:len(lines[6])/2]+"\n"+lines[7])

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"trace", filepath.Join(dir, "nope.jsonl")}, "no such file"},
		{"garbage on line 2", []string{"trace", garbage}, garbage + ":2:"},
		{"replay garbage", []string{"replay", garbage}, garbage + ":2:"},
		{"replay a run cut short", []string{"replay", cut}, "incomplete"},
		{"replay a run cut short mid-line", []string{"replay", cutMidLine}, "incomplete"},
		{"a line cut short inside the file", []string{"trace", brokenInside}, brokenInside + ":7: not a trace event: the line ends in the middle of its JSON"},
		{"unknown format", []string{"trace", "--format", "svg", file}, "--format"},
		{"no file", []string{"trace"}, "gtrag trace needs an argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gtrag(t, env, tt.args...)
			require.Equal(t, 2, r.code, r.stderr)
			require.Contains(t, r.stderr, tt.want)
			require.Empty(t, r.stdout)
		})
	}

	// A run cut short still renders, with a note.
	r := gtrag(t, env, "trace", cut)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "step 1 · pull_from_chroma")
	require.Contains(t, r.stderr, "ends before the run did")

	// One cut in the middle of its last line renders as one cut at the
	// line end before it, and the note says which line was lost.
	m := gtrag(t, env, "trace", cutMidLine)
	require.Equal(t, 0, m.code, m.stderr)
	require.Equal(t, r.stdout, m.stdout)
	require.Contains(t, m.stderr, "ends before the run did: its last line (line 7) is cut short")
}

// A run with API keys in the environment writes none of them, to the trace
// or to stderr: not when the question carries one, not when an
// OpenAI-compatible server echoes the key and the Authorization header in its
// error (the run then falls back to offline with a notice quoting the error).
func TestTraceRedactsKeys(t *testing.T) {
	const sentinel = "sentinel-key-0123456789"
	tests := []struct {
		name     string
		question string
		llm      func(t *testing.T) (spec, baseURL string)
	}{
		{"offline, key in the question", "Do bidders shade bids in sealed-bid auctions? (my key is " + sentinel + ")",
			func(*testing.T) (string, string) { return "offline", "" }},
		{"an LLM server that echoes the key", "Do bidders shade bids in sealed-bid auctions?",
			func(t *testing.T) (string, string) {
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusUnauthorized)
					fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s (%s)","type":"invalid_request_error","code":"invalid_api_key"}}`,
						sentinel, r.Header.Get("Authorization"))
				}))
				t.Cleanup(srv.Close)
				return "openai:gpt-4o-mini", srv.URL + "/v1"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
			env := testEnv(t)
			env["GTRAG_ARXIV_URL"] = srv.URL
			env["GTRAG_SEED"] = "none"
			env["OPENAI_API_KEY"] = sentinel
			env["ANTHROPIC_API_KEY"] = sentinel + "-anthropic"
			env["GTRAG_LLM"], env["OPENAI_BASE_URL"] = tt.llm(t)
			file := filepath.Join(t.TempDir(), "run.jsonl")
			r := gtrag(t, env, "ask", "--trace", "--trace-out", file, tt.question)
			require.Equal(t, 0, r.code, r.stderr)
			b, err := os.ReadFile(file)
			require.NoError(t, err)
			require.NotContains(t, string(b), sentinel)
			require.NotContains(t, r.stderr, sentinel)
			require.Contains(t, r.stderr, "step 1 · pull_from_chroma")
			traceEvents(t, file) // still a valid trace
		})
	}
}

func TestExplainFromGraphMetadata(t *testing.T) {
	r := gtrag(t, testEnv(t), "graph", "--format", "explain")
	require.Equal(t, 0, r.code, r.stderr)
	g, err := nodes.Build(nodes.Deps{})
	require.NoError(t, err)
	for _, n := range g.Nodes() {
		require.Contains(t, r.stdout, n.Name+" (node)")
		require.Contains(t, r.stdout, n.Description)
	}
	for _, rt := range g.Routers() {
		require.Contains(t, r.stdout, rt.Name+" (router after "+rt.From+")")
	}
	require.Contains(t, r.stdout, "Loop:")
}

// trace --format html renders a recorded run that went round the arXiv loop
// as one page with a section per step; the browser test in package trace
// checks what the page does.
func TestTraceHTMLRendersTheRecordedRun(t *testing.T) {
	env, file, _ := traceRecorded(t)
	r := gtrag(t, env, "trace", "--format", "html", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.True(t, strings.HasPrefix(r.stdout, "<!DOCTYPE html>"), r.stdout[:min(80, len(r.stdout))])
	path := trace.Path(traceEvents(t, file))
	for i, node := range path {
		require.Contains(t, r.stdout, fmt.Sprintf(`id="step-%d" data-node="%s"`, i+1, node))
	}
	require.Contains(t, r.stdout, `data-node="add_to_chroma" data-visits="1"`)
	require.Contains(t, r.stdout, `data-node="pull_from_chroma" data-visits="2"`)

	// A run cut short still renders, and says so.
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(b), "\n")
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)/2], "")), 0o644))
	r = gtrag(t, env, "trace", "--format", "html", cut)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "The recording ends before the run did")
	require.Contains(t, r.stderr, "ends before the run did")

	bad := gtrag(t, env, "trace", "--format", "pdf", file)
	require.Equal(t, 2, bad.code)
	require.Contains(t, bad.stderr, "want text, mermaid or html")
}

package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// An offline fork answers from the recording's papers, not from the
// knowledge base or arXiv that replay's own flags choose, so the `gtrag
// ingest` its answer suggests names the recorded run's --data-dir and
// --arxiv-url, as the run and a plain replay of it do. A bare `gtrag
// replay run.jsonl --fork 1 … --offline` suggested "gtrag ingest --query
// …", which fills the default knowledge base from export.arxiv.org. Its
// recording keeps the same flags, so that its replay says it too. A live
// fork runs on the knowledge base replay's flags choose, and names those.
func TestOfflineForkSuggestsTheRecordedRunsFlags(t *testing.T) {
	srv := arxivtest.New(t, nil) // arXiv has nothing: the answer suggests an ingest
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	dir := filepath.Join(t.TempDir(), "class kb")
	file := filepath.Join(t.TempDir(), "run.jsonl")
	ask := gtrag(t, env, "--data-dir", dir, "--arxiv-url", srv.URL, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, 0, ask.code, ask.stderr)
	want := "gtrag --data-dir '" + dir + "' --arxiv-url " + srv.URL + " ingest --query "
	require.Contains(t, ask.stdout, want)

	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	f := gtrag(t, env, "replay", file, "--fork", "1", "--set", "chroma_results=[]", "--offline", "--trace-out", fork)
	require.Equal(t, 0, f.code, f.stderr)
	require.Contains(t, f.stdout, want)
	require.NotContains(t, f.stdout, ": gtrag ingest ")

	var forkJSON struct {
		Fork struct {
			Answer string `json:"answer"`
		} `json:"fork"`
	}
	decodeJSON(t, gtrag(t, env, "replay", file, "--fork", "1", "--set", "chroma_results=[]", "--offline", "--json"), &forkJSON)
	require.Contains(t, forkJSON.Fork.Answer, want)

	rf := gtrag(t, env, "replay", fork)
	require.Equal(t, 0, rf.code, rf.stderr)
	require.Equal(t, f.stdout[len(f.stdout)-len(rf.stdout):], rf.stdout, "the fork's answer, byte for byte")

	// A live fork copies the knowledge base replay's flags choose and
	// searches their arXiv: its suggestion names those.
	other := filepath.Join(t.TempDir(), "other kb")
	live := gtrag(t, env, "--data-dir", other, "--arxiv-url", srv.URL, "replay", file, "--fork", "1", "--set", "chroma_results=[]")
	require.Equal(t, 0, live.code, live.stderr)
	require.Contains(t, live.stdout, "gtrag --data-dir '"+other+"' --arxiv-url "+srv.URL+" ingest --query ")
}

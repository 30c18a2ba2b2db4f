package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// `gtrag --data-dir DIR ask` names DIR in every `gtrag ingest` its answer
// suggests ("To fetch more papers: gtrag --data-dir DIR ingest …"), but
// gtrag replay printed the node's answer, "gtrag ingest …", so the replay
// was not the recorded answer byte for byte, and its suggestion filled the
// default knowledge base. The recording keeps the flags; replay, --json
// and the replay of a fork's recording put them back.
func TestQATeach4ReplayKeepsTheStoreFlagsOfItsHint(t *testing.T) {
	srv := arxivtest.New(t, nil) // arXiv has nothing: the answer suggests an ingest
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	dir := filepath.Join(t.TempDir(), "class kb")
	file := filepath.Join(t.TempDir(), "run.jsonl")
	ask := gtrag(t, env, "--data-dir", dir, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, 0, ask.code, ask.stderr)
	want := "gtrag --data-dir '" + dir + "' ingest --query "
	require.Contains(t, ask.stdout, want)
	srv.Close()
	env["GTRAG_ARXIV_URL"] = "http://127.0.0.1:1/api/query"

	r := gtrag(t, env, "replay", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, ask.stdout, r.stdout, "the recorded answer, byte for byte")

	var replayJSON map[string]any
	j := gtrag(t, env, "replay", "--json", file)
	decodeJSON(t, j, &replayJSON)
	require.Contains(t, replayJSON["answer"], want)

	// A fork says it as the ask would, and its recording replays to it.
	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	f := gtrag(t, env, "--data-dir", dir, "replay", file, "--fork", "1", "--set", "chroma_results=[]", "--offline", "--trace-out", fork)
	require.Equal(t, 0, f.code, f.stderr)
	require.Contains(t, f.stdout, want)
	rf := gtrag(t, env, "replay", fork)
	require.Equal(t, 0, rf.code, rf.stderr)
	require.Contains(t, f.stdout, rf.stdout, "the fork's answer, byte for byte")
}

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// Notes print the moment they happen only on a terminal (README). With
// standard error a file, `ask --trace` printed a step's note inside that
// step's block ("step 5 · generate_response", "note: the sources found may
// not fully answer …", then its PERCEPT), where `gtrag trace` of the same
// recording has none. The file now holds the narration as `gtrag trace`
// prints it, whole, and the run's notes after it.
func TestTraceToAFileKeepsNotesOutOfTheStepBlocks(t *testing.T) {
	srv := arxivtest.New(t, nil) // arXiv has nothing: the primer answers, with a caveat
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--trace", "--trace-out", file, "What is the Zorblax equilibrium in auctions?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "\nnote: the sources found may not fully answer this question", "the run raised a note during a step")

	tr := gtrag(t, env, "trace", file)
	require.Equal(t, 0, tr.code, tr.stderr)
	narration, notes, ok := strings.Cut(r.stderr, "\nnote: ")
	require.True(t, ok)
	require.Equal(t, tr.stdout, narration+"\n", "the live narration is the recording's, whole")
	for _, l := range strings.Split(strings.TrimSuffix("note: "+notes, "\n"), "\n") {
		require.True(t, strings.HasPrefix(l, "note: "), "after the narration, only notes: %q", l)
	}
}

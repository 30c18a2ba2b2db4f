package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/trace"
)

// --fork past the recorded run's end says which steps can be forked at,
// not that "steps are numbered from 1", in one line with exit 2.
func TestQATeach2ForkPastTheEndSaysWhereToFork(t *testing.T) {
	env, file, _ := traceRecorded(t)
	r := gtrag(t, env, "replay", file, "--fork", "99", "--set", "relevant_context=false", "--offline")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "--fork 99: the recorded run has steps 1 to 8 only: fork at a step from 1 to 7")
	require.NotContains(t, r.stderr, "numbered from 1")
	require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
}

// An offline fork after step 1 starts from the store as the recorded run
// had it then (empty): its add_to_chroma writes the papers, rather than
// finding them "already in the store" because the scratch store was filled
// with what the recorded run added later.
func TestQATeach2OfflineForkEarlyStartsFromThatStore(t *testing.T) {
	env, file, _ := traceRecorded(t)
	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	r := gtrag(t, env, "replay", file, "--fork", "1", "--set", "chroma_results=[]", "--offline", "--trace-out", fork)
	require.Equal(t, 0, r.code, r.stderr)
	written := 0
	for _, e := range traceEvents(t, fork) {
		if e.Type != trace.OperationCompleted || e.Step <= 1 {
			continue
		}
		var d trace.OperationCompletedData
		require.NoError(t, json.Unmarshal(e.Data, &d))
		if d.Kind != trace.KindStoreAdd {
			continue
		}
		var a trace.AddResult
		require.NoError(t, json.Unmarshal(d.Result, &a))
		written += a.Added
	}
	require.Positive(t, written, "the fork's add_to_chroma wrote nothing: its store already held the recorded run's later papers")
	tr := gtrag(t, env, "trace", fork)
	require.Equal(t, 0, tr.code, tr.stderr)
	require.NotContains(t, tr.stdout, "already in the store")
}

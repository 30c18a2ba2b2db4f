package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/trace"
)

// testdata/trace/fork.jsonl, the recording of a fork the HTML browser test
// opens (gtrag replay testdata/trace/run.jsonl --fork 7 --set
// relevant_context=false --offline --trace-out fork.jsonl), still replays
// with today's code: same path, same answer, every effect answered from the
// recording (testEnv's arXiv is a closed port). When it fails, regenerate
// the fixture with that command.
func TestForkFixtureReplays(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "trace", "fork.jsonl")
	evs := traceEvents(t, file)
	require.True(t, trace.Complete(evs), "fork.jsonl ends before its run did")
	_, set, err := trace.Start(evs)
	require.NoError(t, err)
	require.NotNil(t, set.Fork, "fork.jsonl is not the recording of a fork")
	require.Equal(t, 7, set.Fork.Step)
	require.Equal(t, "relevant_context", set.Fork.Field)
	require.JSONEq(t, "false", string(set.Fork.Value))
	path := trace.Path(evs)
	require.NotEqual(t, set.Fork.RecordedPath, path, "the fork took the recorded path; the browser test needs a branch")

	r := gtrag(t, testEnv(t), "replay", "--json", file)
	require.Equal(t, 0, r.code, "fork.jsonl no longer replays; regenerate it (see this test's comment): %s", r.stderr)
	var res struct {
		Path []string `json:"path"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.Equal(t, path, res.Path)
}

package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// Ctrl-C while a step waits for a remote embedder is a stop, as it is
// while one waits for the LLM or arXiv: exit 130, and a recording that
// says the run was stopped by Ctrl-C during that step, not that the step
// failed with "context canceled".
func TestAskCtrlCDuringARemoteEmbeddingIsAStop(t *testing.T) {
	env, emb := embedServerStore(t)
	emb.hang.Store(true)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		select {
		case <-emb.seen: // pull_from_chroma embeds the question
			cancel(signalCause{os.Interrupt})
		case <-time.After(30 * time.Second):
		}
	}()
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtragCtx(ctx, t, env, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, exitInterrupted, r.code, r.stderr)

	evs := traceEvents(t, file)
	last := evs[len(evs)-1]
	require.Equal(t, trace.ExecutionFailed, last.Type)
	var end trace.ExecutionFailedData
	require.NoError(t, last.Decode(&end))
	require.Equal(t, "Ctrl-C", end.Signal, "%+v", end)
	require.True(t, strings.HasSuffix(end.Error, ": stopped by Ctrl-C"), end.Error)
	require.Empty(t, end.Path, "stopped during the first step")
	failed := slices.IndexFunc(evs, func(e trace.Event) bool { return e.Type == trace.StepFailed })
	require.GreaterOrEqual(t, failed, 0)
	require.Equal(t, nodes.PullFromChroma, evs[failed].Node, "the step that waited for the embedder")

	tr := gtrag(t, env, "trace", file)
	require.Equal(t, 0, tr.code, tr.stderr)
	require.Contains(t, tr.stdout, "STOPPED (Ctrl-C) during step 1")
	require.NotContains(t, tr.stdout, "FAILED after")
	require.NotContains(t, tr.stdout, "context canceled")
}

package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// TestTraceShowsTheDecisionAgentsChanges: a decision agent that judged the
// task impossible set GraphState.Impossible and added its notice, but the
// step's ENVIRONMENT UPDATE said "no state change": the agent's changes
// were in no event. ask --trace, trace, the page and replay now show
// them, and a fork of the recording, decided by the agent again, replays.
func TestTraceShowsTheDecisionAgentsChanges(t *testing.T) {
	llm := newLLMServer(t)
	llm.decide = func(context.Context, string) string {
		return `{"route": "not_relevant", "message": "stopping", "reason": "it asks for tomorrow's auction prices, which no paper holds", "impossible": true}`
	}
	env := decisionEnv(t, "openai", llm)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	const verdict = `decision agent set impossible: (none) → "it asks for tomorrow's auction prices, which no paper holds"`

	r := gtrag(t, env, "ask", "--router", "llm", "--trace", "--trace-out", file, decisionQuestion)
	require.Equal(t, 0, r.code, r.stderr)
	live := r.stdout + r.stderr
	require.Contains(t, live, verdict, "the live narration")

	tr := gtrag(t, env, "trace", file)
	require.Equal(t, 0, tr.code, tr.stderr)
	require.Contains(t, tr.stdout, verdict)
	step := tr.stdout[strings.Index(tr.stdout, "step 2 · "+nodes.CheckRelevance):]
	step = step[:strings.Index(step, "  NEXT")]
	require.NotContains(t, step, "no state change")

	h := gtrag(t, env, "trace", "--format", "html", file)
	require.Equal(t, 0, h.code, h.stderr)
	require.Contains(t, h.stdout, `<table class="diff agent">`)

	rp := gtrag(t, env, "replay", file)
	require.Equal(t, 0, rp.code, rp.stderr)

	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	f := gtrag(t, env, "replay", file, "--fork", "2", "--set", "relevant_context=false", "--trace-out", fork)
	require.Equal(t, 0, f.code, f.stderr)
	var changed bool
	for _, e := range traceEvents(t, fork) {
		var d trace.RouteDecidedData
		if e.Type == trace.RouteDecided && e.Decode(&d) == nil && len(d.Mutations) > 0 {
			changed = true
		}
	}
	require.True(t, changed, "the fork's own decision records its changes")
	rf := gtrag(t, env, "replay", fork)
	require.Equal(t, 0, rf.code, rf.stderr)
}

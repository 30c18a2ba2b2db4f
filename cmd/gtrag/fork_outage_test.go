package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
)

// A live fork is one run for the LLM's breaker, as an ask is
// (reasoner.WithRun): an outage met after the fork is told once, by the
// step that met it, not again by each step and branch the offline
// reasoners and the rules then decided.
func TestLiveForkTellsAnLLMOutageOnce(t *testing.T) {
	llm := newFaultyLLM(t)
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	env["GTRAG_LLM_TIMEOUT"] = "300ms"
	rec := filepath.Join(t.TempDir(), "run.jsonl")
	const q = "How much do bidders shade their bids in sealed-bid auctions?"
	r := gtrag(t, env, "ask", "--json", "--router", "llm", "--trace-out", rec, q)
	require.Equal(t, 0, r.code, r.stderr)

	llm.fault = func(string, string) llmFault { return hang }
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r = gtragCtx(ctx, t, env, "replay", rec, "--fork", "2", "--set", "relevant_context=false", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Fork service.Result `json:"fork"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	t.Logf("notices: %q", out.Fork.Notices)
	all := strings.Join(out.Fork.Notices, "\n")
	require.Equal(t, 1, strings.Count(all, "no reply within 300ms"), "the reason is told once: %q", out.Fork.Notices)
	require.Len(t, out.Fork.Notices, 1, "one outage, one notice: %q", out.Fork.Notices)
	require.Contains(t, out.Fork.Notices[0], "the rule routers decide from here on")
}

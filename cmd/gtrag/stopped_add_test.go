package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

const stoppedAddQuestion = "How do bidders shade bids in first-price auctions?"

// stoppedAddEnv is a test environment with an empty store, an arXiv that
// has papers for stoppedAddQuestion and an embedder (ollama:emb) that
// embeds the question and the first paper the run adds, then waits on
// the second paper's embedding until its caller gives up; second is told
// when that embedding starts.
func stoppedAddEnv(t *testing.T) (env map[string]string, second <-chan struct{}) {
	t.Helper()
	env = testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store's embedder")
	}
	seen := make(chan struct{}, 1)
	adds := 0
	emb := ollamatest.New(t, ollamatest.Script{
		Embed: func(ctx context.Context, texts []string) ([][]float32, error) {
			if !(len(texts) == 1 && texts[0] == stoppedAddQuestion) {
				if adds++; adds == 2 {
					seen <- struct{}{}
					<-ctx.Done()
					return nil, ctx.Err()
				}
			}
			vecs := make([][]float32, len(texts))
			for i, x := range texts {
				vecs[i] = []float32{float32(len(x)%7) + 1, 1, 0.5, float32(strings.Count(x, "e")%5) + 1}
			}
			return vecs, nil
		},
	})
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	env["GTRAG_EMBEDDER"] = "ollama:emb"
	env["OLLAMA_HOST"] = emb.URL
	return env, seen
}

// interruptedAt is a context that a Ctrl-C (SIGINT's cause) ends when
// second is told: the run is stopped while it adds its second paper.
func interruptedAt(t *testing.T, second <-chan struct{}) context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	t.Cleanup(func() { cancel(nil) })
	go func() {
		select {
		case <-second:
			cancel(signalCause{os.Interrupt})
		case <-time.After(30 * time.Second):
		}
	}()
	return ctx
}

// Ctrl-C while add_to_chroma waits on the embedder for its second paper:
// ask --json counts the first paper, which the store keeps.
func TestAskJSONCtrlCWhileAddingCountsThePaperStored(t *testing.T) {
	env, second := stoppedAddEnv(t)
	ctx := interruptedAt(t, second)
	r := gtragCtx(ctx, t, env, "ask", "--json", stoppedAddQuestion)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.Equal(t, service.OutcomeInterrupted, res.Outcome)
	require.Equal(t, 1, res.PapersAdded, "the paper stored before Ctrl-C")
	require.Positive(t, res.StoreCountAfter)

	var stats struct {
		Papers int `json:"papers"`
	}
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &stats)
	require.Equal(t, 1, stats.Papers)
}

// The same in a chat on a terminal: Ctrl-C cancels the question, the chat
// says the store keeps the paper, and /stats counts it.
func TestChatCtrlCWhileAddingCountsThePaperStored(t *testing.T) {
	env, second := stoppedAddEnv(t)
	p := startPTY(t, env, "chat")
	p.waitFor("gtrag> ", 1)
	p.send(stoppedAddQuestion + "\r")
	select {
	case <-second:
	case <-time.After(30 * time.Second):
		t.Fatalf("the second paper was never embedded; the terminal shows:\n%s", p.screen())
	}
	p.send("\x03") // Ctrl-C
	p.waitFor("note: question cancelled; ask another, or /quit", 1)
	require.Contains(t, p.screen(), "(Stopped before an answer; arXiv searched, 1 paper added to the knowledge base.)")
	p.waitFor("gtrag> ", 2)
	p.send("/stats\r")
	p.waitFor("this session: 0 questions answered", 1)
	p.send("/quit\r")
	require.Equal(t, 0, p.exit(), p.screen())
	require.Contains(t, p.screen(), "1 paper added")
}

// trace --json's path of a run stopped in a step is the steps that
// completed, as ask --json and the narration say, without the step it was
// stopped in; the events still hold that step.
func TestTraceJSONPathLeavesOutTheStepStopped(t *testing.T) {
	env, second := stoppedAddEnv(t)
	ctx := interruptedAt(t, second)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtragCtx(ctx, t, env, "ask", "--json", "--trace-out", file, stoppedAddQuestion)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	require.NotEmpty(t, res.Path)
	require.NotContains(t, res.Path, nodes.AddToChroma)

	var tr traceJSON
	decodeJSON(t, gtrag(t, env, "trace", "--json", file), &tr)
	require.True(t, tr.Complete)
	require.Equal(t, res.Path, tr.Path)
	failed := slices.IndexFunc(tr.Events, func(e trace.Event) bool { return e.Type == trace.StepFailed })
	require.GreaterOrEqual(t, failed, 0)
	require.Equal(t, nodes.AddToChroma, tr.Events[failed].Node)

	text := gtrag(t, env, "trace", file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Contains(t, text.stdout, "path                "+strings.Join(res.Path, " → ")+"\n")
}

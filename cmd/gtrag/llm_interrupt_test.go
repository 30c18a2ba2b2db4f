package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// Ctrl-C while a step waits for the LLM is a stop, as it is while a step
// waits for arXiv: exit 130, outcome interrupted, and a recording that
// says the run was stopped by Ctrl-C during that step, which gtrag trace,
// its page and replay tell as such. The recording said the step had
// failed ("FAILED after 6 steps: … check relevance with the LLM: context
// canceled"): the LLM's error kept the cancellation but lost its cause.
func TestAskCtrlCDuringAnLLMCallIsAStop(t *testing.T) {
	for _, tc := range []struct {
		prompt, node string
	}{
		{reasoner.PromptSearchArxiv, nodes.SearchArxiv},
		{reasoner.PromptChoosePapers, nodes.SearchArxiv},
		// The topic judge of search_arxiv asks the filter's prompt first.
		{reasoner.PromptFilterPapers, nodes.SearchArxiv},
		{reasoner.PromptCheckRelevance, nodes.CheckRelevance},
		{reasoner.PromptGenerateResponse, nodes.GenerateResponse},
	} {
		t.Run(tc.prompt, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			var once sync.Once
			llm := newFaultyLLM(t)
			llm.fault = func(prompt, _ string) llmFault {
				if prompt != tc.prompt {
					return answerSensibly
				}
				// The user presses Ctrl-C while the LLM thinks.
				once.Do(func() { cancel(signalCause{os.Interrupt}) })
				return hang
			}
			env := llmEnv(t, llm, "openai", auctionPaper, oldStyleAuction, videoGamePaper)
			env["GTRAG_LLM_TIMEOUT"] = "60s"
			file := filepath.Join(t.TempDir(), "run.jsonl")
			r := gtragCtx(ctx, t, env, "ask", "--json", "--trace-out", file, "--max-results", "3", traceQuestion)
			require.Equal(t, exitInterrupted, r.code, r.stderr)
			var res service.Result
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
			require.Equal(t, service.OutcomeInterrupted, res.Outcome)

			evs := traceEvents(t, file)
			require.True(t, trace.Complete(evs))
			last := evs[len(evs)-1]
			require.Equal(t, trace.ExecutionFailed, last.Type)
			var end trace.ExecutionFailedData
			require.NoError(t, last.Decode(&end))
			require.Equal(t, "Ctrl-C", end.Signal, "%+v", end)
			require.False(t, end.Interrupted, "stopped during a step, not before one")
			require.True(t, strings.HasSuffix(end.Error, ": stopped by Ctrl-C"), end.Error)
			step := len(end.Path) + 1
			failed := evs[len(evs)-1]
			for _, e := range evs {
				if e.Type == trace.StepFailed {
					failed = e
				}
			}
			require.Equal(t, trace.StepFailed, failed.Type)
			require.Equal(t, step, failed.Step)
			require.Equal(t, tc.node, failed.Node, "the step that waited for the LLM")
			stopped := "STOPPED (Ctrl-C) during step " + strconv.Itoa(step)

			tr := gtrag(t, env, "trace", file)
			require.Equal(t, 0, tr.code, tr.stderr)
			require.Contains(t, tr.stdout, stopped)
			require.NotContains(t, tr.stdout, "FAILED after")
			require.NotContains(t, tr.stdout, "context canceled")
			h := gtrag(t, env, "trace", "--format", "html", file)
			require.Equal(t, 0, h.code, h.stderr)
			require.Contains(t, h.stdout, "Stopped by Ctrl-C during step "+strconv.Itoa(step)+": ")
			require.NotContains(t, h.stdout, "context canceled")

			rp := gtrag(t, env, "replay", file)
			require.Equal(t, exitInterrupted, rp.code, rp.stderr)
			require.Contains(t, rp.stderr, "stopped during step "+strconv.Itoa(step)+" ("+tc.node+")")
			require.True(t, strings.HasSuffix(strings.TrimSpace(rp.stderr), "stopped by Ctrl-C"), rp.stderr)
		})
	}
}

package main

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// A call the client retried sent its model two requests, and llm_calls
// counted both, but the narration showed one action and the recording
// kept no trace of the other. The action now says how many requests it
// sent, live and in `gtrag trace`, so that the narration accounts for
// every request llm_calls counts.
func TestTraceSaysWhichCallWasRetried(t *testing.T) {
	llm := newFaultyLLM(t)
	var judged atomic.Int32
	llm.fault = func(kind, _ string) llmFault {
		if kind == reasoner.PromptCheckRelevance && judged.Add(1) == 1 {
			return status500 // the first attempt; its retry is answered
		}
		return answerSensibly
	}
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	rec := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--json", "--trace", "--trace-out", rec, "How much do bidders shade their bids in sealed-bid auctions?")
	require.Equal(t, 0, r.code, r.stderr)
	var res service.Result
	decodeJSON(t, r, &res)

	judge := lineWithText(t, r.stderr, "reasoner.check_relevance [ollama:")
	require.Contains(t, judge, "(2 LLM requests: 1 retry)", r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "LLM requests:"), "only the retried call says so")

	require.Equal(t, int64(len(llm.seen())), res.LLMCalls, "llm_calls counts the retry")

	told := gtrag(t, env, "trace", rec)
	require.Equal(t, 0, told.code, told.stderr)
	require.Contains(t, lineWithText(t, told.stdout, "reasoner.check_relevance [ollama:"), "(2 LLM requests: 1 retry)")
}

func lineWithText(t *testing.T, text, s string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	t.Fatalf("no line with %q in:\n%s", s, text)
	return ""
}

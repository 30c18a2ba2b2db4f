package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// A replay prints the answer as ask printed it, footer included: who
// wrote the answer (the LLM, or the offline answerer because the LLM
// failed or answered unusably) is recorded with the answer, not read back
// from notices.
func TestReplaySaysWhoWroteTheAnswer(t *testing.T) {
	for _, tc := range []struct {
		name string
		llm  func() *faultyLLM
		want string
	}{
		{"failed", func() *faultyLLM {
			llm := newFaultyLLM(t)
			llm.fault = func(string, string) llmFault { return status500 }
			return llm
		}, reasoner.OfflineLLMFailed},
		{"unusable", func() *faultyLLM {
			llm := newFaultyLLM(t)
			llm.reply = func(prompt, _ string) (string, bool) {
				return "Bidders shade their bids.", prompt == reasoner.PromptGenerateResponse
			}
			return llm
		}, reasoner.OfflineUnusable},
		{"answered", newFaultyLLMOf(t), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := llmEnv(t, tc.llm(), "ollama", auctionPaper, oldStyleAuction)
			const question = "How much do bidders shade their bids in sealed-bid auctions?"
			run := filepath.Join(t.TempDir(), "run.jsonl")
			asked := gtrag(t, env, "ask", "--trace-out", run, question)
			require.Equal(t, 0, asked.code, asked.stderr)
			replayed := gtrag(t, env, "replay", run)
			require.Equal(t, 0, replayed.code, replayed.stderr)
			require.Equal(t, asked.stdout, replayed.stdout, "the answer and its footer")
			require.True(t, strings.HasPrefix(replayed.stderr, asked.stderr), "the notices, as recorded:\n%s\nvs\n%s", asked.stderr, replayed.stderr)
			require.True(t, strings.HasPrefix(strings.TrimPrefix(replayed.stderr, asked.stderr), "note: replayed from "), "then one line saying it is a replay: %s", replayed.stderr)

			var res service.Result
			decodeJSON(t, gtrag(t, env, "replay", "--json", run), &res)
			require.Equal(t, tc.want, res.Offline)
		})
	}
}

func newFaultyLLMOf(t *testing.T) func() *faultyLLM {
	return func() *faultyLLM { return newFaultyLLM(t) }
}

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// outageLines are the notices among lines (stderr, or a Result's notices
// joined) that tell of an LLM outage.
func outageLines(lines string) []string {
	var out []string
	for _, l := range strings.Split(lines, "\n") {
		l = strings.TrimPrefix(l, "note: ")
		if strings.HasPrefix(l, "LLM unavailable") || strings.HasPrefix(l, "LLM still unavailable") || strings.HasPrefix(l, "LLM not asked") {
			out = append(out, l)
		}
	}
	return out
}

// A dead LLM server is one outage, and reads as one notice, with its
// reason, however many steps then decide offline (here the filter, the
// search formulation, the judge and the answer); the footer says who wrote
// the answer from the run's data, which --json shows as "offline".
func TestOneOutageOneNotice(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(string, string) llmFault { return status500 }
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	const question = "How much do bidders shade their bids in sealed-bid auctions?"
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	r := gtragCtx(ctx, t, env, "ask", question)
	require.Equal(t, 0, r.code, r.stderr)
	t.Logf("stderr:\n%s", r.stderr)
	lines := outageLines(r.stderr)
	require.Len(t, lines, 1, "one outage, one notice:\n%s", r.stderr)
	require.Regexp(t, `^LLM unavailable \(.*model runner crashed.*\); continuing offline$`, lines[0])
	require.Contains(t, r.stdout, "(Answered offline from sentences of the sources, as the LLM ollama:test-model failed;")

	var res service.Result
	decodeJSON(t, gtragCtx(ctx, t, env, "ask", "--json", question), &res)
	require.Equal(t, reasoner.OfflineLLMFailed, res.Offline)
	require.Len(t, outageLines(strings.Join(res.Notices, "\n")), 1, "%q", res.Notices)
}

// In a chat the LLM is given up on for the question during which it
// failed; the next question lets it rest, and the ones after ask it again
// (a hiccup once held the whole session offline). Each question is told
// why its answer is offline, once.
func TestChatTellsTheOutageOncePerQuestion(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(string, string) llmFault { return status500 }
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\nWhat is a Nash equilibrium?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	t.Logf("stderr:\n%s", r.stderr)
	lines := outageLines(r.stderr)
	require.Len(t, lines, 2, "one notice per question:\n%s", r.stderr)
	for _, l := range lines {
		require.Contains(t, l, "model runner crashed", "each question hears the reason")
	}
	require.Equal(t, 2, strings.Count(r.stdout, "(Answered offline from sentences of the sources, as the LLM ollama:test-model failed;"), r.stdout)
	require.Len(t, llm.seen(), 2, "one call and its retry; the second question lets the LLM rest")
	require.Contains(t, lines[1], "LLM not asked for this question")
}

// An unusable answer (one that cites nothing) is replaced by the offline
// one: no outage, and the footer says the LLM's answer was unusable.
func TestUnusableAnswerFooter(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.reply = func(prompt, _ string) (string, bool) {
		return "Bidders shade their bids.", prompt == reasoner.PromptGenerateResponse
	}
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	const question = "How much do bidders shade their bids in sealed-bid auctions?"
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", question), &res)
	require.Equal(t, reasoner.OfflineUnusable, res.Offline)
	require.Empty(t, outageLines(strings.Join(res.Notices, "\n")))

	r := gtrag(t, env, "ask", question)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "(Answered offline from sentences of the sources, as the LLM ollama:test-model's answer was unusable;")
}

// An eval with an LLM that fails says, at the top, how many answers were
// written offline, and marks each: its figures once read as the model's
// although the offline answerer wrote them all.
func TestEvalSaysWhichAnswersWereWrittenOffline(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(string, string) llmFault { return status500 }
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(
		`{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["`+auctionPaper.ID+`"]}
{"q": "What is a Nash equilibrium?"}
`), 0o644))
	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--json", file), &rep)
	require.Equal(t, 2, rep.OfflineAnswers)
	for _, q := range rep.PerQuestion {
		require.Equal(t, reasoner.OfflineLLMFailed, q.Offline, q.Q)
	}
	require.Contains(t, strings.Join(rep.Warnings, "\n"), "2 of 2 answers were written offline, not by ollama:test-model")

	r := gtrag(t, env, "eval", "--fresh", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "warning: 2 of 2 answers were written offline")
}

// A model that judges the store's passages relevant and then cannot answer
// from them ends the run without asking arXiv; the answer says so and how
// to look, instead of a bare abstention.
func TestLLMAbstentionWithoutASearchSaysArxivWasNotAsked(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.reply = func(prompt, _ string) (string, bool) {
		switch prompt {
		case reasoner.PromptCheckRelevance:
			return "yes", true
		case reasoner.PromptGenerateResponse:
			return "I cannot answer from these sources. The closest passages are about cooperative games [1].", true
		}
		return "", false
	}
	env := llmEnv(t, llm, "ollama", auctionPaper)
	env["GTRAG_SEED"] = "primer"
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "Why does tit-for-tat do well in the iterated prisoner's dilemma?"), &res)
	require.Zero(t, res.ArxivRequests)
	require.True(t, res.Abstained)
	require.Contains(t, res.Answer, "arXiv was not searched: the knowledge base seemed to hold the answer. To look for papers: gtrag ingest --query '")
}

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

const refusal = "I'm sorry, but I can't help with that request."

// llmEnv points gtrag at a faultyLLM speaking the provider's protocol.
func llmEnv(t *testing.T, llm *faultyLLM, provider string, papers ...arxiv.Paper) map[string]string {
	env := fakeLLMEnv(t, provider, llm.URL, papers...)
	env["GTRAG_LLM_TIMEOUT"] = "10s"
	env["GTRAG_LLM_RETRIES"] = "1"
	env["GTRAG_LLM_BACKOFF"] = "10ms"
	return env
}

// A follow-up the model refuses to rewrite is rewritten offline, with a
// notice, not asked as the refusal.
func TestChatRefusedRewriteIsRewrittenOffline(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.reply = func(_, user string) (string, bool) {
		return refusal, strings.Contains(user, "Rewrite the follow-up")
	}
	env := llmEnv(t, llm, "openai", auctionPaper, oldStyleAuction)
	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\nand in the all-pay version?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "→ I'm sorry")
	require.Contains(t, r.stdout, "→ ")
	require.Contains(t, r.stdout+r.stderr, `the LLM could not rewrite the follow-up (condense_question: the LLM reply "I'm sorry, but I can't help with that request." is not one question)`)
}

// A follow-up whose rewrite fails (an empty reply, each attempt) gives the
// LLM up for the question. The note that quotes the error says so, and is
// the outage's only one: it was followed by "LLM given up for this run
// (see the notice above); continuing offline".
func TestChatFailedRewriteIsOneNote(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(_, user string) llmFault {
		if strings.Contains(user, "Rewrite the follow-up") {
			return emptyReply
		}
		return answerSensibly
	}
	env := llmEnv(t, llm, "openai", auctionPaper, oldStyleAuction)
	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\nand in the all-pay version?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	out := r.stdout + r.stderr
	require.Contains(t, out, "the LLM could not rewrite the follow-up (")
	require.Contains(t, out, "empty reply); carried the previous topic instead; the LLM is given up for this question, which is answered offline")
	require.NotContains(t, out, "given up for this run")
	require.Equal(t, 1, strings.Count(out, "LLM is given up")+strings.Count(out, "LLM unavailable"), "one note of the outage:\n%s", out)
}

// A model that refuses every prompt: the answer is the offline one (not
// the refusal as "not found"), the run gives up on the model after a few
// unusable replies instead of asking it about every paper, and the footer
// says who answered.
func TestRefusingLLMIsGivenUpOn(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			llm := newFaultyLLM(t)
			llm.reply = func(string, string) (string, bool) { return refusal, true }
			env := llmEnv(t, llm, provider, auctionPaper, oldStyleAuction, videoGamePaper)
			question := "How much do bidders shade their bids in sealed-bid auctions?"
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r := gtragCtx(ctx, t, env, "ask", "--json", question)
			var res service.Result
			decodeJSON(t, r, &res)
			t.Logf("notices: %q; requests: %v", res.Notices, llm.seen())
			require.NotContains(t, res.Answer, "sorry")
			require.NotEqual(t, "not_found", res.Outcome)
			require.Contains(t, res.Answer, "[1]")
			notices := strings.Join(res.Notices, "\n")
			require.Equal(t, reasoner.OfflineLLMFailed, res.Offline, "the offline answerer wrote it, the model given up on")
			require.Equal(t, 1, strings.Count(notices, "unusable replies in a row"), "the outage is one notice")
			require.LessOrEqual(t, res.LLMCalls, int64(8), "a few unusable replies, then offline")
			require.Equal(t, int64(len(llm.seen())), res.LLMCalls)

			// Asked again, the store holds the papers: the refused
			// relevance check and answer are each decided offline (a reply
			// neither yes nor no is no longer counted as no, which sent
			// this run to arXiv and the filter's give-up), and the footer
			// says the model's answer was unusable.
			r = gtragCtx(ctx, t, env, "ask", question)
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, r.stdout, "(Answered offline from sentences of the sources, as the LLM "+provider+":test-model's answer was unusable;")
		})
	}
}

// With --router llm and a model that hangs, the decision agent stops
// asking once the other steps have given up on the model. The outage is
// one notice: the first branch's, which quotes the error and says what
// happens next. It was followed by "LLM given up for this run (see the
// notice above); continuing offline" and "decision agent: the LLM is
// unavailable; the rule routers decide from here on".
func TestRouterGivesUpWithTheSet(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(string, string) llmFault { return hang }
	env := llmEnv(t, llm, "ollama", auctionPaper, oldStyleAuction)
	env["GTRAG_LLM_TIMEOUT"] = "300ms"
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r := gtragCtx(ctx, t, env, "ask", "--json", "--router", "llm", "How much do bidders shade their bids in sealed-bid auctions?")
	var res service.Result
	decodeJSON(t, r, &res)
	t.Logf("notices: %q", res.Notices)
	require.Equal(t, nodes.GenerateResponse, res.Path[len(res.Path)-1])
	require.Len(t, llm.seen(), 2, "one call and its retry, then every step and branch offline")
	require.Equal(t, 1, strings.Count(strings.Join(res.Notices, "\n"), "no reply within 300ms"), "the reason is told once")
	require.Equal(t, 1, strings.Count(strings.Join(res.Notices, "\n"), "decision agent at "), "the first branch says why the rules decide")
	require.Len(t, res.Notices, 1, "one outage, one notice")
	require.Contains(t, res.Notices[0], "the rule routers decide from here on, and the other steps run offline")
	for _, d := range res.Decisions[1:] {
		require.Equal(t, nodes.RouterRules, d.DecidedBy)
		require.Empty(t, d.Notice, "step %d: the outage was told at the first branch", d.Step)
	}
}

// The footer names what wrote the answer: the configured LLM, or the
// offline answerer when the LLM failed or answered unusably, as the run's
// Result says (Offline), whatever its notices say.
func TestAnswerFooterSaysWhoAnswered(t *testing.T) {
	r := service.Result{LLM: "ollama:tiny", Sources: []nodes.Source{{PaperID: "x"}}, Embedder: "offline"}
	require.Contains(t, answerFooter(r), "(Answered by ollama:tiny;")

	r.Offline = reasoner.OfflineLLMFailed
	require.Contains(t, answerFooter(r), "(Answered offline from sentences of the sources, as the LLM ollama:tiny failed;")

	r.Offline = reasoner.OfflineUnusable
	require.Contains(t, answerFooter(r), "(Answered offline from sentences of the sources, as the LLM ollama:tiny's answer was unusable;")

	r.Offline, r.Abstained = reasoner.OfflineLLMFailed, true
	require.Contains(t, answerFooter(r), "(Answered offline, as the LLM ollama:tiny failed;")

	// Notices are for the user, not read: an outage that other steps met
	// while the LLM still wrote the answer leaves it the LLM's.
	r.Offline, r.Abstained = "", false
	r.Notices = []string{"LLM unavailable (x); continuing offline", "LLM unavailable (x); used offline extractive answer"}
	require.Contains(t, answerFooter(r), "(Answered by ollama:tiny;")

	r.LLM = "offline"
	require.Contains(t, answerFooter(r), "(Answered offline without an LLM, from sentences of the sources;")
}

// The searches the LLM wrote that share nothing with the question are
// dropped with a notice quoting them. Text output cuts the quote at 60
// runes, as it cuts a quoted reply; --json had the same cut, and a
// script could not see what was dropped: the searches are nowhere else
// in the object. It has them whole.
func TestDroppedSearchesAreWholeInJSON(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.reply = func(kind, _ string) (string, bool) {
		return "sealed-bid auction bid shading\nweather forecast paris tomorrow afternoon rain\ncheap flights lisbon summer holiday deals", kind == reasoner.PromptSearchArxiv
	}
	question := "How much do bidders shade their bids in sealed-bid auctions?"
	const which = ", which shares no word with the question and few with the field"

	var res service.Result
	decodeJSON(t, gtrag(t, llmEnv(t, llm, "openai", auctionPaper), "ask", "--json", question), &res)
	require.Contains(t, res.Notices, `search_arxiv: dropped the LLM's search "weather forecast paris tomorrow afternoon rain; cheap flights lisbon summer holiday deals"`+which, "%q", res.Notices)

	r := gtrag(t, llmEnv(t, llm, "openai", auctionPaper), "ask", question)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, `note: search_arxiv: dropped the LLM's search "weather forecast paris tomorrow afternoon rain; cheap flight…"`+which+"\n", "text output cuts as before")
}

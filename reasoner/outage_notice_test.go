package reasoner

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// An LLM outage's notice was cut at 160 runes where the breaker recorded
// its reason, so --json's notices, the recordings and MCP results lost the
// end of what the server said — a 429's endpoint came out as
// "(at http://127.0…)". The notice is now whole; text output shortens it
// (ShortNotice), as it does the LLM's dropped searches.
func TestOutageNoticeIsWholeAndShortOnlyAsText(t *testing.T) {
	f := newFakeLLM(t)
	long := "rate limited: " + strings.Repeat("slow down, ", 20) + "end of the message"
	f.reply = func(int) fakeReply {
		return fakeReply{Status: 429, ErrBody: long, Header: map[string]string{"Retry-After": "120"}}
	}
	set := openFake(t, "openai", f)
	a, err := set.Answerer.Answer(WithRun(context.Background()), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, OfflineLLMFailed, a.Offline)
	require.Len(t, a.Notices, 1)
	n := a.Notices[0]
	require.True(t, strings.HasPrefix(n, "LLM unavailable (generate the answer with the LLM: the server asks to retry after 2m0s (more than 30s), last: "), n)
	require.Contains(t, n, "end of the message", "the server's message whole")
	require.True(t, strings.HasSuffix(n, "(at "+f.URL+"/v1)); continuing offline"), "the endpoint whole: %s", n)
	require.NotContains(t, n, "…")

	short := ShortNotice(n)
	require.True(t, strings.HasPrefix(short, "LLM unavailable (generate the answer with the LLM: the server asks to retry after 2m0s"), short)
	require.True(t, strings.HasSuffix(short, "…); continuing offline"), short)
	require.Equal(t, utf8.RuneCountInString("LLM unavailable ("+strings.Repeat("x", maxReasonRunes)+"…); continuing offline"), utf8.RuneCountInString(short), short)
}

// shortOutage finds the reason in each outage notice from both ends — it
// may hold parentheses of its own — and cuts it, keeping the hint a
// refused connection ends with; a short reason and any other notice are
// left as they are.
func TestShortOutage(t *testing.T) {
	long := "check relevance with the LLM: " + strings.Repeat("é(x) ", 40) + "(at http://127.0.0.1:11434)"
	cut := truncateRunes(long, maxReasonRunes) + "…"
	for in, want := range map[string]string{
		outageUnavailable + long + outageContinuing:                                                      outageUnavailable + cut + outageContinuing,
		outageUnavailable + long + outageUsed + "paper filter":                                           outageUnavailable + cut + outageUsed + "paper filter",
		outageUnavailable + long + refusedHint + outageContinuing:                                        outageUnavailable + cut + refusedHint + outageContinuing,
		"LLM not asked for this ingest: it failed in an earlier call (last: " + long + outageAskAgain:    "LLM not asked for this ingest: it failed in an earlier call (last: " + cut + outageAskAgain,
		"LLM not asked for this question: it failed for the ones before (last: " + long + outageAskAgain: "LLM not asked for this question: it failed for the ones before (last: " + cut + outageAskAgain,
		"LLM unavailable (timeout (at http://x)); continuing offline":                                    "LLM unavailable (timeout (at http://x)); continuing offline",
		"LLM given up for this run (see the notice above); continuing offline":                           "LLM given up for this run (see the notice above); continuing offline",
		"LLM unavailable (no end":    "LLM unavailable (no end",
		"arXiv unreachable: " + long: "arXiv unreachable: " + long,
	} {
		require.Equal(t, want, ShortNotice(in), in)
	}

	// The notices outage writes are the shapes shortOutage reads.
	b := &breaker{}
	ctx := WithRunFor(context.Background(), "ingest")
	for _, n := range []string{
		(*breaker)(nil).outage(ctx, long, "paper filter", false),
		b.outage(ctx, long, "paper filter", false),
		b.outage(ctx, long, "paper filter", true),
		b.outage(WithRun(context.Background()), long, "paper filter", true),
	} {
		short, ok := shortOutage(n)
		require.True(t, ok, n)
		require.Contains(t, short, cut, n)
		require.NotContains(t, short, long, n)
	}
}

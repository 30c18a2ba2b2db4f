package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
)

// An LLM that answers every chat with a 429 and a Retry-After of two
// minutes gave `ask --json` the notice "… status code: 429: rate limited
// (at http://127.0…); continuing offline": the reason was cut at 160 runes
// for every reader. --json now carries it whole, endpoint included, and
// only stderr shortens it.
func TestLLMOutageNoticeIsWholeInJSON(t *testing.T) {
	message := "rate limited: " + strings.Repeat("too many requests, ", 10) + "try again in two minutes"
	llm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet { // the model list
			_, _ = w.Write([]byte(`{"object":"list","data":[{"id":"test-model","object":"model"}]}`))
			return
		}
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		b, _ := json.Marshal(map[string]any{"error": map[string]string{"message": message, "type": "rate_limit"}})
		_, _ = w.Write(b)
	}))
	t.Cleanup(llm.Close)
	env := fakeLLMEnv(t, "openai", llm.URL, auctionPaper, oldStyleAuction)
	env["GTRAG_LLM_BACKOFF"] = "10ms"
	const question = "How much do bidders shade their bids in sealed-bid auctions?"
	endpoint := "(at " + llm.URL + "/v1)); continuing offline"

	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", question), &res)
	lines := outageLines(strings.Join(res.Notices, "\n"))
	require.Len(t, lines, 1, "%q", res.Notices)
	require.Contains(t, lines[0], "the server asks to retry after 2m0s (more than 30s)")
	require.Contains(t, lines[0], message, "the server's words whole")
	require.True(t, strings.HasSuffix(lines[0], endpoint), "the endpoint whole: %s", lines[0])

	r := gtrag(t, env, "ask", question)
	require.Equal(t, 0, r.code, r.stderr)
	lines = outageLines(r.stderr)
	require.Len(t, lines, 1, r.stderr)
	require.True(t, strings.HasSuffix(lines[0], "…); continuing offline"), "stderr shortens it: %s", lines[0])
	require.NotContains(t, lines[0], llm.URL)
}

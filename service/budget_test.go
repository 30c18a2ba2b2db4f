package service_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// stallingArxiv accepts requests and never answers them (until the client
// gives up): an arXiv that is overloaded rather than down.
func stallingArxiv(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A stalled arXiv costs the run its budget, not the client's 30 s timeout
// times its attempts: the run answers from the store and says why.
func TestArxivBudget(t *testing.T) {
	srv := stallingArxiv(t)
	cfg := offline(t, srv.URL)
	cfg.Arxiv.MaxAttempts = 0 // the client's default retries
	svc := openService(t, cfg)

	start := time.Now()
	res, err := svc.Ask(context.Background(), "How do bidders shade bids in first-price auctions?",
		service.AskOptions{ArxivBudget: 300 * time.Millisecond})
	require.NoError(t, err)
	require.Less(t, time.Since(start), 10*time.Second)
	require.Contains(t, res.Path, nodes.SearchArxiv)
	require.NotEmpty(t, res.Answer, "answered from the (empty) store")
	require.Equal(t, nodes.OutcomeArxivUnavailable, res.Outcome)
	var said bool
	for _, n := range res.Notices {
		said = said || strings.Contains(n, "300ms budget")
	}
	require.True(t, said, "notices %q do not mention the budget", res.Notices)
}

// The watcher hears the run's arXiv waits; under ArxivFailFast a refused
// connection is not retried.
func TestArxivWaitsAndFailFast(t *testing.T) {
	cfg := offline(t, "http://127.0.0.1:1/api/query") // nothing listens on port 1
	cfg.Arxiv.MaxAttempts = 4
	cfg.Arxiv.Backoff = 10 * time.Millisecond
	svc := openService(t, cfg)
	q := "How do bidders shade bids in first-price auctions?"

	var mu sync.Mutex
	var waits []arxiv.Wait
	watch := func(w arxiv.Wait) { mu.Lock(); waits = append(waits, w); mu.Unlock() }
	res, err := svc.Ask(context.Background(), q, service.AskOptions{ArxivWaits: watch, MaxSearches: 1})
	require.NoError(t, err)
	require.EqualValues(t, 4, res.ArxivRequests, "a refusal is retried by default")
	retries := 0
	for _, w := range waits {
		if w.Kind == arxiv.WaitRetry {
			retries++
		}
	}
	require.Equal(t, 3, retries, "every retry was reported: %+v", waits)

	res, err = svc.Ask(context.Background(), q, service.AskOptions{ArxivFailFast: true, MaxSearches: 1})
	require.NoError(t, err)
	require.EqualValues(t, 1, res.ArxivRequests, "a refusal ends the call at once")
	require.Contains(t, strings.Join(res.Notices, "\n"), "refused")
}

package mcpserver

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// arxiv_requests counted the requests of every call running at once: the
// service's one arXiv client counts them all, and an ingest reported how
// much that count grew while it ran. Three calls at once, each of one
// request, reported 1, 2 and 3. Each call counts its own.
func TestQA3ArxivRequestsAreTheCallsOwn(t *testing.T) {
	papers := arxivtest.Papers(0, 6)
	// Paced, so that the calls overlap: each waits its turn at the client
	// while the others' requests are sent.
	f := newFixture(t, 100*time.Millisecond, papers...)
	calls := []map[string]any{
		{"query": "cat:cs.GT", "max": 2},
		{"query": "cat:cs.GT", "max": 3},
		{"query": "cat:cs.GT", "max": 4},
		{"query": "cat:cs.GT", "max": 5},
	}
	reps := make([]IngestResult, len(calls))
	var wg sync.WaitGroup
	for i, args := range calls {
		wg.Go(func() {
			if msg := f.call(t, context.Background(), "ingest_query", args, &reps[i]); msg != "" {
				t.Errorf("ingest_query %v: %s", args, msg)
			}
		})
	}
	wg.Wait()
	require.Len(t, f.arxiv.Requests(), len(calls), "one request a call")
	for i, rep := range reps {
		require.Equal(t, 1, rep.ArxivRequests, "call %d (%v) sent one request", i, calls[i])
	}
}

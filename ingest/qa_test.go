package ingest_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// A second Ctrl-C (Ingester.Abort closed after the context ended) gives up
// the batch in hand at once, without waiting out DrainTimeout.
func TestQAAbortEndsTheDrainAtOnce(t *testing.T) {
	store := newMemStore()
	store.blockAdd = true
	ctx, cancel := context.WithCancel(context.Background())
	abort := make(chan struct{})
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 10 {
			cancel()
			time.AfterFunc(50*time.Millisecond, func() { close(abort) })
		}
	})
	in := &ingest.Ingester{Store: store, StateDir: t.TempDir(), DrainTimeout: time.Minute, Abort: abort}
	start := time.Now()
	_, err := L(in).Search(ctx, testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, time.Since(start), 20*time.Second, "the drain ended with Abort, not with DrainTimeout")
}

// Abort closed while the run is live changes nothing: only an interrupt
// followed by it ends the drain.
func TestQAAbortWithoutInterruptDoesNothing(t *testing.T) {
	abort := make(chan struct{})
	close(abort)
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir(), Abort: abort}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10})
	require.NoError(t, err)
	require.Len(t, rep.Kept, 20)
}

// A query arXiv has no result for is not "complete" for ever: the next run
// asks again (the query may have been mistyped and arXiv's index grows),
// rather than report a query of 0 results as already ingested.
func TestQAQueryWithNoResultsIsAskedAgain(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{})
	dir := t.TempDir()
	q := ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10}
	in := &ingest.Ingester{Store: newMemStore(), StateDir: dir}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, 0, rep.Total)
	require.Equal(t, 1, rep.ArxivRequests)

	srv.SetPapers(arxivtest.Papers(0, 5))
	rep, err = L(in).Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.False(t, rep.UpToDate, "a query that had no results is asked again")
	require.Equal(t, 1, rep.ArxivRequests)
}

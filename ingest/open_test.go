package ingest_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// opener is an Ingester.Open that hands out one memStore and records each
// call with the number of requests the server had seen by then.
type opener struct {
	srv   *arxivtest.Server
	store *memStore

	mu    sync.Mutex
	calls []ingest.Start
	seen  []int // requests the server had answered at each call
}

func (o *opener) open(_ context.Context, s ingest.Start) (ingest.Store, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, s)
	if o.srv != nil {
		o.seen = append(o.seen, len(o.srv.Requests()))
	}
	return o.store, nil
}

func TestIngestSearchOpensAfterTheFirstAnswerAndSaysWhetherItResumes(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30))
	o := &opener{srv: srv, store: newMemStore()}
	dir := t.TempDir()
	in := &ingest.Ingester{Open: o.open, StateDir: dir}
	q := ingest.Query{Text: "cat:cs.GT", Max: 10, PageSize: 10}

	_, err := in.Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, []ingest.Start{{Resumed: false, At: 0}}, o.calls)
	require.Equal(t, []int{1}, o.seen, "opened once arXiv had answered the first request, not before")

	q.Max = 30
	_, err = in.Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, ingest.Start{Resumed: true, At: 10}, o.calls[1], "a run that continues saved progress")

	_, err = in.Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, ingest.Start{Resumed: true, At: 30}, o.calls[2], "up to date: opened for the store's count")

	in.Restart = true
	_, err = in.Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, ingest.Start{Resumed: false, At: 0}, o.calls[3], "--restart starts over")
	require.Len(t, o.calls, 4, "once per run")
}

func TestIngestRefusedQueryOpensAndWritesNothing(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30)) // parses queries: a malformed one gets HTTP 400
	o := &opener{srv: srv, store: newMemStore()}
	dir := t.TempDir()
	in := &ingest.Ingester{Open: o.open, StateDir: dir}

	rep, err := in.Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT AND (", Max: 30, PageSize: 10})
	var refused *ingest.RefusedError
	require.ErrorAs(t, err, &refused, "%v", err)
	require.Equal(t, "cat:cs.GT AND (", refused.Query)
	var apiErr *arxiv.APIError
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, http.StatusBadRequest, apiErr.Status)
	require.Empty(t, o.calls, "Open is not called for a refused query")
	require.Zero(t, rep.StoreCount)
	require.Len(t, srv.Requests(), 1, "a refusal is not retried")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries, "no resume file")

	// A query that was accepted before is not refused when arXiv fails it
	// on resuming: the store is opened and the run stops as usual.
	q := ingest.Query{Text: "cat:cs.GT", Max: 10, PageSize: 10}
	_, err = in.Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	srv.SetFault(func(arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "start must be a number")}
	})
	q.Max = 30
	_, err = in.Search(context.Background(), testClient(srv, 0), q)
	var stopped *ingest.StoppedError
	require.ErrorAs(t, err, &stopped)
	require.False(t, errors.As(err, &refused), "a resumed run is not refused")
	require.Equal(t, ingest.Start{Resumed: true, At: 10}, o.calls[len(o.calls)-1])
}

func TestIngestOpenErrorIsReturnedAsIs(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 10))
	in := &ingest.Ingester{Open: func(context.Context, ingest.Start) (ingest.Store, error) { return nil, errBoom }}
	_, err := in.Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 10})
	require.Same(t, errBoom, err)
	_, err = in.Papers(context.Background(), ingest.PaperList(arxivtest.Papers(0, 1)))
	require.Same(t, errBoom, err)
	_, err = in.Lookup(context.Background(), testClient(srv, 0), []string{"2401.00001"})
	require.Same(t, errBoom, err)

	in.Store = newMemStore()
	_, err = in.Papers(context.Background(), ingest.PaperList(arxivtest.Papers(0, 1)))
	require.ErrorContains(t, err, "both Store and Open")
}

// OnBatch comes after every OnPaper call of its batch and before the
// batch's progress is saved, so that an output flushed there holds every
// batch the resume file counts.
func TestIngestOnBatchComesBeforeProgressIsSaved(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30))
	dir := t.TempDir()
	store := newMemStore()
	var told []string
	var atBatch []int // papers told when OnBatch was called
	var savedAt []int // papers the resume file counted then
	in := &ingest.Ingester{Store: store, StateDir: dir}
	in.OnPaper = func(id string, _ ingest.Outcome) { told = append(told, id) }
	in.OnBatch = func() error {
		atBatch = append(atBatch, len(told))
		saved := 0
		if len(atBatch) > 1 {
			saved = int(readState(t, dir)["counters"].(map[string]any)["kept"].(float64))
		}
		savedAt = append(savedAt, saved)
		return nil
	}
	_, err := in.Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 30, PageSize: 10})
	require.NoError(t, err)
	require.Equal(t, []int{10, 20, 30}, atBatch, "after all the batch's OnPaper calls")
	require.Equal(t, []int{0, 10, 20}, savedAt, "before the batch's progress is saved")

	// An OnBatch error stops the run; the batch is stored but not
	// recorded, so the next run fetches it again.
	dir2 := t.TempDir()
	n := 0
	in2 := &ingest.Ingester{Store: newMemStore(), StateDir: dir2, OnBatch: func() error {
		if n++; n == 2 {
			return errBoom
		}
		return nil
	}}
	rep, err := in2.Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 30, PageSize: 10})
	var stopped *ingest.StoppedError
	require.ErrorAs(t, err, &stopped)
	require.ErrorIs(t, err, errBoom)
	require.Equal(t, 1, rep.Batches)
	require.Equal(t, 10, rep.Next)
	require.EqualValues(t, 10, readState(t, dir2)["next"])
}

// A fresh query whose first request never reaches arXiv opens no store:
// there is nothing to store, and a store opened for nothing would be made
// and seeded.
func TestIngestUnreachableArxivOpensNothing(t *testing.T) {
	o := &opener{store: newMemStore()}
	in := &ingest.Ingester{Open: o.open, StateDir: t.TempDir()}
	c := &arxiv.Client{BaseURL: "http://127.0.0.1:1/api/query", Delay: -1, MaxAttempts: 1}
	_, err := in.Search(context.Background(), c, ingest.Query{Text: "cat:cs.GT", Max: 10, PageSize: 10})
	require.Error(t, err)
	require.Empty(t, o.calls, "Open is not called")
}

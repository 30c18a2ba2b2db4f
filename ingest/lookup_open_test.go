package ingest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// downLooker is an arXiv that never answers.
type downLooker struct{}

func (downLooker) Lookup(context.Context, []string) ([]arxiv.Paper, error) {
	return nil, errors.New("connection refused")
}

// An id run whose store is not there yet opens it once arXiv has answered,
// as a query run does: one that never got an answer made a store (and a
// primer-seeded one, in gtrag) for nothing. A store that is there is
// opened first, to skip the versioned ids it has without asking.
func TestIngestLookupOpensANewStoreAfterTheFirstAnswer(t *testing.T) {
	papers := arxivtest.Papers(0, 4)
	list := append(ids(papers), "2409.99998v3")

	o := &opener{store: newMemStore()}
	in := &ingest.Ingester{Open: o.open, StateDir: t.TempDir(), StoreExists: func() bool { return false }}
	rep, err := in.Lookup(context.Background(), downLooker{}, list)
	require.ErrorContains(t, err, "connection refused")
	require.Empty(t, o.calls, "arXiv never answered: nothing opened")
	require.Zero(t, rep.StoreCount)

	srv := arxivtest.New(t, papers)
	o = &opener{srv: srv, store: newMemStore()}
	in = &ingest.Ingester{Open: o.open, StateDir: t.TempDir(), StoreExists: func() bool { return false }}
	rep, err = in.Lookup(context.Background(), testClient(srv, 0), list)
	require.NoError(t, err)
	require.Equal(t, []int{1}, o.seen, "opened once arXiv had answered")
	require.Equal(t, 4, rep.Kept)
	require.Equal(t, 1, rep.NotFound)

	// A store that is there: opened before the first request, and a
	// versioned id it has is not asked for.
	store := newMemStore()
	store.put(papers[0])
	o = &opener{srv: srv, store: store}
	in = &ingest.Ingester{Open: o.open, StateDir: t.TempDir(), StoreExists: func() bool { return true }}
	before := len(srv.Requests())
	rep, err = in.Lookup(context.Background(), testClient(srv, 0), []string{papers[0].ID})
	require.NoError(t, err)
	require.Equal(t, []int{before}, o.seen, "opened before any request")
	require.Equal(t, 1, rep.SkippedExisting)
	require.Len(t, srv.Requests(), before, "a stored versioned id is not asked for")
}

package ingest_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

// hungStore is a store whose server hangs from the first write on: the
// write is retried for a while and fails, and from its first attempt the
// store says it gets no answer (Unreachable), as the Weaviate backend does.
type hungStore struct {
	*memStore
	retries time.Duration // how long a write spends on its retries
	mu      sync.Mutex
	down    error
}

func (s *hungStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	err := errors.New(`Post "http://127.0.0.1:1/v1/batch/objects": context deadline exceeded`)
	s.mu.Lock()
	s.down = err
	s.mu.Unlock()
	select {
	case <-time.After(s.retries):
		return 0, err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

func (s *hungStore) Unreachable() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down
}

// Once a write gets no answer, the ingest fetches no further page: it
// waits for the store, and stops, resumable, when the write fails. It
// fetched every page of its --max (arXiv's pacing and all) while every
// write to a hung Weaviate failed.
func TestStoreNotAnsweringStopsTheFetch(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 100))
	store := &hungStore{memStore: newMemStore(), retries: time.Second}
	in := &ingest.Ingester{Store: store, StateDir: t.TempDir()}
	_, err := in.Search(context.Background(), testClient(srv, 50*time.Millisecond), ingest.Query{Text: "cat:cs.GT", Max: 100, PageSize: 10, Sort: "submitted"})
	var stopped *ingest.StoppedError
	require.ErrorAs(t, err, &stopped)
	require.ErrorContains(t, err, "batch/objects")
	require.True(t, stopped.Resumable)
	require.LessOrEqual(t, len(srv.Requests()), 3, "pages fetched after the write got no answer")
}

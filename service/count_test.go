package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/vectordb"
)

// serverStore is a Store that counts and describes itself by asking a
// server, as weaviatestore does; hung, it waits for the context.
type serverStore struct {
	Store
	hung bool
	last int
}

func (s serverStore) CountContext(ctx context.Context) (int, error) {
	if s.hung {
		<-ctx.Done()
		return 0, ctx.Err()
	}
	return 7, nil
}

func (s serverStore) LastCount() int { return s.last }

func (s serverStore) InfoContext(ctx context.Context) (vectordb.Info, error) {
	n, err := s.CountContext(ctx)
	return vectordb.Info{Chunks: n}, err
}

// A store that asks a server is counted and described with the caller's
// context: a hung Weaviate held an ask's start and end, and stats, for its
// request timeout each, whatever Ctrl-C said. A count it cannot give is
// the last it gave; a description it cannot give is an error.
func TestServerStoresAreAskedWithTheContext(t *testing.T) {
	require.Equal(t, 7, vectordb.CountContext(context.Background(), serverStore{}))

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	require.Equal(t, 3, vectordb.CountContext(ctx, serverStore{hung: true, last: 3}))
	_, err := StoreInfo(ctx, serverStore{hung: true})
	require.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
	require.Less(t, time.Since(start), 5*time.Second)
}

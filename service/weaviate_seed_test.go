package service_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/ollamatest"
	"github.com/gtrag/gtrag/internal/weaviatetest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// flakyOllama is an Ollama embedder that answers the first answers
// requests (8-dimensional vectors), then fails every one: an embedder that
// works for the probe a new Weaviate collection learns its dimension from,
// and fails on the seed.
func flakyOllama(t *testing.T, answers *atomic.Int64) string {
	return ollamatest.New(t, ollamatest.Script{
		Embed: func(_ context.Context, texts []string) ([][]float32, error) {
			if answers.Add(-1) < 0 {
				return nil, errors.New("model runner has unexpectedly stopped")
			}
			vecs := make([][]float32, len(texts))
			for i := range vecs {
				vecs[i] = []float32{1, 2, 3, 4, 5, 6, 7, float32(i + 1)}
			}
			return vecs, nil
		},
	}).URL
}

// A new Weaviate collection whose seed cannot be embedded is dropped
// again, as the embedded store's files are removed: left on the server, it
// would be tied to an embedder that never worked, and every later run with
// another would be refused. A collection that was there before is not
// seeded, so a failing embedder never drops it.
func TestOpenStoreDropsANewCollectionItCouldNotSeed(t *testing.T) {
	ctx := context.Background()
	node := weaviatetest.Cluster(t, 1)[0]
	var answers atomic.Int64
	ollama := flakyOllama(t, &answers)

	cfg := offline(t, "")
	cfg.Store = node.URL() + "/" + weaviatetest.Collection(t)
	cfg.Seed = service.SeedPrimer
	cfg.Embedder = "ollama:x"
	cfg.Getenv = func(k string) string {
		if k == "OLLAMA_HOST" {
			return ollama
		}
		return ""
	}
	wc, err := weaviatestore.ParseURL(cfg.Store, "")
	require.NoError(t, err)
	exists := func() bool {
		t.Helper()
		s, err := weaviatestore.OpenExisting(ctx, wc, nil)
		if err != nil {
			require.ErrorIs(t, err, weaviatestore.ErrNotFound)
			return false
		}
		require.NoError(t, s.Close())
		return true
	}

	answers.Store(1) // the probe only
	_, err = service.OpenStore(ctx, cfg)
	require.ErrorContains(t, err, "seed the store with the primer")
	require.NotContains(t, err.Error(), "drop the collection")
	require.False(t, exists(), "the collection this open created is dropped")

	ok := cfg
	ok.Embedder, ok.Getenv = "offline", nil
	db, err := service.OpenStore(ctx, ok)
	require.NoError(t, err, "the collection's name takes a working embedder")
	seeded := db.Count()
	require.Positive(t, seeded)
	require.NoError(t, db.Close())

	// The collection is there now: an open with the failing embedder is
	// refused for the mismatch, seeds nothing and drops nothing.
	_, err = service.OpenStore(ctx, cfg)
	var mismatch *vectordb.MismatchError
	require.ErrorAs(t, err, &mismatch)
	require.True(t, exists())

	// A collection made by this embedder while it worked (empty, with
	// --seed none) is not new to a later open: with the embedder failing,
	// that open seeds nothing, so nothing fails and nothing is dropped.
	made := cfg
	made.Store = node.URL() + "/" + weaviatetest.Collection(t)
	made.Seed = service.SeedNone
	answers.Store(1)
	db, err = service.OpenStore(ctx, made)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	made.Seed = service.SeedPrimer
	db, err = service.OpenStore(ctx, made)
	require.NoError(t, err, "an existing collection is not seeded")
	require.Zero(t, db.Count())
	require.NoError(t, db.Close())
	wc, err = weaviatestore.ParseURL(made.Store, "")
	require.NoError(t, err)
	require.True(t, exists(), "an existing collection is never dropped")
}

package weaviatestore

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/weaviatetest"
	"github.com/gtrag/gtrag/vectordb"
)

// brokenEmbedder claims a dimension, so that Open creates a collection
// without embedding a probe, and fails every embedding: an embedder that
// fails on first use.
type brokenEmbedder struct{ dim int }

func (e brokenEmbedder) Spec() string { return "ollama:broken" }
func (e brokenEmbedder) Dim() int     { return e.dim }
func (e brokenEmbedder) Embed(context.Context, []string) ([][]float32, error) {
	return nil, errors.New("embed with ollama:broken: connection refused")
}

// DropCreated deletes the collection this Open created, after a write that
// could not be embedded, so that the name takes another embedder; it never
// deletes a collection an Open found.
func TestDropCreatedDeletesOnlyWhatThisOpenCreated(t *testing.T) {
	ctx := context.Background()
	node := weaviatetest.Shared(t)
	cfg, err := ParseURL(node.URL()+"/"+weaviatetest.Collection(t), "")
	require.NoError(t, err)

	s, err := Open(ctx, cfg, brokenEmbedder{dim: vectordb.OfflineDim})
	require.NoError(t, err)
	require.True(t, s.Created())
	_, err = s.Add(ctx, topicDocs())
	require.ErrorContains(t, err, "connection refused")
	require.NoError(t, s.DropCreated(ctx))
	class, err := s.getClass(ctx)
	require.NoError(t, err)
	require.Nil(t, class, "the collection is gone from the server")
	require.NoError(t, s.DropCreated(ctx), "a second drop deletes nothing")

	// The name now takes another embedder.
	good, err := Open(ctx, cfg, newEmbedder(""))
	require.NoError(t, err, "no mismatch with the dropped collection's embedder")
	require.True(t, good.Created())
	_, err = good.Add(ctx, topicDocs())
	require.NoError(t, err)

	// A later Open finds it, and cannot drop it, whatever its embedder does.
	found, err := Open(ctx, cfg, newEmbedder(""))
	require.NoError(t, err)
	require.False(t, found.Created())
	require.ErrorIs(t, found.DropCreated(ctx), ErrNotCreated)
	require.Equal(t, len(topics), found.Count(), "the collection that was there is kept")
	inspect, err := Open(ctx, cfg, nil)
	require.NoError(t, err)
	require.ErrorIs(t, inspect.DropCreated(ctx), ErrNotCreated)
	require.Equal(t, len(topics), good.Count())

	// An embedder that must learn its dimension fails on the probe, and
	// then nothing is created.
	cfg2, err := ParseURL(node.URL()+"/"+weaviatetest.Collection(t), "")
	require.NoError(t, err)
	_, err = Open(ctx, cfg2, brokenEmbedder{})
	require.ErrorContains(t, err, "probe")
	inspect, err = Open(ctx, cfg2, nil)
	require.NoError(t, err)
	class, err = inspect.getClass(ctx)
	require.NoError(t, err)
	require.Nil(t, class)
}

package weaviatestore

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/vectordb"
)

// A primer entry worded anew in the same version: Add would rewrite its
// changed chunks and leave the one the new wording no longer has;
// ReplacePaper leaves exactly the new chunks and no other paper's.
func TestReplacePaperLeavesOnlyTheNewWording(t *testing.T) {
	ctx := context.Background()
	emb := newEmbedder("")
	s, _ := openTest(t, emb)
	old := chunkDocs("primer:entry", 3, func(i int) string { return fmt.Sprintf("old wording part %d about zebras", i) })
	other := chunkDocs("2301.00001v1", 2, func(i int) string { return fmt.Sprintf("another paper part %d", i) })
	_, err := s.Add(ctx, slices.Concat(old, other))
	require.NoError(t, err)

	reworded := chunkDocs("primer:entry", 2, func(i int) string { return fmt.Sprintf("new wording part %d about giraffes", i) })
	n, err := s.ReplacePaper(ctx, reworded)
	require.NoError(t, err)
	require.Equal(t, 2, n)
	got := map[string]vectordb.Document{}
	require.NoError(t, s.Documents(ctx, func(d vectordb.Document) error {
		got[d.ID] = d
		return nil
	}))
	require.Len(t, got, 4, "2 new chunks and the other paper's 2")
	for _, d := range slices.Concat(reworded, other) {
		require.Equal(t, d, got[d.ID])
	}

	// One paper's chunks, in chunk order, without a scan.
	docs, err := s.PaperDocuments(ctx, "primer:entry")
	require.NoError(t, err)
	require.Equal(t, reworded, docs)
	docs, err = s.PaperDocuments(ctx, "primer:absent")
	require.NoError(t, err)
	require.Empty(t, docs)
	many := chunkDocs("2301.00002v1", 12, func(i int) string { return fmt.Sprintf("part %d", i) })
	_, err = s.Add(ctx, many)
	require.NoError(t, err)
	docs, err = s.PaperDocuments(ctx, "2301.00002v1")
	require.NoError(t, err)
	require.Equal(t, many, docs, "chunk 10 after chunk 9, not after chunk 1")
	require.NoError(t, s.DeletePaper(ctx, "2301.00002v1"))

	// Again: nothing to write, nothing to delete.
	n, err = s.ReplacePaper(ctx, reworded)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, 4, s.Count())

	_, err = s.ReplacePaper(ctx, slices.Concat(reworded, other))
	require.ErrorContains(t, err, "documents of primer:entry and 2301.00001v1")
}

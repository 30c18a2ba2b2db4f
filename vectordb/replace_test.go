package vectordb

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// A paper worded anew in the same version: Add rewrites the chunks that
// changed and leaves the one the new wording no longer has; ReplacePaper
// leaves exactly the new chunks, keeps the paper's provenance, and the
// store's other papers, and search finds the new words and not the old.
func TestReplacePaperLeavesOnlyTheNewWording(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, dir, newTestEmbedder(16))
	old := chunkDocs("primer:entry", 3, func(i int) string { return fmt.Sprintf("old wording part %d about zebras", i) })
	other := chunkDocs("2301.00001v1", 2, func(i int) string { return fmt.Sprintf("another paper part %d", i) })
	_, err := db.Add(WithProvenance(ctx, "primer"), append(old, other...))
	require.NoError(t, err)
	before, err := db.PaperProvenance(ctx)
	require.NoError(t, err)

	reworded := chunkDocs("primer:entry", 2, func(i int) string { return fmt.Sprintf("new wording part %d about giraffes", i) })
	n, err := db.ReplacePaper(WithProvenance(ctx, "ingest --primer"), reworded)
	require.NoError(t, err)
	require.Equal(t, 2, n)

	for _, h := range []*DB{db, openTest(t, dir, newTestEmbedder(16))} { // this handle, and a process opening it afresh
		docs, err := h.PaperDocuments(ctx, "primer:entry")
		require.NoError(t, err)
		require.Len(t, docs, 2)
		for i, d := range docs {
			require.Equal(t, reworded[i].ID, d.ID)
			require.Equal(t, reworded[i].Content, d.Content)
		}
		require.Equal(t, 4, h.Count(), "2 new chunks and the other paper's 2")
		require.ElementsMatch(t, []string{"primer:entry", "2301.00001v1"}, h.Papers())
		rs, err := h.Query(ctx, "zebras", 5)
		require.NoError(t, err)
		for _, r := range rs {
			require.NotContains(t, r.Content, "zebras", "the old wording is gone from search")
		}
		rs, err = h.Query(ctx, "giraffes", 1)
		require.NoError(t, err)
		require.Equal(t, "primer:entry", rs[0].PaperID())
		after, err := h.PaperProvenance(ctx)
		require.NoError(t, err)
		require.Equal(t, before["primer:entry"], after["primer:entry"], "the entry keeps when and why it was first stored")
		require.Equal(t, 2, h.Info().Papers)
	}
}

// A replacement cancelled before its commit leaves the old wording whole.
func TestReplacePaperCancelledKeepsTheOld(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	old := chunkDocs("primer:entry", 3, func(i int) string { return fmt.Sprintf("old wording part %d", i) })
	_, err := db.Add(ctx, old)
	require.NoError(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = db.ReplacePaper(cancelled, chunkDocs("primer:entry", 1, func(int) string { return "new" }))
	require.ErrorIs(t, err, context.Canceled)
	docs, err := db.PaperDocuments(ctx, "primer:entry")
	require.NoError(t, err)
	require.Len(t, docs, 3)
	require.Equal(t, "old wording part 0", docs[0].Content)
}

func TestReplacePaperRefusesTwoPapers(t *testing.T) {
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	docs := append(chunkDocs("a:one", 1, func(int) string { return "x" }), chunkDocs("a:two", 1, func(int) string { return "y" })...)
	_, err := db.ReplacePaper(context.Background(), docs)
	require.ErrorContains(t, err, "documents of a:one and a:two")
	_, err = db.ReplacePaper(context.Background(), nil)
	require.Error(t, err)
	require.Zero(t, db.Count())
}

// PapersDocuments reads several papers in one transaction, each as
// PaperDocuments reads it; a paper not stored has no key.
func TestPapersDocumentsIsPaperDocumentsForEach(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	a := chunkDocs("primer:a", 12, func(i int) string { return fmt.Sprintf("a part %d", i) })
	b := chunkDocs("2301.00001v1", 2, func(i int) string { return fmt.Sprintf("b part %d", i) })
	_, err := db.Add(ctx, append(a, b...))
	require.NoError(t, err)
	got, err := db.PapersDocuments(ctx, []string{"primer:a", "2301.00001v1", "primer:absent"})
	require.NoError(t, err)
	require.Len(t, got, 2)
	for _, id := range []string{"primer:a", "2301.00001v1"} {
		one, err := db.PaperDocuments(ctx, id)
		require.NoError(t, err)
		require.Equal(t, one, got[id])
	}
	require.Equal(t, "primer:a_chunk_10", got["primer:a"][10].ID, "in chunk order")
}

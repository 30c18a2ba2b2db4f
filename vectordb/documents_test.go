package vectordb

import (
	"context"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"
)

// Documents gives back every document as Add took it, metadata shared by a
// paper's chunks included.
func TestDocumentsReturnsWhatWasAdded(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	docs := append(chunkDocs("2301.00001v1", 3, func(i int) string { return "core and nucleolus" }),
		chunkDocs("cs/0112004v2", 2, func(i int) string { return "bargaining sets" })...)
	docs[1].Metadata["only_here"] = "x"
	_, err := db.Add(ctx, docs)
	require.NoError(t, err)

	got := map[string]Document{}
	require.NoError(t, db.Documents(ctx, func(d Document) error {
		got[d.ID] = d
		return nil
	}))
	require.Len(t, got, len(docs))
	for _, d := range docs {
		require.Equal(t, d.Content, got[d.ID].Content, d.ID)
		require.True(t, maps.Equal(d.Metadata, got[d.ID].Metadata), "%s: %v != %v", d.ID, d.Metadata, got[d.ID].Metadata)
	}

	ctx2, cancel := context.WithCancel(ctx)
	n := 0
	err = db.Documents(ctx2, func(Document) error { n++; cancel(); return nil })
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 1, n)
}

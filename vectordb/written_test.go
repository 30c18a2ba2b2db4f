package vectordb

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAddPapersCountsOnlyPapersWritten(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir(), NewOfflineEmbedder())
	require.NoError(t, err)
	defer db.Close()
	doc := func(paper, text string) Document {
		return Document{ID: paper + "_chunk_0", Content: text, Metadata: map[string]string{"paper_id": paper}}
	}

	papers, chunks, err := AddPapers(ctx, db, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00002v1", "auctions")})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"2301.00001v2", "2301.00002v1"}, papers)
	require.Equal(t, 2, chunks)

	// The same paper again, an older version of a stored one, and one new.
	papers, chunks, err = AddPapers(ctx, db, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00002v1", "auctions"), doc("2301.00001v1", "old"), doc("2301.00003v1", "voting")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00003v1"}, papers, "only the paper really written counts")
	require.Equal(t, 1, chunks)

	// A newer version replaces the stored one: written.
	papers, _, err = AddPapers(ctx, db, []Document{doc("2301.00002v3", "auctions, revised")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00002v3"}, papers)
}

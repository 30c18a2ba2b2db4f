package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// A store seeded by an older gtrag holds an entry in the wording of its
// day, here the subgame-perfection entry as it read before it named what
// Selten generalised, with a paragraph since cut. RefreshPrimer replaces
// that entry whole, leaves the others as they are, and has nothing to do
// the second time; a store seeded by this gtrag has nothing to refresh.
func TestRefreshPrimerRewritesEntriesWordedOtherwise(t *testing.T) {
	t.Run("paper by paper", func(t *testing.T) { testRefreshPrimer(t, nil) })
	// A store that cannot read one paper's chunks, as Weaviate cannot, is
	// scanned once.
	t.Run("one scan", func(t *testing.T) {
		testRefreshPrimer(t, func(db service.Store) service.Store { return scanOnly{db.(*vectordb.DB)} })
	})
}

// scanOnly (paper_test.go) rewrites and deletes as the store under it does.
func (s scanOnly) ReplacePaper(ctx context.Context, docs []vectordb.Document) (int, error) {
	return s.db.ReplacePaper(ctx, docs)
}

func (s scanOnly) DeletePaper(ctx context.Context, id string) error { return s.db.DeletePaper(ctx, id) }

func testRefreshPrimer(t *testing.T, wrap func(service.Store) service.Store) {
	ctx := context.Background()
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	raw, err := service.OpenStore(ctx, cfg)
	require.NoError(t, err)
	defer raw.Close()
	db, paperDocs := raw, raw
	if wrap != nil {
		db = wrap(raw)
		_, ok := db.(service.PaperReader)
		require.False(t, ok)
	}
	updated, err := service.RefreshPrimer(ctx, db)
	require.NoError(t, err)
	require.Empty(t, updated, "a store seeded by this gtrag holds its wording")

	papers, err := data.Primer()
	require.NoError(t, err)
	const id = "primer:backward-induction-subgame-perfection"
	i := slices.IndexFunc(papers, func(p arxiv.Paper) bool { return p.ID == id })
	require.GreaterOrEqual(t, i, 0)
	old := papers[i]
	require.Contains(t, old.Summary, "generalised backward induction as")
	old.Summary = strings.Replace(old.Summary, "generalised backward induction as", "generalised the idea as", 1) +
		strings.Repeat(" An older paragraph on the chain-store paradox, long since cut from the entry.", 40)
	oldDocs := vectordb.Documents(chunker.Split(old, chunker.Options{}))
	want := vectordb.Documents(chunker.Split(papers[i], chunker.Options{}))
	require.Greater(t, len(oldDocs), len(want), "the old wording has a chunk the new one lacks")
	require.NoError(t, db.(service.PaperDeleter).DeletePaper(ctx, id))
	_, err = db.Add(vectordb.WithProvenance(ctx, service.PrimerProvenance), oldDocs)
	require.NoError(t, err)
	count := db.Count()

	updated, err = service.RefreshPrimer(ctx, db)
	require.NoError(t, err)
	require.Equal(t, []string{id}, updated)
	require.Equal(t, count-len(oldDocs)+len(want), db.Count(), "the old chunks are gone, none else")
	got, err := paperDocs.(service.PaperReader).PaperDocuments(ctx, id)
	require.NoError(t, err)
	require.Len(t, got, len(want))
	for k := range want {
		require.Equal(t, want[k].Content, got[k].Content)
	}

	updated, err = service.RefreshPrimer(ctx, db)
	require.NoError(t, err)
	require.Empty(t, updated)
}

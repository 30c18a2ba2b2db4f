package vectordb

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func provDocs(paperID, title, content string) []Document {
	return []Document{{
		ID:       paperID + "_chunk_0",
		Content:  content,
		Metadata: map[string]string{"paper_id": paperID, "title": title},
	}}
}

// TestProvenance: the first Add of a paper records its label and time, in
// the store file (a reopened DB reads it); re-adding it unchanged, under
// another label, and replacing it by a newer version keep the first
// record; removing it drops the record; an Add without a label records
// nothing.
func TestProvenance(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, dir, NewOfflineEmbedder())

	before := time.Now().Add(-time.Second)
	askCtx := WithProvenance(ctx, `ask: "Why does tit-for-tat do well?"`)
	_, err := db.Add(askCtx, provDocs("2301.00001v1", "Tit for tat", "Tit-for-tat wins iterated prisoner's dilemma tournaments."))
	require.NoError(t, err)
	ingCtx := WithProvenance(ctx, "ingest --query cat:cs.GT")
	_, err = db.Add(ingCtx, provDocs("2301.00002v1", "Auctions", "Second-price auctions are truthful."))
	require.NoError(t, err)
	_, err = db.Add(ctx, provDocs("2301.00003v1", "Unlabelled", "Shapley values share a surplus."))
	require.NoError(t, err)
	after := time.Now().Add(time.Second)

	// Again under another label: unchanged, and a new version.
	n, err := db.Add(ingCtx, provDocs("2301.00001v1", "Tit for tat", "Tit-for-tat wins iterated prisoner's dilemma tournaments."))
	require.NoError(t, err)
	require.Zero(t, n, "an unchanged paper is not written")
	n, err = db.Add(WithProvenance(ctx, "ingest --ids 2301.00002"), provDocs("2301.00002v2", "Auctions, revised", "Second-price auctions are truthful and efficient."))
	require.NoError(t, err)
	require.Equal(t, 1, n, "the newer version replaces the stored one")
	require.NoError(t, db.Close())

	db = openTest(t, dir, NewOfflineEmbedder(), ReadOnly())
	prov, err := db.PaperProvenance(ctx)
	require.NoError(t, err)
	require.Len(t, prov, 2, "the paper added without a label has none: %v", prov)
	require.Equal(t, `ask: "Why does tit-for-tat do well?"`, prov["2301.00001v1"].AddedBy)
	require.Equal(t, "ingest --query cat:cs.GT", prov["2301.00002v2"].AddedBy, "a new version keeps the first provenance")
	for base, p := range prov {
		require.True(t, p.AddedAt.After(before) && p.AddedAt.Before(after), "%s added at %s, not between %s and %s", base, p.AddedAt, before, after)
	}
	require.NoError(t, db.Close())

	// Removed, then added again by something else: the new label.
	db = openTest(t, dir, NewOfflineEmbedder())
	require.NoError(t, db.DeletePaper(ctx, "2301.00001"))
	prov, err = db.PaperProvenance(ctx)
	require.NoError(t, err)
	require.NotContains(t, prov, "2301.00001v1", "a removed paper's record goes with it")
	_, err = db.Add(WithProvenance(ctx, "primer"), provDocs("2301.00001v1", "Tit for tat", "Tit-for-tat wins iterated prisoner's dilemma tournaments."))
	require.NoError(t, err)
	prov, err = db.PaperProvenance(ctx)
	require.NoError(t, err)
	require.Equal(t, "primer", prov["2301.00001v1"].AddedBy)
}

// TestProvenanceOldStore: a store written before provenance was recorded
// (the format-1 fixture, migrated) lists none, read-only or not, and
// records it for the papers added afterwards.
func TestProvenanceOldStore(t *testing.T) {
	ctx := context.Background()
	dir := format1Store(t)
	db := openTest(t, dir, NewOfflineEmbedder())
	require.NoError(t, db.Close())

	db = openTest(t, dir, NewOfflineEmbedder(), ReadOnly())
	prov, err := db.PaperProvenance(ctx)
	require.NoError(t, err)
	require.Empty(t, prov)
	require.NoError(t, db.Close())

	db = openTest(t, dir, NewOfflineEmbedder())
	_, err = db.Add(WithProvenance(ctx, "ingest --file papers.jsonl"), provDocs("2301.00009v1", "New", "A new paper on bargaining."))
	require.NoError(t, err)
	prov, err = db.PaperProvenance(ctx)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"2301.00009v1": "ingest --file papers.jsonl"}, labels(prov))
}

func labels(prov map[string]Provenance) map[string]string {
	out := map[string]string{}
	for k, p := range prov {
		out[k] = p.AddedBy
	}
	return out
}

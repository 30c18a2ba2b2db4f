package vectordb

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// paperListStore builds a store whose paper records exercise EachPaper:
// bases that extend one another (the listing's order is the full ids',
// which differs from the bases' there), a paper without chunk 0 whose
// chunk keys sort "_chunk_10" before "_chunk_2", a paper whose chunk 0 was
// written after another chunk with another title (so its metadata is not
// the paper's shared metadata), a removed paper, with and without
// provenance.
func paperListStore(t *testing.T) *DB {
	t.Helper()
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	doc := func(paper string, i int, title string) Document {
		return Document{
			ID:      fmt.Sprintf("%s_chunk_%d", paper, i),
			Content: fmt.Sprintf("%s part %d on repeated games", paper, i),
			Metadata: map[string]string{
				"paper_id": paper, "title": title, "chunk_index": strconv.Itoa(i), "authors": "A B, C D",
			},
		}
	}
	add := func(ctx context.Context, docs ...Document) {
		t.Helper()
		_, err := db.Add(ctx, docs)
		require.NoError(t, err)
	}
	labelled := WithProvenance(ctx, "ingest --query cat:cs.GT")
	for _, p := range []string{"2301.0123v3", "2301.01234v1", "2301.01235v2", "2301.012v1", "primer:nash", "primer:nash-bargaining"} {
		add(labelled, doc(p, 0, "Title of "+p), doc(p, 1, "Title of "+p))
	}
	add(ctx, doc("2302.00001v1", 10, "No chunk 0"), doc("2302.00001v1", 2, "No chunk 0"), doc("2302.00001v1", 3, "No chunk 0"))
	add(ctx, doc("2302.00002v1", 1, "Old title"))
	add(ctx, doc("2302.00002v1", 0, "New title")) // same version: chunk 0 differs from the shared metadata
	add(ctx, doc("2302.00003v1", 0, "Removed"))
	require.NoError(t, db.DeletePaper(ctx, "2302.00003"))
	return db
}

// wantPapers is the oracle: the papers as the chunks describe them, read
// with Documents (every chunk) and PaperProvenance.
func wantPapers(t *testing.T, db *DB) []StoredPaper {
	t.Helper()
	ctx := context.Background()
	byPaper := map[string][]Document{}
	require.NoError(t, db.Documents(ctx, func(d Document) error {
		byPaper[d.PaperID()] = append(byPaper[d.PaperID()], d)
		return nil
	}))
	prov, err := db.PaperProvenance(ctx)
	require.NoError(t, err)
	var out []StoredPaper
	for id, docs := range byPaper {
		first := slices.MinFunc(docs, func(a, b Document) int { return chunkIndex(a) - chunkIndex(b) })
		out = append(out, StoredPaper{ID: id, Chunks: len(docs), Metadata: first.Metadata, Provenance: prov[id]})
	}
	slices.SortFunc(out, func(a, b StoredPaper) int { return strings.Compare(a.ID, b.ID) })
	return out
}

func TestEachPaperMatchesTheChunks(t *testing.T) {
	db := paperListStore(t)
	want := wantPapers(t, db)
	require.Len(t, want, 8)
	ids := make([]string, len(want))
	for i, p := range want {
		ids[i] = p.ID
	}
	// The full ids' order, not the bases': 2301.01234v1 before 2301.0123v3.
	require.Equal(t, []string{"2301.01234v1", "2301.01235v2", "2301.0123v3", "2301.012v1", "2302.00001v1", "2302.00002v1",
		"primer:nash", "primer:nash-bargaining"}, ids)

	defer func(n int) { paperPage = n }(paperPage)
	for _, page := range []int{1, 2, 3, 4, 1024} { // groups and ends of pages fall together and apart
		paperPage = page
		var got []StoredPaper
		require.NoError(t, db.EachPaper(context.Background(), func(p StoredPaper) error {
			got = append(got, p)
			return nil
		}))
		require.Equal(t, want, got, "page of %d", page)
	}
	for _, p := range want {
		switch p.ID {
		case "2302.00001v1":
			require.Equal(t, "2", p.Metadata["chunk_index"], "the lowest index, not the first key")
		case "2302.00002v1":
			require.Equal(t, "New title", p.Metadata["title"], "chunk 0's own metadata")
		case "2301.0123v3":
			require.Equal(t, "ingest --query cat:cs.GT", p.Provenance.AddedBy)
		}
	}
}

func TestEachPaperStopsAndLetsTheCallerUseTheDB(t *testing.T) {
	db := paperListStore(t)
	ctx := context.Background()
	defer func(n int) { paperPage = n }(paperPage)
	paperPage = 2

	stop := fmt.Errorf("enough")
	n := 0
	err := db.EachPaper(ctx, func(StoredPaper) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	require.Equal(t, 3, n)

	// fn runs with no lock held: it may write to the store.
	var seen []string
	require.NoError(t, db.EachPaper(ctx, func(p StoredPaper) error {
		seen = append(seen, p.ID)
		if p.ID == "2301.01234v1" {
			return db.DeletePaper(ctx, "primer:nash-bargaining")
		}
		return nil
	}))
	require.NotContains(t, seen, "primer:nash-bargaining", "removed before its page was read")
	require.Contains(t, seen, "primer:nash")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	require.ErrorIs(t, db.EachPaper(cancelled, func(StoredPaper) error { return nil }), context.Canceled)

	// Cancelled while a page is handed out (Ctrl-C during an export to
	// a slow pipe): the next paper is not, whatever the page's size.
	paperPage = 1024
	cancelling, cancel := context.WithCancel(ctx)
	defer cancel()
	n = 0
	err = db.EachPaper(cancelling, func(StoredPaper) error {
		n++
		cancel()
		return nil
	})
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 1, n, "no paper after the cancel")
}

func TestLookupPaper(t *testing.T) {
	db := paperListStore(t)
	ctx := context.Background()
	want := map[string]StoredPaper{}
	for _, p := range wantPapers(t, db) {
		want[p.ID] = p
	}
	for base, id := range map[string]string{"2301.0123": "2301.0123v3", "2302.00002": "2302.00002v1", "primer:nash": "primer:nash"} {
		got, ok, err := db.LookupPaper(ctx, base)
		require.NoError(t, err)
		require.True(t, ok, base)
		require.Equal(t, want[id], got, base)
	}
	for _, absent := range []string{"2302.00003", "2301.01", "2301.0123v3", ""} {
		_, ok, err := db.LookupPaper(ctx, absent)
		require.NoError(t, err)
		require.False(t, ok, "%q is not a stored base", absent)
	}
	require.NoError(t, db.Close())
	_, _, err := db.LookupPaper(ctx, "2301.0123")
	require.Error(t, err, "a closed store")
}

// EachPaperDocuments hands out each paper with exactly the chunks
// Documents holds for it, in chunk order, whatever the page bounds.
func TestEachPaperDocumentsMatchesTheChunks(t *testing.T) {
	db := paperListStore(t)
	ctx := context.Background()
	want := wantPapers(t, db)
	byPaper := map[string][]Document{}
	require.NoError(t, db.Documents(ctx, func(d Document) error {
		byPaper[d.PaperID()] = append(byPaper[d.PaperID()], d)
		return nil
	}))
	for _, docs := range byPaper {
		slices.SortStableFunc(docs, func(a, b Document) int { return chunkIndex(a) - chunkIndex(b) })
	}
	defer func(n, c int) { paperPage, paperPageChunks = n, c }(paperPage, paperPageChunks)
	for _, bounds := range [][2]int{{1024, 10000}, {1024, 1}, {2, 3}, {3, 5}} {
		paperPage, paperPageChunks = bounds[0], bounds[1]
		var got []StoredPaper
		require.NoError(t, db.EachPaperDocuments(ctx, func(p StoredPaper, docs []Document) error {
			got = append(got, p)
			require.Equal(t, byPaper[p.ID], docs, "%s, bounds %v", p.ID, bounds)
			require.Len(t, docs, p.Chunks)
			return nil
		}))
		require.Equal(t, want, got, "bounds %v", bounds)
	}
}

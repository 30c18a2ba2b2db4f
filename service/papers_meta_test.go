package service

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// metaPaper has every field an arXiv entry can have, as ValidatePaper
// makes it (the form ingest stores).
func metaPaper(t *testing.T) arxiv.Paper {
	t.Helper()
	p, _, err := arxiv.ValidatePaper(arxiv.Paper{
		ID: "2401.00001v2", Title: "Repeated games with discounting",
		Summary:   "We study folk theorems in repeated games with discounting and imperfect monitoring.",
		Authors:   []string{"Ann Smith", "Bo Li"},
		Published: time.Date(2024, 1, 1, 10, 20, 30, 0, time.UTC), Updated: time.Date(2024, 2, 3, 4, 5, 6, 0, time.UTC),
		PrimaryCategory: "cs.GT", Categories: []string{"cs.GT", "econ.TH"},
		DOI: "10.1000/xyz_123", JournalRef: "Games Econ. Behav. 140 (2024) 1-20", Comment: "20 pages, 3 figures",
	})
	require.NoError(t, err)
	return p
}

// A paper's metadata comes back whole, on every path that reads papers
// back: the records (show, list), the pages of chunks (export) and the
// scan of a store without records (Weaviate). doi, journal_ref, comment
// and updated were dropped, and published was cut to its date.
func TestPapersKeepTheirArxivMetadata(t *testing.T) {
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	in := metaPaper(t)
	_, err = db.Add(ctx, vectordb.Documents(chunker.Split(in, chunker.Options{})))
	require.NoError(t, err)

	want := Paper{
		ID: in.ID, Title: in.Title, Authors: in.Authors,
		Published: "2024-01-01T10:20:30Z", Updated: "2024-02-03T04:05:06Z",
		Categories: in.Categories, DOI: "10.1000/xyz_123", JournalRef: "Games Econ. Behav. 140 (2024) 1-20",
		Comment: "20 pages, 3 figures", AbsURL: in.AbsURL, PDFURL: in.PDFURL, Chunks: 1,
	}
	found, missing, err := FindPapers(ctx, db, []string{"2401.00001"})
	require.NoError(t, err)
	require.Empty(t, missing)
	require.Equal(t, []Paper{want}, found)

	full, err := WithAbstract(ctx, db, found[0])
	require.NoError(t, err)
	want.Summary = in.Summary
	require.Equal(t, want, full)
	require.Equal(t, in, full.ArxivPaper(), "what an export writes is what was stored")

	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		var got []Paper
		require.NoError(t, EachPaperWithAbstract(ctx, store, func(p Paper) error {
			got = append(got, p)
			return nil
		}), name)
		require.Equal(t, []Paper{want}, got, name)
	}
}

// A name with a comma stays one author, and a primary category that a file
// listed after another stays primary: both were lost to the ", "-joined
// authors and the first of the categories.
func TestPapersKeepCommaNamesAndTheirPrimaryCategory(t *testing.T) {
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	in := metaPaper(t)
	in.Authors = []string{"Zoë Ångström", "O'Brien, Jr."}
	in.PrimaryCategory, in.Categories = "econ.TH", []string{"cs.GT", "econ.TH"}
	_, err = db.Add(ctx, vectordb.Documents(chunker.Split(in, chunker.Options{})))
	require.NoError(t, err)

	found, _, err := FindPapers(ctx, db, []string{in.ID})
	require.NoError(t, err)
	require.Len(t, found, 1)
	require.Equal(t, in.Authors, found[0].Authors)
	require.Equal(t, []string{"econ.TH", "cs.GT"}, found[0].Categories)
	full, err := WithAbstract(ctx, db, found[0])
	require.NoError(t, err)
	out := full.ArxivPaper()
	require.Equal(t, "econ.TH", out.PrimaryCategory)
	require.Equal(t, in.Authors, out.Authors)

	// A store without the list (every paper before it, and papers whose
	// names hold no comma) reads the joined names as before.
	require.Equal(t, []string{"Ann Smith", "Bo Li"}, authorsOf(map[string]string{chunker.KeyAuthors: "Ann Smith, Bo Li"}))
}

// Papers stored before the metadata was kept open and read as they were:
// published a date, nothing of updated, doi, journal_ref or comment; an
// export of them writes the date as midnight UTC, as it always did. No
// migration, and the store's format is the same.
func TestPapersStoredBeforeReadAsTheyWere(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := vectordb.Open(ctx, dir, vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	old := map[string]string{ // what the chunker wrote before
		"paper_id": "2301.01234v2", "title": "Folk theorems", "authors": "Ann Smith, Bo Li",
		"published": "2023-01-04", "categories": "cs.GT,econ.TH", "abs_url": "http://arxiv.org/abs/2301.01234v2",
		"pdf_url": "", "chunk_index": "0",
	}
	_, err = db.Add(ctx, []vectordb.Document{{ID: "2301.01234v2_chunk_0", Content: "Title: Folk theorems\n\nAbstract: Patience.", Metadata: old}})
	require.NoError(t, err)
	require.Equal(t, vectordb.FormatVersion, db.Info().FormatVersion)

	p, err := (&Service{store: db}).Paper(ctx, "2301.01234")
	require.NoError(t, err)
	require.Equal(t, Paper{
		ID: "2301.01234v2", Title: "Folk theorems", Authors: []string{"Ann Smith", "Bo Li"}, Published: "2023-01-04",
		Categories: []string{"cs.GT", "econ.TH"}, AbsURL: "http://arxiv.org/abs/2301.01234v2", Chunks: 1, Summary: "Patience.",
	}, p)
	ap := p.ArxivPaper()
	require.Equal(t, time.Date(2023, 1, 4, 0, 0, 0, 0, time.UTC), ap.Published)
	require.True(t, ap.Updated.IsZero())
	require.Empty(t, ap.DOI+ap.JournalRef+ap.Comment)

	// A store of format 1, the oldest gtrag wrote, opens (migrated as
	// every command migrates it) and shows its papers.
	cfg := Config{DataDir: filepath.Join(t.TempDir(), "kb"), Embedder: "offline", MustExist: true}
	storetest.WriteFormat1(t, filepath.Join(cfg.DataDir, vectordb.StoreFileName))
	st, err := OpenStore(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	var ids []string
	require.NoError(t, EachPaperWithAbstract(ctx, st, func(p Paper) error {
		ids = append(ids, p.ID)
		require.Equal(t, "2023-01-02", p.Published, p.ID)
		require.Empty(t, p.Updated+p.DOI+p.JournalRef+p.Comment, p.ID)
		require.NotEmpty(t, p.Summary, p.ID)
		return nil
	}))
	require.Equal(t, []string{"2301.00001v1", "2301.00002v2", "cs/0112004v1"}, ids)
	found, _, err := FindPapers(ctx, st, []string{"cs/0112004"})
	require.NoError(t, err)
	require.Len(t, found, 1)
	require.Equal(t, "Auctions and mechanism design", found[0].Title)
}

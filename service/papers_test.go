package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/vectordb"
)

// The abstract comes back whole from its chunks whatever the chunker's
// size and overlap, including no overlap at all, and in any chunk order.
func TestPaperOfChunksRebuildsTheAbstract(t *testing.T) {
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("w%d", i*7919%1000))
		if i%17 == 16 {
			words[len(words)-1] += "."
		}
	}
	p := arxiv.Paper{ID: "2301.00001v1", Title: "A title", Summary: strings.Join(words, " "), Authors: []string{"A B", "C D"}}
	for _, opt := range []chunker.Options{{}, {Size: 120}, {Size: 120, Overlap: chunker.NoOverlap}, {Size: 90, Overlap: 60}} {
		docs := vectordb.Documents(chunker.Split(p, opt))
		require.Greater(t, len(docs), 1, "%+v", opt)
		docs[0], docs[len(docs)-1] = docs[len(docs)-1], docs[0]
		got := paperOfChunks(docs)
		require.Equal(t, p.Summary, got.Summary, "%+v", opt)
		require.Equal(t, len(docs), got.Chunks)
		require.Equal(t, p.Authors, got.Authors)
		require.Equal(t, "A title", got.Title)
	}
}

// recordsStore is a knowledge base of three papers, one of them stored
// in two Adds of different chunks, with and without provenance.
func recordsStore(t *testing.T) *vectordb.DB {
	t.Helper()
	ctx := context.Background()
	db, err := vectordb.Open(ctx, t.TempDir(), vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	long := strings.Repeat("Folk theorems hold in repeated games with patient players. ", 30)
	for _, p := range []arxiv.Paper{
		{ID: "2301.01234v2", Title: "Folk theorems", Summary: long, Authors: []string{"Ann Smith", "Bo Li"}, Categories: []string{"cs.GT", "econ.TH"}},
		{ID: "cs/0112004v1", Title: "Auctions", Summary: "Second-price auctions make truthful bidding dominant."},
		{ID: "2301.0123v3", Title: "A prefix of the first id", Summary: "Bargaining."},
	} {
		addCtx := ctx
		if p.ID != "cs/0112004v1" {
			addCtx = vectordb.WithProvenance(ctx, "ingest --file in.jsonl")
		}
		_, err := db.Add(addCtx, vectordb.Documents(chunker.Split(p, chunker.Options{})))
		require.NoError(t, err)
	}
	return db
}

// scanOnly hides the paper records of the embedded store: the path every
// other store (Weaviate) takes. It keeps the provenance, so that both paths
// must list the same.
type scanOnly struct {
	Store
	DocumentLister
	ProvenanceReader
}

// EachPaper lists from the paper records exactly what Papers, which reads
// every chunk, lists (less the abstracts), on the embedded store and on a
// store without records.
func TestEachPaperListsWhatPapersLists(t *testing.T) {
	ctx := context.Background()
	db := recordsStore(t)
	all, err := Papers(ctx, db)
	require.NoError(t, err)
	require.Len(t, all, 3)
	var want []Paper
	for _, p := range all {
		require.NotEmpty(t, p.Summary, p.ID)
		p.Summary = ""
		want = append(want, p)
	}
	require.Equal(t, "2301.01234v2", want[0].ID, "sorted by the full id")
	require.Equal(t, "ingest --file in.jsonl", want[0].AddedBy)
	require.Greater(t, want[0].Chunks, 1)

	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		var got []Paper
		require.NoError(t, EachPaper(ctx, store, func(p Paper) error {
			got = append(got, p)
			return nil
		}), name)
		require.Equal(t, want, got, name)

		stop := errors.New("stop")
		require.Equal(t, stop, EachPaper(ctx, store, func(Paper) error { return stop }), "%s: fn's error comes back as is", name)
	}
}

func TestFindPapers(t *testing.T) {
	ctx := context.Background()
	db := recordsStore(t)
	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		found, missing, err := FindPapers(ctx, store, []string{"2301.01234", "cs/0112004v1", "2301.0123v1", "2301.0123", "9999.00001", "2301.01234"})
		require.NoError(t, err, name)
		var ids []string
		for _, p := range found {
			ids = append(ids, p.ID)
			require.NotEmpty(t, p.Title, name)
			require.Empty(t, p.Summary, name)
		}
		require.Equal(t, []string{"2301.01234v2", "cs/0112004v1", "2301.0123v3", "2301.01234v2"}, ids, name)
		require.Equal(t, []string{"2301.0123v1", "9999.00001"}, missing, "%s: a stored paper's other version is not it", name)
	}
	// The abstract, read from that paper's chunks, with the provenance kept.
	found, _, err := FindPapers(ctx, db, []string{"2301.01234"})
	require.NoError(t, err)
	full, err := WithAbstract(ctx, db, found[0])
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(full.Summary, "Folk theorems hold in repeated games"), full.Summary)
	require.Equal(t, "ingest --file in.jsonl", full.AddedBy)
	require.NoError(t, db.DeletePaper(ctx, "2301.01234"))
	_, err = WithAbstract(ctx, db, found[0])
	require.ErrorIs(t, err, ErrPaperNotFound)
}

// EachPaperWithAbstract gives what Papers gives, abstracts included, one
// paper at a time on the embedded store, and on a store without records.
func TestEachPaperWithAbstractIsPapers(t *testing.T) {
	ctx := context.Background()
	db := recordsStore(t)
	want, err := Papers(ctx, db)
	require.NoError(t, err)
	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		var got []Paper
		require.NoError(t, EachPaperWithAbstract(ctx, store, func(p Paper) error {
			got = append(got, p)
			return nil
		}), name)
		require.Equal(t, want, got, name)
	}
	// fn runs between pages, and may write to the store.
	var got []string
	require.NoError(t, EachPaperWithAbstract(ctx, db, func(p Paper) error {
		got = append(got, p.ID)
		return db.DeletePaper(ctx, p.ID)
	}))
	require.Equal(t, []string{"2301.01234v2", "2301.0123v3", "cs/0112004v1"}, got)
	require.Zero(t, db.Count())
}

// Cancelled while fn runs (Ctrl-C during `papers list` or `export` to a
// slow pipe), no further paper is handed out, on either kind of store.
func TestEachPaperStopsAtTheCancel(t *testing.T) {
	db := recordsStore(t)
	each := map[string]func(context.Context, Store, func(Paper) error) error{"EachPaper": EachPaper, "EachPaperWithAbstract": EachPaperWithAbstract}
	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		for fname, f := range each {
			ctx, cancel := context.WithCancel(context.Background())
			n := 0
			err := f(ctx, store, func(Paper) error {
				n++
				cancel()
				return nil
			})
			require.ErrorIs(t, err, context.Canceled, "%s %s", name, fname)
			require.Equal(t, 1, n, "%s %s: no paper after the cancel", name, fname)
		}
	}
}

// FindPapers and DeletePapers take every id form the MCP server takes
// (PaperID): `gtrag papers show arXiv:2301.01234` and `papers show
// gtrag://paper/primer:core` were "not in the knowledge base". A primer
// id stays as it is; an unknown id is missing as it was given.
func TestFindPapersTakesEveryIDForm(t *testing.T) {
	ctx := context.Background()
	db := recordsStore(t)
	forms := []struct{ id, want string }{
		{"arXiv:2301.01234", "2301.01234v2"},
		{"arxiv:2301.01234v2", "2301.01234v2"},
		{"https://arxiv.org/abs/2301.01234v2", "2301.01234v2"},
		{"http://arxiv.org/pdf/2301.01234v2.pdf", "2301.01234v2"},
		{" cs/0112004 ", "cs/0112004v1"},
		{"arXiv:cs/0112004v1", "cs/0112004v1"},
		{"gtrag://paper/cs/0112004v1", "cs/0112004v1"},
		{"gtrag://paper/cs%2F0112004", "cs/0112004v1"},
		{"gtrag://paper/arXiv:2301.0123", "2301.0123v3"},
	}
	for name, store := range map[string]Store{"records": db, "scan": scanOnly{db, db, db}} {
		for _, f := range forms {
			found, missing, err := FindPapers(ctx, store, []string{f.id})
			require.NoError(t, err, "%s: %q", name, f.id)
			require.Empty(t, missing, "%s: %q", name, f.id)
			require.Len(t, found, 1, "%s: %q", name, f.id)
			require.Equal(t, f.want, found[0].ID, "%s: %q", name, f.id)
		}
		_, missing, err := FindPapers(ctx, store, []string{"arXiv:9999.00001", "gtrag://paper/9999.00001", "arXiv:2301.0123v1"})
		require.NoError(t, err, name)
		require.Equal(t, []string{"arXiv:9999.00001", "gtrag://paper/9999.00001", "arXiv:2301.0123v1"}, missing, name)
	}

	require.NoError(t, DeletePapers(ctx, db, []string{"https://arxiv.org/abs/cs/0112004v1"}))
	require.False(t, db.HasPaper("cs/0112004v1"), "DeletePapers did not read the abs URL as the id it names")
	require.True(t, db.HasPaper("2301.01234v2"))
}

func TestPaperID(t *testing.T) {
	for in, want := range map[string]string{
		"2501.72351v1":                            "2501.72351v1",
		"arXiv:2501.72351v1":                      "2501.72351v1",
		"https://arxiv.org/abs/2501.72351":        "2501.72351",
		"https://arxiv.org/pdf/2501.72351v2":      "2501.72351v2",
		"gtrag://paper/hep-th%2F9901001v1":        "hep-th/9901001v1",
		"gtrag://paper/primer:core":               "primer:core",
		"gtrag://paper/primer%3Anash-equilibrium": "primer:nash-equilibrium",
		"gtrag://paper/a%zz":                      "a%zz", // not percent-encoding: kept as it is
		"primer:core":                             "primer:core",
		"\tprimer:core\n":                         "primer:core",
		"not an id":                               "not an id",
		"":                                        "",
		// An impossible date is still read as the bare id: a file could
		// store one before arxiv.ParseID refused them.
		"arXiv:2413.01234v1":              "2413.01234v1",
		"gtrag://paper/math.GT%2F0300136": "math/0300136",
	} {
		require.Equal(t, want, PaperID(in), "PaperID(%q)", in)
	}
}

// ImpossibleID says why an id written as arXiv's can name no paper, in
// every form PaperID reads, and nothing of any other id.
func TestImpossibleID(t *testing.T) {
	for in, want := range map[string]string{
		"2413.01234":                       `arXiv id "2413.01234": month 13 does not exist`,
		" arXiv:2400.01234v2 ":             `arXiv id "arXiv:2400.01234v2": month 00 does not exist`,
		"gtrag://paper/hep-th%2F9913001":   `arXiv id "hep-th/9913001": month 13 does not exist`,
		"https://arxiv.org/abs/cs/9001001": `arXiv id "https://arxiv.org/abs/cs/9001001": old-style ids (archive/YYMMNNN) are from the years 91 to 07, not 90`,
	} {
		require.EqualError(t, ImpossibleID(in), want, in)
	}
	for _, in := range []string{"2412.01234", "cs/0112004v1", "primer:core", "gtrag://paper/primer:core", "not an id", "2413.123", ""} {
		require.NoError(t, ImpossibleID(in), in)
	}
}

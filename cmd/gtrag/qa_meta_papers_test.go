package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/internal/weaviatetest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// metaLine is a --file entry with every field arXiv gives a paper, as
// `papers export` writes it (field order, UTC times, links filled in).
const metaLine = `{"id":"2401.00001v2","title":"Repeated games with discounting",` +
	`"summary":"We study folk theorems in repeated games with discounting and imperfect monitoring.",` +
	`"authors":["Ann Smith","Bo Li"],"published":"2024-01-01T10:20:30Z","updated":"2024-02-03T04:05:06Z",` +
	`"primary_category":"cs.GT","categories":["cs.GT","econ.TH"],"doi":"10.1000/xyz_123",` +
	`"journal_ref":"Games Econ. Behav. 140 (2024) 1-20","comment":"20 pages, 3 figures; R&D 100%",` +
	`"abs_url":"http://arxiv.org/abs/2401.00001v2","pdf_url":"http://arxiv.org/pdf/2401.00001v2"}` + "\n"

// A paper's doi, journal_ref, comment and updated, and the time of its
// publication, come back from `papers show` and `papers export` as they
// went in; the export is ingested into a fresh store and exports the same,
// byte for byte. They were dropped, and published cut to its date; the
// BibTeX had no doi.
func TestMetaPapersKeepEveryArxivField(t *testing.T) {
	env := testEnv(t)
	in := filepath.Join(t.TempDir(), "in.jsonl")
	require.NoError(t, os.WriteFile(in, []byte(metaLine), 0o644))
	require.Equal(t, 1, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	var p service.Paper
	decodeJSON(t, gtrag(t, env, "papers", "show", "--json", "2401.00001"), &p)
	require.Equal(t, "2024-01-01T10:20:30Z", p.Published)
	require.Equal(t, "2024-02-03T04:05:06Z", p.Updated)
	require.Equal(t, "10.1000/xyz_123", p.DOI)
	require.Equal(t, "Games Econ. Behav. 140 (2024) 1-20", p.JournalRef)
	require.Equal(t, "20 pages, 3 figures; R&D 100%", p.Comment)

	r := gtrag(t, env, "papers", "show", "2401.00001")
	require.Equal(t, 0, r.code, r.stderr)
	for _, line := range []string{
		"published:  2024-01-01T10:20:30Z\n", "updated:    2024-02-03T04:05:06Z\n",
		"doi:        10.1000/xyz_123\n", "journal:    Games Econ. Behav. 140 (2024) 1-20\n",
		"comment:    20 pages, 3 figures; R&D 100%\n",
	} {
		require.Contains(t, r.stdout, line)
	}
	r = gtrag(t, env, "papers", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)^2401\.00001v2 +2024-01-01  `, r.stdout, "the table has the date")

	r = gtrag(t, env, "papers", "export")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, metaLine, r.stdout, "the export is the entry as it was given")
	exported := filepath.Join(t.TempDir(), "out.jsonl")
	require.NoError(t, os.WriteFile(exported, []byte(r.stdout), 0o644))
	env2 := testEnv(t)
	require.Equal(t, 1, ingestJSON(t, env2, "--file", exported, "--no-filter").KeptN)
	r2 := gtrag(t, env2, "papers", "export")
	require.Equal(t, 0, r2.code, r2.stderr)
	require.Equal(t, r.stdout, r2.stdout)

	r = gtrag(t, env, "papers", "export", "--format", "bibtex")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "  doi = {10.1000/xyz_123},\n", "a verbatim field: its underscore as it is")
	require.Contains(t, r.stdout, "  journal = {Games Econ. Behav. 140 (2024) 1-20},\n")
	require.Contains(t, r.stdout, `  note = {20 pages, 3 figures; R\&D 100\%},`+"\n")
	require.Contains(t, r.stdout, "  year = {2024},\n")
}

// Every field of a BibTeX entry keeps its braces balanced, whatever the
// --file entry held: BibTeX counts braces to find a field's end. The
// category and the URL were written as given ("primaryClass =
// {cs.GT}x{}," left the entry open), and a DOI lost its braces, balanced
// or not, naming another DOI. A DOI whose braces balance is kept as it
// is; one whose braces do not has them as a URL writes them.
func TestMetaPapersBibTeXFieldsStayBalanced(t *testing.T) {
	env := testEnv(t)
	in := filepath.Join(t.TempDir(), "in.jsonl")
	lines := `{"id":"2401.00002v1","title":"Bids ^ {and ~ prices","summary":"Auctions and equilibrium.",` +
		`"authors":["A}B"],"categories":["cs.GT}x{"],"doi":"10.1000/a}b%c#d_e\\f{g",` +
		`"abs_url":"http://arxiv.org/abs/2401.00002v1}","comment":"50% {of","journal_ref":"J. #1 \\ x_y"}` + "\n" +
		`{"id":"2401.00003v1","title":"Sealed bids","summary":"Auctions and equilibrium.",` +
		`"doi":"10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-{O}"}` + "\n"
	require.NoError(t, os.WriteFile(in, []byte(lines), 0o644))
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	r := gtrag(t, env, "papers", "export", "--format", "bibtex")
	require.Equal(t, 0, r.code, r.stderr)
	fields := 0
	for _, line := range strings.Split(r.stdout, "\n") {
		value, ok := strings.CutSuffix(line, "},")
		if !ok {
			continue
		}
		_, value, ok = strings.Cut(value, " = {")
		require.True(t, ok, line)
		fields++
		depth := 0
		for _, c := range value {
			switch c {
			case '{':
				depth++
			case '}':
				depth--
			}
			require.GreaterOrEqual(t, depth, 0, "the field ends inside its value: %s", line)
		}
		require.Zero(t, depth, "the field does not end where its line does: %s", line)
	}
	require.Greater(t, fields, 12, r.stdout)
	for _, want := range []string{
		`  title = {{Bids \textasciicircum{} \textbraceleft{}and \textasciitilde{} prices}},`,
		`  author = {A\textbraceright{}B},`,
		`  primaryClass = {cs.GT\textbraceright{}x\textbraceleft{}},`,
		`  doi = {10.1000/a%7Db%c#d_e\f%7Bg},`,
		`  url = {http://arxiv.org/abs/2401.00002v1%7D},`,
		`  note = {50\% \textbraceleft{}of},`,
		`  journal = {J. \#1 \textbackslash{} x\_y},`,
		`  doi = {10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-{O}},`,
	} {
		require.Contains(t, r.stdout, want+"\n")
	}
}

// A paper arXiv gives (ingest --ids, and ask, which stores what it finds)
// keeps its arxiv:comment, arxiv:doi, arxiv:journal_ref and updated.
func TestMetaArxivPapersKeepTheirMetadata(t *testing.T) {
	withMeta := func(p arxiv.Paper, comment string) arxiv.Paper {
		p.Published = time.Date(2023, 1, 4, 9, 30, 0, 0, time.UTC)
		p.Updated = time.Date(2023, 5, 6, 7, 8, 9, 0, time.UTC)
		p.DOI, p.JournalRef, p.Comment = "10.1016/j.geb.2023.01.001", "Games Econ. Behav. 139 (2023) 1-30", comment
		return p
	}
	srv := arxivtest.New(t, []arxiv.Paper{
		withMeta(auctionPaper, "31 pages"), withMeta(oldStyleAuction, "Extended version"), withMeta(videoGamePaper, "Demo at SIGGRAPH"),
	})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "How much do bidders shade their bids in sealed-bid auctions?"), &res)
	require.Equal(t, 2, res.PapersAdded)
	require.Equal(t, 1, ingestJSON(t, env, "--ids", videoGamePaper.ID, "--no-filter").KeptN)

	for id, comment := range map[string]string{
		auctionPaper.ID: "31 pages", oldStyleAuction.ID: "Extended version", videoGamePaper.ID: "Demo at SIGGRAPH",
	} {
		var p service.Paper
		decodeJSON(t, gtrag(t, env, "papers", "show", "--json", id), &p)
		require.Equal(t, "2023-01-04T09:30:00Z", p.Published, id)
		require.Equal(t, "2023-05-06T07:08:09Z", p.Updated, id)
		require.Equal(t, "10.1016/j.geb.2023.01.001", p.DOI, id)
		require.Equal(t, "Games Econ. Behav. 139 (2023) 1-30", p.JournalRef, id)
		require.Equal(t, comment, p.Comment, id)
	}
}

// Papers stored before gtrag kept this metadata (here by the oldest store
// format) are shown and exported as they were: no migration.
func TestMetaOlderStoreShowsItsPapers(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("an embedded store's file")
	}
	storetest.WriteFormat1(t, filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName))
	var p service.Paper
	decodeJSON(t, gtrag(t, env, "papers", "show", "--json", "2301.00002"), &p)
	require.Equal(t, "The Shapley value, revised", p.Title)
	require.Equal(t, "2023-01-02", p.Published)
	require.Empty(t, p.Updated+p.DOI+p.JournalRef+p.Comment)
	r := gtrag(t, env, "papers", "export")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 3, strings.Count(r.stdout, `"published":"2023-01-02T00:00:00Z"`), r.stdout)
	var info vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &info)
	require.Equal(t, vectordb.FormatVersion, info.FormatVersion)
}

// A directory where store.vec or store.f16 goes is bad usage for every
// command that opens the store, said in ingest's words (exit 2). ask,
// search, stats and papers failed (exit 1) with "open the knowledge base:
// store file … is a directory".
func TestMetaStoreFileDirectoryIsUsage(t *testing.T) {
	for _, name := range []string{vectordb.VectorFileName, vectordb.CompactFileName} {
		env := testEnv(t)
		if env["GTRAG_STORE"] != "" {
			t.Skip("an embedded store's file")
		}
		path := filepath.Join(env["GTRAG_DATA_DIR"], name)
		require.NoError(t, os.MkdirAll(path, 0o755))
		for _, args := range [][]string{
			{"ask", "What is a Nash equilibrium?"}, {"search", "nash"}, {"stats"},
			{"papers", "list"}, {"papers", "show", "2301.01234"}, {"papers", "export"},
		} {
			r := gtrag(t, env, args...)
			require.Equal(t, 2, r.code, "%v: %s", args, r.stderr)
			require.Contains(t, r.stderr, path+" is a directory, not a file; move it away\n", args)
			require.NotContains(t, r.stderr, "open the knowledge base", args)
		}
		entries, err := os.ReadDir(env["GTRAG_DATA_DIR"])
		require.NoError(t, err)
		require.Len(t, entries, 1, "nothing was made beside it")
	}
}

// The metadata tests on a Weaviate store, whose chunks keep their
// metadata as JSON text (skipped without the server binary, as
// TestEndToEndOnWeaviate is).
func TestMetaOnWeaviate(t *testing.T) {
	weaviateNode = weaviatetest.Shared(t)
	defer func() { weaviateNode = nil }()
	t.Run("every arXiv field", TestMetaPapersKeepEveryArxivField)
	t.Run("arXiv papers", TestMetaArxivPapersKeepTheirMetadata)
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// papersFile writes two papers as JSON Lines: one whose abstract makes
// several overlapping chunks, and an old-style id with characters BibTeX
// must escape.
func papersFile(t *testing.T) (string, []arxiv.Paper) {
	t.Helper()
	var long []string
	for i := range 40 {
		long = append(long, fmt.Sprintf("Sentence %d on repeated games, folk theorems and discounting.", i))
	}
	papers := []arxiv.Paper{
		{ID: "2301.01234v2", Title: "Folk theorems & {discounting}", Summary: strings.Join(long, " "),
			Authors: []string{"Ann Smith", "Bo Li"}, Categories: []string{"cs.GT", "econ.TH"}},
		{ID: "cs/0112004v1", Title: "Auctions_with 100% bidders", Summary: "Second-price auctions make truthful bidding dominant.",
			Authors: []string{"C D"}, Categories: []string{"cs.GT"}},
	}
	path := filepath.Join(t.TempDir(), "in.jsonl")
	var b strings.Builder
	for _, p := range papers {
		line, err := json.Marshal(p)
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path, papers
}

type papersList struct {
	Papers []struct {
		ID      string   `json:"id"`
		Title   string   `json:"title"`
		Authors []string `json:"authors"`
		Chunks  int      `json:"chunks"`
	} `json:"papers"`
}

func TestPapersListShowRm(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	if env["GTRAG_STORE"] == "" {
		r := gtrag(t, env, "papers", "list")
		require.Equal(t, 2, r.code, r.stderr)
		require.Contains(t, r.stderr, "no knowledge base in")
		require.NoDirExists(t, env["GTRAG_DATA_DIR"], "a read-only command created the store")
	}
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	var list papersList
	decodeJSON(t, gtrag(t, env, "papers", "list", "--json"), &list)
	require.Len(t, list.Papers, 2)
	require.Equal(t, "2301.01234v2", list.Papers[0].ID)
	require.Greater(t, list.Papers[0].Chunks, 1, "the long abstract should make several chunks")
	require.Equal(t, []string{"Ann Smith", "Bo Li"}, list.Papers[0].Authors)
	require.Equal(t, 1, list.Papers[1].Chunks)

	r := gtrag(t, env, "papers", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "cs/0112004v1")
	require.Contains(t, r.stdout, "Folk theorems")

	r = gtrag(t, env, "papers", "show", "cs/0112004") // the bare id finds the version
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "truthful bidding dominant")

	// One unknown id: nothing is removed.
	r = gtrag(t, env, "papers", "rm", "2301.01234", "9912.99999")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "9912.99999")
	require.ElementsMatch(t, []string{"2301.01234v2", "cs/0112004v1"}, storedPapers(t, env))

	r = gtrag(t, env, "papers", "rm", "2301.01234", "2301.01234v2") // one paper, named twice
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stdout, "removed 2301.01234v2"), r.stdout)
	// A new process (a reopen of the store) no longer sees it, nor its chunks.
	require.Equal(t, []string{"cs/0112004v1"}, storedPapers(t, env))
	var after papersList
	decodeJSON(t, gtrag(t, env, "papers", "list", "--json"), &after)
	require.Len(t, after.Papers, 1)
	r = gtrag(t, env, "search", "--json", "folk theorems discounting")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "2301.01234")
}

func TestPapersExportRoundTrip(t *testing.T) {
	env := testEnv(t)
	in, papers := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	r := gtrag(t, env, "papers", "export")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "primer entries not exported")
	got, err := arxiv.ReadPapers(strings.NewReader(r.stdout))
	require.NoError(t, err)
	require.Len(t, got, len(papers))
	for i, p := range papers {
		require.Equal(t, p.ID, got[i].ID)
		require.Equal(t, p.Title, got[i].Title)
		require.Equal(t, p.Summary, got[i].Summary, "the abstract put back together from its chunks")
		require.Equal(t, p.Authors, got[i].Authors)
		require.Equal(t, p.Categories, got[i].Categories)
	}

	// The export is ingested into a fresh store, and exports the same.
	exported := filepath.Join(t.TempDir(), "out.jsonl")
	require.NoError(t, os.WriteFile(exported, []byte(r.stdout), 0o644))
	env2 := testEnv(t)
	require.Equal(t, 2, ingestJSON(t, env2, "--file", exported, "--no-filter").KeptN)
	r2 := gtrag(t, env2, "papers", "export")
	require.Equal(t, 0, r2.code, r2.stderr)
	require.Equal(t, r.stdout, r2.stdout)

	r = gtrag(t, env, "papers", "export", "--format", "bibtex")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "@misc{cs_0112004v1,")
	require.Contains(t, r.stdout, `title = {{Auctions\_with 100\% bidders}}`)
	require.Contains(t, r.stdout, "author = {Ann Smith and Bo Li}")
	require.Contains(t, r.stdout, "eprint = {2301.01234}")
	require.Equal(t, len(papers), strings.Count(r.stdout, "@misc{"), "the primer entries are no papers to cite")
	require.Contains(t, r.stderr, "primer entries not exported")

	r = gtrag(t, env, "papers", "export", "--format", "csv")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "want jsonl or bibtex")
}

// The streamed `papers list --json` is byte for byte what writeJSON makes of
// the whole list, for none, one and several papers, with characters JSON
// and HTML escaping treat differently.
func TestWritePapersJSONIsWriteJSON(t *testing.T) {
	all := []service.Paper{
		{ID: "2301.01234v2", Title: `Folk <theorems> & "discounting"`, Authors: []string{"Ann Smith", "Bo Li"}, Published: "2023-01-04",
			Categories: []string{"cs.GT"}, AbsURL: "https://arxiv.org/abs/2301.01234v2", Chunks: 3,
			AddedAt: time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC), AddedBy: `ask: "Why — tit-for-tat?"`, Summary: "dropped"},
		{ID: "cs/0112004v1", Title: "Auctions\twith\nbidders", Chunks: 1},
		{ID: "primer:nash-equilibrium", Title: "Nash equilibrium", Chunks: 2, AddedBy: "primer"},
	}
	for n := range len(all) + 1 {
		papers := slices.Clone(all[:n])
		var streamed strings.Builder
		err := writePapersJSON(&streamed, func(fn func(service.Paper) error) error {
			for _, p := range papers {
				if err := fn(p); err != nil {
					return err
				}
			}
			return nil
		})
		require.NoError(t, err)
		for i := range papers {
			papers[i].Summary = ""
		}
		var whole strings.Builder
		require.NoError(t, writeJSON(&whole, struct {
			Papers []service.Paper `json:"papers"`
		}{nonNil(papers)}))
		require.Equal(t, whole.String(), streamed.String(), "%d papers", n)
	}
}

// An empty knowledge base lists as such, in both forms.
func TestPapersListEmpty(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	r := gtrag(t, env, "papers", "rm", "2301.01234", "cs/0112004")
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "papers", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "no papers in the knowledge base\n", r.stdout)
	r = gtrag(t, env, "papers", "list", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	require.JSONEq(t, `{"papers": []}`, r.stdout)
}

// The table's columns line up over every row, whichever paper has the
// longest id or label, though the rows are printed as they are read.
func TestWritePapersTableAligns(t *testing.T) {
	papers := []service.Paper{
		{ID: "2301.01234v2", Title: "Folk theorems", Published: "2023-01-04", Chunks: 3, AddedBy: `ask: "Pourquoi le dilemme — è?"`,
			AddedAt: time.Date(2026, 11, 23, 19, 0, 0, 0, time.UTC)},
		{ID: "primer:backward-induction-subgame-perfection", Title: "Backward induction", Chunks: 2, AddedBy: "primer"},
		{ID: "cs/0112004v1", Title: "Auctions", Chunks: 12},
	}
	var b strings.Builder
	calls := 0
	require.NoError(t, writePapersTable(&b, func(fn func(service.Paper) error) error {
		calls++
		for _, p := range papers {
			if err := fn(p); err != nil {
				return err
			}
		}
		return nil
	}))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 1+len(papers))
	col := func(line, s string) int { return utf8.RuneCountInString(line[:strings.Index(line, s)]) }
	title, chunksEnd := col(lines[0], "TITLE"), col(lines[0], "CHUNKS")+len("CHUNKS")
	for i, p := range papers {
		line := lines[i+1]
		require.Equal(t, title, col(line, p.Title), line)
		require.Equal(t, chunksEnd, col(line, fmt.Sprintf("%d ", p.Chunks))+len(fmt.Sprint(p.Chunks)), line)
		require.True(t, strings.HasPrefix(line, p.ID+" "), line)
	}
	require.Contains(t, lines[3], "unknown")
	require.Equal(t, 2, calls, "one pass for the widths, one to print")
}

// An export passes on whole papers only: what was written after the last
// boundary never reaches the output, as when Ctrl-C stops it.
func TestWholeWriterPassesWholePapers(t *testing.T) {
	var got strings.Builder
	w := &wholeWriter{w: &got}
	paper := func(i int) string { return fmt.Sprintf("%d %s\n", i, strings.Repeat("x", 30<<10)) }
	var want strings.Builder
	for i := range 5 {
		_, err := io.WriteString(w, paper(i))
		require.NoError(t, err)
		want.WriteString(paper(i))
		require.NoError(t, w.boundary(false))
		require.True(t, strings.HasPrefix(want.String(), got.String()))
		require.True(t, got.Len() == 0 || strings.HasSuffix(got.String(), "\n"), "a paper cut in two")
	}
	require.Less(t, got.Len(), want.Len(), "no batching: every paper written at once")
	require.Positive(t, got.Len(), "nothing passed on before the end")
	_, err := io.WriteString(w, "half a pap")
	require.NoError(t, err)
	require.NotContains(t, got.String(), "half")
	require.NoError(t, w.boundary(true))
	require.Equal(t, want.String()+"half a pap", got.String())
}

// papers show and papers rm take every id form the MCP server takes
// (service.PaperID): arXiv:ID, an abs or pdf URL, a gtrag://paper/ URI.
// They were "not in the knowledge base". A paper named twice in two forms
// is removed once.
func TestPapersTakeEveryIDForm(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "primer"
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	for _, c := range []struct{ id, want string }{
		{"arXiv:2301.01234", "2301.01234v2"},
		{"https://arxiv.org/abs/2301.01234v2", "2301.01234v2"},
		{"https://arxiv.org/pdf/cs/0112004v1", "cs/0112004v1"},
		{"gtrag://paper/cs/0112004v1", "cs/0112004v1"},
		{"gtrag://paper/cs%2F0112004", "cs/0112004v1"},
		{"gtrag://paper/primer:core", "primer:core"},
		{"primer:core", "primer:core"},
	} {
		r := gtrag(t, env, "papers", "show", "--json", c.id)
		require.Equal(t, 0, r.code, "papers show %s: %s", c.id, r.stderr)
		var p service.Paper
		decodeJSON(t, r, &p)
		require.Equal(t, c.want, p.ID, "papers show %s", c.id)
	}

	r := gtrag(t, env, "papers", "show", "arXiv:9912.99999")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "not in the knowledge base: arXiv:9912.99999", "the id as it was given")

	r = gtrag(t, env, "papers", "rm", "2301.01234", "arXiv:2301.01234", "gtrag://paper/cs/0112004v1")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stdout, "removed 2301.01234v2"), r.stdout)
	require.Equal(t, 1, strings.Count(r.stdout, "removed cs/0112004v1"), r.stdout)
	stored := storedPapers(t, env)
	require.NotContains(t, stored, "2301.01234v2")
	require.NotContains(t, stored, "cs/0112004v1")
	require.Contains(t, stored, "primer:core")
}

// A name with a comma is braced in BibTeX, which reads "Last, First" at a
// comma: "Patrick O'Brien, Jr." was a Patrick O'Brien named Jr.
func TestBibAuthorsBraceANameWithAComma(t *testing.T) {
	require.Equal(t, `Zoë Ångström and {Patrick O'Brien, Jr.} and A\_B`, bibAuthors([]string{"Zoë Ångström", "Patrick O'Brien, Jr.", "A_B"}))
}

// The entry that stands for names cut from a long author list is BibTeX's
// "others": "… and N98 and et al. (21 more)" made it an author (found by
// an exploratory review). A name that only starts so, in a short list, is
// a name.
func TestBibAuthorsWriteTheCutAsOthers(t *testing.T) {
	names := make([]string, 0, 100)
	for i := range 99 {
		names = append(names, fmt.Sprintf("N%d", i))
	}
	got := bibAuthors(append(names, "et al. (21 more)"))
	require.True(t, strings.HasSuffix(got, " and N98 and others"), got)
	require.Equal(t, "A and et al. (2 more)", bibAuthors([]string{"A", "et al. (2 more)"}))
}

// BibTeX finds a field's end by counting braces, backslash or not: a title
// with one "{" escaped as \{ left the entry open. Every escape keeps the
// braces of a field balanced, whatever the text held.
func TestBibEscapeKeepsBracesBalanced(t *testing.T) {
	for _, s := range []string{"Sets {x : x > 0", "a } b", "}{", `\{`, "{ok}", "100% & $5 #1 a_b"} {
		got := bibEscape(s)
		depth := 0
		for _, r := range got {
			switch r {
			case '{':
				depth++
			case '}':
				depth--
			}
			require.GreaterOrEqual(t, depth, 0, "%q escaped as %q closes a brace it never opened", s, got)
		}
		require.Zero(t, depth, "%q escaped as %q", s, got)
	}
	require.Equal(t, `Sets \textbraceleft{}x : x > 0`, bibEscape("Sets {x : x > 0"))
}

// cancelOnWrite is standard output that stops the command (as Ctrl-C
// does) when the first bytes reach it.
type cancelOnWrite struct {
	buf    bytes.Buffer // not embedded: its WriteString would bypass Write
	cancel context.CancelCauseFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel(signalCause{os.Interrupt})
	return w.buf.Write(p)
}

// An export stopped by Ctrl-C writes out the whole papers it had read and
// says how many: it dropped up to 64 KB of them, and said only "list the
// papers: stopped by Ctrl-C", as if listing had failed.
func TestPapersExportStoppedKeepsWhatItRead(t *testing.T) {
	env := testEnv(t)
	in := filepath.Join(t.TempDir(), "many.jsonl")
	var b strings.Builder
	for i := range 600 {
		line, err := json.Marshal(arxiv.Paper{ID: fmt.Sprintf("2301.%05dv1", i), Title: fmt.Sprintf("Paper %d on auctions", i),
			Summary: strings.Repeat(fmt.Sprintf("Bidders in auction %d shade their bids below their values. ", i), 8),
			Authors: []string{"A B"}, Categories: []string{"cs.GT"}})
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	require.NoError(t, os.WriteFile(in, []byte(b.String()), 0o644))
	require.Equal(t, 600, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)

	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	out := &cancelOnWrite{cancel: cancel}
	var errOut bytes.Buffer
	code := MainIO(ctx, []string{"papers", "export"}, strings.NewReader(""), out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, 128+int(syscall.SIGINT), code, "%s; %d bytes out", errOut.String(), out.buf.Len())
	m := regexp.MustCompile(`export stopped after (\d+) papers \(the output ends with the last whole one\): stopped by Ctrl-C`).FindStringSubmatch(errOut.String())
	require.NotNil(t, m, errOut.String())
	n, _ := strconv.Atoi(m[1])
	require.Less(t, n, 600, "it stopped")
	lines := strings.Split(strings.TrimSuffix(out.buf.String(), "\n"), "\n")
	require.Len(t, lines, n, "every paper it says it exported is on standard output, and no other")
	for _, l := range lines {
		var p arxiv.Paper
		require.NoError(t, json.Unmarshal([]byte(l), &p), "a whole paper per line")
	}
}

// An id no paper can have ("2413.01234": month 13) is a typo: show and rm
// say what is wrong with it in one line, exit 2, and remove nothing. They
// said "not in the knowledge base", as if an ingest could add it.
func TestPapersImpossibleIDSaysWhy(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"papers", "rm", "2413.01234"}, `gtrag: arXiv id "2413.01234": month 13 does not exist` + "\n"},
		{[]string{"papers", "rm", "2301.01234", "arXiv:2400.01234v2"}, `gtrag: arXiv id "arXiv:2400.01234v2": month 00 does not exist` + "\n"},
		{[]string{"papers", "rm", "--json", "hep-th/0812001"}, `gtrag: arXiv id "hep-th/0812001": old-style ids (archive/YYMMNNN) are from the years 91 to 07, not 08` + "\n"},
		{[]string{"papers", "show", "gtrag://paper/2413.01234"}, `gtrag: arXiv id "2413.01234": month 13 does not exist` + "\n"},
	} {
		r := gtrag(t, env, tc.args...)
		require.Equal(t, exitUsage, r.code, "%v: %s", tc.args, r.stderr)
		require.Empty(t, r.stdout, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
	}
	require.ElementsMatch(t, []string{"2301.01234v2", "cs/0112004v1"}, storedPapers(t, env), "nothing removed")
	// A possible id that is not stored is still said to be so.
	r := gtrag(t, env, "papers", "rm", "2412.01234")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "not in the knowledge base: 2412.01234")
}

// A paper a file stored under an impossible id, before ParseID checked
// dates, is still shown and removed, in any form of its id.
func TestPapersRmAPaperStoredUnderAnImpossibleID(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	ctx := context.Background()
	db, err := vectordb.Open(ctx, env["GTRAG_DATA_DIR"], vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	_, err = db.Add(ctx, vectordb.Documents(chunker.Split(arxiv.Paper{ID: "2413.01234v1", Title: "Typo", Summary: "Stored before dates were checked."}, chunker.Options{})))
	require.NoError(t, err)
	require.NoError(t, db.Close())

	r := gtrag(t, env, "papers", "show", "2413.01234")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Typo")
	r = gtrag(t, env, "papers", "rm", "arXiv:2413.01234")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "removed 2413.01234v1")
	require.ElementsMatch(t, []string{"2301.01234v2", "cs/0112004v1"}, storedPapers(t, env))
}

// The `gtrag papers list` that show and rm point to for an id they do not
// find lists the knowledge base they were given: after `gtrag --data-dir
// DIR papers show ID` it named the default one's list.
func TestPapersNotFoundPointsToTheListOfTheStoreGiven(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	dir := filepath.Join(t.TempDir(), "my kb")
	in, _ := papersFile(t)
	r := gtrag(t, env, "--data-dir", dir, "ingest", "--no-filter", "--file", in)
	require.Zero(t, r.code, r.stderr)
	see := "(see `gtrag --data-dir '" + dir + "' papers list`)"
	for _, args := range [][]string{{"papers", "show", "9912.99999"}, {"papers", "rm", "9912.99999"}, {"papers", "rm", "", "9912.99999"}} {
		r := gtrag(t, env, append([]string{"--data-dir", dir}, args...)...)
		require.Equal(t, exitUsage, r.code, args)
		require.True(t, strings.HasSuffix(r.stderr, see+"\n"), "%v: %s", args, r.stderr)
	}
	// Chosen by the environment, the list needs no flag.
	envDir := maps.Clone(env)
	envDir["GTRAG_DATA_DIR"] = dir
	r = gtrag(t, envDir, "papers", "show", "9912.99999")
	require.Equal(t, "gtrag: not in the knowledge base: 9912.99999 (see `gtrag papers list`)\n", r.stderr)
}

// papers rm --json stopped by Ctrl-C part way prints the papers it
// removed, with the error: stdout was empty, and a script could not tell
// which papers were gone for good (the text lists them as it goes).
func TestPapersRmJSONStoppedSaysWhatItRemoved(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("watches the embedded store's file")
	}
	env["GTRAG_SEED"] = "none"
	const n = 300
	in := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Papers(0, n)...)
	ids := ingestJSON(t, env, "--file", in, "--no-filter").Kept
	require.Len(t, ids, n)
	db := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	fi, err := os.Stat(db)
	require.NoError(t, err)

	// Ctrl-C once the first paper's commit has reached the store's file.
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		for ctx.Err() == nil {
			if now, err := os.Stat(db); err == nil && !now.ModTime().Equal(fi.ModTime()) {
				cancel(signalCause{os.Interrupt})
				return
			}
			time.Sleep(200 * time.Microsecond)
		}
	}()
	var out, errOut bytes.Buffer
	code := MainIO(ctx, append([]string{"papers", "rm", "--json"}, ids...), strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, 128+int(syscall.SIGINT), code, errOut.String())

	var rm struct {
		Removed []removedPaper `json:"removed"`
		Error   string         `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rm), "stdout: %q; stderr: %s", out.String(), errOut.String())
	require.NotEmpty(t, rm.Removed)
	require.Less(t, len(rm.Removed), n, "it stopped")
	require.Contains(t, rm.Error, "stopped by Ctrl-C")
	require.Equal(t, "gtrag: "+rm.Error+"\n", errOut.String())

	var list struct {
		Papers []service.Paper `json:"papers"`
	}
	decodeJSON(t, gtrag(t, env, "papers", "list", "--json"), &list)
	require.Len(t, list.Papers, n-len(rm.Removed), "the object names every paper removed")
	for _, p := range rm.Removed {
		require.False(t, slices.ContainsFunc(list.Papers, func(q service.Paper) bool { return q.ID == p.ID }), "%s removed and still listed", p.ID)
	}
}

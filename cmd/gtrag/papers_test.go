package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
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
	r = gtrag(t, env, "papers", "rm", "2301.01234", "9999.99999")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "9999.99999")
	require.ElementsMatch(t, []string{"2301.01234v2", "cs/0112004v1"}, storedPapers(t, env))

	r = gtrag(t, env, "papers", "rm", "2301.01234")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "removed 2301.01234v2")
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

	r = gtrag(t, env, "papers", "export", "--format", "csv")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "want jsonl or bibtex")
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/storetest"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

type provenanceList struct {
	Papers []struct {
		ID      string    `json:"id"`
		AddedAt time.Time `json:"added_at"`
		AddedBy *string   `json:"added_by"`
	} `json:"papers"`
}

func listProvenance(t *testing.T, env map[string]string) map[string]string {
	t.Helper()
	var list provenanceList
	decodeJSON(t, gtrag(t, env, "papers", "list", "--json"), &list)
	out := map[string]string{}
	for _, p := range list.Papers {
		switch {
		case p.AddedBy == nil:
			require.True(t, p.AddedAt.IsZero(), "%s: a time without a source", p.ID)
			out[p.ID] = "unknown"
		default:
			require.WithinDuration(t, time.Now(), p.AddedAt, 5*time.Minute, p.ID)
			out[p.ID] = *p.AddedBy
		}
	}
	return out
}

// TestPapersProvenance: papers added by the primer, by a question and by
// an ingest list what added them, in new processes (the store reopened);
// ingesting a paper a question already added keeps the question.
func TestPapersProvenance(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the Weaviate store does not record provenance (README)")
	}
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none" // the primer would answer the question without arXiv

	question := "How much do bidders shade their bids in sealed-bid auctions?"
	r := gtrag(t, env, "ask", "--json", "--max-results", "3", question)
	require.Equal(t, 0, r.code, r.stderr)

	other := arxiv.Paper{ID: "2302.00001v1", Title: "Bargaining with outside options",
		Summary: "Rubinstein bargaining when each player may leave for an outside option.", Categories: []string{"cs.GT"}}
	file := filepath.Join(t.TempDir(), "papers.jsonl")
	var b strings.Builder
	for _, p := range []arxiv.Paper{other, auctionPaper} {
		line, err := json.Marshal(p)
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	require.NoError(t, os.WriteFile(file, []byte(b.String()), 0o644))
	var asked struct {
		PapersAdded int `json:"papers_added"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &asked))
	require.Equal(t, 2, asked.PapersAdded)
	r = gtrag(t, env, "ingest", "--file", file, "--no-filter")
	require.Equal(t, 0, r.code, r.stderr)

	r = gtrag(t, env, "ingest", "--ids", videoGamePaper.ID, "--no-filter")
	require.Equal(t, 0, r.code, r.stderr)

	got := listProvenance(t, env)
	byAsk := `ask: "` + question + `"`
	require.Equal(t, map[string]string{
		auctionPaper.ID:    byAsk, // ingested again unchanged: the first provenance stays
		oldStyleAuction.ID: byAsk,
		other.ID:           "ingest --file " + file,
		videoGamePaper.ID:  "ingest --ids " + videoGamePaper.ID,
	}, got)

	// A new store gets the primer, as what added it, before the ingest.
	env2 := testEnv(t)
	r = gtrag(t, env2, "ingest", "--file", file, "--no-filter")
	require.Equal(t, 0, r.code, r.stderr)
	got2 := listProvenance(t, env2)
	primer := 0
	for id, by := range got2 {
		if strings.HasPrefix(id, "primer:") {
			require.Equal(t, "primer", by, id)
			primer++
		}
	}
	require.Positive(t, primer, "the new store was seeded with the primer")
	require.Equal(t, "ingest --file "+file, got2[other.ID])
	require.Equal(t, "ingest --file "+file, got2[auctionPaper.ID])
	require.Len(t, got2, primer+2)

	r = gtrag(t, env, "papers", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "ADDED BY")
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(line, auctionPaper.ID) {
			require.Contains(t, line, `ask: "How much do bidders`)
		}
	}
	r = gtrag(t, env, "papers", "show", other.ID)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "added by:   ingest --file "+file)
}

// TestPapersProvenanceOldStore: a store written before provenance was
// recorded (vectordb's format-1 fixture) lists its papers as of unknown
// provenance.
func TestPapersProvenanceOldStore(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the fixture is an embedded store")
	}
	dir := env["GTRAG_DATA_DIR"]
	storetest.WriteFormat1(t, filepath.Join(dir, vectordb.StoreFileName))

	got := listProvenance(t, env)
	require.Equal(t, map[string]string{"2301.00001v1": "unknown", "2301.00002v2": "unknown", "cs/0112004v1": "unknown"}, got)
	r := gtrag(t, env, "papers", "list")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 3, strings.Count(r.stdout, "unknown"), r.stdout)
}

// TestIngestProvenanceLabel: each source flag names itself, a long id list
// cut after three ids.
func TestIngestProvenanceLabel(t *testing.T) {
	for _, c := range []struct {
		o    ingestOptions
		want string
	}{
		{ingestOptions{query: "cat:cs.GT"}, "ingest --query cat:cs.GT"},
		{ingestOptions{idList: []string{"2301.01234", "cs/0112004"}}, "ingest --ids 2301.01234,cs/0112004"},
		{ingestOptions{idList: []string{"1", "2", "3", "4", "5"}}, "ingest --ids 1,2,3,… (5 ids)"},
		{ingestOptions{file: "papers.jsonl"}, "ingest --file papers.jsonl"},
	} {
		require.Equal(t, c.want, c.o.provenance())
	}
}

// TestStoreCopyKeepsProvenance: a directory copied to another lists what
// added each paper to the source, said to have come by the copy.
func TestStoreCopyKeepsProvenance(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the Weaviate store does not record provenance (README)")
	}
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	src := env["GTRAG_DATA_DIR"]
	dst := filepath.Join(t.TempDir(), "copy")
	r := gtrag(t, env, "store", "copy", "--from", src, "--to", dst)
	require.Equal(t, 0, r.code, r.stderr)

	before := listProvenance(t, env)
	env["GTRAG_DATA_DIR"] = dst
	after := listProvenance(t, env)
	require.Len(t, after, len(before))
	for id, by := range before {
		require.Equal(t, by+" (store copy from "+src+")", after[id], id)
	}
	require.Contains(t, after, "primer:nash-equilibrium", "the primer came too")
}

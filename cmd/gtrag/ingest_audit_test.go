package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// arrayFile writes papers as a JSON array, one item a line, with text
// changing it (cutting it short) first.
func arrayFile(t *testing.T, items []string, text func(string) string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "papers.json")
	require.NoError(t, os.WriteFile(path, []byte(text("["+strings.Join(items, ",\n")+"]")), 0o644))
	return path
}

// A JSON array --file cut short (a download that stopped) keeps its
// complete items and says that the file ends early, as a JSON Lines file
// keeps its complete lines. Cut between two items, it reported "fetched 4"
// of 10 with no note (the decoder's io.EOF, wrapped, read as the array's
// end); cut inside item 6, it stored none of the 5 before it, made a store
// all the same, and said to run again, which failed the same way. A cut
// that leaves no complete paper is bad input: exit 2, nothing written.
func TestIngestFileJSONArrayCutShort(t *testing.T) {
	papers := arxivtest.Papers(0, 10)
	var items []string
	for _, p := range papers {
		b, err := json.Marshal(p)
		require.NoError(t, err)
		items = append(items, string(b))
	}
	ids := ingestIDs(papers)
	// upTo is the text of the array up to the end of item n (from 1).
	upTo := func(n int) string { return "[" + strings.Join(items[:n], ",\n") }

	for _, tc := range []struct {
		name    string
		text    string
		kept    int
		invalid []string
		note    string
	}{
		{"between items, after a comma", upTo(4) + ",\n", 4, nil,
			"note: the file ends early: the JSON array has no closing ']' after its 4 complete items"},
		{"between items", upTo(4) + "\n", 4, nil,
			"note: the file ends early: the JSON array has no closing ']' after its 4 complete items"},
		{"inside item 6", upTo(5) + ",\n" + items[5][:len(items[5])/2], 5, []string{"item 6"},
			"note: skipped item 6 (" + ids[5] + "): cut short: the file ends inside it, after 5 complete items"},
	} {
		env := ingestEnv(t, nil)
		file := arrayFile(t, items, func(string) string { return tc.text })
		out := filepath.Join(t.TempDir(), "ids.jsonl")
		r := gtrag(t, env, "ingest", "--json", "--ids-out", out, "--no-filter", "--file", file)
		require.Equal(t, 0, r.code, "%s: %s", tc.name, r.stderr)
		require.Contains(t, r.stderr, tc.note, tc.name)
		rep := readIngestReport(t, r, out)
		require.Equal(t, ids[:tc.kept], rep.Kept, tc.name)
		if tc.invalid == nil {
			tc.invalid = []string{}
		}
		require.Equal(t, tc.invalid, rep.SkippedInvalid, tc.name)
		require.True(t, rep.Complete, "%s: the file was read to its end", tc.name)
		require.ElementsMatch(t, ids[:tc.kept], ingestStoredPapers(t, env), tc.name)
	}

	// Nothing complete: bad input, nothing written.
	for _, text := range []string{"[" + items[0][:len(items[0])/2], "[\n"} {
		env := ingestEnv(t, nil)
		file := arrayFile(t, items, func(string) string { return text })
		r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
		require.Equal(t, exitUsage, r.code, r.stderr)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
		_, err := os.Stat(env["GTRAG_DATA_DIR"])
		require.True(t, os.IsNotExist(err), "no data directory made: %s", text)
	}

	// JSON broken past item 5 stops there every time: the papers before
	// it are stored, and the advice is to mend the file, not to run the
	// same command again as it is.
	env := ingestEnv(t, nil)
	file := arrayFile(t, items, func(string) string { return upTo(5) + ",\n{\"id\": x},\n" + strings.Join(items[6:], ",\n") + "]" })
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stderr, "item 6: unexpected 'x' where a value")
	require.Contains(t, r.stderr, "reading the file again stops at the same place: mend the file there")
	require.NotContains(t, r.stderr, "; run the same command again")
	require.Contains(t, r.stdout, "  kept      5 (written to the store)")
	require.ElementsMatch(t, ids[:5], ingestStoredPapers(t, env))
}

// A query arXiv refuses is bad usage, one line on stderr, also with no LLM
// configured: the note that the filter is the offline one came first, on a
// line of its own, for a filter that never ran. It still comes in a run
// that filters papers.
func TestIngestRefusedQueryWithNoLLMIsOneLine(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 10))
	env := ingestEnv(t, srv)
	delete(env, "GTRAG_LLM")
	r := gtrag(t, env, "ingest", "--query", "cat:cs.GT AND (")
	storeRequireOneLine(t, r, exitUsage, `gtrag: --query "cat:cs.GT AND (": arXiv refused it`)

	r = gtrag(t, env, "ingest", "--query", "cat:cs.GT", "--max", "5")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "note: offline: ")
	require.Contains(t, r.stderr, "; papers are filtered offline")
}

// An ingest that ended before it opened the store (arXiv unreachable
// before its first answer) gives store_count as null in --json, as the
// text summary says "the store was not opened": it said "store_count": 0
// of a store that holds chunks. The key stays, as the contract lists it.
func TestIngestJSONStoreCountOfAStoreNotOpenedIsNull(t *testing.T) {
	env := ingestEnv(t, nil) // arXiv at a closed port
	env["GTRAG_ARXIV_RETRIES"] = "0"
	file, _ := papersFile(t)
	rep := ingestJSON(t, env, "--no-filter", "--file", file)
	require.Positive(t, rep.StoreCount)

	r := gtrag(t, env, "ingest", "--json", "--query", "ti:nash", "--max", "5")
	require.Equal(t, exitFailure, r.code, r.stderr)
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Contains(t, out, "store_count", "the contract's key stays")
	require.Nil(t, out["store_count"], "the store was not opened: its count is unknown, not 0")
	require.Contains(t, out, "error")
	require.Contains(t, out, "chunks_added", "the other keys stay")

	r = gtrag(t, env, "ingest", "--query", "ti:nash", "--max", "5")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stdout, "the store was not opened")
}

// An ingest whose store could not be counted at the end (a Weaviate that
// stopped answering) states no count: the summary said "the store holds
// 0", the last count of a server never counted, and --json "store_count":
// 0. Text says why; --json gives null, as for a store never opened, and
// keeps its count when it has one.
func TestIngestStoreNotCountedStatesNoCount(t *testing.T) {
	down := errors.New("count chunks: connection refused")
	o := &ingestOptions{query: "cat:cs.GT", max: 5, filter: true}
	rep := ingest.Report{Fetched: 5, Kept: 5, ChunksAdded: 10, StoreCountErr: down}

	var w bytes.Buffer
	printIngestSummary(&w, o, "query cat:cs.GT", rep, nil, true)
	require.NotContains(t, w.String(), "the store holds")
	require.Contains(t, w.String(), "  chunks    10 added; the store could not be counted: count chunks: connection refused\n")

	w.Reset()
	upToDate := ingest.Report{UpToDate: true, Complete: true, Total: 5, Next: 5, StoreCountErr: down}
	printIngestSummary(&w, o, "query cat:cs.GT", upToDate, nil, true)
	require.NotContains(t, w.String(), "The store holds")
	require.Contains(t, w.String(), "The store could not be counted: count chunks: connection refused\n")

	b, err := json.Marshal(ingestObject(rep, ingest.IDs{}, nil, nil, true))
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(b, &out))
	require.Contains(t, out, "store_count", "the contract's key stays")
	require.Nil(t, out["store_count"], "not counted: unknown, not 0")
	require.Contains(t, out, "chunks_added", "the other keys stay")

	rep.StoreCountErr, rep.StoreCount = nil, 42
	b, err = json.Marshal(ingestObject(rep, ingest.IDs{}, nil, nil, true))
	require.NoError(t, err)
	require.Contains(t, string(b), `"store_count":42`, "a count known is said as before")
}

// ingest --ids with arXiv unreachable made a primer-seeded store in the
// data directory; the same failure with --query said "the store was not
// opened" and made nothing. An id run now opens a store that is not there
// only once arXiv has answered, as a query run does.
func TestIngestIDsArXivUnreachableMakesNoStore(t *testing.T) {
	env := ingestEnv(t, nil) // arXiv at a closed port
	env["GTRAG_ARXIV_RETRIES"] = "0"
	delete(env, "GTRAG_SEED") // a new store would be seeded with the primer
	r := gtrag(t, env, "ingest", "--ids", "2301.01234,cs/0112004v1")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stdout, "the store was not opened")
	r = gtrag(t, env, "ingest", "--json", "--ids", "2301.01234")
	require.Equal(t, exitFailure, r.code, r.stderr)
	require.Contains(t, r.stdout, `"store_count": null`)
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "no data directory made")

	// Once arXiv answers, the store is made and the papers stored.
	papers := arxivtest.Papers(0, 2)
	env["GTRAG_ARXIV_URL"] = arxivtest.New(t, papers).URL
	rep := ingestJSON(t, env, "--no-filter", "--ids", strings.Join(ingestIDs(papers), ","))
	require.Equal(t, ingestIDs(papers), rep.Kept)
	require.Greater(t, rep.StoreCount, rep.ChunksAdded, "seeded with the primer, then the papers")
}

// An id list tried before is not "already ingested" when the store does
// not hold its papers: ids arXiv does not know, and papers removed since,
// were called ingested ("All 2 of these ids are already ingested",
// "not_found": []). The run says what became of them, and not_found still
// names the ids arXiv had no paper for.
func TestIngestIDsTriedBeforeAreNotCalledIngested(t *testing.T) {
	papers := arxivtest.Papers(0, 1)
	srv := arxivtest.New(t, papers)
	env := ingestEnv(t, srv)
	unknown := []string{"9912.99999", "2409.99998v3"}

	list := strings.Join(unknown, ",")
	rep := ingestJSON(t, env, "--no-filter", "--ids", list)
	require.Equal(t, unknown, rep.NotFound)
	r := gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "All 2 of these ids were tried before (no filter): the store holds 0 of them, arXiv had no paper for 2; nothing fetched.\n")
	require.Contains(t, r.stdout, "Use --restart to ask arXiv for them again")
	require.NotContains(t, r.stdout, "already ingested")
	r = gtrag(t, env, "ingest", "--json", "--no-filter", "--ids", list)
	var out ingestReport
	decodeJSON(t, r, &out)
	require.True(t, out.UpToDate)
	require.Equal(t, unknown, out.NotFound, "the ids arXiv had no paper for, as recorded")
	require.Empty(t, out.Kept)

	list = strings.Join(append([]string{papers[0].ID}, unknown...), ",")
	rep = ingestJSON(t, env, "--no-filter", "--ids", list)
	require.Equal(t, ingestIDs(papers), rep.Kept)
	r = gtrag(t, env, "papers", "rm", papers[0].ID)
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "All 3 of these ids were tried before (no filter): the store holds 0 of them, arXiv had no paper for 2, 1 was not kept or removed since; nothing fetched.\n")

	r = gtrag(t, env, "ingest", "--no-filter", "--ids", papers[0].ID)
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", unknown[0])
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", unknown[0])
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "This id was tried before (no filter): arXiv had no paper for it; nothing fetched.\n")
}

// A version arXiv had no paper for is not "held" because the store holds
// another version of the paper: "1902.99061,9999.99999,1902.99061v1" run
// again said "the store holds 2 of them, arXiv had no paper for 2" of 3
// ids, and "1902.99061v1,1902.99061v2" run again was "already ingested"
// (found by a user-level review).
func TestIngestIDsTriedBeforeCountEachIDOnce(t *testing.T) {
	paper := arxivtest.Papers(0, 1)[0]
	base := arxiv.BaseID(paper.ID)
	other := base + "v9" // a version arXiv does not have
	srv := arxivtest.New(t, []arxiv.Paper{paper})
	env := ingestEnv(t, srv)

	list := strings.Join([]string{base, "9912.99999", other}, ",")
	rep := ingestJSON(t, env, "--no-filter", "--ids", list)
	require.Equal(t, []string{paper.ID}, rep.Kept)
	require.Equal(t, []string{"9912.99999", other}, rep.NotFound)
	r := gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "All 3 of these ids were tried before (no filter): the store holds 1 of them, arXiv had no paper for 2; nothing fetched.\n")

	list = strings.Join([]string{paper.ID, other}, ",")
	ingestJSON(t, env, "--no-filter", "--ids", list)
	r = gtrag(t, env, "ingest", "--no-filter", "--ids", list)
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "already ingested")
	require.Contains(t, r.stdout, "the store holds 1 of them, arXiv had no paper for 1; nothing fetched.\n")
}

// A Weaviate store that cannot be reached fails the run: with --json, the
// object says so, as a damaged embedded store's does (stdout was empty);
// the error line follows on stderr, exit 1.
func TestIngestJSONWithAnUnreachableWeaviateStore(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 5))
	env := ingestEnv(t, srv)
	env["GTRAG_STORE"] = "weaviate://127.0.0.1:1/Gtrag"
	r := gtrag(t, env, "ingest", "--json", "--no-filter", "--query", "cat:cs.GT", "--max", "5")
	out := decodeFailedIngest(t, r)
	require.Empty(t, out.Kept)
	require.Contains(t, out.Error, "open Weaviate store")
	require.Nil(t, out.StoreCount)
	require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
}

// arXiv refuses a whole id list for one id it reads as malformed
// ("incorrect id format for 1234.12345"): the list's good ids were lost
// with it, exit 1. The refused id is left out, the rest asked again and
// kept; the refused one is among not_found, with a notice. 1234.12345
// itself (month 34) arxiv.ParseID now refuses before asking; 0703.12345,
// a new-style id from before the scheme began, is one it lets through.
func TestIngestIDsAnIDArxivRefusesIsLeftOut(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	srv := arxivtest.New(t, papers)
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if slices.Contains(r.IDs, "0703.12345") {
			return &arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "incorrect id format for 0703.12345")}
		}
		return nil
	})
	env := ingestEnv(t, srv)
	rep := ingestJSON(t, env, "--no-filter", "--ids", strings.Join([]string{papers[0].ID, "0703.12345", papers[1].ID}, ","))
	require.Equal(t, ingestIDs(papers), rep.Kept)
	require.Equal(t, []string{"0703.12345"}, rep.NotFound)
	require.Contains(t, strings.Join(rep.Notices, "\n"), "arXiv refused 1 id as malformed, so asked for the rest without it: 0703.12345")
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// decodeOnly decodes r's stdout as exactly one JSON object into v, after
// checking the command succeeded and said nothing on stderr.
func decodeOnly(t *testing.T, r result, v any) {
	t.Helper()
	require.Zero(t, r.code, r.stderr)
	require.Empty(t, r.stderr, "a script's stderr stays empty")
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(v), r.stdout)
	require.False(t, dec.More(), "one object and nothing after it")
}

// The commands that printed only text (version, graph, trace, papers rm,
// store recover) print one JSON object with --json, as the contract asks
// of every command; --json beside --format is bad usage.
func TestJSONOfTheTextOnlyCommands(t *testing.T) {
	env := testEnv(t)

	var v struct {
		Version, Commit, Committed, Go, Platform string
		Modified                                 bool
	}
	decodeOnly(t, gtrag(t, env, "version", "--json"), &v)
	require.NotEmpty(t, v.Version)
	require.Regexp(t, `^go`, v.Go)
	require.Regexp(t, `^[a-z0-9]+/[a-z0-9]+$`, v.Platform)

	var g graphJSON
	decodeOnly(t, gtrag(t, env, "graph", "--json"), &g)
	require.Len(t, g.Nodes, 6)
	require.Equal(t, "pull_from_chroma", g.Nodes[0].Name)
	require.Len(t, g.Routers, 2)
	require.Contains(t, g.Edges, graphEdge{From: "check_relevance", To: "search_arxiv", Route: "not_relevant"})
	storeRequireOneLine(t, gtrag(t, env, "graph", "--json", "--format", "dot"), exitUsage, "--json prints the graph as data; it takes no --format")

	run := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--trace-out", run, "What is a Nash equilibrium?")
	require.Zero(t, r.code, r.stderr)
	var tr traceJSON
	decodeOnly(t, gtrag(t, env, "trace", "--json", run), &tr)
	require.Equal(t, "What is a Nash equilibrium?", tr.Question)
	require.True(t, tr.Complete)
	require.Zero(t, tr.CutLine)
	require.Equal(t, []string{"pull_from_chroma", "check_relevance", "generate_response", "__end__"}, tr.Path)
	require.NotEmpty(t, tr.Events)
	require.Equal(t, "execution_started", string(tr.Events[0].Type))
	b, err := os.ReadFile(run)
	require.NoError(t, err)
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, b[:len(b)-20], 0o644))
	decodeOnly(t, gtrag(t, env, "trace", "--json", cut), &tr)
	require.False(t, tr.Complete)
	require.Equal(t, len(tr.Events)+1, tr.CutLine, "the cut line is left out and named")
	storeRequireOneLine(t, gtrag(t, env, "trace", "--json", "--format", "html", run), exitUsage, "--json prints the recording as data; it takes no --format")

	var rm struct{ Removed []removedPaper }
	decodeOnly(t, gtrag(t, env, "papers", "rm", "--json", "primer:nash-equilibrium"), &rm)
	require.Len(t, rm.Removed, 1)
	require.Equal(t, "primer:nash-equilibrium", rm.Removed[0].ID)
	require.Equal(t, "Nash equilibrium", rm.Removed[0].Title)
	require.Positive(t, rm.Removed[0].Chunks)
}

// store recover --json says whether the store went back, what it holds
// then, and how many ingests' saved progress was reset.
func TestStoreRecoverJSON(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	env["GTRAG_SEED"] = "none"
	dir := env["GTRAG_DATA_DIR"]
	file := filepath.Join(dir, vectordb.StoreFileName)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "a.jsonl", storeCommitted)).code)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "b.jsonl", arxivtest.Paper(4))).code)
	storetest.FlipMetaBit(t, file, storetest.Newest(t, storetest.Metas(t, file)), storetest.OffFreelist)

	var rep recoverReport
	decodeOnly(t, gtrag(t, env, "store", "recover", "--accept-rollback", "--json"), &rep)
	require.Equal(t, recoverReport{DataDir: dir, RolledBack: true, Chunks: rep.Chunks, Papers: 1}, rep)
	require.Positive(t, rep.Chunks)
	decodeOnly(t, gtrag(t, env, "store", "recover", "--accept-rollback", "--json"), &rep)
	require.False(t, rep.RolledBack, "intact the second time")
	require.Equal(t, 1, rep.Papers)
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// chat's /stats says the store's size in words that agree with the
// numbers: "1 chunk from 1 paper", not "1 chunks from 1 papers".
func TestChatStatsStoreSizeAgreesInNumber(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("a store of one chunk of its own")
	}
	env["GTRAG_SEED"] = "none"
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, []arxiv.Paper{{
		ID: "2301.01234v1", Title: "Sealed-bid auctions", Summary: "Bidders shade their bids.",
		Categories: []string{"cs.GT"}, PrimaryCategory: "cs.GT",
	}}))
	file := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Equal(t, exitOK, r.code, r.stderr)

	r = gtragStdin(t, env, "/stats\n", "chat")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout+r.stderr, "knowledge base: 1 chunk from 1 paper (")
	require.Contains(t, r.stdout+r.stderr, "0 papers added")
}

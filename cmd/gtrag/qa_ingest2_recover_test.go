package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// After `store recover --accept-rollback`, the same ingest command fetches
// the papers the rollback lost: recover resets the saved progress (and
// says so), which otherwise counted the lost page as committed and made
// the rerun say "The first 30 results … are already ingested; nothing
// fetched".
func TestQAIngest2RecoverResetsIngestProgress(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30))
	env := ingestEnv(t, srv)
	delete(env, "GTRAG_STORE") // store recover is the embedded store's
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	args := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10"}
	r := gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)

	// The newest commit, the last page's papers, is damaged and given up.
	m := storetest.Newest(t, storetest.Metas(t, file))
	storetest.FlipMetaBit(t, file, m, storetest.OffFreelist)
	r = gtrag(t, env, "store", "recover", "--accept-rollback")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "saved progress of 1 ingest reset to the first result: run the same `gtrag ingest` command again to fetch the lost papers")
	var info vectordb.Info
	require.NoError(t, json.Unmarshal([]byte(gtrag(t, env, "stats", "--json").stdout), &info))
	require.Equal(t, 20, info.Papers, "the last page was lost")

	before := len(srv.Requests())
	r = gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotContains(t, r.stdout, "already ingested")
	require.Contains(t, r.stdout, "kept      10 (written to the store)")
	require.Contains(t, r.stdout, "skipped   20 (already stored)")
	require.Contains(t, r.stderr, "note: the saved progress of this ingest was reset (the store went back one commit with `gtrag store recover`")
	require.Equal(t, 3, len(srv.Requests())-before)
	require.NoError(t, json.Unmarshal([]byte(gtrag(t, env, "stats", "--json").stdout), &info))
	require.Equal(t, 30, info.Papers, "the lost papers are back")

	// Once run again, the ingest is complete as before.
	r = gtrag(t, env, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "already ingested completely")
}

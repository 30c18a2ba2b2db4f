package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The arXiv pacing file is kept in the cache directory of the command's
// own environment ($XDG_CACHE_HOME, else $HOME/.cache), as the data
// directory is: it was taken from the process's, so that every test run
// (each with its own HOME) left one file per fake arXiv in the developer's
// ~/.cache/gtrag, 562 of them on one machine.
func TestArxivPaceFileIsInTheCommandsCacheDir(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	auctionServer(t, env)
	env["GTRAG_ARXIV_DELAY"] = "10ms" // the pacing file is used only with a delay
	const q = "How does a second-price auction make bidding truthful?"

	r := gtrag(t, env, "ask", q)
	require.Equal(t, exitOK, r.code, r.stderr)
	files, err := filepath.Glob(filepath.Join(env["HOME"], ".cache", "gtrag", "arxiv-pace-*"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one pacing file for the one endpoint, under $HOME/.cache")

	env["XDG_CACHE_HOME"] = t.TempDir()
	env["GTRAG_DATA_DIR"] = t.TempDir() // an empty store again, so that arXiv is asked
	r = gtrag(t, env, "ask", q)
	require.Equal(t, exitOK, r.code, r.stderr)
	files, err = filepath.Glob(filepath.Join(env["XDG_CACHE_HOME"], "gtrag", "arxiv-pace-*"))
	require.NoError(t, err)
	require.Len(t, files, 1, "under $XDG_CACHE_HOME when it is set")
}

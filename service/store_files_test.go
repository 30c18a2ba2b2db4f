package service_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// failingOllama is an Ollama that fails every request, after calling
// during (once the store is made: the first request embeds the seed).
func failingOllama(t *testing.T, during func()) func(string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		during()
		http.Error(w, `{"error":"model not found"}`, http.StatusNotFound)
	}))
	t.Cleanup(srv.Close)
	return func(k string) string {
		if k == "OLLAMA_HOST" {
			return srv.URL
		}
		return ""
	}
}

// A new store that could not be seeded is removed, but only the files
// its open made: os.Remove took what was at a store file's path whatever
// it was, an empty directory included, and a file that was there before.
// An empty store file the open made a store in is emptied again.
func TestOpenStoreRemovesOnlyTheFilesItMade(t *testing.T) {
	ctx := context.Background()
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	cfg.Embedder = "ollama:x"
	compact := filepath.Join(cfg.DataDir, vectordb.CompactFileName)
	// Someone makes an empty directory where the store's compact vector
	// file goes while the seed is embedded: it is not the open's.
	cfg.Getenv = failingOllama(t, func() { _ = os.Mkdir(compact, 0o755) })
	require.NoError(t, os.MkdirAll(cfg.DataDir, 0o755))
	_, err := service.OpenStore(ctx, cfg)
	require.ErrorContains(t, err, "seed the store with the primer")
	require.NoFileExists(t, filepath.Join(cfg.DataDir, vectordb.StoreFileName), "the store the open made is gone")
	require.DirExists(t, compact, "an empty directory the open did not make is left")
	require.NoError(t, os.Remove(compact))

	// An empty store file (a creation cut short) was there: the open made
	// a store in it, which goes; the file stays, empty, as it was.
	store := filepath.Join(cfg.DataDir, vectordb.StoreFileName)
	require.NoError(t, os.WriteFile(store, nil, 0o644))
	cfg.Getenv = failingOllama(t, func() {})
	_, err = service.OpenStore(ctx, cfg)
	require.ErrorContains(t, err, "seed the store with the primer")
	fi, err := os.Stat(store)
	require.NoError(t, err)
	require.Zero(t, fi.Size(), "the store made in it is gone")

	ok := offline(t, "")
	ok.DataDir, ok.Seed = cfg.DataDir, service.SeedPrimer
	db, err := service.OpenStore(ctx, ok)
	require.NoError(t, err, "another embedder takes the directory")
	require.Positive(t, db.Count())
	require.NoError(t, db.Close())
}

// A directory where one of the store's files goes is a setting to change
// for every command that opens the store (ask, search, stats, papers),
// said as ingest says it; it was a failure (exit 1) reading "open the
// knowledge base: store file … is a directory". Nothing is created.
func TestOpenStoreRefusesADirectoryWhereAStoreFileGoes(t *testing.T) {
	ctx := context.Background()
	for _, name := range vectordb.FileNames {
		for _, mustExist := range []bool{false, true} {
			cfg := offline(t, "")
			cfg.Seed, cfg.MustExist = service.SeedPrimer, mustExist
			path := filepath.Join(cfg.DataDir, name)
			require.NoError(t, os.MkdirAll(path, 0o755))
			_, err := service.OpenStore(ctx, cfg)
			var ce *service.ConfigError
			require.ErrorAs(t, err, &ce, "%s, must exist %v", name, mustExist)
			require.Equal(t, "data-dir", ce.Setting)
			require.EqualError(t, err, path+" is a directory, not a file; move it away")
			var inTheWay *service.InTheWayError
			require.ErrorAs(t, err, &inTheWay)
			require.Equal(t, path, inTheWay.Path)
			entries, err := os.ReadDir(cfg.DataDir)
			require.NoError(t, err)
			require.Len(t, entries, 1, "nothing is created beside it")

			_, err = service.Open(ctx, cfg)
			require.ErrorAs(t, err, &ce, "ask and chat open it too")
			require.EqualError(t, err, path+" is a directory, not a file; move it away")
		}
	}
}

package service_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// With MustExist, OpenStore opens an embedded store only where its file is
// there: a missing one is ErrNoStore, and nothing is created or seeded.
// The store's own checks still apply to one that is there.
func TestOpenStoreMustExistEmbedded(t *testing.T) {
	ctx := context.Background()
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	cfg.MustExist = true
	_, err := service.OpenStore(ctx, cfg)
	require.ErrorIs(t, err, service.ErrNoStore)
	require.EqualError(t, err, "no knowledge base in "+cfg.DataDir+" yet")
	require.NoDirExists(t, cfg.DataDir, "nothing was created")
	// A directory without the store's file is no store either, and the
	// file is not made.
	empty := cfg
	empty.DataDir = t.TempDir()
	_, err = service.OpenStore(ctx, empty)
	require.ErrorIs(t, err, service.ErrNoStore)
	require.EqualError(t, err, "no knowledge base in "+empty.DataDir+" yet")
	require.NoFileExists(t, filepath.Join(empty.DataDir, vectordb.StoreFileName))

	// A missing store is said before an embedder that could not be used.
	bad := cfg
	bad.Embedder = "nonsense:x"
	_, err = service.OpenStore(ctx, bad)
	require.ErrorIs(t, err, service.ErrNoStore)
	// A data directory that cannot be one is a setting to change.
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	bad = cfg
	bad.DataDir = file
	_, err = service.OpenStore(ctx, bad)
	var ce *service.ConfigError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "data-dir", ce.Setting)

	// An empty store that is there is opened, and not seeded.
	made := cfg
	made.MustExist, made.Seed = false, service.SeedNone
	db, err := service.OpenStore(ctx, made)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	db, err = service.OpenStore(ctx, cfg)
	require.NoError(t, err)
	require.Zero(t, db.Count(), "an existing store is not seeded")
	require.NoError(t, service.SeedWithPrimer(ctx, db))
	require.NoError(t, db.Close())

	bad = cfg
	bad.Embedder = "nonsense:x"
	_, err = service.OpenStore(ctx, bad)
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "embedder", ce.Setting, "the store is there: its embedder is what is wrong")

	// An emptied store file beside vectors is damage, not a missing store.
	require.NoError(t, os.Truncate(filepath.Join(cfg.DataDir, vectordb.StoreFileName), 0))
	_, err = service.OpenStore(ctx, cfg)
	var corrupt *vectordb.CorruptError
	require.ErrorAs(t, err, &corrupt)
	require.NotErrorIs(t, err, service.ErrNoStore)
}

// fakeWeaviate answers as a Weaviate server holding the collections in
// classes (name to the gtrag embedder they were made with), and records
// each request as "METHOD /path".
func fakeWeaviate(t *testing.T, classes map[string]string) (addr string, requests func() []string) {
	var (
		mu   sync.Mutex
		seen []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		name, isClass := strings.CutPrefix(r.URL.Path, "/v1/schema/")
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v1/meta":
			fmt.Fprint(w, `{"version":"1.35.2"}`)
		case r.Method == http.MethodGet && isClass && classes[name] != "":
			rec, _ := json.Marshal(map[string]any{"embedder": classes[name], "dim": vectordb.OfflineDim, "schema": 1})
			json.NewEncoder(w).Encode(map[string]any{"class": name, "description": "gtrag knowledge base " + string(rec)})
		case r.Method == http.MethodGet && isClass:
			w.WriteHeader(http.StatusNotFound)
		default: // creating a collection, or anything else: not served
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":[{"message":"the fake serves reads of the schema only"}]}`)
		}
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://"), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// With MustExist, OpenStore opens a Weaviate collection with one
// connection and one read of its schema, which also finds whether it
// exists; a missing one is ErrNoStore, and nothing is written to the
// server.
func TestOpenStoreMustExistWeaviate(t *testing.T) {
	ctx := context.Background()
	addr, requests := fakeWeaviate(t, map[string]string{"Kb": vectordb.OfflineSpec})
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	cfg.MustExist = true

	cfg.Store = "weaviate://" + addr + "/Kb"
	db, err := service.OpenStore(ctx, cfg)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	require.Equal(t, []string{"GET /v1/meta", "GET /v1/schema/Kb"}, requests(), "one open")

	cfg.Embedder = "ollama:nomic-embed-text"
	_, err = service.OpenStore(ctx, cfg)
	var ce *service.ConfigError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "embedder", ce.Setting)
	cfg.Embedder = "offline"

	cfg.Store = "weaviate://" + addr + "/Typo"
	_, err = service.OpenStore(ctx, cfg)
	require.ErrorIs(t, err, service.ErrNoStore)
	require.EqualError(t, err, "no knowledge base in "+cfg.Store+" yet")
	for _, r := range requests() {
		require.True(t, strings.HasPrefix(r, "GET "), "nothing is created: %v", requests())
	}
	require.NoDirExists(t, cfg.DataDir)
}

// A new store whose seed cannot be embedded (an Ollama embedder with no
// server) is removed again: left behind, it would be tied to an embedder
// that never worked, and every later run with another would be refused.
func TestOpenStoreRemovesANewStoreItCouldNotSeed(t *testing.T) {
	ctx := context.Background()
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	cfg.Embedder = "ollama:x"
	cfg.Getenv = func(k string) string {
		if k == "OLLAMA_HOST" {
			return "http://127.0.0.1:9" // nothing listens there
		}
		return ""
	}
	// The open makes the directory: a failed first run leaves nothing
	// behind, not even that.
	require.NoDirExists(t, cfg.DataDir)
	_, err := service.OpenStore(ctx, cfg)
	require.ErrorContains(t, err, "seed the store with the primer")
	require.NoDirExists(t, cfg.DataDir)

	// A directory that was there stays, without the store.
	require.NoError(t, os.MkdirAll(cfg.DataDir, 0o755))
	_, err = service.OpenStore(ctx, cfg)
	require.ErrorContains(t, err, "seed the store with the primer")
	require.DirExists(t, cfg.DataDir)
	require.NoFileExists(t, filepath.Join(cfg.DataDir, vectordb.StoreFileName))

	ok := offline(t, "")
	ok.DataDir, ok.Seed = cfg.DataDir, service.SeedPrimer
	db, err := service.OpenStore(ctx, ok)
	require.NoError(t, err, "the directory takes a store with a working embedder")
	require.Positive(t, db.Count())
	require.NoError(t, db.Close())
}

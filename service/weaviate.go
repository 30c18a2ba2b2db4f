package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// openWeaviate opens the Weaviate collection cfg.Store names, creating it
// when it does not exist; with cfg.MustExist, only one that exists, found
// and loaded by the same read of its schema.
func openWeaviate(ctx context.Context, cfg Config, emb vectordb.Embedder) (*weaviatestore.Store, error) {
	wc, err := weaviatestore.ParseURL(cfg.Store, getenv(cfg, "WEAVIATE_API_KEY"))
	if err != nil {
		return nil, &ConfigError{Setting: "store", Err: err}
	}
	open := weaviatestore.Open
	if cfg.MustExist {
		open = weaviatestore.OpenExisting
	}
	s, err := open(ctx, wc, emb)
	if errors.Is(err, weaviatestore.ErrNotFound) {
		return nil, noStore(cfg)
	}
	if err != nil {
		var mismatch *vectordb.MismatchError
		if errors.As(err, &mismatch) {
			return nil, &ConfigError{Setting: "embedder", Err: err}
		}
		return nil, fmt.Errorf("open the knowledge base: %w", err)
	}
	return s, nil
}

// storeExists reports whether the knowledge base cfg names is there, without
// creating it: the embedded store's file in cfg.DataDir, or the Weaviate
// collection (a connection and a read of its schema). It is OpenStore's
// answer for a MustExist open whose embedder setting is bad; any other
// MustExist open finds the store in the open itself.
func storeExists(ctx context.Context, cfg Config) (bool, error) {
	if cfg.Store == "" {
		return embeddedExists(cfg.DataDir)
	}
	wc, err := weaviatestore.ParseURL(cfg.Store, getenv(cfg, "WEAVIATE_API_KEY"))
	if err != nil {
		return false, &ConfigError{Setting: "store", Err: err}
	}
	s, err := weaviatestore.OpenExisting(ctx, wc, nil) // no embedder: nothing is checked
	if errors.Is(err, weaviatestore.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("open the knowledge base: %w", err)
	}
	s.Close()
	return true, nil
}

// embeddedExists reports whether dir holds the embedded store's file; a
// dir that cannot be a data directory is a *ConfigError.
func embeddedExists(dir string) (bool, error) {
	if err := CheckDataDir(dir); err != nil {
		return false, err
	}
	_, err := os.Stat(filepath.Join(dir, vectordb.StoreFileName))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// CheckStore checks the form of a store setting without connecting: ""
// (the embedded store) or a Weaviate URL.
func CheckStore(store string) error {
	if store == "" {
		return nil
	}
	if !weaviatestore.IsURL(store) {
		// Quoted with any credentials masked: "https://TOKEN@host" is a
		// wrong scheme with a secret in it.
		return &ConfigError{Setting: "store", Err: fmt.Errorf("%q is not a store URL: want weaviate://HOST:PORT[/Collection] or weaviates://…, or leave it unset for the embedded store in the data directory", weaviatestore.Redact(store))}
	}
	if _, err := weaviatestore.ParseURL(store, ""); err != nil {
		return &ConfigError{Setting: "store", Err: err}
	}
	return nil
}

// IngestStateName is the directory of ingest's resume files in the data
// directory (IngestStateDir).
const IngestStateName = "ingest"

// IngestStateDir is where ingest keeps its resume files for cfg's store:
// DataDir/ingest for the embedded store, and a directory of its own under
// it for each Weaviate collection, so that progress made for one store is
// never taken for another's (a query done into the embedded store is not
// done into a Weaviate one).
func IngestStateDir(cfg Config) string {
	dir := filepath.Join(cfg.DataDir, IngestStateName)
	if cfg.Store == "" {
		return dir
	}
	key := cfg.Store
	if wc, err := weaviatestore.ParseURL(cfg.Store, ""); err == nil {
		key = wc.String() // the same store however its URL is spelled
	}
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(dir, "weaviate-"+hex.EncodeToString(sum[:8]))
}

func getenv(cfg Config, name string) string {
	if cfg.Getenv == nil {
		return ""
	}
	return cfg.Getenv(name)
}

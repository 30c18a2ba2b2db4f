package storetest

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// WriteFormat1 writes the format-1 fixture to file (a data directory's
// store.db): vectordb/testdata/format1/store.db.gz, a store written by the
// last gtrag of format 1 (four papers added with the offline embedder, one
// replaced by a new version, one deleted). The migration tests of vectordb
// and the command tests open it to check that old stores keep working.
func WriteFormat1(t testing.TB, file string) {
	t.Helper()
	_, here, _, ok := runtime.Caller(0)
	require.True(t, ok, "locate the storetest package")
	in, err := os.Open(filepath.Join(filepath.Dir(here), "..", "..", "vectordb", "testdata", "format1", "store.db.gz"))
	require.NoError(t, err)
	defer in.Close()
	zr, err := gzip.NewReader(in)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	out, err := os.Create(file)
	require.NoError(t, err)
	_, err = io.Copy(out, zr)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}

package vectordb

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"github.com/gtrag/gtrag/internal/storetest"
)

// Damage that only a write, or only bbolt's open, trips over. The damage
// that every operation meets is TestCorruptStoreIsAClearError.

// TestFaultDamagedFreelistRefusesWritesAndKeepsReads: bbolt loads the
// freelist page when it opens a file for writing, and panics when that page
// is not a freelist. The panic used to escape Open (it happens before
// withFile's recover is in place), crashing gtrag with a stack trace on the
// first write to such a store. Now the write is a *CorruptError, reads still
// work, and the lock bbolt took is released: the next operation of the same
// process does not wait for it.
func TestFaultDamagedFreelistRefusesWritesAndKeepsReads(t *testing.T) {
	ctx := context.Background()
	dir, file := storeWithData(t)
	page, size := faultFreelistPage(t, file)
	f, err := os.OpenFile(file, os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteAt(bytes.Repeat([]byte{0xFF, 0x13}, size/2), int64(page)*int64(size))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	damaged, err := os.ReadFile(file)
	require.NoError(t, err)

	// A short lock timeout: a lock leaked by the failed write would turn the
	// later operations into "locked by another gtrag process" errors.
	db, err := Open(ctx, dir, newTestEmbedder(64), LockTimeout(time.Second))
	require.NoError(t, err, "reads do not load the freelist")
	defer db.Close()
	chunks := db.Count()
	require.Positive(t, chunks)

	for range 2 {
		var n int
		require.NotPanics(t, func() {
			n, err = db.Add(ctx, chunkDocs("2302.00001v1", 2, func(int) string { return "a new paper" }))
		})
		require.Zero(t, n)
		var ce *CorruptError
		require.ErrorAs(t, err, &ce, "%v", err)
		require.ErrorContains(t, err, file)
		require.ErrorContains(t, err, "freelist")
		require.Equal(t, 1, strings.Count(err.Error(), file), "the file is named once: %v", err)
	}
	res, err := db.Query(ctx, topics[0], 5)
	require.NoError(t, err)
	require.Len(t, res, 5)
	other, err := Open(ctx, dir, newTestEmbedder(64), LockTimeout(time.Second))
	require.NoError(t, err)
	require.Equal(t, chunks, other.Count())
	require.NoError(t, other.Close())

	after, err := os.ReadFile(file)
	require.NoError(t, err)
	require.True(t, bytes.Equal(damaged, after), "the refused writes left the file as it was")
}

// TestFaultTruncatedInsideSecondMetaPage: bbolt reports a file cut between
// one and two pages as "file size too small", with no sentinel error; it
// used to reach users as a bare "open store …: file size too small 6000",
// with nothing saying the file is damaged or what to do.
func TestFaultTruncatedInsideSecondMetaPage(t *testing.T) {
	ctx := context.Background()
	for _, write := range []bool{false, true} {
		dir, file := storeWithData(t)
		_, size := faultFreelistPage(t, file)
		require.NoError(t, os.Truncate(file, int64(size+size/2)))
		db := &DB{dir: dir, path: file, opt: options{lockTimeout: time.Second}}
		err := db.withFile(ctx, write, func(*bolt.DB) error { return nil })
		var ce *CorruptError
		require.ErrorAs(t, err, &ce, "write=%v: %v", write, err)
		require.ErrorContains(t, err, file)
		require.ErrorContains(t, err, "truncated")
	}
	dir, file := storeWithData(t)
	require.NoError(t, os.Truncate(file, 6000))
	_, err := Open(ctx, dir, newTestEmbedder(64))
	var ce *CorruptError
	require.ErrorAs(t, err, &ce, "%v", err)
	require.ErrorContains(t, err, "move it away")
}

// faultFreelistPage returns the freelist page of the newest commit of the
// bbolt file, and the page size.
func faultFreelistPage(t *testing.T, file string) (page uint64, size int) {
	t.Helper()
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	return storetest.FreelistPage(t, b)
}

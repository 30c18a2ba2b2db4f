package vectordb

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/storetest"
)

// TestSilentRollbackIsRefused (issue 15.1): one flipped bit in the newest
// bbolt meta page used to make bbolt open the commit before, silently: the
// last batch of papers was gone, Count said so without an error, and the
// next write made the loss permanent. Now every operation refuses the store
// with a *RollbackError naming the file, nothing is written, and
// AcceptRollback goes back to the earlier commit only when asked.
func TestSilentRollbackIsRefused(t *testing.T) {
	ctx := context.Background()
	emb := newTestEmbedder(32)
	dir := t.TempDir()
	db := openTest(t, dir, emb)
	_, err := db.Add(ctx, chunkDocs("2301.00001v1", 3, func(i int) string { return "first batch" }))
	require.NoError(t, err)
	_, err = db.Add(ctx, chunkDocs("2301.00002v1", 5, func(i int) string { return "the last batch, lost in a rollback" }))
	require.NoError(t, err)
	require.NoError(t, db.Close())

	file := storePath(dir)
	page := flipNewestMetaBit(t, file, storetest.OffFreelist) // a bit of the freelist page id
	damaged, err := os.ReadFile(file)
	require.NoError(t, err)

	_, err = Open(ctx, dir, emb, LockTimeout(time.Second))
	var rb *RollbackError
	require.ErrorAs(t, err, &rb, "%v", err)
	require.Equal(t, page, rb.Page)
	require.ErrorContains(t, err, file)
	require.ErrorContains(t, err, "go back to the commit before")
	_, err = Open(ctx, dir, emb, ReadOnly())
	require.ErrorAs(t, err, &rb, "reads are refused too: they would show the older state as if it were current")
	after, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, damaged, after, "nothing was written")

	rolled, err := AcceptRollback(ctx, dir)
	require.NoError(t, err)
	require.True(t, rolled)
	db = openTest(t, dir, emb)
	require.Equal(t, 3, db.Count(), "back at the first batch, deliberately")
	require.False(t, db.HasPaper("2301.00002v1"))
	_, err = db.Add(ctx, chunkDocs("2301.00002v1", 5, func(i int) string { return "the last batch, again" }))
	require.NoError(t, err)
	require.Equal(t, 8, openTest(t, dir, emb).Count())

	rolled, err = AcceptRollback(ctx, dir)
	require.NoError(t, err)
	require.False(t, rolled, "an intact store has nothing to roll back")
	require.Equal(t, 8, openTest(t, dir, emb).Count())
}

// TestDamagedOlderMetaPageIsHarmless: damage to the older meta page loses
// nothing (bbolt reads the newer one and overwrites the older with its next
// commit), so the store opens and works.
func TestDamagedOlderMetaPageIsHarmless(t *testing.T) {
	ctx := context.Background()
	emb := newTestEmbedder(32)
	dir := t.TempDir()
	db := openTest(t, dir, emb)
	_, err := db.Add(ctx, chunkDocs("2301.00001v1", 3, func(i int) string { return "first batch" }))
	require.NoError(t, err)
	_, err = db.Add(ctx, chunkDocs("2301.00002v1", 5, func(i int) string { return "second batch" }))
	require.NoError(t, err)
	require.NoError(t, db.Close())
	flipOlderMetaBit(t, storePath(dir), storetest.OffFreelist)
	db = openTest(t, dir, emb)
	require.Equal(t, 8, db.Count())
	_, err = db.Add(ctx, chunkDocs("2301.00003v1", 1, func(i int) string { return "third" }))
	require.NoError(t, err)
	require.Equal(t, 9, openTest(t, dir, emb).Count())
}

// flipNewestMetaBit damages the newest meta page of file at byte at of its
// meta and returns the page.
func flipNewestMetaBit(t *testing.T, file string, at int) int {
	t.Helper()
	m := storetest.Newest(t, storetest.Metas(t, file))
	storetest.FlipMetaBit(t, file, m, at)
	return m.Page
}

func flipOlderMetaBit(t *testing.T, file string, at int) {
	t.Helper()
	storetest.FlipMetaBit(t, file, storetest.Older(t, storetest.Metas(t, file)), at)
}

// Where there is no store there is nothing to go back to, and AcceptRollback
// makes none: a store it created would be taken for a new one later.
func TestAcceptRollbackWithoutAStore(t *testing.T) {
	dir := t.TempDir()
	rolled, err := AcceptRollback(context.Background(), dir)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.ErrorIs(t, err, ErrNoStore)
	require.ErrorContains(t, err, "no store in "+dir)
	require.False(t, rolled)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries)
}

// An emptied store file holds no commit: AcceptRollback says it is damaged
// and leaves it as it is, rather than make a new store of it.
func TestAcceptRollbackOfAnEmptiedFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(storePath(dir), nil, 0o644))
	rolled, err := AcceptRollback(context.Background(), dir)
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	require.False(t, rolled)
	fi, err := os.Stat(storePath(dir))
	require.NoError(t, err)
	require.Zero(t, fi.Size())
}

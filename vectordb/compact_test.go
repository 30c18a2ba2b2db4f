package vectordb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/storetest"
)

// compactFixture is a store of 768-dimension vectors (a slot is 3 KiB of
// float32, so a paper's 12 slots span whole file-system blocks) where one
// paper was deleted and one replaced by a newer version: 24 holes in two
// runs. It returns the queries' results and the live vectors before any
// compaction.
func compactFixture(t *testing.T) (dir string, emb Embedder, queries []string, before [][]Result, vecs map[string][]float32) {
	t.Helper()
	ctx := context.Background()
	emb = newTestEmbedder(OfflineDim)
	dir = t.TempDir()
	db := openTest(t, dir, emb)
	text := func(p, v int) func(int) string {
		return func(i int) string {
			return fmt.Sprintf("paper%d version%d chunk%d auction equilibrium bidder %s", p, v, i, fmt.Sprint(i*p))
		}
	}
	for p := range 6 {
		_, err := db.Add(ctx, chunkDocs(fmt.Sprintf("2301.%05dv1", p), 12, text(p, 1)))
		require.NoError(t, err)
	}
	require.NoError(t, db.DeletePaper(ctx, "2301.00001"))
	_, err := db.Add(ctx, chunkDocs("2301.00003v2", 12, text(3, 2)))
	require.NoError(t, err)
	require.Equal(t, 5*12, db.Count())

	queries = []string{"paper2 chunk3", "auction equilibrium", "paper3 version2 chunk7", "paper1 chunk5 bidder"}
	for _, q := range queries {
		rs, err := db.Query(ctx, q, 10)
		require.NoError(t, err)
		require.NotEmpty(t, rs)
		before = append(before, rs)
	}
	return dir, emb, queries, before, storedVectors(t, db)
}

// vectorDiskBytes is the disk the vector files take (not their length).
func vectorDiskBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	for _, name := range []string{VectorFileName, CompactFileName} {
		f, err := os.Open(filepath.Join(dir, name))
		require.NoError(t, err)
		_, used, err := fileBlocks(f)
		f.Close()
		require.NoError(t, err)
		n += used
	}
	return n
}

func requireSameAnswers(t *testing.T, db *DB, queries []string, before [][]Result, vecs map[string][]float32) {
	t.Helper()
	for i, q := range queries {
		rs, err := db.Query(context.Background(), q, 10)
		require.NoError(t, err)
		require.Equal(t, before[i], rs, "query %q", q)
	}
	require.Equal(t, vecs, storedVectors(t, db), "every live vector, float32 and float16, is as it was")
}

// TestCompactFreesHolesAndChangesNothingElse: Compact gives the blocks of
// deleted slots back to the file system (the files' disk usage drops by
// what it reports, their length stays) while every live vector, every
// query's results and later writes are as without it; a second Compact
// finds nothing more to free.
func TestCompactFreesHolesAndChangesNothingElse(t *testing.T) {
	ctx := context.Background()
	dir, emb, queries, before, vecs := compactFixture(t)
	vecFile := filepath.Join(dir, VectorFileName)
	length, err := os.Stat(vecFile)
	require.NoError(t, err)
	used := vectorDiskBytes(t, dir)

	db := openTest(t, dir, emb)
	info := db.Info()
	require.Equal(t, 24, info.DeletedSlots, "the removed paper's and the replaced version's chunks")
	res, err := db.Compact(ctx)
	if errors.Is(err, ErrCompactUnsupported) {
		t.Skipf("the file system of %s cannot punch holes: %v", dir, err)
	}
	require.NoError(t, err)
	require.Equal(t, 24, res.Holes)
	require.LessOrEqual(t, db.Info().Bytes, info.Bytes-res.Reclaimed, "stats shows the disk given back")
	// Each run of 12 holes is 36 KiB of float32 and 18 KiB of float16:
	// at least 7 and 3 whole 4 KiB blocks, in each of the two runs.
	require.GreaterOrEqual(t, res.Reclaimed, int64(2*(7+3)*4096), "%+v", res)
	require.Equal(t, used-res.Reclaimed, vectorDiskBytes(t, dir), "the disk usage dropped by what Compact reports")
	after, err := os.Stat(vecFile)
	require.NoError(t, err)
	require.Equal(t, length.Size(), after.Size(), "offsets stay: the file keeps its length")

	requireSameAnswers(t, db, queries, before, vecs)
	requireSameAnswers(t, openTest(t, dir, emb), queries, before, vecs)

	again, err := db.Compact(ctx)
	require.NoError(t, err)
	require.Equal(t, CompactResult{Holes: 24}, again, "nothing left to free")

	_, err = db.Add(ctx, chunkDocs("2301.00009v1", 3, func(i int) string { return fmt.Sprintf("walrasian tatonnement step%d", i) }))
	require.NoError(t, err)
	rs, err := db.Query(ctx, "walrasian tatonnement step1", 1)
	require.NoError(t, err)
	require.Equal(t, "2301.00009v1_chunk_1", rs[0].ID)
	require.Equal(t, 63, openTest(t, dir, emb).Count())
}

// TestCompactKeepsTheRollbackStateWhole: the state a rollback returns to
// after a Compact (the newest meta page damaged) still finds every vector
// it refers to, because Compact commits before it frees anything.
func TestCompactKeepsTheRollbackStateWhole(t *testing.T) {
	ctx := context.Background()
	dir, emb, queries, before, vecs := compactFixture(t)
	db := openTest(t, dir, emb)
	_, err := db.Compact(ctx)
	if errors.Is(err, ErrCompactUnsupported) {
		t.Skipf("the file system of %s cannot punch holes: %v", dir, err)
	}
	require.NoError(t, err)
	require.NoError(t, db.Close())

	flipNewestMetaBit(t, storePath(dir), storetest.OffFreelist)
	rolled, err := AcceptRollback(ctx, dir)
	require.NoError(t, err)
	require.True(t, rolled)
	requireSameAnswers(t, openTest(t, dir, emb), queries, before, vecs)
}

// TestCompactEmptyAndReadOnly: a store without holes has nothing to free,
// and a read-only DB refuses to compact.
func TestCompactEmptyAndReadOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := newTestEmbedder(32)
	db := openTest(t, dir, emb)
	res, err := db.Compact(ctx)
	require.NoError(t, err)
	require.Equal(t, CompactResult{}, res)
	_, err = db.Add(ctx, chunkDocs("2301.00001v1", 2, func(i int) string { return "a b c" }))
	require.NoError(t, err)
	_, err = openTest(t, dir, emb, ReadOnly()).Compact(ctx)
	require.Error(t, err)
}

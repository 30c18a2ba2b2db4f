package vectordb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/storetest"
	bolt "go.etcd.io/bbolt"
)

// format1Store copies testdata/format1/store.db.gz, a store written by the
// last gtrag of format 1 (four papers added with the offline embedder, one
// replaced by a new version, one deleted), into a new data directory.
func format1Store(t *testing.T) (dir string) {
	t.Helper()
	dir = t.TempDir()
	storetest.WriteFormat1(t, filepath.Join(dir, StoreFileName))
	return dir
}

// TestMigrateFormat1: a format-1 store opens, is upgraded in place, and
// answers as it did: the same papers and chunks, metadata intact, queries
// ranking its documents, holes for the replaced and deleted chunks; and it
// takes new documents afterwards.
func TestMigrateFormat1(t *testing.T) {
	ctx := context.Background()
	dir := format1Store(t)

	_, err := Open(ctx, dir, NewOfflineEmbedder(), ReadOnly())
	var fe *FormatError
	require.ErrorAs(t, err, &fe, "read-only cannot migrate: %v", err)
	require.Equal(t, 1, fe.Found)
	require.ErrorContains(t, err, "older")

	db := openTest(t, dir, NewOfflineEmbedder())
	info := db.Info()
	require.Equal(t, FormatVersion, info.FormatVersion)
	require.Equal(t, 7, info.Chunks)
	require.Equal(t, 3, info.Papers)
	require.Equal(t, []string{"2301.00001v1", "2301.00002v2", "cs/0112004v1"}, db.Papers())
	require.True(t, db.HasPaper("cs/0112004"))
	require.False(t, db.HasPaper("2301.00003"), "deleted before the migration")
	require.False(t, db.HasPaper("2301.00002v1"), "replaced before the migration")

	res, err := db.Query(ctx, "Shapley value of a three-player game", 3)
	require.NoError(t, err)
	require.NotEmpty(t, res)
	require.Equal(t, "2301.00002v2_chunk_0", res[0].ID)
	require.Equal(t, "The Shapley value, revised", res[0].Metadata["title"])
	require.Equal(t, "2301.00002v2", res[0].Metadata["paper_id"])
	require.Equal(t, "0", res[0].Metadata["chunk_index"])
	require.Len(t, res[0].Metadata, 8)
	require.Positive(t, res[0].Similarity)

	res, err = db.Query(ctx, "Vickrey auction truthful", 1)
	require.NoError(t, err)
	require.Equal(t, "cs/0112004v1_chunk_0", res[0].ID)

	// Every live document kept its vector; the four deleted or replaced
	// slots are holes.
	vectors := storedVectors(t, db)
	require.Len(t, vectors, 7)
	for id, v := range vectors {
		require.Len(t, v, OfflineDim, id)
	}
	b, err := bolt.Open(filepath.Join(dir, StoreFileName), 0o644, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		require.Nil(t, tx.Bucket(bucketVecs), "format 1's vectors bucket is gone")
		require.Equal(t, 2, tx.Bucket(bucketHoles).Stats().KeyN)
		return nil
	}))
	require.NoError(t, b.Close())

	// Writable after the upgrade, and the upgrade is not repeated.
	n, err := db.Add(ctx, chunkDocs("2302.00001v1", 2, func(i int) string { return "bargaining and the Nash solution" }))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	again := openTest(t, dir, NewOfflineEmbedder())
	require.Equal(t, 9, again.Count())
	res, err = again.Query(ctx, "Nash bargaining solution", 1)
	require.NoError(t, err)
	require.Equal(t, "2302.00001v1", res[0].PaperID())
}

// TestTitleStoredOncePerPaper: metadata every chunk of a paper shares is
// stored once, in the paper record, so a 1 MB title on 100 chunks costs
// about 1 MB, not 100 (format 1 stored it in every chunk's record); every
// chunk still reads back with its full metadata, including one that differs.
func TestTitleStoredOncePerPaper(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, dir, newTestEmbedder(64))
	title := strings.Repeat("a very long title ", 1<<20/18)
	docs := chunkDocs("2301.00001v1", 100, func(i int) string { return fmt.Sprintf("chunk %d about auctions", i) })
	for _, d := range docs {
		d.Metadata["title"] = title
	}
	delete(docs[7].Metadata, "title")
	docs[8].Metadata["title"] = "another title"
	_, err := db.Add(ctx, docs)
	require.NoError(t, err)
	fi, err := os.Stat(filepath.Join(dir, StoreFileName))
	require.NoError(t, err)
	require.Less(t, fi.Size(), int64(8<<20), "the title is not copied into every chunk")

	res, err := db.Query(ctx, "auctions", 100)
	require.NoError(t, err)
	require.Len(t, res, 100)
	for _, r := range res {
		var want Document
		for _, d := range docs {
			if d.ID == r.ID {
				want = d
			}
		}
		require.Equal(t, want.Metadata, r.Metadata, r.ID)
	}
	// Re-adding the same documents is recognised as identical.
	n, err := db.Add(ctx, docs)
	require.NoError(t, err)
	require.Zero(t, n)
}

// TestCompactVectorsRankExactly: a store with the float16 copy and one
// without return the same results, in the same order, with the same
// scores: the copy only chooses candidates, the float32 vectors rank them.
// Both files are consistent with each other slot by slot.
func TestCompactVectorsRankExactly(t *testing.T) {
	ctx := context.Background()
	emb := randomEmbedder{dim: 96}
	docs := syntheticDocs(6_000)
	compact := openTest(t, t.TempDir(), emb, BatchSize(3000))
	full := openTest(t, t.TempDir(), emb, BatchSize(3000), CompactVectors(false))
	for _, db := range []*DB{compact, full} {
		_, err := db.Add(ctx, docs)
		require.NoError(t, err)
		// Some deletions, so that the scan skips holes.
		for i := 0; i < 1000; i += 50 {
			require.NoError(t, db.DeletePaper(ctx, docs[i].PaperID()))
		}
	}
	_, err := os.Stat(filepath.Join(full.dir, CompactFileName))
	require.ErrorIs(t, err, os.ErrNotExist, "CompactVectors(false) keeps no copy")
	require.Len(t, storedVectors(t, compact), compact.Count(), "every slot of the copy matches its float32 vector")
	for i := range 40 {
		q := fmt.Sprintf("w%d w%d equilibrium", i*37%500, i*101%3000)
		a, err := compact.Query(ctx, q, 10)
		require.NoError(t, err)
		b, err := full.Query(ctx, q, 10)
		require.NoError(t, err)
		require.Equal(t, b, a, q)
	}
}

// TestDamagedVectorFiles: a float32 vector file that is missing, truncated
// or not a vector file makes queries fail with a *CorruptError naming it,
// while what never reads vectors (Open, Count, Info, HasPaper) keeps
// working. The float16 copy is derived: damaged the same ways, queries
// rank from the float32 file, with the same results, and the next write
// restores the copy whole.
func TestDamagedVectorFiles(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{VectorFileName, CompactFileName} {
		for _, damage := range []string{"missing", "truncated", "bad header"} {
			t.Run(name+" "+damage, func(t *testing.T) {
				dir := t.TempDir()
				db := openTest(t, dir, newTestEmbedder(32))
				_, err := db.Add(ctx, chunkDocs("2301.00001v1", 40, func(i int) string { return fmt.Sprintf("auction number %d", i) }))
				require.NoError(t, err)
				before, err := db.Query(ctx, "auction number 7", 3)
				require.NoError(t, err)
				file := filepath.Join(dir, name)
				switch damage {
				case "missing":
					require.NoError(t, os.Remove(file))
				case "truncated":
					fi, err := os.Stat(file)
					require.NoError(t, err)
					require.NoError(t, os.Truncate(file, fi.Size()-100))
				case "bad header":
					f, err := os.OpenFile(file, os.O_WRONLY, 0)
					require.NoError(t, err)
					_, err = f.WriteAt([]byte("notavec!"), 0)
					require.NoError(t, err)
					require.NoError(t, f.Close())
				}
				other := openTest(t, dir, newTestEmbedder(32))
				require.Equal(t, 40, other.Count())
				require.Equal(t, 1, other.Info().Papers)
				require.True(t, other.HasPaper("2301.00001"))
				got, err := other.Query(ctx, "auction number 7", 3)
				if name == CompactFileName {
					require.NoError(t, err)
					require.Equal(t, before, got, "ranked from the float32 file")
					_, err = other.Add(ctx, chunkDocs("2301.00002v1", 5, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
					require.NoError(t, err)
					require.Len(t, storedVectors(t, other), other.Count(), "the restored copy matches every float32 vector")
					return
				}
				var ce *CorruptError
				require.ErrorAs(t, err, &ce, "%v", err)
				require.ErrorContains(t, err, file)
			})
		}
	}
}

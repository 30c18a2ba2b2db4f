package vectordb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// checkSlotSums checks every live slot of the vector files (not a hole,
// below nextDoc) against its checksum in tx; with complete, every such
// slot must have one (a store written by this gtrag only).
func checkSlotSums(tx *bolt.Tx, path string, m metaInfo, complete bool) error {
	if m.dim == 0 || m.nextDoc <= 1 {
		return nil
	}
	holes := newHoleSet(m.nextDoc)
	if err := tx.Bucket(bucketHoles).ForEach(func(k, _ []byte) error { holes.add(getU64(k)); return nil }); err != nil {
		return err
	}
	vv, err := openVectors(path, m.dim, m.nextDoc, true)
	if err != nil {
		return err
	}
	defer vv.close()
	views := map[slotFile]func(uint64) []byte{fullFile: vv.rawSlot}
	if m.compact {
		cv, err := openCompact(path, m.dim, m.nextDoc)
		if err != nil {
			return err
		}
		defer cv.close()
		views[compactFile] = cv.rawSlot
	}
	for sf, raw := range views {
		sums, err := loadSums(tx, sf.tag, path)
		if err != nil {
			return err
		}
		for doc := uint64(1); doc < m.nextDoc; doc++ {
			if holes.has(doc) {
				continue
			}
			if _, ok := sums.at(doc); !ok && complete {
				return fmt.Errorf("slot %d of %s has no checksum", doc, sf.name)
			}
			if !sums.check(doc, raw(doc)) {
				return fmt.Errorf("slot %d of %s does not match its checksum", doc, sf.name)
			}
		}
	}
	return nil
}

// viewStore runs fn in a read transaction of the store in dir.
func viewStore(t *testing.T, dir string, fn func(tx *bolt.Tx, m metaInfo) error) {
	t.Helper()
	b, err := bolt.Open(storePath(dir), 0o644, &bolt.Options{ReadOnly: true, Timeout: 5 * time.Second})
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		m, err := readMeta(tx, storePath(dir))
		if err != nil {
			return err
		}
		return fn(tx, m)
	}))
}

// slotOf is the docnum of chunk id.
func slotOf(t *testing.T, dir, id string) uint64 {
	t.Helper()
	var doc uint64
	viewStore(t, dir, func(tx *bolt.Tx, _ metaInfo) error {
		rec, err := decodeDocRecord(tx.Bucket(bucketDocs).Get([]byte(id)))
		doc = rec.DocNum
		return err
	})
	return doc
}

// scribble writes random bytes over part of slot doc of sf in dir, the
// file keeping its size, as a stray write or a bad disk block would.
func scribble(t *testing.T, dir string, sf slotFile, dim int, doc uint64) {
	t.Helper()
	path := filepath.Join(dir, sf.name)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	defer f.Close()
	old := make([]byte, 16)
	_, err = f.ReadAt(old, sf.offset(doc, dim)+8)
	require.NoError(t, err)
	junk := make([]byte, len(old))
	r := rand.New(rand.NewPCG(uint64(doc), 9))
	for string(junk) == string(old) {
		for i := range junk {
			junk[i] = byte(r.Uint32())
		}
	}
	_, err = f.WriteAt(junk, sf.offset(doc, dim)+8)
	require.NoError(t, err)
	now, err := f.Stat()
	require.NoError(t, err)
	require.Equal(t, fi.Size(), now.Size(), "the file keeps its size")
}

// dropSums makes the store in dir as a gtrag that predates checksums left
// it: the same buckets and files, without vecsums.
func dropSums(t *testing.T, dir string) {
	t.Helper()
	b, err := bolt.Open(storePath(dir), 0o644, &bolt.Options{Timeout: 5 * time.Second})
	require.NoError(t, err)
	require.NoError(t, b.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketSums) }))
	require.NoError(t, b.Close())
}

func sumsFixture(t *testing.T, opts ...Option) (dir string, emb Embedder, before []Result) {
	t.Helper()
	ctx := context.Background()
	dir = t.TempDir()
	emb = newTestEmbedder(32)
	db := openTest(t, dir, emb, opts...)
	for p := range 5 {
		_, err := db.Add(ctx, chunkDocs(fmt.Sprintf("2301.%05dv1", p), 30, func(i int) string {
			return fmt.Sprintf("auction %d bidder %d paper %d", i, i*7%11, p)
		}))
		require.NoError(t, err)
	}
	require.NoError(t, db.DeletePaper(ctx, "2301.00001")) // holes, which are not checked
	before, err := db.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	require.Len(t, before, 5)
	viewStore(t, dir, func(tx *bolt.Tx, m metaInfo) error { return checkSlotSums(tx, storePath(dir), m, true) })
	return dir, emb, before
}

// TestScribbledCompactFileIsReported: random bytes inside store.f16, the
// file keeping its size, would change the vector ranking silently; the
// query's scan finds the slot failing its checksum and fails with a
// *CorruptError naming the file, the chunk and what to do. Moving the file
// away, as it says, gives the same results as before from store.vec, and
// the next write makes the copy anew, whole and matching its checksums.
func TestScribbledCompactFileIsReported(t *testing.T) {
	ctx := context.Background()
	dir, emb, before := sumsFixture(t)
	id := "2301.00003v1_chunk_17"
	scribble(t, dir, compactFile, 32, slotOf(t, dir, id))

	db := openTest(t, dir, emb)
	_, err := db.Query(ctx, "auction 7 bidder", 5)
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	file := filepath.Join(dir, CompactFileName)
	require.Equal(t, file, ce.Path)
	require.ErrorContains(t, err, "store file "+file+" is damaged")
	require.ErrorContains(t, err, "the vector of chunk "+id)
	require.ErrorContains(t, err, "does not match the checksum")
	require.ErrorContains(t, err, "move it away")

	require.NoError(t, os.Rename(file, file+".damaged"))
	got, err := db.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	require.Equal(t, before, got, "ranked from store.vec")
	_, err = db.Add(ctx, chunkDocs("2302.00001v1", 3, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
	require.NoError(t, err)
	_, err = os.Stat(file)
	require.NoError(t, err, "the write made the copy anew")
	got, err = db.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	require.Equal(t, resultIDs(before), resultIDs(got), "the new paper shares no word with the query")
	require.Len(t, storedVectors(t, db), db.Count())
	viewStore(t, dir, func(tx *bolt.Tx, m metaInfo) error { return checkSlotSums(tx, storePath(dir), m, true) })
}

// TestScribbledVectorFileIsReported: store.vec is no copy. Random bytes in
// a slot that a query reads (the float32 scan of a store without the
// float16 copy, or the re-ranking of a store with it) fail the query with
// a *CorruptError naming store.vec and the paper to ingest again; a copy
// to be restored from a damaged slot is not made.
func TestScribbledVectorFileIsReported(t *testing.T) {
	ctx := context.Background()
	requireReported := func(t *testing.T, dir string, err error, id string) {
		t.Helper()
		paper, _ := SplitVersion(id[:len("2301.00003v1")])
		var ce *CorruptError
		require.ErrorAs(t, err, &ce)
		require.Equal(t, filepath.Join(dir, VectorFileName), ce.Path)
		require.ErrorContains(t, err, "the vector of chunk "+id)
		require.ErrorContains(t, err, "does not match the checksum")
		require.ErrorContains(t, err, "gtrag papers rm "+paper)
	}
	t.Run("float32 scan", func(t *testing.T) {
		dir, emb, _ := sumsFixture(t, CompactVectors(false))
		id := "2301.00003v1_chunk_4"
		scribble(t, dir, fullFile, 32, slotOf(t, dir, id))
		_, err := openTest(t, dir, emb).Query(ctx, "paper 0", 5)
		requireReported(t, dir, err, id)
	})
	t.Run("re-ranking", func(t *testing.T) {
		dir, emb, before := sumsFixture(t)
		id := before[0].ID
		scribble(t, dir, fullFile, 32, slotOf(t, dir, id))
		_, err := openTest(t, dir, emb).Query(ctx, "auction 7 bidder", 5)
		requireReported(t, dir, err, id)
	})
	t.Run("copy restored from it", func(t *testing.T) {
		dir, emb, _ := sumsFixture(t)
		id := "2301.00003v1_chunk_9"
		scribble(t, dir, fullFile, 32, slotOf(t, dir, id))
		require.NoError(t, os.Remove(filepath.Join(dir, CompactFileName)))
		_, err := openTest(t, dir, emb).Add(ctx, chunkDocs("2302.00001v1", 3, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
		requireReported(t, dir, err, id)
		_, err = os.Stat(filepath.Join(dir, CompactFileName))
		require.ErrorIs(t, err, os.ErrNotExist, "no copy made of a damaged slot")
		matches, err := filepath.Glob(filepath.Join(dir, "*.tmp"))
		require.NoError(t, err)
		require.Empty(t, matches, "no temporary file left")
	})
}

// TestStoreWithoutChecksumsOpens: a store written before checksums (no
// vecsums bucket) opens, queries and takes writes as before. Its slots are
// read unchecked, damage included (the trade-off vecsum.go describes);
// the slots written from then on have checksums, and damage to them is
// found.
func TestStoreWithoutChecksumsOpens(t *testing.T) {
	ctx := context.Background()
	dir, emb, before := sumsFixture(t)
	dropSums(t, dir)

	db := openTest(t, dir, emb)
	got, err := db.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	require.Equal(t, before, got)
	ro := openTest(t, dir, emb, ReadOnly())
	got, err = ro.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	require.Equal(t, before, got)

	_, err = db.Add(ctx, chunkDocs("2302.00001v1", 3, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
	require.NoError(t, err)
	newDoc := slotOf(t, dir, "2302.00001v1_chunk_1")
	viewStore(t, dir, func(tx *bolt.Tx, m metaInfo) error {
		sums, err := loadSums(tx, compactFile.tag, storePath(dir))
		require.NoError(t, err)
		require.NotNil(t, sums)
		require.Len(t, sums.runs, 1)
		require.Equal(t, m.nextDoc-3, sums.runs[0].first, "only the new slots have checksums")
		require.Equal(t, m.nextDoc, sums.runs[0].end())
		return checkSlotSums(tx, storePath(dir), m, false)
	})

	// An old slot is read unchecked; a new one is checked.
	scribble(t, dir, compactFile, 32, slotOf(t, dir, "2301.00004v1_chunk_2"))
	_, err = db.Query(ctx, "auction 7 bidder", 5)
	require.NoError(t, err)
	scribble(t, dir, compactFile, 32, newDoc)
	_, err = db.Query(ctx, "auction 7 bidder", 5)
	require.ErrorContains(t, err, "the vector of chunk 2302.00001v1_chunk_1 (slot")
}

// TestPutSums: appends of any size make runs of at most sumsPerRun that
// cover exactly the slots written, extending the last run when it ends
// where the append starts; a gap (slots written by a gtrag without
// checksums) starts a new run, and the slots in it have none.
func TestPutSums(t *testing.T) {
	dir := t.TempDir()
	b, err := bolt.Open(filepath.Join(dir, "t.db"), 0o644, nil)
	require.NoError(t, err)
	defer b.Close()
	want := map[uint64]uint32{}
	next := uint64(1)
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		n := 1 + r.IntN(300)
		if i == 20 {
			n = 3 * sumsPerRun
		}
		if i == 30 {
			next += 77 // a gap
		}
		sums := make([]uint32, n)
		for j := range sums {
			sums[j] = r.Uint32()
			want[next+uint64(j)] = sums[j]
		}
		require.NoError(t, b.Update(func(tx *bolt.Tx) error {
			if err := putSums(tx, compactFile.tag, next, sums); err != nil {
				return err
			}
			return putSums(tx, fullFile.tag, next, sums[:1])
		}))
		next += uint64(n)
	}
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		s, err := loadSums(tx, compactFile.tag, "t.db")
		require.NoError(t, err)
		for _, run := range s.runs {
			require.LessOrEqual(t, len(run.sums)/4, sumsPerRun)
		}
		require.Less(t, len(s.runs), int(next)/sumsPerRun+4, "runs are extended, not one per append")
		c := s.cursor(1)
		for doc := uint64(1); doc < next+10; doc++ {
			w, ok := want[doc]
			got, found := s.at(doc)
			require.Equal(t, ok, found, "slot %d", doc)
			require.Equal(t, w, got, "slot %d", doc)
			got, found = c.at(doc)
			require.Equal(t, ok, found, "slot %d by cursor", doc)
			require.Equal(t, w, got, "slot %d by cursor", doc)
		}
		full, err := loadSums(tx, fullFile.tag, "t.db")
		require.NoError(t, err)
		require.Len(t, full.runs, 60, "one slot per append: a run each")
		return nil
	}))
}

package vectordb

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A store.vec cut short is found by CheckFiles (a stat, whatever the size
// of the store) with what to do, and refused by a write: writing the new
// slots past its end would fill the lost ones with zeros of the right
// length, and the damage would no longer show but as hundreds of chunks
// failing their checksums.
func TestQA2TruncatedVectorFileIsFoundAndNotWrittenOver(t *testing.T) {
	ctx := context.Background()
	dir, emb, _ := sumsFixture(t)
	file := filepath.Join(dir, VectorFileName)
	db := openTest(t, dir, emb)
	require.NoError(t, db.CheckFiles())

	require.NoError(t, os.Truncate(file, vecHeaderSize+40*4*32))
	db = openTest(t, dir, emb)
	err := db.CheckFiles()
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, file, ce.Path)
	require.ErrorContains(t, err, "truncated")
	require.ErrorContains(t, err, "gtrag store copy --from "+dir+" --to NEWDIR")

	_, err = db.Add(ctx, chunkDocs("2302.00001v1", 3, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
	require.ErrorAs(t, err, &ce)
	require.ErrorContains(t, err, "truncated")
	fi, serr := os.Stat(file)
	require.NoError(t, serr)
	require.Equal(t, int64(vecHeaderSize+40*4*32), fi.Size(), "nothing written over it")
	require.False(t, db.HasPaper("2302.00001v1"))

	// A lost store.vec is not made anew by a write either.
	require.NoError(t, os.Remove(file))
	require.ErrorContains(t, openTest(t, dir, emb).CheckFiles(), "the vector file is missing")
	_, err = openTest(t, dir, emb).Add(ctx, chunkDocs("2302.00001v1", 3, func(i int) string { return fmt.Sprintf("bargaining %d", i) }))
	require.ErrorAs(t, err, &ce)
	_, serr = os.Stat(file)
	require.ErrorIs(t, serr, os.ErrNotExist)

	// A new store, and one without vectors yet, are fine.
	require.NoError(t, openTest(t, t.TempDir(), emb).CheckFiles())
}

// Damage that spans many papers is not reported as one paper to remove:
// the count says how far it goes, and the way out is a rebuild.
func TestQA2DamageOfManyPapersAdvisesARebuild(t *testing.T) {
	ctx := context.Background()
	dir, emb, _ := sumsFixture(t, CompactVectors(false))
	for _, p := range []int{0, 2, 3, 4} {
		for _, c := range []int{1, 5} {
			scribble(t, dir, fullFile, 32, slotOf(t, dir, fmt.Sprintf("2301.%05dv1_chunk_%d", p, c)))
		}
	}
	_, err := openTest(t, dir, emb).Query(ctx, "paper 0", 5)
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	require.ErrorContains(t, err, "the vectors of 8 chunks of 4 papers (the first: chunk 2301.00000v1_chunk_1")
	require.ErrorContains(t, err, "gtrag store copy --from "+dir)
	require.NotContains(t, err.Error(), "papers rm")

	// A few papers: each is named, to remove and ingest again.
	dir, emb, _ = sumsFixture(t, CompactVectors(false))
	scribble(t, dir, fullFile, 32, slotOf(t, dir, "2301.00002v1_chunk_3"))
	scribble(t, dir, fullFile, 32, slotOf(t, dir, "2301.00004v1_chunk_3"))
	_, err = openTest(t, dir, emb).Query(ctx, "paper 0", 5)
	require.ErrorContains(t, err, "the vectors of 2 chunks of 2 papers")
	require.ErrorContains(t, err, "`gtrag papers rm 2301.00002 2301.00004`")
}

// The rebuild a damaged store's error suggests works when copied from a
// data directory whose path a shell would split ("my kb") or read
// otherwise; it named the directory unquoted.
func TestRebuildFixQuotesTheDirectory(t *testing.T) {
	for dir, want := range map[string]string{
		"/data/kb":      "--from /data/kb --to NEWDIR",
		"/data/my kb":   "--from '/data/my kb' --to NEWDIR",
		"/data/it's $x": `--from '/data/it'\''s $x' --to NEWDIR`,
	} {
		require.Contains(t, rebuildFix(dir), "`gtrag store copy "+want+"`", dir)
	}
}

package vectordb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

var topics = []string{
	"Nash equilibrium in finite strategic games with mixed strategies",
	"Vickrey auctions and truthful bidding in sealed bid mechanisms",
	"Shapley value of cooperative games with transferable utility",
	"Evolutionarily stable strategies in population dynamics",
	"Stable matching with the deferred acceptance algorithm",
	"Price of anarchy in selfish routing and congestion games",
}

func TestOpenNewStoreRecordsFormatAndEmbedder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "data")
	db := openTest(t, dir, newTestEmbedder(16))

	info := db.Info()
	require.Equal(t, FormatVersion, info.FormatVersion)
	require.Equal(t, "test-words", info.Embedder)
	require.Equal(t, 16, info.Dim)
	require.Zero(t, info.Chunks)
	require.Zero(t, info.Papers)
	require.Equal(t, filepath.Join(dir, StoreFileName), info.Path)
	require.Positive(t, info.Bytes)
	require.Empty(t, db.Papers())
}

// Created is true for the handle that made the store, and for none that
// finds it there, empty as it may be.
func TestCreatedOnlyByTheOpenThatMadeTheStore(t *testing.T) {
	dir := t.TempDir()
	first := openTest(t, dir, newTestEmbedder(16))
	require.True(t, first.Created())
	second := openTest(t, dir, newTestEmbedder(16))
	require.False(t, second.Created(), "the store was there, empty")
	require.Zero(t, second.Count())
}

// An empty store.db beside vectors was emptied, not left by a creation cut
// short: Open refuses it rather than make a new store over the vectors.
func TestEmptiedStoreFileIsRefused(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(context.Background(), dir, newTestEmbedder(16))
	require.NoError(t, err)
	_, err = db.Add(context.Background(), chunkDocs("2301.00001v1", 2, func(i int) string { return "a core allocation" }))
	require.NoError(t, err)
	require.NoError(t, db.Close())
	require.NoError(t, os.Truncate(filepath.Join(dir, StoreFileName), 0))

	_, err = Open(context.Background(), dir, newTestEmbedder(16))
	var corrupt *CorruptError
	require.ErrorAs(t, err, &corrupt)
	require.ErrorContains(t, err, "holds vectors")
	fi, err := os.Stat(filepath.Join(dir, StoreFileName))
	require.NoError(t, err)
	require.Zero(t, fi.Size(), "nothing was written")

	// Without vectors, an empty store.db is a creation cut short: finished.
	fresh := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(fresh, StoreFileName), nil, 0o644))
	require.True(t, openTest(t, fresh, newTestEmbedder(16)).Created())
}

func TestQueryEmptyStore(t *testing.T) {
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	for _, k := range []int{1, 5, 100} {
		res, err := db.Query(context.Background(), "nash equilibrium", k)
		require.NoError(t, err)
		require.Empty(t, res)
	}
}

func TestQueryRanksAndLimits(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(64))
	var docs []Document
	for i, topic := range topics {
		docs = append(docs, chunkDocs(fmt.Sprintf("2301.0000%dv1", i), 1, func(int) string { return topic })...)
	}
	n, err := db.Add(ctx, docs)
	require.NoError(t, err)
	require.Equal(t, len(topics), n)

	tests := []struct {
		query string
		want  string
	}{
		{"What is the Shapley value of a cooperative game?", "2301.00002v1_chunk_0"},
		{"deferred acceptance stable matching", "2301.00004v1_chunk_0"},
		{"truthful bidding in a Vickrey auction", "2301.00001v1_chunk_0"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := db.Query(ctx, tt.query, 3)
			require.NoError(t, err)
			require.Len(t, res, 3)
			require.Equal(t, tt.want, res[0].ID)
			require.Equal(t, topics[tt.want[9]-'0'], res[0].Content)
			require.Equal(t, tt.want[:12], res[0].PaperID())
			for _, r := range res {
				require.GreaterOrEqual(t, r.Score, 0.0)
				require.LessOrEqual(t, r.Score, 1.0)
				require.LessOrEqual(t, r.Score, res[0].Score, "the best match has the highest cosine here")
			}
		})
	}

	res, err := db.Query(ctx, "games", 100)
	require.NoError(t, err)
	require.Len(t, res, len(topics), "k above the count returns every document once")
	require.ElementsMatch(t, resultIDs(res), func() []string {
		var ids []string
		for _, d := range docs {
			ids = append(ids, d.ID)
		}
		return ids
	}())

	res, err = db.Query(ctx, "games", 0)
	require.NoError(t, err)
	require.Empty(t, res)
}

// A document that only BM25 finds still gets its true cosine as Similarity
// (Score is the fused score; TestQueryScoresExplainTheOrder).
func TestQueryLexicalOnlyHitGetsCosine(t *testing.T) {
	ctx := context.Background()
	emb := randomEmbedder{dim: 32}
	db := openTest(t, t.TempDir(), emb)
	var docs []Document
	for i := range 200 {
		docs = append(docs, Document{ID: fmt.Sprintf("p%03d_chunk_0", i), Content: fmt.Sprintf("filler text number %d", i)})
	}
	docs[137].Content = "the xylophone theorem"
	_, err := db.Add(ctx, docs)
	require.NoError(t, err)

	const q = "xylophone"
	res, err := db.Query(ctx, q, 5)
	require.NoError(t, err)
	var found *Result
	for i := range res {
		if res[i].ID == docs[137].ID {
			found = &res[i]
		}
	}
	require.NotNil(t, found, "BM25 must bring the only document holding the query word: %v", resultIDs(res))
	want := embedDot(unitVector(randomVector(q, 32)), unitVector(randomVector(docs[137].Content, 32)))
	require.InDelta(t, min(1, max(0, want)), found.Similarity, 1e-6)
	require.Equal(t, 1, found.LexicalRank)
	require.Positive(t, found.BM25)
}

// TestQueryScoresExplainTheOrder: results come in descending Score, and
// Score is the weighted RRF of the ranks each result reports, scaled so
// that first in both rankings is 1: a reader can recompute the order from
// the parts shown.
func TestQueryScoresExplainTheOrder(t *testing.T) {
	ctx := context.Background()
	for _, emb := range []Embedder{newTestEmbedder(64), NewOfflineEmbedder()} {
		db := openTest(t, t.TempDir(), emb)
		var docs []Document
		for i := range 120 {
			docs = append(docs, chunkDocs(fmt.Sprintf("2301.%05dv1", i), 1, func(int) string {
				return topics[i%len(topics)] + fmt.Sprintf(" variant %d", i)
			})...)
		}
		_, err := db.Add(ctx, docs)
		require.NoError(t, err)
		res, err := db.Query(ctx, "Shapley value of a cooperative game auction", 10)
		require.NoError(t, err)
		require.Len(t, res, 10)
		w := HybridWeightsFor(emb.Spec())
		if w.Vector == 0 && w.Lexical == 0 {
			w.Vector, w.Lexical = 1, 1
		}
		k := float64(w.K)
		if w.K <= 0 {
			k = RRFDefaultK
		}
		for i, r := range res {
			if i > 0 {
				require.LessOrEqual(t, r.Score, res[i-1].Score, "descending score")
			}
			var want float64
			if r.VectorRank > 0 {
				want += w.Vector / (k + float64(r.VectorRank))
			}
			if r.LexicalRank > 0 {
				want += w.Lexical / (k + float64(r.LexicalRank))
			}
			require.InDelta(t, want/((w.Vector+w.Lexical)/(k+1)), r.Score, 1e-12, "%s: %+v", r.ID, r)
			require.Positive(t, r.VectorRank+r.LexicalRank)
			if r.LexicalRank > 0 {
				require.Positive(t, r.BM25, "%s: ranked lexically, so BM25 scores it", r.ID)
			}
		}
	}
}

func TestReopenKeepsDocumentsAndOldStyleIDs(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := newTestEmbedder(16)
	ids := []string{"cs/0112004v1", "math/0211159v2", "2301.01234v2", "primer:nash-equilibrium"}
	db := openTest(t, dir, emb)
	for _, id := range ids {
		_, err := db.Add(ctx, chunkDocs(id, 3, func(i int) string { return fmt.Sprintf("%s of %s", []string{"alpha", "bravo", "charlie"}[i], id) }))
		require.NoError(t, err)
	}
	require.NoError(t, db.Close())

	db = openTest(t, dir, emb)
	require.Equal(t, 12, db.Count())
	require.ElementsMatch(t, ids, db.Papers())
	for _, id := range ids {
		require.True(t, db.HasPaper(id), id)
	}
	res, err := db.Query(ctx, "charlie of cs/0112004v1", 1)
	require.NoError(t, err)
	require.Equal(t, "cs/0112004v1_chunk_2", res[0].ID)
	require.Equal(t, "cs/0112004v1", res[0].Metadata["paper_id"])
}

func TestUpserts(t *testing.T) {
	ctx := context.Background()
	text := func(tag string) func(int) string {
		return func(i int) string { return fmt.Sprintf("%s text of chunk %d", tag, i) }
	}
	tests := []struct {
		name       string
		first      []Document
		second     []Document
		wantAdded  int
		wantEmbeds int // texts embedded by the second Add
		wantPapers []string
		wantIDs    []string // stored chunk ids of the paper, via queries
		wantCount  int
	}{
		{
			name:       "newer version replaces every old chunk",
			first:      chunkDocs("2301.01234v1", 4, text("old")),
			second:     chunkDocs("2301.01234v2", 2, text("new")),
			wantAdded:  2,
			wantEmbeds: 2,
			wantPapers: []string{"2301.01234v2"},
			wantIDs:    []string{"2301.01234v2_chunk_0", "2301.01234v2_chunk_1"},
			wantCount:  2,
		},
		{
			name:       "identical re-add is a no-op and embeds nothing",
			first:      chunkDocs("cs/0112004v1", 3, text("same")),
			second:     chunkDocs("cs/0112004v1", 3, text("same")),
			wantAdded:  0,
			wantEmbeds: 0,
			wantPapers: []string{"cs/0112004v1"},
			wantIDs:    []string{"cs/0112004v1_chunk_0", "cs/0112004v1_chunk_1", "cs/0112004v1_chunk_2"},
			wantCount:  3,
		},
		{
			name:       "older version is ignored",
			first:      chunkDocs("2301.01234v3", 2, text("current")),
			second:     chunkDocs("2301.01234v2", 5, text("stale")),
			wantAdded:  0,
			wantEmbeds: 0,
			wantPapers: []string{"2301.01234v3"},
			wantIDs:    []string{"2301.01234v3_chunk_0", "2301.01234v3_chunk_1"},
			wantCount:  2,
		},
		{
			name:       "same version: new and changed chunks written, identical skipped",
			first:      chunkDocs("2301.01234v1", 2, text("same")),
			second:     append(chunkDocs("2301.01234v1", 1, text("same")), chunkDocs("2301.01234v1", 3, text("edited"))[1:]...),
			wantAdded:  2,
			wantEmbeds: 2,
			wantPapers: []string{"2301.01234v1"},
			wantIDs:    []string{"2301.01234v1_chunk_0", "2301.01234v1_chunk_1", "2301.01234v1_chunk_2"},
			wantCount:  3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			emb := newTestEmbedder(16)
			db := openTest(t, dir, emb)
			_, err := db.Add(ctx, tt.first)
			require.NoError(t, err)
			before := emb.texts.Load()

			added, err := db.Add(ctx, tt.second)
			require.NoError(t, err)
			require.Equal(t, tt.wantAdded, added)
			require.Equal(t, int64(tt.wantEmbeds), emb.texts.Load()-before)

			// The same answers from this handle and from a fresh one.
			other := openTest(t, dir, emb)
			for _, h := range []*DB{db, other} {
				require.Equal(t, tt.wantPapers, h.Papers())
				require.Equal(t, tt.wantCount, h.Count())
				res, err := h.Query(ctx, "text of chunk", 100)
				require.NoError(t, err)
				require.ElementsMatch(t, tt.wantIDs, resultIDs(res))
			}
		})
	}
}

func TestUpsertReplacesInOneAdd(t *testing.T) {
	// v1 and v2 chunks in the same call: only v2 is kept.
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	docs := append(chunkDocs("2301.01234v1", 3, func(i int) string { return "one" }), chunkDocs("2301.01234v2", 2, func(i int) string { return "two" })...)
	n, err := db.Add(ctx, docs)
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.Equal(t, []string{"2301.01234v2"}, db.Papers())
}

func TestHasPaperAndDeletePaper(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(16))
	for _, id := range []string{"2301.01234v2", "cs/0112004v1", "math/0211159v3"} {
		_, err := db.Add(ctx, chunkDocs(id, 2, func(i int) string { return id + " text" }))
		require.NoError(t, err)
	}
	for _, tt := range []struct {
		id   string
		want bool
	}{
		{"2301.01234v2", true},
		{"2301.01234", true},
		{"2301.01234v1", false},
		{"2301.01234v3", false},
		{"cs/0112004v1", true},
		{"cs/0112004", true},
		{"cs/0112004v2", false},
		{"2301.99999", false},
	} {
		require.Equal(t, tt.want, db.HasPaper(tt.id), tt.id)
	}

	// A different version deletes nothing.
	require.NoError(t, db.DeletePaper(ctx, "2301.01234v1"))
	require.True(t, db.HasPaper("2301.01234v2"))
	require.Equal(t, 6, db.Count())

	require.NoError(t, db.DeletePaper(ctx, "2301.01234v2"))
	require.False(t, db.HasPaper("2301.01234"))
	require.NoError(t, db.DeletePaper(ctx, "cs/0112004"))
	require.False(t, db.HasPaper("cs/0112004v1"))
	require.NoError(t, db.DeletePaper(ctx, "never/stored"))
	require.Equal(t, 2, db.Count())
	require.Equal(t, []string{"math/0211159v3"}, db.Papers())

	res, err := db.Query(ctx, "2301.01234v2 text cs/0112004v1", 10)
	require.NoError(t, err)
	require.Equal(t, []string{"math/0211159v3_chunk_0", "math/0211159v3_chunk_1"}, sortedIDs(res))

	// Deleted papers can come back.
	n, err := db.Add(ctx, chunkDocs("cs/0112004v1", 2, func(i int) string { return "back" }))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.True(t, db.HasPaper("cs/0112004v1"))
}

func sortedIDs(rs []Result) []string {
	ids := resultIDs(rs)
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j]
		}
	}
	return ids
}

func TestInfoBytesAndPapers(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(32))
	empty := db.Info().Bytes
	for i := range 20 {
		_, err := db.Add(ctx, chunkDocs(fmt.Sprintf("2302.%05dv1", i), 10, func(j int) string {
			return strings.Repeat(fmt.Sprintf("word%d ", j), 50)
		}))
		require.NoError(t, err)
	}
	info := db.Info()
	require.Equal(t, 200, info.Chunks)
	require.Equal(t, 20, info.Papers)
	require.Zero(t, info.DeletedSlots)
	require.NoError(t, db.DeletePaper(ctx, "2302.00003"))
	require.Equal(t, 10, db.Info().DeletedSlots)
	_, err := db.Add(ctx, chunkDocs("2302.00003v1", 10, func(j int) string { return "back again" }))
	require.NoError(t, err)
	require.Equal(t, 10, db.Info().DeletedSlots, "a paper added again takes new slots")
	info = db.Info()
	require.Greater(t, info.Bytes, empty)
	var files int64
	for _, name := range []string{StoreFileName, VectorFileName, CompactFileName} {
		f, err := os.Open(filepath.Join(filepath.Dir(info.Path), name))
		require.NoError(t, err)
		_, used, err := fileBlocks(f)
		f.Close()
		require.NoError(t, err)
		files += used
	}
	require.Equal(t, files, info.Bytes, "the disk the store's three files take")
	require.Len(t, db.Papers(), 20)
}

func TestConcurrentQueriesAndAdds(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(32))
	_, err := db.Add(ctx, chunkDocs("2301.00001v1", 20, func(i int) string { return topics[i%len(topics)] }))
	require.NoError(t, err)

	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 6 {
		wg.Go(func() {
			for i := range 15 {
				res, err := db.Query(ctx, topics[(g+i)%len(topics)], 5)
				if err != nil {
					errs <- err
					return
				}
				if len(res) != 5 {
					errs <- fmt.Errorf("got %d results", len(res))
					return
				}
				_ = db.Count()
				_ = db.HasPaper("2301.00001")
			}
		})
	}
	wg.Go(func() {
		for i := range 5 {
			if _, err := db.Add(ctx, chunkDocs(fmt.Sprintf("2301.1000%dv1", i), 3, func(j int) string { return topics[j] })); err != nil {
				errs <- err
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, 35, db.Count())
}

// Two handles on one directory (as two processes would be) see each other's
// writes on their next Query, through the deletion log and the new docnums,
// and through a full reload once the log was pruned past them.
func TestOtherHandleChangesArePickedUp(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := newTestEmbedder(32)
	a := openTest(t, dir, emb)
	a.opt.keepDels = 3
	b := openTest(t, dir, emb)

	query := func(h *DB) []string {
		res, err := h.Query(ctx, "alpha beta gamma", 100)
		require.NoError(t, err)
		return sortedIDs(res)
	}
	_, err := a.Add(ctx, chunkDocs("2301.00001v1", 2, func(int) string { return "alpha" }))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00001v1_chunk_0", "2301.00001v1_chunk_1"}, query(b))
	require.Equal(t, 2, b.Count())

	_, err = a.Add(ctx, chunkDocs("2301.00001v2", 1, func(int) string { return "beta" }))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00001v2_chunk_0"}, query(b), "incremental: two deletions and one addition")
	require.True(t, b.HasPaper("2301.00001v2"))
	require.False(t, b.HasPaper("2301.00001v1"))

	// Four more deletions exceed keepDels: the log is pruned and b, behind
	// it, reloads everything.
	_, err = a.Add(ctx, chunkDocs("2301.00002v1", 4, func(int) string { return "gamma" }))
	require.NoError(t, err)
	require.NoError(t, a.DeletePaper(ctx, "2301.00002"))
	require.NoError(t, a.DeletePaper(ctx, "2301.00001"))
	_, err = a.Add(ctx, chunkDocs("2301.00003v1", 1, func(int) string { return "alpha" }))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00003v1_chunk_0"}, query(b))
	require.Equal(t, []string{"2301.00003v1"}, b.Papers())

	// b writes; a catches up.
	_, err = b.Add(ctx, chunkDocs("cs/0112004v1", 1, func(int) string { return "beta" }))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00003v1_chunk_0", "cs/0112004v1_chunk_0"}, query(a))
	require.Equal(t, 2, a.Count())
}

func TestRefresh(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := newTestEmbedder(8)
	a, b := openTest(t, dir, emb), openTest(t, dir, emb)
	_, err := a.Add(ctx, chunkDocs("2301.00001v1", 3, func(int) string { return "x" }))
	require.NoError(t, err)
	require.Zero(t, b.Count(), "Count answers from memory")
	require.NoError(t, b.Refresh(ctx))
	require.Equal(t, 3, b.Count())
	require.True(t, b.HasPaper("2301.00001"))
}

func TestFormatVersionRecordedAndUnknownRefused(t *testing.T) {
	dir := t.TempDir()
	db := openTest(t, dir, newTestEmbedder(8))
	require.NoError(t, db.Close())

	b, err := bolt.Open(filepath.Join(dir, StoreFileName), 0o644, nil)
	require.NoError(t, err)
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		m := tx.Bucket(bucketMeta)
		require.Equal(t, uint64(FormatVersion), getU64(m.Get(metaFormat)))
		require.Equal(t, "test-words", string(m.Get(metaEmbedder)))
		require.Equal(t, uint64(8), getU64(m.Get(metaDim)))
		return nil
	}))
	require.NoError(t, b.Update(func(tx *bolt.Tx) error {
		m := tx.Bucket(bucketMeta)
		require.NoError(t, m.Put(metaWriter, []byte("v9.0.0")))
		return m.Put(metaFormat, u64(FormatVersion+1))
	}))
	require.NoError(t, b.Close())

	_, err = Open(context.Background(), dir, newTestEmbedder(8))
	var fe *FormatError
	require.ErrorAs(t, err, &fe)
	require.Equal(t, FormatVersion+1, fe.Found)
	msg := err.Error()
	require.Contains(t, msg, filepath.Join(dir, StoreFileName))
	require.Contains(t, msg, fmt.Sprintf("format version %d", FormatVersion+1))
	require.Contains(t, msg, "gtrag v9.0.0")
	require.Contains(t, msg, "re-ingest")
}

// fixedDimEmbedder claims one dimension up front (or 0) and returns another.
type fixedDimEmbedder struct {
	spec       string
	claim, got int
}

func (e fixedDimEmbedder) Spec() string { return e.spec }
func (e fixedDimEmbedder) Dim() int     { return e.claim }
func (e fixedDimEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = randomVector(texts[i], e.got)
	}
	return out, nil
}

func TestEmbedderMismatch(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openTest(t, dir, fixedDimEmbedder{spec: "offline", claim: 768, got: 768})
	_, err := db.Add(ctx, chunkDocs("2301.00001v1", 1, func(int) string { return "x" }))
	require.NoError(t, err)
	require.NoError(t, db.Close())

	t.Run("other spec", func(t *testing.T) {
		_, err := Open(ctx, dir, fixedDimEmbedder{spec: "ollama:nomic-embed-text", got: 768})
		var me *MismatchError
		require.ErrorAs(t, err, &me)
		require.Equal(t, fmt.Sprintf(`store at %s was built with embedder "offline" (dim 768); you asked for "ollama:nomic-embed-text"`, dir), err.Error())
		require.Equal(t, "offline", me.StoredSpec, "what the command layer's hint (--embedder offline) is made of")
	})
	t.Run("same spec, other declared dim", func(t *testing.T) {
		_, err := Open(ctx, dir, fixedDimEmbedder{spec: "offline", claim: 512, got: 512})
		var me *MismatchError
		require.ErrorAs(t, err, &me)
		require.True(t, me.DimMismatch)
		require.Contains(t, err.Error(), "dim 768")
		require.Contains(t, err.Error(), "dim 512")
	})
	t.Run("dim revealed by the first answer", func(t *testing.T) {
		db := openTest(t, dir, fixedDimEmbedder{spec: "offline", got: 1024})
		_, err := db.Add(ctx, chunkDocs("2301.00002v1", 1, func(int) string { return "y" }))
		var me *MismatchError
		require.ErrorAs(t, err, &me)
		require.Contains(t, err.Error(), "dim 1024")
		_, err = db.Query(ctx, "y", 3)
		require.ErrorAs(t, err, &me)
		require.Equal(t, 1, db.Count(), "nothing written")
	})
	t.Run("nil embedder inspects", func(t *testing.T) {
		db := openTest(t, dir, nil, ReadOnly())
		require.Equal(t, "offline", db.Info().Embedder)
		require.Equal(t, 768, db.Info().Dim)
		_, err := db.Query(ctx, "x", 1)
		require.ErrorContains(t, err, "without an embedder")
	})
}

func TestDataDirProblems(t *testing.T) {
	ctx := context.Background()
	emb := newTestEmbedder(8)

	t.Run("data dir is a file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "data")
		require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
		_, err := Open(ctx, file, emb)
		require.ErrorContains(t, err, "data directory "+file+" is a file")
	})
	t.Run("store path is a directory", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, os.Mkdir(filepath.Join(dir, StoreFileName), 0o755))
		_, err := Open(ctx, dir, emb)
		require.ErrorContains(t, err, "is a directory")
	})
	t.Run("read-only option on a missing store", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "none")
		_, err := Open(ctx, dir, emb, ReadOnly())
		require.ErrorContains(t, err, "no store in "+dir)
		require.ErrorIs(t, err, ErrNoStore)
		_, err = os.Stat(dir)
		require.ErrorIs(t, err, os.ErrNotExist, "read-only open creates nothing")
		require.NoError(t, os.Mkdir(dir, 0o755))
		_, err = Open(ctx, dir, emb, ReadOnly())
		require.ErrorIs(t, err, ErrNoStore)
		require.ErrorContains(t, err, "no store in "+dir+" (no "+StoreFileName+")")
	})
	t.Run("must-exist option", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "none")
		_, err := Open(ctx, dir, emb, MustExist())
		require.ErrorIs(t, err, ErrNoStore)
		require.ErrorContains(t, err, "no store in "+dir)
		_, err = os.Stat(dir)
		require.ErrorIs(t, err, os.ErrNotExist, "creates nothing")
		require.NoError(t, os.Mkdir(dir, 0o755))
		_, err = Open(ctx, dir, emb, MustExist())
		require.ErrorIs(t, err, ErrNoStore)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Empty(t, entries, "creates nothing")
		// An empty store.db is no store either, and stays empty.
		empty := filepath.Join(dir, StoreFileName)
		require.NoError(t, os.WriteFile(empty, nil, 0o644))
		_, err = Open(ctx, dir, emb, MustExist())
		require.ErrorIs(t, err, ErrNoStore)
		require.ErrorContains(t, err, StoreFileName+" is empty")
		fi, err := os.Stat(empty)
		require.NoError(t, err)
		require.Zero(t, fi.Size(), "nothing written over it")
		require.NoError(t, os.Remove(empty))
		openTest(t, dir, emb)
		db := openTest(t, dir, emb, MustExist())
		_, err = db.Add(ctx, chunkDocs("2301.00001v1", 1, func(int) string { return "x" }))
		require.NoError(t, err, "a store that is there opens read-write")
	})
	t.Run("read-only option refuses writes, serves reads", func(t *testing.T) {
		dir := t.TempDir()
		db := openTest(t, dir, emb)
		_, err := db.Add(ctx, chunkDocs("2301.00001v1", 2, func(int) string { return "hello" }))
		require.NoError(t, err)
		ro := openTest(t, dir, emb, ReadOnly())
		_, err = ro.Add(ctx, chunkDocs("2301.00002v1", 1, func(int) string { return "x" }))
		require.ErrorContains(t, err, "read-only")
		require.ErrorContains(t, ro.DeletePaper(ctx, "2301.00001"), "read-only")
		res, err := ro.Query(ctx, "hello", 5)
		require.NoError(t, err)
		require.Len(t, res, 2)
	})
	t.Run("read-only directory", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root ignores permissions")
		}
		dir := t.TempDir()
		db := openTest(t, dir, emb)
		_, err := db.Add(ctx, chunkDocs("2301.00001v1", 1, func(int) string { return "hello" }))
		require.NoError(t, err)
		require.NoError(t, os.Chmod(filepath.Join(dir, StoreFileName), 0o444))
		require.NoError(t, os.Chmod(dir, 0o555))
		t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
		db = openTest(t, dir, emb)
		res, err := db.Query(ctx, "hello", 5)
		require.NoError(t, err)
		require.Len(t, res, 1)
		_, err = db.Add(ctx, chunkDocs("2301.00002v1", 1, func(int) string { return "x" }))
		require.ErrorContains(t, err, "not writable")
	})
	t.Run("creation interrupted before the first commit", func(t *testing.T) {
		for name, prepare := range map[string]func(file string){
			"empty file": func(file string) { require.NoError(t, os.WriteFile(file, nil, 0o644)) },
			"bbolt file without buckets": func(file string) {
				b, err := bolt.Open(file, 0o644, nil)
				require.NoError(t, err)
				require.NoError(t, b.Close())
			},
		} {
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				prepare(filepath.Join(dir, StoreFileName))
				// Nothing was ever stored: an open that must find a store
				// finds none, and leaves the file as it is.
				for _, opt := range []Option{ReadOnly(), MustExist()} {
					before, err := os.ReadFile(filepath.Join(dir, StoreFileName))
					require.NoError(t, err)
					_, err = Open(ctx, dir, emb, opt)
					require.ErrorContains(t, err, "no store in "+dir)
					require.ErrorIs(t, err, ErrNoStore)
					after, err := os.ReadFile(filepath.Join(dir, StoreFileName))
					require.NoError(t, err)
					require.Equal(t, before, after, "nothing written")
				}
				db := openTest(t, dir, emb)
				require.Equal(t, FormatVersion, db.Info().FormatVersion)
				_, err := db.Add(ctx, chunkDocs("2301.00001v1", 1, func(int) string { return "x" }))
				require.NoError(t, err)
			})
		}
	})
	t.Run("closed", func(t *testing.T) {
		db := openTest(t, t.TempDir(), emb)
		require.NoError(t, db.Close())
		_, err := db.Query(ctx, "x", 1)
		require.ErrorContains(t, err, "closed")
		_, err = db.Add(ctx, chunkDocs("a", 1, func(int) string { return "x" }))
		require.ErrorContains(t, err, "closed")
	})
}

// storeWithData builds a small store and returns its file.
func storeWithData(t *testing.T) (dir, file string) {
	t.Helper()
	dir = t.TempDir()
	db := openTest(t, dir, newTestEmbedder(64))
	for i := range 30 {
		_, err := db.Add(context.Background(), chunkDocs(fmt.Sprintf("2301.%05dv1", i), 20, func(j int) string {
			return strings.Repeat(topics[(i+j)%len(topics)]+" ", 5)
		}))
		require.NoError(t, err)
	}
	require.NoError(t, db.Close())
	return dir, filepath.Join(dir, StoreFileName)
}

func TestCorruptStoreIsAClearError(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		damage  func(t *testing.T, file string)
		mustErr bool
	}{
		{"truncated to half", func(t *testing.T, file string) {
			fi, err := os.Stat(file)
			require.NoError(t, err)
			require.NoError(t, os.Truncate(file, fi.Size()/2))
		}, true},
		{"truncated inside the meta pages", func(t *testing.T, file string) {
			require.NoError(t, os.Truncate(file, 100))
		}, true},
		{"not a bbolt file", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, bytes.Repeat([]byte("not a store "), 2000), 0o644))
		}, true},
		{"both meta pages overwritten", func(t *testing.T, file string) {
			f, err := os.OpenFile(file, os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = f.WriteAt(bytes.Repeat([]byte{0xAB}, 2*4096), 0)
			require.NoError(t, err)
			require.NoError(t, f.Close())
		}, true},
		{"page headers overwritten (bbolt panics on these)", func(t *testing.T, file string) {
			f, err := os.OpenFile(file, os.O_WRONLY, 0)
			require.NoError(t, err)
			fi, err := f.Stat()
			require.NoError(t, err)
			for off := int64(2 * 4096); off < fi.Size(); off += 4096 {
				_, err = f.WriteAt(bytes.Repeat([]byte{0xFF}, 16), off)
				require.NoError(t, err)
			}
			require.NoError(t, f.Close())
		}, true},
		{"branch and leaf pages overwritten", func(t *testing.T, file string) {
			f, err := os.OpenFile(file, os.O_WRONLY, 0)
			require.NoError(t, err)
			fi, err := f.Stat()
			require.NoError(t, err)
			for off := int64(2 * 4096); off < fi.Size(); off += 3 * 4096 {
				_, err = f.WriteAt(bytes.Repeat([]byte{0xFF, 0x13}, 2048), off)
				require.NoError(t, err)
			}
			require.NoError(t, f.Close())
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, file := storeWithData(t)
			tt.damage(t, file)
			var err error
			require.NotPanics(t, func() {
				var db *DB
				db, err = Open(ctx, dir, newTestEmbedder(64))
				if err == nil {
					_, err = db.Query(ctx, topics[0], 10)
					_ = db.Close()
				}
			})
			if tt.mustErr {
				require.Error(t, err)
			}
			if err != nil {
				t.Log(err)
				require.Contains(t, err.Error(), file, "the error names the file")
				var ce *CorruptError
				require.ErrorAs(t, err, &ce)
				require.NotContains(t, err.Error(), "goroutine", "no stack trace")
			}
		})
	}
}

func TestLockWaitIsAnnouncedAndBounded(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	emb := newTestEmbedder(8)
	db := openTest(t, dir, emb)
	_, err := db.Add(ctx, chunkDocs("2301.00001v1", 1, func(int) string { return "x" }))
	require.NoError(t, err)

	// Another handle holding the exclusive lock stands in for a writer in
	// another process (flock locks conflict across open files).
	hold := func() *bolt.DB {
		b, err := bolt.Open(filepath.Join(dir, StoreFileName), 0o644, &bolt.Options{Timeout: time.Second})
		require.NoError(t, err)
		return b
	}

	t.Run("gives up with a clear error", func(t *testing.T) {
		b := hold()
		defer b.Close()
		var notes bytes.Buffer
		start := time.Now()
		_, err := Open(ctx, dir, emb, LockTimeout(300*time.Millisecond), WaitNotices(&notes))
		require.ErrorContains(t, err, "locked by another gtrag process")
		require.Less(t, time.Since(start), 5*time.Second)
		require.Contains(t, notes.String(), "is being written by another gtrag process; waiting…")
	})
	t.Run("waits and proceeds", func(t *testing.T) {
		b := hold()
		time.AfterFunc(300*time.Millisecond, func() { _ = b.Close() })
		var notes bytes.Buffer
		other, err := Open(ctx, dir, emb, LockTimeout(10*time.Second), WaitNotices(&notes))
		require.NoError(t, err)
		require.Equal(t, 1, other.Count())
		require.Equal(t, 1, strings.Count(notes.String(), "waiting…"), "said once")
	})
	t.Run("cancellation ends the wait", func(t *testing.T) {
		b := hold()
		defer b.Close()
		cctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancel()
		_, err := db.Add(cctx, chunkDocs("2301.00002v1", 1, func(int) string { return "y" }))
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
}

// cancellingEmbedder cancels the context on its n-th call.
type cancellingEmbedder struct {
	*testEmbedder
	cancel func()
	calls  int
	at     int
}

func (e *cancellingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.calls++
	if e.calls == e.at {
		e.cancel()
	}
	return e.testEmbedder.Embed(context.Background(), texts)
}

func TestCancelledAddLeavesWholeBatches(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	emb := &cancellingEmbedder{testEmbedder: newTestEmbedder(8), cancel: cancel, at: 3}
	db := openTest(t, dir, emb, BatchSize(10))
	var docs []Document
	for p := range 6 {
		docs = append(docs, chunkDocs(fmt.Sprintf("2301.0000%dv1", p), 10, func(i int) string { return "t" })...)
	}
	n, err := db.Add(ctx, docs)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 20, n, "two batches committed before the third was cancelled")

	other := openTest(t, dir, newTestEmbedder(8))
	require.Equal(t, 20, other.Count())
	require.Equal(t, []string{"2301.00000v1", "2301.00001v1"}, other.Papers())
}

func TestAddRejectsEmptyID(t *testing.T) {
	db := openTest(t, t.TempDir(), newTestEmbedder(8))
	_, err := db.Add(context.Background(), []Document{{ID: "", Content: "x"}})
	require.ErrorContains(t, err, "empty id")
	n, err := db.Add(context.Background(), nil)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestErrorsWrapContext(t *testing.T) {
	// A failing embedder's error reaches the caller wrapped, not swallowed.
	db := openTest(t, t.TempDir(), newTestEmbedder(8))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := db.Query(ctx, "x", 1)
	require.True(t, errors.Is(err, context.Canceled), err)
}

// Only panics raised by bbolt (or memory faults in the map) are read as a
// damaged file; a bug in this package still panics.
func TestWithFileKeepsOwnPanics(t *testing.T) {
	db := openTest(t, t.TempDir(), newTestEmbedder(8))
	require.PanicsWithValue(t, "a bug", func() {
		_ = db.withFile(context.Background(), false, func(*bolt.DB) error { panic("a bug") })
	})
	// The file lock was released on the way out.
	_, err := db.Add(context.Background(), chunkDocs("2301.00001v1", 1, func(int) string { return "x" }))
	require.NoError(t, err)
}

// TestResultJSONFromOlderTraces: a result recorded before Similarity
// existed carried the cosine as its score, and reads back with it as the
// similarity; a current one round-trips as it is.
func TestResultJSONFromOlderTraces(t *testing.T) {
	var old Result
	require.NoError(t, json.Unmarshal([]byte(`{"id":"a_chunk_0","content":"x","score":0.42}`), &old))
	require.Equal(t, Result{Document: Document{ID: "a_chunk_0", Content: "x"}, Score: 0.42, Similarity: 0.42}, old)

	cur := Result{Document: Document{ID: "b", Metadata: map[string]string{"paper_id": "b"}}, Score: 0.9, Similarity: 0, BM25: 3.5, LexicalRank: 1}
	b, err := json.Marshal(cur)
	require.NoError(t, err)
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, cur, back)
}

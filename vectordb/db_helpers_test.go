package vectordb

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// testEmbedder is a deterministic embedder for the store's tests: signed
// feature hashing of lower-cased words, so texts sharing words are similar.
// It counts the texts it embeds, to check what Add skips.
type testEmbedder struct {
	spec  string
	dim   int
	texts atomic.Int64
}

func newTestEmbedder(dim int) *testEmbedder { return &testEmbedder{spec: "test-words", dim: dim} }

func (e *testEmbedder) Spec() string { return e.spec }
func (e *testEmbedder) Dim() int     { return e.dim }

func (e *testEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.texts.Add(int64(len(texts)))
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, e.dim)
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
		}) {
			h := fnv.New64a()
			h.Write([]byte(w))
			x := h.Sum64()
			sign := float32(1)
			if x>>63 == 1 {
				sign = -1
			}
			v[x%uint64(e.dim)] += sign
		}
		out[i] = v
	}
	return out, nil
}

// randomEmbedder gives each text a pseudo-random vector seeded by the text:
// deterministic, and as spread out as real embeddings, for benchmarks.
type randomEmbedder struct{ dim int }

func (e randomEmbedder) Spec() string { return fmt.Sprintf("test-random-%d", e.dim) }
func (e randomEmbedder) Dim() int     { return e.dim }

func (e randomEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = randomVector(t, e.dim)
	}
	return out, nil
}

func randomVector(seed string, dim int) []float32 {
	h := fnv.New64a()
	h.Write([]byte(seed))
	r := rand.New(rand.NewPCG(h.Sum64(), 0x9e3779b97f4a7c15))
	v := make([]float32, dim)
	for j := range v {
		v[j] = float32(r.NormFloat64())
	}
	return v
}

// chunkDocs makes n chunks of one paper, as the chunker would.
func chunkDocs(paperID string, n int, text func(i int) string) []Document {
	docs := make([]Document, n)
	for i := range docs {
		docs[i] = Document{
			ID:      fmt.Sprintf("%s_chunk_%d", paperID, i),
			Content: text(i),
			Metadata: map[string]string{
				"paper_id":    paperID,
				"title":       "Title of " + paperID,
				"chunk_index": fmt.Sprint(i),
			},
		}
	}
	return docs
}

func openTest(t testing.TB, dir string, emb Embedder, opts ...Option) *DB {
	t.Helper()
	db, err := Open(context.Background(), dir, emb, opts...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func resultIDs(rs []Result) []string {
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids
}

// storedVectors reads every live document's vector straight from the files:
// the slots bucket and the vector file, as a query would see them. A
// document stored without a vector maps to an empty slice. Every live slot
// that has a checksum must match it.
func storedVectors(t testing.TB, db *DB) map[string][]float32 {
	t.Helper()
	b, err := bolt.Open(db.path, 0o644, &bolt.Options{ReadOnly: true, Timeout: 5 * time.Second})
	require.NoError(t, err)
	defer b.Close()
	out := map[string][]float32{}
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		m, err := readMeta(tx, db.path)
		if err != nil {
			return err
		}
		vv, err := openVectors(db.path, m.dim, m.nextDoc, true)
		if err != nil {
			return err
		}
		defer vv.close()
		var cv *f16View
		if m.compact {
			if cv, err = openCompact(db.path, m.dim, m.nextDoc); err != nil {
				return err
			}
			defer cv.close()
		}
		holes, err := db.readHoles(tx, m)
		if err != nil {
			return err
		}
		if err := checkSlotSums(tx, db.path, m, false); err != nil {
			return err
		}
		return tx.Bucket(bucketSlots).ForEach(func(k, v []byte) error {
			s, err := decodeSlotRecord(v)
			if err != nil {
				return err
			}
			doc := getU64(k)
			if s.HasVector == holes.has(doc) {
				return fmt.Errorf("slot %d of %s: has a vector %v, a hole %v", doc, s.ID, s.HasVector, holes.has(doc))
			}
			if !s.HasVector {
				out[s.ID] = []float32{}
				return nil
			}
			out[s.ID] = slices.Clone(vv.slot(doc))
			if cv != nil {
				for i, x := range vv.slot(doc) {
					if h := cv.slot(doc)[i]; h != f32ToF16(x) {
						return fmt.Errorf("slot %d of %s: float16 copy %04x, float32 %v", doc, s.ID, h, x)
					}
				}
			}
			return nil
		})
	}))
	return out
}

package vectordb

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// storeModel is the upsert rules of Store.Add and DeletePaper written the
// obvious way, in memory: the reference the store is checked against.
type storeModel struct {
	version map[string]int                 // paper base id → stored version
	docs    map[string]map[string]Document // base id → chunk id → document
}

func (m *storeModel) add(docs []Document) {
	newest := map[string]int{}
	for _, d := range docs {
		base, v := SplitVersion(d.PaperID())
		newest[base] = max(newest[base], v)
	}
	for base, v := range newest {
		stored, ok := m.version[base]
		switch {
		case ok && v < stored:
			delete(newest, base)
		case ok && v > stored:
			m.docs[base] = map[string]Document{}
		}
	}
	for _, d := range docs {
		base, v := SplitVersion(d.PaperID())
		if n, ok := newest[base]; !ok || v != n {
			continue
		}
		if m.docs[base] == nil {
			m.docs[base] = map[string]Document{}
		}
		m.version[base] = v
		m.docs[base][d.ID] = d
	}
}

func (m *storeModel) deletePaper(id string) {
	base, v := SplitVersion(id)
	if stored, ok := m.version[base]; ok && (id == base || stored == v) {
		delete(m.version, base)
		delete(m.docs, base)
	}
}

func (m *storeModel) all() map[string]Document {
	out := map[string]Document{}
	for _, docs := range m.docs {
		maps.Copy(out, docs)
	}
	return out
}

// TestStoreMatchesModel applies random adds (new papers, new versions, stale
// versions, edits, re-adds) and deletions, then checks the store against
// the model: documents, papers, the persisted BM25 postings against the
// in-memory BM25 index over the same documents, and a second handle that
// followed along only through incremental syncs.
func TestStoreMatchesModel(t *testing.T) {
	ctx := context.Background()
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	vocab := strings.Fields("nash pareto auction shapley core nucleolus matching stable bargaining voting " +
		"regret learning equilibrium mixed pure zero sum minimax bayesian signalling mechanism design " +
		"incentive welfare anarchy congestion potential evolutionary replicator dynamics")
	text := func() string {
		words := make([]string, 2+rng.IntN(25))
		for i := range words {
			words[i] = vocab[rng.IntN(len(vocab))]
		}
		return strings.Join(words, " ")
	}
	paperID := func(p, v int) string {
		if p%3 == 0 {
			return fmt.Sprintf("math/%07dv%d", p, v)
		}
		return fmt.Sprintf("2303.%05dv%d", p, v)
	}

	dir := t.TempDir()
	emb := newTestEmbedder(24)
	db := openTest(t, dir, emb, BatchSize(7))
	db.opt.keepDels = 40 // prune the deletion log now and then
	follower := openTest(t, dir, emb)
	model := &storeModel{version: map[string]int{}, docs: map[string]map[string]Document{}}

	for op := range 120 {
		switch r := rng.IntN(10); {
		case r < 8:
			var docs []Document
			for range 1 + rng.IntN(3) {
				p, v := rng.IntN(25), 1+rng.IntN(3)
				n := 1 + rng.IntN(14)
				docs = append(docs, chunkDocs(paperID(p, v), n, func(int) string { return text() })...)
			}
			if rng.IntN(4) == 0 && len(model.all()) > 0 {
				// Re-add stored documents, some of them edited.
				for _, d := range model.all() {
					if rng.IntN(3) == 0 {
						if rng.IntN(2) == 0 {
							d.Content = text()
						}
						docs = append(docs, d)
					}
				}
			}
			_, err := db.Add(ctx, docs)
			require.NoError(t, err, "op %d", op)
			model.add(docs)
		default:
			p := rng.IntN(25)
			id := paperID(p, 1+rng.IntN(3))
			if rng.IntN(2) == 0 {
				id, _ = SplitVersion(id)
			}
			require.NoError(t, db.DeletePaper(ctx, id))
			model.deletePaper(id)
		}
		if op%10 == 9 {
			_, err := follower.Query(ctx, "nash", 1) // syncs the follower
			require.NoError(t, err)
		}
		if op == 60 {
			require.NoError(t, db.Close())
			db = openTest(t, dir, emb, BatchSize(7))
			db.opt.keepDels = 40
		}
	}

	want := model.all()
	var wantPapers []string
	for _, docs := range model.docs {
		for _, d := range docs {
			wantPapers = append(wantPapers, d.PaperID())
			break
		}
	}
	// Documents whose words cancel out to a zero vector are stored without
	// one: a hole in the vector scan (and still found by BM25).
	withVector := 0
	for _, d := range want {
		v, err := emb.Embed(ctx, []string{d.Content})
		require.NoError(t, err)
		if len(unitVector(v[0])) > 0 {
			withVector++
		}
	}
	for _, h := range []*DB{db, follower, openTest(t, dir, emb)} {
		require.NoError(t, h.Refresh(ctx))
		require.Equal(t, len(want), h.Count())
		require.ElementsMatch(t, wantPapers, h.Papers())
		vectors := storedVectors(t, h)
		require.Len(t, vectors, len(want), "a slot per document")
		require.Equal(t, withVector, len(slices.DeleteFunc(slices.Collect(maps.Values(vectors)), func(v []float32) bool { return len(v) == 0 })), "documents with a vector")
		res, err := h.Query(ctx, strings.Join(vocab, " "), len(want)+5)
		require.NoError(t, err)
		require.Len(t, res, len(want))
		for _, r := range res {
			w, ok := want[r.ID]
			require.True(t, ok, "unexpected %s", r.ID)
			require.Equal(t, w.Content, r.Content)
			require.Equal(t, w.Metadata, r.Metadata)
		}
	}

	queries := make([]string, 15)
	for i := range queries {
		queries[i] = text()
	}
	requireBM25MatchesReference(t, db, want, queries)
}

// requireBM25MatchesReference checks that the persisted postings score
// exactly like the in-memory BM25 index over the documents want.
func requireBM25MatchesReference(t *testing.T, db *DB, want map[string]Document, queries []string) {
	t.Helper()
	var ref BM25
	for id, d := range want {
		ref.Add(id, d.Content)
	}
	b, err := bolt.Open(db.path, 0o644, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		m, err := readMeta(tx, db.path)
		require.NoError(t, err)
		for _, q := range queries {
			_, ranked, err := db.bm25Ranked(tx, m, uniqueTerms(q), len(want))
			require.NoError(t, err)
			got := map[string]float64{}
			ids, err := db.slotIDs(tx, ranked)
			require.NoError(t, err)
			for i, r := range ranked {
				got[ids[i]] = r.score
			}
			hits := ref.Search(q, len(want))
			require.Len(t, got, len(hits), q)
			for _, h := range hits {
				require.InDelta(t, h.Score, got[h.ID], 1e-9, "%q: %s", q, h.ID)
			}
			require.True(t, slices.IsSortedFunc(ranked, func(a, b scoredDoc) int {
				if a.score > b.score {
					return -1
				}
				if a.score < b.score {
					return 1
				}
				return 0
			}))
		}
		return nil
	}))
}

// TestPostingBlocksSplitAndShrink drives one term through many posting
// blocks (more documents than postingBlockMax, added in small and large
// batches), deletes from the middle of blocks and empties some, and checks
// the scores still match the in-memory BM25 index.
func TestPostingBlocksSplitAndShrink(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), newTestEmbedder(8))
	want := map[string]Document{}
	add := func(paper string, n int) {
		docs := chunkDocs(paper, n, func(i int) string { return fmt.Sprintf("common word%d word%d", i%7, len(want)%5) })
		_, err := db.Add(ctx, docs)
		require.NoError(t, err)
		for _, d := range docs {
			want[d.ID] = d
		}
	}
	for p := range 30 {
		add(fmt.Sprintf("2304.%05dv1", p), 1+p%3*10) // 1, 11 or 21 chunks
	}
	add("2304.99999v1", 3*postingBlockMax)
	require.Greater(t, len(want), 2*postingBlockMax)
	for p := 0; p < 30; p += 4 {
		paper := fmt.Sprintf("2304.%05d", p)
		require.NoError(t, db.DeletePaper(ctx, paper))
		for id := range want {
			if strings.HasPrefix(id, paper) {
				delete(want, id)
			}
		}
	}
	for p := 1; p < 30; p += 6 { // new versions replace
		old := fmt.Sprintf("2304.%05dv1", p)
		for id := range want {
			if strings.HasPrefix(id, old) {
				delete(want, id)
			}
		}
		add(fmt.Sprintf("2304.%05dv2", p), 2)
	}
	require.Equal(t, len(want), db.Count())
	requireBM25MatchesReference(t, db, want, []string{"common", "word3", "common word1 word4", "absent"})
}

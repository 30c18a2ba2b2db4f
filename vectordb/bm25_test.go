package vectordb

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gtrag/gtrag/text"
	"github.com/stretchr/testify/require"
)

func TestBM25Score(t *testing.T) {
	// Worked by hand: idf = ln(1 + 9.5/1.5), tf part = 2·2.2/(2 + 1.2·1).
	require.InDelta(t, math.Log(1+9.5/1.5)*4.4/3.2, BM25Score(2, 10, 10, 1, 10), 1e-12)

	base := BM25Score(2, 10, 10, 3, 100)
	require.Greater(t, BM25Score(3, 10, 10, 3, 100), base, "more occurrences score higher")
	require.Greater(t, BM25Score(2, 5, 10, 3, 100), base, "shorter documents score higher")
	require.Greater(t, BM25Score(2, 10, 10, 1, 100), base, "rarer terms score higher")
	idf := math.Log(1 + (100-3+0.5)/(3+0.5))
	require.Less(t, BM25Score(1e9, 10, 10, 3, 100), idf*(BM25K1+1)+1e-9, "term frequency saturates")
	require.Positive(t, BM25Score(1, 10, 10, 100, 100), "a term in every document still counts a little")
	for _, args := range [][5]float64{{0, 10, 10, 3, 100}, {1, 10, 10, 0, 100}, {1, 10, 10, 3, 0}} {
		require.Zero(t, BM25Score(args[0], args[1], args[2], args[3], args[4]), args)
	}
	require.False(t, math.IsNaN(BM25Score(1, 0, 0, 1, 1)), "empty collection statistics")
}

func hitIDs(hits []Hit) []string {
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids
}

func TestBM25(t *testing.T) {
	var x BM25 // zero value is usable
	require.Zero(t, x.Len())
	require.Nil(t, x.Search("auction", 5))

	x.Add("auction", "Second-price auctions: bidders bid their values in sealed-bid auctions.")
	x.Add("nash", "Every finite game has a Nash equilibrium in mixed strategies.")
	x.Add("pd", "The prisoner's dilemma: a game where both players defect in equilibrium.")
	x.Add("shapley", "The Shapley value splits the worth of a cooperative game fairly.")
	require.Equal(t, 4, x.Len())

	t.Run("rare terms decide", func(t *testing.T) {
		hits := x.Search("which game has a Shapley value?", 10)
		require.Equal(t, "shapley", hits[0].ID)
		require.Len(t, hits, 4)
		for i := 1; i < len(hits); i++ {
			require.GreaterOrEqual(t, hits[i-1].Score, hits[i].Score)
		}
		hits = x.Search("Shapley and bidders", 10)
		require.Equal(t, []string{"shapley", "auction"}, hitIDs(hits), "only documents sharing a term")
	})
	t.Run("stems and stop words", func(t *testing.T) {
		require.Equal(t, "auction", x.Search("Bidding in an auction", 1)[0].ID)
		require.Equal(t, "pd", x.Search("prisoners' dilemmas", 1)[0].ID)
	})
	t.Run("k limits, k <= 0 and term-less queries return nothing", func(t *testing.T) {
		require.Len(t, x.Search("game", 2), 2)
		require.Nil(t, x.Search("game", 0))
		require.Nil(t, x.Search("game", -1))
		require.Nil(t, x.Search("the of and", 5))
		require.Empty(t, x.Search("topology", 5))
	})
	t.Run("equal scores are ordered by id", func(t *testing.T) {
		var y BM25
		y.Add("b", "matching market")
		y.Add("c", "matching market")
		y.Add("a", "matching market")
		y.Add("z", "voting")
		hits := y.Search("matching", 10)
		require.Equal(t, []string{"a", "b", "c"}, hitIDs(hits))
		require.Equal(t, hits[0].Score, hits[2].Score)
	})
	t.Run("re-adding replaces, removing forgets", func(t *testing.T) {
		var y BM25
		y.Add("p1", "auction theory")
		y.Add("p2", "voting rules")
		y.Add("p1", "voting paradoxes")
		require.Equal(t, 2, y.Len())
		require.Empty(t, y.Search("auction", 5))
		require.ElementsMatch(t, []string{"p1", "p2"}, hitIDs(y.Search("voting", 5)))
		y.Remove("p2")
		y.Remove("unknown")
		require.Equal(t, 1, y.Len())
		require.Equal(t, []string{"p1"}, hitIDs(y.Search("voting", 5)))
	})
}

// bm25Reference scores every document from scratch with BM25Score.
func bm25Reference(docs map[string]string, query string, k int) []Hit {
	terms := uniqueTerms(query)
	tfs := map[string]map[string]int{}
	lens := map[string]int{}
	total := 0
	for id, doc := range docs {
		tf := map[string]int{}
		for _, tok := range text.Tokenize(doc) {
			tf[tok]++
			lens[id]++
		}
		tfs[id] = tf
		total += lens[id]
	}
	n := float64(len(docs))
	avg := float64(total) / n
	var hits []Hit
	for id, tf := range tfs {
		s, matched := 0.0, false
		for _, term := range terms {
			if tf[term] == 0 {
				continue
			}
			df := 0
			for _, other := range tfs {
				if other[term] > 0 {
					df++
				}
			}
			matched = true
			s += BM25Score(float64(tf[term]), float64(lens[id]), avg, float64(df), n)
		}
		if matched {
			hits = append(hits, Hit{ID: id, Score: s})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hitBetter(hits[i], hits[j]) })
	if len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

// TestBM25MatchesReference adds and removes random documents, enough to
// force compactions, and checks every ranking against a from-scratch
// computation.
func TestBM25MatchesReference(t *testing.T) {
	words := strings.Fields("nash equilibrium auction bid mechanism design shapley value core voting " +
		"matching stable market bargaining signal evolution replicator regret learning price anarchy")
	rng := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		n := 1 + rng.IntN(12)
		w := make([]string, n)
		for i := range w {
			w[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(w, " ")
	}
	var x BM25
	live := map[string]string{}
	check := func() {
		for range 5 {
			q := text()
			want := bm25Reference(live, q, 7)
			got := x.Search(q, 7)
			require.Equal(t, hitIDs(want), hitIDs(got), "query %q", q)
			for i := range want {
				require.InDelta(t, want[i].Score, got[i].Score, 1e-9)
			}
		}
	}
	for round := range 6 {
		for i := range 700 {
			id := fmt.Sprintf("d%d-%d", round, i)
			s := text()
			x.Add(id, s)
			live[id] = s
		}
		ids := slices.Sorted(func(yield func(string) bool) {
			for id := range live {
				if !yield(id) {
					return
				}
			}
		})
		for _, id := range ids[:len(ids)*3/4] {
			x.Remove(id)
			delete(live, id)
		}
		require.Equal(t, len(live), x.Len())
		check()
	}
	require.Less(t, len(x.docs), 3*len(live)+2048, "dead slots are compacted")
}

func TestBM25Concurrent(t *testing.T) {
	var x BM25
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 300 {
				id := fmt.Sprintf("w%d-%d", w, i)
				x.Add(id, "repeated games with discounting and folk theorems")
				_ = x.Search("folk theorem", 3)
				if i%2 == 0 {
					x.Remove(id)
				}
				_ = x.Len()
			}
		})
	}
	wg.Wait()
	require.Equal(t, 4*150, x.Len())
	require.Len(t, x.Search("folk theorem", 10), 10)
}

func BenchmarkBM25Search(b *testing.B) {
	var x BM25
	base := benchChunk()
	for i := range 10000 {
		x.Add(fmt.Sprintf("c%d", i), fmt.Sprintf("%s variant %d %s", base[:300+i%500], i, strings.Repeat("shapley ", i%3)))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = x.Search("How does a seller set reserve prices in repeated auctions with learning bidders?", 10)
	}
}

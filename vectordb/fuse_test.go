package vectordb

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFuseRRF(t *testing.T) {
	tests := []struct {
		name     string
		k        int
		rankings [][]string
		want     []string
	}{
		{"nothing", 60, nil, []string{}},
		{"one ranking keeps its order", 60, [][]string{{"c", "a", "b"}}, []string{"c", "a", "b"}},
		// c: 1/61+1/63 > b: 2/62 (the mean of convex 1/x lies above) > a > d
		{"agreement and convexity", 60, [][]string{{"a", "b", "c"}, {"c", "b", "d"}}, []string{"c", "b", "a", "d"}},
		{"mirror images tie, ids decide", 60, [][]string{{"b", "a"}, {"a", "b"}}, []string{"a", "b"}},
		{"k <= 0 means 60", 0, [][]string{{"a", "b", "c"}, {"c", "b", "d"}}, []string{"c", "b", "a", "d"}},
		// b is fourth in both lists, a and p first in one each. With k = 1
		// a first place (1/2) beats two fourth places (2/5); with k = 60
		// agreement wins (2/64 > 1/61).
		{"small k favours first places", 1, [][]string{{"a", "x", "y", "b"}, {"p", "q", "r", "b"}}, []string{"a", "p", "b", "q", "x", "r", "y"}},
		{"large k favours agreement", 60, [][]string{{"a", "x", "y", "b"}, {"p", "q", "r", "b"}}, []string{"b", "a", "p", "q", "x", "r", "y"}},
		{"duplicates count once, at the first place", 60, [][]string{{"a", "a", "b"}, {"b"}}, []string{"b", "a"}},
		{"empty rankings are ignored", 60, [][]string{{}, {"a"}, nil}, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, FuseRRF(tt.k, tt.rankings...))
		})
	}
}

func TestFuseRRFScores(t *testing.T) {
	hits := FuseRRFScores(60, []string{"a", "b"}, []string{"b"})
	first, second := 1/float64(61), 1/float64(62)
	require.Equal(t, []Hit{{ID: "b", Score: first + second}, {ID: "a", Score: first}}, hits)
}

// TestFuseRRFOrderFree checks that the order of the rankings never matters,
// even for scores that are equal only mathematically.
func TestFuseRRFOrderFree(t *testing.T) {
	r1 := []string{"p", "q", "r", "s", "t"}
	r2 := []string{"t", "s", "r", "q", "p"}
	r3 := []string{"r", "p", "t", "q", "s"}
	want := FuseRRF(60, r1, r2, r3)
	for _, perm := range [][][]string{{r1, r3, r2}, {r2, r1, r3}, {r2, r3, r1}, {r3, r1, r2}, {r3, r2, r1}} {
		require.Equal(t, want, FuseRRF(60, perm...))
	}
	// p: 1+5+2, t: 5+1+3 ranks; p and t differ, r: 3+3+1.
	require.Equal(t, "r", want[0])
}

func TestFuseWeightedRRF(t *testing.T) {
	strong := []string{"a", "b", "c"}
	weak := []string{"c", "b", "d"}
	tests := []struct {
		name     string
		k        int
		rankings []WeightedRanking
		want     []string
	}{
		{"nothing", 60, nil, []string{}},
		{"weights 1 are plain RRF", 60, []WeightedRanking{{strong, 1}, {weak, 1}}, FuseRRF(60, strong, weak)},
		{"scaling every weight changes nothing", 60, []WeightedRanking{{strong, 3}, {weak, 3}}, FuseRRF(60, strong, weak)},
		// c: 1/63 + 0.2/61 > a: 1/61: agreement still counts, but each
		// place of weak is worth a fifth, so b (second in both) leads and
		// d, weak's alone, comes last.
		{"a weak ranking votes with less", 60, []WeightedRanking{{strong, 1}, {weak, 0.2}}, []string{"b", "c", "a", "d"}},
		// Disjoint lists: equal weights tie first places (ids decide), a
		// weight of 0.2 puts a weak first place below a strong second.
		{"equal weights tie first places", 60, []WeightedRanking{{[]string{"y", "x"}, 1}, {[]string{"a", "b"}, 1}}, []string{"a", "y", "b", "x"}},
		{"a weak first place falls below a strong second", 60, []WeightedRanking{{[]string{"y", "x"}, 1}, {[]string{"a", "b"}, 0.2}}, []string{"y", "x", "a", "b"}},
		// Mirror image: now strong's places count a fifth.
		{"the weights decide, not the order of the rankings", 60,
			[]WeightedRanking{{strong, 0.2}, {weak, 1}}, []string{"c", "b", "d", "a"}},
		{"zero weight leaves a ranking out", 60, []WeightedRanking{{strong, 1}, {weak, 0}}, strong},
		{"negative weight leaves a ranking out", 60, []WeightedRanking{{strong, -1}, {weak, 1}}, weak},
		{"NaN weight leaves a ranking out", 60, []WeightedRanking{{strong, math.NaN()}, {weak, 1}}, weak},
		{"k <= 0 means 60", 0, []WeightedRanking{{strong, 1}, {weak, 0.2}}, []string{"b", "c", "a", "d"}},
		{"duplicates count once, at the first place", 60, []WeightedRanking{{[]string{"a", "a", "b"}, 1}, {[]string{"b"}, 0.5}}, []string{"b", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, fusedIDs(FuseWeightedRRF(tt.k, tt.rankings...)))
		})
	}
}

func TestFuseWeightedRRFScores(t *testing.T) {
	hits := FuseWeightedRRF(10, WeightedRanking{[]string{"a", "b"}, 2}, WeightedRanking{[]string{"b"}, 0.5})
	bFirst, bSecond, a := 2/float64(12), 0.5/float64(11), 2/float64(11)
	require.Equal(t, []Hit{{ID: "b", Score: bFirst + bSecond}, {ID: "a", Score: a}}, hits)
}

// TestFuseWeightedRRFOrderFree is TestFuseRRFOrderFree with unequal weights.
func TestFuseWeightedRRFOrderFree(t *testing.T) {
	r1 := WeightedRanking{[]string{"p", "q", "r", "s", "t"}, 0.3}
	r2 := WeightedRanking{[]string{"t", "s", "r", "q", "p"}, 0.7}
	r3 := WeightedRanking{[]string{"r", "p", "t", "q", "s"}, 0.1}
	want := FuseWeightedRRF(20, r1, r2, r3)
	for _, perm := range [][]WeightedRanking{{r1, r3, r2}, {r2, r1, r3}, {r2, r3, r1}, {r3, r1, r2}, {r3, r2, r1}} {
		require.Equal(t, want, FuseWeightedRRF(20, perm...))
	}
}

func TestHybridWeights(t *testing.T) {
	byVector := []string{"v1", "both", "v2", "v3"}
	byWords := []string{"w1", "w2", "both", "w3"}

	t.Run("zero value is equal RRF", func(t *testing.T) {
		require.Equal(t, FuseRRF(RRFDefaultK, byVector, byWords), HybridWeights{}.Fuse(byVector, byWords))
	})
	t.Run("model embedders get equal RRF", func(t *testing.T) {
		for _, spec := range []string{"ollama:nomic-embed-text", "openai:text-embedding-3-small", ""} {
			require.Equal(t, HybridWeights{}, HybridWeightsFor(spec), spec)
		}
	})
	t.Run("offline gets the measured weights", func(t *testing.T) {
		w := HybridWeightsFor(OfflineSpec)
		require.Equal(t, HybridWeights{K: OfflineFusionK, Vector: OfflineVectorWeight, Lexical: OfflineLexicalWeight}, w)
		require.Less(t, w.Vector, w.Lexical, "the offline vectors are the weaker ranking")
		// both: 0.2/42 + 1/43 leads; a place of the vectors alone (v1:
		// 0.2/41) falls below every place of BM25 (w3: 1/44). Equal RRF
		// puts v1 second, level with w1.
		require.Equal(t, []string{"both", "w1", "w2", "w3", "v1", "v2", "v3"}, w.Fuse(byVector, byWords))
		require.Equal(t, []string{"both", "v1", "w1", "w2", "v2", "v3", "w3"}, FuseRRF(RRFDefaultK, byVector, byWords))
	})
	t.Run("one side empty keeps the other's order", func(t *testing.T) {
		w := HybridWeightsFor(OfflineSpec)
		require.Equal(t, byVector, w.Fuse(byVector, nil))
		require.Equal(t, byWords, w.Fuse(nil, byWords))
	})
}

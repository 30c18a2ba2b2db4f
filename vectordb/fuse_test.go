package vectordb

import (
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

package weaviatestore

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Explanations recorded from Weaviate v1.35.2 (the server the tests run)
// for hybrid searches of the primer with DefaultHybrid.
const (
	// "why does tit-for-tat do well": first in both rankings.
	recordedBoth = "\nHybrid (Result Set vector,hybridVector) Document 85d76a5e-ba9d-5fb3-b5b0-def9edfc88ca contributed 0.0033333334 to the score\nHybrid (Result Set keyword,bm25) Document 85d76a5e-ba9d-5fb3-b5b0-def9edfc88ca contributed 0.013333334 to the score"
	// The same search: second in both rankings.
	recordedBothSecond = "\nHybrid (Result Set vector,hybridVector) Document 2dfbf1e2-dd6a-56ae-a17a-d264fc169039 contributed 0.0032786885 to the score\nHybrid (Result Set keyword,bm25) Document 2dfbf1e2-dd6a-56ae-a17a-d264fc169039 contributed 0.013114754 to the score"
	// The same search: third by vector, no BM25 candidate (no shared term).
	recordedVectorOnly = "\nHybrid (Result Set vector,hybridVector) Document 2a3e7252-e1ee-5d9d-a76f-dddb02d0ef71 contributed 0.0032258064 to the score"
	// "the of and" (stop words: vectors alone, alpha 1): second by vector.
	recordedAlphaOne = "\nHybrid (Result Set vector,hybridVector) Document 29f5bcde-73f7-5c22-bba5-e0a9404edbd3 contributed 0.016393442 to the score"
)

func TestFusedRanksReadsRecordedExplanations(t *testing.T) {
	tests := []struct {
		name, explain, id string
		alpha             float64
		vector, lexical   int
	}{
		{"first in both", recordedBoth, "85d76a5e-ba9d-5fb3-b5b0-def9edfc88ca", 0.2, 1, 1},
		{"second in both", recordedBothSecond, "2dfbf1e2-dd6a-56ae-a17a-d264fc169039", 0.2, 2, 2},
		{"vector side only", recordedVectorOnly, "2a3e7252-e1ee-5d9d-a76f-dddb02d0ef71", 0.2, 3, 0},
		{"vectors alone", recordedAlphaOne, "29f5bcde-73f7-5c22-bba5-e0a9404edbd3", 1, 2, 0},
		// The lines are about the document asked for, not another.
		{"another document", recordedBoth, "2dfbf1e2-dd6a-56ae-a17a-d264fc169039", 0.2, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, l := fusedRanks(tt.explain, tt.id, tt.alpha)
			require.Equal(t, tt.vector, v, "vector rank")
			require.Equal(t, tt.lexical, l, "BM25 rank")
		})
	}
}

// TestFusedRanksInvertsTheServersFormula writes explanations as
// FusionRanked (usecases/traverser/hybrid/hybrid_fusion.go, v1.35.2) does,
// with its format string and its float32 arithmetic, for every place up to
// 300 on each side and several alphas, and reads the places back.
func TestFusedRanksInvertsTheServersFormula(t *testing.T) {
	const id = "1863d50e-b4ab-5f0c-a4b1-70c0a22e8a39"
	line := func(previous any, set string, weight float64, i int) string {
		score := float32(weight / float64(i+60))
		return fmt.Sprintf("%v\nHybrid (Result Set %v) Document %v contributed %v to the score", previous, set, id, score)
	}
	for _, a32 := range []float32{0.1, 0.2, 0.25, 0.5, 0.75, 0.9} {
		// The client sends alpha as fmt's %v of a float32; the server
		// reads it as a float64.
		serverAlpha, err := strconv.ParseFloat(fmt.Sprint(a32), 64)
		require.NoError(t, err)
		for i := range 300 {
			j := (i * 7) % 300 // the other side's place, varied
			vec := line("", "vector,hybridVector", serverAlpha, i)
			both := line(vec, "keyword,bm25", 1-serverAlpha, j)
			v, l := fusedRanks(both, id, float64(a32))
			require.Equal(t, [2]int{i + 1, j + 1}, [2]int{v, l}, "alpha %v: %q", a32, both)

			// A result only BM25 found has only the keyword line.
			kw := line("", "keyword,bm25", 1-serverAlpha, i)
			v, l = fusedRanks(kw, id, float64(a32))
			require.Equal(t, [2]int{0, i + 1}, [2]int{v, l}, "alpha %v: %q", a32, kw)
		}
	}
}

func TestFusedRanksLeavesWhatItCannotReadAtZero(t *testing.T) {
	const id = "85d76a5e-ba9d-5fb3-b5b0-def9edfc88ca"
	tests := []struct {
		name, explain string
		alpha         float64
	}{
		{"no explanation", "", 0.2},
		// Relative-score fusion's sentence (hybrid_fusion.go,
		// FusionRelativeScore) gives scores, not places.
		{"relative-score fusion", fmt.Sprintf("\nHybrid (Result Set %v) Document %v: original score %v, normalized score: %v - \nHybrid (Result Set %v) Document %v: original score %v, normalized score: %v",
			"keyword,bm25", id, float32(2.9430826), float32(0.8), "vector,hybridVector", id, float32(0.61), float32(0.2)), 0.2},
		// Contributions that are weight/(i+60) for no whole i.
		{"not a place", "\nHybrid (Result Set vector,hybridVector) Document " + id + " contributed 0.0031 to the score\nHybrid (Result Set keyword,bm25) Document " + id + " contributed 0.0047 to the score", 0.2},
		{"not a number", "\nHybrid (Result Set vector,hybridVector) Document " + id + " contributed NaN to the score", 0.2},
		{"zero", "\nHybrid (Result Set keyword,bm25) Document " + id + " contributed 0 to the score", 0.2},
		// BM25 has no weight with alpha 1, so its line cannot be read.
		{"no BM25 weight", "\nHybrid (Result Set keyword,bm25) Document " + id + " contributed 0.013333334 to the score", 1},
		{"another sentence", "Document " + id + " ranked first by vector and by BM25", 0.2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, l := fusedRanks(tt.explain, id, tt.alpha)
			require.Zero(t, v, "vector rank")
			require.Zero(t, l, "BM25 rank")
		})
	}
}

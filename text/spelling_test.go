package text

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCorrectSpelling(t *testing.T) {
	for _, tc := range []struct {
		q, want string
		fixes   []Correction
	}{
		{"What is a nash equilibirum?", "What is a nash equilibrium?", []Correction{{"equilibirum", "equilibrium"}}},
		{"Why does tit-for-tat win the prisoners dilemna?", "Why does tit-for-tat win the prisoners dilemma?", []Correction{{"dilemna", "dilemma"}}},
		{"What is the shapely value?", "What is the shapley value?", []Correction{{"shapely", "shapley"}}},
		{"How does a vickrey auctoin work?", "How does a vickrey auction work?", []Correction{{"auctoin", "auction"}}},
		// Alone, a misspelt word is not the field's to guess.
		{"Why is the equilibirum unique?", "Why is the equilibirum unique?", nil},
		// English words one edit from a glossary word are left alone.
		{"What's the right mix of sand and cement for bedding patio slabs?", "What's the right mix of sand and cement for bedding patio slabs?", nil},
		{"Can contiguous pieces of cake always be envy-free?", "Can contiguous pieces of cake always be envy-free?", nil},
		{"What is a Nash equilibrium?", "What is a Nash equilibrium?", nil},
		{"What is a Nash Equilibirum?", "What is a Nash Equilibrium?", []Correction{{"Equilibirum", "Equilibrium"}}},
		{"What is a nash-equilibirum?", "What is a nash-equilibrium?", []Correction{{"equilibirum", "equilibrium"}}},
		{"What about nash equilibirum's refinements?", "What about nash equilibrium's refinements?", []Correction{{"equilibirum", "equilibrium"}}},
		// One misspelling twice is one correction.
		{"Is every nash equilibirum a correlated equilibirum?", "Is every nash equilibrium a correlated equilibrium?", []Correction{{"equilibirum", "equilibrium"}}},
		// An acronym or a name in capitals is not a misspelt word.
		{"What is the VICKREY AUCTOIN?", "What is the VICKREY AUCTOIN?", nil},
	} {
		got, fixes := CorrectSpelling(tc.q)
		require.Equal(t, tc.want, got, tc.q)
		require.Equal(t, tc.fixes, fixes, tc.q)
	}
}

// No question or control of testdata is changed: each was written as
// meant, so a change would be a word the question meant, corrected.
func TestCorrectSpellingChangesNoTestQuestion(t *testing.T) {
	files, err := filepath.Glob("../testdata/world*/questions*.jsonl")
	require.NoError(t, err)
	more, err := filepath.Glob("../testdata/world/offtopic_stress*.jsonl")
	require.NoError(t, err)
	n := 0
	for _, f := range append(files, more...) {
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var q struct{ Q string }
			require.NoError(t, json.Unmarshal(sc.Bytes(), &q))
			_, fixes := CorrectSpelling(q.Q)
			require.Empty(t, fixes, q.Q)
			n++
		}
		require.NoError(t, sc.Err())
		fh.Close()
	}
	require.Greater(t, n, 3000)
}

func TestEditDistance1(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"equilibirum", "equilibrium", true}, // swap
		{"auctoin", "auction", true},
		{"dilemna", "dilemma", true},  // substitution
		{"auctions", "auction", true}, // deletion
		{"auction", "auctions", true}, // insertion
		{"auction", "auction", false},
		{"auction", "action", true},
		{"bidding", "bedding", true},
		{"abcd", "badc", false},
		{"strategy", "stratagem", false},
	} {
		require.Equal(t, tc.want, editDistance1(tc.a, tc.b), "%s %s", tc.a, tc.b)
	}
}

// BenchmarkCorrectSpelling is the cost every ask pays: a question of long
// words, none misspelt. go test ./text -run '^$' -bench CorrectSpelling
func BenchmarkCorrectSpelling(b *testing.B) {
	for b.Loop() {
		CorrectSpelling("Why do incumbents deliberately overbuild capacity before entrants arrive?")
	}
}

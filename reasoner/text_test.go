package reasoner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestKeyTerms(t *testing.T) {
	stems := func(ts []term) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Stem)
		}
		return out
	}
	tests := []struct {
		q    string
		want []string
	}{
		{"What is a Nash equilibrium?", []string{"nash", "equilibrium"}},
		{"Explain the prisoner's dilemma, please.", []string{"prison", "dilemma"}},
		{"What are Nash equilibria?", []string{"nash", "equilibrium"}},
		{"How do I bake sourdough bread?", []string{"bake", "sourdough", "bread"}},
		{"What is it?", nil},
		{"Tell me about zero-sum games in 2024", []string{"zero", "sum", "game"}},
		// Everyday phrasings bring the word sources use.
		{"What does it make as large as possible?", []string{"larg", "possibl", "maxim"}},
		{"Why bid what it's worth to me?", []string{"bid", "worth", "valu"}},
		{"Why does the patient side win?", []string{"patient", "side", "win", "discount"}},
		{"Can they cooperate if they play 10 rounds?", []string{"cooper", "plai", "round", "finit"}},
		{"What if it is repeated ten times?", []string{"repeat", "ten", "time", "finit"}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			require.Equal(t, tt.want, stems(keyTerms(tt.q)))
		})
	}
	// Words every game-theory text contains weigh half.
	ts := keyTerms("Nash bargaining game")
	require.Equal(t, []float64{1, 1, 0.5}, []float64{ts[0].Weight, ts[1].Weight, ts[2].Weight})
}

func TestTruncateRunes(t *testing.T) {
	require.Equal(t, "héll", truncateRunes("héllo", 4))
	require.Equal(t, "héllo", truncateRunes("héllo", 10))
	require.Equal(t, "", truncateRunes("héllo", 0))
	require.Equal(t, "", truncateRunes("héllo", -1))
}

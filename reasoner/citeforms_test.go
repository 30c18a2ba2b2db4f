package reasoner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// The other forms models cite passages in become [n]; what only looks
// like one (a range, a year in parentheses, an enumeration) is left.
func TestCanonicalCitations(t *testing.T) {
	for in, want := range map[string]string{
		"a [Source 1].":         "a [1].",
		"a [source 2, 3].":      "a [2, 3].",
		"a (Passages 1 and 3).": "a [1, 3].",
		"a (Passage 2).":        "a [2].",
		"a 【1】 b 【3†source】 c 【2:0†x】.": "a [1] b [3] c [2].",
		"a [^2].":                          "a [2].",
		"a [1: Nash equilibrium].":         "a [1].",
		"a [2 — Correlated equilibrium].":  "a [2].",
		"a [1-3] b [1, 2] c (1950) (1) d.": "a [1-3] b [1, 2] c (1950) (1) d.",
	} {
		require.Equal(t, want, canonicalCitations(in), in)
	}
}

// A citation in another form is checked and counted with the [n] ones:
// left as it was, "[Source 1]" kept its number while the graph renumbered
// the rest by paper, and read as a citation of another paper.
func TestLLMAnswererReadsOtherCitationForms(t *testing.T) {
	m := &scriptedModel{script: []step{{reply: "Bayesian games use types [3]. Nash equilibrium is a best-response profile [Source 1]. See 【9】."}}}
	a, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", threePassages)
	require.NoError(t, err)
	require.Equal(t, []int{3, 1}, a.Cited)
	require.Contains(t, a.Text, "best-response profile [1].")
	require.NotContains(t, a.Text, "Source 1")
	require.NotContains(t, a.Text, "【")
}

var threePassages = []Passage{
	{N: 1, Title: "Nash equilibrium", Text: "A Nash equilibrium is a profile of best responses.", Score: 0.5},
	{N: 2, Title: "Correlated equilibrium", Text: "A correlated equilibrium lets a signal coordinate play.", Score: 0.4},
	{N: 3, Title: "Bayesian Nash equilibrium", Text: "Bayesian games give each player a type.", Score: 0.3},
}

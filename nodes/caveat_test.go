package nodes

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gtrag/gtrag/reasoner"
)

func TestNamesAreCapitalisedWordsThatOpenNoSentence(t *testing.T) {
	cases := map[string][]string{
		"What is the Zorblax equilibrium of hyperbolic bargaining games?":                 {"Zorblax"},
		"Should Uber-style apps show drivers the exact surge multipliers?":                {"Uber"},
		"How does Gale-Shapley find a stable matching over Wi-Fi?":                        {"Gale-Shapley", "Wi-Fi"},
		"Why did Germany's 5G spectrum sale drag on?":                                     {"Germany", "5G"},
		"Do petrol stations avoid price wars? Is there data?  If I ask, does Q-learning?": nil,
		"What is a Nash equilibrium?":                                                     {"Nash"},
	}
	for q, want := range cases {
		assert.Equal(t, want, names(q), q)
	}
}

func TestCaveatNamesWhatNoPassageMentions(t *testing.T) {
	ps := []reasoner.Passage{
		{Title: "Alternating-Offers Bargaining with a Hard Deadline", Text: "We analyse a Rubinstein-style bargaining game between two parties."},
		{Title: "Search Equilibrium", Text: "The Diamond-Mortensen-Pissarides framework splits the surplus by Nash bargaining."},
	}
	assert.Equal(t,
		`the sources found may not fully answer this question (none of them mentions "Zorblax")`,
		caveat("What is the Zorblax equilibrium of hyperbolic bargaining games?", ps))
	// Names the passages hold, by their stems, are not told.
	assert.Equal(t,
		"the sources found may not fully answer this question",
		caveat("Did Rubinstein's bargaining use Nash's axioms?", ps))
	assert.Equal(t,
		`the sources found may not fully answer this question (none of them mentions "Selten", "Harsanyi" or "Aumann")`,
		caveat("How do Selten, Harsanyi, Aumann and Schelling differ on Nash bargaining?", ps))
	assert.Equal(t, "the sources found may not fully answer this question",
		caveat("Zorblax equilibria: do they exist?", ps), "a word that opens the question is no name")
}

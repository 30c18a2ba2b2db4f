package nodes

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gtrag/gtrag/reasoner"
)

func TestCaveatNamesWhatNoPassageMentions(t *testing.T) {
	ps := []reasoner.Passage{
		{Title: "Alternating-Offers Bargaining with a Hard Deadline", Text: "We analyse a Rubinstein-style bargaining game between two parties."},
		{Title: "Search Equilibrium", Text: "The Diamond-Mortensen-Pissarides framework splits the surplus by Nash bargaining."},
	}
	assert.Equal(t,
		`the sources found may not fully answer this question (none of them mentions "Zorblax")`,
		caveat(unmentioned("What is the Zorblax equilibrium of hyperbolic bargaining games?", ps)))
	// Names the passages hold, by their stems, are not told.
	assert.Equal(t,
		"the sources found may not fully answer this question",
		caveat(unmentioned("Did Rubinstein's bargaining use Nash's axioms?", ps)))
	assert.Equal(t,
		`the sources found may not fully answer this question (none of them mentions "Selten", "Harsanyi" or "Aumann")`,
		caveat(unmentioned("How do Selten, Harsanyi, Aumann and Schelling differ on Nash bargaining?", ps)))
	assert.Equal(t, "the sources found may not fully answer this question",
		caveat(unmentioned("Zorblax equilibria: do they exist?", ps)), "a word that opens the question is no name")
}

// A name the question asks about as a concept ("the Zorblax equilibrium")
// that no passage mentions is unanswered; a name in passing (a place, a
// firm) and a name the field's vocabulary knows are not.
func TestUnansweredNamesAreConceptsNoPassageNames(t *testing.T) {
	ps := []reasoner.Passage{
		{Title: "Position Auctions with Risk-Averse Buyers", Text: "We characterise equilibrium bids in position auctions and optimal reserve prices."},
	}
	for q, want := range map[string][]string{
		"What is the Zorblax equilibrium in auctions?":                           {"Zorblax"},
		"How does the Krumple mechanism allocate goods in auctions?":             {"Krumple"},
		"Why do bidders use Zorblax's strategy in position auctions?":            {"Zorblax"},
		"Why did Germany's spectrum auction drag on, and what did Vodafone bid?": nil,
		"Can you prove it without Kakutani's theorem for auctions?":              nil,
		"What is the Position equilibrium of auctions?":                          nil,
		"Zorblax equilibrium: what is it?":                                       nil,
		// A concept's name after more names in passing than a caveat tells.
		"Did Selten, Harsanyi, Aumann or Schelling know the Zorblax equilibrium of auctions?": {"Zorblax"},
		"Is a Zorblax-style auction efficient?":                                               {"Zorblax"},
	} {
		assert.Equal(t, want, unansweredNames(q, unmentioned(q, ps)), q)
	}
}

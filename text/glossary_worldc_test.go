package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLaterTermsAreFound: a question that names a term of laterTerms in
// a sentence, not alone, is about it. (TestMoreTermsAreFound checks their
// forms.)
func TestLaterTermsAreFound(t *testing.T) {
	for _, term := range laterTerms {
		q := "What does the literature say about the " + term.name + "?"
		assert.Contains(t, names(glossaryNamed(q)), term.name, q)
	}
}

// glossaryNamed are the known glossary terms Focal finds in q.
func glossaryNamed(q string) []Concept {
	var out []Concept
	for _, c := range Focal(q) {
		if c.Known {
			out = append(out, c)
		}
	}
	return out
}

// TestLaterTermsStayOutOfEverydayQuestions: the everyday words near
// these terms name none of them.
func TestLaterTermsStayOutOfEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Who won the duel in the last episode of the show?",
		"Why is surge pricing so high on New Year's Eve?",
		"Is the airport open during the snowstorm?",
		"Which platform has the best deals on flights?",
		"How do I stop feeling guilty about skipping the gym?",
		"What is the power consumption of a heat pump?",
	} {
		for _, c := range glossaryNamed(q) {
			for _, term := range laterTerms {
				assert.NotEqual(t, term.name, c.Name, q)
			}
		}
	}
}

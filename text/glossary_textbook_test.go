package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTextbookTermsAreFound: a question that names a term of
// textbookTerms, or one of its variants, in a sentence is about it.
func TestTextbookTermsAreFound(t *testing.T) {
	for _, term := range textbookTerms {
		for _, form := range append([]string{term.name}, term.variants...) {
			q := "What does the literature say about the " + form + "?"
			assert.True(t, namesTerm(q, term.name), "%q should name %q", q, term.name)
		}
	}
}

// TestTextbookTermsInStudentsWords: the terms are found where a student
// writes them, in plurals and possessives.
func TestTextbookTermsInStudentsWords(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Why does the optimal auction compare bidders' virtual valuations?", "virtual valuation"},
		{"How much should I shade my bid in a common-value auction to avoid the winner's curse?", "common-value auction"},
		{"Do prices fall from one sequential auction to the next?", "sequential auction"},
		{"Why do firms underinvest when they fear the hold-up problem?", "hold-up problem"},
		{"Can relational contracts work when output cannot be verified in court?", "relational contract"},
		{"Is the Lindahl equilibrium of a public good in the core?", "Lindahl equilibrium"},
		{"How do procurement agencies weigh quality in scoring auctions?", "scoring auction"},
		{"Why can't two rational traders agree to bet, by the no-trade theorem?", "no-trade theorem"},
		{"Do Ostrom's rules keep a common-pool resource from being overused?", "common-pool resource"},
	} {
		assert.True(t, namesTerm(c.q, c.want), "%q should name %q", c.q, c.want)
	}
}

// TestTextbookTermsStayOutOfEverydayQuestions: everyday questions near
// these terms' words name none of them.
func TestTextbookTermsStayOutOfEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"What reserve price should I set when I sell my bike online?",
		"How do I design the stalls of our farmers' market?",
		"How do I balance my household budget each month?",
		"Is the clock on my oven accurate?",
		"Can I share a compact car with my roommate?",
		"What should a contract for my new flat say about the deposit?",
		"Which position is best for a beginner in volleyball?",
		"Is this a good time to hold up the renovation until spring?",
		"How do I get matched with better opponents in Rocket League ranked?",
		"What is the best deck strategy for Hearthstone ranked play this season?",
	} {
		for _, term := range textbookTerms {
			assert.False(t, namesTerm(q, term.name), "%q should not name %q", q, term.name)
		}
	}
}

// namesTerm reports whether a known glossary concept Focal finds in q is
// the term name: its forms include name's.
func namesTerm(q, name string) bool {
	for _, k := range glossaryNamed(q) {
		if k.In(name) {
			return true
		}
	}
	return false
}

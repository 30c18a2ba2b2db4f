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

// TestWorldDDevTermsAreFound: the forms added from the dev split of
// testdata/worldd and worldc (round 2, session 13) are found where a
// question writes them: an acronym, eponym pairs and short names.
func TestWorldDDevTermsAreFound(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Does QV choose the outcome that maximizes total welfare when the electorate is large?", "quadratic voting"},
		{"In Challet and Zhang's model, how does memory length change volatility?", "minority game"},
		{"What does the Challet-Zhang model predict about volatility?", "minority game"},
		{"If Schelling segregation is treated as a game, does moving settle down?", "Schelling segregation model"},
		{"Does vertical integration remove the double markup?", "double marginalization"},
		{"Why is double marginalisation bad for consumers?", "double marginalization"},
		{"Given the Myerson-Satterthwaite impossibility, what share of the surplus can a posted price guarantee?", "Myerson-Satterthwaite theorem"},
	} {
		var forms []string
		for _, k := range glossaryNamed(c.q) {
			forms = append(forms, k.Name)
			forms = append(forms, k.Variants...)
		}
		assert.Contains(t, forms, c.want, c.q)
	}
}

// TestLaterTermsNeedNoPluralOrPossessiveVariant: matching is on stems,
// so a plural or a possessive finds its term without being listed (the
// list keeps only irregular forms: "supply function equilibria").
func TestLaterTermsNeedNoPluralOrPossessiveVariant(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"Why are truels won by the worst shot?", "truel"},
		{"What does Kyle's model say about price impact?", "Kyle model"},
		{"How do two-sided markets set prices on each side?", "two-sided market"},
		{"Why does Diamond's paradox need search costs?", "Diamond paradox"},
		{"Do prediction markets beat polls?", "prediction market"},
		{"How do bidders behave in menu auctions?", "menu auction"},
		{"Why do deadline effects appear in wage bargaining?", "deadline effect"},
		{"Are last-minute agreements more common when strikes are costly?", "deadline effect"},
	} {
		var terms []string
		for _, k := range glossaryNamed(c.q) {
			if tm := lookup(k.Name); tm != nil {
				terms = append(terms, tm.name)
			}
		}
		assert.Contains(t, terms, c.want, c.q)
	}
}

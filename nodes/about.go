package nodes

import (
	"fmt"
	"slices"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/text"
)

// aboutTest decides whether a candidate paper is about the question, which
// the game-theory filter does not: a paper on replicator dynamics is game
// theory, and no answer to a question on Vickrey auctions.
//
// A paper is about the question when its title or abstract names one of
// the question's glossary concepts (text.Focal: "Vickrey auction" or any of
// its variants, such as "second-price auction"), or holds at least
// minCoverage of the question's content terms. Terms are compared as the
// store's tokenizer stems them, so "auctions" meets "auction". Students
// paraphrase (a "payoff matrix where players just pick one action each" is
// a pure-strategy equilibrium), so the coverage is the test that matters
// most, and the pool's ranking puts the best candidates first.
type aboutTest struct {
	concepts []text.Concept // the question's glossary concepts
	terms    []string       // the question's distinct content terms, stemmed
	min      float64        // the coverage asked for
}

// minCoverage is the share of the question's content terms a paper naming
// none of its glossary concepts must hold. Tuned on the dev questions of
// testdata/world (see the README's figures).
const minCoverage = 0.5

func newAboutTest(question string) aboutTest {
	t := aboutTest{min: minCoverage}
	for _, c := range text.Focal(question) {
		if c.Known {
			t.concepts = append(t.concepts, c)
		}
	}
	phrases, kws := arxiv.Terms(question)
	for _, w := range append(phrases, kws...) {
		for _, stem := range text.Tokenize(w) {
			if !slices.Contains(t.terms, stem) {
				t.terms = append(t.terms, stem)
			}
		}
	}
	return t
}

// test reports whether p is about the question, and why.
func (t aboutTest) test(p arxiv.Paper) (string, bool) {
	doc := paperText(p)
	for _, c := range t.concepts {
		if c.In(doc) {
			return "names " + c.Name, true
		}
	}
	if len(t.terms) == 0 {
		return "", false
	}
	terms := text.Tokenize(doc)
	have := 0
	for _, term := range t.terms {
		if slices.Contains(terms, term) {
			have++
		}
	}
	share := float64(have) / float64(len(t.terms))
	return fmt.Sprintf("%d of %d terms", have, len(t.terms)), have > 0 && share >= t.min
}

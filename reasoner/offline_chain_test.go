package reasoner

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSelectChargesAntecedents: a sentence that refers back ("It has
// well-known drawbacks: …") spends a sentence of the budget on each
// antecedent it brings along, so it is worth what the whole chain is worth
// per sentence. Scored by its own relevance alone, it took two of the
// answer's sentences for one that bears on the question, and a standalone
// sentence nearly as relevant was left out.
func TestSelectChargesAntecedents(t *testing.T) {
	f := analyze("Why do players cooperate?")
	terms := func(ws ...string) map[string]bool {
		m := map[string]bool{}
		for _, w := range ws {
			m[w] = true
		}
		return m
	}
	lead := &candidate{Text: "Players cooperate because defection is punished later.", N: 1, Paper: "a",
		Terms: terms("lead1", "lead2"), OK: true, Eligible: true, Lead: true, Rel: 2}
	filler := &candidate{Text: "The model extends to public projects and to bundles.", N: 2, Paper: "b",
		Terms: terms("fill1", "fill2"), OK: true, Eligible: true, Rel: 0.1}
	backRef := &candidate{Text: "It makes cooperation stable among patient players.", N: 2, Paper: "b", Key: [2]int{0, 1},
		Pred: filler, Terms: terms("back1", "back2"), OK: true, Eligible: true, BackRef: true, Rel: 1.2}
	alone := &candidate{Text: "Reputation sustains cooperation in repeated play.", N: 3, Paper: "c",
		Terms: terms("alone1", "alone2"), OK: true, Eligible: true, Rel: 1.0}
	cands := []*candidate{lead, filler, backRef, alone}

	a := &OfflineAnswerer{MinSentences: 1, MaxSentences: 3}
	picked, _ := a.selectSentences(f, cands, map[string]bool{}, map[string]bool{})
	require.Equal(t, []*candidate{lead, alone}, picked,
		"the standalone sentence (1.0) is worth more than a chain of 1.2 and 0.1 over two sentences")
}

package service_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
)

// How evolution can favour altruism is a first-course question of
// evolutionary game theory, answered offline from the primer's entry on
// the evolution of cooperation. Before, the primer had no such entry:
// "Can evolution explain altruism?" and "How can altruism evolve?" were
// refused as off topic, and "What is kin selection?" found nothing.
func TestEvolutionOfCooperationIsAnsweredFromThePrimer(t *testing.T) {
	svc := primerService(t, arxivtest.New(t, arxivtest.Papers(0, 30)).URL)
	for _, tc := range []struct{ q, opens, says string }{
		{"Can evolution explain altruism?", "", "Evolution can still favour cooperation and altruism through five mechanisms"},
		{"How can altruism evolve?", "Altruism, in biology, is behaviour that lowers the actor's own reproductive fitness", "five mechanisms, which Martin Nowak summarised in 2006"},
		{"What is kin selection?", "Kin selection, introduced by William Hamilton in 1964, is selection for helping relatives", "Hamilton's rule"},
		{"What is reciprocal altruism?", "Direct reciprocity, or reciprocal altruism, proposed by Robert Trivers in 1971, is help returned", "tit-for-tat"},
	} {
		r := askPrimerAlone(t, svc, tc.q)
		require.Regexp(t, `^`+tc.opens, r.Answer, tc.q)
		require.Contains(t, r.Answer, tc.says, tc.q)
		require.True(t, slices.ContainsFunc(r.Sources, func(s nodes.Source) bool { return s.PaperID == "primer:evolution-of-cooperation" }), tc.q)
	}
}

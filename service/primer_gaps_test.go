package service_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// Two facts a first course states and the primer only implied: that the
// prisoner's dilemma is not zero-sum, and what budget balance asks of a
// mechanism. Before, "Is the prisoner's dilemma zero-sum?" quoted what a
// zero-sum game is and never said whether the dilemma is one, and "What
// does it mean for a mechanism to be budget balanced?" listed budget
// balance among the designer's goals without saying what it is.
func TestPrimerSaysWhatACourseStates(t *testing.T) {
	svc := primerService(t, arxivtest.New(t, arxivtest.Papers(0, 30)).URL)
	for _, tc := range []struct{ q, opens string }{
		{"Is the prisoner's dilemma zero-sum?", "Most games are not zero-sum: the prisoner's dilemma is not"},
		{"is the prisoners dilemma a zero sum game", "Most games are not zero-sum: the prisoner's dilemma is not"},
		{"What does it mean for a mechanism to be budget balanced?", "A mechanism is budget balanced, or satisfies budget balance, when the payments it collects sum to zero"},
	} {
		r := askPrimerAlone(t, svc, tc.q)
		require.Regexp(t, `^`+tc.opens, r.Answer, tc.q)
	}
}

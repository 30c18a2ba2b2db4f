package service_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// The words a first course defines before any solution concept are
// answered offline by a sentence of the primer that says what they are,
// for no arXiv request. Before:
//   - "What is a subgame?" quoted the definition of subgame perfect
//     equilibrium, which uses the word without saying what it is;
//   - "What is a payoff?" opened with how to underline best responses;
//   - "What does it mean for a game to be symmetric?" quoted only that
//     every ESS is a symmetric equilibrium;
//   - "What is a strategy profile?" never said what one is, though the
//     normal-form entry named the profile in passing, and then gave the
//     new definition second;
//   - "What is perfect information?" opened with backward induction,
//     whose entry only uses the term;
//   - "What is a discount factor in repeated games?" opened with the folk
//     theorem, which its setting evokes.
func TestFirstCourseTermsAreDefined(t *testing.T) {
	requireAnswersOpen(t, []opening{
		{"What is a subgame?", "A subgame is what remains of the game from a single decision node on"},
		{"What is a strategy profile?", "A normal-form game, .* for every strategy profile; a strategy profile is a choice of one strategy for each player"},
		{"What is a payoff?", "A payoff is the number that says how much a player values an outcome"},
		{"What does it mean for a game to be symmetric?", "A game is symmetric when every player has the same strategies"},
		{"What is a symmetric game?", "A game is symmetric when every player has the same strategies"},
		{"What is a discount factor in repeated games?", "A repeated game is a stage game, .* with a discount factor δ between 0 and 1"},
		{"What is perfect information?", "Information sets group the nodes .*; a game has perfect information when every information set is a single node"},
	})
}

// opening is a question and the pattern its answer must open with.
type opening struct{ q, opens string }

// requireAnswersOpen asks each question of a new store holding the primer
// alone, with arXiv reachable but not needed, and requires its answer to
// open with what the row says.
func requireAnswersOpen(t *testing.T, rows []opening) {
	t.Helper()
	svc := primerService(t, arxivtest.New(t, arxivtest.Papers(0, 30)).URL)
	for _, tc := range rows {
		r := askPrimerAlone(t, svc, tc.q)
		require.Regexp(t, `^`+tc.opens, r.Answer, tc.q)
	}
}

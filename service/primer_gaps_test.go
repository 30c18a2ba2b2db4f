package service_test

import "testing"

// Two facts a first course states and the primer only implied: that the
// prisoner's dilemma is not zero-sum, and what budget balance asks of a
// mechanism. Before, "Is the prisoner's dilemma zero-sum?" quoted what a
// zero-sum game is and never said whether the dilemma is one, and "What
// does it mean for a mechanism to be budget balanced?" listed budget
// balance among the designer's goals without saying what it is.
func TestPrimerSaysWhatACourseStates(t *testing.T) {
	requireAnswersOpen(t, []opening{
		{"Is the prisoner's dilemma zero-sum?", "Most games are not zero-sum: the prisoner's dilemma is not"},
		{"is the prisoners dilemma a zero sum game", "Most games are not zero-sum: the prisoner's dilemma is not"},
		{"What does it mean for a mechanism to be budget balanced?", "A mechanism is budget balanced, or satisfies budget balance, when the payments it collects sum to zero"},
	})
}

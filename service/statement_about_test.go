package service_test

import "testing"

// "What does <a theorem> say about <something>?" asks for the result's
// statement, as "What does Arrow's theorem say?" does. Before, the words
// after "about" chose the opening: "Arrow's theorem launched modern social
// choice theory …" for voting rules, the definition of a repeated game for
// the folk theorem.
// "What does game theory say about …?" still asks about what follows.
func TestWhatAResultSaysAboutSomething(t *testing.T) {
	requireAnswersOpen(t, []opening{
		{"What does Arrow's theorem say about voting rules?", "Arrow's impossibility theorem, proved by Kenneth Arrow in 1951, shows that"},
		{"What does the folk theorem say about repeated games?", "The folk theorem says that when players are patient enough"},
		{"What does the revelation principle say about mechanism design?", "The revelation principle states that"},
		{"What does the minimax theorem say about zero-sum games?", "John von Neumann's minimax theorem \\(1928\\) states that"},
	})
}

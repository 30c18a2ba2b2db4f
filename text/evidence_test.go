package text

import "testing"

func TestAsksForEvidence(t *testing.T) {
	asks := map[string]string{
		"Has closing a road ever actually made traffic faster in a real city?": "actually",
		"Do large language models cooperate in a repeated prisoner's dilemma?": "large language models",
		"How often can one voter manipulate Borda elections in practice?":      "in practice",
		"What do lab experiments show about the ultimatum game?":               "lab",
		"Is there empirical evidence for the winner's curse?":                  "empirical",
		"What is Braess's paradox?":                                            "",
		"Why does tit-for-tat do well in the iterated prisoner's dilemma?":     "",
		"How do you compute the Shapley value of a three-player game?":         "",
		"Do LLMs bluff at poker?":                                              "LLMs",
	}
	for q, want := range asks {
		if got := AsksForEvidence(q); got != want {
			t.Errorf("AsksForEvidence(%q) = %q, want %q", q, got, want)
		}
	}
}

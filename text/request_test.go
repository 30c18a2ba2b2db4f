package text

import "testing"

func TestWithoutExampleRequestLeavesWhatTheExampleIsOf(t *testing.T) {
	requireRewrites(t, "WithoutExampleRequest", WithoutExampleRequest, map[string]string{
		"What is a Nash equilibrium? Give an example.":                  "What is a Nash equilibrium?",
		"Give an example of a Nash equilibrium.":                        "a Nash equilibrium.",
		"What is a Nash equilibrium, with an example?":                  "What is a Nash equilibrium?",
		"Can you give me some examples of correlated equilibrium?":      "correlated equilibrium?",
		"Explain backward induction using a simple example.":            "Explain backward induction.",
		"Give examples of game theory in everyday life.":                "game theory in everyday life.",
		"What is the winner's curse? Can you give an example?":          "What is the winner's curse?",
		"Can the core be empty? Please give an example.":                "Can the core be empty?",
		"Give me an example.":                                           "",
		"What is an example of a zero-sum game?":                        "What is an example of a zero-sum game?",
		"Which examples of auctions does the primer give?":              "Which examples of auctions does the primer give?",
		"Do bidders give up when the example auction has a high price?": "Do bidders give up when the example auction has a high price?",
	})
}

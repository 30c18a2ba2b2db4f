package reasoner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNamedResultMustBeNamed: a question about a result called by a proper
// name ("the Zorblax-Quintic theorem") is answered only by a source that
// says the name. The papers a search found on the question's other words
// ("two-player games", "theorem") state another theorem; quoting the
// minimax theorem as what the Zorblax-Quintic theorem says would answer
// a question nobody can answer from them. The answer says the sources do
// not mention it, naming it, and the closest sources as such.
func TestNamedResultMustBeNamed(t *testing.T) {
	minimax := []Passage{
		{N: 1, ID: "2505.75403v1_chunk_0", PaperID: "2505.75403v1", Found: true, Score: 0.9,
			Title: "The Minimax Theorem Through Linear Programming Duality",
			Text: chunk("The Minimax Theorem Through Linear Programming Duality",
				"Von Neumann's minimax theorem states that in every finite two-player zero-sum game the maximum over the row player's mixed strategies of her guaranteed payoff equals the minimum over the column player's mixed strategies of the payoff he concedes. "+
					"We derive the theorem from strong duality of linear programming.")},
		{N: 2, ID: "2502.70113v1_chunk_0", PaperID: "2502.70113v1", Found: true, Score: 0.8,
			Title: "Existence of Equilibrium in Finite Games via an Elementary Improvement Map",
			Text: chunk("Existence of Equilibrium in Finite Games via an Elementary Improvement Map",
				"Unlike the textbook route through Kakutani's theorem, no set-valued best-reply correspondence is needed. "+
					"We exhibit a two-player game with integer actions in which no equilibrium exists.")},
	}
	a := NewOfflineAnswerer()
	for _, q := range []string{
		"What does the Zorblax-Quintic theorem say about two-player games?",
		"Why does Zorblax's lemma fail for two-player games?",
		"Is the Quintic conjecture true for two-player zero-sum games?",
	} {
		ans, err := a.Answer(context.Background(), q, minimax)
		require.NoError(t, err)
		require.True(t, ans.Abstained, "%s\n%s", q, ans.Text)
		require.Regexp(t, `^No source in the knowledge base mentions "(Zorblax-Quintic theorem|Zorblax's lemma|Quintic conjecture)"\.`, ans.Text, q)
		require.NotContains(t, ans.Text, "maximum over the row player's", q)
	}

	// A source that says the name answers, however it words the rest:
	// "the theorem of Kakutani" names Kakutani's theorem.
	ans, err := a.Answer(context.Background(), "Why do existence proofs use Kakutani's theorem for two-player games?", minimax)
	require.NoError(t, err)
	require.False(t, ans.Abstained, ans.Text)
	named := append([]Passage{}, minimax...)
	named[0].Text += " The Zorblax-Quintic theorem extends it to two-player games with integer payoffs."
	ans, err = a.Answer(context.Background(), "What does the Zorblax-Quintic theorem say about two-player games?", named)
	require.NoError(t, err)
	require.False(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "The Zorblax-Quintic theorem extends it")
}

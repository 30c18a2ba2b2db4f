package text

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFieldWords(t *testing.T) {
	require.Equal(t, []string{"bargaining"}, FieldWords("Haggling"))
	require.Equal(t, []string{"attackers"}, FieldWords("hackers"))
	require.Nil(t, FieldWords("auction"), "a word of the field maps to nothing")
	for w, to := range fieldWords() {
		require.NotEmpty(t, to, w)
		for _, x := range to {
			require.False(t, GenericWords.Has(x), "%s -> %s: a generic word would match every paper", w, x)
			require.NotEqual(t, w, x)
		}
	}
}

// A cue written with one everyday word meets a question that says its
// kin, and the evocation's terms are the words the question wrote.
func TestKinLetsOneCueMeetItsWordings(t *testing.T) {
	require.Contains(t, Kin("Kids"), "people")
	require.Contains(t, Kin("haggle"), "bargain", "kin goes both ways between words for one thing")
	require.Contains(t, Kin("bargain"), "haggle")
	require.NotContains(t, Kin("people"), "kids", "a kind stands for its name, not the name for the kind")
	require.NotContains(t, Kin("students"), "roommates", "nor one kind for another")
	require.NotContains(t, Kin("stations"), "sellers")
	c, err := parseCue("play* neighbo* dilemma*")
	require.NoError(t, err)
	require.False(t, newCueQuestion("Do people who play a repeated dilemma cooperate?").has(c), "people are not neighbours")
	require.True(t, newCueQuestion("Do neighbours who play a repeated dilemma cooperate?").has(c))
	require.Nil(t, Kin("auction"))

	es := Evocations("How do you divide a cake between two kids so that neither is jealous?")
	require.NotEmpty(t, es)
	require.Equal(t, "cake cutting", es[0].Concept.Name)
	require.Contains(t, es[0].Terms, Tokenize("kids")[0], "the question's own word")
	require.NotContains(t, es[0].Terms, Tokenize("people")[0], "not the cue's")

	require.Contains(t, names(Evoked("Is it smart to be unpredictable when taking a penalty kick?")), "matching pennies")
	require.Empty(t, Evoked("Can my kids share a bedroom?"), "kin words alone describe nothing")

	// The groups of everyday words, one test each that a cue written with
	// one of them meets a question with another.
	require.Contains(t, names(Evoked("When two people haggle and every round of waiting costs them, who gets more?")), "Rubinstein bargaining")
	require.Contains(t, names(Evoked("Do greedy commuters slow everyone down on the highway?")), "selfish routing")
	// "win" and "beat" are no group: they would make sports questions
	// ("the best strategy to win at Monopoly", "beat a full-court press")
	// evoke game-theory terms.
	require.Empty(t, Kin("win"))
}

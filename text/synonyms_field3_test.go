package text

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEvenMoreFieldWordsAreWellFormed(t *testing.T) {
	requireFieldWordTable(t, evenMoreFieldWords(), map[string]map[string][]string{
		"fieldWords": fieldWords(), "moreFieldWords": moreFieldWords(),
	})
}

func TestEvenMoreFieldWordsThroughFieldWords(t *testing.T) {
	require.Equal(t, []string{"chores"}, FieldWords("housework"))
	require.Equal(t, []string{"collusion"}, FieldWords("tacit"))
	require.Equal(t, []string{"condorcet", "information aggregation"}, FieldWords("Jurors"))
	require.Equal(t, []string{"imitation"}, FieldWords("mimicking"))
	require.Equal(t, []string{"deception"}, FieldWords("decoys"))
	require.Equal(t, []string{"envy"}, FieldWords("jealous"), "the second table still answers")
	require.Equal(t, []string{"bargaining"}, FieldWords("haggling"), "the first table still answers")
	require.Nil(t, FieldWords("swap"), "a word with a second meaning in the field (swap regret) maps to nothing")
	require.Nil(t, FieldWords("crowdfunding"), "a word of the field maps to nothing")
}

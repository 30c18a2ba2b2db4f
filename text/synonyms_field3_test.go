package text

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEvenMoreFieldWordsAreWellFormed(t *testing.T) {
	first, second := fieldWords(), moreFieldWords()
	require.GreaterOrEqual(t, len(evenMoreFieldWords()), 150)
	for k, to := range evenMoreFieldWords() {
		require.Regexp(t, `^[a-z]+$`, k, "a key is one lower-case word, as BuildQuery looks it up")
		require.Greater(t, len(k), 1, k)
		require.False(t, SearchStopWords.Has(k), "%s: the query never searches a stop word, so never looks it up", k)
		_, dup := first[k]
		require.False(t, dup, "%s is already a key of fieldWords: FieldWords would search both lists", k)
		_, dup = second[k]
		require.False(t, dup, "%s is already a key of moreFieldWords: FieldWords would search both lists", k)
		require.NotEmpty(t, to, k)
		require.LessOrEqual(t, len(to), 2, k)
		kt := Tokenize(k)
		var seen []string
		for _, x := range to {
			require.Regexp(t, fieldWordShape, x, "%s -> %q", k, x)
			require.NotEqual(t, k, x)
			require.NotContains(t, seen, x, "%s lists %s twice", k, x)
			seen = append(seen, x)
			for _, xt := range Tokenize(x) {
				require.NotContains(t, kt, xt, "%s -> %s share the stem %q: arXiv stems, so it adds nothing", k, x, xt)
			}
			for _, w := range Words(x) {
				require.False(t, GenericWords.Has(w), "%s -> %s: a generic word would match every paper", k, x)
				require.False(t, slices.Contains(tooCommonFieldWords, w), "%s -> %s: too common", k, x)
				require.False(t, SearchStopWords.Has(w), "%s -> %s: a stop word", k, x)
			}
		}
	}
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

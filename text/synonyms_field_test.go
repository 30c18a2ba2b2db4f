package text

import (
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// A mapped word is a lower-case word or a phrase of them: only letters and
// single spaces reach the arXiv query (see arxiv's term).
var fieldWordShape = regexp.MustCompile(`^[a-z]+( [a-z]+)*$`)

var tooCommonFieldWords = []string{"game", "games", "model", "theory", "player", "agent", "equilibrium", "strategy"}

func TestMoreFieldWordsAreWellFormed(t *testing.T) {
	requireFieldWordTable(t, moreFieldWords(), map[string]map[string][]string{"fieldWords": fieldWords()})
}

// requireFieldWordTable checks a table of field words (see FieldWords):
// keys that BuildQuery can look up and that no earlier table has, mapped
// to at most two distinct words or phrases that reach the query, share no
// stem with the key and are neither generic nor stop words.
func requireFieldWordTable(t *testing.T, table map[string][]string, earlier map[string]map[string][]string) {
	t.Helper()
	require.GreaterOrEqual(t, len(table), 150)
	for k, to := range table {
		require.Regexp(t, `^[a-z]+$`, k, "a key is one lower-case word, as BuildQuery looks it up")
		require.Greater(t, len(k), 1, k)
		require.False(t, SearchStopWords.Has(k), "%s: the query never searches a stop word, so never looks it up", k)
		for name, other := range earlier {
			_, dup := other[k]
			require.False(t, dup, "%s is already a key of %s: FieldWords would search both lists", k, name)
		}
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

func TestMoreFieldWordsThroughFieldWords(t *testing.T) {
	require.Equal(t, []string{"free riding", "free rider"}, FieldWords("Freeloaders"))
	require.Equal(t, []string{"defection"}, FieldWords("snitch"))
	require.Equal(t, []string{"congestion", "routing"}, FieldWords("traffic"))
	require.Equal(t, []string{"envy"}, FieldWords("jealous"))
	require.Equal(t, []string{"persuasion"}, FieldWords("convince"))
	require.Equal(t, []string{"deception"}, FieldWords("misleading"))
	require.Equal(t, []string{"misreport"}, FieldWords("lying"), "the first table still answers")
	require.Nil(t, FieldWords("collusion"), "a word of the field maps to nothing")
}

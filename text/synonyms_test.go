package text

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFieldWords(t *testing.T) {
	require.Equal(t, []string{"bargaining"}, FieldWords("Haggling"))
	require.Nil(t, FieldWords("auction"), "a word of the field maps to nothing")
	for w, to := range fieldWords {
		require.NotEmpty(t, to, w)
		for _, x := range to {
			require.False(t, GenericWords.Has(x), "%s -> %s: a generic word would match every paper", w, x)
			require.NotEqual(t, w, x)
		}
	}
}

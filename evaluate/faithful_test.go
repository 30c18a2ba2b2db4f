package evaluate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnfaithful(t *testing.T) {
	sources := map[int]string{
		1: "First-price auctions\nThe highest bid wins. Values are uniform on [0, 1]: the symmetric\nequilibrium is to bid v/2.",
		2: "Nash equilibrium\nNo player gains by deviating alone.",
	}
	tests := []struct {
		name, answer string
		want         []string
	}{
		{"verbatim across a line break", "Values are uniform on [0, 1]: the symmetric equilibrium is to bid v/2 [1]. No player gains by deviating alone [2].", nil},
		{"closing quote after the mark", "The highest bid wins [1].", nil},
		// The regression of issue 12: a citation pass took "[0, 1]" for a
		// citation and rewrote it.
		{"bracket rewritten as a citation", "Values are uniform on [1]: the symmetric equilibrium is to bid v/2 [1].",
			[]string{"Values are uniform on [1]: the symmetric equilibrium is to bid v/2 [1]."}},
		{"cited to the wrong source", "The highest bid wins [2].", []string{"The highest bid wins [2]."}},
		{"a source that does not exist", "The highest bid wins [3].", []string{"The highest bid wins [3]."}},
		{"words of its own", "The highest bid wins [1]. So bid low.", []string{"So bid low."}},
		{"an edited quote", "The highest bid always wins [1].", []string{"The highest bid always wins [1]."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, Unfaithful(tt.answer, sources))
		})
	}
}

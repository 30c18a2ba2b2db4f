package arxiv

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The forms a user copies an id in: a prefix in any case, and the abs or
// pdf URL as a browser shows it, with a query, a fragment or a trailing
// slash.
func TestParseIDForms(t *testing.T) {
	for _, in := range []string{
		"2301.01234v2",
		"arXiv:2301.01234v2",
		"ARXIV:2301.01234v2",
		"ArXiv:2301.01234v2",
		"https://arxiv.org/abs/2301.01234v2",
		"https://arxiv.org/abs/2301.01234v2?context=cs",
		"https://arxiv.org/abs/2301.01234v2#S2",
		"https://arxiv.org/abs/2301.01234v2/",
		"https://arxiv.org/pdf/2301.01234v2.pdf",
		"https://arxiv.org/pdf/2301.01234v2?download=1",
	} {
		got, err := ParseID(in)
		require.NoError(t, err, in)
		require.Equal(t, "2301.01234v2", got, in)
	}
	got, err := ParseID("https://arxiv.org/abs/cs/0507510v1?context=cs")
	require.NoError(t, err)
	require.Equal(t, "cs/0507510v1", got)
	for _, in := range []string{"", "arxiv:", "2301.01234?context=cs", "nash equilibrium", "ARXIV"} {
		_, err := ParseID(in)
		require.Error(t, err, in)
	}
}

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

// An old-style id as listings show it, with its subject class, is the
// archive's id: "cs.GT/0112004v1" and "cs/0112004v2" were stored as two
// papers (found by an exploratory review).
func TestParseIDDropsTheSubjectClass(t *testing.T) {
	for in, want := range map[string]string{
		"cs.GT/0112004v1":                      "cs/0112004v1",
		"math.GT/0309136":                      "math/0309136",
		"arXiv:math.GT/0309136v2":              "math/0309136v2",
		"http://arxiv.org/abs/cs.GT/0112004v1": "cs/0112004v1",
		"hep-th/9901001":                       "hep-th/9901001",
	} {
		got, err := ParseID(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
}

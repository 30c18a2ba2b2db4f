package trace

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// A search's sort options are part of what it asked for: two searches that
// differ only in order must not match each other on replay.
func TestSearchParamsRecordSortOptions(t *testing.T) {
	plain := searchParams("all:nash", 0, 10, nil)
	sorted := searchParams("all:nash", 0, 10, []arxiv.SearchOption{arxiv.SortBy("submitted"), arxiv.SortOrder("asc")})
	require.Equal(t, "submittedDate", sorted.SortBy)
	require.Equal(t, "ascending", sorted.SortOrder)

	a, err := Fingerprint(plain)
	require.NoError(t, err)
	b, err := Fingerprint(sorted)
	require.NoError(t, err)
	require.NotEqual(t, a, b)

	raw, err := canonical(plain)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "sort", "a search without options records none")
}

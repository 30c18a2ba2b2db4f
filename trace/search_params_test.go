package trace

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// A search's sort options are part of what it asked for: two searches that
// differ only in order must not match each other on replay.
func TestSearchParamsRecordSortOptions(t *testing.T) {
	plain := searchParams("all:nash", 0, 10, arxiv.SearchOptions{})
	sorted := searchParams("all:nash", 0, 10, arxiv.SearchOptions{Sort: arxiv.SortSubmitted, Order: arxiv.Ascending})
	require.Equal(t, arxiv.SortSubmitted, sorted.Sort)
	require.Equal(t, arxiv.Ascending, sorted.Order)

	a, err := Fingerprint(plain)
	require.NoError(t, err)
	b, err := Fingerprint(sorted)
	require.NoError(t, err)
	require.NotEqual(t, a, b)

	raw, err := canonical(plain)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "sort", "a search without options records none")

	raw, err = canonical(sorted)
	require.NoError(t, err)
	require.Contains(t, string(raw), `"sort_by":"submittedDate"`, "the names and values of recordings made before the struct")
	require.Contains(t, string(raw), `"sort_order":"ascending"`)
}

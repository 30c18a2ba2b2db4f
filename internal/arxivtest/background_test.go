package arxivtest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// The largest background has one paper per id, none in the written
// corpus's 70000s, and its first papers are those of a smaller one.
func TestBackgroundAtItsLargest(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 90,000 papers")
	}
	all := Background(MaxBackground, 4)
	require.Len(t, all, MaxBackground)
	seen := make(map[string]bool, len(all))
	for _, g := range all {
		id := arxiv.BaseID(g.Paper.ID)
		require.False(t, seen[id], "id %s twice", id)
		seen[id] = true
		_, num, _ := strings.Cut(id, ".")
		require.False(t, strings.HasPrefix(num, "7") && len(num) == 5, "id %s is in the written corpus's range", id)
	}
	for i, g := range Background(30000, 4) {
		require.Equal(t, g.Paper, all[i].Paper, "paper %d of a background of 30,000", i)
	}
}

package environment

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAddMergesEqualMetadata(t *testing.T) {
	r := New()
	r.Add(ToolStoreQuery, map[string]any{"query": "nash", "k": 3}, map[string]any{"id": "a"}, map[string]any{"id": "b"})
	before := r.Snapshot()
	// The same query again: merged, the repeated object kept once.
	r.Add(ToolStoreQuery, map[string]any{"k": 3, "query": "nash"}, map[string]any{"id": "b"}, map[string]any{"id": "c"})
	// Another k: an entry of its own.
	r.Add(ToolStoreQuery, map[string]any{"query": "nash", "k": 5}, map[string]any{"id": "a"})
	r.Add(ToolPaperFilter, nil, map[string]any{"title": "T", "game_theory": true})
	env := r.Snapshot()

	require.Len(t, env[ToolStoreQuery], 2)
	require.Equal(t, []map[string]any{{"id": "a"}, {"id": "b"}, {"id": "c"}}, env[ToolStoreQuery][0].Objects)
	require.Equal(t, map[string]any{"query": "nash", "k": 5}, env[ToolStoreQuery][1].Metadata)
	require.Len(t, before[ToolStoreQuery][0].Objects, 2, "a snapshot does not change with later adds")

}

func TestSummaryDoesNotDependOnTheOrderOfConcurrentAdds(t *testing.T) {
	a, b := New(), New()
	v1 := map[string]any{"title": "Auctions", "game_theory": true}
	v2 := map[string]any{"title": "Video games", "game_theory": false}
	a.Add(ToolPaperFilter, nil, v1)
	a.Add(ToolPaperFilter, nil, v2)
	b.Add(ToolPaperFilter, nil, v2)
	b.Add(ToolPaperFilter, nil, v1)
	require.Equal(t, a.Snapshot().Summary(), b.Snapshot().Summary())
	require.Equal(t, []string{"paper_filter: 2 verdicts, 1 about game theory"}, a.Snapshot().Summary())
}

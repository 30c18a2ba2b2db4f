package trace

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
)

// A recording of one fork, as gtrag wrote it before chains, has its one
// edit; a fork of a fork has the earlier ones first, applied in order.
func TestForkInfoEdits(t *testing.T) {
	var old ForkInfo
	require.NoError(t, json.Unmarshal([]byte(`{"of":"run1","step":7,"field":"relevant_context","value":false,"recorded_path":["a"]}`), &old))
	require.Equal(t, []ForkEdit{{Of: "run1", Step: 7, Field: "relevant_context", Value: json.RawMessage("false")}}, old.Edits())
	require.Nil(t, (*ForkInfo)(nil).Edits())

	chain := ForkInfo{Of: "f1", Step: 7, Field: "papers_added", Value: json.RawMessage("5"),
		Earlier: []ForkEdit{{Of: "run1", Step: 7, Field: "papers_added", Value: json.RawMessage("2")}, {Of: "f0", Step: 3, Field: "relevant_context", Value: json.RawMessage("true")}}}
	edits := chain.Edits()
	require.Len(t, edits, 3)
	s, err := applyEdits(nodes.NewState("q"), edits, 7)
	require.NoError(t, err)
	require.Equal(t, 5, s.PapersAdded, "the later edit of the same step wins")
	require.False(t, s.RelevantContext, "not this step's")

	// A fork at step 5 carries the edits up to it, not the later ones.
	p := &Player{settings: Settings{Fork: &chain}}
	require.Equal(t, []ForkEdit{chain.Earlier[1]}, p.CarriedEdits(5))
	require.Len(t, p.CarriedEdits(7), 3)

	b, err := json.Marshal(old)
	require.NoError(t, err)
	require.NotContains(t, string(b), "earlier", "a single fork's recording is written as before")
}

package trace

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReplayFollowsTheRecordedRunnersUpRule: whether a later search's best
// paper was the first runner-up (nodes.Puller.LaterBest) is a recorded
// setting. A run recorded before the rule existed replays without it, so
// that its answer is written from the passages it was written from.
func TestReplayFollowsTheRecordedRunnersUpRule(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), "Why does tit-for-tat do well?", Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	require.False(t, p.Deps().LaterBest, "recorded without the rule: replayed without it")

	var d ExecutionStartedData
	require.NoError(t, json.Unmarshal(evs[0].Data, &d))
	d.Settings.LaterBest = true
	evs[0].Data, err = json.Marshal(d)
	require.NoError(t, err)
	p, err = NewPlayer(evs)
	require.NoError(t, err)
	require.True(t, p.Deps().LaterBest, "recorded with it: replayed with it")
}

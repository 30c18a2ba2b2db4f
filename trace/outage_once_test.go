package trace

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// outageRouter is the decision agent of a run whose LLM fails on its first
// route: that failure gives the LLM up for the run (reasoner.GivenUp), and
// the later branches are refused as told (reasoner.ErrLLMGivenUpTold).
type outageRouter struct{ calls *int }

func (r outageRouter) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	*r.calls++
	if *r.calls == 1 {
		return reasoner.Choice{}, reasoner.GivenUp(errors.New("choose the route with the LLM: 3 attempts, last: no reply within 1s"))
	}
	return reasoner.Choice{}, reasoner.ErrLLMGivenUpTold
}

// One outage is one notice of the run, and its replay tells the same: the
// recording keeps that the agent's failure gave the LLM up, and that the
// later branches were refused as told, so that the replayed agent says
// what the live one said, no more.
func TestAnOutageToldOnceReplaysSo(t *testing.T) {
	var calls int
	evs := readString(t, recordRouted(t, newWorld(), outageRouter{&calls}))
	require.Greater(t, calls, 1, "more than one branch")
	var kinds []string
	for _, e := range evs {
		if e.Type == OperationFailed {
			var d OperationFailedData
			require.NoError(t, e.Decode(&d))
			kinds = append(kinds, d.ErrorKind)
		}
	}
	require.Equal(t, errorKindLLMGivenUp, kinds[0])
	for _, k := range kinds[1:] {
		require.Equal(t, errorKindLLMUnavailable, k)
	}
	var end ExecutionCompletedData
	require.NoError(t, evs[len(evs)-1].Decode(&end))
	require.Len(t, end.Notices, 1, "one outage, one notice: %q", end.Notices)
	require.True(t, strings.HasSuffix(end.Notices[0], "the rule routers decide from here on, and the other steps run offline"), end.Notices[0])

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	out, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, end.Notices, out.Final.Notices)
}

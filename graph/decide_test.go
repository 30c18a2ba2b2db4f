package graph

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// decisions is a recorder that also hears the decider's decisions.
type decisions[S any] struct {
	recorder[S]
	heard []Decision
}

func (d *decisions[S]) Decided(_ context.Context, _ int, _ string, dec Decision) {
	d.heard = append(d.heard, dec)
}

func TestDeciderChoosesAndSeesTheEdge(t *testing.T) {
	g := New[int]()
	g.AddNode("inc", func(_ context.Context, s int) (int, error) { return s + 1, nil }, Describe("add one"))
	g.AddEdge(START, "inc")
	g.AddConditionalEdges("inc", func(s int) (string, string) { return "again", "the rule always loops" },
		map[string]string{"again": "inc", "done": END}, Name("enough"), Describe("loop until told"))
	cg := compiled(t, g)

	var seen []DecisionPoint[int]
	decide := func(_ context.Context, at DecisionPoint[int]) (Decision, int) {
		seen = append(seen, at)
		if at.State >= 3 {
			return Decision{Key: "done", Reason: "three is enough", By: "test", Message: "stopping"}, at.State * 10
		}
		return at.Rule, at.State
	}
	obs := &decisions[int]{}
	final, err := cg.Run(context.Background(), 0, WithDecider[int](decide), WithObserver[int](obs))
	require.NoError(t, err)
	require.Equal(t, 30, final, "the state the decider returns is the one the run goes on with")
	require.Len(t, seen, 3)
	at := seen[2]
	require.Equal(t, 3, at.Step)
	require.Equal(t, "enough", at.Router)
	require.Equal(t, "loop until told", at.Instruction)
	require.Equal(t, []string{"inc", "inc", "inc"}, at.Path)
	require.Equal(t, Decision{Key: "again", Reason: "the rule always loops", By: "rules"}, at.Rule)
	require.Equal(t, []DecisionRoute{{Key: "again", To: "inc", Description: "add one"}, {Key: "done", To: END, Description: "end the run"}}, at.Routes)
	require.Len(t, obs.heard, 3)
	require.Equal(t, "stopping", obs.heard[2].Message)
	require.Equal(t, "route 3 inc -done-> __end__ (three is enough)", obs.events[len(obs.events)-1])
}

func TestDeciderCannotLeaveTheGraph(t *testing.T) {
	decide := func(_ context.Context, at DecisionPoint[int]) (Decision, int) {
		return Decision{Key: "elsewhere", By: "test"}, at.State
	}
	_, err := counter(t, 2).Run(context.Background(), 0, WithDecider[int](decide))
	var re *RouteError
	require.True(t, errors.As(err, &re), "%v", err)
	require.Equal(t, "elsewhere", re.Key)
}

func TestDeciderStillHitsTheStepLimit(t *testing.T) {
	loop := func(_ context.Context, at DecisionPoint[int]) (Decision, int) {
		return Decision{Key: "again", By: "test"}, at.State
	}
	_, err := counter(t, 2).Run(context.Background(), 0, WithDecider[int](loop), WithStepLimit(7))
	var le *StepLimitError
	require.True(t, errors.As(err, &le), "%v", err)
	require.Equal(t, 7, le.Limit)
}

func TestDeciderOfTheWrongType(t *testing.T) {
	d := Decider[string](func(_ context.Context, at DecisionPoint[string]) (Decision, string) { return at.Rule, at.State })
	_, err := counter(t, 2).Run(context.Background(), 0, WithDecider(d))
	require.ErrorContains(t, err, fmt.Sprintf("does not take %T states", 0))
}

// stateChanges hears the state a decider received and returned.
type stateChanges[S any] struct {
	recorder[S]
	changes [][2]S
	order   []string
}

func (c *stateChanges[S]) DecisionState(_ context.Context, _ int, _ string, before, after S) {
	c.changes = append(c.changes, [2]S{before, after})
	c.order = append(c.order, "state")
}

func (c *stateChanges[S]) Decided(context.Context, int, string, Decision) {
	c.order = append(c.order, "decided")
}

func TestDecisionStateObserverHearsWhatTheDeciderChanged(t *testing.T) {
	decide := func(_ context.Context, at DecisionPoint[int]) (Decision, int) {
		if at.State >= 2 {
			return Decision{Key: "done", By: "test"}, at.State * 10
		}
		return at.Rule, at.State
	}
	one, two := &stateChanges[int]{}, &stateChanges[int]{}
	// Two observers: the engine fans the event out to each.
	final, err := counter(t, 5).Run(context.Background(), 0, WithDecider[int](decide), WithObserver[int](one), WithObserver[int](two))
	require.NoError(t, err)
	require.Equal(t, 20, final)
	for _, c := range []*stateChanges[int]{one, two} {
		require.Equal(t, [][2]int{{1, 1}, {2, 20}}, c.changes, "the state after the step, then the one the decider returned")
		require.Equal(t, []string{"state", "decided", "state", "decided"}, c.order)
	}
}

func TestDecisionStateObserverSilentWithoutADecider(t *testing.T) {
	obs := &stateChanges[int]{}
	_, err := counter(t, 2).Run(context.Background(), 0, WithObserver[int](obs))
	require.NoError(t, err)
	require.Empty(t, obs.changes)
}

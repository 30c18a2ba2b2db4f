package nodes

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/reasoner"
)

// replyChooser is a decision agent that always makes the same choice.
type replyChooser reasoner.Choice

func (c replyChooser) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice(c), nil
}

// relevanceCheck is the decision point after check_relevance, where the
// rules chose not_relevant.
func relevanceCheck() graph.DecisionPoint[GraphState] {
	return graph.DecisionPoint[GraphState]{
		Step: 2, From: CheckRelevance, Router: "route_after_relevance_check",
		Routes: []graph.DecisionRoute{{Key: NotRelevant, To: SearchArxiv}, {Key: Relevant, To: GenerateResponse}},
		Path:   []string{PullFromChroma, CheckRelevance},
		State:  NewState("What is a Nash equilibrium?"),
		Rule:   graph.Decision{Key: NotRelevant, Reason: "the store has nothing for this question", By: RouterRules},
	}
}

// An impossible verdict in a reply naming a route this branch does not
// declare ("none_kept" is the filter's) took the route to the answer and
// was recorded as the agent choosing "relevant", a route it never named.
// Such a reply is now one with an undeclared route: the rules decide, the
// verdict is not taken, and the notice says so.
func TestDecideImpossibleWithAnUndeclaredRouteFallsBack(t *testing.T) {
	a := &DecisionAgent{Chooser: replyChooser{Route: NoneKept, Message: "x", Reason: "y", Impossible: true}}
	d, s := a.Decide(context.Background(), relevanceCheck())
	require.Equal(t, NotRelevant, d.Key)
	require.Equal(t, RouterRules, d.By)
	const notice = `decision agent at route_after_relevance_check: judged the task impossible but chose "none_kept", which is not a route here (want not_relevant or relevant); the rule router chose not_relevant`
	require.Equal(t, notice, d.Notice)
	require.Empty(t, s.Impossible, "the verdict of an unusable reply is not taken")
	require.Contains(t, s.Notices, notice)
}

// An impossible verdict in a reply naming a declared route takes the
// route to the answer, as README says, and the decision's reason says
// which route the agent named when the verdict took another.
func TestDecideImpossibleWithADeclaredRoute(t *testing.T) {
	for _, tt := range []struct{ named, reason string }{
		{Relevant, "the task is impossible: y"},
		{NotRelevant, "the task is impossible: y (the agent named not_relevant; the verdict takes relevant to the answer)"},
	} {
		a := &DecisionAgent{Chooser: replyChooser{Route: tt.named, Message: "x", Reason: "y", Impossible: true}}
		d, s := a.Decide(context.Background(), relevanceCheck())
		require.Equal(t, graph.Decision{Key: Relevant, Reason: tt.reason, By: RouterLLM, Message: "x"}, d, tt.named)
		require.Equal(t, "y", s.Impossible, tt.named)
		require.Empty(t, s.Notices, tt.named)
	}
}

// errChooser is a decision agent whose every call fails with err.
type errChooser struct{ err error }

func (c errChooser) ChooseRoute(context.Context, reasoner.TreeData) (reasoner.Choice, error) {
	return reasoner.Choice{}, c.err
}

// One LLM outage made three notices with --router llm: the agent's, which
// quoted the error; "LLM given up for this run (see the notice above);
// continuing offline" from each step decided offline; and "decision agent:
// the LLM is unavailable; the rule routers decide from here on" at the
// next branch. The agent's notice now says what happens next, and is the
// only one.
func TestDecideTellsAnOutageOnce(t *testing.T) {
	a := &DecisionAgent{Chooser: errChooser{reasoner.GivenUp(errors.New("choose the route with the LLM: 3 attempts, last: no reply within 1s"))}}
	d, s := a.Decide(context.Background(), relevanceCheck())
	require.Equal(t, NotRelevant, d.Key)
	require.Equal(t, RouterRules, d.By)
	const notice = "decision agent at route_after_relevance_check: choose the route with the LLM: 3 attempts, last: no reply within 1s; the rule router chose not_relevant; the LLM is given up for this question: the rule routers decide from here on, and the other steps run offline"
	require.Equal(t, notice, d.Notice)
	require.Equal(t, []string{notice}, s.Notices)

	// The steps after it, decided offline, mark their own results only.
	const told = "LLM given up for this run (the notice quoting its error says so); decided offline"
	require.True(t, reasoner.ToldAbove(told))
	require.Equal(t, []string{notice}, addNotices(s.Notices, []string{told}))

	// The next branch, refused as told, adds nothing; refused bare (the
	// run's LLM given up by another step, whose notice gave no word of
	// the rule routers), it still says so.
	s2 := relevanceCheck()
	s2.State = s
	a.Chooser = errChooser{reasoner.ErrLLMGivenUpTold}
	d, s = a.Decide(context.Background(), s2)
	require.Equal(t, NotRelevant, d.Key)
	require.Empty(t, d.Notice)
	require.Equal(t, []string{notice}, s.Notices)
	a.Chooser = errChooser{reasoner.ErrLLMUnavailable}
	_, s = a.Decide(context.Background(), s2)
	require.Equal(t, []string{notice, "decision agent: the LLM is unavailable; the rule routers decide from here on"}, s.Notices)
}

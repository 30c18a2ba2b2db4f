package trace

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
)

// A decision agent that judged the task impossible replied "route
// not_relevant, task impossible", and the run went to generate_response
// by the relevant route, the one that leads to an answer. The narration
// and the page said "decision agent chose relevant", under an ACTION that
// says it chose not_relevant: the agent chose no such route; its verdict
// did. They now say that it judged the task impossible.
func TestQA4ImpossibleVerdictIsNotAChoiceOfRoute(t *testing.T) {
	c := nodes.CheckRelevance
	evs := []Event{
		qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: "q", Settings: testSettings()}),
		qaEvent(t, 2, StepStarted, 1, c, StepStartedData{Node: c}),
		qaEvent(t, 3, OperationStarted, 1, c, OperationStartedData{OpID: "d", Kind: KindDecide, Params: []byte(`{"router":"route_after_relevance_check"}`)}),
		qaEvent(t, 4, OperationCompleted, 1, c, OperationCompletedData{OpID: "d", Kind: KindDecide,
			Result: []byte(`{"route":"not_relevant","message":"cannot be done","reason":"no data exists","impossible":true}`)}),
		qaEvent(t, 5, StepCompleted, 1, c, StepCompletedData{Node: c}),
		qaEvent(t, 6, RouteDecided, 1, c, RouteDecidedData{From: c, Router: "route_after_relevance_check", Key: "relevant", To: nodes.GenerateResponse,
			Reason: "the task is impossible: no data exists", DecidedBy: "llm", Message: "cannot be done"}),
	}
	var b bytes.Buffer
	require.NoError(t, Narrate(&b, evs))
	next := b.String()[strings.Index(b.String(), "  NEXT"):]
	next = next[:strings.Index(next, "\n")]
	require.NotContains(t, next, "chose relevant", next)
	require.Contains(t, next, "generate_response (decision agent judged the task impossible, so the run takes relevant to the answer: cannot be done", next)

	page := htmlPage(t, evs)
	route := page[strings.Index(page, `id="step-1"`):]
	route = route[strings.Index(route, `<p class="route">`):]
	route = route[:strings.Index(route, "</p>")]
	require.NotContains(t, route, "chose", route)
	require.Contains(t, route, "judged the task impossible", route)
}

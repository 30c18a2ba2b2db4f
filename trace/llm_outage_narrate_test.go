package trace

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// A failed LLM call was told only by the live note line beside the
// narration ("note: LLM unavailable (…)"); the step's ACTION showed the
// offline reasoner's call alone, and a recording rendered later (gtrag
// trace) did not show the failure at all. The LLM's part is now an action
// nested under the operation it happened in: the outage where it was met,
// "not asked" in the steps after it, which the run decided offline
// without asking again.
func TestNarrationShowsTheLLMCallThatFailed(t *testing.T) {
	const q = "What is a Nash equilibrium?"
	const outage = "LLM unavailable (check relevance with the LLM: model runner crashed); continuing offline"
	jp, _ := json.Marshal(JudgeParams{Question: q})
	fp, _ := json.Marshal(FilterParams{Title: q})
	ap, _ := json.Marshal(AnswerParams{Question: q})
	verdict := func(notices ...string) json.RawMessage {
		b, _ := json.Marshal(VerdictResult{Yes: true, Reason: "top score 0.39 ≥ 0.10", Notices: notices})
		return b
	}
	answer, _ := json.Marshal(AnswerResult{Text: "An equilibrium [1].", Cited: []int{1}, Offline: reasoner.OfflineLLMFailed, Notices: []string{outage}})
	answeredByLLM, _ := json.Marshal(AnswerResult{Text: "An equilibrium [1].", Cited: []int{1}})

	op := func(seq int64, step int, node, id, kind string, params, result json.RawMessage) []Event {
		return []Event{
			qaEvent(t, seq, OperationStarted, step, node, OperationStartedData{OpID: id, Kind: kind, Tool: "ollama:tiny", Params: params}),
			qaEvent(t, seq+1, OperationCompleted, step, node, OperationCompletedData{OpID: id, Kind: kind, Result: result}),
		}
	}
	var evs []Event
	evs = append(evs,
		qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: q, Settings: Settings{LLM: "ollama:tiny"}}),
		qaEvent(t, 2, StepStarted, 1, nodes.CheckRelevance, StepStartedData{Node: nodes.CheckRelevance}))
	evs = append(evs, op(3, 1, nodes.CheckRelevance, "j", KindJudge, jp, verdict(outage))...)
	evs = append(evs,
		qaEvent(t, 5, StepCompleted, 1, nodes.CheckRelevance, StepCompletedData{Node: nodes.CheckRelevance, Reasoning: "relevant"}),
		qaEvent(t, 6, StepStarted, 2, nodes.GenerateResponse, StepStartedData{Node: nodes.GenerateResponse}))
	evs = append(evs, op(7, 2, nodes.GenerateResponse, "f", KindFilter, fp, verdict(outage))...)
	evs = append(evs, op(9, 2, nodes.GenerateResponse, "a", KindAnswer, ap, answer)...)
	evs = append(evs, qaEvent(t, 11, StepCompleted, 2, nodes.GenerateResponse, StepCompletedData{Node: nodes.GenerateResponse, Reasoning: "answered"}))

	var b bytes.Buffer
	require.NoError(t, Narrate(&b, evs))
	out := b.String()
	lines := strings.Split(out, "\n")
	after := func(prefix string) string {
		t.Helper()
		for i, l := range lines {
			if strings.Contains(l, prefix) {
				require.Less(t, i+1, len(lines), out)
				return lines[i+1]
			}
		}
		t.Fatalf("no line with %q in:\n%s", prefix, out)
		return ""
	}
	judge := after("reasoner.check_relevance [offline]")
	require.Contains(t, judge, "ollama:tiny → "+outage, "the failure, where it happened:\n%s", out)
	require.Greater(t, indentOf(judge), indentOf(lineWith(t, out, "reasoner.check_relevance [offline]")), "nested under the judge:\n%s", out)
	require.Contains(t, after("as the topic judge"), "ollama:tiny → not asked: unavailable since step 1", out)
	require.Contains(t, after("reasoner.generate_response [offline]"), "ollama:tiny → not asked: unavailable since step 1", out)
	require.Equal(t, 1, strings.Count(out, outage), "the outage told once:\n%s", out)

	v := buildView(evs)
	require.Len(t, v.Steps, 2)
	require.Contains(t, v.Steps[0].Ops[0].Result, "(ollama:tiny: "+outage+")")
	require.Contains(t, v.Steps[1].Ops[1].Result, "(ollama:tiny: not asked: unavailable since step 1)")

	// An answer the LLM wrote has no such line; one written offline with
	// no notice says why from its own account.
	for _, tc := range []struct {
		name   string
		result json.RawMessage
		want   string
	}{
		{"answered by the LLM", answeredByLLM, ""},
		{"offline with no notice", mustJSON(t, AnswerResult{Text: "An equilibrium [1].", Cited: []int{1}, Offline: reasoner.OfflineUnusable}), "ollama:tiny → " + reasoner.OfflineUnusable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs := []Event{
				qaEvent(t, 1, ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: q, Settings: Settings{LLM: "ollama:tiny"}}),
				qaEvent(t, 2, StepStarted, 1, nodes.GenerateResponse, StepStartedData{Node: nodes.GenerateResponse}),
			}
			evs = append(evs, op(3, 1, nodes.GenerateResponse, "a", KindAnswer, ap, tc.result)...)
			evs = append(evs, qaEvent(t, 5, StepCompleted, 1, nodes.GenerateResponse, StepCompletedData{Node: nodes.GenerateResponse, Reasoning: "answered"}))
			var b bytes.Buffer
			require.NoError(t, Narrate(&b, evs))
			if tc.want == "" {
				require.NotContains(t, b.String(), "ollama:tiny →", b.String())
				return
			}
			require.Contains(t, b.String(), tc.want, b.String())
		})
	}
}

func indentOf(line string) int {
	// The label column is fixed; what follows it is indented by depth.
	for _, label := range []string{"ACTION", "PERCEPT", "REASONING"} {
		line = strings.Replace(line, label, strings.Repeat(" ", len(label)), 1)
	}
	return len(line) - len(strings.TrimLeft(line, " "))
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

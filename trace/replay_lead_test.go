package trace

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// leadFilter keeps every paper, so that an unrecognised question's first
// candidate is kept by it and nothing else.
type leadFilter struct{ calls int }

func (l *leadFilter) IsGameTheory(context.Context, string, string) (reasoner.Verdict, error) {
	l.calls++
	return reasoner.Verdict{Yes: true, Reason: "lead"}, nil
}

// TestReplayOfARunWhoseLeadFilterJudged: a question the topic judge does
// not recognise has its search's first candidate judged by the lead
// filter (nodes.Deps.Lead). That call is recorded like every filter call,
// and the run replays to the same answer.
func TestReplayOfARunWhoseLeadFilterJudged(t *testing.T) {
	w := newWorld()
	topic, lead := &fakeReasoner{}, &leadFilter{}
	w.topic, w.lead = topic, lead
	const question = "Why is it clear and forgiving in iterated repeated rounds?"
	out, _, final, err := recordRun(t, w, question, Options{})
	require.NoError(t, err)
	require.Equal(t, 1, lead.calls, "the lead filter judged the first candidate")

	evs := readString(t, out)
	filters := 0
	for _, e := range evs {
		var d OperationStartedData
		if e.Type == OperationStarted && json.Unmarshal(e.Data, &d) == nil && d.Kind == KindFilter {
			filters++
		}
	}
	require.Equal(t, topic.calls+lead.calls, filters, "the topic judge's calls (the question's, the other candidates') and the lead's are all recorded")

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, final.FinalResponse, got.Final.FinalResponse)
	require.Equal(t, final.Sources, got.Final.Sources)
	require.Equal(t, final.PapersSeen, got.Final.PapersSeen)
}

package nodes

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// offlineAnswerer answers as a Set's FallbackAnswerer does after the LLM
// failed: the offline answer, saying why in Offline.
type offlineAnswerer struct{ why string }

func (a offlineAnswerer) Answer(ctx context.Context, q string, ps []reasoner.Passage) (reasoner.Answer, error) {
	ans, err := citeAll{}.Answer(ctx, q, ps)
	ans.Offline = a.why
	return ans, err
}

// generate_response carries the answerer's word on who wrote the answer
// into the state, as data: the footer reads it there (through the run's
// Result), not in the notices. The field is left out of the state's JSON
// when empty, so that the traces of runs answered by the LLM, or offline
// without one, read as before.
func TestRespondSaysTheAnswerWasWrittenOffline(t *testing.T) {
	s := GraphState{UserQuery: "What is the Shapley value?", RelevantContext: true, ChromaResults: []vectordb.Result{{Document: vectordb.Document{
		ID: "2501.00001v1_chunk_0", Content: "On the Shapley value.", Metadata: map[string]string{"paper_id": "2501.00001v1", "title": "Shapley"}}}}}

	out, err := Responder{Answerer: offlineAnswerer{why: reasoner.OfflineLLMFailed}}.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnswered, out.Outcome)
	require.Equal(t, reasoner.OfflineLLMFailed, out.Offline)
	b, err := json.Marshal(out)
	require.NoError(t, err)
	require.Contains(t, string(b), `"offline":"the LLM failed"`)

	out, err = Responder{Answerer: citeAll{}}.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Empty(t, out.Offline)
	b, err = json.Marshal(out)
	require.NoError(t, err)
	require.NotContains(t, string(b), `"offline"`)
}

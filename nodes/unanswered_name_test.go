package nodes

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// A question about a concept its sources never name is answered from them
// with the caveat that says so, even when the judge found them relevant:
// "What is the Zorblax equilibrium in auctions?" was answered from papers
// on position auctions as if they explained it. The sources stay.
func TestAnAnswerThatNeverNamesTheConceptAskedAboutIsCaveated(t *testing.T) {
	results := []vectordb.Result{{Document: vectordb.Document{ID: "2401.00001v1_chunk_0",
		Content:  "In a position auction bidders compete for ranked ad slots. Each bidder shades her bid below her value, and the equilibrium bids are monotone in the signals.",
		Metadata: map[string]string{"paper_id": "2401.00001v1", "title": "Equilibrium Bids in Position Auctions"}}, Score: 0.9, Similarity: 0.5}}
	respond := Responder{Answerer: reasoner.NewOfflineAnswerer(), Topic: yesTopic{}}
	ask := func(q string) GraphState {
		t.Helper()
		out, err := respond.Respond(context.Background(), GraphState{UserQuery: q, ChromaResults: results, RelevantContext: true})
		require.NoError(t, err)
		return out
	}

	out := ask("What is the Zorblax equilibrium in position auctions?")
	require.Equal(t, OutcomeAnsweredWithCaveat, out.Outcome, out.FinalResponse)
	require.Contains(t, out.Notices, `the sources found may not fully answer this question (none of them mentions "Zorblax")`)
	require.Equal(t, "2401.00001v1", out.Sources[0].PaperID)

	out = ask("Why do bidders shade their bids in position auctions?")
	require.Equal(t, OutcomeAnswered, out.Outcome, out.FinalResponse)
	require.Empty(t, out.Notices)

	// A name in passing is the question's setting, not what it asks about.
	out = ask("Why do bidders on Google shade their bids in position auctions?")
	require.Equal(t, OutcomeAnswered, out.Outcome, out.FinalResponse)
}

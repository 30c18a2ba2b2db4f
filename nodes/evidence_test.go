package nodes

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

type yesJudge struct{}

func (yesJudge) JudgeRelevance(context.Context, string, []reasoner.Passage) (reasoner.Verdict, error) {
	return reasoner.Verdict{Yes: true, Reason: "on the question"}, nil
}

// A question that asks what was found in the world is not answered from
// the primer's textbook entries before arXiv has been searched: "Has
// closing a road ever actually made traffic faster in a real city?" was
// answered from the entry on Braess's paradox, which states the paradox
// and reports no city.
func TestThePrimerDoesNotAnswerWhatWasFound(t *testing.T) {
	doc := func(paper string) vectordb.Result {
		return vectordb.Result{Document: vectordb.Document{ID: paper + "_chunk_0",
			Content:  "Braess's paradox: adding a road to a network can make every driver's trip slower at equilibrium.",
			Metadata: map[string]string{"paper_id": paper, "title": "Braess's paradox"}}}
	}
	check := func(q string, s GraphState, results ...vectordb.Result) GraphState {
		t.Helper()
		s.UserQuery, s.ChromaResults = q, results
		out, err := RelevanceChecker{Judge: yesJudge{}}.Check(context.Background(), s)
		require.NoError(t, err)
		return out
	}
	const found = "Has closing a road ever actually made traffic faster in a real city?"
	s := check(found, GraphState{}, doc("primer:braess-paradox"))
	require.False(t, s.RelevantContext)
	require.Contains(t, s.Reasoning, `the question asks what was found ("actually")`)

	require.True(t, check("What is Braess's paradox?", GraphState{}, doc("primer:braess-paradox")).RelevantContext,
		"a question about the concept itself")
	require.True(t, check(found, GraphState{}, doc("primer:braess-paradox"), doc("2301.00001v1")).RelevantContext,
		"a paper among the judged passages")
	require.True(t, check(found, GraphState{Searches: []Search{{Query: "ti:braess"}}}, doc("primer:braess-paradox")).RelevantContext,
		"after a search, the primer is what there is")
}

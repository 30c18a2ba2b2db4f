package trace

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
)

// The judge sees the first passages only and weighs them by similarity,
// not by the ranking score the percept shows: the action says which it
// saw, with the number it saw, so that "top score 0.43" in its reasoning
// is not at odds with a percept of (0.90).
func TestNarrateJudgeNamesThePassagesItSaw(t *testing.T) {
	params, err := json.Marshal(JudgeParams{Question: "Why bid truthfully?", Passages: []Passage{
		{N: 1, ID: "primer:vickrey_chunk_0", Score: 0.43},
		{N: 2, ID: "primer:vcg_chunk_1", Score: 0.381},
	}})
	require.NoError(t, err)
	got := describeOp(nodes.CheckRelevance, OperationStartedData{OpID: "x", Kind: KindJudge, Tool: "offline", Params: params})
	require.Equal(t, `reasoner.check_relevance [offline] question="Why bid truthfully?" with the top 2 passages: primer:vickrey_chunk_0 (similarity 0.43), primer:vcg_chunk_1 (similarity 0.38)`, got)

	// Many passages: the first three, and how many more.
	var ps []Passage
	for i := range 5 {
		ps = append(ps, Passage{N: i + 1, Score: 0.5})
	}
	params, err = json.Marshal(JudgeParams{Question: "q", Passages: ps})
	require.NoError(t, err)
	got = describeOp(nodes.CheckRelevance, OperationStartedData{OpID: "x", Kind: KindJudge, Params: params})
	require.Equal(t, `reasoner.check_relevance question="q" with the top 5 passages: [1] (similarity 0.50), [2] (similarity 0.50), [3] (similarity 0.50), … (2 more)`, got)
}

// The filter asked about the question itself, inside search_arxiv, is the
// topic judge, not a paper being judged: narrated as such, where the same
// call from filter_game_theory_papers is a paper's title.
func TestNarrateTheTopicJudgeAsSuch(t *testing.T) {
	params, err := json.Marshal(FilterParams{Title: "Why does tit-for-tat do well?"})
	require.NoError(t, err)
	d := OperationStartedData{Kind: KindFilter, Tool: "offline", Params: params}
	require.Equal(t, `reasoner.filter_game_theory_papers [offline] as the topic judge: is the question itself about game theory? question="Why does tit-for-tat do well?"`,
		describeOp(nodes.SearchArxiv, d))
	require.Equal(t, `reasoner.filter_game_theory_papers [offline] title="Why does tit-for-tat do well?" (no abstract)`,
		describeOp(nodes.FilterGameTheoryPapers, d))
}

// The answer's action named the passages it cited in passage numbers
// ("citing [1 3 2]") while the printed answer numbers its sources in the
// order first cited: its [2] was passage 3. The action says which
// numbers these are, and that the answer renumbers them.
func TestNarrateAnswerSaysItsCitationsArePassageNumbers(t *testing.T) {
	raw, err := json.Marshal(AnswerResult{Text: "abc", Cited: []int{1, 3, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := describeResult(KindAnswer, raw), "answer of 3 chars citing passages 1, 3, 2 (renumbered in the answer in that order)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	raw, _ = json.Marshal(AnswerResult{Text: "abc", Cited: []int{1, 2}})
	if got, want := describeResult(KindAnswer, raw), "answer of 3 chars citing passages 1, 2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

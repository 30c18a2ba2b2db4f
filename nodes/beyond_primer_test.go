package nodes

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// The words of a question that no primer entry uses are those the
// textbook cannot speak to; a question in the textbook's words has none.
func TestPrimerLacksTheWordsNoEntryUses(t *testing.T) {
	require.Equal(t, []string{"stingy"}, primerLacks("Do chatbots turn down stingy offers in take-it-or-leave-it splitting games?"))
	require.Equal(t, []string{"nft", "flippers", "collectors"}, primerLacks("nft flippers vs collectors - who pays less in dutch auction drops"))
	for _, q := range []string{
		"What is a Nash equilibrium?",
		"Why does tit-for-tat do well in the iterated prisoner's dilemma?",
		"How does the Gale-Shapley algorithm guarantee a stable matching?",
	} {
		require.Nil(t, primerLacks(q), q)
	}
}

// A question the primer's passages answer, but with a word no entry uses,
// is searched for first (BeyondPrimer): "Do chatbots turn down stingy
// offers…?" met the entry on the ultimatum game and was answered from it,
// and the paper on chat models in ultimatum games was never looked for.
// If the search keeps no paper, the primer answers as it was judged to,
// without a caveat; if it keeps one, the judge has the last word.
func TestAQuestionBeyondThePrimerIsSearchedFirst(t *testing.T) {
	results := []vectordb.Result{{Document: vectordb.Document{ID: "primer:ultimatum_chunk_0",
		Content:  "In the ultimatum game a proposer offers a split and a responder accepts or turns it down; in experiments responders often turn down low offers.",
		Metadata: map[string]string{"paper_id": "primer:ultimatum", "title": "Ultimatum game"}}, Score: 0.9, Similarity: 0.4}}
	const q = "Do chatbots turn down stingy offers in take-it-or-leave-it splitting games?"
	run := func(beyond bool) (RelevanceChecker, Responder, GraphState) {
		t.Helper()
		previewed := &Previewed{}
		answerer := reasoner.NewOfflineAnswerer()
		check := RelevanceChecker{Judge: yesJudge{}, Preview: answerer, Topic: yesTopic{}, Previewed: previewed, BeyondPrimer: beyond}
		s, err := check.Check(context.Background(), GraphState{UserQuery: q, ChromaResults: results})
		require.NoError(t, err)
		return check, Responder{Answerer: answerer, Topic: yesTopic{}, Previewed: previewed}, s
	}

	_, _, s := run(false)
	require.True(t, s.RelevantContext, "off, the primer answers: %s", s.Reasoning)

	_, respond, s := run(true)
	require.False(t, s.RelevantContext)
	require.Contains(t, s.Reasoning, `no primer entry says "stingy", so arXiv is searched first`)

	// arXiv could not be reached: the primer answers, as judged, with no
	// caveat, and the outcome says arXiv was not searched.
	failed := s
	failed.Searches = []Search{{Query: "ti:ultimatum", Failed: "cannot resolve export.arxiv.org"}}
	out, err := respond.Respond(context.Background(), failed)
	require.NoError(t, err)
	require.Equal(t, OutcomeArxivUnavailable, out.Outcome, out.FinalResponse)
	require.Equal(t, "primer:ultimatum", out.Sources[0].PaperID)
	require.Contains(t, out.Reasoning, "could not be reached, so the primer's passages answer")
	require.NotContains(t, strings.Join(out.Notices, " "), "may not fully answer", "no caveat: the passages were judged to answer")

	// arXiv answered, and no paper was about the question: the same.
	none := s
	none.Searches = []Search{{Query: "ti:ultimatum", Total: 40, Returned: 40}}
	out, err = respond.Respond(context.Background(), none)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnswered, out.Outcome)
	require.Contains(t, out.Reasoning, "kept no paper, so the primer's passages answer")

	// A paper was kept, and check_relevance judged the grown store's
	// passages not relevant: that verdict stands.
	kept := none
	kept.PapersFound, kept.PapersAdded = []string{"2405.90209v1"}, 1
	out, err = respond.Respond(context.Background(), kept)
	require.NoError(t, err)
	require.Equal(t, OutcomeAnsweredWithCaveat, out.Outcome)

	// A question the primer speaks to in its own words is not searched for.
	check, _, _ := run(true)
	s, err = check.Check(context.Background(), GraphState{UserQuery: "Why do responders turn down low offers in the ultimatum game?", ChromaResults: results})
	require.NoError(t, err)
	require.True(t, s.RelevantContext, s.Reasoning)
}

package nodes

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// everydayTerms are the index terms of testdata/textbook_terms.txt that
// the topic judge leaves unrecognised on purpose: each is also an everyday
// word or another field's ("a cartel", "an arms race", "screening" for
// cancer), so the question must show game theory some other way. See the
// textbook block of reasoner's gameTheoryLexicon.
var everydayTerms = []string{
	"arms race", "bank runs", "behavioral strategy", "bluffing", "budget balance",
	"cartel", "externalities", "linear complementarity problem", "plurality voting",
	"poker", "price war", "reciprocity", "screening", "Texas hold'em",
}

// TestTopicJudgeKnowsTheTextbookIndex asks the offline topic judge, as a
// student would, how each of 182 index terms of the field's standard
// textbooks and courses works. A term it does not recognise is searched
// for as an unrecognised question (a smaller pool, a strict filter) or,
// with evidence against, not at all.
func TestTopicJudgeKnowsTheTextbookIndex(t *testing.T) {
	f, err := os.Open("testdata/textbook_terms.txt")
	require.NoError(t, err)
	defer f.Close()
	judge := reasoner.NewOfflineFilter()
	var terms, missed []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		term := sc.Text()
		terms = append(terms, term)
		v, err := judgeTopic(context.Background(), judge, fmt.Sprintf("How does %s work?", term))
		require.NoError(t, err)
		if !v.Yes {
			missed = append(missed, term)
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, terms, 182)
	slices.Sort(missed)
	want := slices.Clone(everydayTerms)
	slices.Sort(want)
	require.Equal(t, want, missed, "the terms the judge does not recognise")
}

// TestPokerIsGameTheoryInContextOnly: bluffing in poker is the field's
// textbook mixed strategy, and the card game Bluff is a pastime.
func TestPokerIsGameTheoryInContextOnly(t *testing.T) {
	judge := reasoner.NewOfflineFilter()
	for q, want := range map[string]bool{
		"Is it ever rational to bluff in poker?":                                    true,
		"Why do players bluff with weak hands in poker?":                            true,
		"How does Kuhn poker work?":                                                 true,
		"How many decks do you need to play the card game Bluff with eight people?": false,
		"Who won the World Series of Poker main event tournament in 2019?":          false,
	} {
		v, err := judgeTopic(context.Background(), judge, q)
		require.NoError(t, err)
		require.Equal(t, want, v.Yes, "%s: %s", q, v.Reason)
	}
	// The rules of the game are not its theory: refused without a search.
	for _, q := range []string{
		"In poker, does a flush beat a straight?",
		"Does a full house beat a flush in Texas hold'em?",
	} {
		v, err := judgeTopic(context.Background(), judge, q)
		require.NoError(t, err)
		require.True(t, v.Contrary, "%s: %s", q, v.Reason)
	}
}

// TestAQuestionNamingTheFieldIsNoErrand: "who won" asks for the result
// of one contest, and a question naming game theory itself asks for the
// field's history: "Who won the Nobel prize for game theory?" was refused
// as a sports result. Without the field's name the contest is still one.
func TestAQuestionNamingTheFieldIsNoErrand(t *testing.T) {
	judge := reasoner.NewOfflineFilter()
	for q, want := range map[string]bool{
		"Who won the Nobel prize for game theory?":                         true,
		"Which game theorists won the Nobel memorial prize?":               true,
		"Who won the Nobel prize in economics in 2019?":                    false,
		"Who won the 2018 FIFA World Cup final?":                           false,
		"Who won the World Series of Poker main event tournament in 2019?": false,
	} {
		v, err := judgeTopic(context.Background(), judge, q)
		require.NoError(t, err)
		require.Equal(t, want, v.Yes, "%s: %s", q, v.Reason)
	}
}

// TestAMinimaxGameIsGameTheoryWhateverItTrains: "generative adversarial
// network" counts against a paper (image-synthesis papers say it), but a
// question asking why its training is a minimax game asks for the field's
// zero-sum game, and must be searched for. An image question is still
// refused unsearched.
func TestAMinimaxGameIsGameTheoryWhateverItTrains(t *testing.T) {
	judge := reasoner.NewOfflineFilter()
	v, err := judgeTopic(context.Background(), judge, "Why is generative adversarial network training a minimax game?")
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
	v, err = judgeTopic(context.Background(), judge, "How does a generative adversarial network sharpen blurry photos?")
	require.NoError(t, err)
	require.False(t, v.Yes, v.Reason)
}

// TestHotellingsLawIsGameTheory: the popular name of the principle of
// minimum differentiation names the glossary's Hotelling model, so the
// question is recognised instead of refused for an unknown name.
func TestHotellingsLawIsGameTheory(t *testing.T) {
	v, err := judgeTopic(context.Background(), reasoner.NewOfflineFilter(), "What is Hotelling's law?")
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
}

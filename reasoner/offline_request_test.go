package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/chunker"
)

// A request put as a question asks for what its verb says, not yes or no;
// a question whether someone can do something stays a yes/no question.
func TestPoliteRequestsAreNotYesNo(t *testing.T) {
	for q, want := range map[string]questionKind{
		"Could you give me some real-world situations that work like a prisoner's dilemma?": askOther,
		"Can you explain why tit-for-tat does well?":                                        askExplain,
		"Would you please tell me what a focal point is?":                                   askOther,
		"Can you bid below your value in a second-price auction?":                           askYesNo,
		"Can you compare Cournot and Bertrand competition?":                                 askDifference,
	} {
		require.Equal(t, want, kindOf(q), q)
	}
	f := analyze("Could you give me some real-world situations that work like a prisoner's dilemma?")
	require.True(t, f.Example, "situations asked for are examples")
	require.Equal(t, "prisoner's dilemma", f.Concepts[0].Name, "'real-world situations' frames the request: %v", conceptNames(f.Concepts))
}

// A request for examples opens with the sentence that sets them out,
// after the sentence that names what its "The game" refers to, not with
// the definition and the payoffs its source describes in between.
func TestOfflineAnswerSetsOutTheExamplesAskedFor(t *testing.T) {
	for _, q := range []string{
		"what are some real life examples of the prisoner's dilemma",
		"Could you give me some real-world situations that work like a prisoner's dilemma?",
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, primerPassages(t, []string{"prisoners-dilemma", "tit-for-tat-iterated-prisoners-dilemma"}))
		require.NoError(t, err)
		first2 := strings.Join(chunker.Sentences(ans.Text)[:2], " ")
		require.Contains(t, first2, "price wars", "%s\n%s", q, ans.Text)
		require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
	}
}

// An example asked for with a property ("that is not efficient") is a
// sentence that says the property of a case, not any sentence with the
// word "example".
func TestOfflineAnswerGivesAnExampleWithTheProperty(t *testing.T) {
	ne := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile of mutual best responses.",
		"An equilibrium need not be efficient: in the prisoner's dilemma both players are worse off than under mutual cooperation.")
	bne := primerLike(2, "Bayesian Nash equilibrium",
		"A Bayesian Nash equilibrium is a Nash equilibrium of a Bayesian game.",
		"A standard example is the first-price auction with two bidders, where the symmetric equilibrium is to bid half one's value.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Can you give me an example of a Nash equilibrium that is not efficient?", []Passage{bne, ne})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "An equilibrium need not be efficient"), ans.Text)
}

// "When did …?" asks when something was done: the sentence that credits
// it, with its year, opens the answer, not the definition before it.
func TestWhenDidAsksForTheCredit(t *testing.T) {
	ne := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the others.",
		"It is a point of mutual consistency.",
		"John Nash proved in 1950, using a fixed-point theorem, that every finite game has at least one Nash equilibrium.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "When did Nash prove that equilibria exist?", []Passage{ne})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
	require.False(t, analyze("When does a pure-strategy equilibrium exist in a congestion game?").Who, "asks under what conditions")
}

// A possessive name with a year credits someone as plainly as "proved
// by": "Who proved the minimax theorem?" is answered by "John von
// Neumann's minimax theorem (1928) …", not by another theorem's credit.
func TestWhoIsAnsweredByThePossessiveCredit(t *testing.T) {
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "who proved the minimax theorem",
		primerPassages(t, []string{"gibbard-satterthwaite", "zero-sum-minimax"}))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John von Neumann's minimax theorem"), ans.Text)
}

// A definition question that asks for one thing of its concept ("the four
// axioms of the Shapley value") opens with the sentence that says it, not
// with the source's opening definition.
func TestOfflineAnswerGivesTheAttributeAskedFor(t *testing.T) {
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What are the four axioms of the Shapley value?",
		primerPassages(t, []string{"shapley-value", "core"}))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "The Shapley value is the unique allocation rule satisfying four axioms"), ans.Text)
	a, ok := analyze("What is the formula for the price of anarchy?").attributeAsked()
	require.True(t, ok)
	require.Equal(t, "formula", a.Name)
	_, ok = analyze("What is the price of anarchy in routing games?").attributeAsked()
	require.False(t, ok, "the setting is no attribute")
}

// An example asked for after another request follows the answer to that
// one; only a request for examples first is answered by them first.
func TestExamplesFirstOnlyWhenAskedFirst(t *testing.T) {
	for q, want := range map[string]bool{
		"What are some real life examples of the prisoner's dilemma?":                                                 true,
		"Give an example of a coordination game.":                                                                     true,
		"What is a non-credible threat, and how does subgame perfection get rid of it? An example would really help.": false,
		"Can the core be empty? Give an example.":                                                                     false,
	} {
		require.Equal(t, want, analyze(q).wantsExamples(), q)
	}
}

// The example a request asks for is a case of the concept ("In the entry
// deterrence game an incumbent may threaten a price war …"), not any
// sentence with "such as" in the entry.
func TestOfflineAnswerGivesACaseOfTheConcept(t *testing.T) {
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Can you give an example of a non-credible threat?",
		primerPassages(t, []string{"backward-induction-subgame-perfection"}))
	require.NoError(t, err)
	require.Contains(t, strings.Join(chunker.Sentences(ans.Text)[:2], " "), "entry deterrence game", ans.Text)
}

// "What makes them different?" compares: the answer sets the two side by
// side ("In the stag hunt, unlike the prisoner's dilemma, cooperation is an
// equilibrium …"), which an answer to "what" something is would not.
func TestComparisonsAskedInOtherWords(t *testing.T) {
	q := "stag hunt and prisoner's dilemma both have cooperation in them, so what actually makes them different?"
	require.Equal(t, askDifference, kindOf(q))
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, primerPassages(t, []string{"stag-hunt"}))
	require.NoError(t, err)
	require.Contains(t, ans.Text, "In the stag hunt, unlike the prisoner's dilemma, cooperation is an equilibrium", ans.Text)
}

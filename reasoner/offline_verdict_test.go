package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A yes/no question that asks whether something holds for all, or ever
// happens, is settled by the sentence that denies it, which shares fewer
// of its words than a sentence that says it of some case. Each question
// is answered from the same passage; the first sentence must be the
// denial.
func TestOfflineAnswerLeadsWithTheDenial(t *testing.T) {
	for _, tc := range []struct {
		q, want string
		p       Passage
	}{
		{
			// The denial says "never" before the question's verb.
			q:    "Does tit-for-tat ever beat the strategy it plays against?",
			want: "TFT never beats its opponent",
			p: primerLike(1, "Tit-for-tat and Axelrod's tournaments",
				"Tit-for-tat (TFT) cooperates in the first round and then copies whatever the opponent did in the previous round.",
				"In Axelrod's tournaments strategies played round-robin matches; tit-for-tat was the simplest entry and won both tournaments against every strategy.",
				"TFT never beats its opponent in a single match; it scores well by eliciting mutual cooperation."),
		},
		{
			// The denial says the question's "non-empty" without its
			// prefix; "convex games always have a non-empty core" says
			// the question's words of some games only.
			q:    "Is the core always non-empty?",
			want: "The core can be empty",
			p: primerLike(1, "The core",
				"The core of a cooperative game is the set of allocations no coalition can improve upon.",
				"The core can be empty.",
				"The Bondareva-Shapley theorem characterises games with a non-empty core, and convex games always have a non-empty core."),
		},
		{
			// "not every" denies it; the definition before it in the
			// same source, which names both concepts, does not.
			q:    "Is every Nash equilibrium evolutionarily stable?",
			want: "Every ESS is a symmetric Nash equilibrium, but not every",
			p: primerLike(1, "Evolutionarily stable strategies",
				"An evolutionarily stable strategy (ESS) is a strategy that, adopted by a whole population, cannot be invaded by mutants, so every evolutionarily stable state is a Nash equilibrium that is stable.",
				"Players are not assumed to be rational.",
				"Every ESS is a symmetric Nash equilibrium, but not every symmetric Nash equilibrium is an ESS, so evolutionary stability is a refinement."),
		},
	} {
		t.Run(tc.q, func(t *testing.T) {
			ans, err := NewOfflineAnswerer().Answer(context.Background(), tc.q, []Passage{tc.p})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(ans.Text, tc.want), ans.Text)
		})
	}
}

// "Is the core of a cooperative game ever empty?" asks whether it can
// be: a sentence that says it is not empty for some games does not deny
// it, and the sentence that says it can be stays in the answer.
func TestEverQuestionIsNotDeniedBySomeCases(t *testing.T) {
	f := analyze("Is the core ever empty?")
	for _, s := range []string{
		"Convex games always have a non-empty core.",
		"The core can be empty.",
	} {
		require.False(t, f.counterexample(s, termSet(s), false), s)
	}
	s := "The core is never empty in a convex game."
	require.True(t, f.counterexample(s, termSet(s), false), s)
}

// A counterexample said in the entry named after the concept, in
// general, opens the answer before one said of a single game elsewhere.
func TestOfflineAnswerPrefersTheGeneralCounterexample(t *testing.T) {
	pd := primerLike(1, "The prisoner's dilemma",
		"The prisoner's dilemma is the best-known game.",
		"Defecting is strictly dominant, so the unique Nash equilibrium is mutual defection, yet both would be better off cooperating: the Nash equilibrium is Pareto inefficient.")
	ne := primerLike(2, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile of mutual best responses.",
		"An equilibrium need not be efficient: in the prisoner's dilemma both players are worse off than under mutual cooperation.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is a Nash equilibrium always Pareto efficient?", []Passage{pd, ne})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "An equilibrium need not be efficient"), ans.Text)
}

// A quantifier in the condition a question sets ("If all of us know a
// fact, …") is not what it asks: a sentence that denies the condition's
// verb is no counterexample.
func TestConditionQuantifierAsksNothingOfAll(t *testing.T) {
	f := analyze("If all of us know a fact, is it already common knowledge, or is something more needed?")
	s := "The announcement tells every child nothing they did not already know, yet it creates common knowledge."
	require.False(t, f.counterexample(s, termSet(s), false), s)
}

// A yes/no question whose predicate is a paraphrase ("the best possible
// outcome together", "everyone as well off as possible", "good for both
// players") is decided by the sentence that denies what sources call it,
// whatever words open the question.
func TestOfflineAnswerDeniesTheParaphrasedPredicate(t *testing.T) {
	ps := primerPassages(t, []string{"nash-equilibrium"})
	for _, q := range []string{
		"so if everybody is playing a nash equilibrium, does that mean they're getting the best possible outcome together?",
		"Does a Nash equilibrium make everyone as well off as possible?",
		"is a nash equilibrium good for both players?",
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "An equilibrium need not be efficient"), "%s\n%s", q, ans.Text)
	}
	require.True(t, conditionalVerdict("so if everybody is playing a nash equilibrium, does that mean they're better off?"),
		"an opening filler does not hide the condition")
}

// A sentence that shares only the head noun of the concept asked about
// denies it only by denying what is asked of it.
func TestDenialOfAnotherConceptIsNoCounterexample(t *testing.T) {
	s := "Some games have no Nash equilibrium in pure strategies: in matching pennies players randomise."
	require.False(t, analyze("Do all games have a mixed strategy equilibrium?").counterexample(s, termSet(s), false))
	require.True(t, analyze("Do all games have a pure strategy equilibrium?").counterexample(s, termSet(s), false))
	s = "An equilibrium need not be efficient: in the prisoner's dilemma both are worse off."
	require.True(t, analyze("Is a Nash equilibrium always efficient?").counterexample(s, termSet(s), true), "in the entry on Nash equilibrium")
	require.False(t, analyze("Is a Nash equilibrium always efficient?").counterexample(s, termSet(s), false), "elsewhere, another equilibrium")
}

// A question that asks something of its concept, not whether it exists,
// is not denied by a sentence that says some games lack the concept.
func TestDenialOfTheConceptDoesNotDecideWhatIsAskedOfIt(t *testing.T) {
	s := "Some games have no Nash equilibrium in pure strategies: in matching pennies players randomise."
	require.False(t, analyze("Is computing a Nash equilibrium NP-hard?").counterexample(s, termSet(s), false))
}

// A longer glossary term that contains the concept names another concept:
// the generalised second-price auction not being truthful says nothing
// of the second-price auction.
func TestDenialOfALongerTermIsNoCounterexample(t *testing.T) {
	s := "The generalised second-price auction used for search advertising resembles VCG but is not truthful."
	require.False(t, analyze("Is a second-price auction always truthful?").counterexample(s, termSet(s), false))
	s = "A second-price auction is not truthful when bidders can collude."
	require.True(t, analyze("Is a second-price auction always truthful?").counterexample(s, termSet(s), false))
}

// What the condition of a question says ("If all of us know a fact") is
// not what it asks, and a denied adverb ("did not already know") denies
// nothing it asks.
func TestConditionWordsAreNotWhatIsAsked(t *testing.T) {
	f := analyze("If all of us know a fact, is it already common knowledge, or is something more needed?")
	f.Kind = askYesNo // as the answerer reads a conditional verdict
	s := "When several are muddy the announcement tells every child nothing they did not already know, yet it creates common knowledge."
	require.False(t, f.counterexample(s, termSet(s), true), s)
}

// A sentence that says in general what it denies ("…, but in general it
// need not"), in the entry on the concept, settles a question asked of
// all; the same sentence elsewhere is about something else.
func TestElidedDenialInTheConceptsEntry(t *testing.T) {
	f := analyze("Does the Shapley value always lie in the core?")
	s := "In convex games it lies in the core, but in general it need not."
	require.True(t, f.counterexample(s, termSet(s), true), s)
	require.False(t, f.counterexample(s, termSet(s), false), "outside the entry on the Shapley value, 'it' is something else")
	s = "In convex games it lies in the core."
	require.False(t, f.counterexample(s, termSet(s), true), s)
}

// A negator before the words a question's "every" governs denies its
// subject something, not what the question asks of it: "So no reasonable
// voting rule is strategy-proof" was quoted as the "no" to "Is every
// strategy-proof voting rule … dictatorial?", ahead of the theorem that
// says yes. "Not every symmetric Nash equilibrium is an ESS" still denies
// "Is every symmetric Nash equilibrium an ESS?".
func TestNegatedSubjectIsNoCounterexample(t *testing.T) {
	q := "Is every strategy-proof voting rule with three or more candidates dictatorial?"
	s := "So no reasonable voting rule is strategy-proof."
	require.False(t, analyze(q).counterexample(s, termSet(s), true), s)
	s = "With three candidates, a strategy-proof voting rule is not dictatorial."
	require.True(t, analyze(q).counterexample(s, termSet(s), true), "denies the predicate: %s", s)
	s = "Every ESS is a symmetric Nash equilibrium, but not every symmetric Nash equilibrium is an ESS, so evolutionary stability is a refinement."
	require.True(t, analyze("Is every symmetric Nash equilibrium an ESS?").counterexample(s, termSet(s), true), s)
	require.Equal(t, map[string]bool{"strategi": true, "proof": true, "strategyproof": true, "vote": true, "rule": true}, quantifiedStems(q))
	require.Equal(t, map[string]bool{"ess": true}, quantifiedStems("Is every ESS a Nash equilibrium?"), "an article ends the subject")

	ps := primerPassages(t, []string{"gibbard-satterthwaite"})
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "The Gibbard-Satterthwaite theorem"), ans.Text)
}

// "No Nash equilibrium is ever removed" says that no equilibrium is
// deleted, not that a game has none: it does not settle "Can a game have
// no Nash equilibrium?" before Nash's theorem in the concept's own entry.
// Before, it was taken for a denial and led the answer, followed by the
// entry on iterated elimination; the theorem came fourth.
func TestOfflineAnswerDoesNotTakeAPassiveForADenial(t *testing.T) {
	ne := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the strategies of the others.",
		"John Nash proved in 1950 that every game with finitely many players and strategies has at least one Nash equilibrium, possibly in mixed strategies.",
		"A game can also have several equilibria, as coordination games do.")
	iesds := primerLike(2, "Iterated elimination of dominated strategies",
		"Iterated elimination of strictly dominated strategies repeatedly deletes strategies that are strictly dominated.",
		"With strict dominance the order of deletion does not matter and no Nash equilibrium is ever removed.",
		"If a single profile survives, the game is dominance solvable and that profile is its unique Nash equilibrium.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Can a game have no Nash equilibrium?", []Passage{ne, iesds})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
}

func TestPassiveAfter(t *testing.T) {
	for s, want := range map[string]bool{
		"no Nash equilibrium is ever removed":       true,
		"no strategy was deleted":                   true,
		"no Nash equilibrium in pure strategies":    false,
		"no Nash equilibrium exists":                false,
		"no equilibrium is efficient":               false,
		"no player is better off":                   false,
		"no two people who are not matched":         false,
		"no stable matching is guaranteed to exist": false, // denies that one exists
	} {
		ws := strings.Fields(s)
		require.Equal(t, want, passiveAfter(ws[1:]), s)
	}
}

// "Is poker a game of imperfect information?" is answered by the sentence
// that names the concept with poker, though it does so in passing, in an
// entry on another subject. Before, the answerer said it found nothing on
// the game of imperfect information "beyond a passing mention" in that
// very entry. A question that asks nothing beyond the concept still finds
// a passing mention no answer.
func TestOfflineAnswerTakesAPassingMentionThatSaysWhatIsAsked(t *testing.T) {
	efg := primerLike(1, "Extensive-form games: sequential games, game trees and information sets",
		"An extensive-form game describes a game as a tree: nodes are decision points and leaves carry payoffs.",
		"Information sets group the nodes a player cannot tell apart when it is their turn; a game has perfect information when every information set is a single node, as in chess, and imperfect information otherwise, as in poker or in simultaneous moves.",
		"Perfect recall means players never forget what they knew or did.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is poker a game of imperfect information?", []Passage{efg})
	require.NoError(t, err)
	require.False(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "imperfect information otherwise, as in poker")
	ans, err = NewOfflineAnswerer().Answer(context.Background(), "What is imperfect information?", []Passage{efg})
	require.NoError(t, err)
	require.True(t, ans.Abstained, ans.Text)
}

package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/gtrag/gtrag/text"
	"github.com/stretchr/testify/require"
)

// Questions a student put to the offline answerer (a QA pass of round 2,
// session 31, written without the answer sets), each answered from the
// primer entries the store retrieved for it. Each failed before its fix.
func TestStudentQuestionsGetTheSentenceThatAnswers(t *testing.T) {
	for _, c := range []struct {
		q      string
		papers []string
		want   string // a sentence the answer must quote
		before string // when set, a sentence want must come before
	}{
		// "Refinements such as the intuitive criterion" sets out no case
		// of a signalling game, and took the place of the classic one.
		{"Give an example of a signalling game.", []string{"signalling-games", "battle-of-the-sexes"},
			"Michael Spence's job-market signalling model (1973) is the classic example", ""},
		// "the core and the Shapley value" compares the core, not a
		// "core value"; and "When the core is empty or large, …" is no
		// definition of it.
		{"What's the difference between the core and the Shapley value?", []string{"core", "shapley-value"},
			"The core of a cooperative game is the set of allocations", ""},
		// Checking whether a matching is stable is its condition, not the
		// algorithm that builds one.
		{"How do I check whether a matching is stable?", []string{"stable-matching-gale-shapley", "core"},
			"A matching is stable if there is no blocking pair", "deferred acceptance algorithm"},
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), c.q, primerPassages(t, c.papers))
		require.NoError(t, err)
		i := strings.Index(ans.Text, c.want)
		require.GreaterOrEqual(t, i, 0, "%s\n%s", c.q, ans.Text)
		if j := strings.Index(ans.Text, c.before); c.before != "" && j >= 0 {
			require.Less(t, i, j, "%s\n%s", c.q, ans.Text)
		}
	}
}

// "Compare Bertrand competition in prices and Stackelberg leadership." sends
// the reader elsewhere: it is not quoted as a claim, and it does not make
// the later chunk of the Cournot entry outrank the one that says what
// Cournot's model is.
func TestCrossReferencesAreNotQuotedAndComparisonsTakeTheOpeningChunk(t *testing.T) {
	require.False(t, quotable("Compare Bertrand competition in prices and Stackelberg leadership.", 0, 1))
	require.True(t, quotable("Comparing the two auctions, the first-price one raises as much revenue.", 0, 1))

	q := "What is the difference between Cournot and Bertrand competition?"
	ps := primerPassages(t, []string{"bertrand-competition", "cournot-competition"})
	var opening, later int
	for i, p := range ps {
		switch p.ID {
		case "primer:cournot-competition_chunk_0":
			opening = i
		case "primer:cournot-competition_chunk_1":
			later = i
			ps[i].Score = 0.55 // the store put the later chunk first
		}
	}
	r, err := NewOfflineReranker().Rerank(context.Background(), q, ps)
	require.NoError(t, err)
	require.Greater(t, r.Scores[opening], r.Scores[later], r.Reason)

	// The three passages the puller then keeps: both of Bertrand's, and
	// the Cournot entry's opening chunk.
	kept := []Passage{ps[0], ps[1], ps[opening]}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, kept)
	require.NoError(t, err)
	require.Contains(t, ans.Text, "In Antoine Augustin Cournot's model (1838)")
	require.NotContains(t, ans.Text, "Compare Bertrand")
}

// A sentence that opens with a condition sets out a case; it defines
// nothing, whatever verb follows the term.
func TestAConditionDefinesNothing(t *testing.T) {
	q := analyze("What is the core?")
	require.NotEmpty(t, q.Concepts)
	core := q.Concepts[0]
	require.Zero(t, definitionStrength(core, "When the core is empty or large, other concepts pick out a single allocation."))
	require.False(t, defines(core, "If the core is empty, no allocation is stable."))
	require.Positive(t, definitionStrength(core, "The core of a cooperative game is the set of allocations that no coalition can improve upon."))
}

// A property is defined by its adjective, said of any one thing of a kind:
// "What is strategyproofness?" was led by "Deferred acceptance is
// strategy-proof for the proposing side", which says it of one mechanism,
// beside the sentence that says what it means.
func TestAPropertyIsDefinedByItsAdjective(t *testing.T) {
	sp := analyze("What is strategyproofness?").Concepts[0]
	require.Positive(t, definitionStrength(sp, "A mechanism is strategy-proof, or dominant-strategy incentive compatible, when reporting one's true preferences is a dominant strategy for every participant."))
	require.Zero(t, definitionStrength(sp, "Deferred acceptance is strategy-proof for the proposing side, since no proposer gains by misreporting preferences."))
	require.Zero(t, definitionStrength(sp, "So no reasonable voting rule is strategy-proof."))
	stability := analyze("What is stability in matching?").Concepts[0]
	require.Positive(t, definitionStrength(stability, "A matching is stable if there is no blocking pair."))
	require.Zero(t, definitionStrength(stability, "A matching is stableish if nobody complains."), "the adjective is a whole word")

	ps := primerPassages(t, []string{"stable-matching-gale-shapley", "mechanism-design", "gibbard-satterthwaite"})
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is strategyproofness?", ps)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A mechanism is strategy-proof"), ans.Text)
}

// "What is moral hazard in a principal-agent model?" found moral hazard only
// in a list; sentences on other models that shared "model" and "agent" kept
// the list from being recognised as all there is, and it was quoted as the
// answer.
func TestAConceptOnlyListedIsSaidToBeOnlyListed(t *testing.T) {
	ps := primerPassages(t, []string{"screening", "stackelberg-competition", "fictitious-play"})
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is moral hazard in a principal-agent model?", ps)
	require.NoError(t, err)
	require.True(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "only names it in a list")
}

// A passage that starts inside a sentence (chunker.KeyMidSentence) does not
// give its first words as a sentence: "What is a Bayesian Nash equilibrium?"
// quoted "BNE is to bid half of one's value, …", the end of "the symmetric
// BNE is to bid half …", as a sentence of its own.
func TestAPassageStartingInsideASentenceIsNotQuotedFromItsStart(t *testing.T) {
	// The passages the store gave that question, with their scores.
	var ps []Passage
	for _, p := range primerPassages(t, []string{"bayesian-nash-equilibrium", "bayesian-games"}) {
		switch p.ID {
		case "primer:bayesian-nash-equilibrium_chunk_0":
			p.Score = 1
		case "primer:bayesian-nash-equilibrium_chunk_1":
			require.True(t, strings.HasPrefix(p.Text, "BNE is to bid half"), "%.40q", p.Text)
			p.Score, p.MidSentence = 0.95, true
		case "primer:bayesian-games_chunk_1":
			p.Score = 0.81
		default:
			continue
		}
		p.N = len(ps) + 1
		ps = append(ps, p)
	}
	require.Len(t, ps, 3)
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a Bayesian Nash equilibrium?", ps)
	require.NoError(t, err)
	require.NotRegexp(t, `(^|\]\. )BNE is to bid half`, ans.Text)
}

// "There is also a mixed-strategy equilibrium …" and "Examples include
// matching pennies, …" lean on the sentence before them: quoted first they
// opened "Give an example of a game with no pure strategy Nash equilibrium"
// and "Give an example of a zero-sum game" with nothing to lean on.
func TestAlsoAndExamplesIncludeLeanOnTheSentenceBefore(t *testing.T) {
	for _, s := range []string{
		"There is also a mixed-strategy equilibrium: each goes to their preferred event with probability two-thirds.",
		"There are also equilibria in which players take turns.",
		"Examples include matching pennies, rock-paper-scissors, chess and many parlour games.",
		"Applications include financial advice, lobbying and expert testimony.",
	} {
		require.True(t, opensWithBackReference(s), s)
	}
	require.False(t, opensWithBackReference("There are two pure-strategy Nash equilibria, both at the opera or both at the match."))

	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Give an example of a zero-sum game.", primerPassages(t, []string{"zero-sum-minimax"}))
	require.NoError(t, err)
	require.False(t, strings.HasPrefix(ans.Text, "Examples include"), ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text))
}

// "by hand" says how the student wants the answer, not what it is about: it
// made "hand" a concept and the entry on trembling-hand perfection a source;
// and "actually" between "I" and "calculate" hid that the question asks for
// a method.
func TestMannerIdiomsAndAdverbsDoNotChangeWhatIsAsked(t *testing.T) {
	q := "how do I actually calculate a mixed-strategy equilibrium by hand?"
	f := analyze(q)
	require.True(t, f.Method)
	for _, c := range f.Concepts {
		require.NotEqual(t, "hand", strings.ToLower(c.Name))
	}
	var ps []Passage
	for _, p := range primerPassages(t, []string{"mixed-strategies", "battle-of-the-sexes", "trembling-hand-perfection"}) {
		if strings.HasSuffix(p.ID, "_chunk_0") {
			p.N = len(ps) + 1
			ps = append(ps, p)
		}
	}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
	require.NoError(t, err)
	require.Contains(t, ans.Text, "So one solves for the opponent's probabilities")
	require.NotContains(t, ans.Text, "trembl")
}

// "Give an example of a game with no …" and "When does … fail to exist?"
// ask whether something can fail to exist, and the sentence that denies it
// answers them: they were answered with the battle of the sexes (two pure
// equilibria) and with the games that always have one.
func TestQuestionsAboutAbsenceGetTheDenial(t *testing.T) {
	require.Equal(t, "Can a game have no pure strategy Nash equilibrium?", askedAsDenial("Give an example of a game with no pure strategy Nash equilibrium."))
	require.Equal(t, "Can there be no pure-strategy Nash equilibrium?", askedAsDenial("When does a pure-strategy Nash equilibrium fail to exist?"))
	// The other ways a student asks for the example: "Example of …?" was
	// answered with the battle of the sexes' two pure equilibria.
	for _, q := range []string{
		"Example of a game with no pure Nash equilibrium?",
		"What is an example of a game with no pure Nash equilibrium?",
		"what's an example of a game without a pure Nash equilibrium",
		"Is there an example of a game with no pure Nash equilibrium?",
		"Can you give me an example of a game that has no pure Nash equilibrium, please?",
		"an example of a game having no pure Nash equilibrium",
	} {
		require.Equal(t, "Can a game have no pure Nash equilibrium?", askedAsDenial(q), q)
	}
	for _, q := range []string{"Give an example of a game with two pure-strategy Nash equilibria.", "When does a Nash equilibrium exist?",
		"What is an example of a game with two pure Nash equilibria?", "Why is there no example of a game with no Nash equilibrium?"} {
		require.Equal(t, q, askedAsDenial(q))
	}
	ps := primerPassages(t, []string{"battle-of-the-sexes", "mixed-strategies", "normal-form-games"})
	for _, q := range []string{"Give an example of a game with no pure strategy Nash equilibrium.", "When does a pure-strategy Nash equilibrium fail to exist?",
		"Example of a game with no pure Nash equilibrium?"} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "Some games have no Nash equilibrium in pure strategies"), "%s\n%s", q, ans.Text)
		// and does not go on with the games that have pure equilibria,
		// which share the question's words.
		require.NotContains(t, ans.Text, "two pure-strategy Nash equilibria", q)
		require.NotContains(t, ans.Text, "Cells where no one wants to switch", q)
	}
}

// "Can a game have more than one Nash equilibrium?" is settled by the
// sentence that gives several, not by Nash's theorem that there is at
// least one, which names more of its words; so is "Is it always unique?".
func TestQuestionsOfHowManyGetTheSentenceThatGivesSeveral(t *testing.T) {
	ps := primerPassages(t, []string{"nash-equilibrium", "mixed-strategies", "bayesian-nash-equilibrium"})
	for _, q := range []string{"Can a game have more than one Nash equilibrium?", "Is the Nash equilibrium of a game always unique?"} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "A game can also have several equilibria"), "%s\n%s", q, ans.Text)
	}
	require.True(t, severalOf(text.PhraseConcept("Nash equilibrium")).MatchString("Coordination games have multiple Nash equilibria."))
	require.True(t, severalOf(text.PhraseConcept("stable matching")).MatchString("There may be more than one stable matching."))
	require.False(t, severalOf(text.PhraseConcept("Nash equilibrium")).MatchString("Every game has at least one Nash equilibrium."))
}

// A who question is answered by the sentence that credits someone in the
// entry named after its concept, whatever that sentence calls it ("The
// field was founded by John von Neumann and Oskar Morgenstern …");
// "in the first place" asks nothing of its own (it was a concept, "first
// place", that no passage named). And "whose payoff goes first" asks of
// the matrix: "goes" is a question's verb, not part of a concept.
func TestWhoFoundedAndWhosePayoffGoesFirst(t *testing.T) {
	ps := primerPassages(t, []string{"game-theory-overview", "common-knowledge"})
	for _, q := range []string{"Who invented game theory?", "who came up with game theory in the first place, and when?"} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		require.Contains(t, ans.Text, "founded by John von Neumann and Oskar Morgenstern", q)
	}
	ps = primerPassages(t, []string{"normal-form-games", "battle-of-the-sexes"})
	q := "When you draw a two-player game as a matrix, whose payoff goes first in each box?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
	require.NoError(t, err)
	require.False(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "the row player's first", q)
}

// A request for a concept's real-world examples is answered from the
// entry named after it, which sets them out without naming the concept
// ("The game captures the tension … that appears in price wars, arms
// races, …"), not by the entry on dominant strategies, which names the
// prisoner's dilemma as "the classic case" of itself. "real-life" and
// "real-world" frame the request and are no concept of their own.
func TestRealWorldExamplesComeFromTheConceptsEntry(t *testing.T) {
	ps := primerPassages(t, []string{"dominant-strategies", "tit-for-tat-iterated-prisoners-dilemma", "prisoners-dilemma"})
	for _, q := range []string{
		"Could you give me some real-world situations that work like a prisoner's dilemma?",
		"What are some real-life examples of the prisoner's dilemma?",
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "The prisoner's dilemma is the best-known game"), "%s\n%s", q, ans.Text)
		require.Contains(t, ans.Text, "price wars, arms races", q)
	}
}

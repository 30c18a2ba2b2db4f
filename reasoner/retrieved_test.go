package reasoner_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// firstCitation matches the citation that closes an answer's first
// sentence.
var firstCitation = regexp.MustCompile(`\[(\d+)\]`)

// askLead asks q as `gtrag ask` does offline with arXiv unreachable,
// requires the answer's first sentence to be quoted from the primer entry
// entry, and returns that sentence (up to its citation).
func askLead(t *testing.T, svc *service.Service, q, entry string) string {
	t.Helper()
	r, err := svc.Ask(context.Background(), q, service.AskOptions{ArxivFailFast: true})
	require.NoError(t, err)
	m := firstCitation.FindStringSubmatchIndex(r.Answer)
	require.NotNil(t, m, "the answer cites nothing: %s", r.Answer)
	n, _ := strconv.Atoi(r.Answer[m[2]:m[3]])
	require.True(t, n >= 1 && n <= len(r.Sources), "citation [%d] of %d sources", n, len(r.Sources))
	require.Equal(t, entry, r.Sources[n-1].PaperID, "the first sentence's source; answer: %s", r.Answer)
	return r.Answer[:m[0]]
}

// TestRetrievedAnswersLead asks questions through the whole command's
// path, as `gtrag ask` runs offline with arXiv unreachable: the store
// seeded with the primer, the reranker choosing the passages, the judge
// and the answerer. The golden answers use fixed passages and so cannot
// see retrieval put the wrong entry first. Each question here has one
// primer entry whose sentence settles it; the answer's first sentence
// must come from that entry, and for a yes/no question whose answer is
// no, it must say so (a negation), not open with a case where it holds.
func TestRetrievedAnswersLead(t *testing.T) {
	svc := offlineService(t)
	for _, tc := range []struct {
		q      string
		entry  string // the primer entry the first sentence is quoted from
		denies bool   // the first sentence says no, not, never or need not
	}{
		// "every congestion game has a pure-strategy Nash equilibrium"
		// shares every word of the question and answers nothing.
		{"Does every finite game have a pure-strategy Nash equilibrium?", "primer:mixed-strategies", true},
		{"Can a game have no pure equilibrium?", "primer:mixed-strategies", true},
		{"Is there always a pure Nash equilibrium?", "primer:mixed-strategies", true},
		{"Is a Nash equilibrium always Pareto efficient?", "primer:nash-equilibrium", true},
		{"Does every zero-sum game have a value?", "primer:zero-sum-minimax", false},
		// The answer is yes: "no Nash equilibrium in pure strategies"
		// denies another equilibrium than the one asked about.
		{"Do all games have a mixed strategy equilibrium?", "primer:nash-equilibrium", false},
		{"Does a Nash equilibrium make everyone as well off as possible?", "primer:nash-equilibrium", true},
	} {
		t.Run(tc.q, func(t *testing.T) {
			lead := askLead(t, svc, tc.q, tc.entry)
			if tc.denies {
				require.Regexp(t, `(?i)\b(no|not|never|need not)\b`, lead, "the first sentence says no")
			}
		})
	}
}

// TestRetrievedAnswersOpenWithWhatIsAsked asks, through the whole
// command's path, questions whose answer is one sentence of a primer entry
// that is not the entry's definition: the procedure for a how-to
// question; the number for a how-many question; for a yes/no question
// that names two glossary concepts, the sentence that says which includes
// the other; and for a definition question that no entry about its term
// answers, the sentence of another entry that says what it is in other
// forms of its words. The answer's first sentence must come from that
// entry and say it (want, matched against the first sentence only).
func TestRetrievedAnswersOpenWithWhatIsAsked(t *testing.T) {
	svc := offlineService(t)
	for _, tc := range []struct {
		q, entry, want string
	}{
		{"How do I find the Nash equilibrium of a 2x2 game?", "primer:nash-equilibrium", `mark each player's best responses`},
		// "compute" is no word of the procedure's: before the entry said
		// "2x2", the store's ten passages held none of its sentences and the
		// answer opened with the complexity of computing equilibria (PPAD).
		{"How do you compute a Nash equilibrium in a 2x2 game?", "primer:nash-equilibrium", `^To find pure-strategy equilibria in a payoff matrix, such as that of a 2x2 game, mark each player's best responses`},
		// "The main tool for computing one is the indifference principle"
		// cannot open an answer: "one" is the mixed equilibrium the
		// sentence before it names, which comes first (checked below).
		{"How do you compute a mixed equilibrium in a 2x2 game?", "primer:mixed-strategies", `^In a mixed-strategy Nash equilibrium each player's mixture is a best response`},
		{"How do I find the NE of matching pennies?", "primer:mixed-strategies", `^In a mixed-strategy Nash equilibrium each player's mixture is a best response`},
		{"How do you find a stable matching?", "primer:stable-matching-gale-shapley", `deferred acceptance algorithm to find one: each man proposes`},
		{"How can one compute a correlated equilibrium?", "primer:correlated-equilibrium", `computed efficiently by linear programming`},
		// "Stackelberg competition and Rubinstein bargaining are both
		// solved by subgame perfection" uses the concept asked about as
		// the means; it says nothing of how to find one.
		{"How do I find a subgame perfect equilibrium?", "primer:backward-induction-subgame-perfection", `^Backward induction solves finite games of perfect information by reasoning from the end`},
		{"How many Nash equilibria does the battle of the sexes have?", "primer:battle-of-the-sexes", `^There are two pure-strategy Nash equilibria`},
		{"How many equilibria does the stag hunt have?", "primer:stag-hunt", `^There are two pure Nash equilibria`},
		{"How many Nash equilibria does matching pennies have?", "primer:mixed-strategies", `no Nash equilibrium in pure strategies`},
		// The entry on chicken gives no number: the sentence on its
		// equilibria opens the answer, not the story of the drivers.
		{"How many Nash equilibria does chicken have?", "primer:chicken-hawk-dove", `pure Nash equilibria are asymmetric`},
		{"Is a correlated equilibrium always a Nash equilibrium?", "primer:correlated-equilibrium", `^Every Nash equilibrium, including mixed ones, is a correlated equilibrium`},
		{"Is every evolutionarily stable strategy a Nash equilibrium?", "primer:evolutionarily-stable-strategies", `not every symmetric Nash equilibrium is an ESS`},
		{"Is every subgame perfect equilibrium a Nash equilibrium?", "primer:backward-induction-subgame-perfection", `Nash equilibrium in every subgame`},
		// The entry on trembling-hand perfection mentions weakly
		// dominated strategies twice without saying what they are; the
		// entry on dominance says it once, in other forms of the words.
		{"What is weak dominance?", "primer:dominant-strategies", `weakly dominates if it is never worse and sometimes better`},
		{"What is a weakly dominated strategy?", "primer:dominant-strategies", `weakly dominates if it is never worse and sometimes better`},
		// No entry was on sequential or simultaneous games by name: the
		// first was answered from perfect Bayesian equilibrium, whose
		// entry says "sequential" five times (sequential rationality,
		// sequential equilibrium).
		{"What is a sequential game?", "primer:extensive-form-games", `^An extensive-form game describes a game as a tree`},
		{"What is a simultaneous game?", "primer:normal-form-games", `simultaneous games, in which players choose at the same time`},
	} {
		t.Run(tc.q, func(t *testing.T) {
			require.Regexp(t, tc.want, askLead(t, svc, tc.q, tc.entry), "the first sentence")
		})
	}
	// The sentence that says how follows its antecedent at once.
	for _, q := range []string{"How do you compute a mixed equilibrium in a 2x2 game?", "How do I find the NE of matching pennies?"} {
		r, err := svc.Ask(context.Background(), q, service.AskOptions{ArxivFailFast: true})
		require.NoError(t, err)
		require.Regexp(t, `^In a mixed-strategy Nash equilibrium each player's mixture is a best response to the others' mixtures \[1\]\. The main tool for computing one is the indifference principle`, r.Answer, q)
	}
}

// judgeAsCommand retrieves passages for q from db and judges them as `gtrag
// ask` does: pull_from_chroma's puller with the offline reranker, then
// check_relevance, which shows the judge the top documents with their
// cosine similarity. It returns whether the judge found the context
// relevant, its reasoning and the retrieved paper ids.
func judgeAsCommand(t *testing.T, db *vectordb.DB, q string) (bool, string, []string) {
	t.Helper()
	ctx := context.Background()
	pull := nodes.Puller{Store: db, K: service.DefaultK, Rerank: reasoner.NewOfflineReranker()}
	s, err := pull.Pull(ctx, nodes.GraphState{UserQuery: q})
	require.NoError(t, err)
	s, err = nodes.RelevanceChecker{Judge: reasoner.NewOfflineJudge()}.Check(ctx, s)
	require.NoError(t, err)
	var ids []string
	for _, r := range s.ChromaResults {
		ids = append(ids, r.PaperID())
	}
	return s.RelevantContext, s.Reasoning, ids
}

// TestOfflineJudgeEverydayWording asks the relevance judge, over the store
// seeded with the primer and as the command asks it, questions put in
// everyday words. Those of the first list are on topics the primer has no
// entry on (the war of attrition, Colonel Blotto, all-pay contests, kidney
// exchange, Hotelling's location model, cake cutting, patent races,
// bluffing): whatever everyday phrase a passage shares with them ("losing
// money" with the entry on Vickrey auctions, "weak hand" with the one on
// trembling hands), the judge must not call the store's passages an answer,
// or arXiv is never searched and the answer quotes an unrelated entry.
// Those of the second list are answered by the primer entry named, in
// words of the student's own ("selling identical goods", "guess two
// thirds"), and must stay answered.
func TestOfflineJudgeEverydayWording(t *testing.T) {
	db := primerStore(t)
	for _, q := range []string{
		"Two firms are both losing money, each waiting for the other to leave the market first. Who should quit?",
		"Two shops are losing money in a price war. Which one should leave the market?",
		"Should a firm that is losing money stay in the market hoping its rival quits first?",
		"Two firms are losing money and each waits for the other to exit. How long should they wait?",
		"Both parents want the other one to get up at night with the crying baby. Who gives in first?",
		"Two generals split their troops across several battlefields, and whoever sends more soldiers to a battlefield wins it. How should I spread my soldiers?",
		"In a contest where everyone pays for their effort even if they lose, how hard should each contestant try?",
		"My brother wants to give me a kidney but his blood type does not match mine. How can swapping donors between pairs of patients help?",
		"Two ice cream sellers on a beach choose where to put their stands. Where do they end up?",
		"How can two kids cut a cake so that neither one is jealous of the other's piece?",
		"Two companies race to get a patent and only the first one to finish gets it. How much should each spend?",
		"In poker, why would you bluff with a weak hand?",
		"If I have a weak hand in cards, should I pretend it is strong?",
	} {
		t.Run(q, func(t *testing.T) {
			yes, why, ids := judgeAsCommand(t, db, q)
			require.False(t, yes, "judged answered by %v: %s", ids, why)
		})
	}
	for _, tc := range []struct{ q, entry string }{
		{"What price do two firms selling identical goods end up charging?", "primer:bertrand-competition"},
		{"Two gas stations on the same corner keep undercutting each other's prices. Why do they end up selling at cost?", "primer:bertrand-competition"},
		{"Everyone guesses a number and whoever is closest to two thirds of the average wins. What number should I guess?", "primer:iterated-elimination"},
		{"What number should you pick if everyone tries to guess two thirds of the average guess?", "primer:iterated-elimination"},
		{"What does the steering wheel trick do in a game of chicken?", "primer:chicken-hawk-dove"},
		{"If two drivers race straight at each other and neither wants to swerve first, what happens?", "primer:chicken-hawk-dove"},
		{"What is a firm's reaction function?", "primer:best-response"},
		{"My friend and I each earn nothing alone but 100 dollars together. How should we split the money fairly?", "primer:shapley-value"},
	} {
		t.Run(tc.q, func(t *testing.T) {
			yes, why, ids := judgeAsCommand(t, db, tc.q)
			require.True(t, yes, "not judged answered by %v: %s", ids, why)
			require.Contains(t, ids, tc.entry)
		})
	}
}

// TestRetrievedEverydayPhraseNotAnswered asks, through the whole
// command's path with arXiv unreachable, a question on the war of
// attrition, which the primer has no entry on: the store's passages must
// not be judged relevant (so arXiv is tried), and the answer must not be
// quoted from the entry on Vickrey auctions, which only says "lose money"
// of a bidder.
func TestRetrievedEverydayPhraseNotAnswered(t *testing.T) {
	svc := offlineService(t)
	r, err := svc.Ask(context.Background(), "Two firms are both losing money, each waiting for the other to leave the market first. Who should quit?",
		service.AskOptions{ArxivFailFast: true})
	require.NoError(t, err)
	require.Contains(t, r.Path, "search_arxiv", "arXiv must be tried")
	require.NotEqual(t, "answered", r.Outcome)
	require.True(t, strings.HasPrefix(r.Answer, `No source in the knowledge base mentions "losing money"`), r.Answer)
}

// A request for the prisoner's dilemma's cases is answered by its entry,
// which lists them. "Could you give me some real-world situations that
// work like a prisoner's dilemma?" ranked the entry eleventh in the store,
// behind the entries that say "real world" or "situations", and was
// answered with repeated games; the entry now says its cases are
// real-world situations.
func TestRetrievedAnswersGiveThePrisonersDilemmasCases(t *testing.T) {
	svc := offlineService(t)
	for _, q := range []string{
		"Could you give me some real-world situations that work like a prisoner's dilemma?",
		"What are real-life examples of the prisoner's dilemma?",
	} {
		askLead(t, svc, q, "primer:prisoners-dilemma")
		r, err := svc.Ask(context.Background(), q, service.AskOptions{ArxivFailFast: true})
		require.NoError(t, err)
		require.Contains(t, r.Answer, "price wars, arms races", q)
	}
}

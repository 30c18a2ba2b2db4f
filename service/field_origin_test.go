package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// A question on the field's own beginnings is answered by the primer's
// overview, which says who founded it, with no arXiv request, however the
// student asks. Before, "Who actually invented game theory as a field?"
// searched arXiv for "field" and was answered from three papers on
// mean-field games; "Who invented game theory?" spent two requests before
// answering from the overview with a caveat, and "Who actually invented
// game theory?" ended not_found: no primer entry says "invented".
func TestAQuestionOnTheFieldsBeginningsIsAnsweredByTheOverview(t *testing.T) {
	mfg := arxiv.Paper{ID: "2501.73901v1", Title: "An Introduction to Mean Field Games for Crowds of Rational Agents",
		Summary: "Lasry and Lions, and independently Huang, Caines and Malhamé, introduced mean field games to describe the limit of " +
			"games with many players: a representative agent solves an optimal control problem given the population's density.",
		PrimaryCategory: "cs.GT"}
	svc := primerService(t, arxivWith(t, mfg))
	requireOverviewAnswers(t, svc, "founded by John von Neumann and Oskar Morgenstern",
		"Who invented game theory?",
		"Who actually invented game theory as a field?",
		"who came up with game theory in the first place, and when?",
		"When did game theory start?",
		"Who is the father of game theory?")
}

// requireOverviewAnswers asks each question of svc and requires an answer
// led by the primer's overview, saying says, for no arXiv request.
func requireOverviewAnswers(t *testing.T, svc *service.Service, says string, questions ...string) {
	t.Helper()
	requireEntryAnswers(t, svc, "primer:game-theory-overview", says, questions...)
}

// requireEntryAnswers asks each question of svc and requires an answer led
// by the primer entry, saying says, for no arXiv request.
func requireEntryAnswers(t *testing.T, svc *service.Service, entry, says string, questions ...string) {
	t.Helper()
	for _, q := range questions {
		r := askPrimerAlone(t, svc, q)
		require.Equal(t, entry, r.Sources[0].PaperID, q)
		require.Contains(t, r.Answer, says, q)
	}
}

// entryAnswer is a question, the primer entry that must lead its
// answer and what the answer must say.
type entryAnswer struct{ q, entry, says string }

// requireEntriesAnswer requires each case's answer of svc led by its
// entry and saying what it says, for no arXiv request
// (requireEntryAnswers).
func requireEntriesAnswer(t *testing.T, svc *service.Service, cases []entryAnswer) {
	t.Helper()
	for _, tc := range cases {
		requireEntryAnswers(t, svc, tc.entry, tc.says, tc.q)
	}
}

// askPrimerAlone asks q of svc and requires an answer from the store as
// it is: answered, for no arXiv request.
func askPrimerAlone(t *testing.T, svc *service.Service, q string) service.Result {
	t.Helper()
	r, err := svc.Ask(context.Background(), q, service.AskOptions{})
	require.NoError(t, err, q)
	require.Equal(t, nodes.OutcomeAnswered, r.Outcome, "%s: %s", q, r.Answer)
	require.Zero(t, r.ArxivRequests, q)
	return r
}

// A question on how the field is used in life is answered from the
// primer, with no arXiv request: led by the overview, which says where
// the field is used, by the entry on game theory in everyday life, which
// gives cases, or by the entry on the field's branches, whose applied
// branches are uses ("How is game theory used in the real world?"); and
// it says where the field is used. Before, "real" and "life" (no primer
// word, and an evidence cue) sent it to arXiv, whose papers on real-time
// strategy games it shared them with were stored and quoted, or it ended
// not_found.
func TestAQuestionOnTheFieldInLifeIsAnsweredFromThePrimer(t *testing.T) {
	rts := arxiv.Paper{ID: "1612.67960v1", Title: "Mastering real-time strategy games",
		Summary: "Real-time strategy games are a testbed for multi-agent learning in the real world: players gather resources, " +
			"build armies and attack, and we train agents by self-play against a league of past opponents.",
		PrimaryCategory: "cs.GT"}
	svc := primerService(t, arxivWith(t, rts))
	for _, q := range []string{
		"Is game theory useful in real life?",
		"How is game theory used in the real world?",
		"Does game theory actually work in the real world?",
		"Where is game theory used in daily life?",
		"Can you give me everyday examples of game theory?",
	} {
		r := askPrimerAlone(t, svc, q)
		require.Contains(t, []string{"primer:game-theory-overview", "primer:game-theory-in-everyday-life", "primer:branches-of-game-theory"}, r.Sources[0].PaperID, q)
		require.Regexp(t, `Today game theory is used in economics|Game theory is at work in daily life`, r.Answer, q)
	}
	// Naming an application is a question for arXiv as before.
	r, err := svc.Ask(context.Background(), "Has game theory ever actually predicted how real people bargain?", service.AskOptions{})
	require.NoError(t, err)
	require.EqualValues(t, 1, r.ArxivRequests, r.Answer)
}

// Questions on the field's Nobel prizes, its branches and its
// assumptions are answered by the primer's entries on them, with no arXiv
// request. Before, "Who
// won the Nobel prize for game theory?" led with Elinor Ostrom (the entry
// on the commons, the only one naming a prize near the field's name) and
// never named Nash, Harsanyi or Selten; "What are the main branches of
// game theory?" was answered with the branches of a game tree; "What are
// the assumptions of game theory?" with one sentence of the ultimatum
// game's entry.
func TestQuestionsOnTheFieldsPrizesBranchesAndAssumptionsAreAnsweredByTheirEntries(t *testing.T) {
	nobel := arxiv.Paper{ID: "2203.61187v1", Title: "Citation dynamics of Nobel prize winners in physics and economics",
		Summary: "We follow the citations of every Nobel laureate in physics and economics from 1969 to 2020 and find that the prize " +
			"raises a winner's citations by a third within five years, with the largest effect on the branches of theory they founded.",
		PrimaryCategory: "physics.soc-ph"}
	svc := primerService(t, arxivWith(t, nobel))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"Who won the Nobel prize for game theory?", "primer:nobel-prizes-game-theory", "In 1994 John Nash, John Harsanyi and Reinhard Selten"},
		{"Which game theorists have won the Nobel prize in economics?", "primer:nobel-prizes-game-theory", "Aumann"},
		{"Did John Nash win a Nobel prize?", "primer:nobel-prizes-game-theory", "In 1994 John Nash"},
		{"What are the main branches of game theory?", "primer:branches-of-game-theory", "The cooperative branch"},
		{"What are the different types of games in game theory?", "primer:branches-of-game-theory", "complete or incomplete information"},
		{"What are the assumptions of game theory?", "primer:assumptions-and-limitations", "is rational"},
		{"What are the limitations of game theory?", "primer:assumptions-and-limitations", "main limitations"},
		{"Why doesn't game theory always predict what people do?", "primer:assumptions-and-limitations", "departs from equilibrium predictions"},
	})
}

// Two questions a student meets first are answered by the primer, with no
// arXiv request. Before, "Is game theory realistic?" found no entry saying
// "realistic", searched arXiv for "realistic" alone and quoted whatever
// paper said it; "How do auctions work?" was answered by the everyday-life
// entry ("Game theory is at work in daily life…") and a sentence on why
// Vickrey auctions are rare, since no entry said what an auction is or
// named its formats side by side.
func TestQuestionsOnRealismAndOnAuctionsAreAnsweredByTheirEntries(t *testing.T) {
	realistic := arxiv.Paper{ID: "2406.61533v1", Title: "Realistic rendering of crowds for video games",
		Summary: "We render realistic crowds in video games at interactive frame rates, with each pedestrian's gait driven by a " +
			"realistic biomechanical model, and compare players' immersion with and without it.",
		PrimaryCategory: "cs.GR"}
	svc := primerService(t, arxivWith(t, realistic))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"Is game theory realistic?", "primer:assumptions-and-limitations", "Whether game theory is realistic depends on the setting"},
		{"How realistic is game theory?", "primer:assumptions-and-limitations", "perfectly rational players are unrealistic"},
		{"How do auctions work?", "primer:auction-formats", "An auction works by competitive bidding"},
		{"How does an auction work?", "primer:auction-formats", "the Dutch auction"},
		{"What are the main types of auctions?", "primer:auction-formats", "The four classic auction formats"},
	})
}

// "in game theory" after a term only says which field the term is from,
// and the store is not asked for it: every primer entry is game theory,
// and the name ranked the entries that say it most (the overview, the
// assumptions, the Nobel prizes) above the one on the term. Before,
// "What is an oligopoly in game theory?" said no source mentioned
// oligopoly, though the Cournot entry's title does, and "What is a Nash
// equilibrium in game theory?" led with PPAD-completeness.
func TestTheFieldsNameAsAQualifierDoesNotRankTheStore(t *testing.T) {
	svc := primerService(t, arxivWith(t, arxiv.Paper{ID: "2301.60001v1", Title: "Oligopoly pricing with learning firms",
		Summary:         "Firms in an oligopoly learn prices by gradient play; we bound the regret of each firm and show convergence to a Bertrand outcome.",
		PrimaryCategory: "econ.TH"}))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"What is an oligopoly in game theory?", "primer:cournot-competition", "In Antoine Augustin Cournot's model (1838)"},
		{"What is a Nash equilibrium in game theory?", "primer:nash-equilibrium", "A Nash equilibrium is a strategy profile"},
		{"In game theory, what is an auction?", "primer:auction-formats", "An auction works by competitive bidding"},
	})
}

// A request for an example does not rank the store: the answer to "What
// is a Nash equilibrium? Give an example." is led by the Nash
// equilibrium's entry, which says what one is and gives the prisoner's
// dilemma. Before, "give" and "example" ranked the entries that say "a
// standard example is" and "gives both players" first, the entry's
// first chunk was not among the ten candidates, and the answer opened
// with "Nash equilibrium does not say how players get there"; "Give an
// example of a Nash equilibrium." opened with the Bayesian entry's
// first-price auction.
func TestARequestForAnExampleDoesNotRankTheStore(t *testing.T) {
	svc := primerService(t, arxivWith(t, arxiv.Paper{ID: "2303.60003v1", Title: "Worked examples for teaching equilibrium",
		Summary:         "We give examples of equilibrium computations for an introductory course, with exercises and worked solutions.",
		PrimaryCategory: "physics.ed-ph"}))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"What is a Nash equilibrium? Give an example.", "primer:nash-equilibrium", "A Nash equilibrium is a strategy profile"},
		{"Give an example of a Nash equilibrium.", "primer:nash-equilibrium", "in the prisoner's dilemma the unique equilibrium"},
	})
}

// A question on who began a concept is answered by the concept's entry,
// which says who introduced it, with no arXiv request. Before, no primer
// entry said "invented", so arXiv was searched first for "Who invented
// the Shapley value?" (arxiv_unavailable offline, four papers added
// online); "Who invented the Nash equilibrium?", once "invented" was read
// as "introduced", opened with Aumann's correlated equilibrium, which
// "generalises Nash equilibrium", until the entry named after the concept
// came first.
func TestAQuestionOnWhoBeganAConceptIsAnsweredByItsEntry(t *testing.T) {
	svc := primerService(t, arxivWith(t, arxiv.Paper{ID: "2304.60004v1", Title: "Shapley value estimation for data valuation",
		Summary:         "We estimate Shapley values of training points by permutation sampling, and show who gains from data sharing.",
		PrimaryCategory: "cs.LG"}))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"Who invented the Shapley value?", "primer:shapley-value", "introduced by Lloyd Shapley in 1953"},
		{"Who came up with correlated equilibrium?", "primer:correlated-equilibrium", "introduced by Robert Aumann in 1974"},
		{"Who invented the Nash equilibrium?", "primer:nash-equilibrium", "John Nash proved in 1950"},
		// The entries said nothing of who began these; the prisoner's
		// dilemma was answered with Axelrod's tournaments of 1980.
		{"Who invented the prisoner's dilemma?", "primer:prisoners-dilemma", "Merrill Flood and Melvin Dresher devised the prisoner's dilemma"},
		{"When was the prisoner's dilemma invented?", "primer:prisoners-dilemma", "at the RAND Corporation in 1950"},
		{"Who invented mechanism design?", "primer:mechanism-design", "Leonid Hurwicz introduced mechanism design"},
	})
}

// More questions of a first course, answered by the entries on them
// with their answer first. Before, "What is the minimax strategy?" said
// it found nothing on minimax strategy, the zero-sum entry first among
// its closest sources, since the entry called the strategy "maximin or
// security"; "Why do firms collude?" quoted the collusion entry's second
// chunk (Green and Porter's price wars, tacit collusion and antitrust),
// since "collude" and "collusion" stem apart and only that chunk said
// "collude".
func TestMinimaxCollusionAndVCGQuestionsAreAnsweredByTheirEntries(t *testing.T) {
	svc := primerService(t, arxivWith(t, arxiv.Paper{ID: "2302.60002v1", Title: "Minimax rates for sparse regression",
		Summary:         "We derive minimax rates of estimation for sparse linear regression under heavy-tailed noise, and an estimator that attains them.",
		PrimaryCategory: "math.ST"}))
	requireEntriesAnswer(t, svc, []entryAnswer{
		{"What is the minimax strategy?", "primer:zero-sum-minimax", "In a zero-sum game the minimax strategy, also called maximin or security strategy"},
		{"Why do firms collude?", "primer:collusion-cartels", "Firms collude to make higher profits"},
		// The entry opened "The Vickrey-Clarke-Groves (VCG) mechanism
		// chooses…", which does not open with "VCG" to a reader of
		// words; the answer led with "VCG extends to combinatorial
		// auctions" and never said what the mechanism does.
		{"What is VCG?", "primer:vcg-mechanism", "The VCG mechanism, named after William Vickrey"},
		{"What is the Vickrey-Clarke-Groves mechanism?", "primer:vcg-mechanism", "chooses the outcome that maximises the total reported value"},
	})
}

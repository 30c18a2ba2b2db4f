package reasoner

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOfflineRerankerPutsTheFocalConceptFirst(t *testing.T) {
	core := Passage{N: 1, ID: "core_chunk_0", PaperID: "core", Title: "The core of a cooperative game",
		Text: "The core is the set of allocations no coalition can improve on. Three players can share a dollar.", Score: 1}
	fp := Passage{N: 2, ID: "fp_chunk_0", PaperID: "fp", Title: "Fictitious play",
		Text: "In fictitious play each player best responds to the value of the empirical mix of a three-player game.", Score: 0.97}
	shapley := Passage{N: 3, ID: "shapley_chunk_0", PaperID: "shapley", Title: "The Shapley value",
		Text: "The Shapley value gives each player their average marginal contribution.", Score: 0.94}
	r, err := NewOfflineReranker().Rerank(context.Background(), "How do you compute the Shapley value of a three-player game?",
		[]Passage{core, fp, shapley})
	require.NoError(t, err)
	require.Len(t, r.Scores, 3)
	require.Greater(t, r.Scores[2], r.Scores[0], "the entry about the Shapley value outranks one sharing words: %v", r.Scores)
	require.Greater(t, r.Scores[0], r.Scores[1], "equal focus keeps the store's order: %v", r.Scores)
	require.Contains(t, r.Reason, `"Shapley value"`)
	for _, s := range r.Scores {
		require.True(t, s > 0 && s <= 1, "scores stay in (0,1]: %v", r.Scores)
	}
}

// A yes/no or why question that names two glossary concepts asks something
// of both: the first named does not outrank the second by its place in
// the question ("Is mutual defection the only Nash equilibrium of the
// prisoner's dilemma?" is answered by the prisoner's dilemma entry).
func TestOfflineRerankerWeighsNamedConceptsOfAQuestionAlike(t *testing.T) {
	ne := Passage{N: 1, ID: "ne_chunk_0", PaperID: "ne", Title: "Nash equilibrium",
		Text: "A Nash equilibrium is a profile of best responses. In the prisoner's dilemma it is inefficient.", Score: 0.9}
	pd := Passage{N: 2, ID: "pd_chunk_0", PaperID: "pd", Title: "The prisoner's dilemma",
		Text: "The prisoner's dilemma is the best-known game. Defecting is dominant, so the unique Nash equilibrium is mutual defection.", Score: 1}
	r, err := NewOfflineReranker().Rerank(context.Background(), "Is mutual defection the only Nash equilibrium of the prisoner's dilemma?", []Passage{ne, pd})
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], "the store's better match on the second concept keeps its place: %v", r.Scores)
	r, err = NewOfflineReranker().Rerank(context.Background(), "What is a Nash equilibrium in the prisoner's dilemma?", []Passage{ne, pd})
	require.NoError(t, err)
	require.Greater(t, r.Scores[0], r.Scores[1], "a definition is of its first concept: %v", r.Scores)
}

func TestOfflineRerankerKeepsTheStoreOrderWithoutEvidence(t *testing.T) {
	ps := []Passage{
		{N: 1, ID: "a", Title: "Auctions", Text: "Bidders bid.", Score: 0.9},
		{N: 2, ID: "b", Title: "Voting", Text: "Voters vote.", Score: 0.8},
	}
	for _, q := range []string{"What are mean field games?", "Why do two suspects both confess?"} {
		r, err := NewOfflineReranker().Rerank(context.Background(), q, ps)
		require.NoError(t, err)
		require.Equal(t, []float64{0.9, 0.8}, r.Scores, "%s: nothing carries the concept, so the store's scores stand", q)
		require.NotEmpty(t, r.Reason)
	}

	// The reason says why the order stands, truthfully: "core" is in the
	// first passage, and is not ranked by because one word is too easily
	// paraphrased to demand, not because no candidate mentions it.
	core := []Passage{{N: 1, ID: "core_chunk_0", Title: "The core of a cooperative game", Text: "The core is the set of allocations no coalition can improve on.", Score: 1}}
	r, err := NewOfflineReranker().Rerank(context.Background(), "What is a core?", core)
	require.NoError(t, err)
	require.Equal(t, []float64{1}, r.Scores)
	require.NotContains(t, r.Reason, "no candidate mentions")
	require.Contains(t, r.Reason, `"core" is too easily paraphrased to rank passages by`)
	r, err = NewOfflineReranker().Rerank(context.Background(), "What are mean field games?", core)
	require.NoError(t, err)
	require.Contains(t, r.Reason, `no candidate mentions "mean field games"`)
}

func TestCarriesNeedsTheInnerWords(t *testing.T) {
	f := analyze("What does the Nash embedding theorem say?")
	require.False(t, carries(f.Concepts[0], Passage{Text: "Nash's theorem guarantees that an equilibrium exists."}),
		"a phrase without its inner word is another phrase")
	require.True(t, carries(f.Concepts[0], Passage{Text: "The Nash embedding theorem says every Riemannian manifold embeds isometrically."}))
}

func TestMeanForToDefinesThePredicate(t *testing.T) {
	f := analyze("What does it mean for a learning algorithm to have no regret?")
	require.NotEmpty(t, f.Concepts)
	require.Contains(t, f.Concepts[0].Name, "regret", "what is defined comes first: %v", conceptNames(f.Concepts))
}

func TestRefersBack(t *testing.T) {
	for s, want := range map[string]bool{
		"The prisoner's dilemma is the classic case: both confess.":          true,
		"Matching pennies is a standard example.":                            true,
		"The stag hunt is the classic example of a coordination game.":       false,
		"It won both tournaments.":                                           true,
		"A Nash equilibrium is a profile of mutual best responses.":          false,
		"Chicken gives a typical illustration here of brinkmanship in play.": true,
	} {
		require.Equal(t, want, refersBack(s), s)
	}
}

func TestOfflineAnswerLeadsWithThePredicate(t *testing.T) {
	fp := primerLike(1, "First-price auctions",
		"In a first-price sealed-bid auction each bidder submits a bid and the highest bid wins.",
		"Bidding one's true value guarantees zero profit, so bidders shade their bids below their values.",
		"The Dutch auction is strategically equivalent to the first-price auction, because a bidder only decides when to stop the clock.")
	a := &OfflineAnswerer{MinSentences: 1, MaxSentences: 1}
	ans, err := a.Answer(context.Background(), "Why do bidders shade their bids in a first-price auction?", []Passage{fp})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Bidding one's true value"), "the sentence about shading is the one to quote: %s", ans.Text)
}

func TestOfflineAnswerQuotesTheExampleWithWhatItIllustrates(t *testing.T) {
	p := primerLike(1, "Dominant strategies",
		"A strategy strictly dominates another if it pays more whatever the others do.",
		"When every player has a strictly dominant strategy, the profile is a dominant-strategy equilibrium.",
		"The prisoner's dilemma is the classic case: confessing is better than staying silent whatever the other prisoner does.")
	a := &OfflineAnswerer{MinSentences: 1, MaxSentences: 2}
	ans, err := a.Answer(context.Background(), "Why do both prisoners confess in the prisoner's dilemma?", []Passage{p})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "classic case", ans.Text)
	require.Contains(t, ans.Text, "When every player has a strictly dominant strategy", "the classic case of what: %s", ans.Text)
}

// The test world's distractors (internal/arxivtest) share a question's
// words without its concept: "Individuals imitate neighbours who earn
// higher payoffs" in a snowdrift paper that names replicator dynamics once.
// testdata/lookalikes.json holds the three passages the store returned for
// this question in the loop; the answer must lead with the paper the
// question is about.
func TestOfflineAnswerLeadsWithTheConceptNotTheLookalike(t *testing.T) {
	b, err := os.ReadFile("testdata/lookalikes.json")
	require.NoError(t, err)
	var ps []Passage
	require.NoError(t, json.Unmarshal(b, &ps))
	ans, err := NewOfflineAnswerer().Answer(context.Background(),
		"Can the replicator equation describe people copying more successful neighbours rather than genes?", ps)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "The replicator equation was introduced"), "%s", ans.Text)
	require.Equal(t, 1, ans.Cited[0], "the paper the question is about is cited first")
}

func TestOfflineAnswerDefinesWhereTheSourceIntroducesTheConcept(t *testing.T) {
	first := Passage{N: 1, ID: "regret_chunk_0", PaperID: "regret", Title: "Regret minimization", Score: 0.8, Text: chunk("Regret minimization",
		"Regret measures how much better a player would have done, in hindsight, by always playing the best single fixed action. "+
			"An algorithm has no regret if its average regret goes to zero over time.")}
	later := Passage{N: 2, ID: "regret_chunk_1", PaperID: "regret", Title: "Regret minimization", Score: 0.9, Text: chunk("Regret minimization",
		"No-regret learning connects to equilibrium: if all players in a game use no-regret learning algorithms, the empirical distribution of play converges to coarse correlated equilibria.")}
	a := &OfflineAnswerer{MinSentences: 1, MaxSentences: 2}
	ans, err := a.Answer(context.Background(), "What does it mean for a learning algorithm to have no regret?", []Passage{later, first})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Regret measures"), "%s", ans.Text)
}

func TestOfflineAnswerAbstainsOnATopicNamedInPassing(t *testing.T) {
	fp := primerLike(1, "Fictitious play",
		"In fictitious play each player best responds to the empirical mix of the others' past actions.",
		"It converges in two-player zero-sum games.",
		"Learning in games is a foundation of multi-agent reinforcement learning.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "How does multi-agent reinforcement learning find equilibria?", []Passage{fp})
	require.NoError(t, err)
	require.True(t, ans.Abstained, "%s", ans.Text)
	require.Contains(t, ans.Text, "beyond a passing mention")
}

func TestOfflineAnswerDefinitionKeepsTheSentenceItBuildsOn(t *testing.T) {
	p := primerLike(1, "Dominance",
		"A strategy strictly dominates another if it gives a strictly higher payoff whatever the other players do.",
		"A dominant strategy is one that dominates every other strategy of that player.",
		"Iterated elimination deletes dominated strategies round by round.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a dominant strategy?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A strategy strictly dominates another"), "%s", ans.Text)
}

// "mixed strategy" is a glossary term: the chunk titled with it moves
// ahead of one the store put first that names it only in passing. As an
// ordinary phrase of two generic words it would not be specific enough to
// rank by, and the store's order would stand.
func TestRerankMixedStrategyIsAConcept(t *testing.T) {
	candidates := []Passage{
		{ID: "primer:dominant-strategies_chunk_0", Title: "Dominant and dominated strategies", Score: 0.9,
			Text: "Dominance can also come from a mixed strategy: a pure strategy may be beaten by a randomisation over two others."},
		{ID: "primer:mixed-strategies_chunk_0", Title: "Mixed strategies and the indifference principle", Score: 0.8,
			Text: "A mixed strategy is a probability distribution over a player's pure strategies."},
	}
	r, err := NewOfflineReranker().Rerank(context.Background(), "Why would anyone use a mixed strategy?", candidates)
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], r.Reason)
}

// A yes/no question that asks whether something holds for every game is
// decided by a counterexample said in other words ("no Nash equilibrium in
// pure strategies"), not by a passage that repeats its words of a special
// case.
func TestOfflineRerankerLiftsTheCounterexample(t *testing.T) {
	congestion := Passage{N: 1, ID: "cg_chunk_0", PaperID: "cg", Title: "Congestion games",
		Text: "Rosenthal showed that every congestion game has a pure-strategy Nash equilibrium. Its minimisers are pure Nash equilibria.", Score: 1}
	mixed := Passage{N: 2, ID: "ms_chunk_0", PaperID: "ms", Title: "Mixed strategies",
		Text: "A mixed strategy randomises. Some games have no Nash equilibrium in pure strategies: in matching pennies players randomise.", Score: 0.84}
	for _, q := range []string{
		"Does every finite game have a pure-strategy Nash equilibrium?",
		"Can a game have no pure equilibrium?",
	} {
		r, err := NewOfflineReranker().Rerank(context.Background(), q, []Passage{congestion, mixed})
		require.NoError(t, err)
		require.Greater(t, r.Scores[1], r.Scores[0], "%s: the counterexample outranks the special case: %v", q, r.Scores)
	}
	// A question that asks no verdict of all keeps the passage that names
	// the concept most.
	r, err := NewOfflineReranker().Rerank(context.Background(), "What is a pure-strategy Nash equilibrium?", []Passage{congestion, mixed})
	require.NoError(t, err)
	require.Greater(t, r.Scores[0], r.Scores[1], "%v", r.Scores)
}

// A comparison needs both entries: the second concept counts as much as
// the first, and a second chunk of one entry does not push the other
// entry out.
func TestOfflineRerankerKeepsBothComparedEntries(t *testing.T) {
	sp0 := Passage{N: 1, ID: "sp_chunk_0", PaperID: "sp", Title: "Second-price sealed-bid (Vickrey) auctions",
		Text: "In a Vickrey auction the highest bidder wins but pays the second-highest bid. So the Vickrey auction is strategy-proof.", Score: 0.95}
	sp1 := Passage{N: 2, ID: "sp_chunk_1", PaperID: "sp", Title: "Second-price sealed-bid (Vickrey) auctions",
		Text: "Pure Vickrey auctions are rare in practice. The Vickrey auction is the single-item case of VCG.", Score: 0.94}
	eng := Passage{N: 3, ID: "en_chunk_0", PaperID: "en", Title: "English and Dutch auctions",
		Text: "The English auction is an open ascending-price auction. The Dutch auction is a descending clock.", Score: 0.9}
	r, err := NewOfflineReranker().Rerank(context.Background(), "How is a Vickrey auction different from an English auction?", []Passage{sp0, sp1, eng})
	require.NoError(t, err)
	require.Greater(t, r.Scores[2], r.Scores[1], "the English auction's entry outranks the Vickrey entry's second chunk: %v", r.Scores)
	require.Greater(t, r.Scores[0], r.Scores[2], "the store's order stands between the two entries' first chunks: %v", r.Scores)
}

func TestComparedEllipsisTakesTheSharedHead(t *testing.T) {
	f := analyze("difference between first price and second price auctions")
	require.GreaterOrEqual(t, len(f.Concepts), 2)
	require.Contains(t, f.Concepts[0].Name, "auction", "%v", conceptNames(f.Concepts))
}

// A title that names a concept only inside a longer glossary term is
// titled after that term: "Tit-for-tat, Axelrod's tournaments and the
// iterated prisoner's dilemma" is not the entry on the prisoner's dilemma,
// and "How is chicken different from the prisoner's dilemma?" wants the
// one that is. A sentence that lists both concepts among others ("Standard
// examples … include the prisoner's dilemma, matching pennies, the stag
// hunt, chicken …") compares nothing.
func TestOfflineRerankerPrefersTheConceptsOwnEntry(t *testing.T) {
	tft := Passage{N: 1, ID: "tft_chunk_0", PaperID: "tft", Title: "Tit-for-tat, Axelrod's tournaments and the iterated prisoner's dilemma",
		Text: "In the iterated prisoner's dilemma the same two players play the prisoner's dilemma repeatedly.", Score: 1}
	pd := Passage{N: 2, ID: "pd_chunk_0", PaperID: "pd", Title: "The prisoner's dilemma",
		Text: "The prisoner's dilemma is the best-known game in game theory. Defecting is dominant.", Score: 0.9}
	chicken := Passage{N: 3, ID: "chicken_chunk_0", PaperID: "chicken", Title: "Chicken and the hawk-dove game",
		Text: "In the game of chicken two drivers speed toward each other; whoever swerves is the chicken.", Score: 0.8}
	listing := Passage{N: 4, ID: "nf_chunk_1", PaperID: "nf", Title: "Normal-form games and payoff matrices",
		Text: "Standard examples written as matrices include the prisoner's dilemma, matching pennies, the stag hunt, chicken and the battle of the sexes.", Score: 0.95}
	r, err := NewOfflineReranker().Rerank(context.Background(), "How is chicken different from the prisoner's dilemma?", []Passage{tft, pd, chicken, listing})
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], "the prisoner's dilemma's own entry outranks the iterated game's: %v", r.Scores)
	require.Greater(t, r.Scores[2], r.Scores[3], "chicken's entry outranks a list naming both: %v", r.Scores)

	// A sentence that does compare them still gains.
	contrast := listing
	contrast.Text = "Unlike the prisoner's dilemma, chicken has two pure equilibria in which one player swerves."
	r, err = NewOfflineReranker().Rerank(context.Background(), "How is chicken different from the prisoner's dilemma?", []Passage{chicken, contrast})
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], "a sentence contrasting both gains: %v", r.Scores)

	// The iterated game's own question still ranks its entry first.
	r, err = NewOfflineReranker().Rerank(context.Background(), "Why does tit-for-tat do well in the iterated prisoner's dilemma?", []Passage{pd, tft})
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], "%v", r.Scores)
}

// "What is strategyproofness?" in a store grown by a search: a paper's
// chunk saying "strategy-proof" three times, and the matching entry's
// "Deferred acceptance is strategy-proof for the proposing side", came
// before the mechanism-design entry's definition, which fell out of the
// top three, and the answer never said what strategyproofness is. For a
// "What is X?" question a passage saying what X is gains.
func TestOfflineRerankerPutsTheDefinitionFirstForWhatIs(t *testing.T) {
	paper := Passage{N: 1, ID: "1805.92330v1_chunk_0", PaperID: "1805.92330v1", Title: "Top Trading Cycles on Restricted Preference Domains",
		Text: "Gale's top trading cycles algorithm is the only rule that is strategy-proof, Pareto efficient and individually rational. On the single-peaked domain the class of strategy-proof, Pareto efficient and non-bossy rules is exactly the class of hierarchical exchange rules. Every strategy-proof rule on the line is a serial dictatorship.", Score: 1}
	matching := Passage{N: 2, ID: "primer:stable-matching_chunk_1", PaperID: "primer:stable-matching", Title: "Stable matching and the Gale-Shapley algorithm",
		Text: "Deferred acceptance is strategy-proof for the proposing side, since no proposer gains by misreporting preferences. Roth applied these ideas to the residency match.", Score: 0.97}
	design := Passage{N: 3, ID: "primer:mechanism-design_chunk_1", PaperID: "primer:mechanism-design", Title: "Mechanism design",
		Text: "A mechanism is strategy-proof, or dominant-strategy incentive compatible, when reporting one's true preferences is a dominant strategy for every participant. The revelation principle lets the designer restrict attention to direct mechanisms.", Score: 0.9}
	ps := []Passage{paper, matching, design}

	r, err := NewOfflineReranker().Rerank(context.Background(), "What is strategyproofness?", ps)
	require.NoError(t, err)
	require.Greater(t, r.Scores[2], r.Scores[0], "the definition outranks the paper that uses the word: %v", r.Scores)
	require.Greater(t, r.Scores[2], r.Scores[1], "and the entry that says it of one mechanism: %v", r.Scores)

	// Another shape of question is not a request for the definition: the
	// passages keep the order the rest of the focus gives them.
	r, err = NewOfflineReranker().Rerank(context.Background(), "Which allocation rules are strategyproof on single-peaked domains?", ps)
	require.NoError(t, err)
	require.Greater(t, r.Scores[0], r.Scores[2], "not a definition question: %v", r.Scores)
}

// A question on the field's beginnings names no concept but the field,
// which every passage is about: the passage that says who founded it comes
// first, however the store ranked it ("who came up with game theory in the
// first place" ranked the entry on voting rules, which says "first", above
// the overview).
func TestOfflineRerankerPutsTheFieldsFoundingFirstForItsOrigin(t *testing.T) {
	voting := Passage{N: 1, ID: "voting_chunk_0", PaperID: "voting", Title: "Voting rules",
		Text: "Under plurality rule the candidate ranked first by the most voters wins, and social choice theory came up with many others.", Score: 0.98}
	overview := Passage{N: 2, ID: "overview_chunk_0", PaperID: "overview", Title: "What game theory studies",
		Text: "Game theory is the mathematics of strategic interaction. The field was founded by John von Neumann and Oskar Morgenstern in 1944.", Score: 0.92}
	for q, first := range map[string]int{
		"who came up with game theory in the first place, and when?": 1,
		"Who came up with plurality voting in the first place?":      0, // not the field's beginnings
	} {
		r, err := NewOfflineReranker().Rerank(context.Background(), q, []Passage{voting, overview})
		require.NoError(t, err)
		require.Equal(t, first, slices.Index(r.Scores, slices.Max(r.Scores)), "%s: %v (%s)", q, r.Scores, r.Reason)
	}
}

// A question on who began a concept is answered by the chunk of its entry
// that says who devised it, which the store ranks below the entry's
// opening: both are about the concept, and only the one that says so keeps
// its focus. A question that asks no such thing keeps the opening first.
func TestOfflineRerankerPutsWhoBeganAConceptFirst(t *testing.T) {
	opening := Passage{N: 1, ID: "pd_chunk_0", PaperID: "pd", Title: "The prisoner's dilemma",
		Text: "The prisoner's dilemma is the best-known game. Two suspects are questioned separately.", Score: 1}
	origin := Passage{N: 2, ID: "pd_chunk_1", PaperID: "pd", Title: "The prisoner's dilemma",
		Text: "Merrill Flood and Melvin Dresher devised the prisoner's dilemma at the RAND Corporation in 1950.", Score: 0.9}
	r, err := NewOfflineReranker().Rerank(context.Background(), "Who invented the prisoner's dilemma?", []Passage{opening, origin})
	require.NoError(t, err)
	require.Greater(t, r.Scores[1], r.Scores[0], "the chunk that says who devised it comes first: %v", r.Scores)
	require.Contains(t, r.Reason, "who began it")
	r, err = NewOfflineReranker().Rerank(context.Background(), "What is the prisoner's dilemma?", []Passage{opening, origin})
	require.NoError(t, err)
	require.Greater(t, r.Scores[0], r.Scores[1], "%v", r.Scores)
}

// A comparison is answered from both entries' opening chunks, whatever
// the store's order of the eight candidates: each entry's later chunk
// counts half its focus. Before, the opening chunk was found by a sort by
// score that compared two chunks of one paper by their index, which is
// no ordering; with the store's order below it left the first-price
// entry's second chunk first and its opening chunk halved, and the answer
// never said what either auction is.
func TestOfflineRerankerComparesTheEntriesOpenings(t *testing.T) {
	mk := func(id, paper, title, text string, score float64) Passage {
		return Passage{ID: id, PaperID: paper, Title: title, Text: text, Score: score}
	}
	const fp, sp = "First-price sealed-bid auctions and bid shading", "Second-price sealed-bid (Vickrey) auctions"
	ps := []Passage{
		mk("fp_chunk_1", "fp", fp, "First-price auctions are used in procurement, which largely switched from second-price to first-price auctions.", 1),
		mk("rev_chunk_0", "rev", "The revenue equivalence theorem", "So first-price, second-price, English, Dutch and even all-pay auctions earn the same on average.", 0.976),
		mk("rev_chunk_1", "rev", "The revenue equivalence theorem", "With two bidders the first-price winner pays half their value and the second-price winner pays the other bidder's value.", 0.95),
		mk("sp_chunk_1", "sp", sp, "By revenue equivalence it yields the same expected revenue as the first-price auction.", 0.935),
		mk("sp_chunk_0", "sp", sp, "In a second-price sealed-bid auction the highest bidder wins but pays the second-highest bid.", 0.896),
		mk("fp_chunk_0", "fp", fp, "In a first-price sealed-bid auction the highest bid wins, and the winner pays their own bid.", 0.895),
		mk("ed_chunk_0", "ed", "English and Dutch auctions", "The English auction gives the same outcome as the second-price sealed-bid auction.", 0.872),
		mk("ed_chunk_1", "ed", "English and Dutch auctions", "The Dutch auction is strategically equivalent to the first-price sealed-bid auction.", 0.851),
	}
	for i := range ps {
		ps[i].N = i + 1
	}
	r, err := NewOfflineReranker().Rerank(context.Background(), "What is the difference between first-price and second-price auctions?", ps)
	require.NoError(t, err)
	require.Greater(t, r.Scores[5], r.Scores[0], "the first-price entry's opening before its second chunk: %v", r.Scores)
	require.Greater(t, r.Scores[4], r.Scores[3], "the second-price entry's opening before its second chunk: %v", r.Scores)
}

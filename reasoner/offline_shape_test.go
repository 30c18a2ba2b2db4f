package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/text"
)

func TestOpensWithBackReference(t *testing.T) {
	for s, want := range map[string]bool{
		"It contrasts with costly signalling.":                                                              true,
		"The paradox is a vivid case of the price of anarchy.":                                              true,
		"The theorem says that the only rule is a dictatorship.":                                            true,
		"With this Clarke pivot rule, truth-telling is dominant.":                                           true,
		"However, Lloyd Shapley constructed a counterexample.":                                              true,
		"For example, if A alone makes 0, each gets 5.":                                                     true,
		"These findings are central to behavioural game theory.":                                            true,
		"The Shapley value is the unique allocation rule.":                                                  false,
		"The prisoner's dilemma is the best-known game.":                                                    false,
		"There are two pure-strategy Nash equilibria.":                                                      false,
		"A Nash equilibrium is a strategy profile.":                                                         false,
		"Itineraries are strategies in routing games.":                                                      false,
		"Each driver now prefers to use both congestible roads.":                                            true,
		"Now add a zero-time shortcut linking the two roads.":                                               true,
		"Rational players therefore defect in every round.":                                                 true,
		"Game theory is now used across the social sciences.":                                               false,
		"Players choose a route, and therefore congestion rises.":                                           false,
		"The main tool for computing one is the indifference principle: a player who mixes is indifferent.": true,
		"Finding one is PPAD-complete.":                                                                     true,
		"Computing one equilibrium is easy in zero-sum games.":                                              false,
		"Each player picks one of two roads.":                                                               false,
		"With private values it gives the same outcome as the English auction.":                             true,
		"By revenue equivalence, with symmetric independent bidders it yields the same revenue.":            true,
		"In game-theoretic terms it is a many-player prisoner's dilemma.":                                   true,
		"If some coalition received less, it could break away.":                                             false,
		"In practice it is hard to compute an equilibrium.":                                                 false,
		"In a first-price auction it pays to shade one's bid.":                                              false,
		"With two bidders the equilibrium bid is half of one's value.":                                      false,
		"We compare it with student-proposing deferred acceptance.":                                         true,
		"We show that it converges to the truth.":                                                           true,
		"We then apply them to school choice.":                                                              true,
		"We study sequences of growing networks and show that it converges.":                                false,
		"We compare the fully Bayesian model with DeGroot updating.":                                        false,
		"Unlike the prisoner's dilemma, cooperation here is an equilibrium.":                                true,
		"The problem here is confidence that the other will cooperate.":                                     true,
		"Here we show that best-response dynamics converge.":                                                false,
		"We show here that best-response dynamics converge.":                                                false,
		"A model studied here has a unique equilibrium.":                                                    false,
	} {
		require.Equal(t, want, opensWithBackReference(s), s)
	}
}

// A question's concepts: glossary ideas it describes come after those it
// names, unless the phrase named is their description; framing phrases are
// none (issue 12, "I found nothing on everyday words").
func TestAnalyzeConcepts(t *testing.T) {
	plain := func(cs []text.Concept) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	conceptNames := func(q string) []string { return plain(analyze(q).Concepts) }
	require.NotContains(t, conceptNames("In everyday words, what does game theory study?"), "everyday words")
	airport := analyze("How does game theory help schedule airport security patrols?")
	require.Contains(t, plain(airport.AnyOf), "security game", "a passage on the idea described answers a how question")
	require.Equal(t, "security game", airport.Concepts[0].Name, "\"airport security patrols\" is how the question describes security games")
	require.True(t, airport.Evoked)
	braess := analyze("Can building a new road make traffic worse for every driver?")
	require.Equal(t, []string{"Braess's paradox", "traffic worse", "road", "driver"}, plain(braess.Concepts))
	cournot := analyze("Why does moving first help a firm that chooses its quantity?")
	require.Equal(t, []string{"moving first", "Cournot competition", "quantity"}, plain(cournot.Concepts),
		"a phrase the evoking words do not describe comes first")
	require.False(t, cournot.Evoked)
	curse := analyze("Why does the winner of a common-value auction tend to overpay?")
	require.False(t, curse.Evoked, "words that evoke two ideas describe neither for sure")
	require.False(t, analyze("What is the core of a cooperative game?").Evoked, "a concept named is not evoked")
	require.Equal(t, "stochastic game", conceptNames("What is a stochastic game in the sense of Shapley?")[0])
	require.Equal(t, "game theory", conceptNames("In everyday words, what does game theory study?")[0], "the verb asked with is not part of the concept")
	require.Equal(t, []string{"Screening", "signalling"}, conceptNames("Screening and signalling both deal with hidden information, so what actually separates them?")[:2],
		"a comparison is about the two things it joins, not the setting they share")
	shapley := analyze("A and B each make nothing alone but 10 together; how should they split it fairly?")
	require.Empty(t, shapley.Required, "\"nothing alone\" names nothing to demand")
	require.False(t, demandable(text.Concept{Name: "everybody knowing something"}), "indefinite pronouns are not what a question is about")
	require.True(t, demandable(text.Concept{Name: "Bayesian persuasion"}))
}

func TestOfflineAnswerDefinitionWhereIntroduced(t *testing.T) {
	p := primerLike(1, "Myerson's optimal auction and reserve prices",
		"Roger Myerson (1981) showed how a seller should design an auction to maximise expected revenue when bidders have independent private values drawn from known distributions.",
		"The key device is the virtual value, φ(v) = v − (1 − F(v))/f(v): a bidder's value minus the information rent the seller must leave them to induce truthful reporting.",
		"Expected revenue equals the expected virtual value of the winner, so the optimal mechanism gives the item to the bidder with the highest virtual value, provided it is non-negative, and otherwise keeps the item.",
		"When bidders are symmetric and the distribution is regular (virtual values increase with value), the optimal auction is simply a second-price or English auction with a reserve price r solving φ(r) = 0.",
		"For values uniform on [0, 1] the optimal reserve price is 1/2, whatever the number of bidders.",
		"The reserve sacrifices some efficiency, sometimes not selling to a bidder who values the item above the seller's cost, in order to extract more revenue from high-value bidders.",
		"With asymmetric bidders the optimal auction may favour weaker bidders.",
		"Bulow and Klemperer showed that adding one more bidder to an efficient auction without a reserve earns more than the optimal auction with the original bidders, so competition can matter more than clever design.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a virtual value in Myerson's auction?", []Passage{p})
	require.NoError(t, err)
	i, j := strings.Index(ans.Text, "The key device is the virtual value"), strings.Index(ans.Text, "Expected revenue equals")
	require.True(t, i >= 0 && (j < 0 || i < j), "the sentence introducing the term comes first: %s", ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
}

func TestAnswerSentencesDropCitationMarks(t *testing.T) {
	got := AnswerSentences("A Nash equilibrium is a profile of best responses [1]. Nash proved it exists [1, 2]. Mixed ones count [2]?")
	require.Equal(t, []string{"A Nash equilibrium is a profile of best responses.", "Nash proved it exists.", "Mixed ones count?"}, got)
}

func TestDanglingOpeners(t *testing.T) {
	require.Equal(t, []string{"It contrasts with signalling."},
		DanglingOpeners("It contrasts with signalling [1]. Cheap talk is costless [1]."), "the first sentence has nothing before it")
	require.Equal(t, []string{"The theorem says it is a dictatorship."},
		DanglingOpeners("Arrow's theorem is about rankings [1]. The theorem says it is a dictatorship [2]."), "another source is no antecedent")
	require.Empty(t, DanglingOpeners("Arrow's theorem is about rankings [1]. The theorem says it is a dictatorship [1]."))
	require.Empty(t, DanglingOpeners("Cheap talk is costless [1, 2]. It contrasts with signalling [2]."))
	require.Empty(t, DanglingOpeners(""))
	// A demonstrative subject after an opening phrase refers back too,
	// unless the phrase names its noun.
	require.Equal(t, []string{"In practice, this rule gives each agent a reason to tell the truth."},
		DanglingOpeners("In practice, this rule gives each agent a reason to tell the truth [1]."))
	require.Equal(t, []string{"Under mild conditions, these payments are budget balanced."},
		DanglingOpeners("VCG is efficient [2]. Under mild conditions, these payments are budget balanced [1]."))
	require.Empty(t, DanglingOpeners("For the Clarke pivot rule, this rule charges each agent its externality [1]."))
	// So does a demonstrative inside the first clause, when the clause
	// does not name the noun itself; after a colon it usually points
	// into its own sentence.
	require.Equal(t, []string{"Kuhn's theorem, building on Zermelo's work on chess, says that this procedure gives an equilibrium."},
		DanglingOpeners("Kuhn's theorem, building on Zermelo's work on chess, says that this procedure gives an equilibrium [2]."))
	require.Equal(t, []string{"Alvin Roth applied these ideas to kidney exchange."},
		DanglingOpeners("Deferred acceptance is strategy-proof [1]. Alvin Roth applied these ideas to kidney exchange [2]."))
	require.Empty(t, DanglingOpeners("The symmetric BNE is to bid half of one's value: a higher bid wins more often but pays more, and at v/2 these effects balance [1]."))
	require.Empty(t, DanglingOpeners("Backward induction is a procedure, and this procedure ends [1]."))
	require.Empty(t, DanglingOpeners("In games with continuous strategies, such as Cournot competition, the best response is a reaction function [1]."))
	require.Empty(t, DanglingOpeners("Cheap talk is costless. It contrasts with signalling [1]."), "a quote spanning sentences ends at its citation")
	require.Empty(t, DanglingOpeners("Cheap talk is costless. It contrasts with signalling."), "an uncited answer is one source")
	require.Equal(t, []string{"It contrasts with signalling."},
		DanglingOpeners("Cheap talk is costless [2]. It contrasts with signalling [1]."))
}

func TestKindOf(t *testing.T) {
	for q, want := range map[string]questionKind{
		"What is a Nash equilibrium?":                                   askDefinition,
		"What does Arrow's impossibility theorem state?":                askDefinition,
		"Explain the revelation principle":                              askDefinition,
		"Why does tit-for-tat do well?":                                 askExplain,
		"How do you compute the Shapley value?":                         askExplain,
		"In Rubinstein's model, how does patience help?":                askExplain,
		"What is the difference between Cournot and Bertrand?":          askDifference,
		"How is screening different from signalling?":                   askDifference,
		"Does every finite game have a pure-strategy Nash equilibrium?": askYesNo,
		"Is the core ever empty?":                                       askYesNo,
		"How many equilibria does chicken have?":                        askOther,
		"What does evolutionary game theory study?":                     askDefinition,
		"In plain terms, what does mechanism design study?":             askDefinition,
		"In a second-price auction, is bidding your value best?":        askYesNo,
		"In which year did Nash prove his theorem?":                     askOther,
		// A result asked what it says of something is asked its statement;
		// the field, what it says of the thing named.
		"What does Arrow's theorem say about voting rules?":    askDefinition,
		"What does the folk theorem say about repeated games?": askDefinition,
		"What does game theory say about climate change?":      askOther,
		"What does Nash say about bargaining?":                 askOther,
		// A scene set before the question: the question is the last clause.
		"A and B each make nothing alone but 10 together; how should they split it?":                   askExplain,
		"Everyone benefits from a clean kitchen but nobody cleans it. Why is that?":                    askExplain,
		"Can the core be empty? Give an example.":                                                      askYesNo,
		"When someone says an algorithm has no regret, what exactly do they mean?":                     askDefinition,
		"If I learn with multiplicative weights, what guarantee do I get?":                             askOther,
		"If my adviser is biased, should I let them decide?":                                           askOther,
		"Screening and signalling both deal with hidden information, so what actually separates them?": askDifference,
	} {
		require.Equal(t, want, kindOf(q), q)
	}
}

func TestCarries(t *testing.T) {
	f := analyze("Why does the Stackelberg leader earn more than a Cournot duopolist?")
	leader := Passage{Title: "Stackelberg leadership", Text: "In Heinrich von Stackelberg's model one firm, the leader, chooses first."}
	require.True(t, carries(f.Concepts[0], leader), "a paraphrase with the name carries the phrase")
	f = analyze("How is the Banzhaf power index calculated?")
	shapley := Passage{Title: "The Shapley value", Text: "The Shapley-Shubik power index applies it to weighted voting."}
	require.False(t, carries(f.Concepts[0], shapley), "a name the passage lacks is never paraphrased")
	f = analyze("What are mean field games?")
	require.False(t, carries(f.Concepts[0], Passage{Text: "The field was founded by von Neumann, who studied games."}))
}

func primerLike(n int, title string, sentences ...string) Passage {
	return Passage{N: n, ID: strings.ToLower(strings.ReplaceAll(title, " ", "-")) + "_chunk_0", PaperID: title, Title: title,
		Text: chunk(title, strings.Join(sentences, " ")), Score: 0.5}
}

var (
	ttt = primerLike(1, "Tit-for-tat",
		"Tit-for-tat cooperates in the first round and then copies the opponent's last move.",
		"It won both of Axelrod's tournaments.",
		"Axelrod explained why it does well: it is nice, retaliatory, forgiving and clear, so opponents learn that cooperation pays.",
		"The weather was pleasant that summer.")
	auctions = primerLike(2, "Auctions",
		"In a first-price auction the highest bidder wins and pays their own bid.",
		"In a second-price auction the highest bidder wins but pays the second-highest bid.",
		"Bidders shade their bids in a first-price auction but bid their values in a second-price auction.")
)

func TestOfflineAnswerShapes(t *testing.T) {
	ctx := context.Background()
	a := NewOfflineAnswerer()

	ans, err := a.Answer(ctx, "What is tit-for-tat?", []Passage{ttt})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Tit-for-tat cooperates"), "the definition leads: %s", ans.Text)
	require.NotContains(t, ans.Text, "weather", "a sentence sharing no term with what bears on the concept")

	ans, err = a.Answer(ctx, "Why does tit-for-tat do well?", []Passage{ttt})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "nice, retaliatory, forgiving", "the explaining sentence: %s", ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
	if strings.Contains(ans.Text, "It won both") {
		require.Contains(t, ans.Text, "Tit-for-tat cooperates", "'It won' only with its antecedent")
	}

	ans, err = a.Answer(ctx, "What is the difference between a first-price and a second-price auction?", []Passage{auctions})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "pays their own bid")
	require.Contains(t, ans.Text, "pays the second-highest bid")

	ans, err = a.Answer(ctx, "What are mean field games?", []Passage{ttt, auctions})
	require.NoError(t, err)
	require.True(t, ans.Abstained)
	require.Equal(t, []string{"mean field games"}, ans.Concepts)
	require.Equal(t, `I found nothing on mean field games in the knowledge base. The closest sources, which may not answer the question: "Tit-for-tat" [1]; "Auctions" [2].`, ans.Text)
	require.Equal(t, []int{1, 2}, ans.Cited)
}

func TestOfflineAnswerAbstainsNamingPassingMention(t *testing.T) {
	p := primerLike(1, "Cheap talk", "Cheap talk is costless communication.", "It differs from Bayesian persuasion only in passing.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is the Colonel Blotto game?", []Passage{p})
	require.NoError(t, err)
	require.True(t, ans.Abstained)
	require.True(t, strings.HasPrefix(ans.Text, "I found nothing on Colonel Blotto game in the knowledge base"), ans.Text)
}

// A question that describes an idea without naming it is answered first by
// the sentence that names it and says what it is, even where a worked
// example shares more of the question's words.
func TestOfflineAnswerNamesTheIdeaDescribed(t *testing.T) {
	p := primerLike(1, "Network paradoxes",
		"Braess's paradox shows that adding capacity to a network can make every user worse off when users choose routes selfishly.",
		"In an example 400 drivers choose between two routes.",
		"At first each driver takes 65 minutes.",
		"Now a new road is built.",
		"Each driver then prefers the new road, because it is faster for them, so every driver takes it and traffic gets worse: each driver now needs 80 minutes.",
		"Closing roads has improved traffic in some cities.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Can building a new road make traffic worse for every driver?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Braess's paradox shows"), "the naming sentence leads: %s", ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
}

// Forms of one word are one term to the answerer's scoring, whatever the
// stemmer makes of them.
func TestHasTermMatchesFormsOfAWord(t *testing.T) {
	require.True(t, hasTerm(termSet("Nobody is tempted to defect."), tokens("temptation")[0]))
	require.True(t, hasTerm(termSet("The leadership commits first."), tokens("leader")[0]))
	require.False(t, hasTerm(termSet("Nobody is tempted to defect."), tokens("trust")[0]))
	require.False(t, hasTerm(termSet("A bid wins."), tokens("bidder")[0]), "words under four letters only match exactly")
}

// A why question takes the sentence that gives the reason for a claim,
// with the claim, even when it repeats few of the question's words.
func TestOfflineAnswerTakesTheReason(t *testing.T) {
	p := primerLike(1, "Second-price auctions",
		"In a second-price auction the highest bidder wins and pays the second-highest bid.",
		"Bidding your true value is a weakly dominant strategy in a second-price auction.",
		"The reason is that your bid only decides whether you win, not what you pay.",
		"Bidding above your true value can win at a price above your value.",
		"Bidding below your true value can lose an auction worth winning.",
		"The second-price auction is also called the Vickrey auction, after William Vickrey.",
		"Second-price auctions give the same expected revenue as first-price auctions.",
		"Online ad auctions once used second-price rules with true value bids.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Why is bidding your true value best in a second-price auction?", []Passage{p})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "whether you win", ans.Text)
	require.Contains(t, ans.Text, "weakly dominant strategy", "the claim comes with its reason: %s", ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
}

// TestOfflineAnswerOtherKeepsEarlierSentences: a question of no particular
// shape ("What do … do?") has no first sentence to protect, so a
// sentence that answers it may come from before the best-scoring one in
// its source.
func TestOfflineAnswerOtherKeepsEarlierSentences(t *testing.T) {
	p := primerLike(1, "Stable matching and the Gale-Shapley deferred acceptance algorithm",
		"In a two-sided matching market, such as students and schools or doctors and hospitals, each participant ranks those on the other side.",
		"A matching is stable if there is no blocking pair, that is, no two people who are not matched to each other but would both prefer each other to their current partners, and no one would rather be unmatched.",
		"David Gale and Lloyd Shapley (1962) proved that a stable matching always exists in the stable marriage problem and gave the deferred acceptance algorithm to find one: each man proposes to his favourite woman who has not yet rejected him; each woman tentatively holds her best proposal and rejects the rest; rejected men propose to their next choice; the process ends when no one is rejected.",
		"The result is the man-optimal stable matching, the best stable matching for every man and the worst for every woman.",
		"Deferred acceptance is strategy-proof for the proposing side, since no proposer gains by misreporting preferences, but the receiving side can sometimes gain.",
		"Alvin Roth applied these ideas to redesign the US National Resident Matching Program, school choice in New York and Boston, and kidney exchange; Roth and Shapley shared the 2012 Nobel prize.",
		"The one-sided stable roommates problem may have no stable matching.")
	q := "What do the proposers and the receivers do in Gale and Shapley's algorithm?"
	require.Equal(t, askOther, kindOf(q))
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, []Passage{p})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "tentatively holds her best proposal", ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
}

// TestOfflineAnswerGivesTheExampleAskedFor: a question that asks for an
// example is answered with the sentence that sets out a case, which
// repeats few of its words.
func TestOfflineAnswerGivesTheExampleAskedFor(t *testing.T) {
	p := primerLike(1, "The core of a cooperative game",
		"The core of a cooperative game is the set of allocations of the grand coalition's value that no coalition can improve upon on its own.",
		"An allocation x is in the core if it is efficient, distributing exactly v(N), and coalitionally rational: for every coalition S, the members of S together receive at least v(S).",
		"If some coalition received less, it could break away and do better, so core allocations are stable against group deviations.",
		"The core can be empty.",
		"In the three-player majority game, where any two players can take a dollar, every proposed split leaves some pair who could do better together, which captures the instability of majority politics.",
		"The Bondareva-Shapley theorem characterises games with a non-empty core as balanced games, and convex games always have a non-empty core that contains the Shapley value.",
		"In markets the core connects to competitive equilibrium: Edgeworth conjectured, and Debreu and Scarf proved, that as an exchange economy is replicated the core shrinks to the set of competitive equilibrium allocations.",
		"In two-sided matching markets the core coincides with the set of stable matchings.",
		"When the core is empty or large, other concepts such as the nucleolus or the Shapley value pick out a single allocation.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is the core of a cooperative game ever empty? Give an example.", []Passage{p})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "three-player majority game", ans.Text)
	// However the request is put.
	for _, q := range []string{"Can the core of a cooperative game be empty? An example please", "Can the core be empty, with an example?"} {
		ans, err = NewOfflineAnswerer().Answer(context.Background(), q, []Passage{p})
		require.NoError(t, err)
		require.Contains(t, ans.Text, "three-player majority game", "%s\n%s", q, ans.Text)
	}
	require.False(t, givesExample.MatchString("The core can be empty."))
	require.True(t, givesExample.MatchString("Consider three players who split a dollar by majority."))
}

// "Who came up with X?" asks who: the sentence that credits someone with X
// opens the answer, not the one that says what X is, and nothing before it
// in its source is quoted ahead of it.
func TestOfflineAnswerWhoLeadsWithCredit(t *testing.T) {
	p := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the others, so no player can gain by unilaterally deviating.",
		"It is a point of mutual consistency: if everyone expects the others to play their equilibrium strategies, no one regrets their own choice.",
		"John Nash proved in 1950, using a fixed-point theorem, that every finite game has at least one Nash equilibrium, possibly in mixed strategies.",
		"An equilibrium need not be efficient: in the prisoner's dilemma the unique equilibrium leaves both players worse off.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Who came up with the Nash equilibrium?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
	ans, err = NewOfflineAnswerer().Answer(context.Background(), "Who proved that every finite game has a Nash equilibrium?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
	for s, want := range map[string]bool{
		"John Nash proved in 1950 that every finite game has an equilibrium.":        true,
		"The Shapley value, introduced by Lloyd Shapley, divides the value.":         true,
		"Kuhn's theorem says that this procedure gives a pure-strategy equilibrium.": false,
		"A Nash equilibrium is a strategy profile of best responses.":                false,
		"Subgame perfection was introduced to rule out non-credible threats.":        false,
	} {
		require.Equal(t, want, credits(s), s)
	}
}

// A definition question opens with the sentence that defines the concept
// most plainly: one that opens with it and says what it is, rather than
// one that names it on the way to another subject ("Dominance can also come
// from a mixed strategy: …", "Sequential rationality: at every information
// set …"), even when that one shares more of the question's words.
func TestOfflineAnswerDefinitionLeadsWithPlainestDefinition(t *testing.T) {
	dominance := primerLike(1, "Dominant and dominated strategies",
		"A strategy strictly dominates another if it gives a strictly higher payoff whatever the other players do.",
		"Dominance can also come from a mixed strategy: a pure strategy may be beaten by a randomisation over two others even when no single pure strategy beats it.")
	mixed := primerLike(2, "Mixed strategies",
		"A mixed strategy is a probability distribution over a player's pure strategies, such as playing heads with probability one half.",
		"Some games have no equilibrium in pure strategies, so players randomise.")
	for _, ps := range [][]Passage{{dominance, mixed}, {mixed, dominance}} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a mixed strategy, and why randomise?", ps)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "A mixed strategy is a probability distribution"), ans.Text)
	}
	pbe := primerLike(1, "Perfect Bayesian equilibrium",
		"Sequential rationality: at every information set the mover's strategy is optimal given their beliefs, including at information sets not reached in equilibrium.",
		"Consistency: beliefs are derived from the strategies by Bayes' rule wherever possible.")
	tree := primerLike(2, "Extensive-form games",
		"An extensive-form game describes a game as a tree.",
		"Information sets group the nodes a player cannot tell apart when it is their turn.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is an information set?", []Passage{pbe, tree})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Information sets group the nodes"), ans.Text)
	know := primerLike(1, "Common knowledge",
		"A fact is common knowledge if everyone knows it, everyone knows that everyone knows it, and so on.",
		"The coordinated attack problem shows that common knowledge cannot be reached through unreliable messages.",
		"Common knowledge of rationality justifies iterated elimination of dominated strategies.")
	ans, err = NewOfflineAnswerer().Answer(context.Background(), "What is meant by common knowledge of rationality?", []Passage{know})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A fact is common knowledge if"), ans.Text)
}

// A yes/no question opens with the sentence that decides what it asks of
// its concept: "An equilibrium need not be efficient" for "Is a Nash
// equilibrium always Pareto efficient?", not the definition, whose "no
// player can gain" decides nothing about efficiency.
func TestOfflineAnswerYesNoDecidesThePredicate(t *testing.T) {
	p := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the others, so no player can gain by unilaterally deviating.",
		"It is a point of mutual consistency: if everyone expects the others to play their equilibrium strategies, no one regrets their own choice.",
		"John Nash proved in 1950 that every finite game has at least one Nash equilibrium, possibly in mixed strategies.",
		"An equilibrium need not be efficient: in the prisoner's dilemma the unique equilibrium leaves both players worse off than mutual cooperation.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is a Nash equilibrium always Pareto efficient?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "An equilibrium need not be efficient"), ans.Text)
	require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
	require.Equal(t, []string{"pareto", "effici"}, predicateStems(analyze("Is a Nash equilibrium always Pareto efficient?")))
	require.Empty(t, predicateStems(analyze("Can a game have more than one Nash equilibrium?")), "a generic word asks nothing of the concept")
}

// "What did Axelrod actually do?" is answered from the sentence that says
// what he did; what the source says before it (the rules of tit-for-tat)
// does not come ahead of it.
func TestOfflineAnswerDeedLeads(t *testing.T) {
	p := primerLike(1, "Tit-for-tat and Axelrod's tournaments",
		"Tit-for-tat cooperates in the first round and then copies whatever the opponent did in the previous round.",
		"In Robert Axelrod's computer tournaments around 1980, strategies submitted by game theorists played round-robin matches of the iterated prisoner's dilemma, and tit-for-tat won both tournaments.",
		"Axelrod's book The Evolution of Cooperation explained why tit-for-tat does well: it is nice, retaliatory, forgiving and clear.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What did Axelrod actually do?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "In Robert Axelrod's computer tournaments"), ans.Text)
	require.Contains(t, ans.Text, "Axelrod's book")
}

// A source titled with the concept opens by defining it, often by a word
// of its name: "Regret measures how much better…" answers "What is
// no-regret learning?" before "No-regret learning connects to
// equilibrium: …", which merely opens with the name. An opening that
// defines another term of the title does not: "The price of anarchy
// measures…" is not what the price of stability is.
func TestOfflineAnswerDefinitionFromTitledSourceOpening(t *testing.T) {
	regret := primerLike(1, "Regret minimization and no-regret learning",
		"Regret measures how much better a player would have done, in hindsight, by always playing the best single fixed action instead of what they actually played.",
		"An algorithm has no regret, or is Hannan consistent, if its average regret goes to zero over time against any sequence of opponent actions.",
		"No-regret learning connects to equilibrium: if all players in a game use no-external-regret algorithms, the empirical distribution of play converges to the set of coarse correlated equilibria.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is no-regret learning?", []Passage{regret})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Regret measures how much better"), ans.Text)
	poa := primerLike(1, "The price of anarchy and the price of stability",
		"The price of anarchy measures how much efficiency is lost because players act selfishly instead of being coordinated by a central planner.",
		"It is the ratio between the social cost of the worst Nash equilibrium and the cost of the optimal outcome.",
		"The price of stability uses the best equilibrium instead of the worst, measuring the cost of insisting on stability.")
	ans, err = NewOfflineAnswerer().Answer(context.Background(), "What is the price of stability?", []Passage{poa})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "The price of stability uses"), ans.Text)
}

// A comparison that shares a head noun between its two concepts names the
// first one short: "Cournot and Bertrand competition" compares Cournot
// competition with Bertrand competition.
func TestAnalyzeComparisonCompletesEllipsis(t *testing.T) {
	for q, want := range map[string][]string{
		"What's the difference between Cournot and Bertrand competition?":          {"Cournot competition", "Bertrand competition"},
		"Compare first-price and second-price auctions.":                           {"first-price auctions", "second-price auctions"},
		"Cournot vs Bertrand competition?":                                         {"Cournot competition", "Bertrand competition"},
		"What is the difference between a first-price and a second-price auction?": {"first-price auction", "second-price auction"},
	} {
		f := analyze(q)
		require.GreaterOrEqual(t, len(f.Concepts), 2, q)
		require.ElementsMatch(t, want, []string{f.Concepts[0].Name, f.Concepts[1].Name}, q)
	}
}

// The source named after the question's concept answers for it before one
// that uses it as an example, however many of the question's words the
// other repeats.
func TestOfflineAnswerTitledSourceFirst(t *testing.T) {
	repeated := primerLike(1, "Repeated games and the folk theorem",
		"A repeated game is a stage game, such as the prisoner's dilemma, played many times by the same players.",
		"Under the grim trigger strategy, players cooperate until anyone defects and then defect forever; this is an equilibrium of the repeated prisoner's dilemma when players are patient.")
	pd := primerLike(2, "The prisoner's dilemma",
		"The prisoner's dilemma is the best-known game in game theory.",
		"With payoffs ordered temptation > reward > punishment > sucker, defecting is a strictly dominant strategy for each player, so the unique equilibrium is mutual defection.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Why do players defect in the prisoner's dilemma?", []Passage{repeated, pd})
	require.NoError(t, err)
	require.Regexp(t, `^The prisoner's dilemma is the best-known game[^.]*\[2\]\. With payoffs ordered`, ans.Text)
}

// A why question is explained by a passage on its main concept: "…, so
// the Cournot model spans the range from monopoly to perfect competition"
// explains something else than why a Stackelberg leader earns more than in
// Cournot competition, and does not open the answer.
func TestOfflineAnswerExplainsTheMainConcept(t *testing.T) {
	cournot := primerLike(1, "Cournot competition: oligopoly in quantities",
		"In Cournot's model firms producing an identical good choose quantities simultaneously, and the price clears the market.",
		"With n firms each produces (a − c)/((n + 1)b), and as n grows the price approaches marginal cost, so the Cournot model spans the range from monopoly to perfect competition.",
		"Cournot competition fits markets where capacity is chosen before prices.")
	stackelberg := primerLike(2, "Stackelberg leadership and first-mover advantage",
		"In Stackelberg's model one firm, the leader, chooses its quantity first, and the follower observes it before choosing its own.",
		"With linear demand the leader produces (a − c)/(2b), and the follower produces half of that.",
		"The leader earns more and the follower less than in the simultaneous Cournot equilibrium.",
		"This first-mover advantage arises because the leader's commitment is credible: once the leader has produced, the follower's best reply is to cut back.")
	q := "Why does a Stackelberg leader earn more than it would in Cournot competition?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, []Passage{cournot, stackelberg})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "commitment is credible", ans.Text)
	require.False(t, strings.HasPrefix(ans.Text, "With n firms"), ans.Text)
	require.Equal(t, 2, ans.Quotes[0].N, ans.Text)
}

// A source is named after the question's concept when its title names the
// concept itself, not a longer glossary term that contains it: "the
// iterated prisoner's dilemma" is a concept of its own.
func TestEntitledSkipsLongerTerms(t *testing.T) {
	ps := []Passage{
		primerLike(1, "Tit-for-tat, Axelrod's tournaments and the iterated prisoner's dilemma", "Tit-for-tat cooperates in the first round."),
		primerLike(2, "The prisoner's dilemma", "The prisoner's dilemma is the best-known game in game theory."),
	}
	got := entitled(analyze("What is the prisoner's dilemma?"), ps)
	require.Equal(t, map[string]bool{"The prisoner's dilemma": true}, got)
	got = entitled(analyze("Why does tit-for-tat do well in the iterated prisoner's dilemma?"), ps)
	require.True(t, got[ps[0].PaperID], "the title names tit-for-tat")
}

// A why question's fact is explained by the sentence before it when that
// one gives the reason, however few of the question's words it repeats.
func TestOfflineAnswerQuotesTheReasonBeforeTheFact(t *testing.T) {
	p := primerLike(1, "Coordination games and focal points",
		"In a coordination game players gain by choosing matching actions, and several outcomes are Nash equilibria: driving on the left or the right, or meeting at the same place.",
		"The difficulty is not conflict but equilibrium selection, because rational analysis alone does not say which equilibrium will be played.",
		"Thomas Schelling observed that people often coordinate on a focal point, an equilibrium that stands out through salience, convention or culture.",
		"Asked to meet a stranger in New York without communicating, many people pick Grand Central Terminal at noon.",
		"Coordination games can have Pareto-ranked equilibria, where everyone prefers one outcome but miscoordination is costly, as in the stag hunt.",
		"Pre-play communication, leadership, precedent and learning over repeated play all help players coordinate.",
		"Coordination problems help explain lock-in to inferior standards such as the QWERTY keyboard, bank runs and social norms.")
	q := "Why would two strangers who cannot talk to each other both pick Grand Central Terminal at noon to meet?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, []Passage{p})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "focal point", ans.Text)
	require.Contains(t, ans.Text, "Grand Central", ans.Text)
}

// The examples a question gives in passing ("like the oil lease sales")
// are asides, not what it asks.
func TestAsideTerms(t *testing.T) {
	require.Equal(t, termSet("the oil lease sales"), asideTerms("Why do the winners of common-value auctions, like the oil lease sales, tend to overpay?"))
	require.Equal(t, termSet("the stag hunt"), asideTerms("Why do coordination games (such as the stag hunt) have several equilibria?"))
	require.Empty(t, asideTerms("Why do people like the stag hunt?"))
}

// "If …, can X …?" asks for a verdict under a condition, which the
// answerer shapes as a yes/no question; "If …, should I …?" asks for
// advice, and a question of another shape stays what it is.
func TestConditionalVerdict(t *testing.T) {
	require.True(t, conditionalVerdict("If we play the game ten times and both know it, can cooperation survive?"))
	require.True(t, conditionalVerdict("When values are common, do winners overpay?"))
	require.False(t, conditionalVerdict("If my adviser is biased, should I let them decide?"))
	require.False(t, conditionalVerdict("If I learn with multiplicative weights, what guarantee do I get?"))
	require.False(t, conditionalVerdict("Can cooperation survive if the game is played ten times?"))
	require.Equal(t, askOther, kindOf("If we play the game ten times and both know it, can cooperation survive?"), "the judge's kind is unchanged")
}

// "Does tit-for-tat always win?" is decided by "TFT never beats its
// opponent in a single match": the acronym names the concept and "beat"
// says "win". A passage on auctions where "the highest bidder wins" says
// nothing of tit-for-tat.
func TestOfflineAnswerYesNoDecidedInOtherWords(t *testing.T) {
	tft := primerLike(1, "Tit-for-tat and Axelrod's tournaments",
		"Tit-for-tat (TFT) cooperates in the first round and then copies whatever the opponent did in the previous round.",
		"In Axelrod's computer tournaments tit-for-tat was the simplest entry and came first in both.",
		"TFT never beats its opponent in a single match; it scores well by eliciting mutual cooperation from many different opponents.",
		"It has weaknesses: with noise, two TFT players can fall into long echoes of retaliation.")
	vickrey := primerLike(2, "Second-price auctions",
		"In a second-price auction the highest bidder wins but pays the second-highest bid.",
		"The reason is that your bid only decides whether you win, not what you pay.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Does tit-for-tat always win?", []Passage{tft, vickrey})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "TFT never beats its opponent"), ans.Text)
	require.NotContains(t, ans.Text, "highest bidder", ans.Text)
}

// The best passage holding all but one word of a student's phrase is about
// it only when no passage is about the phrase itself: a passage on Cournot
// competition that compares "Stackelberg leadership" and says firms "would
// earn more" is a neighbour of "Stackelberg leader earn", not its source.
func TestOfflineAnswerNearMatchGivesWayToTheSourceOnThePhrase(t *testing.T) {
	cournot := primerLike(1, "Cournot competition: oligopoly in quantities",
		"With n firms each produces (a − c)/((n + 1)b), and as n grows the price approaches marginal cost, so the Cournot model spans the range from monopoly to perfect competition.",
		"Firms would earn more by jointly producing the monopoly output, but such collusion is not an equilibrium because each firm wants to expand its output.",
		"Compare Bertrand competition in prices and Stackelberg leadership.")
	cournot.Score = 0.31
	stackelberg := primerLike(2, "Stackelberg leadership and first-mover advantage",
		"In Stackelberg's model one firm, the leader, chooses its quantity first, and the follower observes it before choosing its own.",
		"The leader earns more and the follower less than in the simultaneous Cournot equilibrium.",
		"This first-mover advantage arises because the leader's commitment is credible: once the leader has produced, the follower's best reply is to cut back.")
	stackelberg.Score = 0.30
	q := "Why does a Stackelberg leader earn more than it would in Cournot competition?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), q, []Passage{cournot, stackelberg})
	require.NoError(t, err)
	require.Equal(t, 2, ans.Quotes[0].N, ans.Text)
	require.Contains(t, ans.Text, "commitment is credible", ans.Text)
}

// "Who showed …?" is answered by the sentence that credits someone with
// what the question says, in whichever source says it, even when another
// source is about the concept the question names: Nash's proof, not the
// mixed equilibrium of the battle of the sexes.
func TestOfflineAnswerWhoCreditsWhatTheQuestionSays(t *testing.T) {
	bos := primerLike(1, "Battle of the sexes",
		"The battle of the sexes is a coordination game with a conflict of interest.",
		"There are two pure-strategy Nash equilibria, both at the opera or both at the match.",
		"There is also a mixed-strategy equilibrium: each goes to their preferred event with probability two-thirds.")
	nash := primerLike(2, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the others.",
		"John Nash proved in 1950, using a fixed-point theorem, that every game with finitely many players and strategies has at least one Nash equilibrium, possibly in mixed strategies.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Who showed every finite game has a mixed equilibrium?", []Passage{bos, nash})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
}

// "Who won …, and how does the winning strategy play?" asks a second thing
// of the answer to the first: the sentence that says what the winner
// (tit-for-tat) does is quoted too, though its source says it before the
// credit, which still opens the answer.
func TestOfflineAnswerWhoFollowUpAsksAboutTheAnswer(t *testing.T) {
	p := primerLike(1, "Tit-for-tat, Axelrod's tournaments and the iterated prisoner's dilemma",
		"In the iterated prisoner's dilemma the same two players play the prisoner's dilemma repeatedly, which allows strategies that respond to past play.",
		"Tit-for-tat (TFT) cooperates in the first round and then copies whatever the opponent did in the previous round.",
		"In Robert Axelrod's computer tournaments around 1980, strategies submitted by game theorists played round-robin matches of the iterated prisoner's dilemma; tit-for-tat, submitted by Anatol Rapoport, was the simplest entry and won both tournaments.",
		"Axelrod's book The Evolution of Cooperation (1984) explained why TFT does well: it is nice, retaliatory, forgiving and clear.")
	for _, q := range []string{
		"Who won Axelrod's computer tournament, and how does the winning strategy play?",
		"Who won Axelrod's tournaments and what did the winning strategy actually do?",
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, []Passage{p})
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(ans.Text, "In Robert Axelrod's computer tournaments"), "%s\n%s", q, ans.Text)
		require.Contains(t, ans.Text, "copies whatever the opponent did", "%s\n%s", q, ans.Text)
	}
	// A who question without a follow-up quotes nothing its source says
	// before the credit.
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Who won Axelrod's computer tournament?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "In Robert Axelrod's computer tournaments"), ans.Text)
	require.NotContains(t, ans.Text, "copies whatever", ans.Text)
}

// What a source says before the sentence that explains is quoted ahead of
// it only when it names a concept of the question: an answer to "Why is
// the median voter important?" does not open with runoff voting.
func TestOfflineAnswerExplanationOpensOnTheConcept(t *testing.T) {
	p := primerLike(1, "Voting rules and social choice",
		"Plurality voting elects the candidate with the most first-place votes; it is simple but can elect a candidate most voters rank last.",
		"Runoff and instant-runoff (ranked-choice) voting eliminate weak candidates in rounds.",
		"Approval voting lets voters approve any number of candidates.",
		"When preferences are single-peaked along one dimension, such as left to right, the median voter's favourite position is a Condorcet winner, and in Downs's spatial model two office-seeking parties converge to the median voter.",
		"May's theorem characterises majority rule for two alternatives by anonymity, neutrality and positive responsiveness.",
		"A party that moves away from the median voter loses votes to one that moves towards it.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Why is the median voter important?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "When preferences are single-peaked"), ans.Text)
}

// "Does every game have X?" is decided by the sentence that denies it for
// some ("Some games have no Nash equilibrium in pure strategies", which
// says the concept's words in another order), not by one that says it of
// a kind of game.
func TestOfflineAnswerUniversalQuestionDecidedByCounterexample(t *testing.T) {
	congestion := primerLike(1, "Congestion games, potential games and pure-strategy Nash equilibrium",
		"In a congestion game players choose subsets of shared resources, and the cost of each resource depends on how many players use it.",
		"Robert Rosenthal (1973) showed that every congestion game has a pure-strategy Nash equilibrium by exhibiting a potential function.",
		"In a potential game any sequence of improving unilateral deviations must end, because the potential strictly decreases.")
	mixed := primerLike(2, "Mixed strategies and the indifference principle",
		"A mixed strategy is a probability distribution over a player's pure strategies.",
		"Some games have no Nash equilibrium in pure strategies: in matching pennies and rock-paper-scissors any predictable choice can be exploited, so players randomise.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Does every game have a pure strategy Nash equilibrium?", []Passage{congestion, mixed})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Some games have no Nash equilibrium in pure strategies"), ans.Text)
}

// "When does X hold?" asks for the conditions, which the sentences that
// settle whether X holds give; "When was X introduced?" asks for a date.
func TestAsksWhenItHolds(t *testing.T) {
	require.True(t, asksWhenItHolds("When does a pure-strategy equilibrium exist in a congestion game?"))
	require.True(t, asksWhenItHolds("When is a Nash equilibrium efficient?"))
	require.False(t, asksWhenItHolds("When was the Shapley value introduced?"))
	require.False(t, asksWhenItHolds("When someone says an algorithm has no regret, what exactly do they mean?"))
	p := primerLike(1, "Congestion games and potential games",
		"In a congestion game players choose subsets of shared resources, and the cost of each resource depends on how many players use it.",
		"Robert Rosenthal (1973) showed that every congestion game has a pure-strategy Nash equilibrium by exhibiting a potential function.")
	q := primerLike(2, "Nash equilibrium",
		"To find pure-strategy equilibria in a payoff matrix, mark each player's best responses and look for cells where both are marked.",
		"Nash equilibrium does not say how players get there.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "When does a pure-strategy equilibrium exist in a congestion game?", []Passage{p, q})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Robert Rosenthal (1973) showed"), ans.Text)
}

// The negated word says what a yes/no question asks ("inefficient" for
// "efficient"), and a verdict in a passage about the question's concept
// settles it before one said of another subject compared to it.
func TestOfflineAnswerYesNoVerdictOnTheConcept(t *testing.T) {
	require.True(t, hasTerm(termSet("the equilibrium is Pareto inefficient"), "effici"))
	require.True(t, hasTerm(termSet("an unstable outcome"), tokens("stable")[0]))
	require.False(t, hasTerm(termSet("players share information"), tokens("form")[0]), "too short a word to negate")
	nash := primerLike(1, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the strategies of the others.",
		"An equilibrium need not be efficient: in the prisoner's dilemma the unique equilibrium leaves both players worse off than mutual cooperation.")
	braess := primerLike(2, "Braess's paradox",
		"Braess's paradox shows that adding a road to a network can make every driver worse off.",
		"The new road turns the routing game into a trap like the prisoner's dilemma: the Nash equilibrium is no longer efficient.")
	braess.Score = 0.6
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is the Nash equilibrium of the prisoner's dilemma efficient?", []Passage{nash, braess})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "An equilibrium need not be efficient"), ans.Text)
}

// Outside the passages about the question's concept, a sentence is not
// quoted when the sentence it refers back to bears on nothing the
// question asks: "So the Vickrey auction is strategy-proof" would bring
// "If you bid above your value…" into an answer on deferred acceptance.
func TestOfflineAnswerLeavesOutAntecedentsOffTheQuestion(t *testing.T) {
	da := primerLike(1, "Stable matching and the Gale-Shapley algorithm",
		"David Gale and Lloyd Shapley proved that a stable matching always exists and gave the deferred acceptance algorithm to find one.",
		"Deferred acceptance is strategy-proof for the proposing side, since no proposer gains by misreporting preferences, but the receiving side can sometimes gain.",
		"The one-sided stable roommates problem may have no stable matching.")
	vickrey := primerLike(2, "Second-price sealed-bid (Vickrey) auctions",
		"In a second-price sealed-bid auction the highest bidder wins but pays the second-highest bid.",
		"If you bid above your value you may win when the price exceeds your value and lose money.",
		"So the Vickrey auction is strategy-proof and allocates the item efficiently.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Is the Gale-Shapley algorithm strategy-proof for the receiving side?", []Passage{da, vickrey})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Deferred acceptance is strategy-proof for the proposing side"), ans.Text)
	require.NotContains(t, ans.Text, "bid above your value", ans.Text)
}

// A why question asks about what its verb names, not about the phrase
// that says with what or where: "bluff", not "weak hand", though
// text.Focal ranks the phrase of two specific words first. A glossary
// term the question names stays first, and a how question's verb is the
// method asked for, not the topic.
func TestAnalyzeWhyAsksAboutTheVerb(t *testing.T) {
	bluff := analyze("In game theory, why would you bluff with a weak hand?")
	require.Equal(t, "bluff", bluff.Concepts[0].Name)
	require.True(t, bluff.demands(bluff.Concepts[0]), "the verb asked about is demanded as a two-word phrase would be")
	require.Equal(t, "prisoner's dilemma", analyze("Why do players defect in the prisoner's dilemma?").Concepts[0].Name)
	require.Equal(t, "defect", analyze("If we both know the game ends after exactly ten rounds, why should I defect in the first one?").Concepts[0].Name)
	require.Empty(t, analyze("How would you bluff with a weak hand?").Asked, "a how question's verb is the method asked for")
}

// With nothing on bluffing in its sources, the answer says it found
// nothing on bluffing, not on "weak hand", which the entry on trembling
// hands happens to share.
func TestOfflineAnswerAbstainsNamingTheVerbAsked(t *testing.T) {
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "In game theory, why would you bluff with a weak hand?",
		primerPassages(t, []string{"trembling-hand-perfection", "game-theory-overview"}))
	require.NoError(t, err)
	require.True(t, ans.Abstained, ans.Text)
	require.True(t, strings.HasPrefix(ans.Text, `No source in the knowledge base mentions "bluff`), ans.Text)
}

// "Does a Nash equilibrium always exist?" is settled by Nash's theorem in
// the entry named after the concept, not by the correlated-equilibrium
// entry that the store ranked first ("Every Nash equilibrium … is a
// correlated equilibrium, so they always exist" speaks of its own concept),
// nor by the definition its entry opens with, which scores the same.
func TestOfflineVerdictComesFromTheConceptsOwnEntry(t *testing.T) {
	ps := primerPassages(t, []string{"correlated-equilibrium", "nash-equilibrium", "computing-equilibria-ppad"})
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Does a Nash equilibrium always exist?", ps)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "John Nash proved in 1950"), ans.Text)
}

// A comparison defines both its concepts: "the difference between a
// dominant strategy and a Nash equilibrium" took only the passages about
// the Nash equilibrium as bearing on the question, and never said what a
// dominant strategy is, which the entry on dominant strategies opens with.
func TestOfflineComparisonDefinesBothConcepts(t *testing.T) {
	elimination := primerLike(1, "Iterated elimination of dominated strategies and rationalizability",
		"Iterated elimination of strictly dominated strategies removes, round by round, strategies that are never best.",
		"With strict dominance the order of deletion does not matter and no Nash equilibrium is ever removed.")
	dominance := primerLike(2, "Dominant and dominated strategies",
		"A strategy strictly dominates another if it gives a strictly higher payoff whatever the other players do.",
		"A dominant strategy is one that dominates every other strategy of that player, so the player should use it without needing to predict anyone else.",
		"When every player has a strictly dominant strategy, the profile of those strategies is a dominant-strategy equilibrium, and it is the unique Nash equilibrium.")
	nash := primerLike(3, "Nash equilibrium",
		"A Nash equilibrium is a strategy profile in which every player's strategy is a best response to the strategies of the others.",
		"John Nash proved in 1950 that every finite game has at least one Nash equilibrium, possibly in mixed strategies.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is the difference between a dominant strategy and a Nash equilibrium?", []Passage{elimination, dominance, nash})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "A dominant strategy is one that dominates every other strategy", ans.Text)
	require.Contains(t, ans.Text, "A Nash equilibrium is a strategy profile", ans.Text)
}

// A sentence that opens with the question's term only as the first word of
// a longer glossary term does not define it: "Subgame perfection rules out
// non-credible threats" is about subgame perfection, and neither it nor
// "… are both solved by subgame perfection" opens the answer to "What is a
// subgame?" ahead of the entry's own "A subgame is …", said last.
func TestOfflineAnswerDefinitionNotOfALongerTerm(t *testing.T) {
	p := primerLike(1, "Backward induction and subgame perfect equilibrium",
		"Backward induction solves finite games of perfect information by reasoning from the end.",
		"Reinhard Selten generalised backward induction as subgame perfect equilibrium (SPE): a strategy profile that is a Nash equilibrium in every subgame.",
		"Subgame perfection rules out non-credible threats.",
		"Stackelberg competition and Rubinstein bargaining are both solved by subgame perfection.",
		"A subgame is what remains of the game from a single decision node on: everything that follows that node, with no information set split.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a subgame?", []Passage{p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A subgame is what remains"), ans.Text)
}

// A sentence that says when something has a property states what the
// property is: "…; a game has perfect information when every information
// set is a single node" defines perfect information, and opens the answer
// to "What is perfect information?" ahead of a passage the store ranked
// first that only uses the term ("Backward induction solves finite games
// of perfect information …").
func TestOfflineAnswerDefinitionAsPropertyUnderCondition(t *testing.T) {
	bi := primerLike(1, "Backward induction and subgame perfect equilibrium",
		"Backward induction solves finite games of perfect information by reasoning from the end.",
		"Kuhn's theorem, building on Zermelo's work on chess, says that this procedure gives a pure-strategy equilibrium of every finite game of perfect information.")
	ef := primerLike(2, "Extensive-form games: sequential games, game trees and information sets",
		"Information sets group the nodes a player cannot tell apart when it is their turn; a game has perfect information when every information set is a single node, as in chess, and imperfect information otherwise.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is perfect information?", []Passage{bi, ef})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "Information sets group the nodes"), ans.Text)
	require.True(t, statesWhat(text.Concept{Name: "perfect information"}, "A game has perfect information if every information set is a single node."))
	require.False(t, statesWhat(text.Concept{Name: "perfect information"}, "Backward induction solves finite games of perfect information when they are small."),
		"a condition on something else's use of the term says nothing of what it is")
}

// A definition question that names its term and then where it is asked
// is about the term: "What is a discount factor in repeated games?" asks
// what a discount factor is, not what the folk theorem ("repeated games"
// evokes it) says. A setting that names the evoked concept keeps it
// first. A sentence opening "With equal discount factors δ, …" sets out
// a case and defines nothing.
func TestOfflineAnswerDefinedTermBeforeItsSetting(t *testing.T) {
	require.Equal(t, "discount factor", analyze("What is a discount factor in repeated games?").Concepts[0].Name)
	require.Equal(t, "Nash bargaining solution", analyze("What is a threat point in Nash bargaining?").Concepts[0].Name)
	require.True(t, opensWithCondition("With equal discount factors δ, the first mover gets 1/(1 + δ)."))

	repeated := primerLike(1, "Repeated games and the folk theorem",
		"A repeated game is a stage game, such as the prisoner's dilemma, played many times by the same players, who observe past actions and weigh future payoffs with a discount factor δ between 0 and 1.",
		"Under the grim trigger strategy, players cooperate until anyone defects and then defect forever.",
		"The folk theorem says that when players are patient enough, any feasible payoff vector that gives each player more than their minmax value can be sustained as an equilibrium of the infinitely repeated game.")
	rubinstein := primerLike(2, "Rubinstein's alternating-offers bargaining model",
		"Delay is costly because payoffs are discounted by factors δ1 and δ2 per period.",
		"With equal discount factors δ, the first mover gets 1/(1 + δ), more than half.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a discount factor in repeated games?", []Passage{repeated, rubinstein})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A repeated game is a stage game"), ans.Text)
}

// A sentence may name a term in passing and then say what it is: "…
// assigns a payoff to every player for every strategy profile; a strategy
// profile is a choice of one strategy for each player" defines the
// strategy profile, and opens the answer to "What is a strategy
// profile?" ahead of a sentence on the profile of dominant strategies.
func TestOfflineAnswerDefinitionAfterAPassingMention(t *testing.T) {
	require.True(t, statesWhat(text.Concept{Name: "strategy profile"},
		"A normal-form game assigns a payoff to every player for every strategy profile; a strategy profile is a choice of one strategy for each player."))
	dominance := primerLike(1, "Dominant and dominated strategies",
		"When every player has a strictly dominant strategy, the profile of those strategies is a dominant-strategy equilibrium.",
		"If a single strategy profile survives, the game is dominance solvable.")
	normal := primerLike(2, "Normal-form (strategic-form) games and payoff matrices",
		"A normal-form game lists each player's strategies and assigns a payoff to every player for every strategy profile; a strategy profile is a choice of one strategy for each player.",
		"Two-player games are usually drawn as a payoff matrix.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a strategy profile?", []Passage{dominance, normal})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A normal-form game lists"), ans.Text)
}

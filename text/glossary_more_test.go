package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMoreTermsAreFound: every term of moreTerms and laterTerms is a
// glossary term by each of its forms, and a question naming it ("What is
// X?") is about it.
func TestMoreTermsAreFound(t *testing.T) {
	for _, term := range slices.Concat(moreTerms, laterTerms) {
		for _, f := range term.forms() {
			got := lookup(f)
			if assert.NotNil(t, got, "form %q of %q", f, term.name) {
				assert.Equal(t, term.name, got.name, "form %q", f)
			}
			assert.LessOrEqual(t, len(strings.Fields(strings.ReplaceAll(f, "-", " "))), maxGlossaryWords, "form %q is longer than glossaryAt looks", f)
		}
		for _, f := range append([]string{term.name}, term.acronyms...) {
			q := "What is " + f + "?"
			found := false
			for _, c := range Focal(q) {
				if c.Known && lookup(c.Name) != nil && lookup(c.Name).name == term.name {
					found = true
				}
			}
			assert.True(t, found, "%q names no %s: %v", q, term.name, Focal(q))
		}
	}
}

// TestMoreRelatedAreOfTerms: moreRelated is keyed by glossary names, and
// each new term has related phrases and cues.
func TestMoreRelatedAreOfTerms(t *testing.T) {
	first, more, termCues := related(), moreRelated(), moreTermCues()
	for name, phrases := range more {
		term := lookup(name)
		if assert.NotNil(t, term, name) {
			assert.Equal(t, name, term.name)
		}
		assert.NotEmpty(t, phrases, name)
		_, old := first[name]
		assert.False(t, old, "%s already has related phrases", name)
	}
	for name := range termCues {
		assert.NotNil(t, lookup(name), name)
	}
	for _, term := range moreTerms {
		assert.NotEmpty(t, more[term.name], term.name)
		assert.NotEmpty(t, Related(term.name), term.name)
		assert.NotEmpty(t, termCues[term.name], term.name)
	}
}

// TestMoreTermsParaphrases holds, for each term of moreTermCues, questions
// a student might ask without the term's name, written for the test in
// other words than the cues' own.
func TestMoreTermsParaphrases(t *testing.T) {
	cases := []struct{ q, want string }{
		{"Should a software agent that negotiates price and delivery deadlines for me concede slowly?", "automated negotiation"},
		{"Do tough bargaining bots that rarely concede get better deals?", "automated negotiation"},

		{"Which refinement says a costlier mistake must be far less likely than a cheap one?", "proper equilibrium"},
		{"If players tremble, should costly errors happen with much smaller probability than harmless ones?", "proper equilibrium"},

		{"Is there an outcome that no coalition can improve on by jointly deviating?", "strong Nash equilibrium"},
		{"What if groups of players can switch jointly, not just one at a time, and no group of players gains?", "strong Nash equilibrium"},

		{"Which concept only counts coalition deviations that are self-enforcing?", "coalition-proof Nash equilibrium"},
		{"Should we worry about a group deviation unless the deviation is itself credible for the coalition?", "coalition-proof Nash equilibrium"},

		{"Can players keep wrong beliefs forever as long as what they see confirms them?", "self-confirming equilibrium"},
		{"In learning, can beliefs about untried moves stay mistaken because nobody tests them?", "self-confirming equilibrium"},

		{"Which strategy guarantees me the best payoff in the worst case against any opponent?", "maximin strategy"},
		{"How should a cautious player maximize the minimum payoff whatever the rival does?", "maximin strategy"},

		{"When can nobody be made better off without making someone else worse off?", "Pareto efficiency"},
		{"Is it possible to improve someone's lot without hurting anyone?", "Pareto efficiency"},

		{"Do prices exist that clear every market at once in an exchange economy?", "Walrasian equilibrium"},
		{"If an auctioneer adjusts prices until excess demand is zero, where does it end?", "Walrasian equilibrium"},

		{"If a player burns money publicly, what should the other infer about her intended play?", "forward induction"},
		{"When someone gives up an outside option, what does that signal about what they intend to do next?", "forward induction"},

		{"Is it enough to check a single deviation at each history to prove subgame perfection?", "one-shot deviation principle"},
		{"Why may I rule out profitable deviations one at a time instead of all at once?", "one-shot deviation principle"},

		{"If punishing a defector hurts both sides, won't they agree to skip the punishment?", "renegotiation-proof equilibrium"},
		{"Is a threat to punish credible if the players can renegotiate afterwards?", "renegotiation-proof equilibrium"},

		{"Why assume all players start from the same prior beliefs?", "common prior"},
		{"Can beliefs that differ only because of information explain speculative trade?", "common prior"},

		{"What equilibrium applies when firms share a capacity constraint on a network?", "generalized Nash equilibrium"},
		{"What if what each player is allowed to do depends on the other players' actions?", "generalized Nash equilibrium"},

		{"How do I find equilibria of a game given by two payoff matrices?", "bimatrix game"},
		{"In a two-player game where each player has his own payoff matrix, how many equilibria can there be?", "bimatrix game"},

		{"When each firm's best response increases in the others' prices, what can we say about equilibria?", "supermodular game"},
		{"If my rivals invest more I want to invest more: what equilibria follow?", "supermodular game"},

		{"Why must a continuous map from a disk to itself have a fixed point?", "Brouwer's fixed-point theorem"},
		{"If I stir my coffee, is there always a point back in the same place?", "Brouwer's fixed-point theorem"},

		{"Does a monotone function on a complete lattice always have a fixed point?", "Tarski's fixed-point theorem"},
		{"Why does an order-preserving map have a least and a greatest fixed point?", "Tarski's fixed-point theorem"},

		{"Why does every triangulation labelled by the rule contain a fully labelled cell?", "Sperner's lemma"},
		{"If I colour the vertices of a subdivided triangle in three colours, must some small triangle have all three?", "Sperner's lemma"},

		{"Which axioms let preferences over lotteries be represented by expected utility?", "von Neumann-Morgenstern utility"},
		{"Why should a rational person maximize expected utility rather than expected money?", "von Neumann-Morgenstern utility"},

		{"How do we describe the worth of every coalition of players?", "coalitional game"},
		{"If we know the value each coalition can get on its own, how should the total be split?", "coalitional game"},

		{"What happens when every objection to a payoff has a counter-objection?", "bargaining set"},
		{"Which divisions survive when each objection by a coalition meets a counter objection?", "bargaining set"},

		{"What is a set of imputations that is both internally and externally stable?", "von Neumann-Morgenstern stable set"},
		{"Is there a set of imputations such that every imputation outside it is dominated by one inside?", "von Neumann-Morgenstern stable set"},

		{"What if a player's marginal contribution grows as the coalition gets larger?", "convex game"},
		{"Are games with increasing returns to forming coalitions guaranteed a nonempty core?", "convex game"},

		{"Should two bargainers split so that both gain the same amount over the disagreement point?", "egalitarian bargaining solution"},
		{"Which bargaining solution gives equal gains to both sides?", "egalitarian bargaining solution"},

		{"Can a non-cooperative foundation be given for cooperative solutions like the Nash solution?", "Nash program"},
		{"Which noncooperative game would support a cooperative solution of bargaining?", "Nash program"},

		{"Does a worker's outside option raise her wage in bargaining only if it is credible?", "outside option principle"},
		{"In negotiation, does having an alternative elsewhere change my share of the pie?", "outside option principle"},

		{"How can individual preferences be aggregated into a decision for society?", "social choice theory"},
		{"Is there a good way to combine individual rankings into a collective one?", "social choice theory"},

		{"Which candidate beats every other candidate head to head?", "Condorcet winner"},
		{"Must an election rule pick whoever wins every pairwise comparison?", "Condorcet winner"},

		{"Which ranking minimizes the total disagreement with the voters' rankings?", "Kemeny rule"},
		{"How do I find a consensus ranking from pairwise preferences of judges?", "Kemeny rule"},

		{"What if we count each candidate's pairwise wins to choose the winner?", "Copeland rule"},
		{"Is the winner the one with most head-to-head victories?", "Copeland rule"},

		{"How does the strongest path between candidates decide the winner?", "Schulze method"},
		{"Which voting method compares widest paths in the pairwise graph of candidates?", "Schulze method"},

		{"What happens when you eliminate the candidate with the fewest first choices and transfer the ballots?", "instant-runoff voting"},
		{"Does ranked ballot counting that eliminates the last candidate each round elect the Condorcet winner?", "instant-runoff voting"},

		{"How are surplus votes transferred once a candidate reaches the quota?", "single transferable vote"},
		{"Why transfer a winner's surplus votes to next preferences?", "single transferable vote"},

		{"Should the social ranking of two options depend only on how voters rank those two?", "independence of irrelevant alternatives"},
		{"Why should adding an irrelevant option never change the choice between two others?", "independence of irrelevant alternatives"},
		{"Should removing a losing candidate ever flip the ranking between the top two?", "independence of irrelevant alternatives"},

		{"Must a strongly monotonic voting rule that respects unanimity be a dictatorship?", "Muller-Satterthwaite theorem"},
		{"Does unanimity plus monotonicity force a dictator?", "Muller-Satterthwaite theorem"},
		{"Is every monotonic onto voting rule a dictatorship?", "Muller-Satterthwaite theorem"},

		{"Can a voter get a better outcome by abstaining than by voting?", "no-show paradox"},
		{"Is it possible that casting a sincere ballot makes the result worse than staying home?", "no-show paradox"},

		{"Which voting rules pick a committee rather than one winner?", "multiwinner voting"},
		{"How do we elect a committee that represents voters proportionally?", "multiwinner voting"},

		{"Should a cohesive group of voters that agrees on candidates be represented in the committee?", "justified representation"},
		{"When does a large group of voters deserve a seat?", "justified representation"},

		{"Why can majority voting on each premise contradict majority voting on the conclusion?", "judgment aggregation"},
		{"How do we aggregate the judgments of a panel so the result stays logically consistent?", "judgment aggregation"},

		{"What does computer science add to game theory?", "algorithmic game theory"},
		{"How do we design algorithms when the agents are selfish?", "algorithmic game theory"},

		{"How do bidders behave under different auction formats?", "auction theory"},
		{"Which auction format earns the seller the most revenue?", "auction theory"},

		{"Can a mechanism make reporting the truth each agent's best choice?", "incentive compatibility"},
		{"How do I design rules so that nobody gains by lying about their value?", "incentive compatibility"},

		{"How do we guarantee that agents are not worse off than by not participating?", "individual rationality"},
		{"Must a contract offer the agent at least her outside option to make her participate?", "individual rationality"},

		{"Why does a monotone allocation rule pin down the payments of a truthful auction?", "Myerson's lemma"},
		{"Is there a payment formula that makes any monotone rule truthful?", "Myerson's lemma"},

		{"Is it better to recruit one more bidder than to set the optimal reserve price?", "Bulow-Klemperer theorem"},
		{"Does an additional bidder beat a reserve price for the seller?", "Bulow-Klemperer theorem"},

		{"How should the government auction many identical units of a bond?", "multi-unit auction"},
		{"How do bidders bid when they want several units at once?", "multi-unit auction"},

		{"Should every winning bidder pay the same clearing price?", "uniform-price auction"},
		{"Why do winners pay the lowest accepted bid in Treasury auctions?", "uniform-price auction"},

		{"How should a buyer run an auction where suppliers bid for a contract?", "procurement auction"},
		{"Should the contractor with the lowest bid always win the contract?", "procurement auction"},

		{"How does an automated market maker set probabilities in a prediction market?", "market scoring rule"},
		{"Who subsidizes the liquidity of a prediction market with prices as probabilities?", "market scoring rule"},

		{"Can a bidder gain by bidding under fake identities in a combinatorial auction?", "false-name-proofness"},
		{"How do we stop Sybil attacks on an incentive mechanism?", "false-name-proofness"},

		{"Can a Bitcoin miner gain by withholding the blocks it finds?", "selfish mining"},
		{"Why would a mining pool keep its blocks secret?", "selfish mining"},

		{"What happens when applicants game the features a classifier uses?", "strategic classification"},
		{"How should a classifier be trained if people change their features to pass it?", "strategic classification"},

		{"If I interview candidates one at a time and cannot go back, when should I hire?", "secretary problem"},
		{"Why reject the first 37 percent of applicants and then take the next best?", "secretary problem"},

		{"Is there a stable assignment when colleges have quotas for students?", "many-to-one matching"},
		{"How do hospitals with several positions and residents reach a stable match?", "many-to-one matching"},

		{"Why are the same residents unmatched in every stable matching?", "rural hospitals theorem"},
		{"Can rural hospitals get more residents under a different stable matching?", "rural hospitals theorem"},

		{"How are doctors and hospitals matched when they also negotiate salaries?", "matching with contracts"},
		{"Does a stable match still exist when contracts specify terms as well as partners?", "matching with contracts"},

		{"Does an allocation exist where any envy disappears after removing any single item?", "envy-freeness up to any good"},
		{"Can envy always be removed by taking away any item from the envied bundle?", "envy-freeness up to any good"},

		{"Is it fair if one child cuts the cake and the other picks first?", "divide and choose"},
		{"Why does the cutter-chooser protocol give two people no reason to envy?", "divide and choose"},

		{"How can three people cut a cake so that nobody is envious, envy free for all?", "Selfridge-Conway procedure"},
		{"Is there an envy-free cake division procedure for three agents?", "Selfridge-Conway procedure"},

		{"If a knife slides over a cake and anyone can call stop, is the division proportional?", "moving-knife procedure"},
		{"How does the moving knife across a cake guarantee everyone a fair piece?", "moving-knife procedure"},

		{"How should I combine advice from experts whose weights I multiply down after each mistake?", "multiplicative weights update"},
		{"Why reweight experts after every loss when predicting?", "multiplicative weights update"},

		{"Why play each action with probability proportional to its positive regret?", "regret matching"},
		{"Does choosing actions in proportion to regret converge to correlated equilibrium?", "regret matching"},

		{"Why does a regularized leader avoid the instability of following the leader?", "follow the regularized leader"},
		{"Does following the leader in online learning have low regret?", "follow the regularized leader"},

		{"Can an extensive-form game be solved with a linear program of polynomial size?", "sequence form"},
		{"How can a game tree be turned into a linear program of efficient size?", "sequence form"},

		{"Two generals send a messenger before an attack: will they ever coordinate?", "electronic mail game"},
		{"If any confirmation message can get lost, can the two sides coordinate?", "electronic mail game"},

		{"How do the muddy children figure out their foreheads are dirty?", "muddy children puzzle"},
		{"Why do the islanders with blue eyes all leave on the same day?", "muddy children puzzle"},

		{"If one firm moves first and sets its output, how does the follower respond?", "Stackelberg competition"},
		{"What quantities do the leader and follower produce?", "Stackelberg competition"},

		{"What happens to price competition when firms have capacity constraints?", "Bertrand-Edgeworth competition"},
		{"Why do prices cycle when firms undercut each other and then jump back up?", "Bertrand-Edgeworth competition"},
	}
	counts := map[string]int{}
	for _, tt := range cases {
		if assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q) {
			counts[tt.want]++
		}
	}
	for name := range moreTermCues() {
		assert.GreaterOrEqual(t, counts[name], 2, "%s: fewer than two paraphrases evoke it", name)
	}
}

// TestMoreTermsEverydayQuestions holds everyday questions that use the
// new terms' words and their cues' words in their everyday sense: none may
// evoke a term, nor name a new one.
func TestMoreTermsEverydayQuestions(t *testing.T) {
	news := map[string]bool{}
	for _, term := range moreTerms {
		news[term.name] = true
	}
	for _, q := range []string{
		"Which strong equilibrium of flavors makes a good curry?",
		"Is a proper breakfast important before an exam?",
		"What is the worst case scenario if my flight is cancelled?",
		"Can I get a guaranteed payoff from a savings bond?",
		"Is the new stadium roof pareto something or just ugly?",
		"How do I bring my bread dough back to a competitive weight?",
		"Why do markets clear out of stock before Black Friday?",
		"How do I burn fat without losing money on gym memberships?",
		"Is it enough to check the oil once a month?",
		"Should I renegotiate my phone contract before it ends?",
		"Which prior convictions count against a defendant?",
		"Does my fitness tracker's capacity depend on other apps?",
		"How do I multiply two matrices in Excel?",
		"Why are my rivals in the league spending more on players?",
		"How do I stir-fry vegetables so they stay crisp?",
		"Which lattice pattern is best for an apple pie crust?",
		"Which colours go with a triangle-shaped living room?",
		"What is the expected return on a lottery ticket?",
		"Which coalition parties won seats in the Dutch election?",
		"What were the objections to the new stadium?",
		"Is a convex or concave lens better for reading glasses?",
		"How do I get an equal share of the household chores?",
		"Should I negotiate my salary if I have an offer elsewhere?",
		"What are the individual rankings in the ATP tour this week?",
		"Who won the head to head between Federer and Nadal?",
		"How are the first round draft picks eliminated in fantasy football?",
		"How many votes did the winner get in the last election?",
		"Is the committee meeting on Tuesday or Thursday?",
		"Who are the judges on this season of MasterChef?",
		"Which computer science courses should I take next year?",
		"Which auction house sells vintage watches?",
		"Is it a good idea to tell the truth on a job application?",
		"What is the participation rate in the marathon this year?",
		"How do I pay my electricity bill online?",
		"Should I buy several units of a stock at once?",
		"Who supplies the contractors for our kitchen remodel?",
		"What are the odds in the prediction for the Super Bowl?",
		"Can I have multiple accounts on Instagram?",
		"Is bitcoin mining profitable in 2025?",
		"How do I interview a candidate for a job?",
		"Which colleges have the best admissions rates?",
		"Are rural hospitals closing across the country?",
		"How do I ask my employer about my contract terms?",
		"Do my kids envy their cousin's new toys?",
		"Should I slice the bread before the guests arrive?",
		"Which kitchen knife is best for slicing bread?",
		"How much weight should I put on expert reviews of a car?",
		"Do I regret choosing this college?",
		"Should my child follow the leader at recess?",
		"What is the linear programming homework due date?",
		"Did my email get lost in the spam folder?",
		"How do I clean muddy hiking boots?",
		"Which firm is the market leader in smartphones?",
		"Why do petrol prices go up and down every week?",
		"Which road has the least traffic on Monday mornings?",
		"What is the Hedge fund manager's favourite algorithm?",
		"Which video game has the best multiplayer leader board?",
		"Is the Pareto principle true for sales?",
		"Can I choose my own Christmas tree at the farm and divide the cost?",
		"Which social media choice is best for a small business?",
		"What is a good security strategy for a small business?",
		"Should I email my coworkers a confirmation about the party?",
		"Is there an egalitarian solution to the housing crisis?",
		"Is there a college admissions problem with legacy students?",
		"Should I hedge my portfolio with options this year?",
		"Is price discrimination at the auction house illegal?",
		"How do I trim a cake so the layers are even?",
		"Did removing the candidate change the order of the polls?",
		"Which online course teaches convex optimization best?",
		"Can an algorithm detect selfish users on a forum?",
		"Does the store clear prices on every market day?",
		"How do I burn money on a signal booster?",
		"Should I punish my kids if they both cheat on homework, or forgive them?",
		"Do all students start with the same prior knowledge?",
		"How do I stir coffee without spilling, and does the same point matter?",
		"How much is each coalition partner worth in the Bundestag?",
		"Should I negotiate if I have an alternative elsewhere to share a flat?",
		"Is the club committee voting rule fair?",
		"Do judges vote on the premise of the case?",
		"Can I bid on several units of an apartment building?",
		"Do all winners of the raffle pay the same price?",
		"Why does no one envy another's bundle of joy?",
		"Which knife is best for moving cake onto a plate?",
		"How much weight do experts give to advice on a diet, and should I multiply it?",
		"Why do prices cycle around holidays, and do shops undercut each other?",
		"Is one road constant and the other variable on my commute?",
		"Which firms share resource constraints during the chip shortage?",
		"Do costlier mistakes on tax forms happen less often?",
		"How do I combine expert advice on home weight training?",
		"What is the triangulation of a mobile phone signal used for labels?",
	} {
		assert.Empty(t, Evoked(q), q)
		for _, c := range Focal(q) {
			if c.Known {
				assert.False(t, news[lookup(c.Name).name], "%q names %s", q, c.Name)
			}
		}
	}
}

// "Which sealed-bid auction is a Dutch clock auction strategically
// equivalent to?" names both formats (round 2 session 44: its main
// concept was "auction theory", guessed from cue words, which no passage
// names, and the primer's answer was refused).
func TestSealedBidAndDutchClockAuctionsAreNamed(t *testing.T) {
	q := "Which sealed-bid auction is a Dutch clock auction strategically equivalent to?"
	assert.True(t, namesTerm(q, "sealed-bid auction"))
	assert.True(t, namesTerm(q, "Dutch auction"))
	assert.True(t, namesTerm("Why do second-price sealed-bid auctions make bidding truthful?", "second-price auction"))
}

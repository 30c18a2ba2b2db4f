package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTold6Paraphrases holds, for each term of toldCues6, other wordings
// of the story than the question of questions_dev25 to dev27 it was read
// from.
func TestTold6Paraphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"When firms lobby for a single licence, is the value of the licence dissipated by what they spend?", "Tullock contest"},
		{"Do rent seekers competing for a prize end up burning most of it in effort?", "Tullock contest"},
		{"Can consulting two experts with opposing biases make them reveal everything they know?", "cheap talk"},
		{"If one analyst is biased up and a rival analyst biased down, do their reports together reveal the truth?", "cheap talk"},
		{"Does a decision maker learn the whole truth by consulting two senders whose interests are opposite?", "cheap talk"},
		{"As an economy is replicated with more and more agents, do the allocations no coalition can improve upon shrink to competitive prices?", "core allocation"},
		{"In a growing exchange market, do the trades that no subgroup of traders can block end up at market prices?", "core allocation"},
		{"In a growing exchange market, do the trades that no subgroup of traders can block end up at market prices?", "Walrasian equilibrium"},
		{"With many consumers, do the deals no coalition can outdo look like a competitive equilibrium?", "Walrasian equilibrium"},
		{"If a population's members imitate whoever earns more, do strictly dominated strategies die out?", "replicator dynamics"},
		{"When members of a society copy more successful neighbours, do the rest points end up as Nash equilibria?", "replicator dynamics"},
		{"Do bad habits persist when a crowd keeps mimicking richer people?", "replicator dynamics"},
		{"Why do two neural networks trained against each other orbit around the equilibrium instead of converging, and what fixes it?", "optimistic gradient descent"},
		{"When two learning algorithms play adversarially, why do their strategies spiral rather than settle?", "optimistic gradient descent"},
		{"Why does adversarial training of a GAN oscillate forever, and is there a tweak that stabilizes it?", "optimistic gradient descent"},
		{"If each node of a graph plays a separate two-player game with every adjacent node and sums its payoffs, when can an equilibrium be computed efficiently?", "polymatrix game"},
		{"On a social network where everyone plays a pairwise game with each friend and totals the winnings, is finding a stable outcome hard?", "polymatrix game"},
		{"If two players each announce a number and the larger one wins, why is there no equilibrium?", "Nash's existence theorem"},
		{"Why must a game with finitely many actions always have an equilibrium?", "Nash's existence theorem"},
		{"In a game with infinitely many choices, why might no stable outcome exist?", "Nash's existence theorem"},
		{"When a city has so many households that none of them counts individually, must a stable pattern of choices exist?", "nonatomic game"},
		{"With countless citizens where nobody's choice matters much on its own, is there always an equilibrium?", "nonatomic game"},
		{"If players on a network usually choose the better payoff but occasionally make a random mistake, which convention do they settle on?", "logit dynamics"},
		{"When a population mostly picks the more profitable technology but sometimes errs, where does it lock in, and how long does that take?", "logit dynamics"},
		{"How should a defender randomize patrols when the attacker could be one of several types with known probabilities?", "Bayesian Stackelberg game"},
		{"Coast guard planners know only the odds of which kind of smuggler will come; how should they mix their patrol routes?", "Bayesian Stackelberg game"},
		{"How can I approximate each player's marginal contribution by sampling random orderings rather than enumerating every coalition?", "Shapley value"},
		{"With a thousand team members, can I estimate who deserves what credit by Monte Carlo instead of checking all possible subsets?", "Shapley value"},
		{"In a truthful auction used to allocate shared resources, how much of the payments can be handed back to the bidders without breaking incentives?", "Vickrey-Clarke-Groves mechanism"},
		{"Can a strategyproof mechanism for dividing identical units rebate the revenue it collects to the participants?", "Vickrey-Clarke-Groves mechanism"},
		{"Should a coding competition be winner-take-all or give several prizes?", "crowdsourcing contest"},
		{"Should a data challenge offer a single prize or multiple awards?", "crowdsourcing contest"},
		{"How does a cartel that can only observe the public price, not rivals' quantities, keep colluding?", "imperfect public monitoring"},
		{"If colluding firms see only market prices and never each other's sales, why do they sometimes start price wars?", "imperfect public monitoring"},
		{"Why do all-pay bidding contests for a patent lead to overspending?", "all-pay auction"},
		{"In lobbying modelled as an all-pay bid, does capping bids raise spending?", "all-pay auction"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q)
	}
}

// TestTold6EverydayQuestions holds everyday questions near the cues of
// toldCues6 that must evoke no term.
func TestTold6EverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"How many calories does a competitive cyclist burn per hour?",
		"Did the lobbyists eat lunch at the Capitol cafeteria?",
		"Why did the forest fire burn through the prize-winning vineyard?",
		"Should I ask two financial advisers with opposite views before I retire?",
		"Do expert witnesses lean toward whoever pays them?",
		"As more traders join the market, do stock prices go up?",
		"Why do teenagers copy whoever is most popular at school?",
		"Why does my dog keep circling before settling down after training?",
		"I'm training for a cycling race against my friend; should I stop?",
		"Does my computer program keep cycling through updates instead of settling, and how do I fix it?",
		"How do I add up the scores of every match in our neighborhood tennis league?",
		"Should my network of friends always be stable if we play games and add up scores?",
		"Can you name a bigger number than a googol?",
		"Why do people in a big city feel like nobody matters?",
		"Is there always a stable job for people who live alone, no matter what?",
		"I mostly pay by card but sometimes pay cash at random; is that a bad habit?",
		"Which security camera schedule deters the kind of burglar most likely to break in?",
		"How can I estimate the share of each age group in my survey by random sampling?",
		"How do I estimate a fair tip for every group at a restaurant by sampling?",
		"Can the auction house give back my money if the bidding was rigged?",
		"Is the lottery winner-take-all or are there several prizes?",
		"Why do price wars keep breaking out between supermarkets?",
		"Why did the drug cartel raise the street price?",
		"Do we all pay the same entry fee for the pub quiz contest?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

// TestUncoupledLearningIsNamed: dev27 asked for uncoupled dynamics as
// "uncoupled learning", a name papers use too.
func TestUncoupledLearningIsNamed(t *testing.T) {
	if got := lookup("uncoupled learning"); assert.NotNil(t, got) {
		assert.Equal(t, "uncoupled dynamics", got.name)
	}
}

package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestToldParaphrases holds, for each term of toldCues, questions told in
// other words than the two question sets the cues were written after.
func TestToldParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"If each depositor gets only a noisy signal of whether the bank is solvent, when does a run happen?", "global game"},
		{"Speculators each hold private information about the currency's peg; how does the noisy signal pin down one equilibrium?", "global game"},
		{"Why do people refuse an unfair split of money when accepting would leave them better off?", "ultimatum game"},
		{"Do responders still reject stingy offers when the stakes are huge?", "ultimatum game"},
		{"Why does a central bank give cryptic hints instead of committing to a path for rates?", "cheap talk"},
		{"Why can't a seller with a secret reserve price and a buyer with a private value always trade efficiently?", "Myerson-Satterthwaite theorem"},
		{"How do you model pedestrians when each individual anticipates where the others will walk?", "mean field game"},
		{"Which numerical methods solve a massive crowd model where everyone optimizes ahead?", "mean field game"},
		{"How do I find all equilibria of a bimatrix game by guessing which strategies each player uses?", "support enumeration"},
		{"Why do banks create interbank links that make the system fragile?", "network formation"},
		{"Does homophily explain why students become friends with classmates of the same race?", "network formation"},
		{"Why might closing a main street make traffic faster for everyone?", "Braess's paradox"},
		{"Can voters' preferences go around in a cycle, so that every option loses to another one?", "Condorcet paradox"},
		{"How often should a penalty kicker shoot to the left rather than the right?", "mixed-strategy Nash equilibrium"},
		{"Why are bystanders in a larger group less likely to call an ambulance?", "volunteer's dilemma"},
		{"Can we split inherited items so that any envy vanishes once a single good is removed?", "envy-freeness up to one good"},
		// Round two.
		{"When parliament divides the budget, does the member who proposes keep the most money?", "legislative bargaining"},
		{"What is the chance that a single mutant type takes over a small finite population?", "Moran process"},
		{"Does giving hard-to-match transplant patients priority cost the others much?", "kidney exchange"},
		{"Why do agents learning independently on a team settle on a safe but suboptimal action?", "multi-agent reinforcement learning"},
		{"If many traders liquidate the same asset, how fast should each of them sell?", "mean field game"},
		{"I found two stable outcomes in a small game; must there be a third?", "oddness theorem"},
		{"Can a regulator design a test in advance to persuade a majority of voters?", "Bayesian persuasion"},
		{"Is there an algorithm to compute optimal persuasion when there are many states?", "Bayesian persuasion"},
		{"Which auction format gives the seller the least variance in revenue?", "revenue equivalence"},
		{"Why do both major parties drift to the centre?", "median voter theorem"},
		{"Can flipping a coin tell two neighbours whose turn it is, and will both comply?", "correlated equilibrium"},
		{"Can a trait drifting over generations make a population branch into two distinct types?", "adaptive dynamics"},
		{"If every client comes only once, can a shop that never cheats still build a reputation for quality?", "reputation effects"},
		{"Where should a school be built so that no family gains by exaggerating, without paying anyone?", "single-peaked preferences"},
		{"If players usually pick the best reply but sometimes a random one, where does play settle?", "logit dynamics"},
		{"Why do well-connected villagers try new seeds while their contacts just copy them?", "best-shot public goods"},
		{"Can we train a neural network to decide who gets what and how much they pay, keeping bidders truthful?", "automated mechanism design"},
		{"With so many drivers that each is negligible, does an equilibrium exist without anyone randomizing?", "nonatomic game"},
		// Round three.
		{"Do long strikes happen because management cannot tell how good the workers' outside options are?", "bargaining with private information"},
		{"Should a defender pile protection on the valuable servers or guard them all equally?", "Colonel Blotto game"},
		{"Will an expert shade the truth when the advice benefits him, and should I discount it?", "cheap talk"},
		{"Can a mediator who secretly recommends each move at your turn make both players better off?", "extensive-form correlated equilibrium"},
		{"If villagers imitate the more successful farmers, is that like natural selection?", "replicator dynamics"},
		{"A divorcing couple rates each asset; does exaggerating those points help either spouse?", "adjusted winner procedure"},
		{"A vendor sees each new client once; can always delivering quality build a reputation?", "reputation effects"},
		{"Do lab subjects cooperate more when the probability of playing again is higher?", "repeated game"},
		{"Would a generator and a discriminator stop oscillating if each anticipated the other?", "optimistic gradient descent"},
		{"Can a bidding algorithm that learns by trial and error in repeated auctions end up shading?", "no-regret learning"},
		{"Is there a fast way to find a nearly stable plan where neither side gains much by deviating?", "approximate Nash equilibrium"},
		{"What is the probability that a random game has a pure equilibrium?", "pure-strategy Nash equilibrium"},
		{"Which product attributes should a seller reveal to persuade buyers best?", "Bayesian persuasion"},
		{"When users share the cost of each link they use, how far is the best equilibrium from the worst?", "price of stability"},
		{"How patient must cartel members be for the threat of retaliation to sustain collusion?", "folk theorem"},
		{"Does a permanent punishment need less patience than a forgiving one?", "grim trigger"},
		{"Does a crowdfunding campaign that refunds backers raise their incentive to pledge?", "public good"},
		{"If a crowd of agents learns by reinforcement, does its behaviour settle?", "mean field game"},
		{"Why do transplant hospitals withhold easy donor pairs from the shared pool?", "kidney exchange"},
		{"Should a penalty taker randomize where to aim?", "mixed-strategy Nash equilibrium"},
		{"Does mixing classrooms change whether pupils befriend their own race?", "network formation"},
		{"Do people reject small splits when the stakes are a month's salary?", "ultimatum game"},
		{"If a lease runs for exactly ten months, can the threat of a worse end keep housemates cooperative?", "repeated game"},
	} {
		var got []string
		for _, c := range Evoked(tt.q) {
			got = append(got, c.Name)
		}
		assert.Contains(t, got, tt.want, tt.q)
	}
}

// TestToldEverydayQuestions holds everyday questions near the told cues
// that must evoke no term.
func TestToldEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Should I reject a lowball offer on my house?",
		"Why did the central bank raise interest rates again?",
		"When does the central bank announce its next rate decision?",
		"How do I plan a crowd evacuation for each floor of my office?",
		"Should I mix my friends from work and school at my party?",
		"Will the new bridge make my commute longer?",
		"Which candidate beat all the others in the primary?",
		"Can I withdraw my savings from the bank on a Sunday?",
		"Is my private information safe with my bank's app?",
		"How do I choose the best wifi channel for my router?",
		"Can a seller keep the sale price secret from the neighbours?",
		"Why was the road closed for the marathon?",
		"How do I make friends at a new school?",
		"How many people witnessed the crowd crush at the concert?",
		"Why do siblings get jealous of a new baby?",
		"Should I follow the signal at a railway crossing?",
		"How do investors dump stocks fast in a crash?",
		"Which parties will both sound similar in the debate tonight?",
		"Do customers who visit only once trust online reviews?",
		"How do I carve up the budget for my wedding?",
		"Where should I put my money without paying fees?",
		"How do I train a neural network to price houses?",
		"Is it hard to match kidney donors by blood type?",
		"How often should I flip my mattress, and should we take turns doing it?",
		"Why is my sourdough starter usually fine but sometimes runny?",
		"How do I protect my home network from hackers and spread the load evenly?",
		"Does my financial advisor stretch the truth to earn commissions?",
		"Can a referee give private advice to a player during a match?",
		"How do I earn the trust of every new customer who walks in?",
		"Is there a chance I will meet my old friends again in the future?",
		"How does a GAN generator fool the discriminator?",
		"Is a nearly finished plan good enough to gain much time by switching?",
		"What is the chance of a random outcome in a stable coin flip?",
		"Should I reveal all the features of my product to convince buyers?",
		"How do roommates share the cost of the internet bill, best and worst options?",
		"How can I get a refund from a Kickstarter campaign if the goal is missed?",
		"Will countries cut carbon emissions before the tipping point?",
		"Why do hospitals keep their donor registry private?",
		"Should a penalty shooter aim for the corner?",
		"Do kids befriend classmates of a different race?",
		"Why did he reject such a small offer of salary for the month?",
		"My lease ends in exactly ten months; can my landlord raise the rent at the end?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

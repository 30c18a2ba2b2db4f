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
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

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
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

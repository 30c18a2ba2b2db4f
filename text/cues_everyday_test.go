package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEverydayCues(t *testing.T) {
	for _, tt := range []struct{ q, term string }{
		{"Why do nations race to develop new weapons?", "prisoner's dilemma"},
		{"Why do countries devalue their currencies in turn?", "prisoner's dilemma"},
		{"How do firms decide how much to spend on advertising when rivals advertise too?", "prisoner's dilemma"},
		{"Should a small firm enter a market dominated by one big incumbent?", "entry deterrence"},
		{"Why do neighbours under-invest in shared fences?", "public good"},
		{"Why do nations sign climate treaties they don't honour?", "public good"},
		{"How do insurance companies stop people from buying coverage only when they get sick?", "adverse selection"},
		{"How can a landlord tell a good tenant from a bad one before signing a lease?", "adverse selection"},
		{"How do online platforms set fees for both buyers and sellers?", "two-sided market"},
		{"Why do drivers all take the same highway and make it slower for everyone?", "selfish routing"},
		{"How do police decide where to patrol if criminals adapt?", "security game"},
		{"How should an airport screen passengers when attackers watch the pattern?", "security game"},
		{"Why do poker players sometimes bet big with a weak hand?", "mixed-strategy Nash equilibrium"},
		{"Why do doctors order extra tests when they are paid per test?", "principal-agent problem"},
		{"How do lobbyists influence lawmakers with information?", "cheap talk"},
		{"Why do both sides in a lawsuit spend so much on lawyers?", "Tullock contest"},
		{"Why do companies hire expensive consultants to signal competence?", "signalling game"},
		{"How do pirates divide their treasure in the famous puzzle?", "backward induction"},
		{"Why do cheaters survive in populations of cooperators?", "evolutionarily stable strategy"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.term, tt.q)
	}
}

// Each cue keeps a word of the idea; these everyday questions share the
// scene's other words and must evoke nothing.
func TestEverydayCuesStayOutOfEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"How many nuclear weapons does each country have?",
		"Which countries are racing to build the fastest supercomputer?",
		"Will the euro devalue against the dollar this year?",
		"How do I enter the job market after college?",
		"Can I get travel insurance once I'm already sick?",
		"What does my home insurance cover if I get ill abroad?",
		"Can a landlord tell a tenant to leave without notice?",
		"How much does a doctor get paid per visit?",
		"What's the best app to check Wi-Fi signal quality?",
		"Did the Paris climate agreement come into force in 2016?",
		"How do I split a restaurant bill when people ordered different amounts?",
		"How do security guards watch for shoplifters at night?",
		"Which airport has the fastest security screening?",
		"Why is traffic so heavy on the highway on Fridays?",
		"What fees does the Etsy platform charge sellers?",
		"How do I invest in a shared garden plot with my neighbours?",
		"Where can I find a lawyer for my lawsuit?",
		"Why did I lose so much at poker last night?",
		"Which pirate movies are good for kids?",
		"How do I stop my kids from cheating at board games?",
	} {
		assert.Empty(t, names(Evoked(q)), q)
	}
}

package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBlindDevCues(t *testing.T) {
	for _, tt := range []struct{ q, term string }{
		{"why do plurality elections end up with only two big parties?", "Duverger's law"},
		{"If people only want half their neighbours to be like them, how segregated do streets get?", "Schelling segregation model"},
		{"If an advertiser has a fixed budget across many ad auctions, should it still bid its value?", "pacing equilibrium"},
		{"What happens to cooperation when people who get punished can punish back?", "costly punishment"},
		{"If people can drop contacts who cheat them, does cooperation last?", "network formation"},
		{"Could a team ever benefit from deliberately losing a group match?", "incentive-compatible tournament design"},
		{"Why pay a percentage of output when you don't know what actions your employee could take?", "principal-agent problem"},
		{"Should students form their own project teams or have an algorithm assign them?", "hedonic game"},
		{"How can you pay people for honest survey answers when you can never check the truth?", "peer prediction"},
		{"Does a bigger pay jump for getting promoted make employees work harder?", "rank-order tournament"},
		{"How should a landlord reallocate flats between existing tenants and incoming applicants?", "top trading cycles"},
		{"Why does traffic on the two roads keep alternating between jammed and empty when drivers see live travel times?", "minority game"},
		{"Can a platform reduce polarization by adding new links between users with different views?", "Friedkin-Johnsen model"},
		{"When demand gets volatile, do rival firms install more capacity or less?", "Cournot competition"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.term, tt.q)
	}
}

func TestBlindDevCuesStayOutOfEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Which party should I throw for my two big kids' birthdays?",
		"How do I talk to my neighbours about their noisy dog?",
		"How do I stick to a budget when I shop online?",
		"Is it legal for teachers to punish students by keeping them back?",
		"How do I drop a contact from my phone's favourites?",
		"How do I stop losing my keys every morning?",
		"What percentage of my salary should I put into my pension?",
		"Do I know what actions my landlord can take if I pay rent late?",
		"Can I form my own team in the office football pool?",
		"How do I check whether my pay slip is true to my contract?",
		"Should I work harder to get promoted at my new job?",
		"Are online survey answers honest when they're anonymous?",
		"Why did my team lose the match on Saturday?",
		"Can I get a hotel room already on arrival day if I book a flat rate?",
		"How do I welcome newcomers to our apartment building's residents' group?",
		"Is the bridge busy or quiet on Sunday mornings, and should I switch to the ferry?",
		"Why are American politics so polarized these days?",
		"Which news apps recommend articles from both sides?",
		"Should my bakery add oven capacity when demand is so unpredictable?",
		"Which company makes the phone with the most battery capacity?",
	} {
		assert.Empty(t, names(Evoked(q)), q)
	}
}

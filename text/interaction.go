package text

import (
	"regexp"
	"strings"
)

// Interaction returns the phrase by which a question describes people
// whose choices bear on each other's ("each other", "the opponent",
// "whoever earns more", "each firm", "haggle", "punish"), and "" when it
// describes none.
//
// Why. Game theory is the study of such interdependence, and a student who
// knows none of its words still describes it: "If two people haggle over
// splitting some money and every round of waiting costs both of them…",
// "How do you model a huge crowd where each person steers based on where
// everyone else is heading?". The topic lexicon (reasoner's offline
// filter) scores technical words and, to refuse "How does a chemical
// equilibrium shift…", gives a lone "equilibrium" little weight, so such
// questions scored no game theory at all, and a search that found nothing
// ended them "not about game theory" instead of "found nothing".
//
// What is not here. Words of one actor's choice ("strategy", "best way"),
// of a market or a vote ("price", "bid", "vote"), of cooperation alone
// ("cooperate": ants and fungi do) and a number of people ("two players"
// on one couch, "two people" playing cards on a train) appear in the
// off-topic questions too; the phrases below
// name a second party whose choice matters or an act done to one.
// Measured on testdata/world's tuning sets and off-topic stress set: none
// of their 106 off-topic questions has one; 20 of the 71 game-theory
// questions the lexicon did not recognise do.
func Interaction(question string) string {
	return strings.ToLower(interaction.FindString(question))
}

var interaction = regexp.MustCompile(`(?i)\b(` +
	// the other party
	`each other|one another|everyone else|everybody else|the others?|others'?|` +
	`opponents?'?|rivals?'?|competitors?'?|neighbou?rs?'?|whoever|both of them|` +
	`each (?:person|player|firm|country|member|bidder|agent|voter|driver|node|company|party|buyer|seller)|` +
	// what is done to or with it
	`selfish\w*|incentives?|free[- ]rid\w*|collu\w+|coalitions?|haggl\w*|bargain\w*|outbid\w*|undercut\w*|` +
	`threat\w*|bluff\w*|betray\w*|retaliat\w*|punish\w*|deter(?:s|red|ring|rence|rent)?|cheat\w*|lie about|lying about|truthful\w*` +
	`)\b`)

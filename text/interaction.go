package text

import (
	"regexp"
	"strings"
	"sync"
)

// Interaction returns the phrase by which a question describes people
// whose choices bear on each other's ("each other", "the other",
// "whoever earns more", "each firm", "collude", "free riders"), and ""
// when it describes none.
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
// off-topic questions too. So may acts an everyday question does to
// another without any strategy ("bargain with a car dealer", "punish my
// dog", "tax incentives", "a bomb threat"), and "neighbours" and a bare
// "others" ("fluffier than others"): the phrases below name a second party
// whose choice matters, or an act only a party facing others does. A
// verdict against game theory ("soccer", "chess") keeps a question out
// whatever it says (see nodes' judgeTopic). "Opponent", "rival",
// "competitor" and "each player" were here too, until the everyday
// controls of testdata/world/offtopic_stress2.jsonl, written blind to this
// list, showed them in sports and video-game questions ("the toughest
// rival of Real Madrid", "better opponents in Rocket League", "each
// player in Uno"): without them three more of its controls are refused,
// and no hit and no answerable question's outcome changed on the tuning
// sets. Measured on testdata/world's
// tuning sets and off-topic stress set: none of their 106 off-topic
// questions has one; 12 of the 71 game-theory questions the lexicon did
// not recognise do.
func Interaction(question string) string {
	for _, m := range interaction().FindAllString(question, -1) {
		m = strings.ToLower(m)
		if rest, ok := strings.CutPrefix(m, "the other "); ok && notAParty.Has(rest) {
			continue // "on the other hand", "the other day"
		}
		return m
	}
	return ""
}

// interaction is compiled on first use, like the cue index: every command
// loads this package, few ask a question.
var interaction = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(` +
		// the other party
		`each other|one another|everyone else|everybody else|the other(?: hand| day| side| way| one)?|the others|` +
		`whoever|both of them|` +
		`each (?:person|firm|country|member|bidder|agent|voter|driver|node|company|party|buyer|seller)|` +
		// what only a party facing others does
		`collu\w+|free[- ]rid\w*|outbid\w*|undercut\w*|betray\w*|retaliat\w*` +
		`)\b`)
})

// notAParty are matches of "the other" that name no party.
var notAParty = wordSet(`hand day side way one`)

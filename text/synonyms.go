package text

import (
	"slices"
	"strings"
	"sync"
)

// FieldWords returns the words papers use for an everyday word of a
// question, which the question's own word rarely meets in an abstract:
// "bots" for algorithms, "haggling" for bargaining, "walkout" for strike.
// It is nil for a word the table does not know.
//
// Why. A search engine meets a paper only on shared words, and a student
// writes the everyday word. The cues (Evoked) bridge whole ideas; this
// table bridges single words, for the many questions whose idea no cue
// knows. The arXiv query ORs the field's words in beside the student's,
// never in their place, so a paper that does use the everyday word still
// matches.
//
// A word belongs here only when papers in the field use the other word for
// the same thing in nearly every case; the mapped words must not be so
// common that they match every paper (not "game", "strategy", "model").
func FieldWords(word string) []string {
	return fieldWordIndex()[strings.ToLower(word)]
}

// fieldWordIndex is fieldWords, moreFieldWords and evenMoreFieldWords in
// one, built on first use.
var fieldWordIndex = sync.OnceValue(func() map[string][]string { return mergeTables(fieldWords, moreFieldWords, evenMoreFieldWords) })

func fieldWords() map[string][]string {
	return map[string][]string{
		"bot": {"algorithms"}, "bots": {"algorithms"},
		"cheat": {"manipulation", "deviation"}, "cheating": {"manipulation", "deviation"}, "cheats": {"manipulation", "deviation"},
		"lie": {"misreport"}, "lying": {"misreport"}, "lies": {"misreport"},
		"honest": {"truthful"}, "honestly": {"truthful"}, "honesty": {"truthful"},
		"copy": {"imitation"}, "copying": {"imitation"}, "copies": {"imitation"}, "copycat": {"imitation"},
		"walkout": {"strike"}, "walkouts": {"strike"},
		"company": {"firm"}, "companies": {"firms"},
		"newcomer": {"entrant"}, "newcomers": {"entrants"},
		"hacker": {"attacker"}, "hackers": {"attackers"},
		"boss":      {"principal"},
		"sway":      {"persuasion"},
		"insincere": {"manipulation"}, "insincerely": {"manipulation"},
		"route": {"routing"}, "routes": {"routing"},
		"cartel": {"collusion"}, "cartels": {"collusion"},
		"haggle": {"bargaining"}, "haggling": {"bargaining"},
		"negotiate": {"bargaining"}, "negotiating": {"bargaining"}, "negotiation": {"bargaining"}, "negotiations": {"bargaining"},
		"club": {"coalition"}, "clubs": {"coalition"},
		"alliance": {"coalition"}, "alliances": {"coalition"},
		"promise": {"commitment"}, "promises": {"commitment"},
		"threat": {"commitment", "credible"}, "threats": {"commitment", "credible"},
		"blackmail": {"extortion"},
		"mistake":   {"noise"}, "mistakes": {"noise"},
		"settle": {"converge"}, "settles": {"converge"},
		"switch": {"deviate"}, "switching": {"deviation"},
	}
}

// Kin returns the everyday words that can stand for word in a
// description, as a cue (see Evoked) may write it: "people" for "kids",
// "shop" for "vendor", "random" for "unpredictable", and the other way
// round. It is nil for a word the table does not know.
//
// Why. A cue names an idea by a few everyday words, and students pick
// among near-synonyms: a cue that says people misses the question that
// says kids, however well it describes the idea. Kin lets one cue meet
// them all, so the cue table need not list every wording.
//
// Each group is words a question may use interchangeably in a
// description, not words of the same topic: friends and kids both count
// as people, but a shop is not a firm (a firm also produces). The groups
// were written from the words the cue table uses most (bargain*, selfish*,
// copy*, prize*, honest*, …) and their everyday near-synonyms, not from
// questions. Two tried groups are not here: win/beat/defeat made sports
// questions ("the best strategy to win at Monopoly") evoke terms, and
// allocate/distribute beside divide made "How do I split the rent with my
// roommates?" a housing market. TestEvokedNothingInEverydayQuestions and
// the off-topic controls of testdata/world guard what they add.
func Kin(word string) []string {
	return kin()[strings.ToLower(word)]
}

// kin is built on first use, like the cue index: every command loads
// this package, few ask a question.
var kin = sync.OnceValue(func() map[string][]string {
	// Each group lists its words, the one cues mostly use first.
	groups := [][]string{
		{"random", "unpredictable", "unpredictably", "randomly", "randomised", "randomized"},
		{"middle", "center", "centre", "central", "midpoint", "halfway"},
		{"rival", "rivals", "competitor", "competitors", "opponent", "opponents"},
		{"divide", "split", "splitting", "share", "sharing", "divvy", "apportion", "spread", "spreading"},
		{"lie", "lying", "lies", "cheat", "cheating", "fib", "misreport", "misreporting", "exaggerate", "exaggerating"},
		{"firm", "firms", "company", "companies", "business", "businesses"},
		{"punish", "punishes", "punishing", "punishment", "penalize", "penalise", "sanction", "sanctions", "sanctioning"},
		{"choose", "chooses", "choosing", "pick", "picks", "picking", "select", "selects", "selecting"},
		{"betray", "betrays", "betrayed", "betraying", "backstab", "backstabbing", "rat", "snitch", "snitching"},
		{"bargain", "bargaining", "haggle", "haggling", "negotiate", "negotiating", "negotiation", "dicker"},
		{"honest", "honestly", "truthful", "truthfully", "sincere", "sincerely"},
		{"copy", "copies", "copying", "imitate", "imitates", "imitating", "mimic", "mimics", "mimicking", "emulate"},
		{"selfish", "selfishly", "greedy", "greedily"},
		{"promise", "promises", "pledge", "pledges", "vow", "vows"},
		{"prize", "prizes", "reward", "rewards", "award", "awards", "bonus", "bonuses"},
		{"reject", "rejects", "rejecting", "refuse", "refuses", "refusing", "decline", "declines", "declining"},
		{"attacker", "attackers", "hacker", "hackers", "intruder", "intruders"},
		{"driver", "drivers", "commuter", "commuters", "motorist", "motorists"},
		{"road", "roads", "street", "streets", "highway", "highways"},
		{"cycle", "cycles", "cycling", "circle", "circles", "loop", "loops"},
		{"troops", "soldiers", "forces", "army", "armies", "troop", "soldier", "regiment", "regiments", "battalion", "battalions"},
		{"fight", "fights", "fighting", "battle", "battles", "conflict", "conflicts"},
		{"large", "big", "huge", "enormous", "vast", "massive"},
	}
	groups = slices.Concat(groups, kinGroupsA(), kinGroupsB())
	// A word may sit in groups of two files (kin_more_a and kin_more_b were
	// written side by side: "foresee" is kin to anticipate in one and to
	// predict in the other); its kin are the union, each once.
	m := map[string][]string{}
	add := func(w, k string) {
		if k != w && !slices.Contains(m[w], k) {
			m[w] = append(m[w], k)
		}
	}
	for _, group := range groups {
		for _, w := range group {
			for _, k := range group {
				add(w, k)
			}
		}
	}
	for _, group := range slices.Concat(kindGroups, kindGroupsA(), kindGroupsB()) {
		for _, w := range group[1:] {
			add(w, group[0])
		}
	}
	return m
})

// kindGroups are groups of kinds of one thing, its everyday name first:
// each kind stands for the name ("heirs" meets a cue that says people), but
// neither the name nor another kind stands for a kind. A question about
// "people" is not about neighbours or heirs, and one about students not
// about roommates: with these in the symmetric groups above, a cue's
// "neighbo*" (spatial games) met every question that said people, its
// "room*" every question that said students, and "sell*" met "radio
// stations".
var kindGroups = [][]string{
	{"people", "kids", "children", "siblings", "friends", "persons", "individuals", "folks", "roommates", "housemates", "flatmates", "heirs", "guests", "neighbours", "neighbors", "colleagues", "students"},
	{"shop", "shops", "store", "stores", "vendor", "vendors", "seller", "sellers", "retailer", "retailers", "stall", "stalls", "kiosk", "kiosks", "station", "stations"},
	{"money", "cash", "dollars", "funds"},
	{"buyer", "buyers", "customer", "customers", "consumer", "consumers", "shopper", "shoppers", "client", "clients"},
	{"room", "rooms", "bedroom", "bedrooms", "dorm", "dorms"},
}

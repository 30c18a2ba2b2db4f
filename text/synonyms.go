package text

import "strings"

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
	return fieldWords[strings.ToLower(word)]
}

var fieldWords = map[string][]string{
	"bot": {"algorithms"}, "bots": {"algorithms"},
	"cheat": {"manipulation", "deviation"}, "cheating": {"manipulation", "deviation"}, "cheats": {"manipulation", "deviation"},
	"lie": {"misreport"}, "lying": {"misreport"}, "lies": {"misreport"},
	"honest": {"truthful"}, "honestly": {"truthful"}, "honesty": {"truthful"},
	"copy": {"imitation"}, "copying": {"imitation"}, "copies": {"imitation"}, "copycat": {"imitation"},
	"walkout": {"strike"}, "walkouts": {"strike"},
	"company": {"firm"}, "companies": {"firms"},
	"newcomer": {"entrant"}, "newcomers": {"entrants"},
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

package text

import "strings"

// LegalLookup returns the words by which a question asks what a law, an
// accounting standard, a tax rule or a licence requires ("Under GAAP,
// how should incentive bonuses be recorded?", "Under US labour law, how
// does the NLRB certify a bargaining unit?", "Are winning bids at a
// charity auction tax deductible?", "Texas auctioneer license
// requirements"), or "".
//
// Why. What a statute or a standard says is a fact to look up in it,
// which no paper answers, and such questions borrow the field's words
// freely: bids, bargaining units, incentive bonuses. A game-theory
// question about the law asks what a rule does to the choices it
// governs ("Can putting a legal ceiling on lobbying spending raise it?",
// "Why might mandatory disclosure laws be unnecessary?") and says none of
// these. Only an opening "Under …" that names a law, an act, a code or a
// standard counts: "Under first-price rules, …" and "Under what
// conditions …" are the field's. Nodes' topic judge uses it only where
// the question names and describes no glossary term.
func LegalLookup(question string) string {
	var ws []string // hyphenated words split: "tax-deductible"
	for _, w := range plainWords(question) {
		ws = append(ws, strings.Split(w, "-")...)
	}
	if len(ws) > 1 && ws[0] == "under" {
		for i, w := range ws[1:min(len(ws), 6)] {
			if legalTexts[w] {
				return strings.Join(ws[:i+2], " ")
			}
		}
	}
	for i, w := range ws {
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch {
		case w == "gaap" || w == "ifrs":
			return w
		case w == "tax" && (next == "deductible" || next == "deductibility"):
			return w + " " + next
		case (w == "license" || w == "licence") && (next == "requirement" || next == "requirements" || next == "fee" || next == "fees"):
			return w + " " + next
		case w == "suspended" && (next == "license" || next == "licence"):
			return w + " " + next
		case w == "legally" && next == "speaking":
			return w + " " + next
		}
	}
	return ""
}

// legalTexts are the nouns that make an opening "Under …" name the text
// a question asks about.
var legalTexts = map[string]bool{
	"law": true, "laws": true, "act": true, "gaap": true, "ifrs": true, "code": true,
	"regulation": true, "regulations": true, "statute": true, "directive": true,
}

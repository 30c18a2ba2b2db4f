package text

import (
	"maps"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// ForeignName returns the first name a question gives that the field's
// vocabulary does not know: a capitalised word inside a sentence ("Costco",
// "Sotheby's", "Phoenix", "Good"), other than an acronym ("VCG", "AI") or
// "I", that no glossary form, related phrase, cue or field word uses. It is
// "" when there is none.
//
// Why. A question that names a shop, a brand, a city, a holiday or a board
// game is about that thing ("Does Costco price adjust…", "What happens on
// eBay if the winning bidder never pays?", "How many cards does each
// player get in Uno?"), and its words of auctions, prices and players are
// that thing's, not the field's. The names game-theory questions give are
// the field's own, eponyms and stories (Nash, Vickrey, Gale-Shapley, the
// Talmud, Boston's school choice, Colonel Blotto), and the vocabulary
// holds them. Used by nodes' topic judge only where the question names and
// describes no glossary term (see there), so a question that names
// Vickrey or describes a second-price auction is not caught by the rule.
//
// The trade-off: an eponym the vocabulary lacks ("Tullock" once was)
// makes a question that names nothing else look off-topic. Capitalised
// words that open a sentence are not names, which also lets through the
// name that opens a question ("Netflix lets me share…").
//
// Countries, their peoples, US states and continents (placeNames) are
// not names here: a study's place is not its subject. Until round 2
// session 32 they were, and questions that set a game in a place were
// refused unsearched ("Do people in Denmark trust strangers with money
// more than people in Tanzania do?", "How should farmers along an
// irrigation canal in Spain split maintenance costs…?", "… a Kenyan
// village …"). Measured offline in session 32, fresh stores: on
// testdata/blinddev, written by a tester who read only papers, 64 -> 68
// and 63 -> 67 of 80 on the two backgrounds; fdev and gdev one more each
// on both. The price: of the 278 off-topic controls of world A's tuning
// sets, two more are searched and take a paper on the 10k background
// ("the voting age in European countries", "a rail pass for Italy"; 248
// -> 246 refused, 63 -> 65 papers), none on the 20k one, and one more of
// offtopic_stress3-5 ("the English word 'bargain'"). Session 23 had
// measured the same trade on fewer applied questions and kept the names;
// the blind-written sets, where a place comes with a third of the
// applied questions that fail this rule, tipped it.
func ForeignName(question string) string {
	known := fieldVocabulary()
	// words are the question's words as written; opens[i] says whether
	// words[i] opens a sentence.
	var words []string
	var opens, algebra []bool
	sentenceWords(question, func(start, end int, opening bool) {
		opens = append(opens, opening)
		algebra = append(algebra, inFormula(question, start, end))
		words = append(words, question[start:end])
	})
	for i := 0; i < len(words); i++ {
		if n := placeAt(words, i); n > 0 {
			i += n - 1 // past the place's name
			continue
		}
		w := words[i]
		if utf8.RuneCountInString(w) < 2 || w == "I" || strings.HasPrefix(w, "I'") || strings.HasPrefix(w, "I’") || inCapitals(w) || algebra[i] {
			continue
		}
		first, _ := utf8.DecodeRuneInString(w)
		camel := strings.IndexFunc(w, unicode.IsUpper) > 0 // "eBay", "iPhone"
		if (opens[i] || !unicode.IsUpper(first)) && !camel {
			continue
		}
		if knownName(w, known) {
			continue
		}
		if scholarsName(words[i+1 : min(i+4, len(words))]) {
			continue
		}
		return w
	}
	return ""
}

// inFormula reports whether the word at question[start:end] is a term of
// a formula: a product of one-letter symbols (three runes at most) with an
// operator the next character before or after it, spaces aside ("bQ" in
// "inverse demand P = a - bQ" is no brand). A name stays a name beside a
// slash or a dash ("Costco/Walmart", "Costco - the warehouse club").
func inFormula(question string, start, end int) bool {
	const operators = "=+-−*/^<>≤≥×·"
	if utf8.RuneCountInString(question[start:end]) > 3 {
		return false
	}
	before := strings.TrimRight(question[:start], " ")
	after := strings.TrimLeft(question[end:], " ")
	if r, _ := utf8.DecodeLastRuneInString(before); r != utf8.RuneError && strings.ContainsRune(operators, r) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(after)
	return r != utf8.RuneError && strings.ContainsRune(operators, r)
}

// scholarsName reports whether the words after a name (up to three, as
// written) show it is a scholar's: a model, theorem or condition named
// after its authors ("Ericson-Pakes style models", "the
// Rothschild-Stiglitz model", "Harsanyi's theorem", "Challet and Zhang's
// model"). Questions of the field name results so, shops and cities are
// not named so; the field's vocabulary cannot hold every eponym of
// economics.
//
// Words that follow brands and places as often are not among them:
// "game" and "auction" ("a Monopoly game", "a Sotheby's auction"),
// "value" and "index" ("the Costco value pack", "the Nasdaq index").
func scholarsName(next []string) bool { return namedBefore(next, scholarsNouns) }

// namedBefore reports whether next, the words after a name as written,
// open with one of nouns, past a second author ("and Wilson's") and a
// "style" or "type".
func namedBefore(next []string, nouns map[string]bool) bool {
	if len(next) > 2 && next[0] == "and" {
		// A second author: "Kreps and Wilson's model".
		first, _ := utf8.DecodeRuneInString(next[1])
		if !unicode.IsUpper(first) {
			return false
		}
		next = next[2:]
	}
	if len(next) > 1 && (strings.EqualFold(next[0], "style") || strings.EqualFold(next[0], "type")) {
		next = next[1:]
	}
	return len(next) > 0 && nouns[strings.ToLower(next[0])]
}

var scholarsNouns = map[string]bool{
	"model": true, "models": true, "framework": true, "theorem": true, "theorems": true,
	"lemma": true, "conjecture": true, "condition": true, "conditions": true,
	"equilibrium": true, "equilibria": true, "paradox": true,
	"mechanism": true, "solution": true, "bound": true,
	"algorithm": true, "dynamics": true, "criterion": true, "refinement": true,
	"inequality": true, "estimator": true, "assumption": true, "axioms": true,
}

// conceptNouns are scholarsNouns and the words for a kind of concept
// that brands and places share ("value", "auction", "game", "index"): the
// words after a name that make it a concept's (NamesAConcept).
var conceptNouns = func() map[string]bool {
	m := maps.Clone(scholarsNouns)
	for _, w := range strings.Fields(`strategy strategies value values auction auctions game games
		rule rules index indices solutions protocol protocols algorithms principle criteria
		refinements theorems axiom dilemma curse property effect measure procedure method
		process norm contract tax mechanisms`) {
		m[w] = true
	}
	return m
}()

// NamesAConcept reports whether question writes name, one of its Names,
// as a concept's: before a word for a kind of concept, with or without a
// possessive ("the Zorblax equilibrium", "the Krumple mechanism",
// "Zorblax's strategy", "a Zorblax-style auction"), read as scholarsName
// reads a scholar's name but with conceptNouns. A caller asks it of a name
// no source mentions: a concept so named is one the sources cannot be
// about, a name in passing ("Germany's spectrum auction was…") may be a
// setting they word otherwise.
func NamesAConcept(question, name string) bool {
	var words []string
	sentenceWords(question, func(start, end int, _ bool) { words = append(words, question[start:end]) })
	for i, w := range words {
		rest, ok := strings.CutPrefix(w, name)
		if !ok {
			continue
		}
		next := words[i+1 : min(i+4, len(words))]
		if rest != "" {
			// "Zorblax's", "Zorblax-style", not "Zorblaxian".
			r, size := utf8.DecodeRuneInString(rest)
			if !isJoiner(r) {
				continue
			}
			if rest = rest[size:]; rest != "s" {
				next = append(strings.FieldsFunc(rest, isJoiner), next...)
			}
		}
		if namedBefore(next, conceptNouns) {
			return true
		}
	}
	return false
}

// KnownName reports whether the field's vocabulary (see ForeignName)
// holds the name w, or one of its joined parts: "Nash", "Kakutani",
// "Gale-Shapley".
func KnownName(w string) bool { return knownName(w, fieldVocabulary()) }

// knownName reports whether the vocabulary holds w, or, for a joined word
// ("Kalai-Smorodinsky", "Nash's"), one of its parts.
func knownName(w string, known map[string]bool) bool {
	lw := strings.ToLower(w)
	if known[lw] {
		return true
	}
	for _, part := range strings.FieldsFunc(lw, isJoiner) {
		if len(part) < 2 {
			continue
		}
		if known[part] || known[strings.TrimSuffix(part, "s")] {
			return true
		}
	}
	return false
}

// inCapitals reports whether w is an acronym: written in capitals, two or
// more, digits and a plural "s" allowed ("VCG", "LPs", "A2C"; not
// "Nash-Q"), or as isAcronym says ("PoA").
func inCapitals(w string) bool {
	if isAcronym(w) {
		return true
	}
	caps := 0
	for i, r := range w {
		switch {
		case unicode.IsUpper(r):
			caps++
		case unicode.IsDigit(r):
		case r == 's' && i == len(w)-1:
		default:
			return false
		}
	}
	return caps >= 2
}

// fieldVocabulary is every word of the glossary's forms, the related
// phrases, the cues (a prefix cue word as written, without its star), the
// words papers use for the field words and a few names of technologies,
// lower-cased, built on first use.
//
// The related phrases are all of them, the third table's too
// (RelatedPhrases): its names are those papers on a term use ("Lasry
// Lions", "Fokker-Planck" for mean field games), which the searches leave
// out only because they fetch the crowd. With them, 2 of the 3 questions of
// testdata/world's blind dev36 that were refused unsearched by this rule
// or PurchaseErrand were searched ("coupled HJB and Fokker-Planck
// equations for pedestrian crowds"), and no control of the tuning, stress
// or dev sets changed its outcome.
var fieldVocabulary = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	addWords := func(s string) {
		for _, w := range Words(s) {
			m[w] = true
			for _, part := range strings.FieldsFunc(w, isJoiner) {
				m[part] = true
			}
		}
	}
	for i := range glossary {
		for _, f := range glossary[i].forms() {
			addWords(f)
		}
		for _, r := range phraseIndex()[glossary[i].name] {
			addWords(r)
		}
	}
	for _, list := range allCues() {
		for _, c := range list {
			for _, tok := range strings.Fields(c) {
				for _, a := range strings.Split(tok, "|") {
					addWords(strings.TrimSuffix(a, "*"))
				}
			}
		}
	}
	// Capitalised common nouns of technology that the field's papers use
	// as plain words (channel selection on Wi-Fi, mining games on Bitcoin).
	for _, w := range []string{"internet", "web", "wi-fi", "wifi", "bluetooth", "bitcoin", "ethereum"} {
		m[w] = true
	}
	// A field word's key is the student's everyday word ("ebay",
	// "freeloader"), not the field's: only the words papers use count.
	for _, list := range fieldWordIndex() {
		for _, f := range list {
			addWords(f)
		}
	}
	return m
})

// sentenceWords calls fn with the bounds of each word of question and
// whether it opens a sentence: the question's first word, or one after
// a full stop, a question or exclamation mark, a colon, a semicolon, an
// opening quote or parenthesis.
func sentenceWords(question string, fn func(start, end int, opens bool)) {
	prev := 0
	eachWord(question, func(start, end int) {
		fn(start, end, prev == 0 || strings.ContainsAny(question[prev:start], ".?!:;\"“("))
		prev = end
	})
}

// Names are the words question writes as names, in question order:
// capitalised words and acronyms that do not open a sentence ("Zorblax",
// "Wuhan", "EU", "5G"), a possessive's "'s" dropped. Of a hyphenated word
// only its capitalised parts are names ("Uber" of "Uber-style"), unless
// every part is ("Wi-Fi", "Gale-Shapley"). One letter ("I", the "Q" of
// "Q-learning") is no name. Capitalised words side by side are one name
// ("Cold War", "John Nash"), unless the first is a possessive; acronyms
// and numbers are not joined ("UK 3G"). Unlike ForeignName it keeps the
// field's own names ("Nash"): a caller compares them with what sources
// say.
func Names(question string) []string {
	var out []string
	joinable := -1 // the end of the last name, when a name right after it joins it
	sentenceWords(question, func(start, end int, opens bool) {
		if opens {
			joinable = -1
			return
		}
		raw := question[start:end]
		w := strings.TrimSuffix(strings.TrimSuffix(raw, "'s"), "’s")
		parts := strings.Split(w, "-")
		var caps []string
		for _, p := range parts {
			if isNamePart(p) {
				caps = append(caps, p)
			}
		}
		if len(caps) == len(parts) && len(parts) > 1 {
			caps = []string{w}
		}
		whole := len(caps) == 1 && caps[0] == w && titleCase(w)
		if whole && joinable == start-1 && question[start-1] == ' ' {
			// "Cold War", "John Nash": one name of several words.
			out[len(out)-1] += " " + w
		} else {
			for _, c := range caps {
				if utf8.RuneCountInString(c) > 1 {
					out = append(out, c)
				}
			}
		}
		joinable = -1
		if whole && w == raw {
			joinable = end
		}
	})
	return out
}

// titleCase reports whether w is a capital and then small letters
// ("Cold"), as the words of a name of several words are, not an acronym
// or a number ("UK 3G" are two names).
func titleCase(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	rest := w[n:]
	return unicode.IsUpper(r) && rest != "" && strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLower(r) && r != '-' }) < 0
}

// isNamePart reports whether part starts with a capital letter, or is a
// number with letters ("5G").
func isNamePart(part string) bool {
	r, _ := utf8.DecodeRuneInString(part)
	return unicode.IsUpper(r) || unicode.IsDigit(r) && strings.IndexFunc(part, unicode.IsLetter) >= 0
}

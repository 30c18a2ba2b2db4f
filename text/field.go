package text

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// fieldName matches the field's own name: "game theory", "game-theoretic",
// "game theoretically", "game theorists", with the words that say it is a
// field ("the field of game theory", "game theory as a discipline"): in
// "Who invented game theory as a field?" the field is named once, and
// "field", left as a word of its own, sent the arXiv search to mean-field
// games. Compiled on first use: every
// command loads this package, few read a question.
var fieldName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:the (?:field|study|discipline|science) of )?game[- ]theor(?:y|ies|etic|etical|etically|ists?)\b(?: as an? (?:field|discipline|subject|science|area of (?:study|research)))?`)
})

// NamesTheField reports whether s names game theory itself, which makes it
// about the field whatever else it is about: "Who won the Nobel prize for
// game theory?" is the field's history, and "so what is game theory
// actually about?" typed after another question is a topic of its own.
func NamesTheField(s string) bool { return fieldName().MatchString(s) }

// WithoutFieldName is s with every naming of the field replaced by a
// space: "In game theory, why would you bluff?" asks about bluffing, and
// the field's name frames the question as "explain" does.
func WithoutFieldName(s string) string { return fieldName().ReplaceAllString(s, " ") }

// WithoutFieldQualifier is s with the field's name taken out where it
// only says which field a term belongs to: "in game theory" (or "in the
// field of game theory") after what is asked, as in "What is an oligopoly
// in game theory?". Every text a game-theory store holds is game theory,
// and the name, matched word for word, ranks the texts that define the
// field (the primer's overview) above the one on the term asked about.
// Elsewhere the name is kept: in "Is game theory realistic?" and "Who
// invented game theory?" the field is what is asked about.
func WithoutFieldQualifier(s string) string { return fieldQualifier().ReplaceAllString(s, "") }

// fieldQualifier is compiled on first use, as fieldName is.
var fieldQualifier = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^\s*|[,;]?\s+)in (?:the )?(?:field of )?game[- ]theory\b,?`)
})

// FieldOrigin returns the words of a question about the field's own
// beginnings that ask for them ("invented" in "Who invented game
// theory?", "start" in "When did game theory start?", "father" in "Who is
// the father of game theory?"), or nil for any other question. Sources
// say such things in their own words, "The field was founded by John von
// Neumann and Oskar Morgenstern … (1944)", which shares no word with the
// student's "invented": the reasoners read these words as Founded.
//
// The question must name the field (NamesTheField) and ask who or when,
// or name its history, origins or founders outright: "start" in "How do
// players start a game of chicken?" asks nothing of the field.
func FieldOrigin(question string) []string {
	if !NamesTheField(question) {
		return nil
	}
	rest := WithoutFieldName(question)
	re := origin()
	if !re.asked.MatchString(rest) {
		return nil
	}
	var words []string
	for _, m := range re.word.FindAllString(rest, -1) {
		words = append(words, strings.Fields(m)...) // "came up with": each word
	}
	return words
}

// Founded is the word sources say what FieldOrigin's words ask with: "The
// field was founded by John von Neumann and Oskar Morgenstern".
const Founded = "founded"

// ConceptOrigin returns the words of a question about the beginnings of
// something other than the field itself that ask for them ("invented" in
// "Who invented the prisoner's dilemma?", "came up with" in "Who came up
// with the Shapley value?"), or nil for any other question. Sources say
// a concept's beginnings as Introduced does ("The Shapley value,
// introduced by Lloyd Shapley in 1953"), or devised, proposed or coined:
// the reasoners read these words as those.
//
// The question must ask who, or when or where something began: "When
// two agents invent their own language, why is it hard to read?" asks
// nothing of anyone's beginnings, and "start" in "How do players start
// a game of chicken?" nothing of the game's.
func ConceptOrigin(question string) []string {
	if NamesTheField(question) || !conceptOrigin().MatchString(question) {
		return nil
	}
	var words []string
	for _, m := range origin().word.FindAllString(question, -1) {
		words = append(words, strings.Fields(m)...)
	}
	return words
}

// Introduced is the word sources most often say what ConceptOrigin's
// words ask with: "introduced by Robert Aumann".
const Introduced = "introduced"

// OriginWords are the words with which sources say who began a concept,
// Introduced first: "devised by Merrill Flood and Melvin Dresher".
var OriginWords = []string{Introduced, "devised", "proposed", "coined", "invented", "formulated"}

// Origin returns the words of a question that ask for the beginnings of
// the field (FieldOrigin) or of a concept (ConceptOrigin), and the words
// sources say them with: Founded for the field, OriginWords for a
// concept. Both are nil for any other question. The readers of a
// question's words (the reasoners' key terms, the about test's
// alternatives) take the two from here, so they read the same question
// alike; said must not be modified.
func Origin(question string) (asked, said []string) {
	if asked := FieldOrigin(question); asked != nil {
		return asked, []string{Founded}
	}
	if asked := ConceptOrigin(question); asked != nil {
		return asked, OriginWords
	}
	return nil, nil
}

// conceptOrigin matches a question that asks who began something, or
// when or where it began: who and an origin word, "when was … invented",
// "in what year did … start", "where does … come from". Compiled on first
// use, as fieldName is.
var conceptOrigin = sync.OnceValue(func() *regexp.Regexp {
	const verb = `(?:invent|creat|start|beg[aiu]n|originat|pioneer|c[ao]me (?:up with|from)|devis|coin|propos|introduc|first (?:described|proposed|studied|used|to)\b)`
	return regexp.MustCompile(`(?i)^\W*(?:who\b.*\b` + verb + `|(?:when|(?:in )?what year)\s+(?:was|were|did|is|are)\b.*\b` + verb + `|where\s+(?:does|do|did)\b.*\bc[ao]me from\b)`)
})

// IsOriginWord reports whether w is one of origin's words (FieldOrigin's,
// compared without case): a word sources say with Founded.
func IsOriginWord(origin []string, w string) bool {
	return slices.ContainsFunc(origin, func(o string) bool { return strings.EqualFold(o, w) })
}

// origin holds FieldOrigin's expressions: the words that ask for the
// field's beginnings, and the shapes of question that ask for them
// (who or when and an origin verb, or "the history of …"). Compiled on
// first use, as fieldName is.
var origin = sync.OnceValue(func() struct{ word, asked *regexp.Regexp } {
	const someone = `(?:person|people|one|man|woman|scientist|economist|mathematician)s?`
	return struct{ word, asked *regexp.Regexp }{
		word:  regexp.MustCompile(`(?i)\b(?:invent(?:ed|s|ing|or|ors|ion)?|found(?:ed|er|ers|ing|ation|ations)|fathers?|creat(?:ed|or|ors)|start(?:ed|s)?|beg[au]n|begin(?:s|ning|nings)?|originat(?:ed|es)|origins?|pioneer(?:ed|s)?|history|birth|born|c[ao]me (?:up with|from)|first(?: ` + someone + `)?)\b`),
		asked: regexp.MustCompile(`(?i)^\W*(?:who|when|where|what year|in what year|how did)\b.*\b(?:invent|found|creat|start|beg[au]n|originat|pioneer|born|c[ao]me (?:up with|from)|father|the first ` + someone + `\b|the first to\b)|\b(?:history|origins?|founders?|fathers?|inventors?|birth|beginnings?) of\b`),
	}
})

// WithoutLife is s with the idioms that ask for everyday use ("in real
// life", "the real world", "everyday life") replaced by a space. In a
// question that names the field ("Is game theory useful in real life?")
// they frame it as the field's name does, and say nothing a source would:
// the primer's overview says where the field is used without saying
// "real" or "life".
func WithoutLife(s string) string { return lifeIdiom().ReplaceAllString(s, " ") }

// HasLifeIdiom reports whether s asks for everyday use (see WithoutLife).
func HasLifeIdiom(s string) bool { return lifeIdiom().MatchString(s) }

// lifeIdiom is compiled on first use, as fieldName is.
var lifeIdiom = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:real|everyday|daily|day-to-day|ordinary)[- ](?:life|lives|world)\b`)
})

package chat

import (
	"slices"
	"strings"

	"github.com/gtrag/gtrag/text"
)

// reading is how Offline reads a line of the conversation: its opening
// connective, its words, and what makes it a follow-up, if anything.
type reading struct {
	rest       string // the line without its opening connective
	lead       string // the connective, lower-case, as typed
	connective bool
	words      []string // the fields of rest
	// ref is the index in words of the first pronoun that has no
	// antecedent in the line (danglingRef), or -1.
	ref int
	// fragment reports a prepositional phrase that asks nothing: "in
	// auctions?", "for three players?".
	fragment bool
	own      []text.Concept // the line's focal concepts
	// content counts the words of rest that say what it asks about
	// (contentWords).
	content int
}

func read(line string) reading {
	line = strings.TrimSpace(line)
	rest, connective := stripConnective(line)
	r := reading{
		rest:       rest,
		lead:       strings.ToLower(line[:len(line)-len(rest)]),
		connective: connective,
		words:      strings.Fields(rest),
		own:        text.Focal(line),
	}
	r.ref = danglingRef(r.words, r.own, strings.HasSuffix(strings.TrimRight(r.lead, " ,"), "what about"))
	r.fragment = isFragment(r.words)
	r.content = contentWords(rest)
	return r
}

// followUp applies Offline's rule: a pronoun without an antecedent, no
// concept of its own, an elliptical fragment, or a connective before no
// glossary term.
func (r reading) followUp() bool {
	return r.ref >= 0 && r.content < wholeQuestion || len(r.own) == 0 || r.fragment || r.connective && !r.knownOwn()
}

// wholeQuestion is the number of content words from which a line with a
// pronoun is taken for a question of its own. A follow-up says little
// beside its pronoun ("Why do players in a repeated game use it?", three;
// "Is it related to correlated equilibrium?", two), and danglingRef cannot
// tell an expletive or a relative clause from a back-reference: 206 of the
// 3,818 questions of testdata, asked after another, had a pronoun replaced
// by its topic ("How hard is the prisoner's dilemma computationally to find
// a Nash equilibrium …?", "… before letting the prisoner's dilemma
// rise?"); 205 of them have five content words or more. The price: a long
// follow-up ("Why do players in a finitely repeated game with discounting
// still use it?") is asked as typed.
const wholeQuestion = 5

// dependsOnPrevious reports whether the line cannot be asked without an
// earlier question: a follow-up by Offline's rule, with words or a
// connective for carryTopic to carry that question's topic into.
func (r reading) dependsOnPrevious() bool {
	return r.followUp() && (len(r.words) > 0 || r.connective)
}

// needsEarlier reports whether the line cannot be asked as the first of a
// conversation: it is an elliptical fragment ("in auctions?"), it says
// nothing of its own once its connective, pronouns and question words are
// set aside ("why?", "Does it always exist?", "and then?"), or it opens by
// tying itself to what came before ("and …", "what about …") and names no
// glossary term.
//
// It is narrower than dependsOnPrevious, which decides whether a line
// after a question is rewritten onto it and errs toward yes, where the
// cost is a topic carried over. Before any question the cost of yes is a
// question refused: dependsOnPrevious would refuse 234 of the 3,818
// questions of testdata ("Why does a Stackelberg leader earn more than it
// would in Cournot competition?", whose "it" has an antecedent in another
// clause; "In chicken, what's the point of …", whose concept the glossary
// lacks).
func (r reading) needsEarlier() bool {
	if r.fragment {
		return true
	}
	if !hasContent(r.rest) {
		// A line of no content that does not read as a follow-up either
		// ("q", "???") is no follow-up: asked, it is answered as what
		// it is.
		return r.ref >= 0 || r.connective || slices.ContainsFunc(r.words, func(w string) bool { return questionWords[bareWord(w)] })
	}
	return r.connective && tyingConnectives[strings.TrimRight(r.lead, " ,")] && !r.knownOwn()
}

// asksSomething reports whether words that open with a preposition go on
// to ask: a question word or an auxiliary after the first word ("In
// chicken, what's the point of …", "When I look at a payoff matrix, whose
// payoff …", "in rubinstein bargaining does the more patient player …",
// "On an auction site I set my maximum. Is there any reason …"), or an
// infinitive after "when" or "if" ("when to delegate decisions to a
// biased consultant"). Looking for the question word or auxiliary only
// where a clause may open (the second word, after a comma) took 25 of the
// 3,818 questions of testdata for fragments, and a chat glued its previous
// topic on: "What about the prisoner's dilemma in contract bridge, when
// should I open the bidding …?". A fragment that holds an auxiliary ("in
// auctions that are repeated?") is the price: it is asked as typed.
func asksSomething(words []string) bool {
	for i, w := range words[min(1, len(words)):] {
		lw := strings.TrimSuffix(strings.TrimSuffix(bareWord(w), "'s"), "’s")
		if i == 0 && lw == "to" || whWords[lw] || lw == "when" || lw == "whether" || lw == "whose" || auxiliaries[lw] {
			return true
		}
	}
	return false
}

// NeedsEarlierQuestion reports whether line can only be read as a
// follow-up to an earlier question ("why?", "and in the repeated
// version?", "Does it always exist?"), so that asking it on its own would
// search for nothing it names. A chat says so for its first line; gtrag
// ask, which has no earlier question, refuses it.
func NeedsEarlierQuestion(line string) bool { return read(line).needsEarlier() }

// tyingConnectives open a line that goes on from another: "so", "then",
// "also", "but" and "or" open whole first questions too ("so what is game
// theory actually about?").
var tyingConnectives = map[string]bool{"and": true, "what about": true, "how about": true, "and what about": true, "and how about": true}

// hasContent reports whether s holds a word that says what it asks about:
// not a function word, a pronoun or a word questions are framed with.
func hasContent(s string) bool { return contentWords(s) > 0 }

// contentWords counts the words of s that say what it asks about.
func contentWords(s string) int {
	n := 0
	for _, w := range text.Words(s) {
		if !text.StopWords.Has(w) && !text.QuestionWords.Has(w) {
			n++
		}
	}
	return n
}

// knownOwn reports whether the line names a glossary term of its own, or
// the field itself (text.NamesTheField), a topic of its own whatever
// connective opens it: "so what is game theory actually about, in plain
// words?" after another question was asked as "What is game theory
// actually about, in plain words in the prisoner's dilemma?", and "and
// what is game theory?" typed first was refused as a follow-up.
func (r reading) knownOwn() bool {
	return slices.ContainsFunc(r.own, func(c text.Concept) bool { return c.Known }) || text.NamesTheField(r.rest)
}

// standsAlone reports whether line is a question that needs no
// conversation to be read: not a follow-up by Offline's rule, naming a
// glossary term of its own ("How does the Vickrey auction make truthful
// bidding a dominant strategy?"), and not opening with a connective, which
// ties even a new topic to the conversation ("and what about the Shapley
// value?").
func standsAlone(line string) bool {
	r := read(line)
	return !r.followUp() && r.knownOwn() && !r.connective
}

// danglingRef returns the index in words of the first pronoun that refers
// back to the conversation, or -1. A pronoun refers back unless the line
// gives it an antecedent before it (hasAntecedent): a noun phrase of its
// own, for "it" and "its" one of the line's concepts or a noun after a
// determiner ("the core"), for "they", "them" and "their" also a plural
// noun ("bidders"). Where the pronoun stands decides where the antecedent
// may be:
//
//   - a possessive ("its", "their") may refer to anything before it, the
//     subject of its own clause too: "Why do bidders shade their bids?";
//   - a subject or an object may not refer to a noun of its own clause,
//     only to one of an earlier clause: "What is backward induction and
//     when does it fail?", "How do you find a Nash equilibrium and verify
//     it?" but not "Why do players in a repeated game use it?" or "Under
//     what conditions does it exist?", where "it" is the previous topic;
//   - "they" after a verb opens a clause of its own ("Why do firms believe
//     they can collude?"), so anything before it counts.
//
// Clauses start at a conjunction ("and", "when", "if"…) or after a comma,
// except the comma that closes an opening prepositional phrase: in "In
// zero-sum games, is it unique?" "it" is still the previous topic.
//
// Some of the words are not pronouns at all: "that" after a verb or a noun
// opens a clause ("ensure that bidding …", "a strategy that is …"), and
// "it" before "to", "that" or "for … to" stands for what follows ("Is it
// rational to cooperate?", "What does it mean for a mechanism to be
// strategy-proof?").
//
// whatAbout says the line opened with "what about", stripped as a
// connective. When a verb follows its noun phrase, "what about" was no
// connective but the subject of that verb, the noun phrase its complement,
// and a pronoun after the verb may refer to it: in "What about the Nash
// equilibrium of matching pennies makes it mixed?" "it" is the equilibrium.
// It was read as the previous topic, and the line became "What about the
// Nash equilibrium of matching pennies makes the Shapley value mixed?".
func danglingRef(words []string, own []text.Concept, whatAbout bool) int {
	clause := 0                 // where the clause being read starts
	predicate := map[int]bool{} // words that describe an "it" standing for a clause
	for i, w := range words {
		lw := bareWord(w)
		if i > 0 && (clauseWords[lw] || endsClause(words[i-1]) && !openingPhrase(words[clause])) {
			clause = i
		}
		if _, ok := backRefs[lw]; !ok {
			continue
		}
		if lw == "it" {
			if end, ok := expletiveIt(words, i); ok {
				for j := i + 1; j <= end; j++ {
					predicate[j] = true
				}
				continue
			}
		}
		if (lw == "those" || lw == "these") && i+1 < len(words) && relatives[bareWord(words[i+1])] {
			continue // "those who defect" says whom it means
		}
		if demonstratives[lw] && i+1 < len(words) && timeNouns[bareWord(words[i+1])] {
			continue // "this year", "that day": a time, not the topic
		}
		if lw == "that" && opensClause(words, i) {
			clause = i + 1
			continue
		}
		scope := clause
		if lw == "its" || lw == "their" || lw == "they" && i > clause && isContent(bareWord(words[i-1])) {
			scope = i
		}
		if whatAbout && clause == 0 && i > 1 && isContent(bareWord(words[i-1])) {
			scope = i // "what about X makes it …": X is before it
		}
		if hasAntecedent(words[:scope], predicate, lw, own) {
			continue
		}
		return i
	}
	return -1
}

// demonstratives point at a time when a time noun follows them
// (timeNouns): "Where do I vote early in my county this year?" was asked
// as "… in my county the prisoner's dilemma year?".
var demonstratives = map[string]bool{"this": true, "that": true, "these": true, "those": true}

var timeNouns = map[string]bool{
	"year": true, "years": true, "month": true, "months": true, "week": true, "weeks": true,
	"day": true, "days": true, "morning": true, "afternoon": true, "evening": true, "night": true,
	"time": true, "season": true, "semester": true, "term": true, "weekend": true, "summer": true,
	"winter": true, "spring": true, "autumn": true, "fall": true, "decade": true, "century": true,
}

// openingPhrase reports whether a clause that starts with the word w is a
// prepositional phrase ("In zero-sum games, …"), which the comma after it
// does not end, rather than a clause of its own ("When the game is
// repeated, …").
func openingPhrase(w string) bool {
	lw := bareWord(w)
	return prepositions[lw] && !clauseWords[lw]
}

// clauseWords open a clause of their own: a pronoun after one may be the
// subject of a new clause, and refer to a noun of the clause before.
var clauseWords = map[string]bool{
	"and": true, "but": true, "or": true, "when": true, "whenever": true, "if": true, "because": true,
	"while": true, "whereas": true, "although": true, "though": true, "since": true, "unless": true,
	"where": true, "so": true,
}

// relatives after "those" or "these" say whom they mean.
var relatives = map[string]bool{"who": true, "which": true, "that": true, "whose": true}

// singularRefs are the pronouns that stand for one thing; the others
// stand for several.
var singularRefs = map[string]bool{"it": true, "its": true, "this": true, "that": true}

// hasAntecedent reports whether before, the words before a pronoun (or
// before its clause), name something the pronoun can stand for: one of
// the line's concepts, a noun after a determiner or a possessive, or, for
// a plural pronoun, a plural noun. Words in predicate describe an "it"
// that stands for a clause ("true" in "Is it true that …") and name
// nothing.
func hasAntecedent(before []string, predicate map[int]bool, pronoun string, own []text.Concept) bool {
	var kept []string
	for j, w := range before {
		if !predicate[j] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return false
	}
	prefix := strings.Join(kept, " ")
	for _, c := range own {
		if c.In(prefix) {
			return true
		}
	}
	for j, w := range kept {
		lw := bareWord(w)
		if !isContent(lw) {
			continue
		}
		prev := ""
		if j > 0 {
			prev = bareWord(kept[j-1])
		}
		if nounDeterminers[prev] || strings.HasSuffix(prev, "'s") || strings.HasSuffix(prev, "’s") {
			return true // "the core", "Schelling's model"
		}
		if !singularRefs[pronoun] && isPluralNoun(lw, prev) {
			return true // "Why do bidders shade their bids?"
		}
	}
	return false
}

// nounDeterminers open a noun phrase.
var nounDeterminers = map[string]bool{
	"a": true, "an": true, "the": true, "each": true, "every": true, "some": true, "any": true,
	"no": true, "his": true, "her": true, "our": true, "my": true, "your": true, "another": true,
}

// isContent reports whether a lower-case word may be part of a noun
// phrase: no function word. text.StopWords holds every one of
// questionWords ("what", "does", "can"…) too.
func isContent(w string) bool {
	return w != "" && !text.StopWords.Has(w)
}

// irregularPlurals are plural nouns not in -s that questions use for the
// ones who play.
var irregularPlurals = map[string]bool{"people": true, "children": true, "men": true, "women": true}

// isPluralNoun reports whether w, after the word prev, reads as a plural
// noun: in -s, no verb of asking ("happens", "exists", "says"), and not
// after a word that makes it a verb ("what happens", "that wins").
func isPluralNoun(w, prev string) bool {
	if irregularPlurals[w] {
		return true
	}
	if len(w) <= 3 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") ||
		strings.HasSuffix(w, "is") || strings.HasSuffix(w, "'s") || text.QuestionWords.Has(w) || !isContent(w) {
		return false
	}
	switch prev {
	case "what", "who", "it", "that", "this", "he", "she", "one":
		return false
	}
	return true
}

// expletiveAdjectives describe an "it" that stands for a clause after
// them: "Is it rational to cooperate …?", "Is it true that …?".
var expletiveAdjectives = map[string]bool{
	"true": true, "false": true, "possible": true, "impossible": true, "rational": true, "irrational": true,
	"optimal": true, "hard": true, "easy": true, "difficult": true, "necessary": true, "better": true,
	"best": true, "worse": true, "worth": true, "wise": true, "sensible": true, "reasonable": true,
	"profitable": true, "beneficial": true, "costly": true, "likely": true, "unlikely": true, "known": true,
	"efficient": true, "important": true, "fair": true, "feasible": true, "enough": true, "smart": true,
	"advantageous": true, "desirable": true, "realistic": true, "common": true, "safe": true, "risky": true,
}

// expletiveVerbs take an "it" that stands for what follows: "What does it
// mean for a game to be zero-sum?", "What does it take to win?", "Does it
// pay to cooperate?".
var expletiveVerbs = map[string]bool{"mean": true, "means": true, "take": true, "takes": true, "pay": true, "pays": true}

// expletiveIt reports whether words[i], an "it", stands for a clause that
// follows rather than for something named before ("How hard is it to find
// a Nash equilibrium?", "Why is it that people reject low offers?", "Is it
// rational to cooperate?"), and the index of the last word that describes
// it (i when none does).
func expletiveIt(words []string, i int) (end int, ok bool) {
	if i > 0 && i+1 < len(words) && (bareWord(words[i-1]) == "is" || bareWord(words[i-1]) == "was") {
		if next := bareWord(words[i+1]); next == "to" || next == "that" {
			return i, true // "how hard is it to …", "why is it that …"
		}
	}
	j := i + 1
	for j < len(words) && itFillers[bareWord(words[j])] {
		j++
	}
	if j+1 >= len(words) {
		return i, false
	}
	if w := bareWord(words[j]); (expletiveAdjectives[w] || expletiveVerbs[w]) && clauseFollows(words[j+1:]) {
		return j, true
	}
	return i, false
}

// itFillers may stand between "it" and what describes it.
var itFillers = map[string]bool{
	"is": true, "was": true, "be": true, "been": true, "really": true, "always": true, "ever": true,
	"not": true, "still": true, "also": true, "even": true, "so": true, "very": true, "more": true,
	"most": true, "less": true, "actually": true, "generally": true, "usually": true,
}

// clauseFollows reports whether words open the clause an expletive "it"
// stands for: "to …", "that …", or "for X to …".
func clauseFollows(words []string) bool {
	switch bareWord(words[0]) {
	case "to", "that":
		return true
	case "for":
		for _, w := range words[1:] {
			if bareWord(w) == "to" {
				return true
			}
		}
	}
	return false
}

// opensClause reports whether "that" at words[i] opens a clause ("ensure
// that bidding is optimal", "a strategy that is never a best response",
// "Why is it that …") rather than pointing back ("Why is that?", "Does
// that hold?", "Who proved that?", "Does tit-for-tat beat that
// strategy?"): it follows a verb, a noun or "it", and something follows
// it other than a generic noun it would be the determiner of.
func opensClause(words []string, i int) bool {
	if i == 0 || i == len(words)-1 {
		return false
	}
	prev := bareWord(words[i-1])
	if endsClause(words[i-1]) {
		return false
	}
	if !isContent(prev) && prev != "it" && prev != "so" && prev != "such" && prev != "now" {
		return false
	}
	next := bareWord(words[i+1])
	return !(text.GenericWords.Has(next) && !strings.HasSuffix(next, "s"))
}

// isFragment reports whether words are an elliptical fragment: a
// prepositional phrase that asks nothing of its own ("in auctions?",
// "for three players?", "if players are patient?"). A line that goes on
// to ask ("In auctions, is it efficient?", "When does it fail?", "In a
// repeated game, why do players cooperate?") is none.
func isFragment(words []string) bool {
	return len(words) > 0 && prepositions[bareWord(words[0])] && !asksSomething(words)
}

var whWords = map[string]bool{"what": true, "why": true, "how": true, "who": true, "which": true, "where": true, "whom": true}

var auxiliaries = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "do": true, "does": true, "did": true, "can": true,
	"could": true, "would": true, "should": true, "will": true, "has": true, "have": true, "had": true,
	"may": true, "might": true, "must": true,
}

// endsClause reports whether the word w ends with punctuation that ends a
// clause: "In a repeated game, …".
func endsClause(w string) bool {
	return strings.HasSuffix(w, ",") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ":")
}

// bareWord is w lower-case without the punctuation around it.
func bareWord(w string) string {
	return strings.ToLower(strings.Trim(w, ",.;:?!\"()[]“”‘’'"))
}

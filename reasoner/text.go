package reasoner

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/text"
)

// The offline reasoners compare terms, not strings: text.Tokenize
// lower-cases, folds diacritics, drops stop words and Porter-stems, so
// "equilibria", "Equilibrium" and "equilibrium," meet as "equilibrium". It
// is the tokenizer the offline embedder and BM25 use, so a term the judge
// counts as covered is a term retrieval matched on.

// tokens returns the terms of s, in order (see text.Tokenize).
func tokens(s string) []string {
	return text.Tokenize(s)
}

// termSet returns the set of terms of text.
func termSet(text string) map[string]bool {
	set := map[string]bool{}
	for _, t := range tokens(text) {
		set[t] = true
	}
	return set
}

// term is a key term of a question: its stem, the word as the user wrote it
// (for reasons a person can read) and its weight.
type term struct {
	Stem   string
	Word   string
	Weight float64
}

// keyTerms returns the content words of a question, first occurrence first,
// without stop words or the words that frame a question ("what", "explain").
// Words that almost every game-theory passage contains ("game", "player")
// weigh half as much as the rest, so that "Nash bargaining solution" is not
// covered by a passage on Nash equilibrium.
func keyTerms(question string) []term {
	var out []term
	seen := map[string]bool{}
	// "Who invented game theory?" asks what sources say with "founded",
	// "Who invented the prisoner's dilemma?" what they say with
	// "introduced" or "devised" (text.Origin): the word that asks counts
	// as the first of those, whose synonyms are the rest (hasTerm).
	origin, said := text.Origin(question)
	var originStem string
	if len(said) > 0 {
		originStem = tokens(said[0])[0]
	}
	// The field's own name frames a question ("In game theory, why would
	// you bluff?") as "explain" does, and says nothing of what it asks:
	// every passage of the store is game theory, and the primer's overview
	// holds both words. Counted as key terms, "game" and "theory" covered
	// two thirds of that question with a passage that never says "bluff",
	// so the store was judged to answer it and arXiv was not searched. A
	// concept named with it ("evolutionary game theory") keeps its own
	// word.
	asked := text.WithoutFieldName(question)
	if text.NamesTheField(question) {
		// "Is game theory useful in real life?": the idiom frames the
		// question as the field's name does (text.WithoutLife).
		asked = text.WithoutLife(asked)
	}
	for _, w := range text.Words(asked) {
		if text.QuestionWords.Has(w) || isNumber(w) {
			continue
		}
		if text.IsOriginWord(origin, w) {
			if !seen[originStem] {
				seen[originStem] = true
				out = append(out, term{Stem: originStem, Word: w, Weight: 1})
			}
			continue
		}
		// A hyphenated word counts by its parts ("zero-sum" → zero, sum),
		// each named as written, so that a reason's "5 of 8 key terms"
		// lists eight words, not seven with "envy-freeness" for two.
		for _, part := range strings.Split(w, "-") {
			for _, s := range tokens(part) {
				if seen[s] {
					continue
				}
				seen[s] = true
				weight := 1.0
				if genericStems[s] {
					weight = 0.5
				}
				out = append(out, term{Stem: s, Word: part, Weight: weight})
			}
		}
	}
	for _, p := range paraphrases {
		if !p.re.MatchString(question) {
			continue
		}
		for _, s := range tokens(p.word) {
			if !seen[s] {
				seen[s] = true
				out = append(out, term{Stem: s, Word: p.word, Weight: 1})
			}
		}
	}
	return out
}

// foundedStem is the term of "founded", which a question about the field's
// beginnings asks for in its own words (text.FieldOrigin).
var foundedStem = tokens(text.Founded)[0]

// introducedStem is the term of "introduced", which a question about a
// concept's beginnings asks for in its own words (text.Origin); hasTerm
// also finds it said as the rest of text.OriginWords ("devised").
var introducedStem = tokens(text.Introduced)[0]

// originStems are the terms of text.OriginWords, introducedStem first.
var originStems = func() []string {
	var out []string
	for _, w := range text.OriginWords {
		out = append(out, tokens(w)...)
	}
	return out
}()

// paraphrases are everyday phrasings of a word that sources use instead:
// a student asks what a solution makes "as large as possible", a source
// says it "maximises"; "what it's worth to me" is one's value; a patient
// bargainer is one who discounts the future little. Their word is added to
// the question's key terms, so that the sentence saying it counts as
// relevant. Each is a general paraphrase of the field's prose, not of one
// question's.
var paraphrases = []struct {
	re   *regexp.Regexp
	word string
}{
	{regexp.MustCompile(`(?i)\bas (large|big|high|great|much) as possible\b|\b(largest|biggest|highest) possible\b`), "maximizes"},
	{regexp.MustCompile(`(?i)\bas (small|low|little) as possible\b|\b(smallest|lowest) possible\b`), "minimizes"},
	{regexp.MustCompile(`(?i)\bwhat (it'?s|it is|they'?re|they are|something is|the item is) (really )?worth\b`), "value"},
	{regexp.MustCompile(`(?i)\b(patient|patience|impatient|impatience)\b`), "discount"},
	// An outcome good for everyone, the best for all together, is what
	// sources call efficient (or Pareto optimal): "does that mean
	// they're getting the best possible outcome together?", "is the
	// equilibrium good for both players?".
	{regexp.MustCompile(`(?i)\b(best|good|better|optimal|ideal)( possible)? (outcome |result |deal )?(for )?(both|everyone|everybody|all|each other|together|the group|society)\b|\b(everyone|everybody|both|all)( players)? (as )?(well|better) off( as possible)?\b`), "efficient"},
	// A game played a number of times is played a finite number of
	// times, which is what sources call it: "If we play the prisoner's
	// dilemma exactly ten times…" is answered by "If the game is
	// repeated a known, finite number of times…".
	{regexp.MustCompile(`(?i)\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|a hundred|hundred|a thousand|thousand|a fixed|a set|a given|a known|a limited)\s+(number of\s+)?(times|rounds|periods|stages|repetitions)\b`), "finite"},
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// genericStems are the terms of text.GenericWords.
var genericStems = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range tokens(strings.Join(text.GenericWords.Words(), " ")) {
		m[t] = true
	}
	return m
}()

func setOf(list string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(list) {
		m[w] = true
	}
	return m
}

// truncateRunes cuts s to at most n runes without splitting one.
func truncateRunes(s string, n int) string {
	if n < 0 {
		return ""
	}
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}

// backRefWords open a sentence that leans on the one before it: pronouns
// and demonstratives ("It", "This", "Such"), and connectives ("However",
// "Thus", "For example").
var backRefWords = setOf(`it its they their them this these that those such he she his her
both neither either however but thus hence therefore so moreover furthermore also instead
likewise similarly conversely otherwise consequently nevertheless nonetheless yet again
accordingly then here there's now`)

// backRefPhrases open a sentence that leans on the one before it.
var backRefPhrases = []string{"in contrast", "by contrast", "on the other hand", "as a result",
	"for this reason", "in this case", "in that case", "with this", "with these", "under this",
	"by this", "in this", "to this end", "at this point", "for example", "for instance",
	"in particular", "in turn", "in other words", "the latter", "the former", "the same",
	// "There is also a mixed-strategy equilibrium" after the pure ones;
	// "Examples include matching pennies, …" of what the sentence before
	// named.
	"there is also", "there are also", "examples include", "other examples include",
	"applications include", "variants include"}

// anaphoricNouns are the nouns that, after "The", usually name something
// the previous sentence introduced: "The theorem says…", "The paradox
// is…", "The field was founded…". "The Shapley value is…" names its
// subject and is not a back-reference.
var anaphoricNouns = setOf(`theorem paradox field result idea game model rule mechanism
procedure algorithm concept method approach argument point problem effect answer outcome
property condition process difference proof logic intuition reason lesson principle
conclusion finding findings results book paper tournament strategy equilibrium player players
firm firms leader follower designer seller buyer sender receiver agent agents auction solution
difficulty trick key catch insight example case question analysis`)

// opensWithBackReference reports whether sentence s opens by referring back
// to an earlier sentence, so that it cannot stand alone: a pronoun or
// demonstrative ("It contrasts with…", "These findings…"), a connective
// ("However, …", "With this Clarke pivot rule…") or "The" with a noun that
// names something already introduced ("The theorem says…").
func opensWithBackReference(s string) bool {
	ws := text.Words(s)
	if len(ws) == 0 {
		return false
	}
	lower := strings.ToLower(strings.TrimLeft(s, `"'“‘( `))
	for _, p := range backRefPhrases {
		if strings.HasPrefix(lower, p+" ") || strings.HasPrefix(lower, p+",") {
			return true
		}
	}
	if demonstrativeSubject(lower) || demonstrativeInFirstClause(lower) || bareAbstractInFirstClause(lower) || pronounOneInFirstClause(lower) || pronounAfterOpening(ws, lower) || pronounAfterWe(ws) {
		return true
	}
	first := ws[0]
	if first == "there" || first == "here" {
		return false // "There are two…" introduces, it does not refer back
	}
	if backRefWords[first] {
		return true
	}
	if first == "the" && len(ws) > 1 && anaphoricNouns[strings.TrimSuffix(ws[1], "'s")] {
		return true
	}
	// A connective after the subject leans back just as one in front:
	// "Each driver now prefers…", "Players therefore…". "Now" after an
	// auxiliary ("is now used") only dates a fact, and stands alone.
	for i := 1; i < min(len(ws), earlyBackRefSpan); i++ {
		w := ws[i]
		if ws[i-1] == "and" || ws[i-1] == "or" {
			continue // "… and therefore …" links the sentence's own clauses
		}
		if earlyBackRef[w] || w == "now" && !auxiliaries[ws[i-1]] {
			return true
		}
	}
	return hereAfterSubject(ws)
}

// hereAfterSubject reports whether "here" follows a noun early in a
// sentence, standing for the case its source is describing: "Unlike the
// prisoner's dilemma, cooperation here is an equilibrium …" is said of
// the stag hunt, which the sentence does not name. "Here we show …", "we
// show here" and "the model studied here" speak of the paper itself,
// which its citation names, and stand alone.
func hereAfterSubject(ws []string) bool {
	for i := 1; i < min(len(ws), hereSpan); i++ {
		if ws[i] != "here" {
			continue
		}
		prev := ws[i-1]
		if paperHere[prev] || strings.HasSuffix(prev, "ed") || i+1 < len(ws) && (ws[i+1] == "we" || ws[i+1] == "i") {
			return false
		}
		return true
	}
	return false
}

// hereSpan is how far into a sentence hereAfterSubject looks.
const hereSpan = 8

// paperHere are the words after which "here" means in this paper.
var paperHere = setOf(`we us i show shows shown give gives given present presents consider considers study studies propose proposes introduce introduces describe describes develop develops use uses discuss discusses define defines report reports prove proves argue argues`)

// pronounAfterOpening reports whether a sentence's subject, after an
// opening prepositional phrase, is "it" standing for what an earlier
// sentence named: "With private values it gives the same outcome as the
// English ascending auction" (it: the second-price auction), "In convex
// games it lies in the core". A clause that opens with "if" or "when" may
// name it itself ("If some coalition received less, it could break
// away"), and "it" before "pays", "seems" or "is" and an adjective
// ("In practice it is hard to …") stands for nothing.
func pronounAfterOpening(ws []string, lower string) bool {
	if len(ws) < 3 || !openingPrepositions[ws[0]] {
		return false
	}
	for i := 1; i < min(len(ws)-1, openingPhraseWords+2); i++ {
		if ws[i] != "it" {
			continue
		}
		switch next := ws[i+1]; {
		case next == "is" || next == "was":
			// ws leaves out "a": the article is read from the sentence.
			return itIsANoun.MatchString(lower)
		case impersonalIt[next]:
			return false
		}
		return true
	}
	return false
}

// pronounAfterWe reports whether a sentence opening with "we" has "it" or
// "them" among its next three words: "We compare it with student-proposing
// deferred acceptance", "We show that it converges", "We then apply them
// to…" stand for what an earlier sentence of the abstract named. The
// offline answer to a DeGroot question opened with the first of these, a
// school-choice paper's "it" in a question on social learning.
func pronounAfterWe(ws []string) bool {
	if len(ws) < 3 || ws[0] != "we" {
		return false
	}
	for _, w := range ws[2:min(len(ws), 5)] {
		if w == "it" || w == "them" {
			return true
		}
	}
	return false
}

// itIsANoun matches "it is" or "it was" before an article: "it is a
// many-player prisoner's dilemma" says what something is.
var itIsANoun = regexp.MustCompile(`\bit (?:is|was) (?:a|an|the)\b`)

// subjectNoun returns, for a sentence whose "it" stands for an earlier
// sentence's subject (pronounAfterOpening), the term of the head noun of
// its source's title ("auction" for "Second-price sealed-bid (Vickrey)
// auctions"), which is what "it" stands for in a source about one thing:
// an earlier quoted sentence of the source that names it is antecedent
// enough, as for "The theorem …" (backNoun). "" for any other sentence.
func subjectNoun(s, title string) string {
	if !pronounAfterOpening(text.Words(s), strings.ToLower(s)) {
		return ""
	}
	head, _, _ := strings.Cut(title, ":")
	ts := tokens(head)
	if len(ts) == 0 {
		return ""
	}
	return ts[len(ts)-1]
}

// openingPrepositions open the phrase pronounAfterOpening looks past.
var openingPrepositions = setOf(`with in by under for at without unlike like given on from through across among beyond`)

// impersonalIt are the verbs after which "it" stands for nothing: "it
// pays to …", "it seems that …", "it can be shown …".
var impersonalIt = setOf(`pays seems seemed appears appeared follows followed turns turned matters mattered takes took remains can could may might must should would will does did has had`)

// demonstrativeSubject reports whether a sentence's subject, after an
// opening phrase, is "this …" or "these …" naming what an earlier sentence
// introduced: "In practice, this rule gives each agent…", "Under mild
// conditions, these payments are…". When the opening phrase names the noun
// itself ("For the Clarke pivot rule, this rule…"), the sentence stands
// alone.
func demonstrativeSubject(lower string) bool {
	i := strings.Index(lower, ", ")
	if i <= 0 || len(text.Words(lower[:i])) > openingPhraseWords {
		return false
	}
	after := text.Words(lower[i+2:])
	if len(after) < 2 || after[0] != "this" && after[0] != "these" {
		return false
	}
	noun := tokens(after[1])
	return len(noun) == 0 || !termSet(lower[:i])[noun[0]]
}

// demonstrativeInFirstClause reports whether the first clause of a
// sentence (up to a colon or semicolon) names with "this" or "these" a
// thing it has not named itself: "Kuhn's theorem, building on Zermelo's
// work on chess, says that this procedure gives…", "Alvin Roth applied
// these ideas to…". After the first clause, "these effects" usually
// points back into the sentence ("…wins more often but pays more, and at
// v/2 these effects balance").
func demonstrativeInFirstClause(lower string) bool {
	clause := firstClause(lower)
	for _, m := range demonstrativeNoun.FindAllStringSubmatchIndex(clause, -1) {
		if m[0] == 0 {
			continue // an opening demonstrative is backRefWords' case
		}
		noun := clause[m[4]:m[5]]
		if !anaphoricNouns[noun] && !anaphoricNouns[strings.TrimSuffix(noun, "s")] {
			continue
		}
		ts := tokens(noun)
		if len(ts) > 0 && !termSet(clause[:m[0]])[ts[0]] {
			return true
		}
	}
	return false
}

// bareAbstractInFirstClause reports whether the first clause of a
// sentence (up to and with its colon or semicolon) ends a phrase on "the"
// and an abstract noun that stands for what an earlier sentence said,
// with nothing after it to say which: "The folk theorem generalises the
// idea: …" (the idea that the threat of punishment sustains cooperation,
// in the sentences before it), "The guessing game … shows the logic: …".
// "…, which generalises the idea of a best response" says which idea, and
// "The idea is …" opens with the noun (opensWithBackReference's "The"
// case).
func bareAbstractInFirstClause(lower string) bool {
	clause := firstClause(lower)
	for _, m := range bareAbstract.FindAllStringSubmatchIndex(clause, -1) {
		if m[0] == 0 {
			continue
		}
		noun := clause[m[2]:m[3]]
		if noun == "approach" && strings.HasSuffix(clause[m[0]:m[1]], " to") {
			continue
		}
		ts := tokens(noun)
		if len(ts) > 0 && !termSet(clause[:m[0]])[ts[0]] {
			return true
		}
	}
	return false
}

// pronounOne matches "one" standing for a noun of an earlier sentence, as
// the object of a verb of finding or making: "The main tool for computing
// one is the indifference principle" (one: a mixed equilibrium, named the
// sentence before). "one" before a noun ("computing one equilibrium") is a
// number, and stands alone.
var pronounOne = regexp.MustCompile(`\b(computing|compute|computes|finding|find|finds|constructing|construct|constructs|reaching|reach|reaches|selecting|select|selects|choosing|choose|chooses|picking|pick|picks) one\s*(?:[:;,.]|is\b|are\b|was\b|can\b|$)`)

// pronounOneInFirstClause reports whether the first clause of a sentence
// uses "one" for a noun (pronounOne) it has not introduced itself: "…
// every instance has a stable matching, and the algorithm to find one …"
// names it ("a stable matching") before.
func pronounOneInFirstClause(lower string) bool {
	clause := firstClause(lower)
	m := pronounOne.FindStringIndex(clause)
	return m != nil && !indefiniteNoun.MatchString(clause[:m[0]])
}

// indefiniteNoun matches a noun phrase introduced by "a" or "an".
var indefiniteNoun = regexp.MustCompile(`\ban? [a-z]`)

// firstClause is a sentence up to its first colon or semicolon.
func firstClause(lower string) string {
	if i := strings.IndexAny(lower, ":;"); i >= 0 {
		return lower[:i+1]
	}
	return lower
}

// bareAbstract matches "the" and an abstract noun that ends a phrase, before
// a colon, semicolon, comma or full stop, or the end of the clause, or
// that is carried somewhere by the verb before it ("generalised the idea
// as subgame perfect equilibrium", "We extend the argument to …", "apply
// the result to …"): which idea is the sentence before's to say. "The
// approach to" names its subject ("the approach to pricing"), and stands.
var bareAbstract = regexp.MustCompile(`\bthe (idea|ideas|result|results|argument|point|logic|intuition|insight|observation|principle|lesson|reasoning|approach|phenomenon)(?:\s*(?:[:;,.]|$)| (?:as|into|to)\b)`)

// demonstrativeNoun matches "this" or "these" and the word after it.
var demonstrativeNoun = regexp.MustCompile(`\b(this|these)\s+([a-z]+)`)

// openingPhraseWords is the longest opening phrase before a sentence's
// subject that demonstrativeSubject looks past.
const openingPhraseWords = 8

// earlyBackRefSpan is how many opening words may hold a connective that
// refers back (earlyBackRef, or "now"): the subject and its verb. Further
// in, "therefore" or "instead" links clauses of the sentence itself.
const earlyBackRefSpan = 4

// earlyBackRef are connectives that refer back wherever they stand in a
// sentence's opening.
var earlyBackRef = setOf(`therefore thus hence instead consequently`)

// auxiliaries are the verbs after which "now" dates a fact rather than
// contrasting with what came before.
var auxiliaries = setOf(`is are was were be been has have had can could may might will would should must`)

// leansOnPrevious matches a sentence that presents itself as an instance of
// what the sentence before it said, without naming that: "The prisoner's
// dilemma is the classic case: …", "Matching pennies is a standard
// example." ("… the classic example of a coordination game" names it, and
// stands alone.)
var leansOnPrevious = regexp.MustCompile(`(?i)\b(is|are|was|were|gives?|provides?) (the|a|an) (classic|standard|typical|famous|canonical|textbook|simplest|best-known|well-known) (case|example|instance|illustration)\b(\s*[:.;,]|\s+(here|again)\b)`)

// refersBack reports whether sentence s needs the sentence before it in
// its source: it opens with a back-reference (opensWithBackReference) or
// presents itself as an instance of what came before (leansOnPrevious).
func refersBack(s string) bool {
	return opensWithBackReference(s) || leansOnPrevious.MatchString(s)
}

// backNoun returns the term of the noun a sentence opening "The theorem
// …" refers back to, or "".
func backNoun(s string) string {
	ws := text.Words(s)
	if len(ws) > 1 && ws[0] == "the" && anaphoricNouns[strings.TrimSuffix(ws[1], "'s")] {
		if ts := tokens(ws[1]); len(ts) == 1 {
			return ts[0]
		}
	}
	return ""
}

// citationMark matches the citations of an answer: [1], [1, 2].
var citationMark = regexp.MustCompile(`\s*\[(\d+(?:\s*,\s*\d+)*)\]`)

// AnswerSentences are the sentences of an answer without their citation
// marks: for an extractive answer, each as its source says it (a chat's
// told sentences, nodes.GraphState.Told).
func AnswerSentences(answer string) []string {
	return chunker.Sentences(citationMark.ReplaceAllString(answer, ""))
}

// DanglingOpeners returns the sentences of an answer that open by
// referring back ("It …", "This rule …", "The theorem …", "However, …")
// although the sentence before them in the answer does not come from the
// same source: the first sentence of an answer, or one that follows a
// sentence citing other sources. Such a sentence reads as if its
// antecedent were missing, which an extractive answer must never do.
// Citations are [n] as every gtrag answer writes them, at the end of the
// quote they close; a sentence without one belongs to the next cited one,
// and an answer without citations is one source.
func DanglingOpeners(answer string) []string {
	sents := chunker.Sentences(answer)
	cited := make([][]string, len(sents))
	for i := len(sents) - 1; i >= 0; i-- {
		cited[i] = citationsOf(sents[i])
		if len(cited[i]) == 0 && i+1 < len(sents) {
			// A citation closes its quote, which may span sentences: an
			// uncited sentence belongs to the next one's source.
			cited[i] = cited[i+1]
		}
	}
	var out []string
	for i, s := range sents {
		plain := strings.TrimSpace(citationMark.ReplaceAllString(s, ""))
		if opensWithBackReference(plain) && (i == 0 || !overlaps(cited[i], cited[i-1])) {
			out = append(out, plain)
		}
	}
	return out
}

func citationsOf(s string) []string {
	var out []string
	for _, m := range citationMark.FindAllStringSubmatch(s, -1) {
		for _, n := range strings.Split(m[1], ",") {
			out = append(out, strings.TrimSpace(n))
		}
	}
	return out
}

func overlaps(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true // both uncited: one source
	}
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

package chat

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
)

// A Rewriter turns what the user typed into the question to ask, given the
// conversation so far: a follow-up ("and in the repeated version?") becomes
// a standalone question; anything else comes back unchanged.
type Rewriter interface {
	Rewrite(ctx context.Context, history []Turn, line string) (Rewrite, error)
}

// Rewrite is a Rewriter's result.
type Rewrite struct {
	Question string
	// Notices are one-line messages for the user, such as an LLM failing
	// and the offline rewrite used instead.
	Notices []string
	// Condensed is the model's call that rewrote the line (LLM), nil when
	// no model was asked. It happens before the question's run, so the
	// run's narration does not show it; the session's does
	// (Session.TraceRewrite).
	Condensed *Condensed
}

// Condensed is one call to a Condenser: what it was given and what came
// back.
type Condensed struct {
	History  []reasoner.Exchange // the conversation it was given
	FollowUp string              // the line, as given
	Reply    string              // the standalone question it wrote; "" when Err
	// Err is why no reply was used: the call failed, the reply was not
	// one question, or the question was cancelled (Cancelled).
	Err error
	// Cancelled is set when the question was cancelled during the call
	// (Ctrl-C): the line is not asked.
	Cancelled bool
}

// Offline rewrites follow-ups without a model by carrying the previous
// question's focal concept (text.Focal) into the new one. It is a
// heuristic, and says so by showing the rewritten question before it runs.
//
// The rule is that a line is a follow-up only when it cannot be read
// without the conversation, which is when
//
//   - it refers back: a pronoun ("it", "its", "that", "they"…) that has no
//     antecedent in the line itself ("Does it always exist?", "Who proved
//     it?", "Is that true for zero-sum games?");
//   - it has no concept of its own ("and why?");
//   - it is an elliptical fragment, a prepositional phrase that asks
//     nothing ("in auctions?", "for three players?");
//   - or it opens with a connective ("and", "but", "what about"…) and names
//     no glossary term ("what about large populations?").
//
// Anything else stands alone and is asked as typed: a line naming a
// glossary term of its own after a connective ("what about the Shapley
// value?") starts a new topic, and a question that names its own subject
// keeps it even when it holds a pronoun, because the pronoun refers to
// that subject: "Why do bidders shade their bids in first-price
// auctions?" (their = the bidders'), "What is backward induction and when
// does it fail?", "How does the Vickrey auction ensure that bidding your
// value is optimal?" ("that" opens a clause), "Is it rational to cooperate
// in a one-shot prisoner's dilemma?" ("it" stands for "to cooperate").
// Carrying the previous topic onto such a question changes what is
// searched and answered, into a question the user never asked; so a
// pronoun makes a follow-up only when nothing before it in the line can be
// what it means (danglingRef).
type Offline struct{}

// connectives open a follow-up; longest first.
var connectives = []string{
	"and what about", "and how about", "what about", "how about",
	"and", "but", "also", "so", "then", "or",
}

// backRefs refer to the previous topic; possessives map to "'s".
var backRefs = map[string]string{
	"it": "", "this": "", "that": "", "they": "", "them": "", "these": "", "those": "",
	"its": "'s", "their": "'s",
}

// prepositions that make "What about TOPIC in the repeated version?" read well.
var prepositions = map[string]bool{
	"in": true, "for": true, "with": true, "without": true, "under": true, "on": true,
	"at": true, "when": true, "if": true, "versus": true, "vs": true, "against": true, "among": true, "between": true,
}

var questionWords = map[string]bool{
	"what": true, "why": true, "how": true, "when": true, "which": true, "who": true, "where": true,
	"is": true, "are": true, "does": true, "do": true, "can": true, "could": true, "would": true, "should": true, "will": true,
}

// Rewrite implements Rewriter.
func (Offline) Rewrite(_ context.Context, history []Turn, line string) (Rewrite, error) {
	return Rewrite{Question: carryTopic(history, line)}, nil
}

func carryTopic(history []Turn, line string) string {
	line = strings.TrimSpace(line)
	if len(history) == 0 {
		return line
	}
	// The topic is the last question the user asked in full: a follow-up
	// rewritten before ("and why is it fair?" → "Why is Shapley value
	// fair?") carried that question's topic, and its own words
	// ("Shapley value fair") are not a topic to carry further. Nor has a
	// question answered as off-topic one: "thanks" or a question about
	// banana bread between two questions once made "Does it always
	// exist?" into "Does thanks always exist?".
	src := len(history) - 1
	for src >= 0 && !history[src].carriesTopic() {
		src--
	}
	if src < 0 {
		return line
	}
	prevQ := history[src].Question
	prev := text.Focal(prevQ)
	if len(prev) == 0 {
		return line
	}
	topic, ok := sourceTopic(prevQ, prev, history[src].Result.Sources)
	if !ok {
		topic = widenedBySource(topicPhrase(prevQ, prev), history[src].Result.Sources)
	}
	for _, c := range prev {
		if c.In(line) {
			// It names the topic itself, perhaps by its head alone.
			if q, ok := narrowTopic(line, topic, c); ok {
				return q
			}
			return line
		}
	}
	r := read(line)
	if !r.dependsOnPrevious() {
		return line
	}
	rest, lead, words, ref, connective := r.rest, r.lead, r.words, r.ref, r.connective
	rest = strings.TrimRight(rest, "?!. ")
	var q string
	switch {
	case ref >= 0:
		w := words[ref]
		bare := strings.Trim(w, ",.;:?!")
		words[ref] = strings.Replace(w, bare, topic+backRefs[strings.ToLower(bare)], 1)
		q = strings.TrimRight(strings.Join(words, " "), "?!. ")
		if connective && strings.Contains(lead, "about") {
			// "what about its axioms?" asks about them: keep the asking.
			q = "What about " + q
		}
	case rest == "":
		q = "What about " + topic
	case bareQuestionWord(rest) != "":
		// "why?", "and how?": checked before the prepositions, which hold
		// "when".
		q = askAgain(prevQ, bareQuestionWord(rest), topic)
	case prepositions[firstWord(rest)]:
		// "In auctions?" typed alone: the preposition goes mid-question.
		q = "What about " + topic + " " + strings.ToLower(rest[:1]) + rest[1:]
	case questionWords[firstWord(rest)] && asksForExample.MatchString(rest):
		// "Can you give an example?": an example of the topic, not "in" it.
		q = rest + " of " + topic
	case questionWords[firstWord(rest)]:
		q = rest + " in " + topic
	default:
		q = "What about " + topic + " and " + rest
	}
	return capitalize(q) + "?"
}

// asksForExample matches a question that ends asking for an example or a
// case: "Can you give an example", "any real-world examples".
var asksForExample = regexp.MustCompile(`(?i)\b(examples?|instances?|cases?|applications?)$`)

// bareQuestionWord is rest in lower case when it is one question word
// alone ("why", "How"), else "".
func bareQuestionWord(rest string) string {
	w := strings.ToLower(strings.Trim(rest, ",;:?!. "))
	if !questionWords[w] {
		return ""
	}
	return w
}

// adjunctWords ask about a whole clause, so that one can stand for
// another in it: "How do auction servers handle bid requests?" asked
// "why" is "Why do auction servers handle bid requests?". "What" and "who"
// are the clause's subject or object, and cannot be swapped so.
var adjunctWords = map[string]bool{"how": true, "why": true, "when": true, "where": true}

// askAgain is the standalone question of a follow-up that is a bare
// question word w, asked of the previous question prevQ and its topic.
// They once read "Why in Nash equilibrium?" and, after "How do low-latency
// auction servers handle bid requests?", "Why in low-latency auction
// servers handle bid requests?". Now:
//
//   - the word prevQ opens with asks prevQ again, for more: "and why?"
//     after "Why do bidders shade their bids?";
//   - a word that asks about a clause (adjunctWords) takes the place of
//     prevQ's own when prevQ asks about one too: "Why do low-latency
//     auction servers handle bid requests?";
//   - otherwise the word asks its usual question of the topic: "Why does
//     Nash equilibrium matter?", "How does the core work?", "When does
//     it apply?", "Where is it used?", "Who introduced it?"; a word that
//     asks nothing by itself ("what?", "is?") is "What about TOPIC?".
func askAgain(prevQ, w, topic string) string {
	prevQ = strings.TrimRight(prevQ, "?!. ")
	f := strings.Fields(prevQ)
	if len(f) > 0 && strings.EqualFold(bareWord(f[0]), w) {
		return prevQ
	}
	if len(f) > 2 && adjunctWords[w] && adjunctWords[bareWord(f[0])] && auxiliaries[bareWord(f[1])] {
		return w + prevQ[len(f[0]):]
	}
	do, is := "does", "is"
	if pluralTopic(topic) {
		do, is = "do", "are"
	}
	switch w {
	case "why":
		return "Why " + do + " " + topic + " matter"
	case "how":
		return "How " + do + " " + topic + " work"
	case "when":
		return "When " + do + " " + topic + " apply"
	case "where":
		return "Where " + is + " " + topic + " used"
	case "who":
		return "Who introduced " + topic
	}
	return "What about " + topic
}

// pluralTopic reports whether topic's head, its last word before a
// preposition ("equilibria of finite games"), is a plural noun.
func pluralTopic(topic string) bool {
	f := strings.Fields(strings.ToLower(topic))
	head := ""
	for _, w := range f {
		if prepositions[w] || w == "of" {
			break
		}
		head = w
	}
	return head != "" && isPluralNoun(bareWord(head), "")
}

// maxTopicWords bounds the phrase carried from the previous question.
const maxTopicWords = 8

// topicPhrase is what a follow-up refers to in question q: the span of q
// from its first focal concept to its last ("Nash equilibrium of the
// prisoner's dilemma"), or the first concept when the span is long, when a
// concept is not written as such (an expanded acronym), or when the span
// holds more than the concepts and the function words that join them: in
// "How does the Vickrey auction make truthful bidding a dominant
// strategy?" the span runs over the verb, and the topic is "Vickrey
// auction", not "Vickrey auction make truthful bidding a dominant
// strategy".
func topicPhrase(q string, concepts []text.Concept) string {
	lower := strings.ToLower(q)
	type span struct{ lo, hi int }
	var spans []span
	for _, c := range concepts[:min(3, len(concepts))] {
		i := strings.Index(lower, strings.ToLower(c.Name))
		if i < 0 {
			continue
		}
		spans = append(spans, span{i, i + len(c.Name)})
	}
	if len(spans) == 0 {
		return concepts[0].Name
	}
	slices.SortFunc(spans, func(a, b span) int { return a.lo - b.lo })
	lo, hi := spans[0].lo, spans[0].hi
	for _, s := range spans[1:] {
		if s.lo > hi && !onlyFunctionWords(q[hi:s.lo]) {
			return concepts[0].Name
		}
		hi = max(hi, s.hi)
	}
	phrase := q[lo:hi]
	if len(strings.Fields(phrase)) > maxTopicWords {
		return concepts[0].Name
	}
	if before := strings.Fields(strings.ToLower(q[:lo])); len(before) >= 2 &&
		auxiliaries[bareWord(before[len(before)-2])] && isContent(bareWord(before[len(before)-1])) {
		// "Why do people cooperate in the prisoner's dilemma?": the topic
		// opens with the subject's verb, which a follow-up asks about as a
		// noun: "What about cooperating in the prisoner's dilemma in
		// auctions?", not "What about cooperate in …".
		verb, rest, _ := strings.Cut(phrase, " ")
		phrase = strings.TrimSpace(gerund(verb) + " " + rest)
	}
	if strings.HasSuffix(strings.ToLower(q[:lo]), "the ") && (lo == 4 || !isLetter(q[lo-5:])) {
		// "the core of a cooperative game": the definite article stays,
		// or "How does it work?" reads "How does core of a cooperative
		// game work?". An indefinite one goes: "Who proved a Nash
		// equilibrium?" asks something else.
		phrase = "the " + phrase
	}
	return phrase
}

// gerund is the -ing form of the verb v: "cooperate" cooperating, "bid"
// bidding, "tie" tying, "defect" defecting.
func gerund(v string) string {
	w := strings.ToLower(v)
	n := len(w)
	vowel := func(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }
	switch {
	case strings.HasSuffix(w, "ie"):
		return w[:n-2] + "ying"
	case strings.HasSuffix(w, "ee"), strings.HasSuffix(w, "ye"), strings.HasSuffix(w, "oe"):
		return w + "ing"
	case strings.HasSuffix(w, "e") && n > 2:
		return w[:n-1] + "ing"
	case n >= 3 && n <= 4 && !vowel(w[n-1]) && strings.IndexByte("wxy", w[n-1]) < 0 && vowel(w[n-2]) && !vowel(w[n-3]):
		return w + w[n-1:] + "ing" // one syllable ending consonant-vowel-consonant: bid, win, quit
	}
	return w + "ing"
}

// widenedBySource is topic as the first source its question's answer
// cited names it, when that title is the topic with an "of" phrase after
// it and nothing more: "the core of a cooperative game" for "the core" or
// "core", after an answer from "The core of a cooperative game". Alone,
// "the core" shows a topic judge no game theory (an apple has one), so
// "When does it apply?" after "What is the core?" was asked as "When does
// the core apply?" and refused as off-topic, in a conversation about
// cooperative games. A title with more in it ("Tit-for-tat, Axelrod's
// tournaments and …") or of another subject leaves the topic as typed.
func widenedBySource(topic string, sources []nodes.Source) string {
	if len(sources) == 0 {
		return topic
	}
	title := sources[0].Title
	bare := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(topic, "the "), "a "), "an ")
	lower := strings.ToLower(title)
	for _, article := range []string{"the ", "a ", "an ", ""} {
		head := article + strings.ToLower(bare) + " of "
		if !strings.HasPrefix(lower, head) || len(lower) == len(head) {
			continue
		}
		if strings.ContainsAny(title, ",;:()") || strings.Contains(lower[len(head):], " and ") {
			return topic
		}
		return "the " + bare + title[len(article)+len(bare):]
	}
	return topic
}

// sourceTopic is the topic a follow-up carries when the previous question
// named no glossary term, its words a student's own: the first glossary
// term the title of its answer's first source names, which says what the
// answer was about. The question's own first phrase made "Does it always
// hold?", after "When lots of programmers could report a flaw in shared
// code, how long does it take before someone finally steps up?",
// into "Does lots of programmers always hold?"; answered from "The War of
// Attrition: Timing Games, Exit and the Cost of Waiting", it is "Does war
// of attrition always hold?".
// ok is false when the question named a glossary term, when it is short
// enough to name its topic plainly ("What is the core?", fewer than
// wholeQuestion content words), or when the title names none.
func sourceTopic(prevQ string, prev []text.Concept, sources []nodes.Source) (string, bool) {
	if len(sources) == 0 || contentWords(prevQ) < wholeQuestion || slices.ContainsFunc(prev, func(c text.Concept) bool { return c.Known }) {
		return "", false
	}
	for _, c := range text.Focal(sources[0].Title) {
		if c.Known {
			// As the glossary names it: the title's capitals ("The War
			// of Attrition: …") are a title's.
			return c.GlossaryName(), true
		}
	}
	return "", false
}

// narrowTopic is line with its definite mention of the previous question's
// concept c ("the core") read as the previous topic ("the core of a
// cooperative game"), when that topic is c with a modifier after it:
// "When does the core apply?" after "What is the core of a cooperative
// game?" is asked as "When does the core of a cooperative game apply?".
// Alone, "the core" names nothing a topic judge can call game theory, and
// the line was refused as off-topic in the middle of a conversation about
// it. Only "the" refers back so: "Does every game have a Nash
// equilibrium?" after "What is the Nash equilibrium of the prisoner's
// dilemma?" widens the question and is asked as typed, and so is a line
// that gives the concept a modifier of its own ("the core of a market").
func narrowTopic(line, topic string, c text.Concept) (string, bool) {
	bare := strings.TrimPrefix(topic, "the ")
	name := strings.ToLower(c.Name)
	if len(bare) <= len(name) || strings.ToLower(bare[:len(name)]) != name || isLetter(bare[len(name):]) {
		return line, false
	}
	lower := strings.ToLower(line)
	i := strings.Index(lower, "the "+name)
	if i < 0 || i > 0 && isLetter(lower[i-1:]) {
		return line, false
	}
	end := i + len("the ") + len(name)
	if end < len(lower) && isLetter(lower[end:]) {
		return line, false
	}
	if next := firstWord(lower[end:]); prepositions[next] || next == "of" {
		return line, false
	}
	return line[:i+len("the ")] + bare + line[end:], true
}

// onlyFunctionWords reports whether s holds no content word: "of the", "in a".
func onlyFunctionWords(s string) bool {
	for _, w := range text.Words(s) {
		if !text.StopWords.Has(w) {
			return false
		}
	}
	return true
}

// stripConnective removes an opening connective and the comma after it.
func stripConnective(line string) (string, bool) {
	lower := strings.ToLower(line)
	for _, c := range connectives {
		if strings.HasPrefix(lower, c) && (len(lower) == len(c) || !isLetter(lower[len(c):])) {
			return strings.TrimLeft(line[len(c):], " ,"), true
		}
	}
	return line, false
}

func isLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

func firstWord(s string) string {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[0], ",.;:?!")
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// LLM rewrites follow-ups by asking a model to condense the conversation
// (reasoner.Condenser). When the model fails, the offline rewrite is used
// and a notice says so: a chat must not stop because the model did.
//
// A line that stands alone by Offline's rule and names a glossary term of
// its own (standsAlone: "How does the Vickrey auction make truthful
// bidding a dominant strategy?") is asked as typed, without the model. The
// condense prompt shows every line to the model as a "Follow-up" to be
// rewritten, and a model that obliges glues the previous topic onto a
// question that needed none, changing what is searched and answered; no
// rewrite can make such a line more standalone than it is. Lines the rule
// cannot settle — a pronoun, an ellipsis, a definite description such as
// "the equilibrium" — still go to the model, which reads the conversation.
type LLM struct {
	Condenser reasoner.Condenser
}

// Rewrite implements Rewriter.
func (l LLM) Rewrite(ctx context.Context, history []Turn, line string) (Rewrite, error) {
	line = strings.TrimSpace(line)
	if len(history) == 0 || standsAlone(line) {
		return Rewrite{Question: line}, nil
	}
	ex := make([]reasoner.Exchange, len(history))
	for i, t := range history {
		ex[i] = reasoner.Exchange{Question: t.Question, Answer: t.Result.Answer}
		if t.Unanswered {
			ex[i].Answer = "(no answer: the question was cancelled, or failed)"
		}
	}
	q, err := l.Condenser.Condense(ctx, ex, line)
	call := &Condensed{History: ex, FollowUp: line, Reply: q, Err: err}
	if err != nil {
		call.Reply = ""
		if ctx.Err() != nil {
			call.Err, call.Cancelled = ctx.Err(), true
			return Rewrite{Condensed: call}, ctx.Err()
		}
		q := carryTopic(history, line)
		return Rewrite{Question: q, Notices: []string{rewriteNotice(err, q != line)}, Condensed: call}, nil
	}
	return Rewrite{Question: q, Condensed: call}, nil
}

// rewriteNotice is the note of a follow-up the LLM did not rewrite, err
// being why, carried whether the offline rewrite carried the previous
// topic into it (else the line is asked as typed, and the note does not
// say a topic was carried).
//
// reasoner.ErrLLMUnavailable means no call was made: the LLM failed
// earlier and is resting. "the LLM could not rewrite the follow-up (LLM
// unavailable)" then read as a call that failed, right under the chat
// --trace narration's "ACTION none: no call to the LLM … (the LLM was not
// asked …)"; the note says the LLM was not asked, as the narration does.
//
// A failure that gave up the LLM for the question (reasoner.ErrLLMGivenUp)
// is the outage's one note, and says that the question is answered
// offline: it was followed by "LLM given up for this run (see the notice
// above)".
func rewriteNotice(err error, carried bool) string {
	what, done := "line", "asked it as typed"
	if carried {
		what, done = "follow-up", "carried the previous topic instead"
	}
	if errors.Is(err, reasoner.ErrLLMUnavailable) {
		return "the LLM was not asked to rewrite the " + what + " (it failed earlier and is resting); " + done
	}
	if errors.Is(err, reasoner.ErrLLMGivenUp) {
		done += "; the LLM is given up for this question, which is answered offline"
	}
	return "the LLM could not rewrite the " + what + " (" + err.Error() + "); " + done
}

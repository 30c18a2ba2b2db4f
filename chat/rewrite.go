package chat

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

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
}

// Offline rewrites follow-ups without a model by carrying the previous
// question's focal concept (text.Focal) into the new one. It is a
// heuristic, and says so by showing the rewritten question before it runs.
//
// A line is taken as a follow-up when it refers back ("it", "its", "that",
// "they"…), when it has no concept of its own ("and why?"), or when it
// opens with a connective ("and", "but", "what about"…) and names no
// glossary term. A line naming a glossary term of its own ("what about the
// Shapley value?") starts a new topic and is asked as typed.
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
	// ("Shapley value fair") are not a topic to carry further.
	src := len(history) - 1
	for src > 0 && history[src].Rewritten {
		src--
	}
	prevQ := history[src].Question
	prev := text.Focal(prevQ)
	if len(prev) == 0 {
		return line
	}
	for _, c := range prev {
		if c.In(line) {
			return line // it names the topic itself
		}
	}
	topic := topicPhrase(prevQ, prev)
	own := text.Focal(line)
	rest, connective := stripConnective(line)
	lead := strings.ToLower(line[:len(line)-len(rest)]) // the connective, as typed
	words := strings.Fields(rest)
	ref := -1
	for i, w := range words {
		if _, ok := backRefs[strings.ToLower(strings.Trim(w, ",.;:?!"))]; ok {
			ref = i
			break
		}
	}
	knownOwn := false
	for _, c := range own {
		knownOwn = knownOwn || c.Known
	}
	followUp := ref >= 0 || len(own) == 0 || connective && !knownOwn
	if !followUp || len(words) == 0 && !connective {
		return line
	}
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
	case prepositions[firstWord(rest)]:
		q = "What about " + topic + " " + rest
	case questionWords[firstWord(rest)]:
		q = rest + " in " + topic
	default:
		q = "What about " + topic + " and " + rest
	}
	return capitalize(q) + "?"
}

// maxTopicWords bounds the phrase carried from the previous question.
const maxTopicWords = 8

// topicPhrase is what a follow-up refers to in question q: the span of q
// from its first focal concept to its last ("Nash equilibrium of the
// prisoner's dilemma"), or the first concept when the span is long or a
// concept is not written as such (an expanded acronym).
func topicPhrase(q string, concepts []text.Concept) string {
	lower := strings.ToLower(q)
	lo, hi := -1, -1
	for _, c := range concepts[:min(3, len(concepts))] {
		i := strings.Index(lower, strings.ToLower(c.Name))
		if i < 0 {
			continue
		}
		if lo < 0 || i < lo {
			lo = i
		}
		hi = max(hi, i+len(c.Name))
	}
	if lo < 0 {
		return concepts[0].Name
	}
	span := q[lo:hi]
	if len(strings.Fields(span)) > maxTopicWords {
		return concepts[0].Name
	}
	return span
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
type LLM struct {
	Condenser reasoner.Condenser
}

// Rewrite implements Rewriter.
func (l LLM) Rewrite(ctx context.Context, history []Turn, line string) (Rewrite, error) {
	if len(history) == 0 {
		return Rewrite{Question: strings.TrimSpace(line)}, nil
	}
	ex := make([]reasoner.Exchange, len(history))
	for i, t := range history {
		ex[i] = reasoner.Exchange{Question: t.Question, Answer: t.Result.Answer}
	}
	q, err := l.Condenser.Condense(ctx, ex, line)
	if err != nil {
		if ctx.Err() != nil {
			return Rewrite{}, ctx.Err()
		}
		return Rewrite{
			Question: carryTopic(history, line),
			Notices:  []string{"the LLM could not rewrite the follow-up (" + err.Error() + "); carried the previous topic instead"},
		}, nil
	}
	return Rewrite{Question: q}, nil
}

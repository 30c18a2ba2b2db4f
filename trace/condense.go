package trace

import (
	"fmt"
	"io"
	"strings"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
)

// KindCondense is the LLM rewriting a chat's follow-up ("and in the
// repeated version?") as a standalone question, from the conversation
// before it (reasoner.Condenser). The chat asks it before the question's
// run, so it is no operation of a recording: NarrateCondensation tells
// it.
const KindCondense = "reasoner." + reasoner.PromptCondenseQuestion

// Condensation is one condense call of a chat, as NarrateCondensation
// tells it.
type Condensation struct {
	// Tool names the LLM, as Options.LLM does.
	Tool string
	// FollowUp is the line as typed.
	FollowUp string
	// Sent are the earlier exchanges sent with it
	// (reasoner.CondensedHistory), oldest first; Earlier is how many the
	// conversation had.
	Sent    []reasoner.Exchange
	Earlier int
	// Reply is the standalone question the LLM wrote; "" when it failed.
	Reply string
	// Error says why no reply was used: the call failed, or its reply was
	// not one question. "" when Reply was.
	Error string
	// Cancelled is set when the question was cancelled during the call.
	Cancelled bool
	// NotAsked is set when the LLM was not asked at all: it had failed
	// earlier and is resting (reasoner.ErrLLMUnavailable), so the line
	// was rewritten offline without a call.
	NotAsked bool
	// Question is the question the chat goes on to ask: Reply, or after
	// a failure the offline rewrite, which may be the line as typed.
	Question string
}

// NarrateCondensation writes the narration of a chat's condense call in
// the form a run's steps are narrated (PERCEPT, REASONING, ACTION with the
// call and what came back, ENVIRONMENT UPDATE: the question the run will
// be asked), so that `chat --trace` shows the call that rewrote the
// question before the narration of the run on the rewritten question.
// secrets are scrubbed from it as Options.Secrets are from a trace.
func NarrateCondensation(w io.Writer, c Condensation, secrets ...string) error {
	r := NewRedactor(secrets...)
	n := NewNarrator(w)
	n.printf("chat follow-up · %s, before the run\n", reasoner.PromptCondenseQuestion)

	n.line("PERCEPT", "follow_up: "+quote(r.String(c.FollowUp), maxText))
	if c.NotAsked {
		n.line("", "conversation: "+text.Count(c.Earlier, "earlier exchange", "earlier exchanges")+", none sent")
		n.line("REASONING", "the line may lean on the conversation, but the LLM is not asked to rewrite it: it failed earlier and is resting, so the line is rewritten offline")
		n.line("ACTION", "none: no call to the LLM")
		n.line("ENVIRONMENT UPDATE", r.String(offlineUpdate(c)))
		return n.err
	}
	n.line("", "conversation: "+r.String(sentExchanges(c.Sent, c.Earlier)))
	n.line("REASONING", "the line may lean on the conversation, so the LLM is asked to rewrite it as one standalone question for the run to search and answer")

	name := KindCondense
	if c.Tool != "" {
		name += " [" + c.Tool + "]"
	}
	action := fmt.Sprintf("%s follow_up=%s with %s", name, quote(c.FollowUp, maxText), text.Count(len(c.Sent), "exchange", "exchanges"))
	var update string
	switch {
	case c.Cancelled:
		action += " → cancelled"
		update = "none: the question was cancelled, and is not asked"
	case c.Error != "":
		action += " → failed: " + fold(c.Error)
		update = offlineUpdate(c)
	default:
		action += " → " + quote(c.Reply, maxText*2)
		update = "question: " + quote(c.FollowUp, maxText) + " → " + quote(c.Question, maxText*2)
	}
	n.line("ACTION", r.String(action))
	n.line("ENVIRONMENT UPDATE", r.String(update))
	return n.err
}

// offlineUpdate is the environment update of a line the LLM did not
// rewrite: the question the offline rewrite made of it, or the line as
// typed.
func offlineUpdate(c Condensation) string {
	unused := "the LLM's rewrite was not used"
	if c.NotAsked {
		unused = "the LLM was not asked"
	}
	if c.Question == "" || c.Question == c.FollowUp {
		return "question kept as typed: " + quote(c.FollowUp, maxText*2) + " (" + unused + ", and the offline rewrite carried no earlier topic into it)"
	}
	return "question: " + quote(c.FollowUp, maxText) + " → " + quote(c.Question, maxText*2) +
		" (" + unused + ": rewritten offline, carrying the previous question's topic)"
}

// sentExchanges says which exchanges of a conversation of earlier were
// sent, each by its question: `1 earlier exchange, sent as its question
// and the head of its answer: "What is a core?"`, `the last 3 of 5
// earlier exchanges, sent as …`.
func sentExchanges(sent []reasoner.Exchange, earlier int) string {
	if len(sent) == 0 {
		return "none"
	}
	qs := make([]string, len(sent))
	for i, e := range sent {
		qs[i] = quote(e.Question, maxText)
	}
	head := text.Count(len(sent), "earlier exchange", "earlier exchanges")
	if earlier > len(sent) {
		head = fmt.Sprintf("the last %d of %d earlier exchanges", len(sent), earlier)
	}
	how := ", sent as its question and the head of its answer: "
	if len(sent) > 1 {
		how = ", sent as their questions and the heads of their answers: "
	}
	return head + how + strings.Join(qs, ", ")
}

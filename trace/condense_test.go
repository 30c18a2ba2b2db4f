package trace

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// A chat's condense call is narrated in the form of a run's steps: what
// the LLM was given (the follow-up, the exchanges sent), the call and its
// reply as other LLM calls are shown, and the question the run will ask.
// It used to be told nowhere: the run's narration began on the rewritten
// question.
func TestNarrateCondensation(t *testing.T) {
	pd := reasoner.Exchange{Question: "What is the prisoner's dilemma?", Answer: "A game [1]."}
	base := Condensation{Tool: "openai:test-model", FollowUp: "and in the repeated version?", Sent: []reasoner.Exchange{pd}, Earlier: 1}
	narrate := func(c Condensation, secrets ...string) string {
		var b bytes.Buffer
		require.NoError(t, NarrateCondensation(&b, c, secrets...))
		return b.String()
	}

	ok := base
	ok.Reply, ok.Question = "What is the repeated prisoner's dilemma?", "What is the repeated prisoner's dilemma?"
	require.Equal(t, `chat follow-up · condense_question, before the run
  PERCEPT             follow_up: "and in the repeated version?"
                      conversation: 1 earlier exchange, sent as its question and the head of its answer: "What is the prisoner's dilemma?"
  REASONING           the line may lean on the conversation, so the LLM is asked to rewrite it as one standalone question for the run to search and answer
  ACTION              reasoner.condense_question [openai:test-model] follow_up="and in the repeated version?" with 1 exchange → "What is the repeated prisoner's dilemma?"
  ENVIRONMENT UPDATE  question: "and in the repeated version?" → "What is the repeated prisoner's dilemma?"
`, narrate(ok))

	failed := base
	failed.Error = `condense_question: the LLM reply "I'm sorry" is not one question`
	failed.Question = "What about the prisoner's dilemma in the repeated version?"
	out := narrate(failed)
	require.Contains(t, out, `  ACTION              reasoner.condense_question [openai:test-model] follow_up="and in the repeated version?" with 1 exchange → failed: condense_question: the LLM reply "I'm sorry" is not one question`+"\n")
	require.Contains(t, out, `  ENVIRONMENT UPDATE  question: "and in the repeated version?" → "What about the prisoner's dilemma in the repeated version?" (the LLM's rewrite was not used: rewritten offline, carrying the previous question's topic)`+"\n")

	kept := base
	kept.FollowUp, kept.Error, kept.Question = "and why?", "condense the follow-up with the LLM: 500 Internal Server Error", "and why?"
	require.Contains(t, narrate(kept), `  ENVIRONMENT UPDATE  question kept as typed: "and why?" (the LLM's rewrite was not used, and the offline rewrite carried no earlier topic into it)`+"\n")

	// An LLM the chat has given up on for now is not asked: nothing is
	// sent, and the narration does not say a call failed.
	resting := base
	resting.NotAsked, resting.Question = true, "What about the prisoner's dilemma in the repeated version?"
	require.Equal(t, `chat follow-up · condense_question, before the run
  PERCEPT             follow_up: "and in the repeated version?"
                      conversation: 1 earlier exchange, none sent
  REASONING           the line may lean on the conversation, but the LLM is not asked to rewrite it: it failed earlier and is resting, so the line is rewritten offline
  ACTION              none: no call to the LLM
  ENVIRONMENT UPDATE  question: "and in the repeated version?" → "What about the prisoner's dilemma in the repeated version?" (the LLM was not asked: rewritten offline, carrying the previous question's topic)
`, narrate(resting))

	cancelled := base
	cancelled.Cancelled, cancelled.Error = true, "context canceled"
	out = narrate(cancelled)
	require.Contains(t, out, "with 1 exchange → cancelled\n")
	require.Contains(t, out, "  ENVIRONMENT UPDATE  none: the question was cancelled, and is not asked\n")

	// Only the last exchanges are sent, and the narration says so.
	long := ok
	long.Sent = []reasoner.Exchange{{Question: "Q3?"}, {Question: "Q4?"}, {Question: "Q5?"}}
	long.Earlier = 5
	require.Contains(t, narrate(long), `conversation: the last 3 of 5 earlier exchanges, sent as their questions and the heads of their answers: "Q3?", "Q4?", "Q5?"`+"\n")
	require.Contains(t, narrate(long), "with 3 exchanges →")

	// A key in an error is scrubbed, as from a trace.
	leak := failed
	leak.Error = "condense the follow-up with the LLM: 401 bad key sk-live-0123456789abcdef"
	out = narrate(leak, "sk-live-0123456789abcdef")
	require.NotContains(t, out, "0123456789abcdef")
	require.Contains(t, out, Redacted)

	// Every line is the narration's: a wrapped terminal hangs it under its text.
	for _, l := range strings.Split(strings.TrimSuffix(narrate(ok), "\n"), "\n")[1:] {
		require.Equal(t, 2+labelWidth, NarrationHang(l), "%q", l)
	}
}

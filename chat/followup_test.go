package chat

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// isContent leaves questionWords out by text.StopWords alone.
func TestQuestionWordsAreStopWords(t *testing.T) {
	for w := range questionWords {
		if !text.StopWords.Has(w) {
			t.Errorf("%q is in questionWords but not in text.StopWords: isContent would take it for a noun", w)
		}
	}
}

// A follow-up typed before any question is not asked: asked bare, "why?"
// or "and in the repeated version?" could search arXiv and was refused as
// not about game theory. The session says there is no earlier question,
// with either rewriter, and goes on. A whole question that starts like a
// follow-up ("Why …", "What about …") is asked, and once there is a
// question the follow-up is rewritten onto it.
func TestSessionFollowUpWithNoEarlierQuestion(t *testing.T) {
	followUps := []string{"why?", "and in the repeated version?", "Does it always exist?", "In auctions?", "what about large populations?"}
	whole := []string{
		"Why does tit-for-tat do well in the iterated prisoner's dilemma?",
		"What about the Nash equilibrium of matching pennies makes it mixed?",
		"what about mixed strategies?",
		"Why does a Stackelberg leader earn more than it would in Cournot competition?",
		"In chicken, what's the point of visibly throwing away your steering wheel?",
	}
	for _, rw := range []Rewriter{nil, LLM{Condenser: &fakeCondenser{reply: "Why does tit-for-tat matter?"}}} {
		for _, first := range whole {
			var r recorder
			s := r.session()
			s.Rewriter = rw
			lines := script(append(append([]string{}, followUps...), first, "why?"))
			require.NoError(t, s.Run(context.Background(), &lines))
			require.Len(t, r.asked, 2, "%T: only %q and the follow-up after it are asked: %q", rw, first, r.asked)
			require.Equal(t, first, r.asked[0])
			require.NotEqual(t, "why?", r.asked[1], "the follow-up after a question is rewritten")
			require.Equal(t, len(followUps), strings.Count(r.out.String(), NoEarlierQuestion+"\n"), r.out.String())
			require.Empty(t, r.errs)
			require.Len(t, s.History(), 2)
		}
	}
}

// Every question of the eval files under testdata, typed as the first line
// of a chat, is asked: they are whole questions students wrote. The rule
// that rewrites follow-ups after a question (dependsOnPrevious) refused
// 234 of them as needing an earlier question, among them "How hard is it
// computationally to find a Nash equilibrium of a general two-player
// game?".
func TestFirstLineWholeQuestionsAreAsked(t *testing.T) {
	for _, q := range testdataQuestions(t) {
		if read(q.q).needsEarlier() {
			t.Errorf("%s: %q refused as needing an earlier question", q.file, q.q)
		}
	}
	for _, follow := range []string{"why?", "and then?", "Does it always exist?", "In auctions?", "for three players?",
		"and in the repeated version?", "what about large populations?", "Why does that help?", "What is it?"} {
		require.True(t, read(follow).needsEarlier(), "%q needs an earlier question", follow)
	}
	for _, own := range []string{"q", "???", "asdf", "and what is game theory?"} {
		require.False(t, read(own).needsEarlier(), "%q does not read as a follow-up", own)
	}
}

// Every question of the eval files under testdata, typed after another
// question, is asked as typed by the offline rewriter: they are whole
// questions. 232 of them had the previous topic glued on, most through a
// pronoun that is an expletive or has its antecedent in the line ("How
// hard is the prisoner's dilemma computationally to find a Nash
// equilibrium …?") or an opening phrase taken for a fragment ("What about
// the prisoner's dilemma in contract bridge, when should I open …?").
func TestSecondLineWholeQuestionsAreAskedAsTyped(t *testing.T) {
	for _, q := range testdataQuestions(t) {
		r, err := Offline{}.Rewrite(context.Background(), turn("What is the prisoner's dilemma?"), q.q)
		require.NoError(t, err)
		if r.Question != q.q {
			t.Errorf("%s: %q rewritten as %q", q.file, q.q, r.Question)
		}
	}
}

// testdataQuestion is a question of an eval file under testdata, and the
// file's name.
type testdataQuestion struct{ file, q string }

// testdataQuestions are the questions of every eval file under testdata:
// more than a thousand whole questions, as students wrote them.
func testdataQuestions(t *testing.T) []testdataQuestion {
	t.Helper()
	files, err := filepath.Glob("../testdata/*/questions*.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var qs []testdataQuestion
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var q struct {
				Q string `json:"q"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &q), "%s: %s", f, line)
			qs = append(qs, testdataQuestion{filepath.Base(f), q.Q})
		}
	}
	require.Greater(t, len(qs), 1000)
	return qs
}

// A follow-up after questions that were all off-topic has no topic to
// carry: it was asked bare and refused as not about game theory. The
// session says the questions so far were off-topic and asks nothing; once
// a question is on topic, the follow-up is carried.
func TestSessionFollowUpAfterOnlyOffTopicQuestions(t *testing.T) {
	var r recorder
	r.ask = func(_ context.Context, q string) (service.Result, error) {
		if strings.Contains(q, "bread") {
			return service.Result{Question: q, Answer: "not about game theory", Outcome: nodes.OutcomeOffTopic}, nil
		}
		return service.Result{Question: q, Answer: "answer to " + q, Outcome: nodes.OutcomeAnswered}, nil
	}
	s := r.session()
	lines := script([]string{"How do I bake bread?", "why?", "and in the repeated version?", "What is the prisoner's dilemma?", "why?"})
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Len(t, r.asked, 3, "%q", r.asked)
	require.Equal(t, "How do I bake bread?", r.asked[0])
	require.Equal(t, "What is the prisoner's dilemma?", r.asked[1])
	require.Contains(t, r.asked[2], "prisoner's dilemma", "carried once there is a topic")
	require.Equal(t, 2, strings.Count(r.out.String(), NoTopicToFollow+"\n"), r.out.String())
	require.NotContains(t, r.out.String(), NoEarlierQuestion)
}

// scriptedCondenser answers each condense call in turn: a reply, or an
// error when the reply is "".
type scriptedCondenser struct {
	replies []string
	calls   int
}

func (c *scriptedCondenser) Condense(context.Context, []reasoner.Exchange, string) (string, error) {
	r := c.replies[c.calls]
	c.calls++
	if r == "" {
		return "", errors.New(`condense_question: the LLM reply "I'm sorry" is not one question`)
	}
	return r, nil
}

// With the trace on, every call the model makes to rewrite a line is
// handed to TraceRewrite, with what it was given and what came back, or
// its failure and the question kept; with the trace off, and for lines the
// model is not asked about, nothing is. The rewrite used to happen before
// the run's narration began, and no narration showed it.
func TestSessionTracesTheLLMsRewrite(t *testing.T) {
	type traced struct {
		line string
		r    Rewrite
	}
	var got []traced
	var r recorder
	s := r.session()
	c := &scriptedCondenser{replies: []string{
		"What is the repeated prisoner's dilemma?",
		"", // refused: the offline rewrite
		"Why does the folk theorem hold?",
	}}
	s.Rewriter = LLM{Condenser: c}
	s.TraceRewrite = func(line string, rw Rewrite) { got = append(got, traced{line, rw}) }
	lines := script{
		"What is the prisoner's dilemma?", // no history: the model is not asked
		"/trace on",
		"and in the repeated version?",
		"Why does tit-for-tat do well in the iterated prisoner's dilemma?", // stands alone: not asked
		"and why?",
		"/trace off",
		"and who proved it?", // asked, not traced
	}
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Equal(t, 3, c.calls, "three lines were sent to the model")
	require.Len(t, got, 2, "the two calls made with the trace on: %+v", got)

	first := got[0]
	require.Equal(t, "and in the repeated version?", first.line)
	require.NotNil(t, first.r.Condensed)
	require.Equal(t, "and in the repeated version?", first.r.Condensed.FollowUp)
	require.Equal(t, "What is the repeated prisoner's dilemma?", first.r.Condensed.Reply)
	require.NoError(t, first.r.Condensed.Err)
	require.Equal(t, []reasoner.Exchange{{Question: "What is the prisoner's dilemma?", Answer: "answer to What is the prisoner's dilemma?"}}, first.r.Condensed.History)
	require.Equal(t, "What is the repeated prisoner's dilemma?", first.r.Question)

	second := got[1]
	require.Equal(t, "and why?", second.line)
	require.Empty(t, second.r.Condensed.Reply)
	require.ErrorContains(t, second.r.Condensed.Err, "is not one question")
	require.False(t, second.r.Condensed.Cancelled)
	require.Len(t, second.r.Condensed.History, 3, "the conversation so far")
	require.Equal(t, r.asked[3], second.r.Question, "the question asked is the offline rewrite the trace was told")
	require.NotEqual(t, "and why?", second.r.Question)
}

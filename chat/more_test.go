package chat

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

func TestMoreRequest(t *testing.T) {
	for line, want := range map[string]bool{
		"tell me more":                       true,
		"Tell me more.":                      true,
		"more":                               true,
		"more please!":                       true,
		"go on":                              true,
		"Could you please elaborate?":        true,
		"can you tell me a bit more?":        true,
		"anything else?":                     true,
		"ok, and then?":                      true,
		"tell me more about the core":        false, // a question of its own
		"more equilibria?":                   false,
		"what about mixed strategies?":       false,
		"thanks":                             false,
		"Why does tit-for-tat do well?":      false,
		"is there more than one equilibrium": false,
	} {
		require.Equal(t, want, MoreRequest(line), "%q", line)
	}
}

// "tell me more" asks the last question again without every sentence its
// answers so far gave: it was rewritten "What about … and tell me more?"
// and answered with the same sentences.
func TestSessionTellMeMoreAsksAgainWithoutWhatWasTold(t *testing.T) {
	r := recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		return service.Result{Question: q, Answer: "First of " + q + " [1]. Second [2].", Outcome: nodes.OutcomeAnswered}, nil
	}}
	lines := script{"What is a Nash equilibrium?", "tell me more", "go on", "What is the core?", "more please"}
	require.NoError(t, r.session().Run(context.Background(), &lines))

	nash, core := "What is a Nash equilibrium?", "What is the core?"
	require.Equal(t, []string{nash, nash, nash, core, core}, r.asked)
	require.Nil(t, r.told[0])
	require.Equal(t, []string{"First of " + nash + ".", "Second."}, r.told[1])
	require.Equal(t, []string{"First of " + nash + ".", "Second.", "First of " + nash + ".", "Second."}, r.told[2],
		"every answer to the question so far")
	require.Nil(t, r.told[3], "a new question is asked whole")
	require.Equal(t, []string{"First of " + core + ".", "Second."}, r.told[4], "more of the last question only")
	require.Contains(t, r.out.String(), "→ more on: What is a Nash equilibrium?\n")
}

// With nothing answered to say more of, or after an off-topic question,
// "tell me more" is not asked: the session says why. (It used to be asked
// as typed, which rewrote it onto an earlier topic, "What about auctions
// and tell me more?", refused as off-topic, or answered "go on" from
// whatever entry shares "go".)
func TestSessionTellMeMoreWithNothingToSayMoreOf(t *testing.T) {
	r := recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		return service.Result{Question: q, Answer: "no", Outcome: nodes.OutcomeOffTopic}, nil
	}}
	lines := script{"tell me more", "How do I bake bread?", "go on"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Equal(t, []string{"How do I bake bread?"}, r.asked)
	require.Contains(t, r.out.String(), "no answer yet to say more of: ask a question first\n")
	require.Contains(t, r.out.String(), "the last question was not about game theory, so there is no more to say of it: ask another\n")
}

// After a question cancelled before its answer, "tell me more" asks that
// question again whole: nothing of it was told, and the question before
// it is not what the user was reading about.
func TestSessionTellMeMoreAfterACancelledQuestion(t *testing.T) {
	r := recorder{ask: func(ctx context.Context, q string) (service.Result, error) {
		if q == "What is the core?" {
			return service.Result{}, context.Canceled
		}
		return service.Result{Question: q, Answer: "First [1].", Outcome: nodes.OutcomeAnswered}, nil
	}}
	lines := script{"What is a Nash equilibrium?", "What is the core?", "tell me more"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Equal(t, []string{"What is a Nash equilibrium?", "What is the core?", "What is the core?"}, r.asked)
	require.Nil(t, r.told[2])
}

// /help tells how to ask for more.
func TestHelpSaysHowToAskForMore(t *testing.T) {
	var r recorder
	lines := script{"/help"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Contains(t, r.out.String(), `"tell me more" answers the last question again`)
}

// A request for more whose answer cites none of the sources the question's
// answers cited so far says which source it went on from: after answers on
// the repeated prisoner's dilemma, "tell me more" was answered from the
// entry on the centipede game ("The game is a standard example …") with
// nothing to show the subject had moved.
func TestSessionTellMeMoreSaysWhenItMovesToANewSource(t *testing.T) {
	answers := []service.Result{
		{Answer: "Cooperation is sustained [1].", Sources: []nodes.Source{{PaperID: "primer:repeated", Title: "Repeated games"}}},
		{Answer: "A repeated game is a stage game [1]. Tit-for-tat copies [2].", Sources: []nodes.Source{
			{PaperID: "primer:repeated", Title: "Repeated games"}, {PaperID: "primer:tft", Title: "Tit-for-tat"}}},
		{Answer: "The game is a standard example [1].", Sources: []nodes.Source{
			{PaperID: "primer:centipede", Title: "The centipede game"}, {PaperID: "primer:centipede", Title: "The centipede game"}}},
		{Answer: "Backward induction [1]. Folk theorem [2].", Sources: []nodes.Source{
			{PaperID: "primer:bi", Title: "Backward induction"}, {PaperID: "primer:tft", Title: "Tit-for-tat"}}},
	}
	r := answering(answers)
	lines := script{"Why do players cooperate in the repeated prisoner's dilemma?", "tell me more", "go on", "more"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	out := r.out.String()
	require.Equal(t, 1, strings.Count(out, "now from"), "only the answer whose sources are all new says so:\n%s", out)
	require.Contains(t, out, "  now from “The centipede game”, a source not cited before\nThe game is a standard example [1].")
}

func TestNewSources(t *testing.T) {
	q := "Why cooperate?"
	history := []Turn{{Question: q, Result: service.Result{Sources: []nodes.Source{{PaperID: "a", Title: "A"}}}}}
	require.Equal(t, "“B”; “C”, sources not cited before",
		newSources(history, q, []nodes.Source{{PaperID: "b", Title: "B"}, {PaperID: "c", Title: "C"}}))
	require.Empty(t, newSources(history, q, []nodes.Source{{PaperID: "b", Title: "B"}, {PaperID: "a", Title: "A"}}), "one source carries on")
	require.Empty(t, newSources(history, "Another question?", []nodes.Source{{PaperID: "b", Title: "B"}}), "nothing cited for this question before")
	require.Empty(t, newSources(history, q, nil), "nothing cited now")

	// Another question's answer cited C: C is not new to the session.
	history = append(history, Turn{Question: "What is C?", Result: service.Result{Sources: []nodes.Source{{PaperID: "c", Title: "C"}}}})
	require.Equal(t, "“B”, a source not cited before, and “C”, a source cited earlier in this session",
		newSources(history, q, []nodes.Source{{PaperID: "b", Title: "B"}, {PaperID: "c", Title: "C"}}))
	require.Equal(t, "“C”, a source cited earlier in this session", newSources(history, q, []nodes.Source{{PaperID: "c", Title: "C"}}))
	// An answer that was not given (cancelled, failed) cited nothing.
	history = append(history, Turn{Question: "What is D?", Unanswered: true, Result: service.Result{Sources: []nodes.Source{{PaperID: "d", Title: "D"}}}})
	require.Equal(t, "“D”, a source not cited before", newSources(history, q, []nodes.Source{{PaperID: "d", Title: "D"}}))
}

// A source is "not cited before" only when no earlier answer of the
// session cited it, whatever question that answer was to. Asked about the
// centipede game, then about the repeated prisoner's dilemma, a "tell me
// more" answered from the centipede game entry was announced as "a source
// not cited before", though the session's first answer had cited it: the
// check looked only at the answers to the question more was asked of. The
// answer has still moved on from that question's sources, and says so.
func TestSessionTellMeMoreDoesNotCallASourceCitedEarlierInTheSessionNew(t *testing.T) {
	centipede := nodes.Source{PaperID: "primer:centipede", Title: "The centipede game"}
	repeated := nodes.Source{PaperID: "primer:repeated", Title: "Repeated games"}
	tft := nodes.Source{PaperID: "primer:tft", Title: "Tit-for-tat"}
	bi := nodes.Source{PaperID: "primer:bi", Title: "Backward induction"}
	answers := []service.Result{
		{Answer: "Players take or pass a growing pot [1].", Sources: []nodes.Source{centipede}},
		{Answer: "Cooperation is sustained by the shadow of the future [1].", Sources: []nodes.Source{repeated}},
		{Answer: "The game is a standard example [1].", Sources: []nodes.Source{centipede}},
		{Answer: "Tit-for-tat copies the last move [1].", Sources: []nodes.Source{tft}},
		{Answer: "Backward induction unravels it [1].", Sources: []nodes.Source{bi}},
		{Answer: "Tit-for-tat is nice [1]. The pot grows [2].", Sources: []nodes.Source{tft, centipede}},
	}
	r := answering(answers)
	lines := script{
		"What is the centipede game?",
		"Why do players cooperate in the repeated prisoner's dilemma?",
		"tell me more", // the centipede game, cited by the first answer
		"What is tit-for-tat?",
		"What is backward induction?",
		"go on", // tit-for-tat and the centipede game: neither is new
	}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	out := r.out.String()
	require.NotContains(t, out, "not cited before", "every source was cited by an earlier answer of the session:\n%s", out)
	require.Contains(t, out, "  now from “The centipede game”, a source cited earlier in this session\nThe game is a standard example [1].")
	require.Contains(t, out, "  now from “Tit-for-tat”; “The centipede game”, sources cited earlier in this session\nTit-for-tat is nice")
}

// answering is a recorder whose asks are answered, in turn, by answers,
// each with the question asked and the outcome answered.
func answering(answers []service.Result) *recorder {
	n := 0
	return &recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		res := answers[n]
		n++
		res.Question, res.Outcome = q, nodes.OutcomeAnswered
		return res, nil
	}}
}

package reasoner

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A reasoning model that runs out of tokens while thinking leaves a
// <think> block it never closed. Its notes name a passage ("Passage [1]
// says it"), so read as an answer they passed the citation check and were
// shown as an answered question; they are no answer.
func TestAnUnclosedThinkingBlockIsNoAnswer(t *testing.T) {
	reply := "<think>The user wants NE. Passage [1] says it. Let me think more"
	m := &scriptedModel{script: []step{{reply: reply}}}
	_, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.Error(t, err)
	require.True(t, isUnusable(err), err)
	require.Contains(t, err.Error(), `the LLM's reply "<think>The user wants NE. Passage [1] says it. Let me think …" is thinking it never finished`)
	require.Equal(t, 1, m.Calls(), "not asked again: at temperature 0 it would think as long again")

	// A closed block before the answer is still taken off, and the answer read.
	m = &scriptedModel{script: []step{{reply: "<think>passage 1</think>\nA Nash equilibrium is stable [1]."}}}
	a, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, "A Nash equilibrium is stable [1].", a.Text)

	_, ok := parseYesNo("<think>It is about auctions, so yes")
	require.False(t, ok, "a yes inside unfinished notes is no verdict")
}

// The condenser's reply is asked in the user's name: markup, data and a
// question about something else are not a rewrite of the follow-up.
func TestCondensedRepliesThatAreNotTheFollowUp(t *testing.T) {
	for _, tc := range []struct{ reply, want string }{
		{"<think>\nThe user refers to the prisoner dilemma, so the standalone", ""},
		{`{"result": [1, 2, {"x": null}], "ok": tru`, ""},
		{`[{"question": "x"}]`, ""},
		{"Standalone question: {\"q\": 1}", ""},
		{`{"question": "What is the repeated prisoner's dilemma?"}`, "What is the repeated prisoner's dilemma?"},
		{"{\"standalone_question\": \"Why does tit-for-tat win?\", \"confidence\": 0.9}", "Why does tit-for-tat win?"},
		{`{"answer": "yes"}`, ""},
	} {
		got, ok := parseCondensed(tc.reply)
		require.Equal(t, tc.want != "", ok, tc.reply)
		require.Equal(t, tc.want, got, tc.reply)
	}

	hist := []Exchange{{Question: "What is the prisoner's dilemma?", Answer: "Two suspects each do better by defecting [1]."}}
	m := &scriptedModel{script: []step{{reply: "What is the weather in Paris today?"}}}
	_, err := NewLLMCondenser(m, fast...).Condense(context.Background(), hist, "and in the repeated version?")
	require.Error(t, err)
	require.True(t, isUnusable(err), err)
	require.Contains(t, err.Error(), "shares no word with the follow-up or the conversation")

	// A rewrite that takes its topic from the conversation is one.
	m = &scriptedModel{script: []step{{reply: "How do suspects behave in the repeated prisoner's dilemma?"}}}
	q, err := NewLLMCondenser(m, fast...).Condense(context.Background(), hist, "and then?")
	require.NoError(t, err)
	require.Equal(t, "How do suspects behave in the repeated prisoner's dilemma?", q)
}

// Asked for more, a model that says again what the reader was told has
// nothing more: the answer is an abstention (the workflow then says it has
// nothing more), not the same answer shown as more. Sentences told are
// left out of an answer that adds others.
func TestAnAnswerSaysNothingTwice(t *testing.T) {
	told := AnswerSentences("A Nash equilibrium is stable [1]. No player gains by deviating alone [1].")
	ctx := WithTold(context.Background(), told)
	m := &scriptedModel{script: []step{{reply: "A Nash equilibrium is stable [1]. No player gains by deviating alone [1]."}}}
	a, err := NewLLMAnswerer(m, fast...).Answer(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.True(t, a.Abstained, a.Text)

	m = &scriptedModel{script: []step{{reply: "a nash equilibrium is  stable [1]! It may be mixed [1]."}}}
	a, err = NewLLMAnswerer(m, fast...).Answer(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.False(t, a.Abstained)
	require.Equal(t, "It may be mixed [1].", a.Text)
	require.Contains(t, a.Notices, PromptGenerateResponse+": the LLM repeated 1 sentence the reader was already told; left out")

	// A model caught in a loop writes one sentence to the size limit.
	loop := strings.Repeat("Players best respond to each other [1]. ", 1000) + "It may be mixed [1]."
	m = &scriptedModel{script: []step{{reply: loop}}}
	a, err = NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, "Players best respond to each other [1]. It may be mixed [1].", a.Text)
	require.Contains(t, a.Notices, PromptGenerateResponse+": the LLM wrote 999 sentences again in its answer; each is kept once")

	// An answer that repeats nothing is returned as written, paragraphs and all.
	m = &scriptedModel{script: []step{{reply: "First [1].\n\nSecond [1]."}}}
	a, err = NewLLMAnswerer(m, fast...).Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, "First [1].\n\nSecond [1].", a.Text)
}

// A chat turn's condenser runs in the question's run (WithRun joins a run
// already begun): when the rewrite fails, the steps of the same question
// say the LLM was given up for this run, not that it "failed for the ones
// before", and the next question rests it as after any failed run.
func TestAFailedRewriteIsThisQuestionsFailure(t *testing.T) {
	m := &scriptedModel{script: []step{{err: errors.New("internal boom")}}}
	set := scriptedSet(m)
	ctx := WithRun(context.Background())
	_, err := set.Condense.Condense(ctx, []Exchange{{Question: "What is a core?", Answer: "a"}}, "and its size?")
	require.ErrorIs(t, err, ErrLLMGivenUp, "the rewrite's note is the outage's one notice")
	inner := WithRun(ctx) // the workflow's own, in service.Ask
	require.Same(t, runOf(ctx), runOf(inner))
	a, err := set.Answerer.Answer(inner, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []string{outageTold}, a.Notices, "decided offline, the outage told by the rewrite's note")
}

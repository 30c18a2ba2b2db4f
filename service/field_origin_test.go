package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// A question on the field's own beginnings is answered by the primer's
// overview, which says who founded it, with no arXiv request, however the
// student asks. Before, "Who actually invented game theory as a field?"
// searched arXiv for "field" and was answered from three papers on
// mean-field games; "Who invented game theory?" spent two requests before
// answering from the overview with a caveat, and "Who actually invented
// game theory?" ended not_found: no primer entry says "invented".
func TestAQuestionOnTheFieldsBeginningsIsAnsweredByTheOverview(t *testing.T) {
	mfg := arxiv.Paper{ID: "2501.73901v1", Title: "An Introduction to Mean Field Games for Crowds of Rational Agents",
		Summary: "Lasry and Lions, and independently Huang, Caines and Malhamé, introduced mean field games to describe the limit of " +
			"games with many players: a representative agent solves an optimal control problem given the population's density.",
		PrimaryCategory: "cs.GT"}
	svc := primerService(t, arxivWith(t, mfg))
	requireOverviewAnswers(t, svc, "founded by John von Neumann and Oskar Morgenstern",
		"Who invented game theory?",
		"Who actually invented game theory as a field?",
		"who came up with game theory in the first place, and when?",
		"When did game theory start?",
		"Who is the father of game theory?")
}

// requireOverviewAnswers asks each question of svc and requires an answer
// led by the primer's overview, saying says, for no arXiv request.
func requireOverviewAnswers(t *testing.T, svc *service.Service, says string, questions ...string) {
	t.Helper()
	for _, q := range questions {
		r, err := svc.Ask(context.Background(), q, service.AskOptions{})
		require.NoError(t, err, q)
		require.Equal(t, nodes.OutcomeAnswered, r.Outcome, "%s: %s", q, r.Answer)
		require.Zero(t, r.ArxivRequests, q)
		require.Equal(t, "primer:game-theory-overview", r.Sources[0].PaperID, q)
		require.Contains(t, r.Answer, says, q)
	}
}

// A question on how the field is used in life is answered by the
// overview, which says where it is used, with no arXiv request. Before,
// "real" and "life" (no primer word, and an evidence cue) sent it to
// arXiv, whose papers on real-time strategy games it shared them with
// were stored and quoted, or it ended not_found.
func TestAQuestionOnTheFieldInLifeIsAnsweredByTheOverview(t *testing.T) {
	rts := arxiv.Paper{ID: "1612.67960v1", Title: "Mastering real-time strategy games",
		Summary: "Real-time strategy games are a testbed for multi-agent learning in the real world: players gather resources, " +
			"build armies and attack, and we train agents by self-play against a league of past opponents.",
		PrimaryCategory: "cs.GT"}
	svc := primerService(t, arxivWith(t, rts))
	requireOverviewAnswers(t, svc, "Today game theory is used in economics",
		"Is game theory useful in real life?",
		"How is game theory used in the real world?",
		"Does game theory actually work in the real world?")
	// Naming an application is a question for arXiv as before.
	r, err := svc.Ask(context.Background(), "Has game theory ever actually predicted how real people bargain?", service.AskOptions{})
	require.NoError(t, err)
	require.EqualValues(t, 1, r.ArxivRequests, r.Answer)
}

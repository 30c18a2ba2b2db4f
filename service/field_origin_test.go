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
	for _, q := range []string{
		"Who invented game theory?",
		"Who actually invented game theory as a field?",
		"who came up with game theory in the first place, and when?",
		"When did game theory start?",
		"Who is the father of game theory?",
	} {
		r, err := svc.Ask(context.Background(), q, service.AskOptions{})
		require.NoError(t, err, q)
		require.Equal(t, nodes.OutcomeAnswered, r.Outcome, "%s: %s", q, r.Answer)
		require.Zero(t, r.ArxivRequests, q)
		require.Equal(t, "primer:game-theory-overview", r.Sources[0].PaperID, q)
		require.Contains(t, r.Answer, "founded by John von Neumann and Oskar Morgenstern", q)
	}
}

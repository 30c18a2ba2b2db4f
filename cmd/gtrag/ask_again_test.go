package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
)

// A question asked again on the store its first run grew gets the same
// outcome and sources: the store kept the papers for it, and must not
// refuse it from them. Two ways it did, for questions the topic judge
// finds no game theory in (round 2 session 62, 55 of 665 dev questions):
// the search that finds the stored paper again added nothing, which read
// as "found nothing about it"; and a store that seemed to answer asked its
// passages for more of the question's words than the search had asked of
// the paper.
func TestAskAgainKeepsTheOutcome(t *testing.T) {
	priceWar := arxiv.Paper{ID: "2010.11111v1", Title: "How incumbent brands answer a discount entrant",
		Summary: "When a discount entrant arrives, incumbent brands cut regular prices by a few percent within a year, " +
			"while premium brands defend their share with promotions instead. We read the pattern through a model of " +
			"strategic positioning in which the incumbent chooses between accommodation and aggressive defence.",
		PrimaryCategory: "econ.GN"}
	channels := arxiv.Paper{ID: "2509.22222v1", Title: "Distributed channel selection in wireless networks as a potential game",
		Summary: "Wireless devices sharing a set of channels interfere with each other, and each prefers the channel with " +
			"the least interference. With symmetric interference the channel selection game is an exact potential game, so " +
			"devices updating one at a time converge to a pure equilibrium without coordination.",
		PrimaryCategory: "cs.GT"}
	srv := arxivtest.New(t, []arxiv.Paper{priceWar, channels, auctionPaper, videoGamePaper})

	for _, c := range []struct{ question, paper string }{
		{"What do supermarkets do when competing brands cut prices?", priceWar.ID},
		{"Can wireless devices choose channels on their own and still settle into a stable assignment?", channels.ID},
	} {
		env := testEnv(t)
		env["GTRAG_ARXIV_URL"] = srv.URL
		env["GTRAG_SEED"] = "none"
		var first, again service.Result
		decodeJSON(t, gtrag(t, env, "ask", "--json", c.question), &first)
		require.Equal(t, 1, first.PapersAdded, "%s: %s %v", c.question, first.Outcome, first.Searches)
		require.Contains(t, sourceIDs(first), c.paper, "precondition: the first run cites the paper it added")
		decodeJSON(t, gtrag(t, env, "ask", "--json", c.question), &again)
		require.Equal(t, first.Outcome, again.Outcome, "%s: %s", c.question, again.Answer)
		require.Equal(t, sourceIDs(first), sourceIDs(again), c.question)
		require.Zero(t, again.PapersAdded)
	}
}

func sourceIDs(r service.Result) []string {
	var ids []string
	for _, s := range r.Sources {
		ids = append(ids, s.PaperID)
	}
	return ids
}

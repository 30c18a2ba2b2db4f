package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// A question on a primer concept that asks what the primer's entry does not
// say is searched for, and answered from the paper that says it; one the
// entry answers is not. Before, the entry on fictitious play, holding the
// concept and "rounds", was judged to answer a question on how many rounds
// it may need, and arXiv was never asked.
func TestAPrimerStoreSearchesForWhatItsEntryDoesNotSay(t *testing.T) {
	paper := arxiv.Paper{ID: "1401.91157v1", Title: "Exponential Convergence Time of Fictitious Play in Potential and Zero-Sum Games",
		Summary: "We construct common-interest games in which fictitious play needs exponentially many rounds to settle on a Nash equilibrium, " +
			"even with a unique pure equilibrium and best-response ties broken favourably.",
		PrimaryCategory: "cs.GT"}
	srv := arxivtest.New(t, append(arxivtest.Papers(0, 30), paper))
	cfg := offline(t, srv.URL)
	cfg.Seed = service.SeedPrimer
	svc := openService(t, cfg)

	r, err := svc.Ask(context.Background(), "Can fictitious play need exponentially many rounds to settle on an equilibrium in common-interest games?", service.AskOptions{})
	require.NoError(t, err)
	require.EqualValues(t, 1, r.ArxivRequests, "the primer's entry on fictitious play does not say how long it takes")
	require.Equal(t, nodes.OutcomeAnswered, r.Outcome, r.Answer)
	require.Equal(t, paper.ID, r.Sources[0].PaperID, r.Answer)

	r, err = svc.Ask(context.Background(), "Does fictitious play converge in two-player zero-sum games?", service.AskOptions{})
	require.NoError(t, err)
	require.Zero(t, r.ArxivRequests, "the entry answers it: %s", r.Answer)
	require.Equal(t, nodes.OutcomeAnswered, r.Outcome)
}

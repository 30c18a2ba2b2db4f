package service_test

import (
	"context"
	"net/http"
	"net/http/httptest"
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
	svc := primerService(t, arxivWith(t, paper))

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

// A new user's store holds the primer. A question its entry on the
// ultimatum game answers in general, but with a word no entry uses
// ("chatbots… stingy"), is searched for and answered from the paper on
// chat models; with arXiv down it is answered from the primer as before
// (outcome arxiv_unavailable),
// and a question in the textbook's own words costs no request.
func TestAPrimerStoreSearchesPastTheTextbook(t *testing.T) {
	paper := arxiv.Paper{ID: "2405.90209v1", Title: "Do large language models reject unfair offers? Ultimatum and dictator behavior of 14 chat models",
		Summary: "We play the ultimatum game with fourteen chatbots as proposers and responders. As responders, chat models reject stingy offers " +
			"below a fifth of the stake more often than human subjects do; as proposers they offer between 40% and 50%.",
		PrimaryCategory: "cs.GT"}
	svc := primerService(t, arxivWith(t, paper))
	const q = "Do chatbots turn down stingy offers in take-it-or-leave-it splitting games?"

	r, err := svc.Ask(context.Background(), q, service.AskOptions{})
	require.NoError(t, err)
	require.EqualValues(t, 1, r.ArxivRequests, r.Answer)
	require.Contains(t, sourceIDs(r), paper.ID, r.Answer)

	r, err = svc.Ask(context.Background(), "What is a Nash equilibrium?", service.AskOptions{})
	require.NoError(t, err)
	require.Zero(t, r.ArxivRequests)
	require.Equal(t, nodes.OutcomeAnswered, r.Outcome)

	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	t.Cleanup(down.Close)
	r, err = primerService(t, down.URL).Ask(context.Background(), q, service.AskOptions{})
	require.NoError(t, err)
	require.Equal(t, nodes.OutcomeArxivUnavailable, r.Outcome, "the primer's entry answers, and arXiv was not searched: %s", r.Answer)
	require.False(t, r.Abstained, r.Answer)
	require.Equal(t, "primer:ultimatum-dictator-games", r.Sources[0].PaperID)
	require.NotEmpty(t, r.Notices, "the user hears that arXiv could not be searched")
}

func sourceIDs(r service.Result) []string {
	var ids []string
	for _, s := range r.Sources {
		ids = append(ids, s.PaperID)
	}
	return ids
}

// primerService is an offline service on a new store holding the primer,
// as a new user's, searching arxivURL.
func primerService(t *testing.T, arxivURL string) *service.Service {
	cfg := offline(t, arxivURL)
	cfg.Seed = service.SeedPrimer
	return openService(t, cfg)
}

// arxivWith is the URL of an arXiv stand-in holding paper among 30 others.
func arxivWith(t *testing.T, paper arxiv.Paper) string {
	return arxivtest.New(t, append(arxivtest.Papers(0, 30), paper)).URL
}

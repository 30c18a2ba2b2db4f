package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// A question the topic judge does not recognise still finds the paper its
// search ranks first when that paper names a concept of the field and
// nothing against it (a score of LeadFilterThreshold), although the paper
// is short of the strict threshold its other candidates face. The
// question says "share their colour", not "look like them": the told cue
// of ddev (text.toldCuesD) makes the latter evoke the Schelling model,
// and a recognised question's candidates all face the plain threshold.
func TestAnUnrecognisedQuestionKeepsAPlainLeadCandidate(t *testing.T) {
	lead := arxiv.Paper{ID: "2503.95459v1", Title: "Calibrating Schelling Dynamics with Census Tract Data",
		Summary:         "We fit the Schelling model to census tracts: households on a ring of houses move whenever too few neighbours share their colour, and same-colour runs grow long.",
		PrimaryCategory: "physics.soc-ph"}
	second := arxiv.Paper{ID: "2503.95460v1", Title: "Neighbours who move: houses and colour on a circle",
		Summary:         "A Schelling model of houses on a circle; people move when neighbours look different.",
		PrimaryCategory: "physics.soc-ph"}
	f := reasoner.NewOfflineFilter()
	q := "On a circle of houses where people move whenever too few neighbours share their colour, how long do the same-colour stretches end up being?"
	topic, err := f.IsGameTheory(context.Background(), q, "")
	require.NoError(t, err)
	require.False(t, topic.Yes, "the judge does not recognise the question: %s", topic.Reason)
	for _, p := range []arxiv.Paper{lead, second} {
		v, err := (&reasoner.OfflineFilter{Threshold: service.LeadFilterThreshold}).IsGameTheory(context.Background(), p.Title, p.Summary)
		require.NoError(t, err)
		require.True(t, v.Yes, "%s passes the lead threshold: %s", p.ID, v.Reason)
		v, err = f.IsGameTheory(context.Background(), p.Title, p.Summary)
		require.NoError(t, err)
		require.False(t, v.Yes, "%s is short of the strict one: %s", p.ID, v.Reason)
	}

	srv := arxivtest.New(t, append(arxivtest.Papers(0, 30), lead, second))
	svc := openService(t, offline(t, srv.URL))
	r, err := svc.Ask(context.Background(), q, service.AskOptions{})
	require.NoError(t, err)
	require.Equal(t, 1, r.PapersAdded, "the lead alone: the second candidate faces the strict threshold")
	require.NotEqual(t, nodes.OutcomeOffTopic, r.Outcome)
}

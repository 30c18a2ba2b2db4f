package nodes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
)

// titleChooser stands in for a model: it picks the candidates whose title
// holds want, and records what it was shown.
type titleChooser struct {
	want  string
	err   error
	shown [][]reasoner.Passage
}

func (c *titleChooser) ChoosePapers(_ context.Context, _ string, cs []reasoner.Passage) (reasoner.Selection, error) {
	c.shown = append(c.shown, cs)
	if c.err != nil {
		return reasoner.Selection{}, c.err
	}
	var sel reasoner.Selection
	for i, p := range cs {
		if strings.Contains(p.Title, c.want) {
			sel.Order = append(sel.Order, i)
		}
	}
	if len(sel.Order) == 0 {
		sel.Reason = "the LLM found no paper that answers the question"
	}
	return sel, nil
}

const shadingQuestion = "How far below their value should bidders bid in a sealed-bid auction when the winner pays her own bid?"

// shadingPool is a crowd of sealed-bid auction papers that share the
// question's words, and, ranked below them, the paper that answers it.
func shadingPool() (pool []arxiv.Paper, shading arxiv.Paper) {
	for i := range 4 {
		pool = append(pool, arxiv.Paper{ID: fmt.Sprintf("2401.%05dv1", i),
			Title:   fmt.Sprintf("Sealed-bid auctions and bidders' equilibrium, part %d", i+1),
			Summary: "How far below their value should bidders bid, and what does the winner pay? We survey sealed-bid auctions where the winner pays her own bid, and equilibrium bidding."})
	}
	for i := range 8 {
		pool = append(pool, arxiv.Paper{ID: fmt.Sprintf("2403.%05dv1", i),
			Title:   fmt.Sprintf("Sealed-bid auctions, lecture %d", i+1),
			Summary: "Sealed-bid auctions: bidders bid, and the winner pays. We study equilibrium bidding in sealed-bid auctions."})
	}
	shading = arxiv.Paper{ID: "2402.00001v1", Title: "Markdowns in pay-your-bid formats",
		Summary: "We derive closed forms for the optimal markdown of a bid below value when the winner pays her own bid in an auction, and its comparative statics."}
	return append(pool, shading), shading
}

func TestTheChoosersPickIsJudgedFirstAddedAndCited(t *testing.T) {
	pool, shading := shadingPool()

	// Without a chooser the crowd fills the search's four papers.
	d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker = &pagingArxiv{papers: pool}, offlineRanker()
	final, _, err := run(t, d, shadingQuestion)
	require.NoError(t, err)
	require.NotContains(t, final.PapersFound, shading.ID, "the offline ranking puts the crowd first")

	c := &titleChooser{want: "Markdowns"}
	d = deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker, d.Chooser = &pagingArxiv{papers: pool}, offlineRanker(), c
	d.FoundK = true // as the service runs it: the answer reads every paper added
	final, _, err = run(t, d, shadingQuestion)
	require.NoError(t, err)
	require.Len(t, c.shown, 1, "one call per search")
	require.Len(t, c.shown[0], ChooseAmong, "the chooser sees the ranking's first ChooseAmong candidates of 13")
	require.Equal(t, shading.ID, final.PapersSeen[0], "the filter judges the chosen paper first")
	require.Contains(t, final.PapersFound, shading.ID)
	require.Equal(t, shading.ID, final.Searches[0].Best)
	require.True(t, slices.ContainsFunc(final.Sources, func(s Source) bool { return s.PaperID == shading.ID }), "the answer cites it")
}

func TestAChooserThatFailsOrPicksNoneKeepsTheRankingsOrder(t *testing.T) {
	pool, _ := shadingPool()
	search := func(c reasoner.PaperChooser) GraphState {
		s, err := ArxivSearcher{Arxiv: &pagingArxiv{papers: pool}, Ranker: offlineRanker(), Chooser: c}.
			Search(context.Background(), NewState(shadingQuestion))
		require.NoError(t, err)
		return s
	}
	want := search(nil)

	got := search(&titleChooser{want: "no such title"})
	require.Equal(t, paperIDs(want.ArxivPapers), paperIDs(got.ArxivPapers))
	require.Equal(t, want.Searches[0].Best, got.Searches[0].Best)
	require.Contains(t, got.Reasoning, "found no paper")

	got = search(&titleChooser{err: errors.New("model not loaded")})
	require.Equal(t, paperIDs(want.ArxivPapers), paperIDs(got.ArxivPapers))
	require.Len(t, got.Notices, 1)
	require.Contains(t, got.Notices[0], "model not loaded")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ArxivSearcher{Arxiv: &pagingArxiv{papers: pool}, Ranker: offlineRanker(), Chooser: &titleChooser{err: context.Canceled}}.
		Search(ctx, NewState(shadingQuestion))
	require.ErrorIs(t, err, context.Canceled)
}

package nodes

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
)

// deferringFilter is gtFilter as a DeferringFilter: each call for a title
// in after returns only once the call for the title it maps to has; a
// title in fail fails. Its log says when calls finished ("judged T") and
// when verdicts were filed ("filed T").
type deferringFilter struct {
	gtFilter
	after map[string]string
	fail  map[string]bool

	mu   sync.Mutex
	done map[string]chan struct{}
	log  []string
}

func (f *deferringFilter) ch(title string) chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done == nil {
		f.done = map[string]chan struct{}{}
	}
	if f.done[title] == nil {
		f.done[title] = make(chan struct{})
	}
	return f.done[title]
}

func (f *deferringFilter) note(s string) {
	f.mu.Lock()
	f.log = append(f.log, s)
	f.mu.Unlock()
}

func (f *deferringFilter) JudgeDeferred(ctx context.Context, title, abstract string) (reasoner.Verdict, func(), error) {
	defer close(f.ch(title))
	if first, ok := f.after[title]; ok {
		<-f.ch(first) // not ctx: a failed sibling does not cut this one short
	}
	f.note("judged " + title)
	if f.fail[title] {
		return reasoner.Verdict{}, nil, errors.New("LLM timed out")
	}
	v, err := f.gtFilter.IsGameTheory(ctx, title, abstract)
	return v, func() { f.note("filed " + title) }, err
}

func TestConcurrentVerdictsAreFiledInRankOrderOnceJudged(t *testing.T) {
	cands := gtOn("2401", 5, "Equilibrium bidding", "Equilibrium bidding in auctions.")
	for i := range cands {
		cands[i].Title = cands[i].ID
	}
	cands[1].Summary = "Rendering pipelines for video game engines."
	s := NewState("equilibrium bidding")
	s.ArxivPapers = cands
	// MaxResults 3, Parallel 3: the batch 0, 1, 2 finishes 2, 1, 0 and
	// keeps 0 and 2; the next batch, 3, keeps the last one needed.
	f := &deferringFilter{after: map[string]string{cands[0].Title: cands[1].Title, cands[1].Title: cands[2].Title}}
	out, err := PaperFilterer{Filter: f, MaxResults: 3, Parallel: 3}.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	id := func(i int) string { return cands[i].ID }
	require.Equal(t, []string{
		"judged " + id(2), "judged " + id(1), "judged " + id(0),
		"filed " + id(0), "filed " + id(1), "filed " + id(2),
		"judged " + id(3), "filed " + id(3),
	}, f.log, "judged concurrently, filed in rank order once the batch is judged")
	require.Equal(t, []string{id(0), id(2), id(3)}, paperIDs(out.ArxivPapers))
	require.Equal(t, []string{id(0), id(1), id(2), id(3)}, out.PapersSeen, "the same candidates judged as one at a time")

	// A judgement that fails fails the node; the verdicts its batch did
	// get are filed all the same, in rank order, as they were before
	// filing waited for the batch.
	f = &deferringFilter{after: map[string]string{cands[0].Title: cands[1].Title, cands[1].Title: cands[2].Title}, fail: map[string]bool{cands[1].Title: true}}
	_, err = PaperFilterer{Filter: f, MaxResults: 3, Parallel: 3}.FilterPapers(context.Background(), s)
	require.ErrorContains(t, err, "filter paper "+id(1)+": LLM timed out")
	require.Equal(t, []string{"judged " + id(2), "judged " + id(1), "judged " + id(0), "filed " + id(0), "filed " + id(2)}, f.log)
}

// A filter that cannot defer (the offline filter, the lead filter) is
// asked as before.
func TestAFilterThatCannotDeferIsAskedAsBefore(t *testing.T) {
	s := NewState("equilibrium bidding")
	s.ArxivPapers = []arxiv.Paper{gtPaper, videoGame}
	f := &gtFilter{}
	out, err := PaperFilterer{Filter: f, MaxResults: 2, Parallel: 2}.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, 2, f.calls)
	require.Equal(t, []string{gtPaper.ID}, paperIDs(out.ArxivPapers))
}

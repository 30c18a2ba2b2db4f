package environment

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// orderedFilter is a paper filter with fixed verdicts (yes: the titles it
// keeps) whose calls finish in an order the test sets: the call for a
// title in after returns only once the call for the title it maps to has
// returned and that verdict has been filed in r (or, when filing waits
// for the rest of the batch, a short while after). An LLM filter judging
// a batch at once finishes in whatever order its replies come back.
type orderedFilter struct {
	r     *Recorder
	yes   map[string]bool
	after map[string]string

	mu       sync.Mutex
	done     map[string]chan struct{}
	finished []string // the titles judged, in the order their calls finished
}

func (f *orderedFilter) doneCh(title string) chan struct{} {
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

func (f *orderedFilter) IsGameTheory(ctx context.Context, title, _ string) (reasoner.Verdict, error) {
	if first, ok := f.after[title]; ok {
		select {
		case <-f.doneCh(first):
		case <-ctx.Done():
			return reasoner.Verdict{}, ctx.Err()
		}
		for deadline := time.Now().Add(50 * time.Millisecond); time.Now().Before(deadline) && !filed(f.r, first); {
			time.Sleep(time.Millisecond)
		}
	}
	f.mu.Lock()
	f.finished = append(f.finished, title)
	f.mu.Unlock()
	close(f.doneCh(title))
	return reasoner.Verdict{Yes: f.yes[title], Reason: "judged " + title}, nil
}

func filed(r *Recorder, title string) bool {
	return slices.Contains(filedTitles(r.Snapshot()), title)
}

func filedTitles(env Environment) []string {
	var out []string
	for _, it := range env[ToolPaperFilter] {
		for _, o := range it.Objects {
			out = append(out, o["title"].(string))
		}
	}
	return out
}

// TestConcurrentVerdictsAreFiledInRankOrder: the filter judges a batch of
// candidates at once, and the calls finish in reverse rank order; the
// environment lists the verdicts in rank order all the same, exactly as a
// replay, which judges one candidate at a time, lists them. Early stopping
// is untouched: the same candidates are judged, kept and seen.
func TestConcurrentVerdictsAreFiledInRankOrder(t *testing.T) {
	var cands []arxiv.Paper
	var titles []string
	for i := range 7 {
		p := arxiv.Paper{ID: fmt.Sprintf("2401.%05dv1", i), Title: fmt.Sprintf("Paper %d", i), Summary: "An abstract."}
		cands = append(cands, p)
		titles = append(titles, p.Title)
	}
	// MaxResults 3, Parallel 3: the first batch (0, 1, 2) keeps 0 and 2;
	// the second, of one (3), keeps nothing; the third (4) the last
	// needed. 5 and 6 are never judged.
	yes := map[string]bool{titles[0]: true, titles[2]: true, titles[4]: true, titles[5]: true, titles[6]: true}
	s := nodes.NewState("equilibrium bidding")
	s.ArxivPapers = cands

	live := New()
	f := &orderedFilter{r: live, yes: yes, after: map[string]string{titles[0]: titles[1], titles[1]: titles[2]}}
	got, err := nodes.PaperFilterer{Filter: live.Wrap(nodes.Deps{Filter: f}).Filter, MaxResults: 3, Parallel: 3}.
		FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, []string{titles[2], titles[1], titles[0], titles[3], titles[4]}, f.finished,
		"the first batch's calls finished in reverse rank order")
	require.Equal(t, titles[:5], filedTitles(live.Snapshot()), "the verdicts are filed in rank order")

	// One at a time, as a replay judges: the same environment, byte for byte.
	played := New()
	want, err := nodes.PaperFilterer{Filter: played.Wrap(nodes.Deps{Filter: &orderedFilter{r: played, yes: yes}}).Filter, MaxResults: 3}.
		FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, played.Snapshot(), live.Snapshot())
	require.Equal(t, want.ArxivPapers, got.ArxivPapers)
	require.Equal(t, want.PapersSeen, got.PapersSeen)
	require.Equal(t, want.Reasoning, got.Reasoning)
}

// The lead filter (an unrecognised question's first candidate) files its
// verdict as the others do: unwrapped, the live run's environment left it
// out while the replay's listed it.
func TestLeadFilterVerdictIsFiled(t *testing.T) {
	r := New()
	lead := &orderedFilter{yes: map[string]bool{"Lead paper": true}}
	d := r.Wrap(nodes.Deps{Lead: lead})
	_, err := d.Lead.IsGameTheory(t.Context(), "Lead paper", "")
	require.NoError(t, err)
	require.Equal(t, []string{"Lead paper"}, filedTitles(r.Snapshot()))
}

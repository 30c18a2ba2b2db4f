package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// cacheArxiv stands in for an arxiv.Client: cached, it answers from its
// page cache (tells arxiv.WatchCache, sends nothing); otherwise it sends
// one request, counted as the client counts it (arxiv.CountRequests).
type cacheArxiv struct {
	*fakeArxiv
	cached   bool
	requests *atomic.Int64
}

func (a cacheArxiv) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	if a.cached {
		arxiv.ServedFromCache(ctx)
	} else {
		a.requests.Add(1)
	}
	return a.fakeArxiv.Search(ctx, query, start, max, opts)
}

// recordCounted is recordRun with the run's arXiv requests counted, as
// service.Ask counts them.
func recordCounted(t *testing.T, cached bool) (string, nodes.GraphState) {
	t.Helper()
	w := newWorld()
	var requests atomic.Int64
	d := w.deps()
	d.Arxiv = cacheArxiv{fakeArxiv: w.arxiv, cached: cached, requests: &requests}
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "run1" }, LLM: "fake"})
	g, err := nodes.Build(rec.Wrap(d))
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	var calls atomic.Int64
	ctx := arxiv.CountRequests(context.Background(), &requests)
	ctx = reasoner.CountCalls(ctx, &calls)
	final, runErr := g.Run(ctx, nodes.NewState(testQuestion),
		graph.WithStepLimit(25), graph.WithObserver[nodes.GraphState](rec))
	require.NoError(t, runErr)
	// The fake reasoners send nothing; what the recorder keeps is the
	// counter's value when the run ends, as an LLM-backed Set leaves it.
	calls.Store(fakeLLMCalls)
	require.NoError(t, rec.Finish(final, runErr))
	return out.String(), final
}

// fakeLLMCalls is what recordCounted's run is taken to have sent its LLM.
const fakeLLMCalls = 7

func completedData(t *testing.T, evs []Event) ExecutionCompletedData {
	t.Helper()
	for _, e := range evs {
		if e.Type == ExecutionCompleted {
			var d ExecutionCompletedData
			require.NoError(t, e.Decode(&d))
			return d
		}
	}
	t.Fatal("no execution_completed")
	return ExecutionCompletedData{}
}

// A search the client answered from its page cache is recorded as such,
// and its replay marks the search as the recorded run did (the footer's
// "served from the cache" comes from it); the recording keeps the run's
// arXiv requests, which a replay reports beside its own.
func TestACachedSearchIsRecordedAndReplayedAsCached(t *testing.T) {
	out, final := recordCounted(t, true)
	require.Len(t, final.Searches, 1)
	require.True(t, final.Searches[0].Cached, "the recorder passes the hit on to the node")

	evs := readString(t, out)
	var result SearchResult
	for _, e := range evs {
		var d OperationCompletedData
		if e.Type == OperationCompleted && e.Decode(&d) == nil && d.Kind == KindArxivSearch {
			require.NoError(t, json.Unmarshal(d.Result, &result))
		}
	}
	require.True(t, result.Cached, "the recorded search result says it came from the cache")
	done := completedData(t, evs)
	require.NotNil(t, done.ArxivRequests)
	require.EqualValues(t, 0, *done.ArxivRequests, "a cached search sends no request")

	var narration bytes.Buffer
	require.NoError(t, Narrate(&narration, evs))
	require.Contains(t, narration.String(), "from the cache, no request sent")

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, final.Searches, got.Final.Searches, "the replay's searches are the recorded run's, cached included")
	c := p.RecordedCounts()
	require.NotNil(t, c.ArxivRequests)
	require.EqualValues(t, 0, *c.ArxivRequests)
	require.NotNil(t, c.LLMCalls)
	require.EqualValues(t, fakeLLMCalls, *c.LLMCalls, "the run's llm_calls, as its counter ended")
}

// A search that sent a request is not marked; the recording counts the
// request.
func TestASearchThatSentARequestIsNotMarkedCached(t *testing.T) {
	out, final := recordCounted(t, false)
	require.False(t, final.Searches[0].Cached)
	require.NotContains(t, out, `"cached"`, "nothing added to a recording of a search that was sent")
	evs := readString(t, out)
	done := completedData(t, evs)
	require.NotNil(t, done.ArxivRequests)
	require.EqualValues(t, 1, *done.ArxivRequests)

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.False(t, got.Final.Searches[0].Cached)
	require.EqualValues(t, 1, *p.RecordedCounts().ArxivRequests)
}

// A recording made before searches were marked and requests kept replays
// as before: its searches are not cached, and its request count is
// unknown, not 0.
func TestARecordingWithoutCacheMarksStillReplays(t *testing.T) {
	out, _ := recordCounted(t, true)
	old := strings.ReplaceAll(out, `,"cached":true`, "")
	old = strings.ReplaceAll(old, `,"arxiv_requests":0`, "")
	old = strings.ReplaceAll(old, fmt.Sprintf(`,"llm_calls":%d`, fakeLLMCalls), "")
	require.NotContains(t, old, "cached")
	require.NotContains(t, old, "arxiv_requests")

	p, err := NewPlayer(readString(t, old))
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Len(t, got.Final.Searches, 1)
	require.False(t, got.Final.Searches[0].Cached)
	require.Nil(t, p.RecordedCounts().ArxivRequests)
	require.Nil(t, p.RecordedCounts().LLMCalls, "unknown, not 0")
}

// A run stopped by the step limit keeps what it sent too, so that its
// replay shows recorded_arxiv_requests and recorded_llm_calls as a
// finished run's does: they were kept only when the run ended normally.
func TestAStoppedRunKeepsWhatItSent(t *testing.T) {
	w := newWorld()
	var requests, calls atomic.Int64
	d := w.deps()
	d.Arxiv = cacheArxiv{fakeArxiv: w.arxiv, requests: &requests}
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "run1" }, LLM: "fake"})
	g, err := nodes.Build(rec.Wrap(d))
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	ctx := reasoner.CountCalls(arxiv.CountRequests(context.Background(), &requests), &calls)
	final, runErr := g.Run(ctx, nodes.NewState(testQuestion),
		graph.WithStepLimit(4), graph.WithObserver[nodes.GraphState](rec))
	var limit *graph.StepLimitError
	require.ErrorAs(t, runErr, &limit)
	calls.Store(fakeLLMCalls)
	require.NoError(t, rec.Finish(final, runErr))

	p, err := NewPlayer(readString(t, out.String()))
	require.NoError(t, err)
	_, failed := p.Recorded()
	require.NotNil(t, failed)
	c := p.RecordedCounts()
	require.NotNil(t, c.ArxivRequests)
	require.EqualValues(t, 1, *c.ArxivRequests)
	require.NotNil(t, c.LLMCalls)
	require.EqualValues(t, fakeLLMCalls, *c.LLMCalls)
}

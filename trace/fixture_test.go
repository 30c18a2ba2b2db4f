package trace

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

var update = flag.Bool("update", false, "rewrite the golden files in ../testdata/trace")

// golden compares got with ../testdata/trace/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "testdata", "trace", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./trace -run %s -update to create it", t.Name())
	require.Equal(t, string(want), got, "golden %s differs; if the change is intended run go test ./trace -update", name)
}

// fixedClock ticks one millisecond per call from a fixed instant, so that
// traces are reproducible and durations are not all zero.
func fixedClock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Millisecond)
		return t
	}
}

// memStore is a store that ranks documents by insertion order. It counts the
// calls that reach it, so replay tests can show nothing does.
type memStore struct {
	docs  []vectordb.Document
	calls int
}

func (s *memStore) Query(_ context.Context, _ string, k int) ([]vectordb.Result, error) {
	s.calls++
	var out []vectordb.Result
	for i, d := range s.docs {
		if i == k {
			break
		}
		sim := 0.9 - 0.125*float64(i)
		out = append(out, vectordb.Result{Document: d, Score: sim, Similarity: sim})
	}
	return out, nil
}

func (s *memStore) Add(_ context.Context, docs []vectordb.Document) (int, error) {
	s.calls++
	n := 0
	for _, d := range docs {
		if !slices.ContainsFunc(s.docs, func(x vectordb.Document) bool { return x.ID == d.ID }) {
			s.docs = append(s.docs, d)
			n++
		}
	}
	return n, nil
}

func (s *memStore) Count() int { return len(s.docs) }

// fakeArxiv serves one fixed page, or an error.
type fakeArxiv struct {
	page  arxiv.Page
	err   error
	calls int
}

func (a *fakeArxiv) Search(_ context.Context, _ string, _, max int, _ arxiv.SearchOptions) (arxiv.Page, error) {
	a.calls++
	if a.err != nil {
		return arxiv.Page{}, a.err
	}
	p := a.page
	p.Papers = p.Papers[:min(max, len(p.Papers))]
	return p, nil
}

// fakeReasoner judges by simple rules a reader can check against the golden
// files: context is relevant when the best passage scores 0.5 or more, a
// paper (or a question, as search_arxiv asks) is about game theory when its
// title says "game", "auction" or "dilemma".
type fakeReasoner struct {
	answer  string           // with [n] citations
	quotes  []reasoner.Quote // an extractive answer's sentences, instead of answer
	judgeNo bool             // the judge finds nothing relevant
	calls   int
}

func (f *fakeReasoner) JudgeRelevance(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	f.calls++
	if len(ps) > 0 && ps[0].Score >= 0.5 && !f.judgeNo {
		return reasoner.Verdict{Yes: true, Reason: fmt.Sprintf("top score %.2f ≥ 0.50", ps[0].Score)}, nil
	}
	return reasoner.Verdict{Reason: "top score below 0.50"}, nil
}

func (f *fakeReasoner) IsGameTheory(_ context.Context, title, _ string) (reasoner.Verdict, error) {
	f.calls++
	t := strings.ToLower(title)
	if strings.Contains(t, "game") || strings.Contains(t, "auction") || strings.Contains(t, "dilemma") {
		return reasoner.Verdict{Yes: true, Reason: "title names a game-theory topic"}, nil
	}
	return reasoner.Verdict{Reason: "no game-theory term in the title"}, nil
}

func (f *fakeReasoner) Answer(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Answer, error) {
	f.calls++
	if f.quotes != nil {
		return reasoner.Answer{Text: reasoner.CiteQuotes(f.quotes, nil), Cited: []int{1, 2}, Quotes: f.quotes}, nil
	}
	return reasoner.Answer{Text: f.answer, Cited: []int{1, 2}}, nil
}

func testPapers() []arxiv.Paper {
	pub := time.Date(2023, 1, 4, 0, 0, 0, 0, time.UTC)
	return []arxiv.Paper{
		{
			ID: "2301.01234v2", Title: "Tit-for-Tat in Repeated Games",
			Summary: "We study why tit-for-tat does well in the iterated prisoner's dilemma: it is nice, retaliatory, forgiving and clear.",
			Authors: []string{"A. Author", "B. Author"}, Published: pub, Updated: pub,
			PrimaryCategory: "cs.GT", Categories: []string{"cs.GT", "econ.TH"},
			AbsURL: "http://arxiv.org/abs/2301.01234v2", PDFURL: "http://arxiv.org/pdf/2301.01234v2",
		},
		{
			ID: "cs/0112004v1", Title: "Cooperation Among Egoists: an Evolutionary Game",
			Summary: "Tit-for-tat and other strategies in the repeated prisoner's dilemma compete in a tournament; reciprocity wins.",
			Authors: []string{"C. Author"}, Published: pub, Updated: pub,
			PrimaryCategory: "cs.GT", Categories: []string{"cs.GT"},
			AbsURL: "http://arxiv.org/abs/cs/0112004v1", PDFURL: "http://arxiv.org/pdf/cs/0112004v1",
		},
		{
			ID: "2302.00001v1", Title: "Tit-for-Tat Congestion Control",
			Summary:   "Tit-for-tat rate matching does well in peer-to-peer congestion control.",
			Published: pub, Updated: pub, PrimaryCategory: "physics.app-ph", Categories: []string{"physics.app-ph"},
		},
	}
}

const testQuestion = "Why does tit-for-tat do well in the iterated prisoner's dilemma?"

// world is one run's dependencies.
type world struct {
	store *memStore
	arxiv *fakeArxiv
	llm   *fakeReasoner
	// topic and lead, when set, judge the question and an unrecognised
	// question's first candidate (nodes.Deps.Topic and Lead), as gtrag's
	// offline reasoners do.
	topic, lead reasoner.PaperFilter
}

func newWorld() *world {
	return &world{
		store: &memStore{},
		arxiv: &fakeArxiv{page: arxiv.Page{Papers: testPapers(), Total: 135, PerPage: 3}},
		llm:   &fakeReasoner{answer: "Tit-for-tat is nice and retaliatory [1], and reciprocity wins tournaments [2]."},
	}
}

func (w *world) deps() nodes.Deps {
	return nodes.Deps{Store: w.store, Arxiv: w.arxiv, Judge: w.llm, Filter: w.llm, Answerer: w.llm, Topic: w.topic, Lead: w.lead, K: 3, MaxResults: 3}
}

func testSettings() Settings {
	return Settings{LLM: "fake", Embedder: "offline", K: 3, MaxResults: 3, MaxSteps: 25, Version: "test"}
}

// recordRun runs the workflow over w with a Recorder and returns the trace
// and the live narration.
func recordRun(t *testing.T, w *world, question string, opts Options) (trace, live string, final nodes.GraphState, runErr error) {
	t.Helper()
	var out, narration bytes.Buffer
	opts.Out, opts.Live = &out, &narration
	if opts.Clock == nil {
		opts.Clock = fixedClock()
	}
	if opts.NewID == nil {
		opts.NewID = func() string { return "run1" }
	}
	if opts.LLM == "" {
		opts.LLM = "fake"
	}
	rec := New(opts)
	g, err := nodes.Build(rec.Wrap(w.deps()))
	require.NoError(t, err)
	rec.Start(g, question, testSettings())
	final, runErr = g.Run(context.Background(), nodes.NewState(question),
		graph.WithStepLimit(25), graph.WithObserver[nodes.GraphState](rec))
	require.NoError(t, rec.Finish(final, runErr))
	return out.String(), narration.String(), final, runErr
}

func readString(t *testing.T, s string) []Event {
	t.Helper()
	evs, err := ReadEvents(strings.NewReader(s))
	require.NoError(t, err)
	return evs
}

var errBoom = errors.New("boom")

func testDoc(id, paperID, title string) vectordb.Document {
	return vectordb.Document{ID: id, Content: "Tit for tat cooperates first, then copies the other player's last move.",
		Metadata: map[string]string{"paper_id": paperID, "title": title, "abs_url": "", "chunk_index": "0"}}
}

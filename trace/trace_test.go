package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

var loopPath = []string{
	nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
	nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
}

func TestTraceRecordsTheLoop(t *testing.T) {
	w := newWorld()
	out, live, final, err := recordRun(t, w, testQuestion, Options{})
	require.NoError(t, err)
	require.Contains(t, final.FinalResponse, "[1]")

	evs := readString(t, out)
	require.True(t, Complete(evs))
	require.Equal(t, loopPath, Path(evs))

	// Every event carries the envelope; sequence numbers and ids follow.
	for i, e := range evs {
		require.Equal(t, "run1", e.ExecutionID)
		require.EqualValues(t, i+1, e.Seq)
		require.Equal(t, i+1, e.Line)
		require.NotEmpty(t, e.ID)
		require.False(t, e.TS.IsZero())
	}

	// Every operation starts, then completes, with a fingerprint of its
	// parameters.
	kinds := map[string]int{}
	started := map[string]OperationStartedData{}
	for _, e := range evs {
		switch e.Type {
		case OperationStarted:
			var d OperationStartedData
			require.NoError(t, e.Decode(&d))
			require.Len(t, d.Fingerprint, 64)
			started[d.OpID] = d
			kinds[d.Kind]++
		case OperationCompleted:
			var d OperationCompletedData
			require.NoError(t, e.Decode(&d))
			require.Contains(t, started, d.OpID)
			delete(started, d.OpID)
		}
	}
	require.Empty(t, started, "operations without an end")
	require.Equal(t, map[string]int{
		KindStoreCount: 2, KindStoreQuery: 2, KindArxivSearch: 1, KindFilter: 4, // the question's topic, then three papers
		KindStoreAdd: 2, KindJudge: 1, KindAnswer: 1, // one add per paper
	}, kinds)

	// The store grew, and the adds say so: from the first one's count
	// before to the last one's after.
	var adds []AddResult
	for _, e := range evs {
		var d OperationCompletedData
		if e.Type == OperationCompleted && e.Decode(&d) == nil && d.Kind == KindStoreAdd {
			var add AddResult
			require.NoError(t, json.Unmarshal(d.Result, &add))
			adds = append(adds, add)
		}
	}
	require.NotNil(t, adds[0].CountBefore)
	require.Equal(t, 0, *adds[0].CountBefore)
	require.Equal(t, len(w.store.docs), *adds[len(adds)-1].CountAfter)

	// Live narration and narration from the file are the same text.
	var fromFile bytes.Buffer
	require.NoError(t, Narrate(&fromFile, evs))
	require.Equal(t, live, fromFile.String())
}

func TestTraceGoldens(t *testing.T) {
	out, live, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	golden(t, "run.jsonl", out)
	golden(t, "narration.golden", live)

	g, err := nodes.Build(nodes.Deps{})
	require.NoError(t, err)
	golden(t, "mermaid.golden", g.Mermaid(graph.Highlight(VisitedPath(readString(t, out)))))
}

func TestTraceNarrationShowsTheLoop(t *testing.T) {
	_, live, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	for _, want := range []string{
		"step 1 · pull_from_chroma",
		`PERCEPT             user_query: "Why does tit-for-tat`,
		`ACTION              store.query text="Why does tit-for-tat do well in the iterated prisoner's dilemma?" k=3 → 0 results`,
		"REASONING           no documents retrieved",
		"NEXT                search_arxiv (route_after_relevance_check chose not_relevant: the store has nothing for this question)",
		"arxiv.search query=",
		"reasoner.filter_game_theory_papers [fake] as the topic judge: is the question itself about game theory? question=\"Why does tit-for-tat do well in the iterated prisoner's dilemma?\" → yes",
		"reasoner.filter_game_theory_papers [fake] title=\"Tit-for-Tat Congestion Control\" → no: no game-theory term in the title",
		"knowledge base: 0 → 2 documents",
		"papers_seen: (none) → 3 ids: 2301.01234v2, cs/0112004v1, 2302.00001v1",
		"reasoner.check_relevance [fake]",
		"→ yes: top score 0.90 ≥ 0.50",
		"END after 8 steps: pull_from_chroma → check_relevance → search_arxiv",
	} {
		require.Contains(t, live, want)
	}
	// Steps come in order, each with the five parts.
	require.Equal(t, 8, strings.Count(live, "\n  PERCEPT"))
	require.Equal(t, 8, strings.Count(live, "\n  NEXT"))
	require.Less(t, strings.Index(live, "step 2 ·"), strings.Index(live, "step 3 ·"))
}

func TestTraceReplay(t *testing.T) {
	tests := []struct {
		name string
		w    func() *world
		path []string
	}{
		{"the loop, from an empty store", newWorld, loopPath},
		{"arXiv fails: the run answers without it", func() *world {
			w := newWorld()
			w.arxiv.err = &arxiv.APIError{Status: 400, Message: "incorrect id format for 1234.12345"}
			return w
		}, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers, nodes.GenerateResponse}},
		{"relevant at once", func() *world {
			w := newWorld()
			w.store.docs = append(w.store.docs, testDoc("primer:tit-for-tat_chunk_0", "primer:tit-for-tat", "Tit for tat"))
			return w
		}, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse}},
		{"an extractive answer quoting brackets", func() *world {
			// The run numbers citations through the quotes; a replay that
			// renumbered the text by pattern would turn "[0, 1]" into "[1]".
			w := newWorld()
			w.llm.quotes = []reasoner.Quote{
				{Text: "Values are uniform on [0, 1], so each bids half.", N: 2},
				{Text: "Tit-for-tat is nice.", N: 1},
			}
			return w
		}, loopPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, final, err := recordRun(t, tt.w(), testQuestion, Options{})
			require.NoError(t, err)
			evs := readString(t, out)
			require.Equal(t, tt.path, Path(evs))

			p, err := NewPlayer(evs)
			require.NoError(t, err)
			got, err := p.Run(context.Background())
			require.NoError(t, err)
			require.Equal(t, tt.path, got.Path)
			require.Equal(t, final.FinalResponse, got.Final.FinalResponse)
			require.Equal(t, final.Sources, got.Final.Sources)
			require.Equal(t, final.Notices, got.Final.Notices)
			require.Equal(t, final.PapersSeen, got.Final.PapersSeen)
		})
	}
}

// A run recorded before the pool was a setting (no "pool" among its
// settings) replays with the pool its search asked for, not with today's
// default: the recording below asks for 50 papers, as runs did before the
// default became 100.
func TestTraceReplayOfARunRecordedBeforeThePoolWasASetting(t *testing.T) {
	out, _, final, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	var settings map[string]any
	edited := 0
	for i, e := range evs {
		var d map[string]any
		require.NoError(t, json.Unmarshal(e.Data, &d))
		switch {
		case e.Type == ExecutionStarted:
			settings = d["settings"].(map[string]any)
		case e.Type == OperationStarted && d["kind"] == KindArxivSearch:
			raw, err := json.Marshal(d["params"])
			require.NoError(t, err)
			var params SearchParams
			require.NoError(t, json.Unmarshal(raw, &params))
			require.Equal(t, nodes.DefaultPool, params.Max)
			params.Max = 50
			d["params"] = params
			if d["fingerprint"], err = Fingerprint(params); err != nil {
				t.Fatal(err)
			}
			raw, err = json.Marshal(d)
			require.NoError(t, err)
			evs[i].Data = raw
			edited++
		}
	}
	require.NotContains(t, settings, "pool", "the fixture must be a run that does not record its pool")
	require.Equal(t, 1, edited)

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	require.Equal(t, 50, p.Deps().Pool)
	got, err := p.Run(context.Background())
	require.NoError(t, err, "a replay with today's default pool would ask for %d papers", nodes.DefaultPool)
	require.Equal(t, loopPath, got.Path)
	require.Equal(t, final.FinalResponse, got.Final.FinalResponse)
}

// A replay never reaches the dependencies of the recorded run: it has none.
func TestTraceReplayTouchesNothing(t *testing.T) {
	w := newWorld()
	out, _, _, err := recordRun(t, w, testQuestion, Options{})
	require.NoError(t, err)
	calls := w.store.calls + w.arxiv.calls + w.llm.calls
	p, err := NewPlayer(readString(t, out))
	require.NoError(t, err)
	got, err := p.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, calls, w.store.calls+w.arxiv.calls+w.llm.calls)
	require.Equal(t, 0, got.CountBefore)
	require.Equal(t, 2, got.CountAfter)
}

func TestTraceReplayDivergence(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)

	// edit rewrites the data of the first event that matches.
	edit := func(t *testing.T, match func(Event, map[string]any) bool, change func(map[string]any)) []Event {
		evs := readString(t, out)
		for i, e := range evs {
			var d map[string]any
			require.NoError(t, json.Unmarshal(e.Data, &d))
			if match(e, d) {
				change(d)
				raw, err := json.Marshal(d)
				require.NoError(t, err)
				evs[i].Data = raw
				return evs
			}
		}
		t.Fatal("no event matched")
		return nil
	}
	opKind := func(kind string) func(Event, map[string]any) bool {
		return func(e Event, d map[string]any) bool { return e.Type == OperationStarted && d["kind"] == kind }
	}

	tests := []struct {
		name     string
		events   func(t *testing.T) []Event
		step     int
		node     string
		kind     string
		exhausts bool
		message  []string
	}{
		{
			name: "a recorded fingerprint no longer matches",
			events: func(t *testing.T) []Event {
				return edit(t, opKind(KindArxivSearch), func(d map[string]any) { d["fingerprint"] = strings.Repeat("0", 64) })
			},
			step: 3, node: nodes.SearchArxiv, kind: KindArxivSearch,
			message: []string{"step 3 (search_arxiv)", "arxiv.search", "000000000000", "line "},
		},
		{
			name: "the question changed",
			events: func(t *testing.T) []Event {
				return edit(t, func(e Event, _ map[string]any) bool { return e.Type == ExecutionStarted },
					func(d map[string]any) { d["question"] = "What is a Vickrey auction?" })
			},
			step: 1, node: nodes.PullFromChroma, kind: KindStoreQuery,
			message: []string{"step 1 (pull_from_chroma)", "store.query", "Vickrey"},
		},
		{
			name: "the recording has fewer operations than the code asks for",
			events: func(t *testing.T) []Event {
				return edit(t, opKind(KindAnswer), func(d map[string]any) { d["kind"] = "reasoner.renamed" })
			},
			step: 8, node: nodes.GenerateResponse, kind: KindAnswer, exhausts: true,
			message: []string{"step 8 (generate_response)", "no more reasoner.generate_response operations"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewPlayer(tt.events(t))
			require.NoError(t, err)
			_, err = p.Run(context.Background())
			var div *DivergenceError
			require.ErrorAs(t, err, &div)
			require.Equal(t, tt.step, div.Step)
			require.Equal(t, tt.node, div.Node)
			require.Equal(t, tt.kind, div.Kind)
			require.Equal(t, tt.exhausts, div.Recorded == nil)
			for _, m := range tt.message {
				require.Contains(t, err.Error(), m)
			}
		})
	}
}

func TestTraceReplayMismatch(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	last := &evs[len(evs)-1]
	var d ExecutionCompletedData
	require.NoError(t, last.Decode(&d))
	d.FinalResponse = "something else"
	last.Data, err = json.Marshal(d)
	require.NoError(t, err)

	p, err := NewPlayer(evs)
	require.NoError(t, err)
	_, err = p.Run(context.Background())
	var mm *MismatchError
	require.ErrorAs(t, err, &mm)
	require.Equal(t, "final_response", mm.What)
}

func TestTraceReplayNeedsACompleteRecording(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	_, err = NewPlayer(evs[:len(evs)-1])
	require.ErrorContains(t, err, "incomplete")
}

func TestTraceFailedRun(t *testing.T) {
	w := newWorld()
	w.store.docs = append(w.store.docs, testDoc("primer:x_chunk_0", "primer:x", "X"))
	var out, live bytes.Buffer
	rec := New(Options{Out: &out, Live: &live, Clock: fixedClock(), NewID: func() string { return "run2" }})
	d := w.deps()
	d.Answerer = failingAnswerer{}
	g, err := nodes.Build(rec.Wrap(d))
	require.NoError(t, err)
	rec.Start(g, testQuestion, testSettings())
	final, runErr := g.Run(context.Background(), nodes.NewState(testQuestion), graph.WithObserver[nodes.GraphState](rec))
	require.Error(t, runErr)
	require.NoError(t, rec.Finish(final, runErr))

	evs := readString(t, out.String())
	require.True(t, Complete(evs))
	require.Equal(t, ExecutionFailed, evs[len(evs)-1].Type)
	types := map[Type]bool{}
	for _, e := range evs {
		types[e.Type] = true
	}
	require.True(t, types[OperationFailed])
	require.True(t, types[StepFailed])
	require.Contains(t, live.String(), "FAILED")
	require.Contains(t, live.String(), "failed: boom")

	// The failure replays as the same failure.
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	_, err = p.Run(context.Background())
	require.ErrorContains(t, err, "boom")
	var div *DivergenceError
	require.False(t, errors.As(err, &div))

	// The path of trace --json is the steps that completed, as the
	// recording's own execution_failed has it; the diagram's still shows
	// where the run stopped.
	var end ExecutionFailedData
	require.NoError(t, evs[len(evs)-1].Decode(&end))
	require.NotEmpty(t, end.Path)
	require.Equal(t, end.Path, CompletedPath(evs))
	require.NotContains(t, CompletedPath(evs), nodes.GenerateResponse)
	require.Equal(t, append(slices.Clone(end.Path), nodes.GenerateResponse), VisitedPath(evs))
}

// A completed run's path ends with END, a recording cut inside a step
// leaves that step out.
func TestCompletedPath(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	require.Equal(t, append(slices.Clone(loopPath), graph.END), CompletedPath(evs))
	require.Equal(t, VisitedPath(evs), CompletedPath(evs))
	cut := slices.IndexFunc(evs, func(e Event) bool { return e.Type == StepStarted && e.Step == 2 })
	require.Equal(t, loopPath[:1], CompletedPath(evs[:cut+1]))
}

type failingAnswerer struct{}

func (failingAnswerer) Answer(context.Context, string, []reasoner.Passage) (reasoner.Answer, error) {
	return reasoner.Answer{}, errBoom
}

// Two long answers that part late are quoted from just before they part;
// quoted from their start, they would read as the same text twice.
func TestMismatchQuotesWhereTheTextsDiffer(t *testing.T) {
	shared := strings.Repeat("Bidders shade their bids below their values. ", 5)
	e := &MismatchError{What: "final_response", Recorded: shared + "Values are uniform on [0, 1] here.", Replayed: shared + "Values are uniform on [1] here."}
	msg := e.Error()
	require.Contains(t, msg, `uniform on [0, 1] here."`)
	require.Contains(t, msg, `uniform on [1] here."`)
	require.Contains(t, msg, `was "…`)

	short := &MismatchError{What: "outcome", Recorded: "answered", Replayed: "not_found"}
	require.Equal(t, `replay finished differently from the recording: outcome was "answered", the replay gave "not_found"`, short.Error())
}

// A recording keeps the cap on an unrecognised question's requests, and
// one made before the cap (no "unrecognised_searches" among its settings)
// replays without it, as it ran.
func TestTraceReplayKeepsTheUnrecognisedSearchesSetting(t *testing.T) {
	out, _, _, err := recordRun(t, newWorld(), testQuestion, Options{})
	require.NoError(t, err)
	evs := readString(t, out)
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	require.Zero(t, p.Deps().UnrecognisedSearches, "the fixture's settings have no cap")

	for i, e := range evs {
		if e.Type != ExecutionStarted {
			continue
		}
		var d map[string]any
		require.NoError(t, json.Unmarshal(e.Data, &d))
		d["settings"].(map[string]any)["unrecognised_searches"] = 1
		evs[i].Data, err = json.Marshal(d)
		require.NoError(t, err)
	}
	p, err = NewPlayer(evs)
	require.NoError(t, err)
	require.Equal(t, 1, p.Deps().UnrecognisedSearches)
}

package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// countingWriter and countingChooser stand for an LLM's query writer and
// paper chooser.
type countingWriter struct{ calls int }

func (w *countingWriter) WriteQueries(context.Context, string) (reasoner.Queries, error) {
	w.calls++
	return reasoner.Queries{Queries: []string{"tit for tat"}}, nil
}

type countingChooser struct{ calls int }

func (c *countingChooser) ChoosePapers(context.Context, string, []reasoner.Passage) (reasoner.Selection, error) {
	c.calls++
	return reasoner.Selection{Order: []int{1, 0}}, nil
}

// recordWith records a run of w under set, as recordLikeAsk does.
func recordWith(t *testing.T, w *world, set Settings) []Event {
	t.Helper()
	var out bytes.Buffer
	rec := New(Options{Out: &out, Clock: fixedClock(), NewID: func() string { return "orig" }, LLM: set.LLM})
	d := rec.Wrap(w.deps())
	g, err := nodes.Build(d)
	require.NoError(t, err)
	rec.Start(g, testQuestion, set)
	final, runErr := g.Run(context.Background(), nodes.NewState(testQuestion), graph.WithStepLimit(25), graph.WithObserver[nodes.GraphState](rec))
	require.NoError(t, runErr)
	require.NoError(t, rec.Finish(final, runErr))
	return readString(t, out.String())
}

// forkWith forks evs after step at with relevant_context=false, its own
// steps on a new world with the given writer and chooser (nil for none).
func forkWith(t *testing.T, evs []Event, at int, q reasoner.QueryWriter, c reasoner.PaperChooser) Outcome {
	t.Helper()
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	after := newWorld().deps()
	after.Queries, after.Chooser = q, c
	out, err := p.Fork(context.Background(), at, Edit{Field: nodes.FieldRelevantContext, Value: json.RawMessage("false")}, after, nil)
	require.NoError(t, err)
	return out
}

// A fork of a run with an LLM that answered from the store, and so never
// wrote a search nor chose a paper, searched arXiv without either: the
// recording held no such operation, and the fork took that for a run with
// no LLM to write or choose. What the run had is now in its settings; a
// recording made before they were kept is read as ask runs by default.
func TestForkOfARunThatNeverSearchedWritesAndChooses(t *testing.T) {
	answered := func() *world {
		w := newWorld()
		w.store.docs = append(w.store.docs, testDoc("kb:tft_chunk_0", "kb:tft", "Tit-for-Tat"))
		return w
	}
	yes, no := true, false
	for _, c := range []struct {
		name                string
		queries, chooser    *bool
		llm                 string
		wantWrite, wantPick int
	}{
		{"recorded with both", &yes, &yes, "fake", 1, 1},
		{"recorded with --choose=false", &yes, &no, "fake", 1, 0},
		{"recorded offline", &no, &no, "offline", 0, 0},
		{"recorded before the settings kept them", nil, nil, "fake", 1, 1},
		{"recorded offline before the settings kept them", nil, nil, "offline", 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			set := testSettings()
			set.LLM, set.QueryWriter, set.Chooser = c.llm, c.queries, c.chooser
			evs := recordWith(t, answered(), set)
			p, err := NewPlayer(evs)
			require.NoError(t, err)
			require.NotContains(t, p.RecordedPath(), nodes.SearchArxiv, "answered from the store")

			var w countingWriter
			var ch countingChooser
			out := forkWith(t, evs, 2, &w, &ch)
			require.Contains(t, out.Path, nodes.SearchArxiv)
			require.Equal(t, c.wantWrite, w.calls, "query writer")
			require.Equal(t, c.wantPick, ch.calls, "paper chooser")
		})
	}
}

// A fork with no writer or chooser of its own (an offline fork) of such a
// run formulates its searches offline, as before, without a notice that
// it has none; and a recording made before the settings kept them whose
// replayed steps searched without a chooser is not taken to have had one:
// the replayed search would ask the recording for a choice it never made.
func TestForkKeepsWhatTheRecordingCanAnswer(t *testing.T) {
	w := newWorld()
	w.store.docs = append(w.store.docs, testDoc("kb:tft_chunk_0", "kb:tft", "Tit-for-Tat"))
	out := forkWith(t, recordWith(t, w, testSettings()), 2, nil, nil)
	require.Contains(t, out.Path, nodes.SearchArxiv)
	for _, n := range out.Final.Notices {
		require.False(t, strings.Contains(n, "fork: no "), "notice %q", n)
	}

	evs := recordWith(t, newWorld(), testSettings()) // searches at step 3, no LLM chooser
	p, err := NewPlayer(evs)
	require.NoError(t, err)
	require.Contains(t, p.RecordedPath()[:5], nodes.SearchArxiv)
	var ch countingChooser
	forkWith(t, evs, 5, nil, &ch)
	require.Zero(t, ch.calls)
}

package service_test

import (
	"bytes"
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/vectordb"
)

// yesJudge finds any passages relevant: the question is answered from
// the store, and arXiv is not searched.
type yesJudge struct{}

func (yesJudge) JudgeRelevance(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	return reasoner.Verdict{Yes: len(ps) > 0, Reason: "stub"}, nil
}

// stubWriter and stubChooser stand for an LLM's query writer and paper
// chooser, and count their calls.
type stubWriter struct{ calls *atomic.Int32 }

func (w stubWriter) WriteQueries(context.Context, string) (reasoner.Queries, error) {
	w.calls.Add(1)
	return reasoner.Queries{Queries: []string{"first-price auction bid shading"}}, nil
}

type stubChooser struct{ calls *atomic.Int32 }

func (c stubChooser) ChoosePapers(context.Context, string, []reasoner.Passage) (reasoner.Selection, error) {
	c.calls.Add(1)
	return reasoner.Selection{Order: []int{1, 0}}, nil
}

// searchLLMService is a Service with an "LLM" that writes searches and
// chooses papers (counted in writes and choices), a judge that finds the
// store's passages relevant, and a store holding one passage on
// decisionQuestion: asked, it answers from the store.
func searchLLMService(t *testing.T, arxivURL string, writes, choices *atomic.Int32) *service.Service {
	t.Helper()
	return assembled(t, arxivURL, func(db service.Store, rs *reasoner.Set) service.Store {
		_, err := db.Add(context.Background(), []vectordb.Document{{
			ID: "kb:shading_chunk_0", Content: "In a first-price auction bidders shade their bids below their values.",
			Metadata: map[string]string{"paper_id": "kb:shading", "title": "Bid shading", "chunk_index": "0"},
		}})
		require.NoError(t, err)
		rs.Judge, rs.Queries, rs.Choose, rs.Name = yesJudge{}, stubWriter{writes}, stubChooser{choices}, "stub"
		return db
	})
}

// A live fork of an LLM run that never searched arXiv searched without the
// LLM's query writer and paper chooser, and said nothing: the recording
// had no such operation, and the fork took that for a run without them.
// Its steps after the fork now write the searches and choose the papers as
// ask would with the recorded settings, --choose=false (KeepRanking)
// included; the fork's recording says so and replays.
func TestForkOfARunThatNeverSearchedUsesTheLLMsSearch(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	for _, keep := range []bool{false, true} {
		t.Run(map[bool]string{false: "choose", true: "keep ranking"}[keep], func(t *testing.T) {
			var writes, choices atomic.Int32
			svc := searchLLMService(t, srv.URL, &writes, &choices)
			var out bytes.Buffer
			res, err := svc.Ask(context.Background(), decisionQuestion, service.AskOptions{KeepRanking: keep, Trace: trace.New(trace.Options{Out: &out, LLM: svc.LLM()})})
			require.NoError(t, err)
			require.Equal(t, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse}, res.Path, "answered from the store")
			require.Zero(t, writes.Load()+choices.Load())
			evs, err := trace.ReadEvents(&out)
			require.NoError(t, err)
			p, err := trace.NewPlayer(evs)
			require.NoError(t, err)
			require.Equal(t, true, *p.Settings().QueryWriter)
			require.Equal(t, !keep, *p.Settings().Chooser)

			var fork bytes.Buffer
			res, err = svc.Fork(context.Background(), p, service.ForkOptions{
				Step: 2, Edit: trace.Edit{Field: nodes.FieldRelevantContext, Value: json.RawMessage("false")},
				Trace: trace.New(trace.Options{Out: &fork, LLM: svc.LLM()}),
			})
			require.NoError(t, err)
			require.Contains(t, res.Path, nodes.SearchArxiv)
			require.Equal(t, int32(1), writes.Load(), "the fork's search is the LLM's")
			require.NotEmpty(t, res.Searches)
			require.Contains(t, res.Searches[0].Query, "shading")
			if keep {
				require.Zero(t, choices.Load(), "recorded with --choose=false: the fork keeps the ranking too")
			} else {
				require.Equal(t, int32(1), choices.Load(), "the LLM chooses among the fork's candidates")
			}

			// The fork's recording says what it had, and replays.
			evs, err = trace.ReadEvents(&fork)
			require.NoError(t, err)
			fp, err := trace.NewPlayer(evs)
			require.NoError(t, err)
			require.Equal(t, true, *fp.Settings().QueryWriter)
			require.Equal(t, !keep, *fp.Settings().Chooser)
			_, err = service.Replay(context.Background(), fp)
			require.NoError(t, err)
		})
	}
}

package service_test

import (
	"bytes"
	"context"
	"errors"
	"hash/fnv"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// Ctrl-C while add_to_chroma waits for the embedder on its second paper:
// the first paper is in the store, and the Result says so (papers_added
// 1, as chat's /stats and its "stopped before an answer" line read it),
// beside the interrupt. The recording replays to the same stop with the
// same count.
func TestAskStoppedWhileAddingCountsThePapersStored(t *testing.T) {
	const question = "How do bidders shade bids in first-price auctions?"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var adds atomic.Int64
	ollama := ollamatest.New(t, ollamatest.Script{
		Embed: func(rctx context.Context, texts []string) ([][]float32, error) {
			if !(len(texts) == 1 && texts[0] == question) && adds.Add(1) == 2 {
				// The second paper's chunks: Ctrl-C while they embed.
				cancel()
				<-rctx.Done()
				return nil, errors.New("stopped")
			}
			vecs := make([][]float32, len(texts))
			for i, s := range texts {
				h := fnv.New64a()
				h.Write([]byte(s))
				v := h.Sum64()
				for d := range 8 {
					vecs[i] = append(vecs[i], float32(v>>(8*d)&0xff)/255+0.01)
				}
			}
			return vecs, nil
		},
	})
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	cfg := offline(t, srv.URL)
	cfg.Embedder = "ollama:x"
	cfg.Getenv = func(k string) string {
		if k == "OLLAMA_HOST" {
			return ollama.URL
		}
		return ""
	}
	svc := openService(t, cfg)

	var out bytes.Buffer
	rec := trace.New(trace.Options{Out: &out, LLM: svc.LLM()})
	res, err := svc.Ask(ctx, question, service.AskOptions{Trace: rec})
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, service.OutcomeInterrupted, res.Outcome)
	require.EqualValues(t, 2, adds.Load(), "stopped while adding the second paper")
	require.NotContains(t, res.Path, nodes.AddToChroma, "the path is the steps that completed")
	require.Equal(t, 0, res.StoreCountBefore)
	require.Positive(t, res.StoreCountAfter, "the first paper's chunks are stored")
	require.Equal(t, 1, svc.Store().Info().Papers)
	require.Equal(t, 1, res.PapersAdded, "the paper stored before the stop is counted")
	require.Empty(t, res.Answer)

	evs, err := trace.ReadEvents(&out)
	require.NoError(t, err)
	p, err := trace.NewPlayer(evs)
	require.NoError(t, err)
	replayed, err := service.Replay(context.Background(), p)
	var stopped *trace.StoppedError
	require.ErrorAs(t, err, &stopped)
	require.Equal(t, nodes.AddToChroma, stopped.Node)
	require.Equal(t, service.OutcomeInterrupted, replayed.Outcome)
	require.Equal(t, res.PapersAdded, replayed.PapersAdded)
	require.Equal(t, res.Path, replayed.Path)
	require.Equal(t, res.PapersSeen, replayed.PapersSeen)
}

package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// modelEmbedder stands for a model embedder (an Ollama or OpenAI model): the
// offline embedder's vectors under another spec, recording every text it is
// asked to embed.
type modelEmbedder struct {
	vectordb.Embedder
	mu    sync.Mutex
	texts []string
}

func (m *modelEmbedder) Spec() string { return "ollama:test-model" }

func (m *modelEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	m.mu.Lock()
	m.texts = append(m.texts, texts...)
	m.mu.Unlock()
	return m.Embedder.Embed(ctx, texts)
}

// A search's pool is ranked with the offline embedder whatever the store's
// is (see poolRanker): the store's model embeds the question and the papers
// the run adds, never the abstracts of the candidates it only ranks.
func TestPoolsAreRankedWithoutTheStoresEmbedder(t *testing.T) {
	ctx := context.Background()
	emb := &modelEmbedder{Embedder: vectordb.NewOfflineEmbedder()}
	db, err := vectordb.Open(ctx, t.TempDir(), emb)
	require.NoError(t, err)
	rs, err := reasoner.Open(ctx, "offline", nil)
	require.NoError(t, err)
	papers := arxivtest.Papers(0, 40)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	svc := service.New(db, rs, service.NewArxivClient(service.ArxivConfig{URL: srv.URL, Delay: -1, MaxAttempts: 1}))
	t.Cleanup(func() { require.NoError(t, svc.Close()) })

	r, err := svc.Ask(ctx, "How do bidders shade bids in first-price auctions?", service.AskOptions{})
	require.NoError(t, err)
	require.Positive(t, r.ArxivRequests)
	require.Positive(t, r.PapersAdded, "the run adds papers, so the store's embedder is used")
	require.Less(t, r.PapersAdded, len(papers), "some candidates are only ranked")

	emb.mu.Lock()
	defer emb.mu.Unlock()
	require.NotEmpty(t, emb.texts)
	ranked := 0
	for _, p := range papers {
		if db.HasPaper(p.ID) {
			continue // added: its chunks are embedded into the store
		}
		ranked++
		for _, text := range emb.texts {
			require.NotContains(t, text, p.Summary, "candidate %s was embedded with the store's model", p.ID)
		}
	}
	require.Positive(t, ranked)
}

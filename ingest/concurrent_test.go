package ingest_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

// meetingEmbedder is the offline embedder, except that the first Embed of
// each of the two stores waits (up to patience) for the other's first
// Embed to start: two ingests that are adding the same batch at the same
// time are held there together, each having asked the store which papers
// it has before either has written any. An ingest that waits for the
// other's Add to finish before it starts its own never meets it there.
type meetingEmbedder struct {
	*vectordb.OfflineEmbedder
	patience time.Duration
	once     sync.Once
	meet     *meeting
}

type meeting struct {
	wg sync.WaitGroup
}

func (e *meetingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.once.Do(func() {
		e.meet.wg.Done()
		met := make(chan struct{})
		go func() { e.meet.wg.Wait(); close(met) }()
		select {
		case <-met:
		case <-time.After(e.patience):
		}
	})
	return e.OfflineEmbedder.Embed(ctx, texts)
}

// Two ingests of the same query into one store at the same time, as two
// processes (two handles on the store's directory): every paper is stored
// once, and counted as kept by exactly one of them — the one that wrote
// it; the other counts it as stored already. The counts add up to what the
// store gained, in the reports and in what OnPaper told. So they do when
// the handles answer HasPaper from a paper list in memory, which the other
// process's writes make stale.
func TestIngestConcurrentRunsCountEachPaperOnce(t *testing.T) {
	t.Run("store read as it is", func(t *testing.T) { concurrentIngests(t, false) })
	t.Run("paper lists in memory", func(t *testing.T) { concurrentIngests(t, true) })
}

func concurrentIngests(t *testing.T, inMemory bool) {
	papers := arxivtest.Papers(0, 30)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	dir := t.TempDir()
	meet := &meeting{}
	meet.wg.Add(2)
	open := func() *vectordb.DB {
		emb := &meetingEmbedder{OfflineEmbedder: vectordb.NewOfflineEmbedder(), patience: 500 * time.Millisecond, meet: meet}
		db, err := vectordb.Open(context.Background(), dir, emb)
		require.NoError(t, err)
		t.Cleanup(func() { db.Close() })
		if inMemory {
			require.Empty(t, db.Papers()) // loads the list
		}
		return db
	}
	stores := []*vectordb.DB{open(), open()}

	q := ingest.Query{Text: "cat:cs.GT", Max: len(papers), PageSize: 10}
	reps := make([]listed, len(stores))
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i, db := range stores {
		wg.Go(func() {
			reps[i], errs[i] = L(&ingest.Ingester{Store: db}).Search(context.Background(), testClient(srv, 0), q)
		})
	}
	wg.Wait()
	for i := range stores {
		require.NoError(t, errs[i])
		require.Equal(t, len(papers), reps[i].Fetched)
		require.Equal(t, len(papers), reps[i].Report.Committed())
	}

	check := openDB(t, dir)
	require.Len(t, check.Papers(), len(papers), "the store holds every paper once")
	kept := append(append([]string(nil), reps[0].Kept...), reps[1].Kept...)
	require.ElementsMatch(t, ids(papers), kept, "each paper is kept by exactly one run")
	require.Equal(t, len(papers), reps[0].Report.Kept+reps[1].Report.Kept)
	for i := range reps {
		other := reps[1-i]
		require.ElementsMatch(t, other.Kept, reps[i].SkippedExisting, "run %d: what the other run wrote is stored already", i)
	}
	require.Equal(t, check.Count(), reps[0].ChunksAdded+reps[1].ChunksAdded, "chunks too are counted once")
}

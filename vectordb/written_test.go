package vectordb

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestAddPapersCountsOnlyPapersWritten(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir(), NewOfflineEmbedder())
	require.NoError(t, err)
	defer db.Close()
	doc := func(paper, text string) Document {
		return Document{ID: paper + "_chunk_0", Content: text, Metadata: map[string]string{"paper_id": paper}}
	}

	papers, chunks, err := AddPapers(ctx, db, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00002v1", "auctions")})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"2301.00001v2", "2301.00002v1"}, papers)
	require.Equal(t, 2, chunks)

	// The same paper again, an older version of a stored one, and one new.
	papers, chunks, err = AddPapers(ctx, db, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00002v1", "auctions"), doc("2301.00001v1", "old"), doc("2301.00003v1", "voting")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00003v1"}, papers, "only the paper really written counts")
	require.Equal(t, 1, chunks)

	// A newer version replaces the stored one: written.
	papers, _, err = AddPapers(ctx, db, []Document{doc("2301.00002v3", "auctions, revised")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00002v3"}, papers)
}

// The before-and-after fallback, for stores without their own AddPapers
// (the Weaviate backend), answers the same as DB.AddPapers when nothing
// else writes: here it is run on a DB whose method is hidden.
func TestAddPapersFallbackCountsOnlyPapersWritten(t *testing.T) {
	ctx := context.Background()
	db := openTest(t, t.TempDir(), NewOfflineEmbedder())
	s := struct{ PaperWriter }{db}
	_, isAdder := any(s).(paperAdder)
	require.False(t, isAdder)
	doc := func(paper, text string) Document {
		return Document{ID: paper + "_chunk_0", Content: text, Metadata: map[string]string{"paper_id": paper}}
	}

	papers, chunks, err := AddPapers(ctx, s, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00002v1", "auctions")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00001v2", "2301.00002v1"}, papers)
	require.Equal(t, 2, chunks)
	papers, chunks, err = AddPapers(ctx, s, []Document{doc("2301.00001v2", "Nash equilibrium"), doc("2301.00001v1", "old"), doc("2301.00003v1", "voting")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00003v1"}, papers)
	require.Equal(t, 1, chunks)
	papers, _, err = AddPapers(ctx, s, []Document{doc("2301.00002v3", "auctions, revised")})
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00002v3"}, papers)
}

// meetingEmbedder holds the first Embed of each of two handles until the
// other's first Embed has begun (or patience runs out): two Adds of the same
// papers are then both past their plan, which found nothing stored, before
// either writes.
type meetingEmbedder struct {
	Embedder
	meet     *sync.WaitGroup
	once     sync.Once
	patience time.Duration
}

func (e *meetingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	e.once.Do(func() {
		e.meet.Done()
		met := make(chan struct{})
		go func() { e.meet.Wait(); close(met) }()
		select {
		case <-met:
		case <-time.After(e.patience):
		}
	})
	return e.Embedder.Embed(ctx, texts)
}

// Two handles on one directory, as two processes, add the same papers at
// the same moment: every paper is stored once and reported as added by
// exactly one of them, the one whose write stored it; the other's write
// finds it stored. That holds for a paper new to the store and for one
// whose older stored version the newer replaces. The package-level
// AddPapers goes through DB.AddPapers.
func TestAddPapersConcurrentHandlesReportEachPaperOnce(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	text := func(i int) string { return topics[i%len(topics)] }
	seed := openTest(t, dir, NewOfflineEmbedder())
	_, err := seed.Add(ctx, chunkDocs("2301.00001v1", 3, text))
	require.NoError(t, err)

	var docs []Document
	want := []string{"2301.00001v2", "2301.00002v1", "2301.00003v3", "cs/0100004v1"}
	for _, p := range want {
		docs = append(docs, chunkDocs(p, 4, text)...)
	}
	var meet sync.WaitGroup
	meet.Add(2)
	dbs := make([]*DB, 2)
	for i := range dbs {
		dbs[i] = openTest(t, dir, &meetingEmbedder{Embedder: NewOfflineEmbedder(), meet: &meet, patience: 10 * time.Second})
		require.Equal(t, []string{"2301.00001v1"}, dbs[i].Papers()) // HasPaper answers from this list
	}
	papers := make([][]string, len(dbs))
	chunks := make([]int, len(dbs))
	errs := make([]error, len(dbs))
	var wg sync.WaitGroup
	for i, db := range dbs {
		wg.Go(func() { papers[i], chunks[i], errs[i] = AddPapers(ctx, db, docs) })
	}
	wg.Wait()
	for i := range dbs {
		require.NoError(t, errs[i])
	}

	check := openTest(t, dir, NewOfflineEmbedder())
	require.Equal(t, want, check.Papers())
	require.Equal(t, len(docs), check.Count())
	require.ElementsMatch(t, want, append(slices.Clone(papers[0]), papers[1]...), "each paper is reported by exactly one handle")
	require.Equal(t, len(docs), chunks[0]+chunks[1], "and each chunk")
	winner := 0
	if len(papers[1]) > 0 {
		winner = 1
	}
	require.Equal(t, want, papers[winner], "one write stored them all, in order")
	require.Equal(t, len(docs), chunks[winner])
}

// hungServer is a PaperWriter that asks a server whether it holds a paper,
// as the Weaviate backend does; the server hangs.
type hungServer struct{ PaperWriter }

func (hungServer) HasPaperContext(ctx context.Context, _ string) (bool, error) {
	<-ctx.Done()
	return false, ctx.Err()
}

// A store that asks a server is asked with the caller's context: against a
// hung Weaviate, each paper of a batch waited out the request timeout
// twice through HasPaper, and Ctrl-C could not stop the ingest for hours.
func TestAddPapersAsksAServerWithTheContext(t *testing.T) {
	db := openTest(t, t.TempDir(), NewOfflineEmbedder())
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := AddPapers(ctx, hungServer{db}, []Document{{ID: "2301.00001v1_chunk_0", Content: "Nash equilibrium", Metadata: map[string]string{"paper_id": "2301.00001v1"}}})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 5*time.Second)
	require.Zero(t, db.Count(), "nothing written when the store cannot say what it holds")
}

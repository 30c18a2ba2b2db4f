package ingest_test

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
)

// BenchmarkIngestFile10k is `gtrag ingest --file` on 10,000 papers with the
// offline filter and embedder into a new store: read and parse the JSON
// Lines file, filter, chunk, embed, write. The target is ≥ 2,000 papers/s on
// two cores.
func BenchmarkIngestFile10k(b *testing.B) {
	const n = 10000
	path := filepath.Join(b.TempDir(), "papers.jsonl")
	f, err := os.Create(path)
	require.NoError(b, err)
	w := bufio.NewWriter(f)
	require.NoError(b, arxivtest.WriteJSONL(w, arxivtest.Papers(0, n)))
	require.NoError(b, w.Flush())
	require.NoError(b, f.Close())

	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		b.StartTimer()

		f, err := os.Open(path)
		require.NoError(b, err)
		papers, err := arxiv.NewPaperReader(f)
		require.NoError(b, err)
		db := openDB(b, dir)
		in := &ingest.Ingester{Store: db, Filter: reasoner.NewOfflineFilter()}
		rep, err := in.Papers(context.Background(), papers)
		f.Close()
		require.NoError(b, err)
		require.Equal(b, n, rep.Kept)
		require.NoError(b, db.Close())
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "papers/s")
}

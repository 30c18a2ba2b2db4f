package ingest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

// Report.StoreCount is the store's size when the run ends, what `gtrag
// stats` says then, not what this process last saw: when another process
// wrote the store meanwhile and this run wrote nothing after it (every
// paper stored already), the count still includes the other's papers.
func TestIngestStoreCountSeesOtherProcessesWrites(t *testing.T) {
	dir := t.TempDir()
	mine := openDB(t, dir) // this run's handle, opened first
	other := openDB(t, dir)
	papers := arxivtest.Papers(0, 3)
	var docs []vectordb.Document
	for _, p := range papers {
		docs = append(docs, vectordb.Documents(chunker.Split(p, chunker.Options{}))...)
	}
	_, err := other.Add(context.Background(), docs)
	require.NoError(t, err)
	want := other.Count()
	require.Positive(t, want)

	in := &ingest.Ingester{Store: mine}
	rep, err := in.Papers(context.Background(), ingest.PaperList(papers))
	require.NoError(t, err)
	require.Equal(t, 3, rep.SkippedExisting, "the other process stored them")
	require.Equal(t, want, rep.StoreCount, "the store's size at the end, other processes' writes included")
}

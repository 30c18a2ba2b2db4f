package mcpserver

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// stats counts what another process added to the store since the server's
// last look, as list_papers does: it gave the counts of the server's last
// write.
func TestStatsSeesAnotherProcessesPapers(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	svc, err := service.Open(ctx, service.Config{DataDir: dir, LLM: "offline", Embedder: "offline", Arxiv: service.ArxivConfig{URL: "http://127.0.0.1:1/api/query", Delay: -1}})
	require.NoError(t, err)
	t.Cleanup(func() { svc.Close() })
	f := &fixture{svc: svc, session: connect(t, New(svc, Options{Version: "test"}))}
	var before StatsResult
	mustCall(t, f, "stats", map[string]any{}, &before)

	other, err := vectordb.Open(ctx, dir, vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	_, err = other.Add(ctx, vectordb.Documents(chunker.Split(arxivtest.Paper(1), chunker.Options{})))
	require.NoError(t, err)
	require.NoError(t, other.Close())

	var after StatsResult
	mustCall(t, f, "stats", map[string]any{}, &after)
	require.Equal(t, before.Papers+1, after.Papers)
	require.Greater(t, after.Chunks, before.Chunks)
	var list ListPapersResult
	mustCall(t, f, "list_papers", map[string]any{"limit": 1000}, &list)
	require.Equal(t, after.Papers, list.Total, "stats and list_papers agree")
}

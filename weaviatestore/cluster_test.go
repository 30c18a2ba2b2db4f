package weaviatestore

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/weaviatetest"
)

// A collection replicated on two nodes keeps answering queries, from the
// same Store and from a newly opened one, while one node is stopped in the
// middle of a run of queries. Writes are not promised: a write needs the
// cluster's Raft leader to resolve the collection's nodes, and two voters
// with one stopped cannot elect one (CI saw "leader not found" at
// consistency ONE); a cluster that must take writes with a node down needs
// three nodes.
func TestReplicatedClusterSurvivesANodeStop(t *testing.T) {
	ctx := context.Background()
	nodes := weaviatetest.Cluster(t, 2)
	url := fmt.Sprintf("weaviate://%s,%s/Replicated?replicas=2", nodes[0].Addr(), nodes[1].Addr())
	cfg, err := ParseURL(url, "")
	require.NoError(t, err)
	cfg.Retries = 1
	cfg.Backoff = 50 * time.Millisecond
	s, err := Open(ctx, cfg, newEmbedder(""))
	require.NoError(t, err)
	require.Equal(t, 2, s.replicas)
	n, err := s.Add(ctx, topicDocs())
	require.NoError(t, err)
	require.Equal(t, len(topics), n)

	// Queries in a loop; the first node stops after a few of them.
	var (
		wg       sync.WaitGroup
		answered atomic.Int64
		failures []error
		mu       sync.Mutex
	)
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			res, err := s.Query(ctx, "Shapley value of a cooperative game", 2)
			if err == nil && (len(res) == 0 || res[0].ID != "2301.00002v1_chunk_0") {
				err = fmt.Errorf("wrong answer %v", ids(res))
			}
			if err != nil {
				mu.Lock()
				failures = append(failures, err)
				mu.Unlock()
				continue
			}
			answered.Add(1)
		}
	}()
	for answered.Load() < 5 {
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, nodes[0].Stop())
	before := answered.Load()
	deadline := time.Now().Add(time.Minute)
	for answered.Load() < before+10 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	require.Empty(t, failures, "queries failed while a node stopped")
	require.GreaterOrEqual(t, answered.Load(), before+10, "queries answered after the stop")

	// A store opened now, with the first node down, answers too, and the
	// surviving node serves every chunk of both shards.
	//
	// Only a query whose answer holds under both rankings is asserted. BM25
	// statistics are kept per shard, and with the first node down the
	// surviving node's BM25 put the one-word match ("stable", the
	// evolutionarily stable strategies document) above "Stable matching
	// with the deferred acceptance algorithm" for "deferred acceptance
	// stable matching", at every try for 30 s (CI, and 1 run in 12 here;
	// the vector side still ranked the matching document first). With six
	// documents that flips the fused order; it is Weaviate's ranking on a
	// degraded cluster, not a failure to answer, so the test does not
	// promise it.
	again, err := Open(ctx, cfg, newEmbedder(""))
	require.NoError(t, err)
	res, err := again.Query(ctx, "Shapley value of a cooperative game", 2)
	require.NoError(t, err)
	require.NotEmpty(t, res)
	require.Equal(t, "2301.00002v1_chunk_0", res[0].ID)
	all, err := again.Query(ctx, "deferred acceptance stable matching", len(topics))
	require.NoError(t, err)
	var want []string
	for _, d := range topicDocs() {
		want = append(want, d.ID)
	}
	require.ElementsMatch(t, want, ids(all), "every chunk is served with the first node down")
	require.True(t, again.HasPaper("2301.00001v1"))
	t.Logf("after the stop: %d queries answered", answered.Load())
}

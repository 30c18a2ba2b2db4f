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
	"github.com/gtrag/gtrag/vectordb"
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

	// A store opened now, with the first node down, answers too.
	again, err := Open(ctx, cfg, newEmbedder(""))
	require.NoError(t, err)
	// Its first answer was once the wrong document (the one on
	// evolutionarily stable strategies, which shares only "stable") while
	// the surviving node settled after the stop; the right one must come
	// within the deadline, and every answer meanwhile must be a document.
	var res []vectordb.Result
	tries := 0
	for deadline := time.Now().Add(30 * time.Second); ; tries++ {
		res, err = again.Query(ctx, "deferred acceptance stable matching", 1)
		require.NoError(t, err)
		require.NotEmpty(t, res)
		if res[0].ID == "2301.00004v1_chunk_0" || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	require.Equal(t, "2301.00004v1_chunk_0", res[0].ID, "after %d tries", tries+1)
	t.Logf("reopened store answered right after %d tries", tries+1)
	require.True(t, again.HasPaper("2301.00001v1"))
	t.Logf("after the stop: %d queries answered, reopened and queried at %s", answered.Load(), time.Now().Format(time.TimeOnly))
}

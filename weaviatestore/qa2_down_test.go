package weaviatestore

import (
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/weaviatetest"
)

// A server that goes away in the middle of a run: once one request has
// spent its retries on the unreachable cluster, the next ones fail at once
// with that error rather than each spending the whole backoff. An ingest
// asks HasPaper about every paper of a page; with the server killed it
// took 4m44s (80 papers × 3.5 s of retries) to stop and say why. When the
// server is back, the store answers again.
func TestQA2UnreachableClusterFailsFastAfterRetries(t *testing.T) {
	ctx := context.Background()
	s, proxy, target, addr := behindProxy(t, 100*time.Millisecond) // 3 retries: 0.7 s a request
	_, err := s.Add(ctx, topicDocs())
	require.NoError(t, err)
	require.True(t, s.HasPaper("2301.00001v1"))

	require.NoError(t, proxy.Close()) // the server goes away

	old := downFor
	downFor = time.Second
	t.Cleanup(func() { downFor = old })
	start := time.Now()
	_, err = s.HasPaperContext(ctx, "2301.00001v1")
	require.ErrorContains(t, err, "connection refused")
	first := time.Since(start)
	require.GreaterOrEqual(t, first, 700*time.Millisecond, "the first request spends its retries")

	start = time.Now()
	for range 20 {
		require.False(t, s.HasPaper("2301.00002v1"))
	}
	_, err = s.Query(ctx, topics[0], 1)
	require.ErrorContains(t, err, "connection refused")
	require.ErrorContains(t, err, "not asked again yet")
	require.Less(t, time.Since(start), 500*time.Millisecond, "21 more requests fail at once, not 21 × 0.7 s")

	// The server comes back at the same address; after downFor the store
	// asks again and answers.
	ln2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s again: %v", addr, err)
	}
	back := &http.Server{Handler: httputil.NewSingleHostReverseProxy(target)}
	go back.Serve(ln2)
	t.Cleanup(func() { back.Close() })
	time.Sleep(downFor)
	require.True(t, s.HasPaper("2301.00001v1"), "asked again once downFor has passed")
	res, err := s.Query(ctx, topics[0], 1)
	require.NoError(t, err)
	require.NotEmpty(t, res)
}

// behindProxy opens a store on the shared test server through a proxy the
// test can close, as a server that goes away, with backoff between
// retries. It returns the proxy, the server's URL and the proxy's
// address, where a test may bring the server back.
func behindProxy(t *testing.T, backoff time.Duration) (s *Store, proxy *http.Server, target *url.URL, addr string) {
	t.Helper()
	node := weaviatetest.Shared(t)
	target, err := url.Parse("http://" + node.Addr())
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	proxy = &http.Server{Handler: httputil.NewSingleHostReverseProxy(target)}
	go proxy.Serve(ln)
	t.Cleanup(func() { proxy.Close() })

	cfg, err := ParseURL("weaviate://"+ln.Addr().String()+"/"+weaviatetest.Collection(t), "")
	require.NoError(t, err)
	cfg.Backoff = backoff
	s, err = Open(context.Background(), cfg, newEmbedder(""))
	require.NoError(t, err)
	return s, proxy, target, ln.Addr().String()
}

// Opening a store where nothing listens says what to do, as the LLM's and
// the embedder's errors do. No server is needed: the port is closed.
func TestOpenWhereNothingListensSaysWhatToDo(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	cfg, err := ParseURL("weaviate://"+addr+"/Gtrag", "")
	require.NoError(t, err)
	cfg.Backoff = time.Millisecond
	_, err = Open(context.Background(), cfg, newEmbedder(""))
	require.ErrorContains(t, err, "connection refused (is Weaviate running there? Start it, or check the URL)")
}

// A server that accepts and never answers (stopped, overloaded) says what
// to do too: the error was "context deadline exceeded (Client.Timeout
// exceeded while awaiting headers)" and nothing more.
func TestOpenWhereNothingAnswersSaysWhatToDo(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() }) // held open, never answered
		}
	}()
	cfg, err := ParseURL("weaviate://"+ln.Addr().String()+"/Gtrag?timeout=1s", "")
	require.NoError(t, err)
	cfg.Backoff = time.Millisecond
	_, err = Open(context.Background(), cfg, newEmbedder(""))
	require.ErrorContains(t, err, "(Weaviate did not answer within 1s: is it overloaded or stopped? Check the server, or give a longer timeout= in the URL)")
}

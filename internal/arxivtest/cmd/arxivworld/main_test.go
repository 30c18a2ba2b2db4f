package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// syncBuffer is a bytes.Buffer safe to read while run writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServesTheWorldUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-papers", "", "-background", "400", "-seed", "2", "-layout", "modern", "-v"}, outW, &stderr)
		outW.Close()
	}()
	url, err := bufio.NewReader(outR).ReadString('\n')
	require.NoError(t, err, stderr.String())
	url = strings.TrimSpace(url)
	require.True(t, strings.HasPrefix(url, "http://127.0.0.1:") && strings.HasSuffix(url, "/api/query"), url)

	c := &arxiv.Client{BaseURL: url, Delay: -1, RequestTimeout: 5 * time.Second}
	page, err := c.Search(ctx, "cat:cs.GT", 0, 5, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Len(t, page.Papers, 5)
	require.Contains(t, stderr.String(), "search_query=cat:cs.GT start=0 max_results=5", "-v logs requests")

	cancel()
	select {
	case code := <-done:
		require.Equal(t, 0, code, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("did not stop when cancelled")
	}
	require.Contains(t, stderr.String(), "answered 1 requests")
}

func TestBadUsageExitsTwo(t *testing.T) {
	for _, args := range [][]string{{"-layout", "fancy"}, {"-background", "-3"}, {"extra"}, {"-nope"}} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(context.Background(), args, &stdout, &stderr), "%v", args)
		require.Empty(t, stdout.String())
		require.NotEmpty(t, stderr.String())
	}
}

func TestMissingPapersFileFails(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-papers", "/nonexistent/papers.jsonl", "-background", "10"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Contains(t, stderr.String(), "/nonexistent/papers.jsonl")
	require.Empty(t, stdout.String())
}

func TestStats(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run(context.Background(), []string{"-stats", "-background", "2000"}, &stdout, &stderr))
	require.Contains(t, stdout.String(), "papers\t2000\n")
	require.Contains(t, stdout.String(), `game-theory abstracts saying "game theory"`)
}

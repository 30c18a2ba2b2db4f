package weaviatestore

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A write to a server that has gone away: the store says it gets no
// answer (Unreachable) from the write's first failed attempt, while the
// write still retries, so that an ingest fetches no more pages meanwhile;
// and a request not sent because of it names the write that failed, not
// itself: the note "count chunks in …: Post …/v1/batch/objects: …" read as
// if the count had been sent, to the batch endpoint, and failed.
func TestUnreachableFromTheFirstFailedAttempt(t *testing.T) {
	ctx := context.Background()
	s, proxy, _, _ := behindProxy(t, 200*time.Millisecond) // 3 retries: 1.4 s a request
	_, err := s.Add(ctx, topicDocs()[:1])
	require.NoError(t, err)
	require.NoError(t, s.Unreachable(), "the server answered")

	require.NoError(t, proxy.Close()) // the server goes away
	done := make(chan error, 1)
	go func() {
		_, err := s.Add(ctx, topicDocs()[1:])
		done <- err
	}()
	require.Eventually(t, func() bool { return s.Unreachable() != nil }, time.Second, 10*time.Millisecond, "said at the first failed attempt")
	select {
	case err := <-done:
		t.Fatalf("the write ended (%v) before its retries", err)
	default:
	}
	err = <-done
	require.Error(t, err)
	i := strings.Index(err.Error(), "Post ")
	require.GreaterOrEqual(t, i, 0, err.Error())
	failed := err.Error()[i:] // the request that got no answer, and why

	_, err = s.CountContext(ctx)
	require.ErrorContains(t, err, "count chunks in ")
	require.ErrorContains(t, err, ": not sent: an earlier request got no answer ")
	require.ErrorContains(t, err, failed, "names the request that failed")
	require.Error(t, s.Unreachable())
}

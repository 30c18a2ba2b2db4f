package arxiv

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// A watcher hears the pacing before a request and the backoff before each
// retry, with the failed attempt, for its own context only.
func TestWatchHearsPacingAndRetries(t *testing.T) {
	f := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		if n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		serveAtom(w, 200, classicFeed(1, 0, 1, []Paper{{ID: "2301.00001v1", Title: "A"}}))
	})
	c := testClient(f.URL)
	c.Delay = time.Hour // every request after the first waits, as a recorded sleep
	recordSleeps(c)
	var mu sync.Mutex
	var got []Wait
	ctx := Watch(context.Background(), func(w Wait) { mu.Lock(); got = append(got, w); mu.Unlock() })

	if _, err := c.Search(ctx, "nash", 0, 1, SearchOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Fatalf("the first request needs no pacing, got %+v", got)
	}
	if _, err := c.Search(ctx, "nash", 0, 1, SearchOptions{}); err != nil {
		t.Fatal(err)
	}
	// Pacing, the 503's backoff, then pacing again before the retry.
	if len(got) != 3 || got[0].Kind != WaitPacing || got[1].Kind != WaitRetry || got[2].Kind != WaitPacing {
		t.Fatalf("waits = %+v; want pacing, retry, pacing", got)
	}
	if got[1].Retry == nil || got[1].Retry.Attempt != 1 || !strings.Contains(got[1].Retry.Err.Error(), "503") {
		t.Fatalf("retry wait = %+v; want attempt 1 failing with 503", got[1].Retry)
	}
	if got[0].D <= 0 || got[0].D > time.Hour {
		t.Fatalf("pacing wait %s outside (0, 1h]", got[0].D)
	}

	// Another caller's context hears nothing of it.
	before := len(got)
	if _, err := c.Search(context.Background(), "nash", 0, 1, SearchOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(got) != before {
		t.Fatalf("a call without the watcher was reported: %+v", got[before:])
	}
}

// refusedURL is an address where nothing listens.
func refusedURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/api/query"
}

// Under FailFast a refused connection is one attempt, not MaxAttempts.
func TestFailFastRefused(t *testing.T) {
	url := refusedURL(t)
	c := testClient(url)
	c.MaxAttempts = 4
	sleeps := recordSleeps(c)
	_, err := c.Search(FailFast(context.Background()), "nash", 0, 1, SearchOptions{})
	if err == nil || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("err = %v; want a refusal", err)
	}
	if n := c.Requests(); n != 1 || len(sleeps.all()) != 0 {
		t.Fatalf("%d requests and waits %v; want 1 and none", n, sleeps.all())
	}

	c2 := testClient(url)
	c2.MaxAttempts = 4
	recordSleeps(c2)
	if _, err := c2.Search(context.Background(), "nash", 0, 1, SearchOptions{}); err == nil {
		t.Fatal("want an error")
	}
	if n := c2.Requests(); n != 4 {
		t.Fatalf("without FailFast: %d requests; want 4 (a refusal is retried)", n)
	}
}

package arxiv

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
)

// fakeArxiv is an httptest server that records every request (arrival time,
// query, headers) and answers with the handler the test gives it; n counts
// requests from 0.
type fakeArxiv struct {
	*httptest.Server
	mu       sync.Mutex
	requests []seenRequest
	inFlight int
	maxIn    int
}

type seenRequest struct {
	at     time.Time
	query  url.Values
	header http.Header
}

func newFakeArxiv(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int)) *fakeArxiv {
	t.Helper()
	f := &fakeArxiv{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		n := len(f.requests)
		f.requests = append(f.requests, seenRequest{at: time.Now(), query: r.URL.Query(), header: r.Header.Clone()})
		f.inFlight++
		f.maxIn = max(f.maxIn, f.inFlight)
		f.mu.Unlock()
		defer func() {
			f.mu.Lock()
			f.inFlight--
			f.mu.Unlock()
		}()
		handle(w, r, n)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeArxiv) seen() []seenRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seenRequest(nil), f.requests...)
}

// testClient has no pacing and near-zero backoff; tests that check pacing or
// waits set those fields themselves.
func testClient(base string) *Client {
	return &Client{
		BaseURL:        base,
		Delay:          -1,
		Backoff:        time.Millisecond,
		MaxBackoff:     5 * time.Millisecond,
		RequestTimeout: 5 * time.Second,
		MaxAttempts:    3,
	}
}

func serveAtom(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// sleepRecorder replaces a client's real waits: it remembers each duration
// and returns at once (or with the context's error).
type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

func recordSleeps(c *Client) *sleepRecorder {
	r := &sleepRecorder{}
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		r.mu.Lock()
		r.waits = append(r.waits, d)
		r.mu.Unlock()
		return ctx.Err()
	}
	return r
}

func (r *sleepRecorder) all() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]time.Duration(nil), r.waits...)
}

// classicFeed writes papers as a feed in the classic layout, the way the
// fake servers of the Lookup tests answer id_list requests.
func classicFeed(total, start, perPage int, papers []Paper) []byte {
	var b bytes.Buffer
	if err := writeFeed(&b, Page{Papers: papers, Total: total, Start: start, PerPage: perPage}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

package arxiv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gtrag/gtrag/internal/httpwait"
	"github.com/gtrag/gtrag/internal/version"
	"github.com/stretchr/testify/require"
)

func TestSearchPagesThroughResults(t *testing.T) {
	p1, p2 := fixture(t, "search_classic_p1.xml"), fixture(t, "search_classic_p2.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		if r.URL.Query().Get("start") == "0" {
			serveAtom(w, http.StatusOK, p1)
			return
		}
		serveAtom(w, http.StatusOK, p2)
	})
	c := testClient(srv.URL)
	q := `all:"game theory" AND all:equilibrium`

	var got []Paper
	start := 0
	for {
		page, err := c.Search(t.Context(), q, start, 3, SearchOptions{Sort: SortSubmitted, Order: Descending})
		require.NoError(t, err)
		require.Equal(t, 5, page.Total)
		require.Equal(t, start, page.Start)
		got = append(got, page.Papers...)
		start += len(page.Papers)
		if len(page.Papers) == 0 || start >= page.Total {
			break
		}
	}
	require.Equal(t, []string{"2301.04211v2", "2209.11873v1", "2105.02290v3", "1912.07745v1", "2011.03361v2"}, ids(got))
	require.EqualValues(t, 2, c.Requests())

	reqs := srv.seen()
	require.Len(t, reqs, 2)
	for i, r := range reqs {
		require.Equal(t, q, r.query.Get("search_query"))
		require.Equal(t, strconv.Itoa(i*3), r.query.Get("start"))
		require.Equal(t, "3", r.query.Get("max_results"))
		require.Equal(t, "submittedDate", r.query.Get("sortBy"))
		require.Equal(t, "descending", r.query.Get("sortOrder"))
		require.Equal(t, "gtrag/"+version.Version+" (+https://github.com/gtrag/gtrag)", r.header.Get("User-Agent"))
		require.Contains(t, r.header.Get("Accept"), "application/atom+xml")
	}
}

func TestSearchNewLayoutAndCustomUserAgent(t *testing.T) {
	body := fixture(t, "search_new.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, body) })
	c := testClient(srv.URL + "/api/query?existing=kept")
	c.UserAgent = "gtrag-test/1.0"
	page, err := c.Search(t.Context(), `all:"mechanism design"`, 0, 2, SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, 41, page.Total)
	require.Equal(t, []string{"2511.08812v1", "2510.21457v2"}, ids(page.Papers))
	r := srv.seen()[0]
	require.Equal(t, "gtrag-test/1.0", r.header.Get("User-Agent"))
	require.Equal(t, "kept", r.query.Get("existing"))
	require.Empty(t, r.query.Get("sortBy"), "arXiv's own default order unless asked")
}

func TestSearchRejectsBadArgumentsWithoutARequest(t *testing.T) {
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		serveAtom(w, http.StatusOK, fixture(t, "search_classic_p1.xml"))
	})
	c := testClient(srv.URL)
	for _, tc := range []struct {
		name        string
		query       string
		start, max  int
		opts        SearchOptions
		wantMessage string
	}{
		{"empty query", "  ", 0, 10, SearchOptions{}, "empty query"},
		{"negative start", "all:x", -1, 10, SearchOptions{}, "negative"},
		{"zero max", "all:x", 0, 0, SearchOptions{}, "positive"},
		{"max over the API limit", "all:x", 0, 2001, SearchOptions{}, "2000"},
		{"start beyond the query limit", "all:x", 30000, 10, SearchOptions{}, "30000"},
		{"unknown sort field", "all:x", 0, 10, SearchOptions{Sort: "citations"}, "citations"},
		{"unknown sort order", "all:x", 0, 10, SearchOptions{Order: "sideways"}, "sideways"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Search(t.Context(), tc.query, tc.start, tc.max, tc.opts)
			require.ErrorContains(t, err, tc.wantMessage)
		})
	}
	bad := testClient("ftp://example.org/api")
	_, err := bad.Search(t.Context(), "all:x", 0, 1, SearchOptions{})
	require.ErrorContains(t, err, "not an http(s) URL")
	require.Empty(t, srv.seen())
	require.Zero(t, c.Requests())

	// max is trimmed so that start+max stays within arXiv's 30,000.
	_, err = c.Search(t.Context(), "all:x", 29990, 100, SearchOptions{Sort: SortUpdated, Order: Ascending})
	require.NoError(t, err)
	r := srv.seen()[0]
	require.Equal(t, "10", r.query.Get("max_results"))
	require.Equal(t, "lastUpdatedDate", r.query.Get("sortBy"))
	require.Equal(t, "ascending", r.query.Get("sortOrder"))
}

// catalogue serves id_list requests the way arXiv does: entries in the
// order asked, a versionless id matching the stored version, unknown ids
// left out, and at most perResponse entries per answer (0: no cap).
func catalogue(t *testing.T, papers []Paper, perResponse int) *fakeArxiv {
	byBase := map[string]Paper{}
	for _, p := range papers {
		byBase[BaseID(p.ID)] = p
	}
	return newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		q := r.URL.Query()
		var found []Paper
		for _, id := range strings.Split(q.Get("id_list"), ",") {
			if p, ok := byBase[BaseID(id)]; ok && (p.ID == id || BaseID(id) == id) {
				found = append(found, p)
			}
		}
		start, _ := strconv.Atoi(q.Get("start"))
		n, _ := strconv.Atoi(q.Get("max_results"))
		if perResponse > 0 {
			n = min(n, perResponse)
		}
		end := min(start+n, len(found))
		serveAtom(w, http.StatusOK, classicFeed(len(found), start, n, found[min(start, end):end]))
	})
}

func TestLookupBatchesAndPages(t *testing.T) {
	var all []Paper
	all = append(all, parseFixture(t, "old_style_ids.xml").Papers...)
	all = append(all, parseFixture(t, "mixed_topics.xml").Papers...)
	require.Len(t, all, 8)

	t.Run("batches", func(t *testing.T) {
		srv := catalogue(t, all, 0)
		c := testClient(srv.URL)
		c.BatchSize = 3
		asked := []string{
			"cs/0112004v1", "http://arxiv.org/abs/math/0211159v2", "arXiv:hep-th/9901001v1",
			"2404.01876", "2212.05190v2", "2308.12004v1", "2106.09931v1",
			"cs/0112004v1", // a duplicate is asked for once
			" ",            // blank entries are ignored
		}
		got, err := c.Lookup(t.Context(), asked)
		require.NoError(t, err)
		require.Equal(t, []string{"cs/0112004v1", "math/0211159v2", "hep-th/9901001v1",
			"2404.01876v1", "2212.05190v2", "2308.12004v1", "2106.09931v1"}, ids(got))
		require.Equal(t, all[1], got[1], "papers come back complete")

		reqs := srv.seen()
		require.Len(t, reqs, 3)
		require.EqualValues(t, 3, c.Requests())
		require.Equal(t, "cs/0112004v1,math/0211159v2,hep-th/9901001v1", reqs[0].query.Get("id_list"))
		require.Equal(t, "2404.01876,2212.05190v2,2308.12004v1", reqs[1].query.Get("id_list"))
		require.Equal(t, "2106.09931v1", reqs[2].query.Get("id_list"))
		require.Equal(t, "1", reqs[2].query.Get("max_results"))
		for _, r := range reqs {
			require.Empty(t, r.query.Get("search_query"))
			require.Equal(t, "0", r.query.Get("start"))
		}
	})

	t.Run("pages within a batch and skips unknown ids", func(t *testing.T) {
		srv := catalogue(t, all, 2)
		c := testClient(srv.URL)
		got, err := c.Lookup(t.Context(), []string{"2404.01876v1", "9912.99999v1", "2212.05190v2", "cs/0112004v1", "math/0211159v2"})
		require.NoError(t, err)
		require.Equal(t, []string{"2404.01876v1", "2212.05190v2", "cs/0112004v1", "math/0211159v2"}, ids(got))
		var starts []string
		for _, r := range srv.seen() {
			starts = append(starts, r.query.Get("start"))
		}
		require.Equal(t, []string{"0", "2"}, starts)
	})

	t.Run("invalid id fails before any request", func(t *testing.T) {
		srv := catalogue(t, all, 0)
		c := testClient(srv.URL)
		_, err := c.Lookup(t.Context(), []string{"2404.01876v1", "1234.5"})
		require.ErrorContains(t, err, `not an arXiv id: "1234.5"`)
		require.Empty(t, srv.seen())
	})

	t.Run("no ids, no requests", func(t *testing.T) {
		c := testClient("http://127.0.0.1:1")
		got, err := c.Lookup(t.Context(), nil)
		require.NoError(t, err)
		require.Empty(t, got)
		require.Zero(t, c.Requests())
	})
}

// Gaps between request arrivals, as the server saw them.
func arrivalGaps(reqs []seenRequest) []time.Duration {
	at := make([]time.Time, len(reqs))
	for i, r := range reqs {
		at[i] = r.at
	}
	slices.SortFunc(at, func(a, b time.Time) int { return a.Compare(b) })
	var gaps []time.Duration
	for i := 1; i < len(at); i++ {
		gaps = append(gaps, at[i].Sub(at[i-1]))
	}
	return gaps
}

func TestPacingAcrossConcurrentCallersAndRetries(t *testing.T) {
	const delay = 100 * time.Millisecond
	// The server stamps a request when its handler starts, which scheduling
	// on a busy machine can delay for one request more than for the next.
	// Without pacing the gaps would be near zero.
	const tolerance = 25 * time.Millisecond
	p1 := fixture(t, "search_classic_p1.xml")
	var failed atomic.Int32
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
		// Every third request fails once: retries must be paced too.
		if n%3 == 2 && failed.Add(1) <= 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		serveAtom(w, http.StatusOK, p1)
	})
	c := testClient(srv.URL)
	c.Delay = delay

	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			require.NoError(t, err)
		})
	}
	_, err := c.Lookup(t.Context(), []string{"2301.04211v2"})
	require.NoError(t, err)
	wg.Wait()

	reqs := srv.seen()
	require.Len(t, reqs, 8, "6 calls and 2 retries")
	require.EqualValues(t, 8, c.Requests())
	for i, g := range arrivalGaps(reqs) {
		require.GreaterOrEqual(t, g, delay-tolerance, "gap %d", i)
	}
}

// A retry's wait is the one the next attempt really has: its backoff, or
// what is left of the pacing delay if that is longer. OnRetry said
// "retrying in 2s" and the run then waited a 3 s pacing delay too, told
// as a second countdown.
func TestRetryWaitIncludesThePacingLeft(t *testing.T) {
	const delay = 300 * time.Millisecond
	var failed atomic.Bool
	p1 := fixture(t, "search_classic_p1.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if !failed.Swap(true) {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		serveAtom(w, http.StatusOK, p1)
	})
	c := testClient(srv.URL)
	c.Delay = delay // the backoff is 1 ms
	var retries []Retry
	c.OnRetry = func(r Retry) { retries = append(retries, r) }
	var waits []Wait
	var mu sync.Mutex
	ctx := Watch(t.Context(), func(w Wait) { mu.Lock(); waits = append(waits, w); mu.Unlock() })

	_, err := c.Search(ctx, "all:nash", 0, 3, SearchOptions{})
	require.NoError(t, err)
	require.Len(t, retries, 1)
	require.Greater(t, retries[0].Wait, delay/2, "the pacing left, not the 1 ms backoff")
	require.LessOrEqual(t, retries[0].Wait, delay)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, waits, 1, "one wait told, the retry's: %v", waits)
	require.Equal(t, WaitRetry, waits[0].Kind)
	require.Equal(t, retries[0].Wait, waits[0].D)
	reqs := srv.seen()
	require.Len(t, reqs, 2)
	require.GreaterOrEqual(t, arrivalGaps(reqs)[0], delay-25*time.Millisecond, "still paced")
}

func TestOneRequestInFlight(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		time.Sleep(30 * time.Millisecond) // slower than the pacing delay
		serveAtom(w, http.StatusOK, p1)
	})
	c := testClient(srv.URL)
	c.Delay = 5 * time.Millisecond
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			require.NoError(t, err)
		})
	}
	wg.Wait()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	require.Equal(t, 1, srv.maxIn, "arXiv asks for one connection at a time")
}

func TestCancellation(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")

	t.Run("while pacing", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, p1) })
		c := testClient(srv.URL)
		c.Delay = time.Minute
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.NoError(t, err)

		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		defer cancel()
		began := time.Now()
		_, err = c.Search(ctx, "all:nash", 0, 3, SearchOptions{})
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Less(t, time.Since(began), 10*time.Second, "returned long before the pacing delay")
		require.EqualValues(t, 1, c.Requests())
	})

	t.Run("while another request holds the connection", func(t *testing.T) {
		release := make(chan struct{})
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			<-release
			serveAtom(w, http.StatusOK, p1)
		})
		defer close(release)
		c := testClient(srv.URL)
		go func() { _, _ = c.Search(context.Background(), "all:nash", 0, 3, SearchOptions{}) }()
		require.Eventually(t, func() bool { return c.Requests() == 1 }, 5*time.Second, time.Millisecond)

		ctx, cancel := context.WithCancelCause(t.Context())
		cancel(errors.New("user pressed Ctrl-C"))
		_, err := c.Search(ctx, "all:nash", 0, 3, SearchOptions{})
		require.ErrorIs(t, err, context.Canceled)
		require.ErrorContains(t, err, "user pressed Ctrl-C")
		require.EqualValues(t, 1, c.Requests())
	})

	t.Run("during backoff", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			w.WriteHeader(http.StatusServiceUnavailable)
		})
		c := testClient(srv.URL)
		c.Backoff, c.MaxBackoff = time.Minute, time.Minute
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		defer cancel()
		began := time.Now()
		_, err := c.Search(ctx, "all:nash", 0, 3, SearchOptions{})
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Less(t, time.Since(began), 10*time.Second)
		require.EqualValues(t, 1, c.Requests())
	})

	t.Run("during a request", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { <-r.Context().Done() })
		c := testClient(srv.URL)
		ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
		defer cancel()
		_, err := c.Search(ctx, "all:nash", 0, 3, SearchOptions{})
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.EqualValues(t, 1, c.Requests(), "the caller's deadline is not retried")
	})
}

func TestTransportFaults(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")

	t.Run("connection refused", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := ln.Addr().String()
		require.NoError(t, ln.Close())
		c := testClient("http://" + addr + "/api/query")
		var retries []Retry
		c.OnRetry = func(r Retry) { retries = append(retries, r) }
		_, err = c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.ErrorContains(t, err, "gave up after 3 attempts")
		require.ErrorContains(t, err, "connection refused")
		require.EqualValues(t, 3, c.Requests())

		one := testClient("http://" + addr + "/api/query")
		one.MaxAttempts = 1
		_, err = one.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.ErrorContains(t, err, "gave up after 1 attempt: ", "one attempt, not \"1 attempts\"")
		require.Len(t, retries, 2)
		require.Equal(t, 1, retries[0].Attempt)
		require.Equal(t, 2, retries[1].Attempt)
	})

	t.Run("connection reset, then an answer", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n < 2 {
				conn, _, err := w.(http.Hijacker).Hijack()
				require.NoError(t, err)
				require.NoError(t, conn.(*net.TCPConn).SetLinger(0)) // RST instead of FIN
				_ = conn.Close()
				return
			}
			serveAtom(w, http.StatusOK, p1)
		})
		c := testClient(srv.URL)
		page, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.NoError(t, err)
		require.Len(t, page.Papers, 3)
		require.EqualValues(t, 3, c.Requests())
	})

	t.Run("reset of a reused connection is replayed by net/http and counted", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 1 {
				conn, _, err := w.(http.Hijacker).Hijack()
				require.NoError(t, err)
				require.NoError(t, conn.(*net.TCPConn).SetLinger(0))
				_ = conn.Close()
				return
			}
			serveAtom(w, http.StatusOK, p1)
		})
		c := testClient(srv.URL)
		for range 2 {
			_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			require.NoError(t, err)
		}
		require.Len(t, srv.seen(), 3)
		require.EqualValues(t, 3, c.Requests(), "Requests matches what the server saw")
	})

	t.Run("body cut off mid-stream", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 0 {
				w.Header().Set("Content-Length", strconv.Itoa(len(p1)))
				w.WriteHeader(http.StatusOK)
				_, _ = w.Write(p1[:len(p1)/2])
				conn, _, err := w.(http.Hijacker).Hijack()
				if err == nil {
					_ = conn.Close()
				}
				return
			}
			serveAtom(w, http.StatusOK, p1)
		})
		c := testClient(srv.URL)
		page, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.NoError(t, err)
		require.Len(t, page.Papers, 3)
		require.EqualValues(t, 2, c.Requests())
	})

	t.Run("server never answers", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { <-r.Context().Done() })
		c := testClient(srv.URL)
		c.RequestTimeout = 40 * time.Millisecond
		c.MaxAttempts = 2
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.ErrorContains(t, err, "did not answer within 40ms")
		require.ErrorContains(t, err, "gave up after 2 attempts")
		require.NotErrorIs(t, err, context.Canceled)
		require.EqualValues(t, 2, c.Requests())
	})
}

func TestHTTPFaults(t *testing.T) {
	p1 := fixture(t, "search_classic_p1.xml")
	htmlPage := fixture(t, "error_page.html")

	t.Run("429 with Retry-After seconds", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 0 {
				w.Header().Set("Retry-After", "7")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			serveAtom(w, http.StatusOK, p1)
		})
		c := testClient(srv.URL)
		sleeps := recordSleeps(c)
		var retries []Retry
		c.OnRetry = func(r Retry) { retries = append(retries, r) }
		page, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.NoError(t, err)
		require.Len(t, page.Papers, 3)
		require.Equal(t, []time.Duration{7 * time.Second}, sleeps.all())
		require.Len(t, retries, 1)
		require.Equal(t, 7*time.Second, retries[0].Wait)
		var se *StatusError
		require.ErrorAs(t, retries[0].Err, &se)
		require.Equal(t, http.StatusTooManyRequests, se.Status)
	})

	t.Run("503 with Retry-After date", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n == 0 {
				w.Header().Set("Retry-After", time.Now().Add(4*time.Second).UTC().Format(http.TimeFormat))
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			serveAtom(w, http.StatusOK, p1)
		})
		c := testClient(srv.URL)
		sleeps := recordSleeps(c)
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.NoError(t, err)
		waits := sleeps.all()
		require.Len(t, waits, 1)
		// HTTP dates have whole seconds: 3 to 4 seconds from the server's now,
		// less however long the answer took to reach the client.
		require.GreaterOrEqual(t, waits[0], 2*time.Second)
		require.LessOrEqual(t, waits[0], 4*time.Second)
	})

	t.Run("Retry-After beyond MaxRetryWait ends at once", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusServiceUnavailable)
		})
		c := testClient(srv.URL)
		sleeps := recordSleeps(c)
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.ErrorContains(t, err, "asked to wait 1h0m0s")
		var se *StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, time.Hour, se.RetryAfter)
		require.EqualValues(t, 1, c.Requests())
		require.Empty(t, sleeps.all())
	})

	t.Run("500 until the attempts run out", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte("upstream exploded\n"))
		})
		c := testClient(srv.URL)
		c.MaxAttempts = 4
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		var se *StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, 500, se.Status)
		require.Equal(t, "upstream exploded", se.Message)
		require.ErrorContains(t, err, "gave up after 4 attempts")
		require.EqualValues(t, 4, c.Requests())
	})

	t.Run("503 HTML page", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write(htmlPage)
		})
		c := testClient(srv.URL)
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		require.ErrorContains(t, err, `HTTP 503 Service Unavailable: "arXiv is temporarily unavailable"`)
		require.EqualValues(t, 3, c.Requests())
	})

	t.Run("404 is not retried", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { http.NotFound(w, r) })
		c := testClient(srv.URL)
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		var se *StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, 404, se.Status)
		require.EqualValues(t, 1, c.Requests())
	})

	for _, tc := range []struct {
		name, ctype string
		body        []byte
		want        []string
	}{
		{"truncated XML", "application/atom+xml", fixture(t, "truncated.xml"), []string{"not an Atom feed", "unexpected EOF", "application/atom+xml"}},
		{"HTML page with 200", "text/html; charset=utf-8", htmlPage, []string{"not an Atom feed", "text/html", "arXiv is temporarily unavailable"}},
		{"empty body", "", nil, []string{"not an Atom feed", "empty"}},
	} {
		t.Run(tc.name+" is retried, then reported", func(t *testing.T) {
			srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
				if tc.ctype != "" {
					w.Header().Set("Content-Type", tc.ctype)
				}
				_, _ = w.Write(tc.body)
			})
			c := testClient(srv.URL)
			_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			require.ErrorIs(t, err, ErrNotFeed)
			require.ErrorContains(t, err, "arXiv returned a page that is not an Atom feed")
			for _, w := range tc.want {
				require.ErrorContains(t, err, w)
			}
			require.EqualValues(t, 3, c.Requests())
		})
		t.Run(tc.name+" once, then a feed", func(t *testing.T) {
			srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
				if n == 0 {
					_, _ = w.Write(tc.body)
					return
				}
				serveAtom(w, http.StatusOK, p1)
			})
			c := testClient(srv.URL)
			page, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			require.NoError(t, err)
			require.Len(t, page.Papers, 3)
		})
	}
}

func TestArxivErrorFeed(t *testing.T) {
	for _, tc := range []struct {
		file   string
		status int
		msg    string
	}{
		{"error_classic.xml", http.StatusBadRequest, "incorrect id format for 1234.12345"},
		{"error_new.xml", http.StatusBadRequest, "incorrect id format for 2301.1234"},
		{"error_classic.xml", http.StatusOK, "incorrect id format for 1234.12345"},
		{"error_new.xml", http.StatusOK, "incorrect id format for 2301.1234"},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.file, tc.status), func(t *testing.T) {
			body := fixture(t, tc.file)
			srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, tc.status, body) })
			c := testClient(srv.URL)
			_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
			var apiErr *APIError
			require.ErrorAs(t, err, &apiErr)
			require.Equal(t, tc.status, apiErr.Status)
			require.Equal(t, tc.msg, apiErr.Message)
			require.ErrorContains(t, err, tc.msg)
			require.EqualValues(t, 1, c.Requests(), "arXiv's error is final")
		})
	}

	t.Run("400 without a feed", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
			http.Error(w, "bad query", http.StatusBadRequest)
		})
		c := testClient(srv.URL)
		_, err := c.Search(t.Context(), "all:nash", 0, 3, SearchOptions{})
		var se *StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, 400, se.Status)
		require.Equal(t, "bad query", se.Message)
		require.EqualValues(t, 1, c.Requests())
	})
}

func TestEmptyPageQuirk(t *testing.T) {
	empty, p2 := fixture(t, "empty_page.xml"), fixture(t, "search_classic_p2.xml")

	t.Run("retried until arXiv serves the page", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, n int) {
			if n < 2 {
				serveAtom(w, http.StatusOK, empty)
				return
			}
			serveAtom(w, http.StatusOK, p2)
		})
		c := testClient(srv.URL)
		var reasons []error
		c.OnRetry = func(r Retry) { reasons = append(reasons, r.Err) }
		page, err := c.Search(t.Context(), "all:nash", 3, 3, SearchOptions{})
		require.NoError(t, err)
		require.Equal(t, []string{"1912.07745v1", "2011.03361v2"}, ids(page.Papers))
		require.EqualValues(t, 3, c.Requests())
		require.Len(t, reasons, 2)
		require.ErrorIs(t, reasons[0], ErrEmptyPage)
	})

	t.Run("given back as it is when it stays empty", func(t *testing.T) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, empty) })
		c := testClient(srv.URL)
		page, err := c.Search(t.Context(), "all:nash", 3, 3, SearchOptions{})
		require.NoError(t, err)
		require.True(t, page.EmptyQuirk())
		require.Equal(t, 5, page.Total)
		require.EqualValues(t, 3, c.Requests())
	})

	t.Run("an empty page past the end is not retried", func(t *testing.T) {
		body := classicFeed(5, 5, 3, nil)
		srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, body) })
		c := testClient(srv.URL)
		page, err := c.Search(t.Context(), "all:nash", 5, 3, SearchOptions{})
		require.NoError(t, err)
		require.Empty(t, page.Papers)
		require.False(t, page.EmptyQuirk())
		require.EqualValues(t, 1, c.Requests())
	})
}

func TestBackoffGrowsAndIsCapped(t *testing.T) {
	c := &Client{Backoff: 100 * time.Millisecond, MaxBackoff: 350 * time.Millisecond}
	for _, tc := range []struct {
		attempt int
		base    time.Duration
	}{{1, 100 * time.Millisecond}, {2, 200 * time.Millisecond}, {3, 350 * time.Millisecond}, {10, 350 * time.Millisecond}} {
		for range 20 {
			d := c.backoff(tc.attempt)
			require.GreaterOrEqual(t, d, tc.base, "attempt %d", tc.attempt)
			require.LessOrEqual(t, d, tc.base+tc.base/4, "attempt %d", tc.attempt)
		}
	}
	var zero Client
	require.GreaterOrEqual(t, zero.backoff(1), DefaultBackoff)
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"", 0},
		{"0", 0},
		{"-5", 0},
		{"12", 12 * time.Second},
		{" 3 ", 3 * time.Second},
		{"99999999999", 24 * time.Hour},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"soon", 0},
	} {
		require.Equal(t, tc.want, httpwait.RetryAfter(tc.in, now), "%q", tc.in)
	}
}

func TestZeroClientDefaults(t *testing.T) {
	var c Client
	u, err := c.endpoint(nil)
	require.NoError(t, err)
	require.Equal(t, DefaultBaseURL, u)
	require.Equal(t, "gtrag/"+version.Version+" (+https://github.com/gtrag/gtrag)", c.userAgent())
	require.Zero(t, c.Requests())
}

func TestLookupAsksOnceMoreForAnEmptyBatch(t *testing.T) {
	// arXiv counts an unknown id in its total and returns no entry.
	body := classicFeed(1, 0, 1, nil)
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, body) })
	c := testClient(srv.URL)
	c.MaxAttempts = 4
	var retries []Retry
	c.OnRetry = func(r Retry) { retries = append(retries, r) }
	got, err := c.Lookup(t.Context(), []string{"1201.56789"})
	require.NoError(t, err)
	require.Empty(t, got)
	require.EqualValues(t, 2, c.Requests())
	require.Len(t, retries, 1)
	require.ErrorIs(t, retries[0].Err, ErrEmptyPage)
}

// People's names for a sort and an order become arXiv's; anything else is
// an error naming what was given.
func TestParseSortAndOrder(t *testing.T) {
	for in, want := range map[string]Sort{
		"": SortRelevance, "relevance": SortRelevance, "submitted": SortSubmitted, "SubmittedDate": SortSubmitted,
		"updated": SortUpdated, " lastUpdatedDate ": SortUpdated,
	} {
		got, err := ParseSort(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	_, err := ParseSort("citations")
	require.ErrorContains(t, err, `"citations"`)
	for in, want := range map[string]Order{"": Descending, "desc": Descending, "ASC": Ascending, "ascending": Ascending} {
		got, err := ParseOrder(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	_, err = ParseOrder("sideways")
	require.ErrorContains(t, err, `"sideways"`)
}

func TestUnresolvableHostIsNotRetried(t *testing.T) {
	// The dialer answers as a resolver would for a name that does not exist,
	// so the test sends no DNS query.
	noHost := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return nil, &net.OpError{Op: "dial", Net: network, Err: &net.DNSError{Err: "no such host", Name: "gtrag-no-such-host.invalid", IsNotFound: true}}
	}}
	c := &Client{BaseURL: "http://gtrag-no-such-host.invalid/api/query", Delay: -1, Backoff: time.Hour, HTTP: &http.Client{Transport: noHost}}
	start := time.Now()
	_, err := c.Search(context.Background(), "all:nash", 0, 1, SearchOptions{})
	require.ErrorContains(t, err, "cannot resolve gtrag-no-such-host.invalid")
	require.Less(t, time.Since(start), time.Minute, "no backoff wait")
	require.Equal(t, int64(1), c.Requests())
}

// cancelAfterBody is a transport whose responses cancel the request's
// caller once their whole body has been read (on Close), as a Ctrl-C
// landing while a page that has fully arrived is parsed does.
type cancelAfterBody struct{ cancel context.CancelFunc }

func (c cancelAfterBody) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = cancelOnClose{bytes.NewReader(body), c.cancel}
	return resp, nil
}

type cancelOnClose struct {
	io.Reader
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error { c.cancel(); return nil }

// A page that arrived whole is returned even when the context ends while
// it is parsed: it was paid for, and ingest stores what it fetched on
// Ctrl-C instead of asking for it again next run. Nothing further is sent.
func TestSearchKeepsAPageThatArrivedBeforeTheCancel(t *testing.T) {
	body := fixture(t, "search_new.xml")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) { serveAtom(w, http.StatusOK, body) })
	ctx, cancel := context.WithCancel(t.Context())
	c := testClient(srv.URL + "/api/query")
	c.HTTP = &http.Client{Transport: cancelAfterBody{cancel}}
	page, err := c.Search(ctx, `all:"mechanism design"`, 0, 2, SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, []string{"2511.08812v1", "2510.21457v2"}, ids(page.Papers))
	require.Error(t, ctx.Err())

	_, err = c.Search(ctx, `all:"mechanism design"`, 2, 2, SearchOptions{})
	require.ErrorIs(t, err, context.Canceled, "a request after the cancel is not sent")
	require.Len(t, srv.seen(), 1)
}

// A page whose body is still arriving when the caller gives up is dropped:
// it was on its way, and the next run asks for it again.
func TestSearchDropsAPageStillArrivingAtTheCancel(t *testing.T) {
	body := fixture(t, "search_new.xml")
	ctx, cancel := context.WithCancel(t.Context())
	srv := newFakeArxiv(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		cancel() // before a byte of the answer is written
		serveAtom(w, http.StatusOK, body)
	})
	c := testClient(srv.URL + "/api/query")
	_, err := c.Search(ctx, `all:"mechanism design"`, 0, 2, SearchOptions{})
	require.ErrorIs(t, err, context.Canceled)
}

// A retry is said as ingest's notes and the MCP server's say it: the wait
// to the tenth of a second, or the millisecond below one.
func TestRetryString(t *testing.T) {
	require.Equal(t, "arXiv: attempt 2 failed (arXiv answered HTTP 503 Service Unavailable); retrying in 4.1s",
		Retry{Attempt: 2, Wait: 4123 * time.Millisecond, Err: errors.New("arXiv answered HTTP 503 Service Unavailable")}.String())
	require.Equal(t, "arXiv: attempt 1 failed (boom); retrying in 12ms", Retry{Attempt: 1, Wait: 12345 * time.Microsecond, Err: errors.New("boom")}.String())
}

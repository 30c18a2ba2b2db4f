//go:build unix

package arxiv

import (
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Two Clients (two processes, as far as flock is concerned: each opens the
// file anew) sharing a pacing file keep the delay between all their
// requests, and never have two in flight; without the file they do not.
func TestPaceFileKeepsTheDelayAcrossClients(t *testing.T) {
	const delay = 150 * time.Millisecond
	body := classicFeed(0, 0, 0, nil)
	run := func(t *testing.T, paceFile string) (gaps []time.Duration, maxIn int) {
		srv := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
			time.Sleep(20 * time.Millisecond) // a request takes a while
			serveAtom(w, http.StatusOK, body)
		})
		var wg sync.WaitGroup
		for range 2 {
			c := testClient(srv.URL)
			c.Delay = delay
			c.PaceFile = paceFile
			wg.Go(func() {
				for range 3 {
					_, err := c.Search(t.Context(), "all:nash", 0, 1, SearchOptions{})
					require.NoError(t, err)
				}
			})
		}
		wg.Wait()
		seen := srv.seen()
		require.Len(t, seen, 6)
		for i := 1; i < len(seen); i++ {
			gaps = append(gaps, seen[i].at.Sub(seen[i-1].at))
		}
		srv.mu.Lock()
		defer srv.mu.Unlock()
		return gaps, srv.maxIn
	}

	t.Run("shared", func(t *testing.T) {
		gaps, maxIn := run(t, filepath.Join(t.TempDir(), "cache", "arxiv-pace"))
		for i, g := range gaps {
			// The delay counts from when a request went on the wire; its
			// arrival here is a hair later, for the next one as well.
			require.GreaterOrEqual(t, g, delay-10*time.Millisecond, "gap %d: %v", i, gaps)
		}
		require.Equal(t, 1, maxIn, "requests in flight at once")
	})
	t.Run("not shared", func(t *testing.T) {
		gaps, _ := run(t, "")
		require.Less(t, min(gaps[0], gaps[1], gaps[2], gaps[3], gaps[4]), delay/2,
			"two clients without a pacing file should overlap: %v", gaps)
	})
}

// A pacing file that cannot be made (its directory is a file) leaves the
// Client pacing alone, as it would without one.
func TestPaceFileUnusableFallsBack(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(blocker, nil, 0o600))
	srv := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		serveAtom(w, http.StatusOK, classicFeed(0, 0, 0, nil))
	})
	c := testClient(srv.URL)
	c.Delay = 50 * time.Millisecond
	c.PaceFile = filepath.Join(blocker, "arxiv-pace")
	for range 2 {
		_, err := c.Search(t.Context(), "all:nash", 0, 1, SearchOptions{})
		require.NoError(t, err)
	}
	seen := srv.seen()
	require.Len(t, seen, 2)
	require.GreaterOrEqual(t, seen[1].at.Sub(seen[0].at), 40*time.Millisecond)
}

// The file carries the last request's time to a Client that has sent
// none: a second process started just after the first waits its turn.
func TestPaceFileCarriesTheLastStart(t *testing.T) {
	const delay = 200 * time.Millisecond
	pace := filepath.Join(t.TempDir(), "arxiv-pace")
	srv := newFakeArxiv(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		serveAtom(w, http.StatusOK, classicFeed(0, 0, 0, nil))
	})
	for range 2 {
		c := testClient(srv.URL) // a new process each time: no lastStart of its own
		c.Delay = delay
		c.PaceFile = pace
		_, err := c.Search(t.Context(), "all:nash", 0, 1, SearchOptions{})
		require.NoError(t, err)
	}
	seen := srv.seen()
	require.Len(t, seen, 2)
	require.GreaterOrEqual(t, seen[1].at.Sub(seen[0].at), delay-10*time.Millisecond)
}

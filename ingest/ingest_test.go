package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
)

func TestIngestSearchPagesUntilMaxOrTotal(t *testing.T) {
	tests := []struct {
		name      string
		results   int
		max, size int
		// wantStarts/wantMax are the (start, max_results) of each request.
		wantStarts, wantMax []int
		wantFetched         int
		wantComplete        bool
		layout              arxivtest.Layout
	}{
		{"stops at the total, last page trimmed to it", 250, 1000, 100, []int{0, 100, 200}, []int{100, 100, 50}, 250, true, arxivtest.Classic},
		{"stops at max, last page trimmed", 250, 150, 100, []int{0, 100}, []int{100, 50}, 150, false, arxivtest.Classic},
		{"max equals total, newer layout", 60, 60, 25, []int{0, 25, 50}, []int{25, 25, 10}, 60, true, arxivtest.Modern},
		{"no results", 0, 100, 100, []int{0}, []int{100}, 0, true, arxivtest.Classic},
		{"one page holds everything", 30, 30, 2000, []int{0}, []int{30}, 30, true, arxivtest.Modern},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			papers := arxivtest.Papers(0, tc.results)
			srv := arxivtest.New(t, papers, arxivtest.WithLayout(tc.layout))
			store := newMemStore()
			stateDir := t.TempDir()
			in := &ingest.Ingester{Store: store, StateDir: stateDir}
			rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: tc.max, PageSize: tc.size, Sort: "submitted"})
			require.NoError(t, err)

			var starts, maxes []int
			for _, r := range srv.Requests() {
				starts = append(starts, r.Start)
				maxes = append(maxes, r.Max)
				require.Equal(t, "submittedDate", r.SortBy)
				require.Equal(t, "cat:cs.GT", r.Query)
			}
			require.Equal(t, tc.wantStarts, starts)
			require.Equal(t, tc.wantMax, maxes)
			require.Equal(t, tc.wantFetched, rep.Fetched)
			newestFirst := arxivtest.Sorted(papers, arxivtest.Sort{By: "submittedDate"})
			require.Equal(t, ids(newestFirst[:tc.wantFetched]), rep.Kept)
			require.Empty(t, rep.Rejected)
			require.Empty(t, rep.SkippedExisting)
			require.Equal(t, len(srv.Requests()), rep.ArxivRequests)
			require.Equal(t, store.Count(), rep.StoreCount)
			require.Equal(t, rep.ChunksAdded, rep.StoreCount)
			require.Equal(t, tc.wantComplete, rep.Complete)
			require.Equal(t, tc.results, rep.Total)

			st := readState(t, stateDir)
			require.Equal(t, float64(tc.wantFetched), st["next"])
			require.Equal(t, tc.wantComplete, st["done"])
			require.Equal(t, "cat:cs.GT", st["query"])
		})
	}
}

func TestIngestSearchPacesRequestsByServerClock(t *testing.T) {
	const delay = 40 * time.Millisecond
	srv := arxivtest.New(t, arxivtest.Papers(0, 50), arxivtest.MatchAll())
	in := &ingest.Ingester{Store: newMemStore()}
	_, err := L(in).Search(context.Background(), testClient(srv, delay), ingest.Query{Text: "all:auction", Max: 50, PageSize: 10})
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 5)
	for i := 1; i < len(reqs); i++ {
		gap := reqs[i].At.Sub(reqs[i-1].At)
		// The client measures between request starts; the server sees
		// arrivals, which a loaded machine may delay by a few
		// milliseconds each. Without pacing the gap would be about 1ms.
		require.GreaterOrEqual(t, gap, delay-10*time.Millisecond, "request %d came %s after the previous one", i+1, gap)
	}
}

func TestIngestSearchWaitsForRetryAfterOn503(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30), arxivtest.MatchAll())
	var mu sync.Mutex
	failed := false
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		mu.Lock()
		defer mu.Unlock()
		if r.Start == 10 && !failed {
			failed = true
			return &arxivtest.Reply{Status: http.StatusServiceUnavailable, RetryAfter: "1", Body: "busy"}
		}
		return nil
	})
	in := &ingest.Ingester{Store: newMemStore()}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:auction", Max: 30, PageSize: 10})
	require.NoError(t, err)
	require.Len(t, rep.Kept, 30)
	reqs := srv.Requests()
	require.Len(t, reqs, 4)
	require.Equal(t, 4, rep.ArxivRequests, "the retry is an arXiv request too")
	require.Equal(t, []int{10, 10}, []int{reqs[1].Start, reqs[2].Start})
	require.GreaterOrEqual(t, reqs[2].At.Sub(reqs[1].At), time.Second, "Retry-After: 1 is honoured")
}

func TestIngestSearchEmptyPageQuirk(t *testing.T) {
	t.Run("retried until the page comes", func(t *testing.T) {
		srv := arxivtest.New(t, arxivtest.Papers(0, 30), arxivtest.MatchAll())
		var mu sync.Mutex
		empties := 0
		srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
			mu.Lock()
			defer mu.Unlock()
			if r.Start == 10 && empties < 2 {
				empties++
				return &arxivtest.Reply{Empty: true}
			}
			return nil
		})
		in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}
		rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:auction", Max: 30, PageSize: 10})
		require.NoError(t, err)
		require.Len(t, rep.Kept, 30)
		require.True(t, rep.Complete)
		require.Empty(t, rep.Gaps)
		require.Equal(t, map[int]int{0: 1, 10: 3, 20: 1}, srv.StartCounts())
	})

	t.Run("given up, recorded, and asked for first by the next run", func(t *testing.T) {
		papers := arxivtest.Papers(0, 30)
		srv := arxivtest.New(t, papers, arxivtest.MatchAll())
		srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
			if r.Start == 10 {
				return &arxivtest.Reply{Empty: true}
			}
			return nil
		})
		store, dir := newMemStore(), t.TempDir()
		client := testClient(srv, 0)
		var notices []string
		in := &ingest.Ingester{Store: store, StateDir: dir, EmptyPageRetries: 1, OnNotice: func(s string) { notices = append(notices, s) }}
		q := ingest.Query{Text: "all:auction", Max: 30, PageSize: 10}
		rep, err := L(in).Search(context.Background(), client, q)
		// A page given up on does not stop the run, but the run did not
		// get everything it was asked for: it fails, naming the range.
		var gaps *ingest.GapsError
		require.ErrorAs(t, err, &gaps)
		require.Equal(t, "arXiv returned no entries for results 11–20 (10 results, a known arXiv fault)", err.Error())
		require.Equal(t, slices.Concat(ids(papers[:10]), ids(papers[20:])), rep.Kept)
		require.False(t, rep.Complete)
		require.Equal(t, []ingest.Gap{{Start: 10, Count: 10}}, rep.Gaps)
		require.Len(t, notices, 1)
		require.Contains(t, notices[0], "results 11–20 of 30")
		require.Equal(t, notices, rep.Notices)
		// The client tries 4 times, and EmptyPageRetries asks it once more.
		require.Equal(t, 2*arxiv.DefaultMaxAttempts, srv.StartCounts()[10])

		srv.SetFault(nil)
		before := srv.StartCounts()
		rep, err = L(in).Search(context.Background(), client, q)
		require.NoError(t, err)
		require.Equal(t, ids(papers[10:20]), rep.Kept)
		require.True(t, rep.Complete)
		require.Empty(t, rep.Gaps)
		after := srv.StartCounts()
		require.Equal(t, before[0], after[0], "page 1 is not fetched again")
		require.Equal(t, before[20], after[20], "page 3 is not fetched again")
		require.Equal(t, before[10]+1, after[10])
		require.Equal(t, true, readState(t, dir)["done"])
	})
}

func TestIngestSearchStopsOnMalformedPageKeepingCommittedPages(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start == 20 {
			return &arxivtest.Reply{Body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2401.0`}
		}
		return nil
	})
	store, dir := newMemStore(), t.TempDir()
	client := testClient(srv, 0)
	in := &ingest.Ingester{Store: store, StateDir: dir}
	q := ingest.Query{Text: "all:auction", Max: 30, PageSize: 10}
	rep, err := L(in).Search(context.Background(), client, q)
	var stopped *ingest.StoppedError
	require.ErrorAs(t, err, &stopped)
	require.ErrorIs(t, err, arxiv.ErrNotFeed)
	require.Contains(t, err.Error(), "2 batches committed before it, progress saved")
	require.Equal(t, 20, stopped.Next)
	require.Equal(t, ids(papers[:20]), rep.Kept, "the pages before the fault are committed")
	require.ElementsMatch(t, ids(papers[:20]), store.papers())
	require.Equal(t, float64(20), readState(t, dir)["next"])
	require.Equal(t, arxiv.DefaultMaxAttempts, srv.StartCounts()[20], "the client retried the page within its bounds")

	srv.SetFault(nil)
	rep, err = L(in).Search(context.Background(), client, q)
	require.NoError(t, err)
	require.Equal(t, ids(papers[20:]), rep.Kept)
	require.Equal(t, map[int]int{0: 1, 10: 1, 20: arxiv.DefaultMaxAttempts + 1}, srv.StartCounts())
}

func TestIngestSearchFaultsStopAfterRetriesKeepingCommittedPages(t *testing.T) {
	tests := []struct {
		name     string
		reply    arxivtest.Reply
		attempts int // requests for the failing page
		want     string
	}{
		{"503 every time", arxivtest.Reply{Status: http.StatusServiceUnavailable, RetryAfter: "0", Body: "down"}, arxiv.DefaultMaxAttempts, "HTTP 503"},
		{"500", arxivtest.Reply{Status: http.StatusInternalServerError}, arxiv.DefaultMaxAttempts, "HTTP 500"},
		{"HTML error page", arxivtest.Reply{Body: "<!DOCTYPE html><html><head><title>Proxy error</title></head></html>"}, arxiv.DefaultMaxAttempts, "Proxy error"},
		{"connection reset", arxivtest.Reply{Hangup: true}, arxiv.DefaultMaxAttempts, "gave up after 4 attempts"},
		{"arXiv error feed", arxivtest.Reply{Status: http.StatusBadRequest, Body: arxivtest.ErrorFeed(arxivtest.Classic, "start must be a number")}, 1, "start must be a number"},
		{"never answers", arxivtest.Reply{Stall: true}, arxiv.DefaultMaxAttempts, "did not answer within 100ms"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			papers := arxivtest.Papers(0, 20)
			srv := arxivtest.New(t, papers)
			srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
				if r.Start == 10 {
					return &tc.reply
				}
				return nil
			})
			store, dir := newMemStore(), t.TempDir()
			in := &ingest.Ingester{Store: store, StateDir: dir}
			client := testClient(srv, 0)
			client.RequestTimeout = 100 * time.Millisecond
			rep, err := L(in).Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10})
			var stopped *ingest.StoppedError
			require.ErrorAs(t, err, &stopped)
			require.ErrorContains(t, err, tc.want)
			require.Equal(t, 1, stopped.Batches)
			require.Equal(t, ids(papers[:10]), rep.Kept)
			require.ElementsMatch(t, ids(papers[:10]), store.papers())
			require.Equal(t, float64(10), readState(t, dir)["next"])
			require.Equal(t, len(srv.Requests()), rep.ArxivRequests, "arxiv_requests is what the server saw")
			if tc.reply.Hangup {
				// Go's transport itself resends a GET whose reused
				// connection died before an answer, so the server may see
				// more requests than the client made attempts.
				require.GreaterOrEqual(t, srv.StartCounts()[10], tc.attempts)
			} else {
				require.Equal(t, tc.attempts, srv.StartCounts()[10])
			}
		})
	}
}

func TestIngestSearchInterruptedAndResumedWithoutRefetching(t *testing.T) {
	papers := arxivtest.Papers(0, 50)
	srv := arxivtest.New(t, papers)
	store, dir := newMemStore(), t.TempDir()
	client := testClient(srv, 0)
	q := ingest.Query{Text: "cat:cs.GT", Max: 50, PageSize: 10}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Ctrl-C while the third page is being fetched.
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 20 {
			cancel()
		}
	})
	in := &ingest.Ingester{Store: store, StateDir: dir}
	rep, err := L(in).Search(ctx, client, q)
	var intr *ingest.InterruptedError
	require.ErrorAs(t, err, &intr)
	require.ErrorIs(t, err, context.Canceled)
	require.True(t, intr.Resumable)
	require.Equal(t, 20, intr.Next, "the two pages fetched before Ctrl-C are committed")
	require.Equal(t, ids(papers[:20]), rep.Kept)
	require.ElementsMatch(t, ids(papers[:20]), store.papers())
	require.Equal(t, float64(20), readState(t, dir)["next"])

	srv.OnRequest(nil)
	rep, err = L(in).Search(context.Background(), client, q)
	require.NoError(t, err)
	require.Equal(t, 20, rep.ResumedAt)
	require.Equal(t, ids(papers[20:]), rep.Kept)
	require.Empty(t, rep.SkippedExisting, "nothing was fetched twice")
	require.True(t, rep.Complete)
	require.Equal(t, map[int]int{0: 1, 10: 1, 20: 2, 30: 1, 40: 1}, srv.StartCounts())
	require.Len(t, store.papers(), 50)
}

func TestIngestSearchDoneQueryIsUpToDateUntilRestart(t *testing.T) {
	papers := arxivtest.Papers(0, 20)
	srv := arxivtest.New(t, papers)
	store, dir := newMemStore(), t.TempDir()
	client := testClient(srv, 0)
	q := ingest.Query{Text: "cat:cs.GT", Max: 100, PageSize: 10}
	in := &ingest.Ingester{Store: store, StateDir: dir}
	_, err := L(in).Search(context.Background(), client, q)
	require.NoError(t, err)
	n := len(srv.Requests())

	rep, err := L(in).Search(context.Background(), client, q)
	require.NoError(t, err)
	require.True(t, rep.UpToDate)
	require.True(t, rep.Complete)
	require.Equal(t, 0, rep.ArxivRequests)
	require.Len(t, srv.Requests(), n, "a done query asks arXiv nothing")

	// Another sort is another ingest.
	rep, err = L(in).Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: 100, PageSize: 10, Sort: "updated"})
	require.NoError(t, err)
	require.False(t, rep.UpToDate)
	require.Equal(t, ids(arxivtest.Sorted(papers, arxivtest.Sort{By: "lastUpdatedDate"})), rep.SkippedExisting)

	// New results since: --restart fetches again, stored papers are skipped.
	srv.SetPapers(arxivtest.Papers(0, 25))
	in.Restart = true
	rep, err = L(in).Search(context.Background(), client, q)
	require.NoError(t, err)
	require.Equal(t, ids(papers), rep.SkippedExisting)
	require.Equal(t, ids(arxivtest.Papers(20, 5)), rep.Kept)
	require.Equal(t, 25, rep.Fetched)
	require.Equal(t, rep.Fetched, len(rep.Kept)+len(rep.Rejected)+len(rep.SkippedExisting))
}

func TestIngestSearchLargerMaxContinues(t *testing.T) {
	papers := arxivtest.Papers(0, 40)
	srv := arxivtest.New(t, papers)
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}
	client := testClient(srv, 0)
	rep, err := L(in).Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: 15, PageSize: 10})
	require.NoError(t, err)
	require.Len(t, rep.Kept, 15)

	rep, err = L(in).Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: 15, PageSize: 10})
	require.NoError(t, err)
	require.True(t, rep.UpToDate, "--max reached")
	require.False(t, rep.Complete)

	rep, err = L(in).Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: 40, PageSize: 20})
	require.NoError(t, err)
	require.Equal(t, 15, rep.ResumedAt)
	require.Equal(t, ids(papers[15:]), rep.Kept)
	require.Equal(t, map[int]int{0: 1, 10: 1, 15: 1, 35: 1}, srv.StartCounts())
}

func TestIngestLookupInBatches(t *testing.T) {
	papers := arxivtest.Papers(0, 250)
	srv := arxivtest.New(t, papers)
	store := newMemStore()
	store.put(papers[5]) // stored already, asked for by its versioned id
	var want []string
	for _, p := range papers {
		want = append(want, p.ID)
	}
	want[7] = arxiv.BaseID(want[7]) // a bare id gets the latest version
	asked := append(slices.Clone(want), "2409.99999", "2409.99998v3")

	in := &ingest.Ingester{Store: store, StateDir: t.TempDir()}
	rep, err := L(in).Lookup(context.Background(), testClient(srv, 0), asked)
	require.NoError(t, err)

	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	var sizes []int
	for _, r := range reqs {
		sizes = append(sizes, len(r.IDs))
		require.Empty(t, r.Query)
	}
	require.Equal(t, []int{99, 100, 52}, sizes, "the stored versioned id is not asked for")
	require.NotContains(t, reqs[0].IDs, papers[5].ID)
	require.Equal(t, []string{papers[5].ID}, rep.SkippedExisting)
	require.Len(t, rep.Kept, 249)
	require.Contains(t, rep.Kept, papers[7].ID)
	require.Equal(t, 249, rep.Fetched)
	require.True(t, rep.Complete)
	require.Len(t, rep.Notices, 1)
	require.Contains(t, rep.Notices[0], "arXiv has no paper for 2 ids: 2409.99999, 2409.99998v3")

	rep, err = L(in).Lookup(context.Background(), testClient(srv, 0), asked)
	require.NoError(t, err)
	require.True(t, rep.UpToDate)
	require.Len(t, srv.Requests(), 3)
}

func TestIngestLookupResumesAfterTheLastCommittedBatch(t *testing.T) {
	papers := arxivtest.Papers(0, 250)
	srv := arxivtest.New(t, papers)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(r arxivtest.Request) {
		if r.N == 2 {
			cancel()
		}
	})
	store, dir := newMemStore(), t.TempDir()
	in := &ingest.Ingester{Store: store, StateDir: dir}
	rep, err := L(in).Lookup(ctx, testClient(srv, 0), ids(papers))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, ids(papers[:100]), rep.Kept)
	require.Equal(t, float64(100), readState(t, dir)["next"])

	srv.OnRequest(nil)
	rep, err = L(in).Lookup(context.Background(), testClient(srv, 0), ids(papers))
	require.NoError(t, err)
	require.Equal(t, 100, rep.ResumedAt)
	require.Equal(t, ids(papers[100:]), rep.Kept)
	require.Equal(t, 2, rep.ArxivRequests)
	reqs := srv.Requests()
	require.Len(t, reqs, 4)
	require.Equal(t, papers[0].ID, reqs[0].IDs[0])
	require.Equal(t, papers[100].ID, reqs[2].IDs[0], "the committed batch is not asked for again")
}

func TestIngestLookupRejectsBadIDsBeforeAnyRequest(t *testing.T) {
	srv := arxivtest.New(t, nil)
	in := &ingest.Ingester{Store: newMemStore()}
	_, err := L(in).Lookup(context.Background(), testClient(srv, 0), []string{"2401.00001", "not-an-id"})
	require.ErrorContains(t, err, `not an arXiv id: "not-an-id"`)
	_, err = L(in).Lookup(context.Background(), testClient(srv, 0), []string{" ", ""})
	require.ErrorContains(t, err, "no arXiv ids")
	require.Empty(t, srv.Requests())
}

func TestIngestFilterOnAndOff(t *testing.T) {
	game := arxivtest.Papers(0, 5)
	video := arxivtest.VideoGamePaper("2402.00777v1")
	papers := append(slices.Clone(game[:3]), video, game[3], game[4])

	t.Run("filter rejects the video-game paper", func(t *testing.T) {
		srv := arxivtest.New(t, papers, arxivtest.MatchAll())
		in := &ingest.Ingester{Store: newMemStore(), Filter: reasoner.NewOfflineFilter()}
		rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:game", Max: 10})
		require.NoError(t, err)
		require.Equal(t, []string{video.ID}, rep.Rejected)
		require.Equal(t, ids(game), rep.Kept)
	})
	t.Run("no filter keeps it", func(t *testing.T) {
		srv := arxivtest.New(t, papers, arxivtest.MatchAll())
		in := &ingest.Ingester{Store: newMemStore()}
		rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:game", Max: 10})
		require.NoError(t, err)
		require.Empty(t, rep.Rejected)
		require.Equal(t, ids(papers), rep.Kept)
	})
	t.Run("filter and no filter keep separate progress", func(t *testing.T) {
		srv := arxivtest.New(t, papers, arxivtest.MatchAll())
		dir := t.TempDir()
		client := testClient(srv, 0)
		q := ingest.Query{Text: "all:game", Max: 10}
		_, err := (&ingest.Ingester{Store: newMemStore(), StateDir: dir, Filter: reasoner.NewOfflineFilter()}).Search(context.Background(), client, q)
		require.NoError(t, err)
		rep, err := L(&ingest.Ingester{Store: newMemStore(), StateDir: dir}).Search(context.Background(), client, q)
		require.NoError(t, err)
		require.False(t, rep.UpToDate)
		require.Contains(t, rep.Kept, video.ID)
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		require.Len(t, files, 2)
	})
}

// TestIngestFilterSeesTitleAndAbstract: the filter is given the whole
// abstract; an LLM filter cuts what it shows its model itself.
func TestIngestFilterSeesTitleAndAbstract(t *testing.T) {
	p := arxivtest.Paper(1)
	p.Summary = string(bytes.Repeat([]byte("é"), 800))
	f := &recordingFilter{}
	in := &ingest.Ingester{Store: newMemStore(), Filter: f}
	rep, err := L(in).Papers(context.Background(), []arxiv.Paper{p})
	require.NoError(t, err)
	require.Equal(t, []string{p.ID}, rep.Kept)
	require.Equal(t, 800, utf8.RuneCountInString(f.abstracts[p.Title]))
	require.Equal(t, []string{"paper filter: scripted"}, rep.Notices, "filter notices reach the report once")
}

func TestIngestFilterFailureStops(t *testing.T) {
	in := &ingest.Ingester{Store: newMemStore(), Filter: &recordingFilter{err: errBoom}}
	_, err := L(in).Papers(context.Background(), arxivtest.Papers(0, 3))
	require.ErrorIs(t, err, errBoom)
	require.ErrorContains(t, err, "filter paper")
}

func TestIngestSkippedExistingAndNewerVersionReplaces(t *testing.T) {
	db := openDB(t, t.TempDir())
	a1, a2 := arxivtest.PaperVersion(1, 1), arxivtest.PaperVersion(1, 2)
	b1 := arxivtest.PaperVersion(3, 1) // old-style id with a slash
	in := &ingest.Ingester{Store: db}
	_, err := L(in).Papers(context.Background(), []arxiv.Paper{a1, b1})
	require.NoError(t, err)
	require.True(t, db.HasPaper(a1.ID))

	rep, err := L(in).Papers(context.Background(), []arxiv.Paper{a2, b1, a2})
	require.NoError(t, err)
	require.Equal(t, []string{a2.ID}, rep.Kept)
	require.Equal(t, []string{b1.ID}, rep.SkippedExisting, "stored")
	require.Equal(t, []string{a2.ID}, rep.SkippedDuplicate, "met twice in one run")
	require.True(t, db.HasPaper(a2.ID))
	require.False(t, db.HasPaper(a1.ID), "v2 replaced v1")
	require.Equal(t, []string{a2.ID, b1.ID}, db.Papers())
	require.Equal(t, db.Count(), rep.StoreCount)
}

// Two versions of a paper in different batches of one run: the newer
// replaces the older in the store, and the older, told kept with its
// batch, is told again as replaced and counted as a duplicate, so that
// kept is what the run leaves in the store (a file of 1,501 papers, one
// of them in two versions 1,200 lines apart, said "kept 1501" of a store
// that gained 1,500). The same paper met twice stays kept once. The older
// version's chunks leave chunks_added with it: "1105 added; the store
// holds 1103" of a run into an empty store.
func TestIngestANewerVersionInALaterBatchReplacesTheKeptOne(t *testing.T) {
	db := openDB(t, t.TempDir())
	a1, a2 := arxivtest.PaperVersion(1, 1), arxivtest.PaperVersion(1, 2)
	others := arxivtest.Papers(4, 3)
	in := &ingest.Ingester{Store: db, BatchSize: 2}
	rep, err := L(in).Papers(context.Background(), []arxiv.Paper{a1, others[0], others[1], a2, others[0], others[2]})
	require.NoError(t, err)
	require.Equal(t, []string{others[0].ID, others[1].ID, a2.ID, others[2].ID}, rep.Kept)
	require.Equal(t, []string{a1.ID}, rep.Replaced)
	require.Equal(t, []string{a1.ID, others[0].ID}, rep.SkippedDuplicate)
	require.Equal(t, 4, rep.Report.Kept)
	require.Equal(t, 2, rep.Report.SkippedDuplicate)
	require.ElementsMatch(t, rep.Kept, db.Papers(), "kept is what the store holds")
	require.Equal(t, db.Count(), rep.ChunksAdded, "the chunks of the kept papers, not of the replaced one too")
	listing := rep.Report.Listing(rep.ids)
	require.Equal(t, rep.Kept, listing.Kept, "--json lists it as a duplicate")
	require.Equal(t, []string{a1.ID, others[0].ID}, listing.SkippedDuplicate)
}

// A newer version of a paper an earlier run stored is written, and counts
// as kept, with its chunks in chunks_added; the older version's chunks
// are removed, so the store grows by less than chunks_added (here by
// nothing: the store holds the newer version's chunks alone).
func TestIngestANewerVersionOfAStoredPaperCountsItsChunksAdded(t *testing.T) {
	db := openDB(t, t.TempDir())
	a1, a2 := arxivtest.PaperVersion(1, 1), arxivtest.PaperVersion(1, 2)
	in := &ingest.Ingester{Store: db}
	first, err := L(in).Papers(context.Background(), []arxiv.Paper{a1})
	require.NoError(t, err)
	require.Equal(t, db.Count(), first.ChunksAdded)

	rep, err := L(in).Papers(context.Background(), []arxiv.Paper{a2})
	require.NoError(t, err)
	require.Equal(t, []string{a2.ID}, rep.Kept)
	require.Equal(t, []string{a2.ID}, db.Papers())
	require.Equal(t, db.Count(), rep.ChunksAdded, "the newer version's chunks, all written by this run")
	require.Equal(t, rep.ChunksAdded, rep.StoreCount)
}

func TestIngestPapersFromFileFormats(t *testing.T) {
	papers := append(arxivtest.Papers(0, 12), arxivtest.VideoGamePaper("2402.00001v2"))
	var jsonl bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&jsonl, papers))
	atom := arxivtest.Feed(arxivtest.Classic, "", arxiv.Page{Papers: papers, Total: len(papers)})

	for name, data := range map[string][]byte{"jsonl": jsonl.Bytes(), "atom": []byte(atom)} {
		t.Run(name, func(t *testing.T) {
			read, err := arxiv.NewPaperReader(bytes.NewReader(data))
			require.NoError(t, err)
			db := openDB(t, t.TempDir())
			var last ingest.Progress
			in := &ingest.Ingester{Store: db, Filter: reasoner.NewOfflineFilter(), BatchSize: 5, OnProgress: func(p ingest.Progress) { last = p }}
			rep, err := L(in).Read(context.Background(), sized{read, len(papers)})
			require.NoError(t, err)
			require.Equal(t, ids(papers[:12]), rep.Kept)
			require.Equal(t, []string{"2402.00001v2"}, rep.Rejected)
			require.Equal(t, 13, rep.Fetched)
			require.Equal(t, 3, rep.Batches)
			require.Equal(t, 0, rep.ArxivRequests)
			require.Equal(t, db.Count(), rep.ChunksAdded)
			require.Equal(t, 13, last.Fetched)
			require.Equal(t, 12, last.Kept)
			require.Equal(t, 13, last.Target)
			require.Equal(t, 3, last.Batches)
			require.Equal(t, rep.ChunksAdded, last.Chunks)
			require.ElementsMatch(t, ids(papers[:12]), db.Papers())
		})
	}
}

// sized gives a Source the Len that sets the progress target.
type sized struct {
	ingest.Source
	n int
}

func (s sized) Len() int { return s.n }

func TestIngestStoreFailureStopsAfterCommittedBatches(t *testing.T) {
	store := newMemStore()
	store.failAdd = func(call int) error {
		if call == 3 {
			return errBoom
		}
		return nil
	}
	srv := arxivtest.New(t, arxivtest.Papers(0, 50))
	dir := t.TempDir()
	in := &ingest.Ingester{Store: store, StateDir: dir}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 50, PageSize: 10})
	require.ErrorIs(t, err, errBoom)
	require.Equal(t, 2, rep.Batches)
	require.Len(t, store.papers(), 20)
	require.Equal(t, float64(20), readState(t, dir)["next"], "progress stops at the last committed page")
}

func TestIngestInterruptAbandonsABatchThatCannotFinish(t *testing.T) {
	store := newMemStore()
	store.blockAdd = true
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	srv.OnRequest(func(r arxivtest.Request) {
		if r.Start == 10 {
			cancel()
		}
	})
	in := &ingest.Ingester{Store: store, StateDir: dir, DrainTimeout: 50 * time.Millisecond}
	start := time.Now()
	rep, err := L(in).Search(ctx, testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10})
	require.ErrorIs(t, err, context.Canceled)
	var intr *ingest.InterruptedError
	require.ErrorAs(t, err, &intr)
	require.Equal(t, 0, intr.Batches)
	require.Empty(t, rep.Kept)
	require.Less(t, time.Since(start), 5*time.Second)
	_, statErr := os.Stat(filepath.Join(dir, ingest.Key("query", "cat:cs.GT", "relevance", "no-filter")+".json"))
	require.True(t, errors.Is(statErr, os.ErrNotExist), "no batch committed, no progress written")
}

func TestIngestUnreadableStateStartsOver(t *testing.T) {
	dir := t.TempDir()
	key := ingest.Key("query", "cat:cs.GT", "relevance", "no-filter")
	require.NoError(t, os.WriteFile(filepath.Join(dir, key+".json"), []byte("{half a file"), 0o644))
	srv := arxivtest.New(t, arxivtest.Papers(0, 5))
	in := &ingest.Ingester{Store: newMemStore(), StateDir: dir}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "  cat:cs.GT ", Max: 5})
	require.NoError(t, err)
	require.Len(t, rep.Kept, 5)
	require.Len(t, rep.Notices, 1)
	require.Contains(t, rep.Notices[0], "ignoring unreadable progress file")
	st := readState(t, dir)
	require.Equal(t, true, st["done"])
	require.Equal(t, key, st["key"])
	tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	require.Empty(t, tmp, "no temporary file left behind")
}

func TestIngestQueryValidate(t *testing.T) {
	tests := []struct {
		q    ingest.Query
		want string
	}{
		{ingest.Query{Text: "cat:cs.GT"}, ""},
		{ingest.Query{Text: " "}, "empty"},
		{ingest.Query{Text: "x", Max: -1}, "max -1"},
		{ingest.Query{Text: "x", Max: 30001}, "max 30001"},
		{ingest.Query{Text: "x", PageSize: 2001}, "page size 2001"},
		{ingest.Query{Text: "x", Sort: "date"}, `sort "date"`},
		{ingest.Query{Text: "x", Sort: "updated", Max: 30000, PageSize: 2000}, ""},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.q), func(t *testing.T) {
			err := tc.q.Validate()
			if tc.want == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.want)
			}
		})
	}
}

// A run counts the requests of its own context's counter when it has one
// (arxiv.CountRequests): the client's total would count the requests of
// another caller using the same client meanwhile (the MCP server runs
// several ingests at once), as it once did.
func TestArxivRequestsAreTheContextsOwn(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 250))
	busy := busyClient{testClient(srv, 0)}
	var own atomic.Int64
	ctx := arxiv.CountRequests(context.Background(), &own)
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}
	rep, err := L(in).Search(ctx, busy, ingest.Query{Text: "cat:cs.GT", Max: 250, PageSize: 100})
	require.NoError(t, err)
	require.Len(t, srv.Requests(), 6, "three pages, and the other caller's three requests")
	require.Equal(t, 3, rep.ArxivRequests, "this run's three pages only")
	require.EqualValues(t, 3, own.Load())
}

// busyClient is an arXiv client another caller uses at the same time: each
// search of the run comes with one of the other caller's.
type busyClient struct{ *arxiv.Client }

func (b busyClient) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	if _, err := b.Client.Search(context.Background(), "ti:other", 0, 1, arxiv.SearchOptions{}); err != nil {
		return arxiv.Page{}, err
	}
	return b.Client.Search(ctx, query, start, max, opts)
}

// serverStore is a memStore that asks a server whether it holds a paper,
// as weaviatestore does: hung, it waits for the context; failing, it says
// so.
type serverStore struct {
	*memStore
	hung bool
	err  error
}

func (s *serverStore) HasPaperContext(ctx context.Context, id string) (bool, error) {
	if s.hung {
		<-ctx.Done()
		return false, ctx.Err()
	}
	if s.err != nil {
		return false, s.err
	}
	return s.HasPaper(id), nil
}

// A store that asks a server is asked with the ingest's context: a hung
// Weaviate stops with the ingest, and one that fails fails it at once,
// before any write. Through HasPaper each paper cost a minute's timeout,
// and Ctrl-C could not cut one short.
func TestIngestAsksAServerStoreWithItsContext(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 20))
	failing := &serverStore{memStore: newMemStore(), err: errBoom}
	_, err := L(&ingest.Ingester{Store: failing, StateDir: t.TempDir()}).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 20, PageSize: 10})
	require.ErrorIs(t, err, errBoom)
	require.Empty(t, failing.papers(), "nothing written")

	hung := &serverStore{memStore: newMemStore(), hung: true}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	in := &ingest.Ingester{Store: hung, StateDir: t.TempDir(), DrainTimeout: 50 * time.Millisecond}
	start := time.Now()
	_, err = L(in).Lookup(ctx, testClient(srv, 0), []string{"2301.00001v1", "2301.00002v1"})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, time.Since(start), 5*time.Second, "stopped with the ingest")
}

// An id list done before is told by what the store holds now: a store
// that asks a server, and cannot answer, fails the run instead of holding
// none of the ids ("the store holds 0 of them" of an unreachable
// Weaviate, asked through HasPaper, which cannot fail).
func TestIngestIDsDoneBeforeAskAServerStoreWithItsContext(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	srv := arxivtest.New(t, papers)
	store := &serverStore{memStore: newMemStore()}
	in := &ingest.Ingester{Store: store, StateDir: t.TempDir()}
	ids := []string{papers[0].ID, papers[1].ID}
	_, err := L(in).Lookup(context.Background(), testClient(srv, 0), ids)
	require.NoError(t, err)

	rep, err := L(in).Lookup(context.Background(), testClient(srv, 0), ids)
	require.NoError(t, err)
	require.NotNil(t, rep.Tried, "the list was done before")
	require.Equal(t, 2, rep.Tried.Held)

	store.err = errBoom
	_, err = L(in).Lookup(context.Background(), testClient(srv, 0), ids)
	require.ErrorIs(t, err, errBoom)
}

// hungCounter is a serverStore whose count hangs with its server.
type hungCounter struct {
	*memStore
	last int
}

func (s *hungCounter) CountContext(ctx context.Context) (int, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

func (s *hungCounter) LastCount() int { return s.last }

// The store count at the end of an ingest does not wait out a hung
// server's request timeout (Count's minute), after the interrupt the hang
// provoked: it is asked for as long as a refresh, then the last count
// known stands.
func TestIngestStoreCountOfAHungServerIsTheLastKnown(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 5))
	store := &hungCounter{memStore: newMemStore(), last: 42}
	start := time.Now()
	rep, err := L(&ingest.Ingester{Store: store, StateDir: t.TempDir()}).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 5})
	require.NoError(t, err)
	require.Equal(t, 42, rep.StoreCount)
	require.Less(t, time.Since(start), 10*time.Second)
	// And the report says so: the summary gave the last count as the
	// store's size, hundreds of chunks short of what the server held, or
	// "the store holds 0" of a server never counted.
	require.ErrorIs(t, rep.StoreCountErr, context.DeadlineExceeded, "the count is not the store's size")
	require.Contains(t, strings.Join(rep.Notices, "\n"), ingest.CountFailedNotice+"context deadline exceeded")

	// A store that could be counted has no such error.
	rep, err = L(&ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT", Max: 5})
	require.NoError(t, err)
	require.NoError(t, rep.StoreCountErr)
	require.Positive(t, rep.StoreCount)
}

package ingest_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
)

// countingFilter says yes to everything and counts its calls.
type countingFilter struct {
	mu     sync.Mutex
	titles []string
}

func (f *countingFilter) IsGameTheory(_ context.Context, title, _ string) (reasoner.Verdict, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.titles = append(f.titles, title)
	return reasoner.Verdict{Yes: true}, nil
}

// A page of 60 entries holding 3 papers (in several versions each) costs 3
// filter calls and writes 3 papers, the newest version of each.
func TestIngestDeduplicatesByBaseIDBeforeFiltering(t *testing.T) {
	var page []arxiv.Paper
	for i := range 60 {
		page = append(page, arxivtest.PaperVersion(i%3, 1+i%4))
	}
	srv := arxivtest.New(t, page, arxivtest.MatchAll())
	filter := &countingFilter{}
	store := newMemStore()
	in := &ingest.Ingester{Store: store, Filter: filter}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:x", Max: 60, PageSize: 60})
	require.NoError(t, err)
	require.Len(t, filter.titles, 3, "one filter call per paper, not per entry")
	newest := []string{arxivtest.ID(0, 4), arxivtest.ID(1, 4), arxivtest.ID(2, 4)}
	require.ElementsMatch(t, newest, rep.Kept)
	require.Equal(t, 3, rep.Report.Kept)
	require.Equal(t, 57, rep.Report.SkippedDuplicate)
	require.Equal(t, 60, rep.Fetched)
	require.Equal(t, rep.Fetched, rep.Report.Committed())
	require.ElementsMatch(t, newest, store.papers())
}

// A server that answers a page of 50 with 60 entries gets 50 taken.
func TestIngestNeverAcceptsMoreThanAsked(t *testing.T) {
	papers := arxivtest.Papers(0, 80)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Body: arxivtest.Feed(arxivtest.Classic, "", arxiv.Page{Papers: papers[r.Start : r.Start+60], Total: 80, Start: r.Start, PerPage: 60})}
	})
	var notices []string
	in := &ingest.Ingester{Store: newMemStore(), OnNotice: func(s string) { notices = append(notices, s) }}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:x", Max: 50, PageSize: 100})
	require.NoError(t, err)
	require.Equal(t, ids(papers[:50]), rep.Kept)
	require.Equal(t, 50, rep.Fetched)
	require.Contains(t, strings.Join(notices, "\n"), "arXiv returned 60 entries for a page of 50")
}

func TestIngestLookupTakesOnlyTheIDsAsked(t *testing.T) {
	papers := arxivtest.Papers(0, 5)
	srv := arxivtest.New(t, papers)
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		// Every paper, whatever was asked.
		return &arxivtest.Reply{Body: arxivtest.Feed(arxivtest.Classic, "", arxiv.Page{Papers: papers, Total: 5})}
	})
	rep, err := L(&ingest.Ingester{Store: newMemStore()}).Lookup(context.Background(), testClient(srv, 0), []string{papers[1].ID, arxiv.BaseID(papers[3].ID)})
	require.NoError(t, err)
	require.Equal(t, []string{papers[1].ID, papers[3].ID}, rep.Kept)
	require.Contains(t, strings.Join(rep.Notices, "\n"), "arXiv returned 3 papers not asked for; ignored")
}

// Kept counts papers written: an older version than the one stored goes
// through the pipeline but the store ignores it, so it is not kept.
func TestIngestKeptCountsOnlyPapersWritten(t *testing.T) {
	store := newMemStore()
	store.put(arxivtest.PaperVersion(1, 3))
	rep, err := L(&ingest.Ingester{Store: store}).Papers(context.Background(), []arxiv.Paper{arxivtest.PaperVersion(1, 2), arxivtest.PaperVersion(2, 1)})
	require.NoError(t, err)
	require.Equal(t, []string{arxivtest.ID(2, 1)}, rep.Kept)
	require.Equal(t, []string{arxivtest.ID(1, 2)}, rep.SkippedExisting, "a newer version is stored")
}

// One entry that is no paper costs that entry only: the page's other
// entries are stored, the bad one is named and counted, and paging moves on.
func TestIngestSkipsInvalidEntriesOfAPage(t *testing.T) {
	papers := arxivtest.Papers(0, 20)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start != 0 {
			return nil
		}
		feed := arxivtest.Feed(arxivtest.Classic, "", arxiv.Page{Papers: papers[:10], Total: 20, PerPage: 10})
		// Damage two entries: a foreign id, and bytes that are not UTF-8.
		feed = strings.Replace(feed, "http://arxiv.org/abs/"+papers[2].ID+"<", "https://example.org/post/2<", 1)
		feed = strings.Replace(feed, papers[5].Title, papers[5].Title+" \xff\xfe", 1)
		return &arxivtest.Reply{Body: feed}
	})
	var notices []string
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir(), OnNotice: func(s string) { notices = append(notices, s) }}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:x", Max: 20, PageSize: 10})
	require.NoError(t, err, "a bad entry does not fail the page")
	require.Len(t, rep.Kept, 18)
	require.NotContains(t, rep.Kept, papers[2].ID)
	require.NotContains(t, rep.Kept, papers[5].ID)
	require.Equal(t, []string{"entry 3", "entry 6"}, rep.SkippedInvalid)
	require.Equal(t, 20, rep.Fetched)
	require.True(t, rep.Complete)
	all := strings.Join(notices, "\n")
	require.Contains(t, all, "skipped entry 3 (https://example.org/post/2): not an arXiv id")
	require.Contains(t, all, fmt.Sprintf("skipped entry 6 (http://arxiv.org/abs/%s): invalid UTF-8", papers[5].ID))
	require.Equal(t, map[int]int{0: 1, 10: 1}, srv.StartCounts(), "no page fetched twice")
}

// After a store failure, fetched still counts what was read.
func TestIngestFetchedCountsWhatWasReadBeforeAFailure(t *testing.T) {
	store := newMemStore()
	store.failAdd = func(int) error { return errBoom }
	rep, err := L(&ingest.Ingester{Store: store, BatchSize: 5}).Papers(context.Background(), arxivtest.Papers(0, 5))
	require.ErrorIs(t, err, errBoom)
	require.Equal(t, 5, rep.Fetched, "the papers were read")
	require.Equal(t, 0, rep.Report.Committed())
	require.Empty(t, rep.Kept)
}

// A run where every page stays empty fails and names the ranges.
func TestIngestAllPagesEmptyFails(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 30), arxivtest.MatchAll())
	srv.SetFault(func(arxivtest.Request) *arxivtest.Reply { return &arxivtest.Reply{Empty: true} })
	rep, err := L(&ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "all:x", Max: 30, PageSize: 10})
	var gaps *ingest.GapsError
	require.ErrorAs(t, err, &gaps)
	require.Equal(t, "arXiv returned no entries for results 1–10, 11–20, 21–30 (30 results, a known arXiv fault)", err.Error())
	require.Zero(t, rep.Fetched)
}

// Notices are bounded: a file with thousands of bad lines prints a hundred.
func TestIngestNoticesAreBounded(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, "{\"id\":\"bad-%d\",\"title\":\"T\"}\n", i)
	}
	b.WriteString(`{"id":"2301.00001v1","title":"T"}` + "\n")
	src, err := arxiv.NewPaperReader(strings.NewReader(b.String()))
	require.NoError(t, err)
	printed := 0
	rep, err := L(&ingest.Ingester{Store: newMemStore(), OnNotice: func(string) { printed++ }}).Read(context.Background(), src)
	require.NoError(t, err)
	require.Equal(t, 500, rep.Report.SkippedInvalid)
	require.Equal(t, []string{"2301.00001v1"}, rep.Kept)
	require.Equal(t, ingest.MaxNotices, printed)
	require.Equal(t, 500-ingest.MaxNotices, rep.NoticesDropped)
}

// An Ingester is configuration only: two runs at once keep their own
// notices, progress and counts.
func TestIngestRunsShareNoState(t *testing.T) {
	store := newMemStore()
	var mu sync.Mutex
	var notices []string
	in := &ingest.Ingester{Store: store, BatchSize: 7, OnNotice: func(s string) {
		mu.Lock()
		notices = append(notices, s)
		mu.Unlock()
	}}
	var wg sync.WaitGroup
	reps := make([]ingest.Report, 2)
	for i := range reps {
		wg.Go(func() {
			var b strings.Builder
			for k := range 50 {
				fmt.Fprintf(&b, "{\"id\":\"%s\",\"title\":\"T\",\"run%d\":1}\n", arxivtest.ID(100*i+k, 1), i)
			}
			src, err := arxiv.NewPaperReader(strings.NewReader(b.String()))
			require.NoError(t, err)
			rep, err := in.Papers(context.Background(), src)
			require.NoError(t, err)
			reps[i] = rep
		})
	}
	wg.Wait()
	for i, rep := range reps {
		require.Equal(t, 50, rep.Kept, "run %d", i)
		require.Len(t, rep.Notices, 1, "run %d has its own notices: %v", i, rep.Notices)
		require.Contains(t, rep.Notices[0], fmt.Sprintf(`unknown field "run%d"`, i))
	}
	require.Len(t, notices, 2)
	require.Len(t, store.papers(), 100)
}

// An id_list answer is judged entry by entry like a search page: an entry
// that is no paper is named and counted, a long title is cut with a note.
func TestIngestLookupReportsInvalidEntriesAndCuts(t *testing.T) {
	papers := arxivtest.Papers(0, 3)
	long := papers[0]
	long.Title = strings.Repeat("auction ", 200_000)
	srv := arxivtest.New(t, papers)
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		feed := arxivtest.Feed(arxivtest.Classic, "", arxiv.Page{Papers: []arxiv.Paper{long, papers[1], papers[2]}, Total: 3})
		feed = strings.Replace(feed, "http://arxiv.org/abs/"+papers[2].ID+"<", "https://example.org/p<", 1)
		return &arxivtest.Reply{Body: feed}
	})
	rep, err := L(&ingest.Ingester{Store: newMemStore()}).Lookup(context.Background(), testClient(srv, 0), ids(papers))
	require.NoError(t, err)
	require.Equal(t, ids(papers[:2]), rep.Kept)
	require.Equal(t, []string{"entry 3"}, rep.SkippedInvalid)
	all := strings.Join(rep.Notices, "\n")
	require.Contains(t, all, "paper "+papers[0].ID+": title cut from")
	require.Contains(t, all, "skipped entry 3 (https://example.org/p): not an arXiv id")
}

package ingest_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// Rewind sets saved progress back to the first result: the next run of the
// same query asks for all of it again, as a fresh run, says why, and
// skips what the store still holds. Files that are not resume files are
// left alone.
func TestQA2RewindStartsTheNextRunOver(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	store, dir := newMemStore(), t.TempDir()
	q := ingest.Query{Text: "all:auction", Max: 30, PageSize: 10}
	var notices []string
	var starts []ingest.Start
	in := &ingest.Ingester{StateDir: dir, OnNotice: func(s string) { notices = append(notices, s) },
		Open: func(_ context.Context, s ingest.Start) (ingest.Store, error) {
			starts = append(starts, s)
			return store, nil
		}}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Len(t, rep.Kept, 30)

	foreign := filepath.Join(dir, "notes.json")
	require.NoError(t, os.WriteFile(foreign, []byte("{}"), 0o644))
	n, err := ingest.Rewind(dir, "the store went back one commit")
	require.NoError(t, err)
	require.Equal(t, 1, n)
	data, err := os.ReadFile(foreign)
	require.NoError(t, err)
	require.Equal(t, "{}", string(data), "not a resume file: untouched")

	// The store lost the last page.
	store = newMemStore()
	store.put(papers[:20]...)
	rep, err = L(in).Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.False(t, rep.UpToDate)
	require.Equal(t, ids(papers[20:]), rep.Kept)
	require.Len(t, rep.SkippedExisting, 20)
	require.True(t, rep.Complete)
	require.Equal(t, ingest.Start{}, starts[1], "a fresh start: outputs are started over")
	require.Len(t, notices, 1)
	require.Contains(t, notices[0], "was reset (the store went back one commit): asking arXiv from the first result again")
	require.NoError(t, os.Remove(foreign))
	require.Nil(t, readState(t, dir)["rewound"], "the next save drops the mark")

	n, err = ingest.Rewind(filepath.Join(dir, "missing"), "x")
	require.NoError(t, err)
	require.Zero(t, n)
}

// arXiv's empty pages come in spells: after DefaultEmptyPagesInARow pages
// in a row given up on, the run stops with an *EmptyPagesError (progress
// saved, the pages recorded as gaps) instead of asking for every remaining
// page four times. The next run asks for the gaps first, says so in
// Report.Refilled, and goes on.
func TestQA2EmptyPagesInARowStopTheRun(t *testing.T) {
	papers := arxivtest.Papers(0, 100)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start >= 30 {
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	store, dir := newMemStore(), t.TempDir()
	var notices []string
	in := &ingest.Ingester{Store: store, StateDir: dir, OnNotice: func(s string) { notices = append(notices, s) }}
	q := ingest.Query{Text: "all:auction", Max: 100, PageSize: 10}
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), q)
	var empty *ingest.EmptyPagesError
	require.ErrorAs(t, err, &empty)
	require.Equal(t, "arXiv returned no entries for 3 pages in a row (results 31–60, a known arXiv fault)", err.Error())
	require.Equal(t, []ingest.Gap{{Start: 30, Count: 10}, {Start: 40, Count: 10}, {Start: 50, Count: 10}}, empty.Gaps)
	require.Equal(t, 60, empty.Next)
	require.Equal(t, ids(papers[:30]), rep.Kept)
	require.Equal(t, 3+3*arxiv.DefaultMaxAttempts, rep.ArxivRequests, "3 pages, then 3 empty ones of 4 attempts: not 7 more")
	require.Len(t, notices, 3, "one notice per page given up on")
	require.True(t, strings.HasPrefix(notices[0], ingest.EmptyPageNotice), notices[0])
	st := readState(t, dir)
	require.EqualValues(t, 60, st["next"], "progress saved past the spell")
	require.Len(t, st["gaps"], 3)

	// The saved gaps come back empty too: they stay gaps and do not count
	// toward a spell, so the run goes on past them (it once paused on them
	// again, and a fault lasting there kept every later result out of
	// reach); the new pages after them are empty as well, and three of
	// them pause it.
	before := len(srv.Requests())
	_, err = L(in).Search(context.Background(), testClient(srv, 0), q)
	require.ErrorAs(t, err, &empty)
	require.Equal(t, 6*arxiv.DefaultMaxAttempts, len(srv.Requests())-before, "the 3 gaps, then 3 new pages")
	require.Equal(t, "arXiv returned no entries for 3 pages in a row (results 61–90, a known arXiv fault)", err.Error())

	// Once arXiv serves them, the gaps are filled first, and the run goes on.
	srv.SetFault(nil)
	rep, err = L(in).Search(context.Background(), testClient(srv, 0), q)
	require.NoError(t, err)
	require.Equal(t, []ingest.Gap{{Start: 30, Count: 10}, {Start: 40, Count: 10}, {Start: 50, Count: 10}, {Start: 60, Count: 10}, {Start: 70, Count: 10}, {Start: 80, Count: 10}}, rep.Refilled)
	require.Equal(t, 90, rep.ResumedAt)
	require.Equal(t, ids(papers[30:]), rep.Kept)
	require.True(t, rep.Complete)
}

// A fault lasting on some results does not keep the later ones out of
// reach: the next run asks the gaps again, and goes on to the rest.
func TestQA2LastingGapsDoNotBlockLaterResults(t *testing.T) {
	papers := arxivtest.Papers(0, 100)
	srv := arxivtest.New(t, papers, arxivtest.MatchAll())
	srv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.Start >= 30 && r.Start < 60 {
			return &arxivtest.Reply{Empty: true}
		}
		return nil
	})
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}
	q := ingest.Query{Text: "all:auction", Max: 100, PageSize: 10}
	_, err := L(in).Search(context.Background(), testClient(srv, 0), q)
	var empty *ingest.EmptyPagesError
	require.ErrorAs(t, err, &empty)
	rep, err := L(in).Search(context.Background(), testClient(srv, 0), q)
	require.ErrorContains(t, err, "arXiv returned no entries for results 31–40, 41–50, 51–60", "the gaps left are said")
	require.Equal(t, ids(papers[60:]), rep.Kept, "results 61–100, after the gaps that stayed empty")
	require.False(t, rep.Complete, "the gaps are still to fill")
}

// A file run's total is the entries read, committed or not, and a run that
// failed is not complete: a store that failed its first batch reported
// "fetched": 721 beside "total": 0.
func TestQA2FileRunThatFailsCountsWhatItRead(t *testing.T) {
	store := newMemStore()
	store.failAdd = func(call int) error {
		if call == 2 {
			return errBoom
		}
		return nil
	}
	in := &ingest.Ingester{Store: store, BatchSize: 10}
	rep, err := L(in).Papers(context.Background(), arxivtest.Papers(0, 25))
	require.ErrorIs(t, err, errBoom)
	require.Len(t, rep.Kept, 10)
	require.GreaterOrEqual(t, rep.Fetched, 20)
	require.Equal(t, rep.Fetched, rep.Total, "the entries read")
	require.False(t, rep.Complete)

	rep, err = L(&ingest.Ingester{Store: newMemStore(), BatchSize: 10}).Papers(context.Background(), arxivtest.Papers(0, 25))
	require.NoError(t, err)
	require.Equal(t, 25, rep.Total)
	require.True(t, rep.Complete)
}

package ingest_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// reportJSON is the run's Listing as `ingest --json` prints it.
func reportJSON(t *testing.T, rep ingest.Report, ids ingest.IDs) map[string]any {
	t.Helper()
	data, err := json.Marshal(rep.Listing(ids))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	return m
}

// Ids arXiv does not know are an outcome of their own, not_found, told to
// OnPaper and counted in the report and the resume file: before, they were
// only a notice, and "4 ids, fetched 2" left two unaccounted for.
func TestIngestLookupCountsIDsArXivDoesNotKnow(t *testing.T) {
	papers := arxivtest.Papers(0, 3)
	srv := arxivtest.New(t, papers)
	store := newMemStore()
	store.put(papers[2]) // stored: skipped without asking arXiv
	asked := []string{papers[0].ID, "9912.99999", arxiv.BaseID(papers[1].ID), "2409.99998v3", papers[2].ID}
	dir := t.TempDir()
	in := &ingest.Ingester{Store: store, StateDir: dir}
	rep, err := L(in).Lookup(context.Background(), testClient(srv, 0), asked)
	require.NoError(t, err)

	require.Equal(t, []string{"9912.99999", "2409.99998v3"}, rep.NotFound, "each unknown id, as asked")
	require.Equal(t, 2, rep.Report.NotFound)
	require.Equal(t, []string{papers[0].ID, papers[1].ID}, rep.Kept)
	require.Equal(t, []string{papers[2].ID}, rep.SkippedExisting)
	require.Equal(t, 2, rep.Fetched)
	require.Equal(t, len(asked), rep.Committed(), "every id meets one outcome")
	require.True(t, rep.Complete)
	require.Len(t, rep.Notices, 1)
	require.Contains(t, rep.Notices[0], "arXiv has no paper for 2 ids: 9912.99999, 2409.99998v3")

	j := reportJSON(t, rep.Report, rep.ids)
	require.Equal(t, []any{"9912.99999", "2409.99998v3"}, j["not_found"])
	require.Equal(t, []any{}, j["rejected"], "an outcome no entry met is [], not null")
	require.Equal(t, float64(2), j["fetched"])
	counters := readState(t, dir)["counters"].(map[string]any)
	require.Equal(t, float64(2), counters["not_found"])

	// A query has no ids to miss: the count is there, and 0.
	q, err := L(&ingest.Ingester{Store: newMemStore()}).Search(context.Background(), testClient(srv, 0), ingest.Query{Text: "cat:cs.GT"})
	require.NoError(t, err)
	require.Zero(t, q.Report.NotFound)
	require.Equal(t, []any{}, reportJSON(t, q.Report, q.ids)["not_found"])
}

// pageLooker answers id_list with a page of its own making.
type pageLooker struct{ page arxiv.Page }

func (l pageLooker) Lookup(ctx context.Context, ids []string) ([]arxiv.Paper, error) {
	return nil, errors.New("LookupPage is used when there")
}

func (l pageLooker) LookupPage(ctx context.Context, ids []string) (arxiv.Page, error) {
	return l.page, nil
}

// An id arXiv answered with an entry that cannot be a paper was returned:
// it is skipped_invalid, once, and not also not_found.
func TestIngestLookupInvalidEntryIsNotAlsoNotFound(t *testing.T) {
	good := arxivtest.Paper(1)
	bad := arxivtest.Paper(2)
	l := pageLooker{arxiv.Page{
		Papers:  []arxiv.Paper{good},
		Invalid: []*arxiv.InvalidEntry{{Where: "entry 2", ID: "http://arxiv.org/abs/" + bad.ID, Err: errors.New("neither title nor abstract")}},
	}}
	rep, err := L(&ingest.Ingester{Store: newMemStore()}).Lookup(context.Background(), l, []string{good.ID, arxiv.BaseID(bad.ID), "9912.99999"})
	require.NoError(t, err)
	require.Equal(t, []string{good.ID}, rep.Kept)
	require.Equal(t, []string{"entry 2"}, rep.SkippedInvalid)
	require.Equal(t, []string{"9912.99999"}, rep.NotFound)
	require.Equal(t, 3, rep.Committed())
}

// `ingest --json` tells a query stopped at --max from one that is complete,
// and a run that had nothing to fetch from one that fetched: complete,
// up_to_date and total were kept out of the JSON.
func TestIngestReportJSONSaysCompleteUpToDateAndTotal(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40))
	in := &ingest.Ingester{Store: newMemStore(), StateDir: t.TempDir()}
	client := testClient(srv, 0)
	for _, step := range []struct {
		name               string
		max                int
		fetched            float64
		complete, upToDate bool
	}{
		{"stopped at --max", 15, 15, false, false},
		{"--max reached before: nothing fetched", 15, 0, false, true},
		{"the rest, to arXiv's total", 100, 25, true, false},
		{"complete before: nothing fetched", 100, 0, true, true},
	} {
		rep, err := in.Search(context.Background(), client, ingest.Query{Text: "cat:cs.GT", Max: step.max, PageSize: 10})
		require.NoError(t, err, step.name)
		j := reportJSON(t, rep, ingest.IDs{})
		require.Equal(t, step.fetched, j["fetched"], step.name)
		require.Equal(t, step.complete, j["complete"], step.name)
		require.Equal(t, step.upToDate, j["up_to_date"], step.name)
		require.Equal(t, float64(40), j["total"], step.name)
	}

	// A query arXiv has nothing for fetches nothing, yet is complete and
	// was not up to date: it asked.
	rep, err := (&ingest.Ingester{Store: newMemStore()}).Search(context.Background(), client, ingest.Query{Text: "ti:nothingmatches"})
	require.NoError(t, err)
	require.Equal(t, 1, rep.ArxivRequests)
	j := reportJSON(t, rep, ingest.IDs{})
	require.Equal(t, float64(0), j["fetched"])
	require.Equal(t, true, j["complete"])
	require.Equal(t, false, j["up_to_date"])
	require.Equal(t, float64(0), j["total"])
}

// Ranges of results read from 1, the first five and then a count; adjacent
// ones can be joined first.
func TestFormatAndMergeGaps(t *testing.T) {
	gaps := []ingest.Gap{{Start: 300, Count: 100}, {Start: 400, Count: 100}, {Start: 700, Count: 50}}
	require.Equal(t, "301–400, 401–500, 701–750", ingest.FormatGaps(gaps))
	require.Equal(t, "301–500, 701–750", ingest.FormatGaps(ingest.MergeGaps(gaps)))
	var many []ingest.Gap
	for i := range 7 {
		many = append(many, ingest.Gap{Start: i * 20, Count: 10})
	}
	require.Equal(t, "1–10, 21–30, 41–50, 61–70, 81–90 and 2 more ranges", ingest.FormatGaps(many))
}

// One stored paper asked for twice, by its bare and its versioned id, is
// one paper: the versioned id is skipped without asking arXiv and the bare
// one comes back as the same paper, which was skipped_existing twice
// ("skipped 2 (already stored)" for one paper). The second spelling met is
// a duplicate, as it is when the store does not have the paper yet, in
// the same batch or a later one.
func TestIngestLookupCountsAStoredPaperOnceWhateverItsSpellings(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	srv := arxivtest.New(t, papers)
	p := papers[0]
	for _, tc := range []struct {
		name  string
		asked []string
		batch int
	}{
		{"bare first", []string{arxiv.BaseID(p.ID), p.ID}, 0},
		{"versioned first", []string{p.ID, arxiv.BaseID(p.ID)}, 0},
		{"bare in an earlier batch", []string{arxiv.BaseID(p.ID), papers[1].ID, p.ID}, 1},
		{"versioned in an earlier batch", []string{p.ID, papers[1].ID, arxiv.BaseID(p.ID)}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := newMemStore()
			store.put(papers...)
			in := &ingest.Ingester{Store: store, StateDir: t.TempDir(), BatchSize: tc.batch}
			rep, err := L(in).Lookup(context.Background(), testClient(srv, 0), tc.asked)
			require.NoError(t, err)
			want := []string{p.ID}
			if len(tc.asked) == 3 {
				want = []string{p.ID, papers[1].ID}
			}
			require.ElementsMatch(t, want, rep.SkippedExisting, "each stored paper once")
			require.Equal(t, []string{p.ID}, rep.SkippedDuplicate, "the second spelling of the same paper")
			require.Empty(t, rep.Kept)
			require.Equal(t, len(tc.asked), rep.Committed(), "every id meets one outcome")
		})
	}
}

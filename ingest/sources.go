package ingest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Search ingests the results of an arXiv query, page by page, from where the
// last run of the same query (same text, sort and filter mode) stopped.
//
// A query whose saved progress says it is complete, or has reached q.Max,
// returns at once with Report.UpToDate and no request; set Restart to fetch
// it again from the first result.
func (in *Ingester) Search(ctx context.Context, s Searcher, q Query) (Report, error) {
	if err := q.Validate(); err != nil {
		return newReport(), fmt.Errorf("ingest arXiv query: %w", err)
	}
	q = q.normalized()
	sort, _ := arxiv.ParseSort(q.Sort) // checked by Validate
	if err := in.begin(); err != nil {
		return newReport(), err
	}
	fresh := state{
		Format: stateFormat, Key: Key("query", q.Text, string(sort), in.filterMode()),
		Source: "query", Query: q.Text, Sort: q.Sort, Filter: in.filterMode(),
	}
	st, path, err := in.openState(fresh)
	if err != nil {
		return newReport(), err
	}
	if st.Done || (st.Next >= q.Max && len(st.Gaps) == 0) {
		return in.upToDate(st, path), nil
	}
	gaps, next := slices.Clone(st.Gaps), st.Next
	gapResults := 0
	for _, g := range gaps {
		gapResults += g.Count
	}
	var calls atomic.Int64
	j := &job{st: &st, path: path, requests: requestsOf(s, &calls), target: max(q.Max-next, 0) + gapResults}
	opts := arxiv.SearchOptions{Sort: sort}

	fetchPage := func(ctx context.Context, start, n int) (*unit, error) {
		for try := 0; ; try++ {
			calls.Add(1)
			page, err := s.Search(ctx, q.Text, start, n, opts)
			if err != nil {
				return nil, err
			}
			if len(page.Papers) > 0 || page.Total <= start {
				return &unit{start: start, total: page.Total, papers: page.Papers}, nil
			}
			if try >= in.EmptyPageRetries {
				in.notice(fmt.Sprintf("arXiv kept returning no entries for results %d–%d of %d; skipped them for now (the next run of the same command asks again)",
					start+1, start+n, page.Total))
				return &unit{start: start, total: page.Total, gaveUp: true}, nil
			}
		}
	}

	j.produce = func(ctx context.Context, emit func(*unit)) error {
		// Ranges given up on by earlier runs come first, so that a run
		// that ends early still fills them.
		for _, g := range gaps {
			if err := ctx.Err(); err != nil {
				return err
			}
			u, err := fetchPage(ctx, g.Start, min(g.Count, MaxPageSize))
			if err != nil {
				return err
			}
			u.gapRetry, u.gap, u.next = true, g, g.Start+g.Count
			emit(u)
		}
		start, total := next, -1
		for {
			limit := q.Max
			if total >= 0 {
				limit = min(limit, total)
			}
			if start >= limit {
				return nil
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			n := min(q.PageSize, limit-start)
			u, err := fetchPage(ctx, start, n)
			if err != nil {
				return err
			}
			if total < 0 {
				t := max(min(q.Max, u.total)-next, 0) + gapResults
				in.progress(func(p *Progress) { p.Target = t })
			}
			total = u.total
			switch {
			case u.gaveUp:
				u.next = start + n
			case len(u.papers) == 0:
				// The results end here (arXiv's total may have shrunk
				// since an earlier page): record it and stop.
				u.next = start
				u.total = min(u.total, start)
				emit(u)
				return nil
			default:
				// arXiv sometimes serves fewer entries than asked; the
				// next page starts after what actually came, so nothing
				// falls between two pages.
				u.next = start + len(u.papers)
			}
			emit(u)
			start = u.next
		}
	}
	return in.run(ctx, j)
}

// Lookup ingests papers by id (bare, versioned, "arXiv:" or abs URLs), in
// batches of BatchSize ids. A versioned id already in the store is skipped
// without asking arXiv; a bare id is looked up, since only arXiv knows its
// latest version. A run continues after the last committed batch of the
// same id list.
func (in *Ingester) Lookup(ctx context.Context, l Looker, ids []string) (Report, error) {
	norm, err := NormalizeIDs(ids)
	if err != nil {
		return newReport(), err
	}
	if err := in.begin(); err != nil {
		return newReport(), err
	}
	fresh := state{
		Format: stateFormat, Key: Key("ids", strings.Join(norm, ","), in.filterMode()),
		Source: "ids", IDs: len(norm), Total: len(norm), Filter: in.filterMode(),
	}
	st, path, err := in.openState(fresh)
	if err != nil {
		return newReport(), err
	}
	if st.Done {
		return in.upToDate(st, path), nil
	}
	batch := in.BatchSize
	if batch <= 0 {
		batch = DefaultIDBatch
	}
	next := st.Next
	var calls atomic.Int64
	j := &job{st: &st, path: path, requests: requestsOf(l, &calls), target: len(norm) - next}
	j.produce = func(ctx context.Context, emit func(*unit)) error {
		for i := next; i < len(norm); i += batch {
			if err := ctx.Err(); err != nil {
				return err
			}
			b := norm[i:min(i+batch, len(norm))]
			u := &unit{start: i, next: i + len(b), total: len(norm)}
			var ask []string
			for _, id := range b {
				if _, v := arxiv.SplitVersion(id); v > 0 && in.Store.HasPaper(id) {
					u.preSkipped = append(u.preSkipped, id)
					continue
				}
				ask = append(ask, id)
			}
			if len(ask) > 0 {
				calls.Add(1)
				papers, err := l.Lookup(ctx, ask)
				if err != nil {
					return err
				}
				u.papers = papers
				if missing := missingIDs(ask, papers); len(missing) > 0 {
					in.notice(fmt.Sprintf("arXiv has no paper for %d %s: %s", len(missing), plural(len(missing), "id", "ids"), listSome(missing, 10)))
				}
			}
			emit(u)
		}
		return nil
	}
	return in.run(ctx, j)
}

// Papers ingests papers already in hand (ingest --file), BatchSize papers
// per committed batch. It keeps no resume file: reading a file is cheap and
// a second run skips what the first one stored.
func (in *Ingester) Papers(ctx context.Context, papers []arxiv.Paper) (Report, error) {
	check := in.CheckID
	if check == nil {
		check = func(id string) error { _, err := arxiv.ParseID(id); return err }
	}
	for i, p := range papers {
		if err := check(p.ID); err != nil {
			return newReport(), fmt.Errorf("paper %d: %w", i+1, err)
		}
	}
	if err := in.begin(); err != nil {
		return newReport(), err
	}
	batch := in.BatchSize
	if batch <= 0 {
		batch = DefaultFileBatch
	}
	st := state{Source: "file", Total: len(papers)}
	j := &job{st: &st, requests: func() int64 { return 0 }, target: len(papers)}
	j.produce = func(ctx context.Context, emit func(*unit)) error {
		for i := 0; i < len(papers); i += batch {
			if err := ctx.Err(); err != nil {
				return err
			}
			end := min(i+batch, len(papers))
			emit(&unit{start: i, next: end, total: len(papers), papers: papers[i:end]})
		}
		return nil
	}
	return in.run(ctx, j)
}

// NormalizeIDs turns ids as users write them (bare, versioned, "arXiv:",
// abs URLs) into bare ids with their version if given, dropping blanks and
// duplicates and keeping the order. An invalid id is an error naming it.
func NormalizeIDs(ids []string) ([]string, error) {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, raw := range ids {
		if strings.TrimSpace(raw) == "" {
			continue
		}
		id, err := arxiv.ParseID(raw)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no arXiv ids given")
	}
	return out, nil
}

// missingIDs lists the asked ids that no returned paper answers. A bare id
// is answered by any version of its paper.
func missingIDs(asked []string, got []arxiv.Paper) []string {
	have := make(map[string]bool, 2*len(got))
	for _, p := range got {
		have[p.ID] = true
		have[arxiv.BaseID(p.ID)] = true
	}
	var missing []string
	for _, id := range asked {
		if !have[id] {
			missing = append(missing, id)
		}
	}
	return missing
}

func listSome(ids []string, n int) string {
	if len(ids) <= n {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:n], ", ") + fmt.Sprintf(" and %d more", len(ids)-n)
}

func requestsOf(src any, calls *atomic.Int64) func() int64 {
	if rc, ok := src.(requestCounter); ok {
		return rc.Requests
	}
	return calls.Load
}

// begin checks the Ingester and clears what its previous run left behind.
func (in *Ingester) begin() error {
	if in.Store == nil {
		return errors.New("ingest: no store")
	}
	in.mu.Lock()
	in.notices, in.prog, in.began = nil, Progress{}, time.Now()
	in.mu.Unlock()
	return nil
}

// openState loads the resume file of a source, unless resuming is off or
// Restart asks to start over.
func (in *Ingester) openState(fresh state) (state, string, error) {
	fresh.Started = time.Now().UTC()
	if in.StateDir == "" {
		return fresh, "", nil
	}
	path := statePath(in.StateDir, fresh.Key)
	if in.Restart {
		return fresh, path, nil
	}
	st, msg, err := loadState(path, fresh)
	if msg != "" {
		in.notice(msg)
	}
	return st, path, err
}

// upToDate is the report of a run that had nothing to fetch.
func (in *Ingester) upToDate(st state, path string) Report {
	rep := newReport()
	rep.UpToDate, rep.Complete = true, st.Done
	rep.ResumedAt, rep.Next, rep.Total = st.Next, st.Next, st.Total
	rep.Gaps = slices.Clone(st.Gaps)
	rep.Resumable = path != ""
	rep.StoreCount = in.Store.Count()
	rep.Notices = in.noticesSoFar()
	return rep
}

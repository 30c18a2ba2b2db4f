package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
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
	r, err := in.begin()
	if err != nil {
		return newReport(), err
	}
	fresh := state{
		Format: stateFormat, Key: Key("query", q.Text, string(sort), in.filterMode()),
		Source: "query", Query: q.Text, Sort: q.Sort, Filter: in.filterMode(),
	}
	st, path, resumed, err := r.openState(fresh)
	if err != nil {
		return newReport(), err
	}
	if st.Done && st.Total == 0 && len(st.Gaps) == 0 {
		// arXiv had no result for the query: it is asked again (one
		// request) rather than called ingested completely, since a
		// query of no results is more often one to fix, or one arXiv's
		// index has not caught up with, than one that is done.
		st.Done = false
	}
	if st.Done || (st.Next >= q.Max && len(st.Gaps) == 0) {
		return r.upToDate(ctx, st, path, resumed)
	}
	gaps, next := slices.Clone(st.Gaps), st.Next
	gapResults := 0
	for _, g := range gaps {
		gapResults += g.Count
	}
	var calls atomic.Int64
	j := &job{st: &st, path: path, requests: requestsOf(ctx, s, &calls), target: max(q.Max-next, 0) + gapResults}
	opts := arxiv.SearchOptions{Sort: sort}

	fetchPage := func(ctx context.Context, start, n int) (*unit, error) {
		for try := 0; ; try++ {
			calls.Add(1)
			page, err := s.Search(ctx, q.Text, start, n, opts)
			if err != nil {
				return nil, err
			}
			if page.Served() > n {
				// Never more than asked: a page longer than max_results
				// is a misbehaving server, and taking the extra entries
				// would move the next page's start past results unseen.
				r.notice(fmt.Sprintf("arXiv returned %d entries for a page of %d (results %d–%d); the extra ones are ignored",
					page.Served(), n, start+1, start+n))
				page.Invalid = page.Invalid[:min(len(page.Invalid), n)]
				page.Papers = page.Papers[:min(len(page.Papers), n-len(page.Invalid))]
			}
			if page.Served() > 0 || page.Total <= start {
				u := &unit{start: start, total: page.Total, papers: page.Papers, invalid: page.Invalid}
				r.fetched(u, page.Notes)
				return u, nil
			}
			if try >= in.EmptyPageRetries {
				r.notice(fmt.Sprintf(EmptyPageNotice+" for results %d–%d of %d; skipped them for now (the next run of the same command asks again)",
					start+1, start+n, page.Total))
				return &unit{start: start, total: page.Total, gaveUp: true}, nil
			}
		}
	}

	// The store is opened when arXiv has answered the first request (see
	// Ingester.Open): a fresh query it refuses is malformed, and ends the
	// run with nothing created; so does an interrupt before the answer.
	asked := false
	fetch := func(ctx context.Context, start, n int) (*unit, error) {
		u, err := fetchPage(ctx, start, n)
		if asked {
			return u, err
		}
		asked = true
		switch {
		case err != nil && !resumed && arxiv.Refused(err):
			return nil, &RefusedError{Query: q.Text, Err: err}
		case err != nil && (!resumed || ctx.Err() != nil):
			// arXiv never answered a fresh run (or the run was stopped
			// first): there is nothing to store, and a store opened now
			// would be made, and seeded, for nothing. A resumed run's store
			// is there already; it is opened for its count.
			return nil, err
		}
		if oerr := r.open(ctx, Start{Resumed: resumed, At: next}); oerr != nil {
			return nil, &openError{oerr}
		}
		return u, err
	}

	// arXiv's empty pages come in spells: once a few pages in a row came
	// back empty after all their attempts, the rest would too, at four
	// requests a page for nothing. The run stops there (the pages are
	// gaps, asked for first by the next run).
	spell := newEmptySpell(in.emptyPagesInARow())
	j.produce = func(ctx context.Context, emit func(*unit)) error {
		// Ranges given up on by earlier runs come first, so that a run
		// that ends early still fills them.
		for i, g := range gaps {
			if err := ctx.Err(); err != nil {
				return err
			}
			u, err := fetch(ctx, g.Start, min(g.Count, MaxPageSize))
			if err != nil {
				return err
			}
			u.gapRetry, u.gap, u.next = true, g, g.Start+g.Count
			emit(u)
			if u.gaveUp {
				// Still empty: it stays a gap, and does not count toward
				// a spell. Counting it would pause the run before any new
				// page, and a fault lasting on these results would keep
				// every later one out of reach run after run.
				continue
			}
			more := i+1 < len(gaps) || next < min(q.Max, u.total)
			if err := spell.add(u, g.Start, g.Start+min(g.Count, MaxPageSize), more); err != nil {
				return err
			}
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
			u, err := fetch(ctx, start, n)
			if err != nil {
				return err
			}
			if total < 0 {
				t := max(min(q.Max, u.total)-next, 0) + gapResults
				r.progress(func(p *Progress) { p.Target = t })
			}
			total = u.total
			switch {
			case u.gaveUp:
				u.next = start + n
			case u.served() == 0:
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
				u.next = start + u.served()
			}
			emit(u)
			if err := spell.add(u, start, start+n, u.next < min(q.Max, total)); err != nil {
				return err
			}
			start = u.next
		}
	}
	return r.exec(ctx, j)
}

// emptySpell counts the pages in a row a run gave up on as empty.
type emptySpell struct {
	limit      int
	n          int
	start, end int // the results the spell covers
}

func newEmptySpell(limit int) *emptySpell { return &emptySpell{limit: limit} }

// add counts page u (results start to end), fetched and emitted, and
// returns an *EmptyPagesError when it ends a spell of limit empty pages
// with more left to fetch (more).
func (s *emptySpell) add(u *unit, start, end int, more bool) error {
	if !u.gaveUp {
		s.n = 0
		return nil
	}
	if s.n == 0 {
		s.start = start
	}
	s.n++
	s.end = end
	if s.n < s.limit || !more {
		return nil
	}
	return &EmptyPagesError{Pages: s.n, Start: s.start, End: s.end}
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
	r, err := in.begin()
	if err != nil {
		return newReport(), err
	}
	fresh := state{
		Format: stateFormat, Key: Key("ids", strings.Join(norm, ","), in.filterMode()),
		Source: "ids", IDs: len(norm), Total: len(norm), Filter: in.filterMode(),
	}
	st, path, resumed, err := r.openState(fresh)
	if err != nil {
		return newReport(), err
	}
	if st.Done {
		rep, err := r.upToDate(ctx, st, path, resumed)
		if err == nil {
			rep.Tried, err = tried(ctx, r.store, norm, st)
		}
		return rep, err
	}
	// Versioned ids the store has are skipped without asking arXiv, so a
	// store that is there is opened before the first request. One that is
	// not there yet (StoreExists) has none of them: it is opened once
	// arXiv has answered, as a query's is, so that a run arXiv never
	// answers (unreachable, an interrupt first) makes nothing.
	if in.StoreExists == nil || in.StoreExists() {
		if err := r.open(ctx, Start{Resumed: resumed, At: st.Next}); err != nil {
			return newReport(), err
		}
	}
	batch := in.BatchSize
	if batch <= 0 {
		batch = DefaultIDBatch
	}
	next := st.Next
	var calls atomic.Int64
	j := &job{st: &st, path: path, requests: requestsOf(ctx, l, &calls), target: len(norm) - next}
	j.produce = func(ctx context.Context, emit func(*unit)) error {
		for i := next; i < len(norm); i += batch {
			if err := ctx.Err(); err != nil {
				return err
			}
			b := norm[i:min(i+batch, len(norm))]
			u := &unit{start: i, next: i + len(b), total: len(norm)}
			var ask []string
			for _, id := range b {
				if _, v := arxiv.SplitVersion(id); v > 0 && r.store != nil {
					have, err := vectordb.HasPaperContext(ctx, r.store, id)
					if err != nil {
						return err
					}
					if have {
						u.preSkipped = append(u.preSkipped, id)
						continue
					}
				}
				ask = append(ask, id)
			}
			var notes []string
			if len(ask) > 0 {
				var papers []arxiv.Paper
				var refused []string
				for {
					calls.Add(1)
					var err error
					if lp, ok := l.(pageLooker); ok {
						var page arxiv.Page
						page, err = lp.LookupPage(ctx, ask)
						papers, u.invalid, notes = page.Papers, page.Invalid, page.Notes
					} else {
						papers, err = l.Lookup(ctx, ask)
					}
					// arXiv refuses a whole id list for one id it reads as
					// malformed ("incorrect id format for 1234.12345", an id
					// of a month 34 that the local check lets through): the
					// good ids of the list were lost with it, exit 1. That
					// id is left out and the rest asked again.
					if bad, ok := refusedID(err, ask); ok && len(ask) > 1 {
						refused = append(refused, bad)
						ask = slices.DeleteFunc(ask, func(id string) bool { return id == bad })
						continue
					}
					if err != nil {
						return err
					}
					break
				}
				if len(refused) > 0 {
					r.notice(fmt.Sprintf("arXiv refused %d %s as malformed, so asked for the rest without %s: %s", len(refused), text.Plural(len(refused), "id", "ids"), text.Plural(len(refused), "it", "them"), listSome(refused, 10)))
				}
				if r.store == nil {
					// arXiv has answered: there is something to store.
					if err := r.open(ctx, Start{Resumed: resumed, At: next}); err != nil {
						return &openError{err}
					}
				}
				u.papers = askedOnly(ask, papers)
				if extra := len(papers) - len(u.papers); extra > 0 {
					r.notice(fmt.Sprintf("arXiv returned %d %s not asked for; ignored", extra, text.Plural(extra, "paper", "papers")))
				}
				missing := missingIDs(ask, u.papers, u.invalid)
				if len(missing) > 0 {
					r.notice(fmt.Sprintf("arXiv has no paper for %d %s: %s", len(missing), text.Plural(len(missing), "id", "ids"), listSome(missing, 10)))
				}
				if missing = append(missing, refused...); len(missing) > 0 {
					u.notFound = missing // a refused id names no paper either
				}
			}
			r.fetched(u, notes)
			emit(u)
		}
		return nil
	}
	return r.exec(ctx, j)
}

// refusedID is the id of ask that err, arXiv's refusal of an id list,
// names as malformed ("incorrect id format for 1234.12345"), if any.
func refusedID(err error, ask []string) (string, bool) {
	var apiErr *arxiv.APIError
	if !errors.As(err, &apiErr) {
		return "", false
	}
	_, id, ok := strings.Cut(apiErr.Message, "incorrect id format for ")
	if !ok {
		return "", false
	}
	id = strings.TrimRight(strings.TrimSpace(id), ".")
	if !slices.Contains(ask, id) {
		return "", false
	}
	return id, true
}

// Papers ingests the papers of a file (ingest --file), read from src one
// at a time and committed BatchSize papers per batch, so that a file of any
// size is ingested in constant memory. Entries src reports invalid are
// skipped and counted; any other error from src stops the run once the
// entries read before it are committed. If src has a Len() int method, it sets the progress
// target. Papers keeps no resume file: reading a file is cheap and a second
// run skips what the first one stored.
func (in *Ingester) Papers(ctx context.Context, src Source) (Report, error) {
	r, err := in.begin()
	if err != nil {
		return newReport(), err
	}
	if err := r.open(ctx, Start{}); err != nil {
		return newReport(), err
	}
	batch := in.BatchSize
	if batch <= 0 {
		batch = DefaultFileBatch
	}
	target := 0
	if l, ok := src.(interface{ Len() int }); ok {
		target = l.Len()
	}
	st := state{Source: "file"}
	j := &job{st: &st, requests: func() int64 { return 0 }, target: target}
	j.produce = func(ctx context.Context, emit func(*unit)) error {
		pos := 0
		for done := false; !done; {
			if err := ctx.Err(); err != nil {
				return err
			}
			u := &unit{start: pos}
			var notes []string
			var srcErr error
			for u.served() < batch {
				p, n, err := src.Next()
				notes = append(notes, n...)
				var bad *arxiv.InvalidEntry
				if errors.As(err, &bad) {
					u.invalid = append(u.invalid, bad)
					continue
				}
				if errors.Is(err, io.EOF) {
					done = true
					break
				}
				if err != nil {
					// The entries read before it are whole: they are
					// stored before the run stops (a file broken at
					// item 600 keeps its first 599 papers).
					srcErr, done = err, true
					break
				}
				u.papers = append(u.papers, p)
			}
			pos += u.served()
			u.next, u.total = pos, pos
			if u.served() == 0 && len(notes) == 0 {
				if srcErr != nil {
					return srcErr
				}
				break
			}
			r.fetched(u, notes)
			emit(u)
			if srcErr != nil {
				return srcErr
			}
		}
		return nil
	}
	rep, err := r.exec(ctx, j)
	// A file's total is the entries read from it, committed or not (its
	// batches advance the state only when committed: a run that failed
	// at its first batch said "total": 0 of 721 fetched), and it is
	// complete only when it was read to the end and every batch
	// committed.
	rep.Total = max(rep.Total, rep.Fetched)
	rep.Complete = err == nil
	return rep, err
}

// askedOnly keeps the papers that answer an asked id: never more than
// asked, whatever the server sends.
func askedOnly(asked []string, got []arxiv.Paper) []arxiv.Paper {
	want := make(map[string]bool, 2*len(asked))
	for _, id := range asked {
		want[id] = true
		want[arxiv.BaseID(id)] = true
	}
	out := got[:0:0]
	for _, p := range got {
		if want[p.ID] || want[arxiv.BaseID(p.ID)] {
			out = append(out, p)
		}
	}
	return out
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

// missingIDs lists the asked ids that no returned entry answers: arXiv
// has no paper for them (Outcome NotFound). A bare id is answered by any
// version of its paper. An entry arXiv returned but that cannot be a paper
// answers its id too, when it names one: that id is counted once, as
// skipped_invalid, not also as not found.
func missingIDs(asked []string, got []arxiv.Paper, invalid []*arxiv.InvalidEntry) []string {
	have := make(map[string]bool, 2*len(got))
	for _, p := range got {
		have[p.ID] = true
		have[arxiv.BaseID(p.ID)] = true
	}
	for _, e := range invalid {
		if id, err := arxiv.ParseID(e.ID); err == nil {
			have[id] = true
			have[arxiv.BaseID(id)] = true
		}
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

// requestsOf is how a run counts its arXiv requests: the caller's own
// counter when its context carries one (arxiv.CountRequests: the MCP
// server runs several ingests on one client at once, and the client's
// total would count the others' too), else the client's total, else the
// run's own count of calls.
func requestsOf(ctx context.Context, src any, calls *atomic.Int64) func() int64 {
	if n := arxiv.RequestCounter(ctx); n != nil {
		return n.Load
	}
	if rc, ok := src.(requestCounter); ok {
		return rc.Requests
	}
	return calls.Load
}

// openState loads the resume file of a source, unless resuming is off or
// Restart asks to start over; resumed reports that a saved state was read.
func (r *run) openState(fresh state) (st state, path string, resumed bool, err error) {
	fresh.Started = time.Now().UTC()
	if r.in.StateDir == "" {
		return fresh, "", false, nil
	}
	path = statePath(r.in.StateDir, fresh.Key)
	if r.in.Restart {
		return fresh, path, false, nil
	}
	st, msg, err := loadState(path, fresh)
	if msg != "" {
		r.notice(msg)
	}
	// A resume file is written only when a batch is committed, so one that
	// was read is progress to continue; an ignored one gives fresh back.
	return st, path, err == nil && msg == "" && st.Counters.Batches > 0, err
}

// upToDate is the report of a run that had nothing to fetch. The store is
// opened all the same, for its count.
func (r *run) upToDate(ctx context.Context, st state, path string, resumed bool) (Report, error) {
	if err := r.open(ctx, Start{Resumed: resumed, At: st.Next}); err != nil {
		return newReport(), err
	}
	rep := newReport()
	rep.UpToDate, rep.Complete = true, st.Done
	rep.ResumedAt, rep.Next, rep.Total = st.Next, st.Next, st.Total
	rep.Gaps = slices.Clone(st.Gaps)
	rep.Resumable = path != ""
	rep.StoreCount, rep.StoreCountErr = r.storeCount(ctx)
	r.finishReport(&rep)
	return rep, nil
}

// tried is what became of the ids of a list that was complete before:
// how many the store holds now, in any version, and those arXiv had no
// paper for. The rest were not kept (rejected, invalid) or were removed
// since. An id arXiv had no paper for is not held, whatever version of
// its paper the store holds ("2101.00001v9" beside a stored v2): it was
// counted twice, and a list of two versions of one paper, one unknown,
// was "already ingested". A store that asks a server is asked with the
// run's context, and one that cannot answer fails the run: through
// HasPaper, which cannot fail, an unreachable Weaviate was reported as
// holding none of the ids.
func tried(ctx context.Context, store Store, ids []string, st state) (*Tried, error) {
	t := &Tried{IDs: len(ids), NotFound: max(st.Counters.NotFound, len(st.NotFoundIDs)), NotFoundIDs: slices.Clone(st.NotFoundIDs)}
	notFound := make(map[string]bool, len(st.NotFoundIDs))
	for _, id := range st.NotFoundIDs {
		notFound[id] = true
	}
	for _, id := range ids {
		if notFound[id] {
			continue
		}
		have, err := vectordb.HasPaperContext(ctx, store, arxiv.BaseID(id))
		if err != nil {
			return nil, fmt.Errorf("ask the store whether it holds %s: %w", id, err)
		}
		if have {
			t.Held++
		}
	}
	return t, nil
}

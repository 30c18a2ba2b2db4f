package ingest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/vectordb"
)

// unit is one batch as it moves down the pipeline: an arXiv page, an id_list
// batch or a slice of a file. It is committed whole or not at all.
type unit struct {
	// Set by the fetch stage.
	start, next int // positions this batch covers: [start, next)
	total       int // the source's total as of this batch
	papers      []arxiv.Paper
	invalid     []*arxiv.InvalidEntry
	preSkipped  []string // already stored, not even fetched (versioned ids)
	notFound    []string // asked ids arXiv returned nothing for
	gaveUp      bool     // arXiv kept returning this page empty
	gapRetry    bool     // a second try at a gap recorded by an earlier run
	gap         Gap

	// Set by the process stage: the outcome of each paper (Kept means
	// "to be written"; commit turns it into SkippedExisting if the store
	// wrote nothing for it), of each preSkipped id (SkippedExisting, or
	// SkippedDuplicate for a paper the run met already), and the
	// documents to write.
	outcomes    []Outcome
	preOutcomes []Outcome
	docs        []vectordb.Document
}

// served is the number of entries the batch holds.
func (u *unit) served() int { return len(u.papers) + len(u.invalid) }

// job is one source prepared for the pipeline.
type job struct {
	st   *state
	path string // resume file; "" when the source is not resumable
	// produce fetches batches in order and hands each to emit. It returns
	// when the source is exhausted, on a fault, or when ctx ends.
	produce  func(ctx context.Context, emit func(*unit)) error
	requests func() int64
	target   int

	// Set by run: the request counter at the start, and the requests of
	// earlier runs, so that the resume file counts all of them.
	req0    int64
	reqBase int
}

// run is the state of one ingest, kept apart from the Ingester's
// configuration so that runs share nothing.
type run struct {
	in *Ingester
	// store is in.Store, or what in.Open returned; nil until then. It is
	// set before the first batch is emitted, which orders it before every
	// use by the later stages.
	store Store

	mu      sync.Mutex // guards what follows: notices come from every stage
	noticed map[string]bool
	notices []string
	dropped int
	prog    Progress
	began   time.Time

	// seen maps the base id of every paper handled by this run to the
	// newest version handled; only the process stage touches it.
	seen map[string]int
	// written maps the base id of every paper this run wrote to the
	// version written; only the commit stage touches it.
	written map[string]writtenPaper
}

// writtenPaper is a version of a paper a run wrote, and its chunks: a
// newer version written later in the run takes them out of ChunksAdded
// as it takes the paper out of Kept.
type writtenPaper struct {
	id     string
	chunks int
}

// begin checks the Ingester and starts a run.
func (in *Ingester) begin() (*run, error) {
	switch {
	case in.Store == nil && in.Open == nil:
		return nil, errors.New("ingest: no store")
	case in.Store != nil && in.Open != nil:
		return nil, errors.New("ingest: both Store and Open are set")
	}
	return &run{in: in, store: in.Store, noticed: map[string]bool{}, began: time.Now(), seen: map[string]int{}, written: map[string]writtenPaper{}}, nil
}

// open calls Ingester.Open, once, unless the store was given.
func (r *run) open(ctx context.Context, s Start) error {
	if r.store != nil {
		return nil
	}
	st, err := r.in.Open(ctx, s)
	if err == nil && st == nil {
		err = errors.New("ingest: Open returned no store")
	}
	if err != nil {
		return err
	}
	r.store = st
	return nil
}

// openError carries an error of Ingester.Open through the pipeline, which
// opens the store from its fetch (Search): exec returns it as it is,
// rather than as the fetch's failure.
type openError struct{ err error }

func (e *openError) Error() string { return e.err.Error() }
func (e *openError) Unwrap() error { return e.err }

// notice tells the user msg once; beyond MaxNotices distinct ones it only
// counts.
func (r *run) notice(msg string) {
	r.mu.Lock()
	if r.noticed[msg] {
		r.mu.Unlock()
		return
	}
	if len(r.notices) >= MaxNotices {
		r.dropped++
		r.mu.Unlock()
		return
	}
	r.noticed[msg] = true
	r.notices = append(r.notices, msg)
	r.mu.Unlock()
	if r.in.OnNotice != nil {
		r.in.OnNotice(msg)
	}
}

// progress updates the snapshot and reports it, serialised so that the
// display sees a monotonic sequence.
func (r *run) progress(update func(*Progress)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	update(&r.prog)
	r.prog.Elapsed = time.Since(r.began)
	if r.in.OnProgress != nil {
		r.in.OnProgress(r.prog)
	}
}

// finishReport copies what the run gathered into rep.
func (r *run) finishReport(rep *Report) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rep.Notices = slices.Clone(r.notices)
	rep.NoticesDropped = r.dropped
	rep.Fetched = r.prog.Fetched
}

// fetched reports the notes and invalid entries of a batch just fetched.
func (r *run) fetched(u *unit, notes []string) {
	for _, n := range notes {
		r.notice(n)
	}
	for _, e := range u.invalid {
		r.notice("skipped " + e.Error())
	}
	r.progress(func(p *Progress) { p.Fetched += u.served() })
}

// exec drives the three stages:
//
//	fetch ──chan──→ filter+chunk ──chan──→ store+save progress
//
// Each stage is one goroutine working on one batch (filter and chunk fan the
// papers of a batch out to Workers goroutines), and each channel holds one
// batch, so at most about four batches are in flight and arXiv's pacing
// delay is spent filtering, embedding and writing the previous pages.
//
// Batches are committed in source order, which is what makes the resume
// position a single number.
//
// Cancellation: when ctx ends, fetching stops at once; the batches already
// fetched are still filtered, stored and recorded (they cost arXiv requests)
// unless that takes longer than DrainTimeout, in which case the batch in
// hand is abandoned — the store rolls back an unfinished Add — and will be
// fetched again by the next run.
func (r *run) exec(ctx context.Context, j *job) (Report, error) {
	in := r.in
	rep := newReport()
	r.mu.Lock()
	r.began, r.prog = time.Now(), Progress{Target: j.target}
	began := r.began
	r.mu.Unlock()
	j.req0, j.reqBase = j.requests(), j.st.Counters.ArxivRequests
	rep.ResumedAt = j.st.Next

	fetchCtx, stopFetch := context.WithCancel(ctx)
	defer stopFetch()
	// Work already fetched outlives ctx (see above), up to DrainTimeout.
	workCtx, abortWork := context.WithCancel(context.WithoutCancel(ctx))
	defer abortWork()
	var drainTimer atomic.Pointer[time.Timer]
	stopWatch := context.AfterFunc(ctx, func() {
		drainTimer.Store(time.AfterFunc(in.drainTimeout(), abortWork))
		if in.Abort != nil {
			go func() {
				select {
				case <-in.Abort:
					abortWork()
				case <-workCtx.Done():
				}
			}()
		}
	})
	defer func() {
		stopWatch()
		if t := drainTimer.Load(); t != nil {
			t.Stop()
		}
	}()

	fetched := make(chan *unit, 1)
	processed := make(chan *unit, 1)
	var fetchErr, procErr error
	go func() {
		defer close(fetched)
		fetchErr = j.produce(fetchCtx, func(u *unit) {
			fetched <- u
			r.waitForStore(fetchCtx)
		})
	}()
	go func() {
		defer close(processed)
		for u := range fetched {
			if procErr != nil {
				continue // drain, so that the fetch stage can end
			}
			if err := r.process(workCtx, u); err != nil {
				procErr = err
				stopFetch()
				continue
			}
			processed <- u
		}
	}()

	var storeErr error
	for u := range processed {
		if storeErr != nil {
			continue
		}
		if err := r.commit(workCtx, j, u, &rep); err != nil {
			storeErr = err
			stopFetch()
			abortWork()
		}
	}
	// Both goroutines have ended: fetchErr and procErr are final.

	rep.ArxivRequests = int(j.requests() - j.req0)
	if r.store != nil {
		rep.StoreCount, rep.StoreCountErr = r.storeCount(ctx)
	}
	rep.Next, rep.Total, rep.Complete = j.st.Next, j.st.Total, j.st.Done
	rep.Gaps = slices.Clone(j.st.Gaps)
	rep.Resumable = j.path != ""
	rep.Elapsed = time.Since(began)
	r.finishReport(&rep)
	err := firstErr(storeErr, procErr, fetchErr)
	var oe *openError
	var refused *RefusedError
	var empty *EmptyPagesError
	switch {
	case errors.As(err, &oe):
		return rep, oe.err
	case errors.As(err, &refused):
		return rep, refused
	case err == fetchErr && errors.As(err, &empty):
		// Every page before it is committed: the run stopped where it
		// chose to, with its progress saved.
		empty.Gaps, empty.Next = slices.Clone(rep.Gaps), rep.Next
		return rep, empty
	case err == nil && len(rep.Gaps) > 0:
		return rep, &GapsError{Gaps: slices.Clone(rep.Gaps)}
	case err == nil:
		// The source was exhausted, even if an interrupt came at the end.
		return rep, nil
	case ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		return rep, &InterruptedError{Batches: rep.Batches, Next: rep.Next, Resumable: rep.Resumable, Err: ctx.Err()}
	default:
		return rep, &StoppedError{Batches: rep.Batches, Next: rep.Next, Resumable: rep.Resumable, Err: err}
	}
}

// unreachableStore is a store that asks a server and can say that the
// server is not answering (the Weaviate backend): Unreachable is why the
// last request got no answer, while no later one has; nil when it did.
type unreachableStore interface {
	Unreachable() error
}

// storePoll is how often the fetch stage asks a store that is not
// answering whether it answers again.
var storePoll = 100 * time.Millisecond

// waitForStore holds the fetch stage while the run's store does not
// answer (a write or lookup timed out and is being retried): the next page
// waits for the store's answer, and is not fetched at all when the store
// fails (the commit stage then stops the fetch, and the run resumes from
// its last commit). Against a hung server an ingest fetched every page of
// its --max, arXiv's pacing and all, while every write failed.
func (r *run) waitForStore(ctx context.Context) {
	st, ok := r.store.(unreachableStore)
	if !ok {
		return
	}
	for st.Unreachable() != nil {
		select {
		case <-ctx.Done():
			return
		case <-time.After(storePoll):
		}
	}
}

// refreshTimeout bounds how long storeCount waits for a store another
// process is writing: the count is worth a moment, not a hang.
const refreshTimeout = 2 * time.Second

// storeCount is the size of the run's store now, or the last count the
// store gave with the error that left its size unknown. A store that other
// processes write too (*vectordb.DB) keeps a count in memory that only
// this process's own writes bring up to date; a run that wrote nothing
// after another process did (every paper stored already) would report the
// size it last saw, not what `gtrag stats` says. So the store catches up
// first, when it can, even after an interrupt; if it cannot, the count in
// memory stands.
//
// A server's count (the Weaviate backend) is asked for as long as a
// refresh, not its request timeout: on a hung server that was a minute
// more after the interrupt the hang provoked.
func (r *run) storeCount(ctx context.Context) (int, error) {
	st := r.store
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
	defer cancel()
	if rf, ok := st.(interface{ Refresh(context.Context) error }); ok {
		_ = rf.Refresh(ctx)
	}
	n, err := vectordb.CountNow(ctx, st)
	if err != nil {
		// A server that did not answer (a Weaviate stopped during the
		// run): the count is the last it gave, which the summary said as
		// the store's size with no word; it was hundreds of chunks short
		// of what the server had committed, or 0 when it never gave one.
		r.notice(CountFailedNotice + err.Error())
	}
	return n, err
}

// CountFailedNotice begins the notice of a run whose store could not be
// counted at the end (Report.StoreCountErr); the error follows.
const CountFailedNotice = "the knowledge base could not be counted at the end of the run: "

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// process decides the fate of every paper of a batch, before any filter
// call: of several versions of one paper only the newest goes on, and a
// paper this run has handled already is a duplicate (SkippedDuplicate); a
// paper stored in this version is SkippedExisting; the filter rejects or
// keeps the rest, and kept papers are chunked.
func (r *run) process(ctx context.Context, u *unit) error {
	in := r.in
	// A stored versioned id was not fetched, but it is a paper this run
	// has met: another spelling of it (its bare id, fetched, in this batch
	// or another) is a duplicate, not a second paper already stored.
	u.preOutcomes = make([]Outcome, len(u.preSkipped))
	for i, id := range u.preSkipped {
		base, v := arxiv.SplitVersion(id)
		if sv, ok := r.seen[base]; ok && v <= sv {
			u.preOutcomes[i] = SkippedDuplicate
			continue
		}
		r.seen[base] = v
		u.preOutcomes[i] = SkippedExisting
	}
	u.outcomes = make([]Outcome, len(u.papers))
	newest := make(map[string]int, len(u.papers)) // base id → index of its newest version
	for i, p := range u.papers {
		base, v := arxiv.SplitVersion(p.ID)
		if k, ok := newest[base]; !ok || v > version(u.papers[k].ID) {
			newest[base] = i
		}
	}
	cand := make([]int, 0, len(u.papers))
	for i, p := range u.papers {
		base, v := arxiv.SplitVersion(p.ID)
		if sv, ok := r.seen[base]; newest[base] != i || ok && v <= sv {
			u.outcomes[i] = SkippedDuplicate
			continue
		}
		r.seen[base] = v
		have, err := vectordb.HasPaperContext(ctx, r.store, p.ID)
		if err != nil {
			return err
		}
		if have {
			u.outcomes[i] = SkippedExisting
			continue
		}
		cand = append(cand, i)
	}
	chunks := make([][]chunker.Chunk, len(cand))
	err := parallel(in.workers(), len(cand), func(k int) error {
		p := &u.papers[cand[k]]
		if in.Filter != nil {
			v, err := in.Filter.IsGameTheory(ctx, p.Title, p.Summary)
			if err != nil {
				return fmt.Errorf("filter paper %s: %w", p.ID, err)
			}
			for _, n := range v.Notices {
				r.notice("paper filter: " + n)
			}
			if !v.Yes {
				u.outcomes[cand[k]] = Rejected
				return nil
			}
		}
		u.outcomes[cand[k]] = Kept
		chunks[k] = chunker.Split(*p, in.Chunking)
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for _, cs := range chunks {
		n += len(cs)
	}
	u.docs = make([]vectordb.Document, 0, n)
	for _, cs := range chunks {
		u.docs = append(u.docs, vectordb.Documents(cs)...)
	}
	return nil
}

func countOf(outcomes []Outcome, o Outcome) int {
	n := 0
	for _, x := range outcomes {
		if x == o {
			n++
		}
	}
	return n
}

func version(id string) int {
	_, v := arxiv.SplitVersion(id)
	return v
}

// commit stores a batch, then records it in the report and the resume file.
// The resume file moves only after the store has the whole batch. A kept
// paper the store wrote nothing for (a newer version is stored) counts as
// SkippedExisting: Kept counts papers written. ChunksAdded counts their
// chunks: a paper this run wrote and a later batch replaced leaves both.
func (r *run) commit(ctx context.Context, j *job, u *unit, rep *Report) error {
	in := r.in
	added := 0
	var written map[string]bool
	chunks := map[string]int{} // chunks of each paper written
	if len(u.docs) > 0 {
		papers, n, err := vectordb.AddPapers(ctx, r.store, u.docs)
		if err != nil {
			return &StoreError{Papers: countOf(u.outcomes, Kept), Chunks: len(u.docs), Err: err}
		}
		added = n
		written = make(map[string]bool, len(papers))
		for _, id := range papers {
			written[id] = true
		}
		for _, d := range u.docs {
			if id := vectordb.PaperOf(d); written[id] {
				chunks[id]++
			}
		}
	}
	var delta Report
	tell := func(id string, o Outcome) {
		delta.count(o, 1)
		if in.OnPaper != nil {
			in.OnPaper(id, o)
		}
	}
	for i, id := range u.preSkipped {
		tell(id, u.preOutcomes[i])
	}
	for i, p := range u.papers {
		o := u.outcomes[i]
		if o == Kept && !written[p.ID] {
			o = SkippedExisting
		}
		tell(p.ID, o)
		if o != Kept {
			continue
		}
		// A newer version of a paper this run wrote in an earlier batch
		// replaces it in the store: the older one is told again
		// (Replaced) and no longer counts as kept, so that Kept is the
		// papers the run leaves in the store (a file of 1,501 papers, one
		// of them two versions 1,200 lines apart, said "kept 1501"). Its
		// chunks, gone from the store, leave ChunksAdded ("1105 added; the
		// store holds 1103" of a run into an empty store).
		base := arxiv.BaseID(p.ID)
		if old, ok := r.written[base]; ok && old.id != p.ID {
			tell(old.id, Replaced)
			added -= old.chunks
		}
		r.written[base] = writtenPaper{id: p.ID, chunks: chunks[p.ID]}
	}
	for _, e := range u.invalid {
		tell(e.Where, SkippedInvalid)
	}
	for _, id := range u.notFound {
		tell(id, NotFound)
	}
	// What OnPaper was told is made durable before the resume file says
	// the batch is done: see Ingester.OnBatch.
	if in.OnBatch != nil {
		if err := in.OnBatch(); err != nil {
			return err
		}
	}
	rep.Batches++
	rep.Kept += delta.Kept
	rep.Rejected += delta.Rejected
	rep.SkippedExisting += delta.SkippedExisting
	rep.SkippedDuplicate += delta.SkippedDuplicate
	rep.SkippedInvalid += delta.SkippedInvalid
	rep.NotFound += delta.NotFound
	rep.ChunksAdded += added

	st := j.st
	switch {
	case u.gapRetry:
		rep.Refilled = append(rep.Refilled, u.gap)
		st.Gaps = slices.DeleteFunc(st.Gaps, func(g Gap) bool { return g == u.gap })
		if u.gaveUp {
			st.Gaps = append(st.Gaps, u.gap)
		} else if rest := u.gap.Count - u.served(); rest > 0 && u.gap.Start+u.served() < u.total {
			// arXiv served part of the gap; the rest stays a gap.
			st.Gaps = append(st.Gaps, Gap{Start: u.gap.Start + u.served(), Count: rest})
		}
		slices.SortFunc(st.Gaps, func(a, b Gap) int { return a.Start - b.Start })
	default:
		if u.gaveUp {
			st.Gaps = append(st.Gaps, Gap{Start: u.start, Count: u.next - u.start})
		}
		st.Next, st.Total = u.next, u.total
	}
	st.Done = st.Next >= st.Total && len(st.Gaps) == 0
	st.NotFoundIDs = append(st.NotFoundIDs, u.notFound...)
	c := &st.Counters
	c.Batches++
	c.Fetched += u.served()
	c.Kept += delta.Kept
	c.Rejected += delta.Rejected
	c.SkippedExisting += delta.SkippedExisting
	c.SkippedDuplicate += delta.SkippedDuplicate
	c.SkippedInvalid += delta.SkippedInvalid
	c.NotFound += delta.NotFound
	c.ChunksAdded += added
	c.ArxivRequests = j.reqBase + int(j.requests()-j.req0)
	if j.path != "" {
		if err := st.save(j.path); err != nil {
			return err
		}
	}
	r.progress(func(p *Progress) {
		p.Kept += delta.Kept
		p.Rejected += delta.Rejected
		p.Skipped += delta.SkippedExisting + delta.SkippedDuplicate
		p.Invalid += delta.SkippedInvalid
		p.NotFound += delta.NotFound
		p.Chunks += added
		p.Batches++
	})
	return nil
}

// parallel runs fn(0..n-1) on up to workers goroutines and returns the first
// error; after an error the remaining items are not started.
func parallel(workers, n int, fn func(int) error) error {
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		next    atomic.Int64
		failed  atomic.Bool
		errOnce sync.Once
		first   error
		wg      sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					errOnce.Do(func() { first = err })
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
	return first
}

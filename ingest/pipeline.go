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
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// unit is one batch as it moves down the pipeline: an arXiv page, an id_list
// batch or a slice of a file. It is committed whole or not at all.
type unit struct {
	// Set by the fetch stage.
	start, next int // positions this batch covers: [start, next)
	total       int // the source's total as of this batch
	papers      []arxiv.Paper
	preSkipped  []string // already stored, not even fetched (versioned ids)
	gaveUp      bool     // arXiv kept returning this page empty
	gapRetry    bool     // a second try at a gap recorded by an earlier run
	gap         Gap

	// Set by the process stage, in source order.
	kept, rejected, skipped []string
	docs                    []vectordb.Document
}

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

// run drives the three stages:
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
func (in *Ingester) run(ctx context.Context, j *job) (Report, error) {
	rep := newReport()
	began := time.Now()
	in.mu.Lock()
	in.began, in.prog = began, Progress{Target: j.target}
	in.mu.Unlock()
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
			in.progress(func(p *Progress) { p.Fetched += len(u.papers) })
			fetched <- u
		})
	}()
	go func() {
		defer close(processed)
		seen := map[string]bool{}
		for u := range fetched {
			if procErr != nil {
				continue // drain, so that the fetch stage can end
			}
			if err := in.process(workCtx, u, seen); err != nil {
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
		if err := in.commit(workCtx, j, u, &rep); err != nil {
			storeErr = err
			stopFetch()
			abortWork()
		}
	}
	// Both goroutines have ended: fetchErr and procErr are final.

	rep.ArxivRequests = int(j.requests() - j.req0)
	rep.StoreCount = in.Store.Count()
	rep.Next, rep.Total, rep.Complete = j.st.Next, j.st.Total, j.st.Done
	rep.Gaps = slices.Clone(j.st.Gaps)
	rep.Resumable = j.path != ""
	rep.Elapsed = time.Since(began)
	rep.Notices = in.noticesSoFar()
	err := firstErr(storeErr, procErr, fetchErr)
	switch {
	case err == nil:
		// The source was exhausted, even if an interrupt came at the end.
		return rep, nil
	case ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		return rep, &InterruptedError{Batches: rep.Batches, Next: rep.Next, Resumable: rep.Resumable, Err: ctx.Err()}
	default:
		return rep, &StoppedError{Batches: rep.Batches, Next: rep.Next, Resumable: rep.Resumable, Err: err}
	}
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// process decides the fate of every paper of a batch: skipped (stored
// already, or met earlier in this run), rejected by the filter, or kept and
// chunked.
func (in *Ingester) process(ctx context.Context, u *unit, seen map[string]bool) error {
	u.skipped = append(u.skipped, u.preSkipped...)
	cand := make([]int, 0, len(u.papers))
	for i, p := range u.papers {
		if seen[p.ID] || in.Store.HasPaper(p.ID) {
			u.skipped = append(u.skipped, p.ID)
			continue
		}
		seen[p.ID] = true
		cand = append(cand, i)
	}
	type outcome struct {
		rejected bool
		chunks   []chunker.Chunk
	}
	out := make([]outcome, len(cand))
	err := parallel(in.workers(), len(cand), func(k int) error {
		p := &u.papers[cand[k]]
		if in.Filter != nil {
			v, err := in.Filter.IsGameTheory(ctx, p.Title, reasoner.AbstractStart(p.Summary))
			if err != nil {
				return fmt.Errorf("filter paper %s: %w", p.ID, err)
			}
			for _, n := range v.Notices {
				in.notice("paper filter: " + n)
			}
			if !v.Yes {
				out[k].rejected = true
				return nil
			}
		}
		out[k].chunks = chunker.Split(*p, in.Chunking)
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for _, o := range out {
		n += len(o.chunks)
	}
	u.docs = make([]vectordb.Document, 0, n)
	for k, o := range out {
		id := u.papers[cand[k]].ID
		if o.rejected {
			u.rejected = append(u.rejected, id)
			continue
		}
		u.kept = append(u.kept, id)
		u.docs = append(u.docs, vectordb.Documents(o.chunks)...)
	}
	return nil
}

// commit stores a batch, then records it in the report and the resume file.
// The resume file moves only after the store has the whole batch.
func (in *Ingester) commit(ctx context.Context, j *job, u *unit, rep *Report) error {
	added := 0
	if len(u.docs) > 0 {
		n, err := in.Store.Add(ctx, u.docs)
		if err != nil {
			return &StoreError{Papers: len(u.kept), Chunks: len(u.docs), Err: err}
		}
		added = n
	}
	rep.Batches++
	rep.Fetched += len(u.papers)
	rep.Kept = append(rep.Kept, u.kept...)
	rep.Rejected = append(rep.Rejected, u.rejected...)
	rep.SkippedExisting = append(rep.SkippedExisting, u.skipped...)
	rep.ChunksAdded += added

	st := j.st
	switch {
	case u.gapRetry:
		st.Gaps = slices.DeleteFunc(st.Gaps, func(g Gap) bool { return g == u.gap })
		if u.gaveUp {
			st.Gaps = append(st.Gaps, u.gap)
		} else if rest := u.gap.Count - len(u.papers); rest > 0 && u.gap.Start+len(u.papers) < u.total {
			// arXiv served part of the gap; the rest stays a gap.
			st.Gaps = append(st.Gaps, Gap{Start: u.gap.Start + len(u.papers), Count: rest})
		}
		slices.SortFunc(st.Gaps, func(a, b Gap) int { return a.Start - b.Start })
	default:
		if u.gaveUp {
			st.Gaps = append(st.Gaps, Gap{Start: u.start, Count: u.next - u.start})
		}
		st.Next, st.Total = u.next, u.total
	}
	st.Done = st.Next >= st.Total && len(st.Gaps) == 0
	c := &st.Counters
	c.Batches++
	c.Fetched += len(u.papers)
	c.Kept += len(u.kept)
	c.Rejected += len(u.rejected)
	c.SkippedExisting += len(u.skipped)
	c.ChunksAdded += added
	c.ArxivRequests = j.reqBase + int(j.requests()-j.req0)
	if j.path != "" {
		if err := st.save(j.path); err != nil {
			return err
		}
	}
	in.progress(func(p *Progress) {
		p.Kept += len(u.kept)
		p.Rejected += len(u.rejected)
		p.Skipped += len(u.skipped)
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

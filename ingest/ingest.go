package ingest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Limits and defaults. Page and query limits are arXiv's terms of use.
const (
	DefaultPageSize = 100
	MaxPageSize     = arxiv.MaxPageSize
	// MaxResults is the deepest arXiv pages into one query.
	MaxResults = arxiv.MaxResults
	// DefaultIDBatch is the number of ids per id_list request and per
	// committed batch of an id ingest.
	DefaultIDBatch = arxiv.DefaultBatchSize
	// DefaultFileBatch is the number of papers per committed batch of a file
	// ingest: large enough that the store's per-transaction cost (an fsync)
	// is small against the embedding work, small enough that the store
	// writes it in one transaction.
	DefaultFileBatch = 1000
	// DefaultWorkers is how many papers are filtered and chunked at once. An
	// LLM filter spends its time waiting for the model, so a few calls in
	// flight help; the offline filter is CPU-bound and cheap either way.
	DefaultWorkers = 4
	// DefaultDrainTimeout bounds how long an interrupted run keeps working
	// on the batches it had already fetched before it abandons them.
	DefaultDrainTimeout = 15 * time.Second
)

// Store is the part of the knowledge base that ingestion writes to;
// *vectordb.DB satisfies it. It must be safe for concurrent use: papers of
// the next batch are looked up while the previous batch is being written.
type Store interface {
	// Add upserts documents; a newer version of a paper replaces the old.
	Add(ctx context.Context, docs []vectordb.Document) (int, error)
	// HasPaper reports whether this exact version of the paper is stored.
	HasPaper(paperID string) bool
	Count() int
}

// Searcher runs one page of an arXiv search; *arxiv.Client satisfies it.
// It is expected to pace its requests and to retry faults itself; ingestion
// calls it from a single goroutine, one page at a time.
type Searcher interface {
	Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error)
}

// Looker fetches papers by id (arXiv's id_list); *arxiv.Client satisfies it.
type Looker interface {
	Lookup(ctx context.Context, ids []string) ([]arxiv.Paper, error)
}

// requestCounter is implemented by *arxiv.Client, whose count includes
// retries. Sources without it are counted one request per call.
type requestCounter interface{ Requests() int64 }

// Ingester moves papers from a source into a Store. Store is required; every
// other field has a working zero value. An Ingester runs one ingest at a
// time.
type Ingester struct {
	Store Store
	// Filter keeps only the papers it says are about game theory, judged on
	// the title and the first 500 runes of the abstract. nil keeps every
	// paper (--no-filter).
	Filter   reasoner.PaperFilter
	Chunking chunker.Options
	// StateDir holds the resume files of query and id ingests
	// (<data-dir>/ingest). "" turns resuming off.
	StateDir string
	// Restart ignores saved progress and starts the source from the top.
	Restart bool
	// EmptyPageRetries is how many more times a page is asked for when the
	// Searcher returns it empty although arXiv's total says results exist.
	// arxiv.Client already retries such a page within its MaxAttempts, with
	// its pacing and backoff, so the default is no extra round.
	EmptyPageRetries int
	// BatchSize is the number of ids (Lookup) or papers (Papers) per
	// committed batch; 0 means DefaultIDBatch or DefaultFileBatch. Search
	// commits one arXiv page per batch.
	BatchSize int
	// Workers filter and chunk the papers of a batch; 0 means DefaultWorkers.
	Workers int
	// DrainTimeout: see DefaultDrainTimeout; 0 means the default.
	DrainTimeout time.Duration
	// OnProgress, if set, is called after each fetched and each committed
	// batch, never concurrently with itself. It must return quickly.
	OnProgress func(Progress)
	// CheckID vets the id of each paper given to Papers; nil means
	// arxiv.ParseID, which accepts arXiv ids only. The primer, whose ids
	// are its own, passes a check of its own.
	CheckID func(id string) error
	// OnNotice, if set, is told things worth telling the user (a page given
	// up on, ids arXiv does not know, filter fallbacks) as they happen. They
	// are also collected in Report.Notices.
	OnNotice func(string)

	mu      sync.Mutex // guards notices and progress during a run
	notices []string   // this run's, in the order they came, without repeats
	prog    Progress
	began   time.Time
}

// Query is an arXiv search to ingest.
type Query struct {
	// Text is arXiv search_query syntax, e.g. "cat:cs.GT AND ti:auction".
	Text string
	// Max is the number of results to ingest at most (counted from the first
	// result, across runs); 0 means DefaultPageSize.
	Max int
	// PageSize is max_results per request; 0 means DefaultPageSize.
	PageSize int
	// Sort is relevance (default), submitted or updated.
	Sort string
}

func (q Query) normalized() Query {
	q.Text = strings.Join(strings.Fields(q.Text), " ")
	if q.Max == 0 {
		q.Max = DefaultPageSize
	}
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	if q.Sort == "" {
		q.Sort = "relevance"
	}
	return q
}

// Validate reports a query Search would refuse, in words fit for a user.
func (q Query) Validate() error {
	q = q.normalized()
	switch {
	case q.Text == "":
		return errors.New("the query is empty")
	case q.Max < 1 || q.Max > MaxResults:
		return fmt.Errorf("max %d: want 1 to %d (arXiv serves at most %d results per query)", q.Max, MaxResults, MaxResults)
	case q.PageSize < 1 || q.PageSize > MaxPageSize:
		return fmt.Errorf("page size %d: want 1 to %d (arXiv's limit per request)", q.PageSize, MaxPageSize)
	}
	_, err := arxiv.ParseSort(q.Sort)
	return err
}

// Report is what one run did. The JSON fields are the command-line contract
// of `gtrag ingest --json`; the others are for the text summary.
type Report struct {
	// Fetched is the number of papers received from the source in committed
	// batches.
	Fetched int `json:"fetched"`
	// Kept, Rejected and SkippedExisting are paper ids with their version,
	// in source order. Papers met twice in one run count once, as skipped.
	Kept            []string `json:"kept"`
	Rejected        []string `json:"rejected"`
	SkippedExisting []string `json:"skipped_existing"`
	// ChunksAdded is what the store newly wrote.
	ChunksAdded int `json:"chunks_added"`
	// StoreCount is the number of documents in the store at the end.
	StoreCount int `json:"store_count"`
	// ArxivRequests is the number of HTTP requests sent, retries included.
	ArxivRequests int `json:"arxiv_requests"`

	Notices []string `json:"-"`
	// Batches is the number of batches (arXiv pages) committed by this run.
	Batches int `json:"-"`
	// ResumedAt is the position (result offset or id index) a resumed run
	// started from; 0 for a fresh start.
	ResumedAt int `json:"-"`
	// Next is where a further run of the same command would continue.
	Next int `json:"-"`
	// Total is arXiv's total for a query, or the number of ids or papers.
	Total int `json:"-"`
	// Complete: every result of the source is stored (or was rejected), as
	// far as arXiv's total goes.
	Complete bool `json:"-"`
	// UpToDate: there was nothing to fetch (the query was complete before,
	// or the saved progress had reached Max); no request was made.
	UpToDate bool `json:"-"`
	// Gaps are the result ranges given up on (empty-page quirk); the next
	// run of the same command asks for them first.
	Gaps []Gap `json:"-"`
	// Resumable: progress is saved, so the same command continues this run.
	Resumable bool          `json:"-"`
	Elapsed   time.Duration `json:"-"`
}

func newReport() Report {
	return Report{Kept: []string{}, Rejected: []string{}, SkippedExisting: []string{}}
}

// Progress is a snapshot of a run for a progress display.
type Progress struct {
	Fetched  int // papers received from the source so far
	Kept     int // committed
	Rejected int // committed
	Skipped  int // committed, already stored
	Chunks   int // chunks newly written
	Batches  int // batches committed
	// Target is the number of papers this run expects to fetch; 0 while
	// unknown (before arXiv has said its total).
	Target  int
	Elapsed time.Duration
}

// Committed is the number of papers whose batch is committed: kept,
// rejected or skipped.
func (p Progress) Committed() int { return p.Kept + p.Rejected + p.Skipped }

// Rate is papers committed per second: the throughput of the whole
// pipeline, which fetching alone can outrun by a few batches.
func (p Progress) Rate() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Committed()) / p.Elapsed.Seconds()
}

// InterruptedError ends a run whose context was cancelled (Ctrl-C). Every
// batch before it is committed; errors.Is(err, context.Canceled) holds.
type InterruptedError struct {
	Batches   int  // committed by this run
	Next      int  // where the same command continues
	Resumable bool // progress was saved
	Err       error
}

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("interrupted after %d committed %s", e.Batches, plural(e.Batches, "batch", "batches"))
}

func (e *InterruptedError) Unwrap() error { return e.Err }

// StoppedError ends a run that met a fault it could not get past (arXiv
// still failing after the client's retries, the store failing). Every batch
// before it is committed.
type StoppedError struct {
	Batches   int
	Next      int
	Resumable bool
	Err       error
}

func (e *StoppedError) Error() string {
	if e.Batches == 0 {
		return e.Err.Error()
	}
	s := fmt.Sprintf("%v (%d %s committed before it", e.Err, e.Batches, plural(e.Batches, "batch", "batches"))
	if e.Resumable {
		s += ", progress saved"
	}
	return s + ")"
}

func (e *StoppedError) Unwrap() error { return e.Err }

// StoreError is a failure to write a batch to the knowledge base (a full
// disk, a read-only or damaged store), as opposed to a failure to fetch:
// the user must fix something before running again, not just wait.
type StoreError struct {
	Papers, Chunks int
	Err            error
}

func (e *StoreError) Error() string {
	return fmt.Sprintf("store %d papers (%d chunks): %v", e.Papers, e.Chunks, e.Err)
}

func (e *StoreError) Unwrap() error { return e.Err }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (in *Ingester) notice(msg string) {
	in.mu.Lock()
	if slices.Contains(in.notices, msg) {
		in.mu.Unlock()
		return
	}
	in.notices = append(in.notices, msg)
	in.mu.Unlock()
	if in.OnNotice != nil {
		in.OnNotice(msg)
	}
}

// noticesSoFar copies this run's notices.
func (in *Ingester) noticesSoFar() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return slices.Clone(in.notices)
}

// progress updates the snapshot and reports it, serialised so that the
// display sees a monotonic sequence.
func (in *Ingester) progress(update func(*Progress)) {
	in.mu.Lock()
	defer in.mu.Unlock()
	update(&in.prog)
	in.prog.Elapsed = time.Since(in.began)
	if in.OnProgress != nil {
		in.OnProgress(in.prog)
	}
}

func (in *Ingester) workers() int {
	if in.Workers > 0 {
		return in.Workers
	}
	return DefaultWorkers
}

func (in *Ingester) drainTimeout() time.Duration {
	if in.DrainTimeout > 0 {
		return in.DrainTimeout
	}
	return DefaultDrainTimeout
}

func (in *Ingester) filterMode() string {
	if in.Filter == nil {
		return "no-filter"
	}
	return "filter"
}

package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
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
	// DefaultEmptyPagesInARow is how many pages in a row arXiv may return
	// empty, after all their attempts, before a Search stops: its
	// empty-page fault comes in spells, and asking for the remaining
	// pages of a query of 10,000 results would cost four requests each for
	// nothing.
	DefaultEmptyPagesInARow = 3
	// DefaultDrainTimeout bounds how long an interrupted run keeps working
	// on the batches it had already fetched before it abandons them.
	DefaultDrainTimeout = 15 * time.Second
)

// Store is the part of the knowledge base that ingestion writes to;
// *vectordb.DB satisfies it. It must be safe for concurrent use: papers of
// the next batch are looked up while the previous batch is being written.
type Store interface {
	// Add upserts documents; a newer version of a paper replaces the old.
	// Ingestion counts the papers it really wrote with vectordb.AddPapers.
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

// pageLooker is a Looker that also reports the entries it skipped and the
// fields it cut (*arxiv.Client does); Lookup then passes them on.
type pageLooker interface {
	LookupPage(ctx context.Context, ids []string) (arxiv.Page, error)
}

// Source yields the papers of a file one at a time; *arxiv.PaperReader
// satisfies it. Next returns io.EOF at the end, an *arxiv.InvalidEntry for
// an entry to skip (the run counts it and goes on), and notes to pass on
// to the user (fields cut, unknown field names).
type Source interface {
	Next() (arxiv.Paper, []string, error)
}

// PaperList is a Source over papers already in memory (the primer, tests).
// It does not validate them: that is the reader's job, and a caller with
// papers in hand has them in the form it wants stored.
func PaperList(papers []arxiv.Paper) Source { return &paperList{papers: papers} }

type paperList struct {
	papers []arxiv.Paper
	next   int
}

func (l *paperList) Next() (arxiv.Paper, []string, error) {
	if l.next >= len(l.papers) {
		return arxiv.Paper{}, nil, io.EOF
	}
	l.next++
	return l.papers[l.next-1], nil, nil
}

// Len is the number of papers, the progress target.
func (l *paperList) Len() int { return len(l.papers) }

// requestCounter is implemented by *arxiv.Client, whose count includes
// retries. Sources without it are counted one request per call.
type requestCounter interface{ Requests() int64 }

// Outcome is what became of one entry of the source.
type Outcome string

// The outcomes, named as the JSON counters of Report.
const (
	Kept             Outcome = "kept"              // written to the store
	Rejected         Outcome = "rejected"          // the filter said no
	SkippedExisting  Outcome = "skipped_existing"  // stored already, in this or a newer version
	SkippedDuplicate Outcome = "skipped_duplicate" // met earlier in this run, or an older version of a paper met in the same batch
	// Replaced is told of a paper told Kept earlier in the run when a
	// later batch writes its newer version, which replaces it in the
	// store: it then counts as SkippedDuplicate, not Kept, and IDs lists
	// it so. Only OnPaper (and so --ids-out) sees the word.
	Replaced       Outcome = "replaced"
	SkippedInvalid Outcome = "skipped_invalid" // could not be a paper (arxiv.InvalidEntry)
	NotFound       Outcome = "not_found"       // an asked id arXiv returned nothing for (Lookup only)
)

// Ingester moves papers from a source into a Store. It is configuration
// only: Store or Open is required, every other field has a working zero
// value, and the fields must not change while a run is going. Each run keeps
// its own state, so one Ingester may run several ingests at once.
type Ingester struct {
	// Store is the knowledge base to write to. Set Store or Open, not both.
	Store Store
	// Open, if set, opens the run's outputs and returns the store to write
	// to; it is called once per run, before anything is written. A query
	// run calls it only when arXiv has answered its first request, so that
	// a query arXiv refuses (a *RefusedError) or a run interrupted before
	// the first answer creates nothing: no store, no output file. The cost
	// is that a store that cannot be opened (locked, wrong embedder) is
	// found one request later, with that page fetched for nothing; the
	// request is paced anyway and opening a store takes milliseconds, so a
	// run that goes well loses no time. A file run calls it before reading.
	// An id run calls it before its first request when the store is there
	// (see StoreExists), to ask it which versioned ids it has before asking
	// arXiv, and otherwise, as a query run, once arXiv has answered. Start
	// says whether the run continues saved
	// progress, for outputs that should then be appended to rather than
	// started over. An error from Open ends the run and is returned as it
	// is; Report.StoreCount is 0 when the run ended before Open was called.
	Open func(ctx context.Context, s Start) (Store, error)
	// StoreExists, if set with Open, reports whether the store Open opens
	// is there already. An id run whose store is not there asks arXiv
	// first (no versioned id can be stored yet) and calls Open only once
	// arXiv has answered, so that a run that never gets an answer creates
	// nothing. nil means it is there.
	StoreExists func() bool
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
	// EmptyPagesInARow is how many pages in a row a Search gives up on as
	// empty (see EmptyPageRetries) before it stops with an
	// *EmptyPagesError instead of asking for every remaining page; 0 means
	// DefaultEmptyPagesInARow.
	EmptyPagesInARow int
	// BatchSize is the number of ids (Lookup) or papers (Papers) per
	// committed batch; 0 means DefaultIDBatch or DefaultFileBatch. Search
	// commits one arXiv page per batch.
	BatchSize int
	// Workers filter and chunk the papers of a batch; 0 means DefaultWorkers.
	Workers int
	// DrainTimeout: see DefaultDrainTimeout; 0 means the default.
	DrainTimeout time.Duration
	// Abort, if set, ends the drain early: once the run's context has
	// ended, closing Abort abandons the batches still in hand at once, as
	// the end of DrainTimeout would (a second Ctrl-C). Closing it while
	// the context is live does nothing until the context ends.
	Abort <-chan struct{}
	// OnProgress, if set, is called after each fetched and each committed
	// batch, never concurrently with itself. It must return quickly.
	OnProgress func(Progress)
	// OnNotice, if set, is told things worth telling the user (a page given
	// up on, ids arXiv does not know, entries skipped as invalid, fields
	// cut, filter fallbacks) as they happen. The first MaxNotices distinct
	// ones are also collected in Report.Notices; later ones are counted.
	OnNotice func(string)
	// OnPaper, if set, is told the outcome of every entry as its batch is
	// committed, in source order: the paper id with its version, or for an
	// invalid entry its place ("entry 3", "line 12"), or for an id arXiv
	// has no paper for (NotFound) the id as asked. Report holds counts
	// only, so that a run of any size keeps its memory flat; this is how to
	// get the lists (`ingest --ids-out`, or IDs.Add for a Listing).
	OnPaper func(id string, o Outcome)
	// OnBatch, if set, is called once per batch, after the store has written
	// it and OnPaper has been told all its entries, and before its progress
	// is saved: the place to flush what OnPaper wrote, so that every batch
	// the resume file counts as committed is complete in the output. A crash
	// between the two repeats that one batch in the next run (its papers then
	// skipped_existing) rather than losing its lines. An error stops the run
	// like a store failure: the batch is stored but not recorded, so the
	// next run fetches it again.
	OnBatch func() error
}

// Start is what a run tells Open about itself.
type Start struct {
	// Resumed: the run continues the saved progress of an earlier run of
	// the same query or id list (it was not started over with Restart, and
	// a resume file was there to read). Never set for a file.
	Resumed bool
	// At is where the run starts: Report.ResumedAt.
	At int
}

// MaxNotices bounds the notices one run prints and keeps: a file with
// thousands of bad lines says so in a hundred lines and one count.
const MaxNotices = 100

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

// Listing is the body of the `gtrag ingest --json` object of the contract
// (and of the MCP ingest tools' result): the ids of every entry under the
// outcome it met in one run, in source order, and the Report's other
// figures. An outcome no entry met is an empty list, never null. The
// command and the tools add the run's notices beside it (and the command
// an error, when the run failed).
type Listing struct {
	Fetched          int      `json:"fetched" jsonschema:"entries received from the source"`
	Kept             []string `json:"kept" jsonschema:"ids of the papers written to the store"`
	Rejected         []string `json:"rejected" jsonschema:"ids of the papers the game-theory filter refused"`
	SkippedExisting  []string `json:"skipped_existing" jsonschema:"ids stored already, in this or a newer version"`
	SkippedDuplicate []string `json:"skipped_duplicate" jsonschema:"ids met earlier in the run"`
	SkippedInvalid   []string `json:"skipped_invalid" jsonschema:"places (entry 3, line 12) of entries that cannot be papers"`
	NotFound         []string `json:"not_found" jsonschema:"asked ids arXiv has no paper for"`
	ChunksAdded      int      `json:"chunks_added" jsonschema:"passages of the kept papers, as written; a newer version that replaced a stored one counts whole, its older version's passages removed, so store_count can grow by less"`
	StoreCount       *int     `json:"store_count" jsonschema:"passages in the store at the end; null when it could not be counted (a notice says why)"`
	ArxivRequests    int      `json:"arxiv_requests" jsonschema:"HTTP requests sent, retries included"`
	Total            int      `json:"total" jsonschema:"arXiv's total for a query, or the number of ids"`
	Complete         bool     `json:"complete" jsonschema:"the source has nothing more to give"`
	UpToDate         bool     `json:"up_to_date" jsonschema:"nothing needed fetching and no request was made"`
}

// Committed is the number of entries listed: those whose batch is
// committed.
func (l Listing) Committed() int {
	return len(l.Kept) + len(l.Rejected) + len(l.SkippedExisting) + len(l.SkippedDuplicate) + len(l.SkippedInvalid) + len(l.NotFound)
}

// IDs gathers what Ingester.OnPaper is told, for a Listing. It holds
// every id of the run: about 20 MB for 500,000 papers.
type IDs map[Outcome][]string

// Add records that the entry id met outcome o; it fits Ingester.OnPaper.
// A paper Replaced moves from Kept to SkippedDuplicate.
func (ids IDs) Add(id string, o Outcome) {
	if o == Replaced {
		o = SkippedDuplicate
		kept := ids[Kept]
		for i := len(kept) - 1; i >= 0; i-- {
			if kept[i] == id {
				ids[Kept] = slices.Delete(kept, i, i+1)
				break
			}
		}
	}
	ids[o] = append(ids[o], id)
}

func (ids IDs) list(o Outcome) []string {
	if ids[o] == nil {
		return []string{}
	}
	return ids[o]
}

// storeCount is the store's size for a Listing: nil when the store could
// not be counted at the end (StoreCountErr), where StoreCount holds the
// last count it gave, which a script would read as the store's size.
func (r Report) storeCount() *int {
	if r.StoreCountErr != nil {
		return nil
	}
	n := r.StoreCount
	return &n
}

// Listing is the report with the ids gathered from its run.
func (r Report) Listing(ids IDs) Listing {
	return Listing{
		Fetched:          r.Fetched,
		Kept:             ids.list(Kept),
		Rejected:         ids.list(Rejected),
		SkippedExisting:  ids.list(SkippedExisting),
		SkippedDuplicate: ids.list(SkippedDuplicate),
		SkippedInvalid:   ids.list(SkippedInvalid),
		NotFound:         r.notFound(ids),
		ChunksAdded:      r.ChunksAdded,
		StoreCount:       r.storeCount(),
		ArxivRequests:    r.ArxivRequests,
		Total:            r.Total,
		Complete:         r.Complete,
		UpToDate:         r.UpToDate,
	}
}

// notFound is the not_found list: this run's, or for an id list it found
// complete (Tried), the ids earlier runs recorded.
func (r Report) notFound(ids IDs) []string {
	if l := ids.list(NotFound); len(l) > 0 || r.Tried == nil || len(r.Tried.NotFoundIDs) == 0 {
		return l
	}
	return slices.Clone(r.Tried.NotFoundIDs)
}

// Report is what one run did, in counts; Listing adds the ids. Every
// entry of the source is counted once, under the Outcome it met, as its
// batch is committed; Fetched counts entries received, committed or not,
// so after a failure of a query or file run Fetched exceeds the sum of the
// outcomes by the entries that were lost with the batch in hand. (An id
// run also counts ids it never received: stored versioned ids it did not
// ask for, and ids arXiv has no paper for.)
type Report struct {
	// Fetched is the number of entries received from the source: papers
	// and invalid entries.
	Fetched int
	// Kept is the number of papers written to the store.
	Kept             int
	Rejected         int
	SkippedExisting  int
	SkippedDuplicate int
	SkippedInvalid   int
	// NotFound is the number of asked ids arXiv returned no paper for
	// (Lookup only; a query or a file has none).
	NotFound int
	// ChunksAdded is the chunks of the Kept papers, as the store wrote
	// them. A paper kept as a newer version of one stored before counts
	// all its chunks, as it counts in Kept, and the older version's are
	// removed: the store then grows by less than ChunksAdded (StoreCount
	// says by how much). A paper this run wrote and a later batch
	// replaced leaves ChunksAdded as it leaves Kept.
	ChunksAdded int
	// StoreCount is the number of documents in the store at the end; 0 if
	// the run ended before Ingester.Open was called.
	StoreCount int
	// StoreCountErr is why the store could not be counted at the end (a
	// server that did not answer). StoreCount is then the last count the
	// store gave, 0 if it never gave one: not its size, which a summary
	// should call unknown rather than state.
	StoreCountErr error
	// ArxivRequests is the number of HTTP requests sent, retries included.
	ArxivRequests int

	Notices []string
	// NoticesDropped counts the notices beyond MaxNotices.
	NoticesDropped int
	// Batches is the number of batches (arXiv pages) committed by this run.
	Batches int
	// ResumedAt is the position (result offset or id index) a resumed run
	// started from; 0 for a fresh start.
	ResumedAt int
	// Next is where a further run of the same command would continue.
	Next int
	// Total is arXiv's total for a query (as of its last committed page;
	// 0 if no page was), or the number of ids, or of entries read from a
	// file.
	Total int
	// Complete: the source has nothing more to give: every result of a
	// query, as far as arXiv's total goes, every id of a list, every entry
	// of a file, has met its outcome, in this run or earlier ones, with no
	// range given up on. False when a query stopped at Max, and after a
	// failure or an interrupt that left work undone.
	Complete bool
	// UpToDate: there was nothing to fetch (the query or id list was
	// complete before, or the saved progress had reached Max); no request
	// was made. Complete then tells the two apart.
	UpToDate bool
	// Gaps are the result ranges given up on (empty-page quirk); the next
	// run of the same command asks for them first.
	Gaps []Gap
	// Refilled are the ranges earlier runs had given up on that this run
	// asked for again and committed (whatever came), in order: a run that
	// fills gaps fetches results before ResumedAt.
	Refilled []Gap
	// Resumable: progress is saved, so the same command continues this run.
	Resumable bool
	Elapsed   time.Duration
	// Tried is set for an id list that was complete before this run
	// (UpToDate): what became of its ids in the earlier runs, so that the
	// run does not call "already ingested" ids the store does not hold.
	Tried *Tried
}

// Tried is what became of the ids of a list complete before the run, as
// the store and the saved progress tell it now.
type Tried struct {
	IDs int // in the list
	// Held is how many the store holds now, in some version; the rest
	// were not found on arXiv, or not kept (rejected by the filter,
	// invalid), or were removed since (gtrag papers rm).
	Held int
	// NotFound is how many arXiv had no paper for, and NotFoundIDs
	// those ids (empty when the progress was saved by a gtrag that did
	// not record them).
	NotFound    int
	NotFoundIDs []string
}

// Committed is the number of entries whose batch is committed.
func (r Report) Committed() int {
	return r.Kept + r.Rejected + r.SkippedExisting + r.SkippedDuplicate + r.SkippedInvalid + r.NotFound
}

func (r *Report) count(o Outcome, n int) {
	switch o {
	case Kept:
		r.Kept += n
	case Rejected:
		r.Rejected += n
	case SkippedExisting:
		r.SkippedExisting += n
	case SkippedDuplicate:
		r.SkippedDuplicate += n
	case Replaced:
		r.Kept -= n
		r.SkippedDuplicate += n
	case SkippedInvalid:
		r.SkippedInvalid += n
	case NotFound:
		r.NotFound += n
	}
}

func newReport() Report { return Report{} }

// Progress is a snapshot of a run for a progress display.
type Progress struct {
	Fetched  int // entries received from the source so far
	Kept     int // committed: written
	Rejected int // committed
	Skipped  int // committed: stored already, or met twice
	Invalid  int // committed: not a paper
	NotFound int // committed: ids arXiv has no paper for
	Chunks   int // chunks of the kept papers (Report.ChunksAdded)
	Batches  int // batches committed
	// Target is the number of papers this run expects to fetch; 0 while
	// unknown (before arXiv has said its total).
	Target  int
	Elapsed time.Duration
}

// Committed is the number of entries whose batch is committed: kept,
// rejected, skipped, invalid or not found.
func (p Progress) Committed() int { return p.Kept + p.Rejected + p.Skipped + p.Invalid + p.NotFound }

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
	return fmt.Sprintf("interrupted after %d committed %s", e.Batches, text.Plural(e.Batches, "batch", "batches"))
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
	s := fmt.Sprintf("%v (%d %s committed before it", e.Err, e.Batches, text.Plural(e.Batches, "batch", "batches"))
	if e.Resumable {
		s += ", progress saved"
	}
	return s + ")"
}

func (e *StoppedError) Unwrap() error { return e.Err }

// RefusedError ends a fresh query run (no saved progress, or Restart) whose
// first request arXiv refused (arxiv.Refused): its own error feed, an
// *arxiv.APIError (HTTP 400 for a malformed query such as "cat:cs.GT AND
// ("), or an HTTP 400 without one. arXiv gives
// the same answer every time, so it is the query that must change: nothing
// was committed, no resume file was written, and Open was not called. A run
// that continues saved progress is not refused, since the query was
// accepted before: its error is a *StoppedError like any other.
type RefusedError struct {
	Query string
	Err   error // wraps the *arxiv.APIError or *arxiv.StatusError
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("arXiv refused the query %q: %v", e.Query, e.Err)
}

func (e *RefusedError) Unwrap() error { return e.Err }

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

// GapsError ends a run that is otherwise finished but gave up on ranges of
// results arXiv kept returning empty (its empty-page quirk). Everything
// else is committed and the ranges are saved: the next run of the same
// command asks for them first.
type GapsError struct {
	Gaps []Gap
}

func (e *GapsError) Error() string {
	n := 0
	for _, g := range e.Gaps {
		n += g.Count
	}
	return fmt.Sprintf("arXiv returned no entries for results %s (%d %s, a known arXiv fault)", FormatGaps(e.Gaps), n, text.Plural(n, "result", "results"))
}

// maxGapsShown is how many ranges FormatGaps writes before "and N more".
const maxGapsShown = 5

// FormatGaps writes ranges of results as people read them, from 1:
// "301–400, 401–500", the first five and "and N more ranges" after them.
// MergeGaps joins adjacent ones first where one range reads better.
func FormatGaps(gaps []Gap) string {
	var parts []string
	for _, g := range gaps[:min(len(gaps), maxGapsShown)] {
		parts = append(parts, fmt.Sprintf("%d–%d", g.Start+1, g.Start+g.Count))
	}
	s := strings.Join(parts, ", ")
	if len(gaps) > maxGapsShown {
		s += fmt.Sprintf(" and %d more ranges", len(gaps)-maxGapsShown)
	}
	return s
}

// MergeGaps joins the adjacent ranges of gaps, in order: seven pages of a
// hundred from 301 are one range, 301–1000.
func MergeGaps(gaps []Gap) []Gap {
	var out []Gap
	for _, g := range gaps {
		if last := len(out) - 1; last >= 0 && out[last].Start+out[last].Count == g.Start {
			out[last].Count += g.Count
			continue
		}
		out = append(out, g)
	}
	return out
}

// EmptyPageNotice begins the notice of a page a Search gave up on as
// empty, so that a display can tell it from others: it is the one thing
// worth saying of a page whose every attempt came back empty.
const EmptyPageNotice = "arXiv kept returning no entries"

// EmptyPagesError ends a Search that gave up on Pages pages in a row
// (results Start+1 to End) that arXiv kept returning empty although its
// total said more results exist: its empty-page fault comes in spells,
// and the rest of the query would most likely come back empty too. The
// pages are recorded as gaps and everything before is committed: the next
// run of the same command, later, asks for the gaps first and goes on.
// Gaps lists every range still missing, Next is where the run would have
// continued.
type EmptyPagesError struct {
	Pages      int
	Start, End int
	Gaps       []Gap
	Next       int
}

func (e *EmptyPagesError) Error() string {
	return fmt.Sprintf("arXiv returned no entries for %d pages in a row (results %d–%d, a known arXiv fault)", e.Pages, e.Start+1, e.End)
}

func (in *Ingester) emptyPagesInARow() int {
	if in.EmptyPagesInARow > 0 {
		return in.EmptyPagesInARow
	}
	return DefaultEmptyPagesInARow
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

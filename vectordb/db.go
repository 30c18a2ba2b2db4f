package vectordb

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gtrag/gtrag/chunker"
	bolt "go.etcd.io/bbolt"
)

// DB is the embedded store: documents and a BM25 index in a bbolt file
// under the data directory, vectors in a flat file beside it. It is safe for
// concurrent use by goroutines, and several processes may use the same
// directory.
//
// Count, Papers and Info answer from memory as of the last Open, Add,
// Query, DeletePaper or Refresh; Add and Query first pick up what other
// processes committed. Query always reads the committed state, and so does
// HasPaper until Papers has loaded the paper list.
type DB struct {
	dir  string
	path string
	emb  Embedder
	opt  options

	// fileMu orders this handle's own operations on the file, so that a
	// Query waiting for this handle's Add queues here instead of polling
	// the file lock (and announcing "another process"). Never taken while
	// holding mu.
	fileMu sync.RWMutex
	mu     sync.RWMutex // guards st and closed
	st     memState
	closed bool
	// created is set when this Open made the store: see Created.
	created bool
}

// Created reports whether Open created the store, rather than finding one
// there: a store made by another process, even a moment before and still
// empty, was not created by this handle. Whoever seeds a new store with
// content (gtrag's primer) asks this, not whether the store is empty: an
// empty store may have been made empty on purpose (--seed none) and must
// stay so when opened again.
func (db *DB) Created() bool { return db.created }

// Info describes a store for `gtrag stats`.
type Info struct {
	FormatVersion int    `json:"format_version"`
	Embedder      string `json:"embedder"`
	Dim           int    `json:"dim"`
	Chunks        int    `json:"chunks"`
	Papers        int    `json:"papers"`
	Bytes         int64  `json:"bytes"`
	Path          string `json:"path"`
	// DeletedSlots counts the vector slots that removed or replaced chunks
	// left behind; Compact gives their disk back.
	DeletedSlots int `json:"deleted_slots,omitempty"`
	// DeletedSinceCompact counts those left behind since Compact last ran
	// (all of them when it never has): what a Compact would reclaim.
	DeletedSinceCompact int `json:"deleted_since_compact,omitempty"`
	// SeedPending is set while the store waits for the seed it was
	// created for (SeedPending): a run was killed between the two.
	SeedPending bool `json:"seed_pending,omitempty"`
}

// Option configures Open.
type Option func(*options)

type options struct {
	readOnly    bool
	lockTimeout time.Duration
	batchSize   int
	wait        io.Writer
	keepDels    uint64 // tests shorten the deletion log; 0 means delLogKeep
	// acceptRollback skips the meta-page check: AcceptRollback only.
	acceptRollback bool
	fullOnly       bool // CompactVectors(false)
	mustExist      bool // MustExist, or implied by ReadOnly
	seedPending    bool // SeedPending
}

func defaultOptions() options { return options{lockTimeout: 30 * time.Second, batchSize: 2048} }

// ReadOnly opens an existing store for queries only: Open fails when there is
// no store (with ErrNoStore when there is no store file), and Add and
// DeletePaper fail. Use it for data directories the user cannot write.
func ReadOnly() Option { return func(o *options) { o.readOnly = true } }

// MustExist makes Open fail with ErrNoStore, creating nothing, when the
// directory holds no store file, instead of creating a store there; a store
// that is there is opened as without it (read-write, unless ReadOnly).
// Maintenance that has nothing to do without a store (`gtrag store
// compact`) opens with it.
func MustExist() Option { return func(o *options) { o.mustExist = true } }

// SeedPending makes a store this Open creates record, in the same commit
// that creates it, that it is still to be filled (SeedIsPending) until
// MarkSeeded says it has been. Created alone cannot tell a store whose
// filling was cut short (a kill between the creation and the seed's
// commit) from one made empty on purpose: the next Open finds both
// empty and not created by it. A store found already made is left as it
// is.
func SeedPending() Option { return func(o *options) { o.seedPending = true } }

// ErrNoStore is in the error of Open with ReadOnly or MustExist, and of
// AcceptRollback, when the data directory, or the store file in it, does
// not exist, and of Open with ReadOnly or MustExist when the store file is
// empty or was never initialised (a read-write Open finishes or makes the
// store). The error names the directory.
var ErrNoStore = errors.New("no store")

// ErrCreateDir is in the error of Open when the data directory, which did
// not exist, could not be made (its parent missing and not creatable, as
// under /proc, or not writable): nothing of a store was there, so the
// caller may take it for a setting to change, not an I/O failure of a
// store. The system's error is wrapped beside it.
var ErrCreateDir = errors.New("create data directory")

// InTheWayError is a directory where one of a store's files goes
// (FileNames): the store can be neither opened nor made until the user
// moves it away. Open refuses it before it creates anything.
type InTheWayError struct{ Path string }

func (e *InTheWayError) Error() string {
	what := "store file"
	if filepath.Base(e.Path) == StoreFileName {
		what = "store"
	}
	return what + " " + e.Path + " is a directory, not a file; move it away"
}

// CheckPaths returns an *InTheWayError for the first of the store's files
// (FileNames) in dir that is a directory, or nil.
func CheckPaths(dir string) error {
	for _, name := range FileNames {
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return &InTheWayError{Path: path}
		}
	}
	return nil
}

// LockTimeout bounds how long an operation waits while another process holds
// the store (default 30s). Zero or less keeps the default.
func LockTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.lockTimeout = d
		}
	}
}

// BatchSize is how many documents Add writes per transaction (default 2048).
// A paper's chunks always go into one transaction, so a batch may be larger.
// Other processes can read and write between batches.
func BatchSize(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.batchSize = n
		}
	}
}

// CompactVectors chooses whether a store created (or upgraded from format 1)
// by this Open keeps a float16 copy of its vectors beside the float32 ones
// (CompactFileName); the default is on. Queries then scan the copy, half the
// bytes, and re-rank its best candidates with the float32 vectors, so the
// ranking is the same at about half the memory, page cache and cold-start
// time, for 50% more disk. An existing store keeps the choice it was made
// with.
func CompactVectors(on bool) Option { return func(o *options) { o.fullOnly = !on } }

// WaitNotices makes an operation that has to wait for another process say so
// once on w ("store … is being written by another gtrag process; waiting…").
func WaitNotices(w io.Writer) Option { return func(o *options) { o.wait = w } }

// Tuning of Query: each side of the hybrid ranking contributes its top
// max(queryDepthMin, queryDepthFactor·k) candidates, fused with weighted
// reciprocal rank fusion (HybridWeightsFor the store's embedder).
const (
	queryDepthMin    = 30
	queryDepthFactor = 3
)

// Open opens the store in dir, creating the directory and an empty store
// there when needed (unless ReadOnly). emb must be the embedder the store was
// built with, else Open returns a *MismatchError; it may be nil to inspect a
// store (Info, Papers) without adding or querying.
func Open(ctx context.Context, dir string, emb Embedder, opts ...Option) (*DB, error) {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	db := &DB{dir: dir, path: storePath(dir), emb: emb, opt: o}

	mustExist := o.mustExist || o.readOnly
	switch fi, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist) && mustExist:
		return nil, fmt.Errorf("open store: %w in %s (the directory does not exist)", ErrNoStore, dir)
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrCreateDir, dir, err)
		}
	case err != nil:
		return nil, fmt.Errorf("open data directory %s: %w", dir, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("data directory %s is a file, not a directory", dir)
	}

	// A directory where a vector file goes fails the first write, after a
	// new store was made (and seeded) for nothing: refused first, as is
	// one where the store file goes, before its size is read.
	if err := CheckPaths(dir); err != nil {
		return nil, err
	}

	switch fi, err := os.Stat(db.path); {
	case errors.Is(err, fs.ErrNotExist) && mustExist:
		return nil, fmt.Errorf("open store: %w in %s (no %s)", ErrNoStore, dir, StoreFileName)
	case err == nil && fi.Size() == 0 && hasVectors(dir):
		// The vector files are written only after store.db's first commit:
		// an empty store.db beside them was emptied, not left by a creation
		// a crash cut short. Creating a store over it would orphan the
		// vectors and let the next write overwrite them.
		return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("it is empty, but %s holds vectors", VectorFileName)}
	case err == nil && fi.Size() == 0 && mustExist:
		// An empty store.db is no store: a command that only reads must
		// not make one over it (stats would have written 32 KiB).
		return nil, fmt.Errorf("open store: %w in %s (%s is empty)", ErrNoStore, dir, StoreFileName)
	case errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() == 0:
		if err := db.create(ctx); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("open store %s: %w", db.path, err)
	}

	err := db.load(ctx)
	var fe *FormatError
	if errors.As(err, &fe) && fe.Found < FormatVersion && fe.Found >= 1 && !o.readOnly {
		if err = db.migrate(ctx); err == nil {
			err = db.load(ctx)
		}
	}
	if errors.Is(err, errUninitialized) && !mustExist {
		// A creation killed before its first commit: finish it.
		if err = db.create(ctx); err == nil {
			err = db.load(ctx)
		}
	}
	if errors.Is(err, errUninitialized) {
		return nil, fmt.Errorf("open store: %w in %s (%s was never initialised)", ErrNoStore, dir, StoreFileName)
	}
	if err != nil {
		return nil, err
	}
	return db, nil
}

func storePath(dir string) string { return filepath.Join(dir, StoreFileName) }

// FileNames are the files of a store in its directory.
var FileNames = []string{StoreFileName, VectorFileName, CompactFileName}

// hasVectors reports whether dir holds a vector file with anything in it.
func hasVectors(dir string) bool {
	for _, name := range FileNames[1:] {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil && fi.Size() > 0 {
			return true
		}
	}
	return false
}

// load checks the store's format and embedder and reads its meta: nothing
// else, whatever the size of the store.
func (db *DB) load(ctx context.Context) error {
	return db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
			if err := db.checkEmbedder(m); err != nil {
				return err
			}
			db.mu.Lock()
			defer db.mu.Unlock()
			return db.syncFrom(tx, m)
		})
	})
}

func (db *DB) newTxWriter(tx *bolt.Tx, m metaInfo) *txWriter {
	w := newTxWriter(tx, m, db.path)
	if db.opt.keepDels > 0 {
		w.keepDels = db.opt.keepDels
	}
	return w
}

// checkEmbedder refuses an embedder other than the store's.
func (db *DB) checkEmbedder(m metaInfo) error {
	if db.emb == nil {
		return nil
	}
	if spec := db.emb.Spec(); spec != m.spec {
		return &MismatchError{Dir: db.dir, StoredSpec: m.spec, StoredDim: m.dim, AskedSpec: spec, AskedDim: db.emb.Dim()}
	}
	if d := db.emb.Dim(); d != 0 && m.dim != 0 && d != m.dim {
		return &MismatchError{Dir: db.dir, StoredSpec: m.spec, StoredDim: m.dim, AskedSpec: db.emb.Spec(), AskedDim: d, DimMismatch: true}
	}
	return nil
}

// checkDim refuses vectors whose length differs from the store's: a remote
// embedder may only reveal its dimension when it first answers.
func (db *DB) checkDim(storeDim, got int) error {
	if storeDim != 0 && got != storeDim {
		return &MismatchError{Dir: db.dir, StoredSpec: db.emb.Spec(), StoredDim: storeDim, AskedSpec: db.emb.Spec(), AskedDim: got, DimMismatch: true}
	}
	return nil
}

// usable reports why the DB cannot serve an operation.
func (db *DB) usable(write bool) error {
	db.mu.RLock()
	defer db.mu.RUnlock()
	switch {
	case db.closed:
		return fmt.Errorf("store %s is closed", db.path)
	case write && db.opt.readOnly:
		return fmt.Errorf("store %s was opened read-only", db.path)
	}
	return nil
}

// usableToEmbed is usable for the operations that embed (Add, Query).
func (db *DB) usableToEmbed(write bool) error {
	if err := db.usable(write); err != nil {
		return err
	}
	if db.emb == nil {
		return fmt.Errorf("store %s was opened without an embedder", db.path)
	}
	return nil
}

// Add upserts docs and returns how many documents were newly written.
// Documents are grouped by paper (the
// "paper_id" metadata, else the id up to "_chunk_", else the id) and written
// BatchSize documents per transaction, a paper never split. For each paper:
//
//   - a version newer than the stored one replaces every stored chunk of the
//     paper, in the same transaction;
//   - the stored version adds new chunks, rewrites changed ones and skips
//     identical ones (an identical re-add returns 0);
//   - an older version than stored is ignored.
//
// A paper stored for the first time gets the provenance label ctx carries
// (WithProvenance), in the same transaction; see Provenance.
//
// Only documents that will be written are embedded, outside the file lock.
// When ctx is cancelled, the transaction in progress is rolled back and the
// batches committed before it stay; the count returned covers those.
func (db *DB) Add(ctx context.Context, docs []Document) (int, error) {
	_, n, err := db.AddPapers(ctx, docs)
	return n, err
}

// AddPapers is Add that also says which papers it added: those of docs
// that a write transaction of this call wrote chunks of, and that the store
// did not hold in that version, nor in a newer one, when that transaction
// began. A paper stored already (in this version or a newer one, whose
// chunks Add leaves or at most rewrites) is not among them; a paper whose
// older version it replaced is. The ids are the papers' full ids
// ("2301.01234v2"), in the order of docs.
//
// Each transaction decides this under the store's write lock, against what
// every process has committed, so when several processes (or handles) add
// the same paper at once exactly one of them reports it: the one whose
// write stored it. After an error, papers and chunks cover the batches
// committed before it, as Add's count does.
func (db *DB) AddPapers(ctx context.Context, docs []Document) (papers []string, chunks int, err error) {
	if err := db.usableToEmbed(true); err != nil {
		return nil, 0, err
	}
	items, err := prepareItems(docs)
	if err != nil {
		return nil, 0, err
	}
	for _, batch := range batchesByPaper(items, db.opt.batchSize) {
		if err := ctx.Err(); err != nil {
			return papers, chunks, fmt.Errorf("add documents: %w", err)
		}
		n, added, err := db.addBatch(ctx, batch)
		chunks += n
		papers = append(papers, added...)
		if err != nil {
			return papers, chunks, err
		}
	}
	return papers, chunks, nil
}

func prepareItems(docs []Document) ([]addItem, error) {
	at := make(map[string]int, len(docs))
	items := make([]addItem, 0, len(docs))
	for _, d := range docs {
		if d.ID == "" {
			return nil, errors.New("add documents: a document has an empty id")
		}
		paper := PaperOf(d)
		base, v := SplitVersion(paper)
		it := addItem{doc: d, paperID: paper, base: base, version: v}
		// The same id twice in one call: the later one wins.
		if i, ok := at[d.ID]; ok {
			items[i] = it
			continue
		}
		at[d.ID] = len(items)
		items = append(items, it)
	}
	return items, nil
}

// batchesByPaper cuts items into batches of about size documents without
// splitting a paper.
func batchesByPaper(items []addItem, size int) [][]addItem {
	var batches [][]addItem
	var cur []addItem
	for _, g := range groupByPaper(items) {
		if len(cur) > 0 && len(cur)+len(g.items) > size {
			batches = append(batches, cur)
			cur = nil
		}
		for _, i := range g.items {
			cur = append(cur, items[i])
		}
	}
	if len(cur) > 0 {
		batches = append(batches, cur)
	}
	return batches
}

// addBatch writes one batch in one transaction: a read-only plan finds the
// documents to embed, the write transaction re-applies the rules to what is
// committed by then (another process may have written in between) and asks
// for more vectors in the rare case that it changed the plan. It returns
// the documents written and the papers added (see AddPapers), both
// decided by the write transaction that committed.
func (db *DB) addBatch(ctx context.Context, items []addItem) (int, []string, error) {
	var todo []int
	err := db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
			if err := db.checkEmbedder(m); err != nil {
				return err
			}
			_, err := db.newTxWriter(tx, m).upsert(items, true, func(i int) { todo = append(todo, i) })
			return err
		})
	})
	if err != nil {
		return 0, nil, err
	}
	for attempt := 0; ; attempt++ {
		if err := db.embedItems(ctx, items, todo); err != nil {
			return 0, nil, err
		}
		n, added, err := db.writeBatch(ctx, items)
		var nv needVectors
		if errors.As(err, &nv) && attempt < 3 {
			todo = nv.items
			continue
		}
		return n, added, err
	}
}

func (db *DB) embedItems(ctx context.Context, items []addItem, todo []int) error {
	if len(todo) == 0 {
		return nil
	}
	texts := make([]string, len(todo))
	for j, i := range todo {
		texts[j] = items[i].doc.Content
	}
	vecs, err := db.emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embed %d documents: %w", len(texts), err)
	}
	if len(vecs) != len(texts) {
		return fmt.Errorf("embed %d documents: embedder %s returned %d vectors", len(texts), db.emb.Spec(), len(vecs))
	}
	dim := 0
	for j, i := range todo {
		if dim == 0 {
			dim = len(vecs[j])
		}
		if len(vecs[j]) != dim {
			return fmt.Errorf("embed documents: embedder %s returned vectors of dims %d and %d", db.emb.Spec(), dim, len(vecs[j]))
		}
		items[i].vec = unitVector(vecs[j])
		items[i].embedded = true
	}
	return nil
}

// writeBatch is the write transaction of addBatch. It returns the
// documents written and the papers added (txWriter.added), none unless the
// transaction committed.
func (db *DB) writeBatch(ctx context.Context, items []addItem) (int, []string, error) {
	written := 0
	var added []string
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		err := db.inTx(b, true, func(tx *bolt.Tx, m metaInfo) error {
			if err := db.checkEmbedder(m); err != nil {
				return err
			}
			for _, it := range items {
				if it.embedded && len(it.vec) > 0 {
					if err := db.checkDim(m.dim, len(it.vec)); err != nil {
						return err
					}
					if m.dim == 0 {
						m.dim = len(it.vec)
					}
				}
			}
			w := db.newTxWriter(tx, m)
			if by, ok := provenanceOf(ctx); ok {
				w.addedBy, w.now = &by, time.Now().UTC()
			}
			var missing []int
			var err error
			written, err = w.upsert(items, false, func(i int) { missing = append(missing, i) })
			if err != nil {
				return err
			}
			if len(missing) > 0 {
				return needVectors{items: missing}
			}
			if !w.changed {
				return errNoChange
			}
			if err := w.finish(); err != nil {
				return err
			}
			// Cancellation before the commit rolls the whole batch back.
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("add documents: %w", err)
			}
			added = w.added
			return nil
		})
		if errors.Is(err, errNoChange) {
			written, added, err = 0, nil, nil
		}
		if err != nil {
			written, added = 0, nil
			return err
		}
		return db.syncWith(b)
	})
	return written, added, err
}

// syncWith brings memory up to the open file b. After a write it runs still
// under the exclusive lock, so that no other process interleaves.
func (db *DB) syncWith(b *bolt.DB) error {
	return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
		db.mu.Lock()
		defer db.mu.Unlock()
		return db.syncFrom(tx, m)
	})
}

// Query returns up to k documents for text, best first. Retrieval is
// hybrid: the vector top candidates from a scan of the vector file and the
// BM25 top candidates from the postings in the bbolt file are fused by
// weighted reciprocal rank (HybridWeightsFor), so a passage that shares rare
// words with the question is found even when the embedder misses it.
// Results come in fused order, and Score is the fused score that ordered
// them; Similarity, BM25 and the two ranks are its parts (see Result).
func (db *DB) Query(ctx context.Context, text string, k int) ([]Result, error) {
	if err := db.usableToEmbed(false); err != nil {
		return nil, err
	}
	if k <= 0 || strings.TrimSpace(text) == "" {
		return nil, nil
	}
	vecs, err := db.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("embed query: %w", err)
	}
	if len(vecs) != 1 {
		return nil, fmt.Errorf("embed query: embedder %s returned %d vectors", db.emb.Spec(), len(vecs))
	}
	q := unitVector(vecs[0])
	terms := uniqueTerms(text)

	var out []Result
	err = db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
			if err := db.checkDim(m.dim, len(vecs[0])); err != nil {
				return err
			}
			if err := db.syncIfStale(tx, m); err != nil {
				return err
			}
			var err error
			out, err = db.query(tx, m, q, terms, k)
			return err
		})
	})
	if err != nil {
		return nil, fmt.Errorf("query store: %w", err)
	}
	return out, nil
}

// syncIfStale syncs memory with tx unless it is current, taking the write
// lock only then, so that concurrent queries of an unchanged store do not
// queue for it.
func (db *DB) syncIfStale(tx *bolt.Tx, m metaInfo) error {
	db.mu.RLock()
	current := db.st.loaded && db.st.meta.gen == m.gen
	db.mu.RUnlock()
	if current {
		return nil
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.syncFrom(tx, m)
}

// query ranks inside one read transaction, so the vector hits, the postings
// and the documents fetched all belong to the same committed state. A
// vector slot that fails its checksum fails the query (asDamagedSlot).
func (db *DB) query(tx *bolt.Tx, m metaInfo, q []float32, terms []string, k int) ([]Result, error) {
	out, err := db.rank(tx, m, q, terms, k)
	return out, asDamagedSlot(tx, db.dir, err)
}

func (db *DB) rank(tx *bolt.Tx, m metaInfo, q []float32, terms []string, k int) ([]Result, error) {
	if m.chunks == 0 {
		return nil, nil
	}
	depth := max(queryDepthMin, queryDepthFactor*k)
	if len(q) != m.dim {
		q = nil // a store without vectors yet
	}
	exact, closeExact, err := db.exactScorer(tx, m, q)
	if err != nil {
		return nil, err
	}
	defer closeExact()
	sims := map[uint64]float64{}
	var byVector []string
	if len(q) > 0 {
		holes, err := db.readHoles(tx, m)
		if err != nil {
			return nil, err
		}
		top, err := db.vectorTop(tx, m, q, holes, depth, exact)
		if err != nil {
			return nil, err
		}
		for _, r := range top {
			sims[r.doc] = r.score
		}
		if byVector, err = db.slotIDs(tx, top); err != nil {
			return nil, err
		}
	}
	bm25, ranked, err := db.bm25Ranked(tx, m, terms, depth)
	if err != nil {
		return nil, err
	}
	byWords, err := db.slotIDs(tx, ranked)
	if err != nil {
		return nil, err
	}
	hits := HybridWeightsFor(m.spec).FuseScores(byVector, byWords)
	vecRank, wordRank := rankOf(byVector), rankOf(byWords)
	docs, papers := tx.Bucket(bucketDocs), tx.Bucket(bucketPapers)
	out := make([]Result, 0, min(k, len(hits)))
	for _, h := range hits {
		if len(out) == k {
			break
		}
		v := docs.Get([]byte(h.ID))
		if v == nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("document %s has a slot but no record", h.ID)}
		}
		rec, err := decodeDocRecord(v)
		if err != nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("document %s: %w", h.ID, err)}
		}
		base, _ := SplitVersion(rec.PaperID)
		var shared map[string]string
		if pv := papers.Get([]byte(base)); pv != nil {
			p, err := decodePaperRecord(pv)
			if err != nil {
				return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", base, err)}
			}
			shared = p.Shared
		}
		sim, ok := sims[rec.DocNum]
		if !ok && len(q) > 0 && rec.DocNum < m.nextDoc {
			if sim, err = exact(rec.DocNum); err != nil {
				return nil, err
			}
		}
		var lex float64
		if rec.DocNum < uint64(len(bm25)) {
			lex = bm25[rec.DocNum]
		}
		out = append(out, Result{
			Document:    Document{ID: h.ID, Content: rec.Content, Metadata: rec.fullMetadata(shared)},
			Score:       h.Score,
			Similarity:  min(1, max(0, sim)),
			BM25:        lex,
			VectorRank:  vecRank[h.ID],
			LexicalRank: wordRank[h.ID],
		})
	}
	return out, nil
}

// vectorTop is the vector ranking's n best slots: from the float16 copy,
// re-ranked by exact, when the store keeps one, else from a scan of the
// float32 file. The scan checks each slot against its checksum.
func (db *DB) vectorTop(tx *bolt.Tx, m metaInfo, q []float32, holes holeSet, n int, exact func(uint64) (float64, error)) ([]scoredDoc, error) {
	if m.compact {
		cv, err := openCompact(db.path, m.dim, m.nextDoc)
		var corrupt *CorruptError
		switch {
		case err == nil:
			defer cv.close()
			sums, err := loadSums(tx, compactFile.tag, db.path)
			if err != nil {
				return nil, err
			}
			return scanTopCompact(cv, q, holes, n, filepath.Join(db.dir, CompactFileName), sums, exact)
		case !errors.As(err, &corrupt):
			return nil, err
		}
		// The float16 copy is derived: with it missing or damaged, the
		// float32 file ranks exactly, at twice the bytes a scan; the next
		// write restores the copy (restoreCompact). A slot that fails
		// its checksum is not this: the scan reports it (vecsum.go).
	}
	vv, err := openVectors(db.path, m.dim, m.nextDoc, true)
	if err != nil {
		return nil, err
	}
	defer vv.close()
	sums, err := loadSums(tx, fullFile.tag, db.path)
	if err != nil {
		return nil, err
	}
	return scanTop(vv, q, holes, n, filepath.Join(db.dir, VectorFileName), sums)
}

// exactScorer returns the float32 dot product of q with a slot's vector,
// read with pread: a query reads a few dozen of them (lexical-only results,
// the float16 candidates), and mapping the file for that made the kernel map
// most of it into the process (large page-cache folios), doubling RSS.
func (db *DB) exactScorer(tx *bolt.Tx, m metaInfo, q []float32) (func(uint64) (float64, error), func(), error) {
	if len(q) == 0 || m.nextDoc <= 1 {
		return func(uint64) (float64, error) { return 0, nil }, func() {}, nil
	}
	sums, err := loadSums(tx, fullFile.tag, db.path)
	if err != nil {
		return nil, nil, err
	}
	r, err := openVectorReader(db.path, m.dim, m.nextDoc, sums)
	if err != nil {
		return nil, nil, err
	}
	buf := make([]float32, m.dim)
	score := func(doc uint64) (float64, error) {
		v, err := r.read(doc, buf)
		if err != nil {
			return 0, err
		}
		return float64(dotF32(q, v)), nil
	}
	return score, func() { _ = r.f.Close() }, nil
}

// rankOf maps each id of a ranking to its rank, from 1.
func rankOf(ids []string) map[string]int {
	r := make(map[string]int, len(ids))
	for i, id := range ids {
		if _, ok := r[id]; !ok {
			r[id] = i + 1
		}
	}
	return r
}

// readHoles reads the slots a vector scan skips.
func (db *DB) readHoles(tx *bolt.Tx, m metaInfo) (holeSet, error) {
	holes := newHoleSet(m.nextDoc)
	err := tx.Bucket(bucketHoles).ForEach(func(k, _ []byte) error {
		if len(k) != 8 {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("hole key %x", k)}
		}
		holes.add(getU64(k))
		return nil
	})
	return holes, err
}

// slotIDs returns the chunk ids of scored docnums.
func (db *DB) slotIDs(tx *bolt.Tx, ranked []scoredDoc) ([]string, error) {
	slots := tx.Bucket(bucketSlots)
	ids := make([]string, 0, len(ranked))
	for _, r := range ranked {
		v := slots.Get(u64(r.doc))
		if v == nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("document %d is ranked but has no slot", r.doc)}
		}
		s, err := decodeSlotRecord(v)
		if err != nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("slot %d: %w", r.doc, err)}
		}
		ids = append(ids, s.ID)
	}
	return ids, nil
}

// bm25Ranked scores every document holding a term and keeps the best n. It
// returns the scores by docnum too, so that each result can show its BM25
// score whether or not it made the lexical top n.
func (db *DB) bm25Ranked(tx *bolt.Tx, m metaInfo, terms []string, n int) ([]float64, []scoredDoc, error) {
	if len(terms) == 0 || m.chunks == 0 {
		return nil, nil, nil
	}
	avgLen := float64(m.totalLen) / float64(m.chunks)
	// Scores by docnum in a dense slice: a common term touches most
	// documents, and a map would cost more than the scan.
	scores := make([]float64, m.nextDoc)
	// Two passes over each term's blocks: the first adds up the block
	// counts for the document frequency, the second decodes one block at a
	// time into a buffer reused for all of them and scores it. Decoding all
	// of a common term's postings first grew a slice of 24-byte postings to
	// millions of bytes, and with its garbage collection that was half of a
	// whole 100k-chunk search.
	buf := make([]posting, 0, postingBlockMax)
	c := tx.Bucket(bucketPostings).Cursor()
	for _, t := range terms {
		prefix := postingPrefix(t)
		corrupt := func(err error) error {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("postings of %q: %w", t, err)}
		}
		df := 0
		for key, v := c.Seek(prefix); key != nil && bytes.HasPrefix(key, prefix); key, v = c.Next() {
			n, err := postingCount(v)
			if err != nil || len(key) != len(prefix)+8 {
				return nil, nil, corrupt(cmp.Or(err, errShortRecord))
			}
			df += n
		}
		if df == 0 {
			continue
		}
		idf := bm25IDF(float64(df), float64(m.chunks))
		for key, v := c.Seek(prefix); key != nil && bytes.HasPrefix(key, prefix); key, v = c.Next() {
			var err error
			if buf, err = decodePostings(buf[:0], getU64(key[len(prefix):]), v); err != nil {
				return nil, nil, corrupt(err)
			}
			for _, p := range buf {
				if p.doc < uint64(len(scores)) && p.tf > 0 {
					scores[p.doc] += bm25Term(idf, float64(p.tf), float64(p.len), avgLen)
				}
			}
		}
	}
	return scores, topScores(scores, n), nil
}

type scoredDoc struct {
	doc   uint64
	score float64
}

// ranksBelow orders scored documents: lower score, then larger docnum.
func ranksBelow(a, b scoredDoc) bool {
	return a.score < b.score || a.score == b.score && a.doc > b.doc
}

// scoredHeap keeps the best documents seen, the worst of them at the root.
type scoredHeap []scoredDoc

func (h *scoredHeap) push(c scoredDoc) {
	*h = append(*h, c)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if !ranksBelow(s[i], s[p]) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

// down restores the heap order after h[i] got better.
func (h scoredHeap) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && ranksBelow(h[r], h[l]) {
			m = r
		}
		if !ranksBelow(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// topScores returns the n best positive scores by docnum, best first,
// without sorting every scored document.
func topScores(scores []float64, n int) []scoredDoc {
	if n <= 0 {
		return nil
	}
	h := make(scoredHeap, 0, n)
	for d, s := range scores {
		c := scoredDoc{uint64(d), s}
		switch {
		case s <= 0:
		case len(h) < n:
			h.push(c)
		case ranksBelow(h[0], c):
			h[0] = c
			h.down(0)
		}
	}
	slices.SortFunc(h, func(a, b scoredDoc) int {
		if ranksBelow(b, a) {
			return -1
		}
		return 1
	})
	return h
}

// Count is the number of stored documents.
func (db *DB) Count() int {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return int(db.st.meta.chunks)
}

// HasPaper reports whether any chunk of the paper is stored. The id may
// carry a version ("2301.01234v2": exactly that version) or not
// ("2301.01234": any version). It answers from the paper list when Papers
// has loaded it, else with one lookup in the file as of now (a fraction of
// a millisecond; loading the list of 100,000 papers takes over 100 ms). An
// error reading the file counts as not stored, which at worst makes a
// caller add a paper again, a no-op.
func (db *DB) HasPaper(paperID string) bool {
	base, v := SplitVersion(paperID)
	db.mu.RLock()
	p, ok := db.st.papers[base]
	loaded := db.st.papers != nil
	db.mu.RUnlock()
	if !loaded {
		if db.usable(false) != nil {
			return false
		}
		err := db.withFile(context.Background(), false, func(b *bolt.DB) error {
			return b.View(func(tx *bolt.Tx) error {
				if bk := tx.Bucket(bucketPapers); bk != nil {
					if raw := bk.Get([]byte(base)); raw != nil {
						var d recDecoder
						p, d = decodePaperHead(raw)
						ok = d.err == nil
					}
				}
				return nil
			})
		})
		if err != nil {
			return false
		}
	}
	if !ok || p.Chunks == 0 {
		return false
	}
	return v == 0 && paperID == base || p.Version == v
}

// Papers lists the stored papers with their versions, sorted. An error
// reading the paper records gives an empty list.
func (db *DB) Papers() []string {
	if db.needPapers(context.Background()) != nil {
		return nil
	}
	db.mu.RLock()
	defer db.mu.RUnlock()
	out := make([]string, 0, len(db.st.papers))
	for _, p := range db.st.papers {
		out = append(out, p.ID)
	}
	slices.Sort(out)
	return out
}

// Info describes the store; Bytes is the disk its files take now
// (StoreFileName, VectorFileName and CompactFileName): allocated blocks,
// which after a Compact are fewer than the files' lengths say.
func (db *DB) Info() Info {
	db.mu.RLock()
	defer db.mu.RUnlock()
	info := Info{
		FormatVersion: db.st.meta.format,
		Embedder:      db.st.meta.spec,
		Dim:           db.st.meta.dim,
		Chunks:        int(db.st.meta.chunks),
		Papers:        int(db.st.meta.papers),
		Path:          db.path,
		SeedPending:   db.st.meta.seedPending,
	}
	if used := db.st.meta.chunks + 1; db.st.meta.nextDoc > used {
		// Every docnum below nextDoc was given to one chunk, live or gone.
		info.DeletedSlots = int(db.st.meta.nextDoc - used)
		info.DeletedSinceCompact = info.DeletedSlots - int(min(db.st.meta.compacted, uint64(info.DeletedSlots)))
	}
	for _, name := range []string{StoreFileName, VectorFileName, CompactFileName} {
		if fi, err := os.Stat(filepath.Join(db.dir, name)); err == nil {
			info.Bytes += diskBytes(fi)
		}
	}
	return info
}

// CheckFiles reports damage to the store's files that a stat can find: a
// float32 vector file (VectorFileName) missing, cut short of the slots the
// store has committed, or not a vector file, as a *CorruptError that says
// what to do. It checks against the store as of the last Open, Add or
// Refresh, and costs a stat and a 16-byte read whatever the size of the
// store, so commands can afford it on every open; a slot's bytes are
// checked by the queries that read it. The float16 copy is not checked:
// it is derived, searched around when damaged and restored by the next
// write.
func (db *DB) CheckFiles() error {
	if err := db.usable(false); err != nil {
		return err
	}
	db.mu.RLock()
	m := db.st.meta
	db.mu.RUnlock()
	return checkVectorFile(db.dir, m.dim, m.nextDoc)
}

// Refresh picks up what other processes committed since this DB last looked.
func (db *DB) Refresh(ctx context.Context) error {
	if err := db.usable(false); err != nil {
		return err
	}
	return db.withFile(ctx, false, func(b *bolt.DB) error { return db.syncWith(b) })
}

// needPapers loads the paper records if they are not in memory yet.
func (db *DB) needPapers(ctx context.Context) error {
	db.mu.RLock()
	have := db.st.papers != nil
	db.mu.RUnlock()
	if have {
		return nil
	}
	if err := db.usable(false); err != nil {
		return err
	}
	return db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
			db.mu.Lock()
			defer db.mu.Unlock()
			if db.closed {
				return fmt.Errorf("store %s is closed", db.path)
			}
			return db.loadPapers(tx, m)
		})
	})
}

// DeletePaper removes every chunk of the paper: an id with a version deletes
// only that version, an id without one any version; deleting a paper that
// is not stored is not an error.
func (db *DB) DeletePaper(ctx context.Context, paperID string) error {
	if err := db.usable(true); err != nil {
		return err
	}
	base, v := SplitVersion(paperID)
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		err := db.inTx(b, true, func(tx *bolt.Tx, m metaInfo) error {
			w := db.newTxWriter(tx, m)
			p, err := w.paper(base)
			if err != nil {
				return err
			}
			if p == nil || paperID != base && p.Version != v {
				return errNoChange
			}
			if err := w.deletePaper(base); err != nil {
				return err
			}
			if err := w.finish(); err != nil {
				return err
			}
			return ctx.Err()
		})
		if errors.Is(err, errNoChange) {
			return nil
		}
		if err != nil {
			return err
		}
		return db.syncWith(b)
	})
	if err != nil {
		return fmt.Errorf("delete paper %s: %w", paperID, err)
	}
	return nil
}

// Close marks the DB closed. The files are not held open between
// operations, so there is nothing to flush.
func (db *DB) Close() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.closed = true
	db.st = memState{}
	return nil
}

// PaperOf is the paper a document belongs to: its "paper_id" metadata, else
// the id before "_chunk_", else the id itself. Every backend groups chunks
// into papers by this rule.
func PaperOf(d Document) string {
	if p := d.Metadata[chunker.KeyPaperID]; p != "" {
		return p
	}
	if i := strings.LastIndex(d.ID, "_chunk_"); i > 0 {
		return d.ID[:i]
	}
	return d.ID
}

// SplitVersion splits "2301.01234v2" into ("2301.01234", 2) and
// "cs/0112004v1" into ("cs/0112004", 1); an id without a version, such as a
// primer entry's, has version 0. (The arxiv package has the same rule; this
// package does not know arXiv.) Every backend applies its upsert rules by it.
func SplitVersion(id string) (string, int) {
	i := strings.LastIndexByte(id, 'v')
	if i <= 0 || i == len(id)-1 || len(id)-i > 10 {
		return id, 0
	}
	v := 0
	for _, c := range id[i+1:] {
		if c < '0' || c > '9' {
			return id, 0
		}
		v = v*10 + int(c-'0')
	}
	return id[:i], v
}

// SeedIsPending reports whether the store was created with SeedPending and
// MarkSeeded had not been called when it was last read (Open reads it):
// whoever seeds it should (again, after a seed that was cut short; adding
// the same documents twice stores them once). It reads no file.
func (db *DB) SeedIsPending() bool {
	db.mu.RLock()
	defer db.mu.RUnlock()
	return db.st.meta.seedPending
}

// MarkSeeded records that the store has been filled as its creation asked
// (SeedPending): SeedIsPending is false from then on.
func (db *DB) MarkSeeded(ctx context.Context) error {
	if db.opt.readOnly {
		return fmt.Errorf("mark store %s seeded: opened read-only", db.path)
	}
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		return b.Update(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketMeta).Delete(metaSeedPending)
		})
	})
	if err != nil {
		return fmt.Errorf("mark store %s seeded: %w", db.path, err)
	}
	db.mu.Lock()
	db.st.meta.seedPending = false
	db.mu.Unlock()
	return nil
}

package vectordb

import (
	"bytes"
	"container/heap"
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

	bolt "go.etcd.io/bbolt"
)

var _ Store = (*DB)(nil)

// DB is the embedded store: documents, vectors and a BM25 index in one bbolt
// file under the data directory, and an in-memory chromem-go index of the
// vectors that answers nearest-neighbour queries. It is safe for concurrent
// use by goroutines, and several processes may use the same directory.
//
// Count, HasPaper, Papers and Info answer from memory as of the last Open,
// Add, Query, DeletePaper or Refresh; Add and Query first pick up what other
// processes committed.
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
}

// Info describes a store for `gtrag stats`.
type Info struct {
	FormatVersion int    `json:"format_version"`
	Embedder      string `json:"embedder"`
	Dim           int    `json:"dim"`
	Chunks        int    `json:"chunks"`
	Papers        int    `json:"papers"`
	Bytes         int64  `json:"bytes"`
	Path          string `json:"path"`
}

// Option configures Open.
type Option func(*options)

type options struct {
	readOnly    bool
	lockTimeout time.Duration
	batchSize   int
	wait        io.Writer
	keepDels    uint64 // tests shorten the deletion log; 0 means delLogKeep
}

// ReadOnly opens an existing store for queries only: Open fails when there is
// no store, and Add and DeletePaper fail. Use it for data directories the
// user cannot write.
func ReadOnly() Option { return func(o *options) { o.readOnly = true } }

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
	o := options{lockTimeout: 30 * time.Second, batchSize: 2048}
	for _, opt := range opts {
		opt(&o)
	}
	db := &DB{dir: dir, path: filepath.Join(dir, StoreFileName), emb: emb, opt: o}

	switch fi, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist) && o.readOnly:
		return nil, fmt.Errorf("open store: no store in %s (the directory does not exist)", dir)
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create data directory %s: %w", dir, err)
		}
	case err != nil:
		return nil, fmt.Errorf("open data directory %s: %w", dir, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("data directory %s is a file, not a directory; choose another --data-dir", dir)
	}

	switch fi, err := os.Stat(db.path); {
	case errors.Is(err, fs.ErrNotExist) && o.readOnly:
		return nil, fmt.Errorf("open store: no store in %s (no %s)", dir, StoreFileName)
	case err == nil && fi.Size() == 0 && o.readOnly:
		return nil, fmt.Errorf("open store: no store in %s (%s is empty)", dir, StoreFileName)
	case errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() == 0:
		if err := db.create(ctx); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("open store %s: %w", db.path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("store %s is a directory, not a file; move it away or choose another --data-dir", db.path)
	}

	err := db.load(ctx)
	if errors.Is(err, errUninitialized) && !o.readOnly {
		// A creation killed before its first commit: finish it.
		if err = db.create(ctx); err == nil {
			err = db.load(ctx)
		}
	}
	if errors.Is(err, errUninitialized) {
		return nil, fmt.Errorf("open store: no store in %s (%s was never initialised)", dir, StoreFileName)
	}
	if err != nil {
		return nil, err
	}
	return db, nil
}

// load checks the store's format and embedder and reads it into memory.
func (db *DB) load(ctx context.Context) error {
	return db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
			if err := db.checkEmbedder(m); err != nil {
				return err
			}
			db.mu.Lock()
			defer db.mu.Unlock()
			return db.syncFrom(ctx, tx, m)
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

// Add upserts docs; see Store.Add. Documents are grouped by paper (the
// "paper_id" metadata, else the id up to "_chunk_", else the id) and written
// BatchSize documents per transaction, a paper never split. For each paper:
//
//   - a version newer than the stored one replaces every stored chunk of the
//     paper, in the same transaction;
//   - the stored version adds new chunks, rewrites changed ones and skips
//     identical ones (an identical re-add returns 0);
//   - an older version than stored is ignored.
//
// Only documents that will be written are embedded, outside the file lock.
// When ctx is cancelled, the transaction in progress is rolled back and the
// batches committed before it stay; the count returned covers those.
func (db *DB) Add(ctx context.Context, docs []Document) (int, error) {
	if err := db.usableToEmbed(true); err != nil {
		return 0, err
	}
	items, err := prepareItems(docs)
	if err != nil {
		return 0, err
	}
	added := 0
	for _, batch := range batchesByPaper(items, db.opt.batchSize) {
		if err := ctx.Err(); err != nil {
			return added, fmt.Errorf("add documents: %w", err)
		}
		n, err := db.addBatch(ctx, batch)
		added += n
		if err != nil {
			return added, err
		}
	}
	return added, nil
}

func prepareItems(docs []Document) ([]addItem, error) {
	at := make(map[string]int, len(docs))
	items := make([]addItem, 0, len(docs))
	for _, d := range docs {
		if d.ID == "" {
			return nil, errors.New("add documents: a document has an empty id")
		}
		paper := paperOf(d)
		base, v := splitVersion(paper)
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
// for more vectors in the rare case that it changed the plan.
func (db *DB) addBatch(ctx context.Context, items []addItem) (int, error) {
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
		return 0, err
	}
	for attempt := 0; ; attempt++ {
		if err := db.embedItems(ctx, items, todo); err != nil {
			return 0, err
		}
		n, err := db.writeBatch(ctx, items)
		var nv needVectors
		if errors.As(err, &nv) && attempt < 3 {
			todo = nv.items
			continue
		}
		return n, err
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

// writeBatch is the write transaction of addBatch.
func (db *DB) writeBatch(ctx context.Context, items []addItem) (int, error) {
	written := 0
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
			return nil
		})
		if errors.Is(err, errNoChange) {
			written, err = 0, nil
		}
		if err != nil {
			written = 0
			return err
		}
		return db.syncWith(ctx, b)
	})
	return written, err
}

// syncWith brings memory up to the open file b. After a write it runs still
// under the exclusive lock, so that no other process interleaves.
func (db *DB) syncWith(ctx context.Context, b *bolt.DB) error {
	return db.inTx(b, false, func(tx *bolt.Tx, m metaInfo) error {
		db.mu.Lock()
		defer db.mu.Unlock()
		return db.syncFrom(ctx, tx, m)
	})
}

// Query returns up to k documents for text; see Store.Query. Retrieval is
// hybrid: the vector top candidates from chromem-go and the BM25 top
// candidates from the postings in the file are fused by reciprocal rank, so a
// passage that shares rare words with the question is found even when the
// embedder misses it. Results come in fused order; Score is the cosine
// similarity of the document's vector to the query's, clamped to [0,1], for
// every result (0 for a document the embedder gave no vector).
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
			if err := db.syncIfStale(ctx, tx, m); err != nil {
				return err
			}
			db.mu.RLock()
			defer db.mu.RUnlock()
			var err error
			out, err = db.query(ctx, tx, m, q, terms, k)
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
func (db *DB) syncIfStale(ctx context.Context, tx *bolt.Tx, m metaInfo) error {
	db.mu.RLock()
	current := db.st.loaded && db.st.meta.gen == m.gen
	db.mu.RUnlock()
	if current {
		return nil
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	return db.syncFrom(ctx, tx, m)
}

// query ranks inside one read transaction, so the vector hits, the postings
// and the documents fetched all belong to the same committed state. The
// caller holds db.mu for reading.
func (db *DB) query(ctx context.Context, tx *bolt.Tx, m metaInfo, q []float32, terms []string, k int) ([]Result, error) {
	if m.chunks == 0 {
		return nil, nil
	}
	depth := max(queryDepthMin, queryDepthFactor*k)
	sims := map[string]float64{}
	var byVector []string
	if n := min(depth, db.st.coll.Count()); len(q) > 0 && n > 0 {
		res, err := db.st.coll.QueryEmbedding(ctx, q, n, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("vector search: %w", err)
		}
		for _, r := range res {
			byVector = append(byVector, r.ID)
			sims[r.ID] = float64(r.Similarity)
		}
	}
	byWords, err := db.lexical(tx, m, terms, depth)
	if err != nil {
		return nil, err
	}
	ids := HybridWeightsFor(m.spec).Fuse(byVector, byWords)
	docs, vecs := tx.Bucket(bucketDocs), tx.Bucket(bucketVecs)
	out := make([]Result, 0, min(k, len(ids)))
	for _, id := range ids {
		if len(out) == k {
			break
		}
		v := docs.Get([]byte(id))
		if v == nil {
			continue // deleted since the index was synced; cannot happen under one tx
		}
		rec, err := decodeDocRecord(v)
		if err != nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("document %s: %w", id, err)}
		}
		sim, ok := sims[id]
		if !ok && len(q) > 0 {
			e, found, err := findVec(vecs, rec.DocNum)
			if err != nil {
				return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("vector of %s: %w", id, err)}
			}
			if found && len(e.raw) == 4*len(q) {
				sim = dotRaw(q, e.raw)
			}
		}
		out = append(out, Result{
			Document: Document{ID: id, Content: rec.Content, Metadata: rec.Metadata},
			Score:    min(1, max(0, sim)),
		})
	}
	return out, nil
}

// lexical ranks documents by BM25 over the query terms with one prefix scan
// of the postings per term, returning the top n chunk ids. Nothing is built
// at Open: the postings live in the file, so opening a large store costs no
// index build, and a query pays one B+tree range read per distinct term
// (proportional to the term's document frequency).
func (db *DB) lexical(tx *bolt.Tx, m metaInfo, terms []string, n int) ([]string, error) {
	ranked, err := db.bm25Ranked(tx, m, terms, n)
	if err != nil {
		return nil, err
	}
	vecs := tx.Bucket(bucketVecs)
	ids := make([]string, 0, len(ranked))
	for _, r := range ranked {
		e, ok, err := findVec(vecs, r.doc)
		if err != nil || !ok {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("vector of document %d: missing or damaged (%v)", r.doc, err)}
		}
		ids = append(ids, e.id)
	}
	return ids, nil
}

// bm25Ranked scores every document holding a term and keeps the best n.
func (db *DB) bm25Ranked(tx *bolt.Tx, m metaInfo, terms []string, n int) ([]scoredDoc, error) {
	if len(terms) == 0 || m.chunks == 0 {
		return nil, nil
	}
	avgLen := float64(m.totalLen) / float64(m.chunks)
	// Scores by docnum in a dense slice: a common term touches most
	// documents, and a map would cost more than the scan.
	scores := make([]float64, m.nextDoc)
	var ps []posting
	c := tx.Bucket(bucketPostings).Cursor()
	for _, t := range terms {
		prefix := postingPrefix(t)
		ps = ps[:0]
		for key, v := c.Seek(prefix); key != nil && bytes.HasPrefix(key, prefix); key, v = c.Next() {
			var err error
			if len(key) != len(prefix)+8 {
				err = errShortRecord
			} else {
				ps, err = decodePostings(ps, getU64(key[len(prefix):]), v)
			}
			if err != nil {
				return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("postings of %q: %w", t, err)}
			}
		}
		df := float64(len(ps))
		for _, p := range ps {
			if p.doc < uint64(len(scores)) {
				scores[p.doc] += BM25Score(float64(p.tf), float64(p.len), avgLen, df, float64(m.chunks))
			}
		}
	}
	return topScores(scores, n), nil
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

func (h scoredHeap) Len() int           { return len(h) }
func (h scoredHeap) Less(i, j int) bool { return ranksBelow(h[i], h[j]) }
func (h scoredHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *scoredHeap) Push(x any)        { *h = append(*h, x.(scoredDoc)) }
func (h *scoredHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
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
			heap.Push(&h, c)
		case ranksBelow(h[0], c):
			h[0] = c
			heap.Fix(&h, 0)
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

// HasPaper reports whether the paper is stored; see Store.HasPaper.
func (db *DB) HasPaper(paperID string) bool {
	base, v := splitVersion(paperID)
	db.mu.RLock()
	defer db.mu.RUnlock()
	p, ok := db.st.papers[base]
	if !ok || p.Chunks == 0 {
		return false
	}
	return v == 0 && paperID == base || p.Version == v
}

// Papers lists the stored papers with their versions, sorted.
func (db *DB) Papers() []string {
	db.mu.RLock()
	defer db.mu.RUnlock()
	out := make([]string, 0, len(db.st.papers))
	for _, p := range db.st.papers {
		out = append(out, p.ID)
	}
	slices.Sort(out)
	return out
}

// Info describes the store; Bytes is the size of the file on disk now.
func (db *DB) Info() Info {
	db.mu.RLock()
	defer db.mu.RUnlock()
	info := Info{
		FormatVersion: db.st.meta.format,
		Embedder:      db.st.meta.spec,
		Dim:           db.st.meta.dim,
		Chunks:        int(db.st.meta.chunks),
		Papers:        len(db.st.papers),
		Path:          db.path,
	}
	if fi, err := os.Stat(db.path); err == nil {
		info.Bytes = fi.Size()
	}
	return info
}

// Refresh picks up what other processes committed since this DB last looked.
func (db *DB) Refresh(ctx context.Context) error {
	if err := db.usable(false); err != nil {
		return err
	}
	return db.withFile(ctx, false, func(b *bolt.DB) error { return db.syncWith(ctx, b) })
}

// DeletePaper removes every chunk of the paper; see Store.DeletePaper. An id
// with a version deletes only that version; deleting a paper that is not
// stored is not an error.
func (db *DB) DeletePaper(ctx context.Context, paperID string) error {
	if err := db.usable(true); err != nil {
		return err
	}
	base, v := splitVersion(paperID)
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
		return db.syncWith(ctx, b)
	})
	if err != nil {
		return fmt.Errorf("delete paper %s: %w", paperID, err)
	}
	return nil
}

// Close releases the in-memory index. The file is not held open between
// operations, so there is nothing to flush.
func (db *DB) Close() error {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.closed = true
	db.st = memState{}
	return nil
}

// paperOf is the paper a document belongs to: its "paper_id" metadata, else
// the id before "_chunk_", else the id itself.
func paperOf(d Document) string {
	if p := d.Metadata["paper_id"]; p != "" {
		return p
	}
	if i := strings.LastIndex(d.ID, "_chunk_"); i > 0 {
		return d.ID[:i]
	}
	return d.ID
}

// splitVersion splits "2301.01234v2" into ("2301.01234", 2) and
// "cs/0112004v1" into ("cs/0112004", 1); an id without a version has version
// 0. (The arxiv package has the same rule; this package does not know arXiv.)
func splitVersion(id string) (string, int) {
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

// dotRaw is the dot product of q with a little-endian float32 vector.
func dotRaw(q []float32, raw []byte) float64 {
	v := make([]float32, len(q))
	decodeFloats(v, raw)
	return embedDot(q, v)
}

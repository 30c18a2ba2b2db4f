package vectordb

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"time"

	"github.com/gtrag/gtrag/text"
	bolt "go.etcd.io/bbolt"
)

// addItem is one document of an Add, with what the upsert rules need to know.
type addItem struct {
	doc      Document
	paperID  string // full paper id, "2301.01234v2"
	base     string // "2301.01234"
	version  int
	vec      []float32 // unit vector, empty for a zero vector; nil until embedded
	embedded bool
	// whole marks the documents as all of their paper's chunks: the
	// stored ones are replaced even in the same version (ReplacePaper).
	whole bool
}

// errNoChange rolls back a write transaction that found nothing to write, so
// that a no-op Add neither bumps the generation nor syncs the disk.
var errNoChange = errors.New("no change")

// needVectors rolls back a write transaction that found documents to write
// whose vectors were not computed (another process changed them since the
// read-only plan); the caller embeds them and tries again.
type needVectors struct{ items []int }

func (needVectors) Error() string { return "documents changed since planned; vectors needed" }

// txWriter applies upserts and deletions inside one write transaction and
// keeps every derived structure (postings, paper records, counters, deletion
// log) in step with the documents.
type txWriter struct {
	path     string
	tx       *bolt.Tx
	meta     metaInfo
	docs     *bolt.Bucket
	slots    *bolt.Bucket
	holes    *bolt.Bucket
	papers   *bolt.Bucket
	chunks   *bolt.Bucket
	postings *bolt.Bucket
	dellog   *bolt.Bucket
	paperRec map[string]*paperRecord // read-through cache, written back by finish
	existed  map[string]bool         // whether the paper was stored before this transaction
	changed  bool
	keepDels uint64    // deletion log length that triggers pruning
	addedBy  *string   // provenance label of papers first stored here; nil records none
	now      time.Time // commit time recorded as their AddedAt
	// added lists, by full id, the papers upsert wrote that the store did
	// not hold in that version or a newer one when the transaction began:
	// the papers this transaction added (DB.AddPapers).
	added []string

	// Puts wait here until finish, which writes each bucket's in key order.
	// bbolt keeps every key a transaction adds to a page in one in-memory
	// node until commit, and inserting into the middle of that node moves
	// everything after it: 100k unsorted puts into a fresh bucket took two
	// minutes, sorted ones a fraction of a second.
	puts map[*bolt.Bucket][]keyValue

	firstNew    uint64               // docnum of newVecs[0]: the next docnum when the transaction began
	newVecs     [][]float32          // vectors of inserted documents, by docnum from firstNew
	postBlocks  map[string][]posting // posting blocks changed, by key
	newPostings map[string][]posting // postings of inserted documents, by term
}

type keyValue struct{ k, v []byte }

func (w *txWriter) put(b *bolt.Bucket, k, v []byte) {
	w.puts[b] = append(w.puts[b], keyValue{k, v})
}

func newTxWriter(tx *bolt.Tx, m metaInfo, path string) *txWriter {
	w := &txWriter{
		path:     path,
		tx:       tx,
		meta:     m,
		docs:     tx.Bucket(bucketDocs),
		slots:    tx.Bucket(bucketSlots),
		holes:    tx.Bucket(bucketHoles),
		papers:   tx.Bucket(bucketPapers),
		chunks:   tx.Bucket(bucketPaperChunks),
		postings: tx.Bucket(bucketPostings),
		dellog:   tx.Bucket(bucketDelLog),
		paperRec: map[string]*paperRecord{},
		existed:  map[string]bool{},
		keepDels: delLogKeep,
		puts:     map[*bolt.Bucket][]keyValue{},

		firstNew:    m.nextDoc,
		postBlocks:  map[string][]posting{},
		newPostings: map[string][]posting{},
	}
	// Docnums and deletion sequences only grow: pack those pages full. The
	// other buckets mostly grow at the end of key ranges too (new arXiv ids
	// are larger, new postings go after a term's last block), where bbolt's
	// default half-full split would leave every page half empty.
	w.slots.FillPercent = 1
	w.dellog.FillPercent = 1
	for _, b := range []*bolt.Bucket{w.docs, w.papers, w.chunks, w.postings} {
		b.FillPercent = 0.9
	}
	return w
}

// paper returns the cached record of a paper, nil when none is stored.
func (w *txWriter) paper(base string) (*paperRecord, error) {
	if p, ok := w.paperRec[base]; ok {
		return p, nil
	}
	var p *paperRecord
	if v := w.papers.Get([]byte(base)); v != nil {
		rec, err := decodePaperRecord(v)
		if err != nil {
			return nil, &CorruptError{Path: w.path, Err: fmt.Errorf("paper %s: %w", base, err)}
		}
		p = &rec
	}
	w.paperRec[base] = p
	w.existed[base] = p != nil && p.Chunks > 0
	return p, nil
}

// upsert applies the upsert rules (see DB.Add) to items: it deletes what a
// newer version or a changed document replaces and inserts the documents to
// write, returning how many those are. A document to write that has no
// vector yet is passed to need instead. With dry set nothing is changed:
// the read-only plan uses it to find the documents to embed.
//
// A paper some of whose documents it inserts, and that the transaction
// found stored in no version (or with no chunks) or in an older one, goes
// to w.added: the decision is the write transaction's own, so of two
// processes adding the same paper only the one that writes it counts it.
func (w *txWriter) upsert(items []addItem, dry bool, need func(i int)) (int, error) {
	written := 0
	for _, g := range groupByPaper(items) {
		stored, err := w.paper(g.base)
		if err != nil {
			return 0, err
		}
		newest := 0
		for _, i := range g.items {
			newest = max(newest, items[i].version)
		}
		if stored != nil && newest < stored.Version {
			// An older version than stored is ignored: arXiv versions only
			// grow, so this is a stale copy (an old feed, a replayed file).
			continue
		}
		replace := stored != nil && (newest > stored.Version || items[g.items[0]].whole)
		// Whether the store held this version before: read now, as the
		// deletions and inserts below change the record in place.
		had := stored != nil && stored.Chunks > 0 && !replace
		inserted := false
		if replace && !dry {
			if err := w.deletePaper(g.base); err != nil {
				return 0, err
			}
			// A fresh record: the new documents' metadata is what they
			// share (insert), whatever the old version's was.
			w.paperRec[g.base] = nil
		}
		for _, i := range g.items {
			it := &items[i]
			if it.version < newest {
				continue
			}
			if !replace {
				v := w.docs.Get([]byte(it.doc.ID))
				if v != nil {
					rec, err := decodeDocRecord(v)
					if err != nil {
						return 0, &CorruptError{Path: w.path, Err: fmt.Errorf("document %s: %w", it.doc.ID, err)}
					}
					var shared map[string]string
					if stored != nil {
						shared = stored.Shared
					}
					if rec.PaperID == it.paperID && rec.Content == it.doc.Content && maps.Equal(rec.fullMetadata(shared), it.doc.Metadata) {
						continue
					}
					if !dry {
						if err := w.deleteDoc(it.doc.ID, rec); err != nil {
							return 0, err
						}
					}
				}
			}
			if !it.embedded {
				need(i)
				continue
			}
			written++
			if !dry {
				if err := w.insert(it); err != nil {
					return 0, err
				}
				inserted = true
			}
		}
		if inserted && !had {
			// The record insert made for this version names the paper.
			w.added = append(w.added, w.paperRec[g.base].ID)
		}
	}
	return written, nil
}

// insert writes one new document under a fresh docnum: its record, its
// slot (the vector itself goes to the vector file in finish), its postings.
// The first document of a paper version sets the metadata the paper's
// documents share; each document stores only how it differs.
func (w *txWriter) insert(it *addItem) error {
	if len(it.vec) > 0 {
		if w.meta.dim == 0 {
			w.meta.dim = len(it.vec)
		}
	}
	p, err := w.paper(it.base)
	if err != nil {
		return err
	}
	if p == nil || p.Version != it.version {
		p = &paperRecord{Version: it.version, ID: it.paperID, Shared: maps.Clone(it.doc.Metadata)}
		w.paperRec[it.base] = p
	}
	p.Chunks++

	doc := w.meta.nextDoc
	w.meta.nextDoc++
	own, dropped := splitMetadata(it.doc.Metadata, p.Shared)
	rec := docRecord{DocNum: doc, PaperID: it.paperID, Content: it.doc.Content, Metadata: own, Dropped: dropped}
	w.put(w.docs, []byte(it.doc.ID), rec.encode())
	w.newVecs = append(w.newVecs, it.vec)
	w.put(w.slots, u64(doc), slotRecord{ID: it.doc.ID, Base: it.base, HasVector: len(it.vec) > 0}.encode())
	if len(it.vec) == 0 {
		w.put(w.holes, u64(doc), []byte{})
	}
	w.put(w.chunks, paperChunkKey(it.base, it.doc.ID), []byte{})
	terms, length := termFreqs(it.doc.Content)
	for _, t := range terms {
		w.newPostings[t.term] = append(w.newPostings[t.term], posting{doc: doc, tf: t.tf, len: length})
	}
	w.meta.totalLen += uint64(length)
	w.meta.chunks++
	w.changed = true
	return nil
}

// deleteDoc removes one document and everything derived from it, and logs
// the deletion for other processes' in-memory indexes.
func (w *txWriter) deleteDoc(id string, rec docRecord) error {
	base, _ := SplitVersion(rec.PaperID)
	if err := w.docs.Delete([]byte(id)); err != nil {
		return fmt.Errorf("delete document %s: %w", id, err)
	}
	if err := w.slots.Delete(u64(rec.DocNum)); err != nil {
		return fmt.Errorf("delete slot of %s: %w", id, err)
	}
	if err := w.holes.Put(u64(rec.DocNum), []byte{}); err != nil {
		return fmt.Errorf("record the hole of %s: %w", id, err)
	}
	if err := w.chunks.Delete(paperChunkKey(base, id)); err != nil {
		return fmt.Errorf("delete paper index of %s: %w", id, err)
	}
	terms, length := termFreqs(rec.Content)
	for _, t := range terms {
		if err := w.removePosting(t.term, rec.DocNum); err != nil {
			return err
		}
	}
	w.meta.totalLen -= min(w.meta.totalLen, uint64(length))
	w.meta.chunks -= min(w.meta.chunks, 1)
	w.meta.delSeq++
	if err := w.dellog.Put(u64(w.meta.delSeq), encodeDelRecord(id, base)); err != nil {
		return fmt.Errorf("log deletion of %s: %w", id, err)
	}
	p, err := w.paper(base)
	if err != nil {
		return err
	}
	if p != nil && p.Chunks > 0 {
		p.Chunks--
	}
	w.changed = true
	return nil
}

// postingBlock returns the postings of the block with key k (base docnum
// base), as changed in this transaction or as stored.
func (w *txWriter) postingBlock(k []byte, base uint64) ([]posting, error) {
	if ps, ok := w.postBlocks[string(k)]; ok {
		return ps, nil
	}
	ps, err := decodePostings(nil, base, w.postings.Get(k))
	if err != nil {
		return nil, &CorruptError{Path: w.path, Err: fmt.Errorf("postings block %q: %w", k, err)}
	}
	return ps, nil
}

// lastBlockAtOrBefore finds the posting block of term whose base is the
// largest not above doc; ok is false when the term has none.
func (w *txWriter) lastBlockAtOrBefore(term string, doc uint64) (key []byte, base uint64, ok bool) {
	prefix := postingPrefix(term)
	c := w.postings.Cursor()
	want := postingBlockKey(term, doc)
	k, _ := c.Seek(want)
	if k == nil {
		k, _ = c.Last()
	} else if !bytes.Equal(k, want) {
		k, _ = c.Prev()
	}
	if k == nil || len(k) != len(prefix)+8 || !bytes.HasPrefix(k, prefix) {
		return nil, 0, false
	}
	return bytes.Clone(k), getU64(k[len(prefix):]), true
}

// removePosting drops doc from term's postings.
func (w *txWriter) removePosting(term string, doc uint64) error {
	k, base, ok := w.lastBlockAtOrBefore(term, doc)
	if !ok {
		return nil
	}
	ps, err := w.postingBlock(k, base)
	if err != nil {
		return err
	}
	out := ps[:0:0]
	for _, p := range ps {
		if p.doc != doc {
			out = append(out, p)
		}
	}
	w.postBlocks[string(k)] = out
	return nil
}

// appendPostings adds the postings of inserted documents: their docnums are
// above every stored one, so they fill the term's last block and then new
// blocks.
func (w *txWriter) appendPostings() error {
	for _, term := range slices.Sorted(maps.Keys(w.newPostings)) {
		ps := w.newPostings[term]
		if k, base, ok := w.lastBlockAtOrBefore(term, math.MaxUint64); ok {
			cur, err := w.postingBlock(k, base)
			if err != nil {
				return err
			}
			if room := postingBlockMax - len(cur); room > 0 {
				n := min(room, len(ps))
				w.postBlocks[string(k)] = append(cur[:len(cur):len(cur)], ps[:n]...)
				ps = ps[n:]
			}
		}
		for len(ps) > 0 {
			n := min(postingBlockMax, len(ps))
			w.postBlocks[string(postingBlockKey(term, ps[0].doc))] = ps[:n]
			ps = ps[n:]
		}
	}
	return nil
}

// deletePaper removes every chunk of a paper.
func (w *txWriter) deletePaper(base string) error {
	prefix := paperChunkKey(base, "")
	var ids []string
	c := w.chunks.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		ids = append(ids, string(k[len(prefix):]))
	}
	for _, id := range ids {
		v := w.docs.Get([]byte(id))
		if v == nil {
			continue
		}
		rec, err := decodeDocRecord(v)
		if err != nil {
			return &CorruptError{Path: w.path, Err: fmt.Errorf("document %s: %w", id, err)}
		}
		if err := w.deleteDoc(id, rec); err != nil {
			return err
		}
	}
	if p, err := w.paper(base); err != nil {
		return err
	} else if p != nil {
		p.Chunks = 0
		w.changed = true
	}
	return nil
}

// finish writes the paper records and the meta bucket, bumps the generation
// and prunes the deletion log when it has grown long.
func (w *txWriter) finish() error {
	if err := w.appendPostings(); err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(w.postBlocks)) {
		ps := w.postBlocks[k]
		var err error
		if len(ps) == 0 {
			err = w.postings.Delete([]byte(k))
		} else {
			err = w.postings.Put([]byte(k), encodePostings(getU64([]byte(k[len(k)-8:])), ps))
		}
		if err != nil {
			return fmt.Errorf("write postings: %w", err)
		}
	}
	for b, kvs := range w.puts {
		slices.SortFunc(kvs, func(a, b keyValue) int { return bytes.Compare(a.k, b.k) })
		for _, kv := range kvs {
			if err := b.Put(kv.k, kv.v); err != nil {
				return fmt.Errorf("write %d records: %w", len(kvs), err)
			}
		}
	}
	for base, p := range w.paperRec {
		var err error
		stored := p != nil && p.Chunks > 0
		switch {
		case p == nil:
			continue
		case p.Chunks == 0:
			err = w.papers.Delete([]byte(base))
		default:
			err = w.papers.Put([]byte(base), p.encode())
		}
		if err != nil {
			return fmt.Errorf("write paper %s: %w", base, err)
		}
		switch {
		case stored && !w.existed[base]:
			w.meta.papers++
		case !stored && w.existed[base]:
			w.meta.papers -= min(w.meta.papers, 1)
		}
	}
	if err := w.writeProvenance(); err != nil {
		return err
	}
	if w.meta.delSeq-w.meta.delBase > w.keepDels {
		// Readers behind the new base reload fully; everyone else only ever
		// reads entries after their own position.
		c := w.dellog.Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.First() {
			if err := c.Delete(); err != nil {
				return fmt.Errorf("prune deletion log: %w", err)
			}
		}
		w.meta.delBase = w.meta.delSeq
	}
	// The vectors are durable before the commit that makes their docnums
	// visible (vecfile.go), and their checksums commit with the docnums
	// (vecsum.go).
	dir := filepath.Dir(w.path)
	written, err := writeVectors(dir, w.meta.compact, w.meta.dim, w.firstNew, w.newVecs, w.fullCheck)
	if err != nil {
		var ce *CorruptError
		var bad errSlotSum
		switch {
		case errors.As(err, &bad):
			return asDamagedSlot(w.tx, dir, err)
		case errors.As(err, &ce):
			return err
		}
		return fmt.Errorf("store %s: %w", w.path, err)
	}
	for _, ws := range written {
		if err := putSums(w.tx, ws.sf.tag, w.firstNew, ws.sums); err != nil {
			return err
		}
	}
	w.meta.gen++
	w.meta.writer = writerVersion()
	return writeMeta(w.tx, w.meta)
}

// fullCheck is the slotChecker of the float32 file as this transaction
// sees it: its checksums, and its holes, whose slots Compact may have
// zeroed. The checksums are copied out of the transaction, which writes
// to their bucket afterwards.
func (w *txWriter) fullCheck() (slotChecker, error) {
	sums, err := loadSums(w.tx, fullFile.tag, w.path)
	if err != nil {
		return nil, err
	}
	sums = sums.cloned()
	holes := newHoleSet(w.firstNew)
	err = w.holes.ForEach(func(k, _ []byte) error {
		if len(k) != 8 {
			return &CorruptError{Path: w.path, Err: fmt.Errorf("hole key %x", k)}
		}
		holes.add(getU64(k))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return func(doc uint64, slot []byte) bool { return holes.has(doc) || sums.check(doc, slot) }, nil
}

type paperGroup struct {
	base  string
	items []int
}

// groupByPaper groups item indexes by paper base id, in order of first
// appearance.
func groupByPaper(items []addItem) []paperGroup {
	var groups []paperGroup
	at := map[string]int{}
	for i, it := range items {
		g, ok := at[it.base]
		if !ok {
			g = len(groups)
			at[it.base] = g
			groups = append(groups, paperGroup{base: it.base})
		}
		groups[g].items = append(groups[g].items, i)
	}
	return groups
}

type postingTerm struct {
	term string
	tf   int
}

// termFreqs tokenizes content for the postings: its distinct terms with
// their frequencies, and its length in terms.
func termFreqs(content string) ([]postingTerm, int) {
	toks := text.Tokenize(content)
	if len(toks) == 0 {
		return nil, 0
	}
	counts := make(map[string]int, len(toks))
	for _, t := range toks {
		counts[t]++
	}
	out := make([]postingTerm, 0, len(counts))
	for t, n := range counts {
		out = append(out, postingTerm{t, n})
	}
	return out, len(toks)
}

// unitVector scales v to length one; a zero or non-finite vector becomes empty
// (stored without a vector, found only lexically, scored 0).
// It works on a copy: the slice belongs to the embedder.
func unitVector(v []float32) []float32 {
	out := slices.Clone(v)
	if !embedUnit(out) {
		return []float32{}
	}
	return out
}

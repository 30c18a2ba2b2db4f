package vectordb

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// StoredPaper is one stored paper as its records describe it, without its
// chunks' text: what `gtrag papers list` and `papers rm` need.
type StoredPaper struct {
	ID     string // with its version, as Papers lists it
	Chunks int
	// Metadata is the full metadata of the paper's first chunk (the lowest
	// chunk index): the paper's shared metadata (title, authors, …) as that
	// chunk carries it, so exactly what Documents hands out for it.
	Metadata map[string]string
	// Provenance is zero when the store has no record (see PaperProvenance).
	Provenance Provenance
}

// paperPage is how many paper records EachPaper reads in one read
// transaction: the shared file lock is taken and released once per page, so
// a writer waits at most for one page (a few milliseconds), never for the
// caller's output.
var paperPage = 1024

// EachPaper calls fn with every stored paper, sorted by id (the full id, as
// Papers sorts), reading the paper records and one chunk record per paper —
// never all the chunks, so its memory does not grow with the store.
//
// The records are read a page at a time, each page in its own read
// transaction, and fn runs between them with no lock held: fn may be slow
// (a pipe to a pager) without keeping writers out, and may call the DB. The
// price is that the listing is not one snapshot: a paper added or removed
// while it runs may be listed or not, but each paper listed is whole as of
// its page. An error from fn stops the listing and is returned as is.
//
// Records are keyed by base id, and a base sorts before its extensions
// ("2301.0123" < "2301.01234") while with versions the order can flip
// ("2301.01234v1" < "2301.0123v1"): bases that extend the one before them
// are held back and sorted together, which for arXiv ids (fixed length per
// scheme) is never more than one paper.
func (db *DB) EachPaper(ctx context.Context, fn func(StoredPaper) error) error {
	return db.eachPaper(ctx, false, func(p pagedPaper) error { return fn(p.StoredPaper) })
}

// EachPaperDocuments is EachPaper with every chunk of each paper, in chunk
// order with full metadata (as PaperDocuments returns them): what an
// export needs. A page holds at most about paperPageChunks chunks, so
// memory stays flat however many chunks the store has.
func (db *DB) EachPaperDocuments(ctx context.Context, fn func(StoredPaper, []Document) error) error {
	return db.eachPaper(ctx, true, func(p pagedPaper) error { return fn(p.StoredPaper, p.docs) })
}

// eachPaper walks the paper records a page at a time, in id order, with
// the papers' chunks when withDocs is set.
func (db *DB) eachPaper(ctx context.Context, withDocs bool, fn func(pagedPaper) error) error {
	if err := db.usable(false); err != nil {
		return err
	}
	var (
		after     []byte       // last base read; nil before the first page
		group     []pagedPaper // papers whose bases extend group[0]'s
		groupBase string
	)
	flush := func() error {
		slices.SortFunc(group, func(a, b pagedPaper) int { return strings.Compare(a.ID, b.ID) })
		for _, p := range group {
			// Checked per paper, not per page: fn may be slow (an export
			// to a pipe), and Ctrl-C should not wait out a page of it.
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(p); err != nil {
				return err
			}
		}
		group = group[:0]
		return nil
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		page, last, err := db.paperPage(ctx, after, withDocs)
		if err != nil {
			return err
		}
		for _, p := range page {
			if len(group) > 0 && !strings.HasPrefix(p.base, groupBase) {
				if err := flush(); err != nil {
					return err
				}
			}
			if len(group) == 0 {
				groupBase = p.base
			}
			group = append(group, p)
		}
		if last == nil {
			return flush()
		}
		after = last
	}
}

// LookupPaper returns the paper stored under base, an id without its
// version ("2301.01234" finds 2301.01234v2; split a versioned id with
// SplitVersion first), whatever its stored version: the caller decides
// whether that version is the one it asked for. It reads one paper record,
// one chunk record and one provenance record.
func (db *DB) LookupPaper(ctx context.Context, base string) (StoredPaper, bool, error) {
	if err := db.usable(false); err != nil {
		return StoredPaper{}, false, err
	}
	var (
		out StoredPaper
		ok  bool
	)
	err := db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, _ metaInfo) error {
			v := tx.Bucket(bucketPapers).Get([]byte(base))
			if v == nil {
				return nil
			}
			var err error
			out, _, ok, err = db.storedPaper(tx, base, v, false)
			return err
		})
	})
	if err != nil {
		return StoredPaper{}, false, err
	}
	return out, ok, nil
}

// pagedPaper is a StoredPaper with the key of its record, and its chunks
// when they were asked for.
type pagedPaper struct {
	base string
	StoredPaper
	docs []Document
}

// paperPageChunks bounds the chunks EachPaperDocuments reads in one page:
// a page ends after the paper that reaches it (some 15 MB of 120-word
// chunks).
var paperPageChunks = 10000

// paperPage reads the stored papers of up to paperPage records whose bases
// sort after after (from the first when after is nil), in base order, with
// their chunks (up to about paperPageChunks) when withDocs is set. last is
// the key of the last record read when there may be more, nil at the end.
func (db *DB) paperPage(ctx context.Context, after []byte, withDocs bool) (page []pagedPaper, last []byte, err error) {
	err = db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, _ metaInfo) error {
			page, last = nil, nil
			c := tx.Bucket(bucketPapers).Cursor()
			k, v := c.First()
			if after != nil {
				if k, v = c.Seek(after); k != nil && bytes.Equal(k, after) {
					k, v = c.Next()
				}
			}
			for n, chunks := 0, 0; k != nil; k, v = c.Next() {
				if n == paperPage || chunks >= paperPageChunks {
					return nil
				}
				n++
				p, docs, ok, err := db.storedPaper(tx, string(k), v, withDocs)
				if err != nil {
					return err
				}
				if ok {
					page = append(page, pagedPaper{string(k), p, docs})
					chunks += len(docs)
				}
				last = bytes.Clone(k)
			}
			last = nil // the end of the bucket
			return nil
		})
	})
	return page, last, err
}

// storedPaper builds the StoredPaper of the paper record v of base: its
// first chunk's metadata and its provenance, and with withDocs all its
// chunks. A record without chunks (not stored) gives false.
func (db *DB) storedPaper(tx *bolt.Tx, base string, v []byte, withDocs bool) (StoredPaper, []Document, bool, error) {
	rec, err := decodePaperRecord(v)
	if err != nil {
		return StoredPaper{}, nil, false, &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", base, err)}
	}
	if rec.Chunks == 0 {
		return StoredPaper{}, nil, false, nil
	}
	p := StoredPaper{ID: rec.ID, Chunks: rec.Chunks, Metadata: rec.Shared}
	var docs []Document
	if withDocs {
		if docs, err = db.paperChunks(tx, base, rec.Shared); err != nil {
			return StoredPaper{}, nil, false, err
		}
		if len(docs) > 0 {
			p.Metadata = docs[0].Metadata
		}
	} else {
		first, err := db.firstChunk(tx, base, rec.Shared)
		if err != nil {
			return StoredPaper{}, nil, false, err
		}
		if first != nil {
			p.Metadata = first.fullMetadata(rec.Shared)
		}
	}
	if bk := tx.Bucket(bucketProvenance); bk != nil {
		if pv := bk.Get([]byte(base)); pv != nil {
			if p.Provenance, err = decodeProvenance(pv); err != nil {
				return StoredPaper{}, nil, false, &CorruptError{Path: db.path, Err: fmt.Errorf("provenance of %s: %w", base, err)}
			}
		}
	}
	return p, docs, true, nil
}

// firstChunk is the record of the paper's chunk with the lowest chunk
// index (the first of them in key order), nil if it has none. The
// paper_chunks keys sort by chunk id, and "…_chunk_0" sorts before every
// other index, so the first key is the one almost always; when it is not
// chunk 0 every chunk of the paper is read to find the lowest.
func (db *DB) firstChunk(tx *bolt.Tx, base string, shared map[string]string) (*docRecord, error) {
	var best *docRecord
	bestIndex := 0
	err := db.eachChunk(tx, base, func(id []byte, rec docRecord) bool {
		i := chunkIndex(Document{Metadata: rec.fullMetadata(shared)})
		if best == nil || i < bestIndex {
			best, bestIndex = &rec, i
		}
		return bestIndex != 0
	})
	return best, err
}

// paperChunks returns every chunk of the paper, in chunk order (ties in
// key order, so the first is firstChunk's), with full metadata.
func (db *DB) paperChunks(tx *bolt.Tx, base string, shared map[string]string) ([]Document, error) {
	var docs []Document
	err := db.eachChunk(tx, base, func(id []byte, rec docRecord) bool {
		docs = append(docs, Document{ID: string(id), Content: rec.Content, Metadata: rec.fullMetadata(shared)})
		return true
	})
	slices.SortStableFunc(docs, func(a, b Document) int { return chunkIndex(a) - chunkIndex(b) })
	return docs, err
}

// eachChunk calls fn with the id and record of each chunk of the paper, in
// key order, while fn returns true.
func (db *DB) eachChunk(tx *bolt.Tx, base string, fn func(id []byte, rec docRecord) bool) error {
	docs := tx.Bucket(bucketDocs)
	prefix := paperChunkKey(base, "")
	c := tx.Bucket(bucketPaperChunks).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		id := k[len(prefix):]
		v := docs.Get(id)
		if v == nil {
			continue
		}
		rec, err := decodeDocRecord(v)
		if err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("document %s: %w", id, err)}
		}
		if !fn(id, rec) {
			return nil
		}
	}
	return nil
}

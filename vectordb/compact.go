package vectordb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// Compaction, and why it punches holes instead of renumbering.
//
// A deleted or replaced document leaves its slot in the vector files as a
// hole: slots are addressed by docnum and never rewritten, which is what
// keeps every committed state of store.db, the older one a rollback returns
// to included, consistent with the vector files (vecfile.go). A scan skips
// holes by docnum without reading them, so they cost no time warm; what
// they cost is disk, page cache read ahead on a cold scan, and backups.
//
// Closing the gaps by moving slots down would renumber documents: every
// docs, slots and postings record rewritten in one transaction (at a
// million chunks, most of a 1.5 GB file held dirty in memory until the
// commit), and a new vector file swapped in by name in step with it. Compact
// instead gives the holes' disk blocks back to the file system with
// fallocate(FALLOC_FL_PUNCH_HOLE): offsets stay, the file's length stays,
// the blocks are freed and read back as zeros, and no byte of a live slot is
// written.
//
// It is safe because no committed state can still need a hole's bytes:
// Compact first commits a transaction of its own (it bumps the generation),
// so both of bbolt's meta pages, the current state and the one a rollback
// would return to, come after every deletion whose slots it punches. Only
// whole file-system blocks inside a run of consecutive holes are punched; a
// block shared with a live slot is left alone, so a crash mid-punch cannot
// tear a live vector. Everything runs under the exclusive lock, so no query
// is scanning meanwhile. A crash before the punches are synced loses some of
// them, which the next Compact redoes.

// CompactResult says what Compact did.
type CompactResult struct {
	// Holes is the number of deleted documents' slots in the vector files.
	Holes int `json:"holes"`
	// Reclaimed is how many bytes of disk the vector files gave back to
	// the file system; 0 when an earlier Compact already did.
	Reclaimed int64 `json:"reclaimed_bytes"`
}

// Compact gives the disk space of deleted documents' vectors back to the
// file system (see the comment at the top of compact.go). It changes no
// document, ranking or docnum, and is idempotent. It returns
// ErrCompactUnsupported, with nothing changed but the generation, where the
// operating system or the file system cannot punch holes.
func (db *DB) Compact(ctx context.Context) (CompactResult, error) {
	var res CompactResult
	if err := db.usable(true); err != nil {
		return res, err
	}
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		var m metaInfo
		err := db.inTx(b, true, func(tx *bolt.Tx, cur metaInfo) error {
			m = cur
			m.gen++
			return writeMeta(tx, m)
		})
		if err != nil {
			return fmt.Errorf("commit before compaction: %w", err)
		}
		var holes []uint64
		err = b.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucketHoles).ForEach(func(k, _ []byte) error {
				if len(k) != 8 {
					return &CorruptError{Path: db.path, Err: fmt.Errorf("hole key %x", k)}
				}
				holes = append(holes, getU64(k)) // keys are big-endian: ascending
				return nil
			})
		})
		if err != nil {
			return err
		}
		res.Holes = len(holes)
		if len(holes) == 0 || m.dim == 0 {
			return nil
		}
		files := []slotFile{fullFile}
		if m.compact {
			files = append(files, compactFile)
		}
		for _, sf := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			n, err := sf.punchHoles(db.dir, m.dim, m.nextDoc, holes)
			res.Reclaimed += n
			if err != nil {
				return err
			}
		}
		// Info's DeletedSinceCompact counts from here: stats no longer
		// sends the user to a compact that has nothing left to do.
		return db.inTx(b, true, func(tx *bolt.Tx, cur metaInfo) error {
			cur.compacted = uint64(len(holes))
			return writeMeta(tx, cur)
		})
	})
	if err != nil {
		return res, fmt.Errorf("compact store %s: %w", db.path, err)
	}
	return res, nil
}

// ErrCompactUnsupported is Compact's error where holes cannot be punched in
// the vector files (an operating system other than Linux, or a file system
// without FALLOC_FL_PUNCH_HOLE).
var ErrCompactUnsupported = errors.New("this file system cannot give parts of a file back (fallocate PUNCH_HOLE); nothing was reclaimed")

// punchHoles frees the whole file-system blocks of sf in dir that lie inside
// runs of consecutive hole slots (holes ascending, all below nextDoc), syncs
// the file and returns the bytes of disk freed.
func (sf slotFile) punchHoles(dir string, dim int, nextDoc uint64, holes []uint64) (int64, error) {
	path := filepath.Join(dir, sf.name)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return 0, fmt.Errorf("open vector file: %w", err)
	}
	defer f.Close()
	block, before, err := fileBlocks(f)
	if err != nil {
		return 0, fmt.Errorf("stat vector file %s: %w", path, err)
	}
	for i := 0; i < len(holes); {
		j := i
		for j+1 < len(holes) && holes[j+1] == holes[j]+1 {
			j++
		}
		first, last := holes[i], holes[j]
		i = j + 1
		if first < 1 || last >= nextDoc {
			return 0, &CorruptError{Path: path, Err: fmt.Errorf("hole %d..%d outside slots 1..%d", first, last, nextDoc-1)}
		}
		start := roundUp(sf.offset(first, dim), block)
		end := sf.offset(last+1, dim) / block * block
		if end <= start {
			continue
		}
		if err := punch(f, start, end-start); err != nil {
			return 0, fmt.Errorf("free slots %d..%d of %s: %w", first, last, path, err)
		}
	}
	if err := f.Sync(); err != nil {
		return 0, fmt.Errorf("sync vector file %s: %w", path, err)
	}
	_, after, err := fileBlocks(f)
	if err != nil {
		return 0, fmt.Errorf("stat vector file %s: %w", path, err)
	}
	return max(0, before-after), nil
}

func roundUp(n, to int64) int64 { return (n + to - 1) / to * to }

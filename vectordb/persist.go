package vectordb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/gtrag/gtrag/internal/version"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// lockPoll is how long one attempt to take the file lock waits before the
// next check of the context and the deadline.
const lockPoll = 100 * time.Millisecond

// withFile opens the bbolt file for one operation, runs fn and closes it
// again, so that this process holds the file lock (shared for reads,
// exclusive for writes) only while it works. Waiting for another process is
// announced once on the wait writer and bounded by the lock timeout.
//
// bbolt panics on some damaged pages and a truncated file faults when a page
// past its end is touched; both become a *CorruptError naming the file.
func (db *DB) withFile(ctx context.Context, write bool, fn func(b *bolt.DB) error) (err error) {
	if write {
		db.fileMu.Lock()
		defer db.fileMu.Unlock()
	} else {
		db.fileMu.RLock()
		defer db.fileMu.RUnlock()
	}
	b, err := db.openFile(ctx, write)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := b.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close store %s: %w", db.path, cerr)
		}
	}()
	defer func() {
		if r := recover(); r != nil {
			if !panicFromFile(r) {
				panic(r)
			}
			err = &CorruptError{Path: db.path, Err: fmt.Errorf("%v", r)}
		}
	}()
	// A fault while reading the memory map is a damaged file, not a bug in
	// this process: turn it into a panic that the recover above handles.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))

	if err := checkSize(b, db.path); err != nil {
		return err
	}
	return fn(b)
}

// inTx runs fn in one transaction of b (a write transaction when write is
// set) with the store's meta as committed. The embedder check is left to
// the callers that embed: DeletePaper and Refresh must work whatever the
// embedder, and Query checks only the dimension of its query vector.
func (db *DB) inTx(b *bolt.DB, write bool, fn func(tx *bolt.Tx, m metaInfo) error) error {
	run := b.View
	if write {
		run = b.Update
	}
	return run(func(tx *bolt.Tx) error {
		m, err := readMeta(tx, db.path)
		if err != nil {
			return err
		}
		return fn(tx, m)
	})
}

// panicFromFile reports whether a recovered panic says the file is damaged:
// a memory fault in the map (SetPanicOnFault), or a panic raised inside
// bbolt, which asserts on inconsistent pages. Anything else is a bug here and
// keeps panicking. Call it from the deferred function that recovered.
func panicFromFile(r any) bool {
	if _, ok := r.(interface{ Addr() uintptr }); ok {
		return true
	}
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	afterPanic := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			afterPanic = true
		case afterPanic && !strings.HasPrefix(f.Function, "runtime."):
			return strings.HasPrefix(f.Function, "go.etcd.io/bbolt")
		}
		if !more {
			return false
		}
	}
}

// checkSize refuses a file shorter than its own meta page says it is (a
// truncated copy), before any page past the end is read.
func checkSize(b *bolt.DB, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("stat store %s: %w", path, err)
	}
	return b.View(func(tx *bolt.Tx) error {
		if fi.Size() < tx.Size() {
			return &CorruptError{Path: path, Err: fmt.Errorf("file is %d bytes, its header says %d: truncated", fi.Size(), tx.Size())}
		}
		return nil
	})
}

// LockedError is an operation's error when another process held the store
// longer than the lock timeout (LockTimeout).
type LockedError struct {
	Path   string
	Waited time.Duration
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("store %s is locked by another gtrag process (waited %s); try again when it has finished", e.Path, e.Waited)
}

// openFile takes the file lock, waiting for other processes up to the lock
// timeout.
func (db *DB) openFile(ctx context.Context, write bool) (*bolt.DB, error) {
	deadline := time.Now().Add(db.opt.lockTimeout)
	announced := false
	for {
		b, err := openBolt(db.path, !db.opt.acceptRollback, &bolt.Options{
			ReadOnly:     !write,
			Timeout:      lockPoll,
			NoStatistics: true,
		})
		if err == nil {
			return b, nil
		}
		if !errors.Is(err, berrors.ErrTimeout) {
			return nil, db.openError(err, write)
		}
		if !announced && db.opt.wait != nil {
			announced = true
			if write {
				fmt.Fprintf(db.opt.wait, "store %s is in use by another gtrag process; waiting…\n", db.path)
			} else {
				fmt.Fprintf(db.opt.wait, "store %s is being written by another gtrag process; waiting…\n", db.path)
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("wait for store %s: %w", db.path, err)
		}
		if time.Now().After(deadline) {
			return nil, &LockedError{Path: db.path, Waited: db.opt.lockTimeout}
		}
	}
}

// openBolt is bolt.Open for files that may be damaged. Opening for writing
// loads the freelist page, and bbolt panics when that page is not one; such
// a panic (or a fault in the memory map) becomes a *CorruptError. bbolt has
// locked the file by then and gives no handle to close, so the file it
// opened is unlocked and closed here: otherwise every later operation of
// this process would wait for a lock nobody releases. (Its memory map stays
// until the process exits; closing the file does not release the lock
// while the map is there, hence the explicit unlock.)
//
// With checkMeta set it also refuses, with a *RollbackError, a file whose
// newer meta page is damaged (rollback.go), checked under the lock bbolt
// has just taken.
func openBolt(path string, checkMeta bool, opts *bolt.Options) (b *bolt.DB, err error) {
	var f *os.File
	opts.OpenFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		var err error
		f, err = os.OpenFile(name, flag, perm)
		return f, err
	}
	defer func() {
		if r := recover(); r != nil {
			if !panicFromFile(r) {
				panic(r)
			}
			if f != nil {
				unlockFile(f)
				_ = f.Close()
			}
			b, err = nil, &CorruptError{Path: path, Err: fmt.Errorf("%v", r)}
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	b, err = bolt.Open(path, 0o644, opts)
	if err != nil || !checkMeta {
		return b, err
	}
	if err := checkMetaPages(f, path); err != nil {
		_ = b.Close()
		return nil, err
	}
	return b, nil
}

// openError turns bbolt's open errors into messages that say what to do.
func (db *DB) openError(err error, write bool) error {
	var corrupt *CorruptError
	var rollback *RollbackError
	switch {
	case errors.As(err, &corrupt), errors.As(err, &rollback):
		return err // from openBolt, already naming the file
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return &CorruptError{Path: db.path, Err: err}
	case strings.HasPrefix(err.Error(), "file size too small"):
		// bbolt's only word for a file cut inside its second meta page; it
		// has no sentinel error for it.
		return &CorruptError{Path: db.path, Err: fmt.Errorf("%w: truncated", err)}
	case write && errors.Is(err, syscall.EROFS):
		return fmt.Errorf("store %s is on a read-only file system (%w); remount it read-write", db.path, err)
	case write && errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("store %s is not writable (%w); fix its permissions", db.path, err)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("store %s is not readable (%w); fix its permissions", db.path, err)
	}
	return fmt.Errorf("open store %s: %w", db.path, err)
}

// metaInfo is the decoded meta bucket.
type metaInfo struct {
	format   int
	spec     string
	dim      int
	writer   string
	gen      uint64
	nextDoc  uint64
	delSeq   uint64
	delBase  uint64
	chunks   uint64
	totalLen uint64
	papers   uint64
	compact  bool // a float16 copy of the vectors is kept (CompactFileName)
	// compacted is how many hole slots there were when Compact last
	// finished: the deleted slots since are the ones it would reclaim.
	compacted uint64
	// seedPending: see SeedPending. Written by create and cleared by
	// MarkSeeded only; writeMeta leaves it as it is.
	seedPending bool
}

// errUninitialized is a bbolt file without any bucket: a store whose
// creation was interrupted before its first commit.
var errUninitialized = errors.New("store not initialised")

func readMeta(tx *bolt.Tx, path string) (metaInfo, error) {
	b := tx.Bucket(bucketMeta)
	if b == nil {
		if k, _ := tx.Cursor().First(); k == nil {
			return metaInfo{}, errUninitialized
		}
		return metaInfo{}, &CorruptError{Path: path, Err: errors.New("no meta bucket")}
	}
	m := metaInfo{
		format:   int(getU64(b.Get(metaFormat))),
		spec:     string(b.Get(metaEmbedder)),
		dim:      int(getU64(b.Get(metaDim))),
		writer:   string(b.Get(metaWriter)),
		gen:      getU64(b.Get(metaGen)),
		nextDoc:  getU64(b.Get(metaNextDoc)),
		delSeq:   getU64(b.Get(metaDelSeq)),
		delBase:  getU64(b.Get(metaDelBase)),
		chunks:   getU64(b.Get(metaChunks)),
		totalLen: getU64(b.Get(metaTotalTerm)),
		papers:   getU64(b.Get(metaPapers)),
		compact:  string(b.Get(metaCompact)) == "f16",

		compacted: getU64(b.Get(metaCompacted)),

		seedPending: b.Get(metaSeedPending) != nil,
	}
	if m.format == 0 {
		return m, &CorruptError{Path: path, Err: errors.New("no format version recorded")}
	}
	if m.format != FormatVersion {
		return m, &FormatError{Path: path, Found: m.format, Writer: m.writer, Readable: FormatVersion}
	}
	for _, name := range allBuckets {
		if tx.Bucket(name) == nil {
			return m, &CorruptError{Path: path, Err: fmt.Errorf("bucket %q missing", name)}
		}
	}
	return m, nil
}

func writeMeta(tx *bolt.Tx, m metaInfo) error {
	b := tx.Bucket(bucketMeta)
	for _, kv := range []struct {
		k []byte
		v []byte
	}{
		{metaFormat, u64(uint64(m.format))},
		{metaEmbedder, []byte(m.spec)},
		{metaDim, u64(uint64(m.dim))},
		{metaWriter, []byte(m.writer)},
		{metaGen, u64(m.gen)},
		{metaNextDoc, u64(m.nextDoc)},
		{metaDelSeq, u64(m.delSeq)},
		{metaDelBase, u64(m.delBase)},
		{metaChunks, u64(m.chunks)},
		{metaTotalTerm, u64(m.totalLen)},
		{metaPapers, u64(m.papers)},
		{metaCompacted, u64(m.compacted)},
	} {
		if err := b.Put(kv.k, kv.v); err != nil {
			return err
		}
	}
	if m.compact {
		return b.Put(metaCompact, []byte("f16"))
	}
	return b.Delete(metaCompact)
}

// create makes the buckets and meta of a new store. Two processes may race
// to create the same store: the exclusive lock orders them and the second
// finds the meta already there.
func (db *DB) create(ctx context.Context) error {
	if db.emb == nil {
		return fmt.Errorf("create store %s: no embedder given", db.path)
	}
	created := false
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		return b.Update(func(tx *bolt.Tx) error {
			created = false
			for _, name := range allBuckets {
				if _, err := tx.CreateBucketIfNotExists(name); err != nil {
					return err
				}
			}
			if tx.Bucket(bucketMeta).Get(metaFormat) != nil {
				return nil
			}
			created = true
			if db.opt.seedPending {
				if err := tx.Bucket(bucketMeta).Put(metaSeedPending, []byte{1}); err != nil {
					return err
				}
			}
			return writeMeta(tx, metaInfo{
				format:  FormatVersion,
				spec:    db.emb.Spec(),
				dim:     db.emb.Dim(),
				writer:  writerVersion(),
				nextDoc: 1,
				compact: !db.opt.fullOnly,
			})
		})
	})
	if err == nil && created {
		db.created = true
	}
	return err
}

// memState is what a DB holds in memory: the meta as of the last sync and,
// once HasPaper or Papers needed them, the paper records. Queries need
// nothing in memory: they scan the vector file and read the postings inside
// their own transaction, so opening a store reads its meta and nothing else,
// and a write does not keep any query index in step.
type memState struct {
	meta   metaInfo               // as of the last sync; nextDoc and delSeq mark how far papers is
	papers map[string]paperRecord // nil until needed
	loaded bool
}

// syncFrom brings the memory state up to the file as seen by tx: the meta,
// and the paper records if they are loaded, from the deletion log and the
// new docnums when the generation moved a little, dropped (to be reloaded
// when needed) otherwise. The caller holds db.mu.
func (db *DB) syncFrom(tx *bolt.Tx, m metaInfo) error {
	if db.closed {
		return fmt.Errorf("store %s is closed", db.path)
	}
	st := &db.st
	if st.loaded && m.gen == st.meta.gen {
		return nil
	}
	if !st.loaded || st.papers == nil || st.meta.delSeq < m.delBase || m.nextDoc < st.meta.nextDoc || m.delSeq < st.meta.delSeq {
		*st = memState{meta: m, loaded: true}
		return nil
	}
	affected := map[string]struct{}{}
	c := tx.Bucket(bucketDelLog).Cursor()
	for k, v := c.Seek(u64(st.meta.delSeq + 1)); k != nil; k, v = c.Next() {
		_, base, err := decodeDelRecord(v)
		if err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("deletion log entry %d: %w", getU64(k), err)}
		}
		affected[base] = struct{}{}
	}
	c = tx.Bucket(bucketSlots).Cursor()
	for k, v := c.Seek(u64(st.meta.nextDoc)); k != nil; k, v = c.Next() {
		s, err := decodeSlotRecord(v)
		if err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("slot %d: %w", getU64(k), err)}
		}
		affected[s.Base] = struct{}{}
	}
	papers := tx.Bucket(bucketPapers)
	for base := range affected {
		v := papers.Get([]byte(base))
		if v == nil {
			delete(st.papers, base)
			continue
		}
		p, d := decodePaperHead(v)
		if d.err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", base, d.err)}
		}
		st.papers[base] = p
	}
	st.meta = m
	return nil
}

// loadPapers replaces the memory state with the meta and every paper record
// in tx. The caller holds db.mu.
func (db *DB) loadPapers(tx *bolt.Tx, m metaInfo) error {
	papers := map[string]paperRecord{}
	err := tx.Bucket(bucketPapers).ForEach(func(k, v []byte) error {
		p, d := decodePaperHead(v)
		if d.err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", k, d.err)}
		}
		papers[string(k)] = p
		return nil
	})
	if err != nil {
		return err
	}
	db.st = memState{meta: m, papers: papers, loaded: true}
	return nil
}

// writerVersion is recorded in the file so that a FormatError can name the
// gtrag that wrote a store.
func writerVersion() string { return version.Version }

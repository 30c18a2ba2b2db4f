package vectordb

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"

	bolt "go.etcd.io/bbolt"
)

// bbolt keeps two meta pages, 0 and 1, and writes transaction t's to page
// t mod 2, so the newest commit and the one before it are always both on
// disk. When the newer page fails its checksum, bbolt silently opens the
// older one: the store goes back one commit — which for an ingest of 500
// papers in one batch is all of them — with no error, `bbolt check` finds
// nothing wrong, and the next write makes the loss permanent. A torn write
// cannot cause this (a meta page is far smaller than a disk sector and is
// fsynced before the commit returns), so a damaged newer meta page is
// damage, and the store refuses to be read or written until the user
// accepts the rollback (AcceptRollback) or restores a backup.

// RollbackError reports a store whose newest commit record is damaged, so
// that opening it would silently return to the commit before.
type RollbackError struct {
	Path      string
	Page      int    // the damaged meta page, 0 or 1
	Kept      uint64 // transaction id of the intact, older commit
	Damaged   uint64 // transaction id the damaged page claims (unreliable)
	PageValid bool   // whether the damaged page still reads as a meta page
}

func (e *RollbackError) Error() string {
	return fmt.Sprintf("store %s: its newest commit record (bbolt meta page %d) is damaged, so opening it would silently "+
		"go back to the commit before (transaction %d) and lose what the last write added; nothing was read or changed",
		e.Path, e.Page, e.Kept)
}

// bbolt's meta page: a 16-byte page header, then magic, version, page size,
// flags (uint32 each), root bucket (page, sequence), freelist page,
// high-water page, txid and an FNV-64a checksum of the fields before it
// (uint64 each), little-endian.
const (
	boltMagic       = 0xED0CDAED
	boltVersion     = 2
	boltPageHeader  = 16
	boltMetaTxid    = 48
	boltMetaSumFrom = 56
)

type boltMeta struct {
	valid    bool
	pageSize uint32
	txid     uint64
}

func parseBoltMeta(page []byte) boltMeta {
	if len(page) < boltPageHeader+boltMetaSumFrom+8 {
		return boltMeta{}
	}
	m := page[boltPageHeader:]
	le := binary.LittleEndian
	h := fnv.New64a()
	h.Write(m[:boltMetaSumFrom])
	return boltMeta{
		valid: le.Uint32(m) == boltMagic && le.Uint32(m[4:]) == boltVersion &&
			le.Uint64(m[boltMetaSumFrom:]) == h.Sum64(),
		pageSize: le.Uint32(m[8:]),
		txid:     le.Uint64(m[boltMetaTxid:]),
	}
}

// checkMetaPages returns a *RollbackError when the newer of the file's two
// meta pages is damaged. A damaged older page (its txid one below the
// intact one's) is harmless: bbolt overwrites it with the next commit. When
// the damaged page's txid is unreadable too, which of the two was newer
// cannot be told, and the store is refused: better a question than a loss.
func checkMetaPages(f *os.File, path string) error {
	buf := make([]byte, 64<<10)
	n, err := f.ReadAt(buf, 0)
	if n < boltPageHeader+64 {
		return fmt.Errorf("read meta pages of %s: %w", path, err)
	}
	buf = buf[:n]
	m0 := parseBoltMeta(buf)
	ps := int(m0.pageSize)
	if !m0.valid || ps < 512 || ps > len(buf)/2 {
		ps = os.Getpagesize() // what bbolt assumes when page 0 is unreadable
	}
	if len(buf) < 2*ps {
		return nil // bbolt has refused the file already
	}
	m1 := parseBoltMeta(buf[ps:])
	if m0.valid == m1.valid {
		return nil // both intact, or both damaged (bbolt fails to open)
	}
	good, bad, page := m0, m1, 1
	if m1.valid {
		good, bad, page = m1, m0, 0
	}
	if bad.txid+1 == good.txid {
		return nil
	}
	return &RollbackError{Path: path, Page: page, Kept: good.txid, Damaged: bad.txid}
}

// AcceptRollback makes a store whose newest commit record is damaged
// (*RollbackError) usable again at the commit before, deliberately: it
// commits an empty write on top of the intact older commit, which bbolt
// writes over the damaged page. What the lost commit added is gone; Info
// afterwards says what the store holds. A store without that damage is left
// as it is, and AcceptRollback reports false. Where there is no store file
// it creates nothing and its error wraps ErrNoStore.
func AcceptRollback(ctx context.Context, dir string, opts ...Option) (bool, error) {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	db := &DB{dir: dir, path: storePath(dir), opt: o}
	db.opt.acceptRollback = true
	if fi, err := os.Stat(db.path); errors.Is(err, fs.ErrNotExist) {
		// Opening the file below would create a store: there is nothing
		// to go back to.
		return false, fmt.Errorf("accept the rollback of %s: %w in %s (%w)", db.path, ErrNoStore, dir, err)
	} else if err != nil {
		return false, fmt.Errorf("accept the rollback of %s: %w", db.path, err)
	} else if fi.Size() == 0 {
		// An emptied file holds no commit to go back to, and bbolt would
		// make a new store of it, which the next command would seed.
		return false, &CorruptError{Path: db.path, Err: errors.New("it is empty: there is no commit to go back to; restore a backup")}
	}
	rolled := false
	err := db.withFile(ctx, true, func(b *bolt.DB) error {
		f, err := os.Open(db.path)
		if err != nil {
			return err
		}
		defer f.Close()
		var rb *RollbackError
		if err := checkMetaPages(f, db.path); !errors.As(err, &rb) {
			return err
		}
		return db.inTx(b, true, func(tx *bolt.Tx, m metaInfo) error {
			m.gen++
			m.writer = writerVersion()
			rolled = true
			return writeMeta(tx, m)
		})
	})
	if err != nil {
		return false, fmt.Errorf("accept the rollback of %s: %w", db.path, err)
	}
	return rolled, nil
}

package vectordb

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"
)

// Migration from older formats, run by Open under the exclusive lock. Each
// step reads the older layout and writes the newer one in one bbolt
// transaction: a crash or a failure leaves the store as it was, in the older
// format, and the next Open tries again. testdata/format1 holds a store
// written by the last format-1 gtrag; TestMigrateFormat1 opens a copy.

// migrate brings the store up to FormatVersion. Another process may have
// migrated it meanwhile: then there is nothing to do.
func (db *DB) migrate(ctx context.Context) error {
	return db.withFile(ctx, true, func(b *bolt.DB) error {
		return b.Update(func(tx *bolt.Tx) error {
			meta := tx.Bucket(bucketMeta)
			if meta == nil {
				return &CorruptError{Path: db.path, Err: errors.New("no meta bucket")}
			}
			switch f := getU64(meta.Get(metaFormat)); f {
			case FormatVersion:
				return nil
			case 1:
				if err := db.migrate1to2(tx); err != nil {
					return fmt.Errorf("upgrade store %s from format 1 to %d: %w", db.path, FormatVersion, err)
				}
				return ctx.Err()
			default:
				return fmt.Errorf("upgrade store %s: no migration from format %d", db.path, f)
			}
		})
	})
}

// migrate1to2 moves the vectors out of the "vecs" bucket into the vector
// file, records each docnum's slot and the holes, counts the papers and
// drops the bucket. Document and paper records are valid in both formats
// (format 1 shares no metadata), so they stay as they are.
func (db *DB) migrate1to2(tx *bolt.Tx) error {
	raw := tx.Bucket(bucketMeta)
	m := metaInfo{
		format:   2,
		spec:     string(raw.Get(metaEmbedder)),
		dim:      int(getU64(raw.Get(metaDim))),
		writer:   writerVersion(),
		compact:  !db.opt.fullOnly,
		gen:      getU64(raw.Get(metaGen)) + 1,
		nextDoc:  getU64(raw.Get(metaNextDoc)),
		delSeq:   getU64(raw.Get(metaDelSeq)),
		delBase:  getU64(raw.Get(metaDelBase)),
		chunks:   getU64(raw.Get(metaChunks)),
		totalLen: getU64(raw.Get(metaTotalTerm)),
	}
	old := tx.Bucket(bucketVecs)
	if old == nil || m.nextDoc == 0 {
		return &CorruptError{Path: db.path, Err: errors.New("format 1 store without vectors bucket or docnum counter")}
	}
	slots, err := tx.CreateBucketIfNotExists(bucketSlots)
	if err != nil {
		return err
	}
	holes, err := tx.CreateBucketIfNotExists(bucketHoles)
	if err != nil {
		return err
	}
	slots.FillPercent, holes.FillPercent = 1, 1

	dir := filepath.Dir(db.path)
	files := []slotFile{fullFile}
	if m.compact {
		files = append(files, compactFile)
	}
	var outs []*os.File
	for _, sf := range files {
		// Whatever is there is left from an interrupted migration.
		f, err := os.OpenFile(filepath.Join(dir, sf.name), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return fmt.Errorf("create vector file: %w", err)
		}
		defer f.Close()
		outs = append(outs, f)
	}
	dim := m.dim
	// Slots are written in docnum order, a batch at a time; a docnum with
	// no entry (deleted) or an empty vector is a hole of zeros.
	next := uint64(1)
	var batch [][]float32
	flush := func() error {
		if len(batch) == 0 || dim == 0 {
			return nil
		}
		first := next - uint64(len(batch))
		for i, sf := range files {
			sums, err := sf.writeTo(outs[i], dim, first, batch)
			if err != nil {
				return err
			}
			if err := putSums(tx, sf.tag, first, sums); err != nil {
				return err
			}
		}
		batch = batch[:0]
		return nil
	}
	hole := func(doc uint64) error {
		batch = append(batch, nil)
		return holes.Put(u64(doc), []byte{})
	}
	c := old.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var werr error
		err := walkVecBlock(getU64(k), v, func(e vecEntry) bool {
			if e.doc < next || e.doc >= m.nextDoc {
				werr = fmt.Errorf("vector of %s has docnum %d out of order", e.id, e.doc)
				return false
			}
			for ; next < e.doc; next++ {
				if werr = hole(next); werr != nil {
					return false
				}
			}
			var vec []float32
			if len(e.raw) > 0 {
				if len(e.raw) != 4*dim {
					werr = fmt.Errorf("vector of %s has %d dimensions, the store %d", e.id, len(e.raw)/4, dim)
					return false
				}
				vec = make([]float32, dim)
				for i := range vec {
					vec[i] = math.Float32frombits(binary.LittleEndian.Uint32(e.raw[4*i:]))
				}
			} else if werr = holes.Put(u64(e.doc), []byte{}); werr != nil {
				return false
			}
			if werr = slots.Put(u64(e.doc), slotRecord{ID: e.id, Base: e.base, HasVector: len(vec) > 0}.encode()); werr != nil {
				return false
			}
			batch = append(batch, vec)
			next++
			if len(batch) >= 4096 {
				werr = flush()
			}
			return werr == nil
		})
		if err != nil {
			return &CorruptError{Path: db.path, Err: fmt.Errorf("vector block %d: %w", getU64(k), err)}
		}
		if werr != nil {
			return werr
		}
	}
	for ; next < m.nextDoc; next++ {
		if err := hole(next); err != nil {
			return err
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if dim > 0 && m.nextDoc > 1 {
		if err := syncDir(dir); err != nil {
			return err
		}
	}
	m.papers = uint64(tx.Bucket(bucketPapers).Stats().KeyN)
	if err := tx.DeleteBucket(bucketVecs); err != nil {
		return err
	}
	return writeMeta(tx, m)
}

// bucketVecs is format 1's vector bucket.
var bucketVecs = []byte("vecs")

// In format 1 vectors are stored in blocks of vecBlockDocs consecutive
// docnums: key
// docnum/vecBlockDocs (8-byte big-endian), value the block's entries in
// docnum order, each uvarint(docnum − first docnum of the block), chunk id,
// paper base id, uvarint(byte length) and the unit vector as little-endian
// float32 (empty for a zero vector). One record per vector would put each
// 2 KiB vector (512 dims) on its own 4 KiB page, doubling the file and the
// bytes Open reads; blocks are stored on contiguous overflow pages instead.
// New docnums are always the largest, so an insert appends to the last block.
const vecBlockDocs = 32

// vecEntry is one decoded entry of a vector block; raw aliases the block.
type vecEntry struct {
	doc      uint64
	id, base string
	raw      []byte
}

// walkVecBlock calls fn for each entry of block number blk until fn returns
// false.
func walkVecBlock(blk uint64, v []byte, fn func(e vecEntry) bool) error {
	d := recDecoder{b: v}
	for len(d.b) > 0 {
		off := d.uvarint()
		id := d.string()
		base := d.string()
		n := d.uvarint()
		if d.err != nil || n > uint64(len(d.b)) || n%4 != 0 || off >= vecBlockDocs {
			return errShortRecord
		}
		raw := d.b[:n]
		d.b = d.b[n:]
		if !fn(vecEntry{doc: blk*vecBlockDocs + off, id: id, base: base, raw: raw}) {
			return nil
		}
	}
	return d.err
}

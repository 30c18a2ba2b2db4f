package vectordb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"unsafe"
)

// VectorFileName is the file beside StoreFileName that holds the vectors
// (format 2 on).
//
// Layout: a vecHeaderSize-byte header (the magic "gtragvec", a uint32 layout
// version and the uint32 dimension, little-endian, then zeros), then one
// slot per docnum from 1 on, each dim little-endian float32s: the unit
// vector, or zeros for a document without one. The slot of docnum d starts
// at vecHeaderSize + (d−1)·4·dim, so the file is an array that a query scans
// in place through a memory map, and with the header a multiple of the page
// size every vector is 4-byte aligned (64-byte aligned when 16 divides dim).
//
// The file only grows, and only under the store's exclusive lock. A write
// transaction writes its new documents' slots past the committed ones and
// fsyncs this file before bbolt commits the docnums that make them visible;
// a crash in between leaves slots that no committed state refers to, which
// the next writer overwrites. Slots are never rewritten once committed (a
// changed document gets a new docnum), so any committed state of the bbolt
// file, including an older one a rollback returns to, is consistent with
// the vector file. Deleted documents leave a hole (the holes bucket) until a
// compaction, which this version does not do: arXiv papers are replaced by
// new versions rarely enough that holes stay a small fraction.
const VectorFileName = "store.vec"

const (
	vecHeaderSize = 4096
	vecLayout     = 1
	vecMagic      = "gtragvec"
)

// vecOffset is the byte offset of docnum doc's slot.
func vecOffset(doc uint64, dim int) int64 {
	return vecHeaderSize + int64(doc-1)*4*int64(dim)
}

func vecHeader(dim int) []byte {
	h := make([]byte, vecHeaderSize)
	copy(h, vecMagic)
	binary.LittleEndian.PutUint32(h[8:], vecLayout)
	binary.LittleEndian.PutUint32(h[12:], uint32(dim))
	return h
}

// checkVecHeader reads the header at the start of b.
func checkVecHeader(b []byte, dim int) error {
	if len(b) < 16 || string(b[:8]) != vecMagic {
		return errors.New("not a gtrag vector file (bad header)")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != vecLayout {
		return fmt.Errorf("vector file layout %d, this gtrag reads %d", v, vecLayout)
	}
	if d := int(binary.LittleEndian.Uint32(b[12:])); d != dim {
		return fmt.Errorf("vector file has dimension %d, the store %d", d, dim)
	}
	return nil
}

// writeVectors writes the slots of docnums first, first+1, … (vecs[i] empty
// for a document without a vector) and fsyncs the file, creating it with
// its header when the store has no vector yet. The caller holds the
// exclusive lock and commits the docnums only after this returns.
func writeVectors(path string, dim int, first uint64, vecs [][]float32) error {
	if len(vecs) == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("open vector file: %w", err)
	}
	err = writeVectorsTo(f, dim, first, vecs)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close vector file: %w", cerr)
	}
	return err
}

func writeVectorsTo(f *os.File, dim int, first uint64, vecs [][]float32) error {
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("stat vector file: %w", err)
	}
	created := fi.Size() < vecHeaderSize
	if created {
		// New, or a creation cut short before its header was whole.
		if _, err := f.WriteAt(vecHeader(dim), 0); err != nil {
			return fmt.Errorf("write vector file header: %w", err)
		}
	} else {
		h := make([]byte, 16)
		if _, err := f.ReadAt(h, 0); err != nil {
			return fmt.Errorf("read vector file header: %w", err)
		}
		if err := checkVecHeader(h, dim); err != nil {
			return &CorruptError{Path: f.Name(), Err: err}
		}
	}
	buf := make([]byte, 0, 4*dim*len(vecs))
	for _, v := range vecs {
		if len(v) == 0 {
			buf = append(buf, make([]byte, 4*dim)...)
			continue
		}
		if len(v) != dim {
			return fmt.Errorf("vector of dimension %d in a store of dimension %d", len(v), dim)
		}
		for _, x := range v {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(x))
		}
	}
	if _, err := f.WriteAt(buf, vecOffset(first, dim)); err != nil {
		return fmt.Errorf("write %d vectors: %w", len(vecs), err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync vector file: %w", err)
	}
	if created {
		return syncDir(filepath.Dir(f.Name()))
	}
	return nil
}

// syncDir makes a new file's directory entry durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync data directory: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return fmt.Errorf("sync data directory: %w", err)
	}
	return nil
}

// vecView is the committed part of the vector file, mapped read-only:
// vecs holds slots 1..n, dim floats each.
type vecView struct {
	vecs  []float32
	dim   int
	n     uint64
	close func() error
}

// slot returns docnum doc's vector.
func (v *vecView) slot(doc uint64) []float32 {
	i := int(doc-1) * v.dim
	return v.vecs[i : i+v.dim : i+v.dim]
}

// openVectors maps the slots of docnums 1..nextDoc−1 of the vector file
// beside the store at path. A store with no vector yet has nothing to map.
func openVectors(storePath string, dim int, nextDoc uint64) (*vecView, error) {
	path := filepath.Join(filepath.Dir(storePath), VectorFileName)
	n := nextDoc - 1
	if dim == 0 || n == 0 {
		return &vecView{dim: dim, close: func() error { return nil }}, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &CorruptError{Path: path, Err: fmt.Errorf("the vector file is missing (the store has %d slots)", n)}
	}
	if err != nil {
		return nil, fmt.Errorf("open vector file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat vector file: %w", err)
	}
	size := vecOffset(nextDoc, dim)
	if fi.Size() < size {
		return nil, &CorruptError{Path: path, Err: fmt.Errorf("file is %d bytes, the store needs %d: truncated", fi.Size(), size)}
	}
	data, unmap, err := mapFile(f, int(size))
	if err != nil {
		return nil, fmt.Errorf("map vector file %s: %w", path, err)
	}
	if err := checkVecHeader(data, dim); err != nil {
		_ = unmap()
		return nil, &CorruptError{Path: path, Err: err}
	}
	body := data[vecHeaderSize:]
	var vecs []float32
	if nativeLittleEndian {
		vecs = unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(body))), len(body)/4)
	} else {
		vecs = make([]float32, len(body)/4)
		decodeFloats(vecs, body)
	}
	return &vecView{vecs: vecs, dim: dim, n: n, close: unmap}, nil
}

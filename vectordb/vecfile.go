package vectordb

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"github.com/gtrag/gtrag/internal/atomicfile"
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
// the vector file. Deleted documents leave a hole (the holes bucket): a
// scan skips it by docnum, and Compact gives its disk blocks back to the
// file system without moving any slot (compact.go says why).
//
// Each slot's CRC-32 is in store.db, committed with its docnum, and
// queries check the slots they read against it (vecsum.go).
const VectorFileName = "store.vec"

// CompactFileName is the float16 copy of the vector file that a store with
// compact vectors keeps beside it (the default for new stores; see
// CompactVectors): the same layout with 2-byte IEEE half-precision
// components, magic "gtragf16". A query scans it, half the bytes of the
// float32 file, and re-ranks its best candidates with the float32 vectors,
// so the ranking is the exact one (TestCompactVectorsRankExactly).
const CompactFileName = "store.f16"

const (
	vecHeaderSize = 4096
	vecLayout     = 1
)

// slotFile is one of the two vector files: its name, magic, bytes per
// component and the tag of its checksums in the vecsums bucket.
type slotFile struct {
	name  string
	magic string
	elem  int
	tag   byte
}

var (
	fullFile    = slotFile{VectorFileName, "gtragvec", 4, 'v'}
	compactFile = slotFile{CompactFileName, "gtragf16", 2, 'h'}
)

// slotBytes is the size of one slot.
func (sf slotFile) slotBytes(dim int) int { return sf.elem * dim }

// offset is the byte offset of docnum doc's slot.
func (sf slotFile) offset(doc uint64, dim int) int64 {
	return vecHeaderSize + int64(doc-1)*int64(sf.elem)*int64(dim)
}

func (sf slotFile) header(dim int) []byte {
	h := make([]byte, vecHeaderSize)
	copy(h, sf.magic)
	binary.LittleEndian.PutUint32(h[8:], vecLayout)
	binary.LittleEndian.PutUint32(h[12:], uint32(dim))
	return h
}

// checkHeader reads the header at the start of b.
func (sf slotFile) checkHeader(b []byte, dim int) error {
	if len(b) < 16 || string(b[:8]) != sf.magic {
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

// fileSums is the checksums of the slots writeVectors wrote to one file.
type fileSums struct {
	sf   slotFile
	sums []uint32
}

// slotChecker reports whether a slot of the float32 file (docnum, bytes)
// is intact: it matches its checksum, has none, or is a hole.
type slotChecker func(doc uint64, slot []byte) bool

// writeVectors writes the slots of docnums first, first+1, … (vecs[i] empty
// for a document without a vector) and fsyncs the file, creating it with
// its header when the store has no vector yet, and returns the checksums
// of the slots written, per file, for the caller to commit with the
// docnums. The caller holds the exclusive lock and commits the docnums
// only after this returns. fullCheck, called only when the float16 copy
// must be restored, checks the float32 slots it is restored from.
func writeVectors(dir string, compact bool, dim int, first uint64, vecs [][]float32, fullCheck func() (slotChecker, error)) ([]fileSums, error) {
	if len(vecs) == 0 {
		return nil, nil
	}
	files := []slotFile{fullFile}
	if compact {
		files = append(files, compactFile)
	}
	// The committed slots must all be there: a float32 file cut short, or
	// lost, has lost vectors, and writing the new slots past its end (or
	// into a new file) would fill the gap with zeros that read as vectors,
	// hiding the damage under a file of the right length.
	if err := checkVectorFile(dir, dim, first); err != nil {
		return nil, err
	}
	var out []fileSums
	for _, sf := range files {
		if sf == compactFile && first > 1 {
			if err := restoreCompact(dir, dim, first, fullCheck); err != nil {
				return nil, err
			}
		}
		f, err := os.OpenFile(filepath.Join(dir, sf.name), os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("open vector file: %w", err)
		}
		sums, err := sf.writeTo(f, dim, first, vecs)
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close vector file: %w", cerr)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, fileSums{sf, sums})
	}
	return out, nil
}

// restoreCompact writes the float16 copy of slots 1..next−1 anew from the
// float32 file when the copy is not whole (missing, cut short, or not a
// vector file): it is derived, and the float32 file has everything.
// Without it, the next write would create the copy with its new slots
// alone, or extend a cut one over a gap, the older slots reading as zero
// vectors, and queries' vector rankings would be silently wrong. The
// caller holds the exclusive lock.
//
// Each float32 slot is checked first (check, when not nil): the copy's
// slots convert the float32 ones bit for bit as the writes that made them
// did, so their checksums in store.db stay valid, and a damaged float32
// slot would make a copy that fails them. A failing slot is an errSlotSum
// of fullFile, and the copy is left as it was.
func restoreCompact(dir string, dim int, next uint64, check func() (slotChecker, error)) error {
	path := filepath.Join(dir, CompactFileName)
	if whole, err := compactWhole(path, dim, next); err != nil || whole {
		return err
	}
	vv, err := openVectors(filepath.Join(dir, StoreFileName), dim, next, false)
	if err != nil {
		return err
	}
	defer vv.close()
	intact := slotChecker(func(uint64, []byte) bool { return true })
	if check != nil {
		if intact, err = check(); err != nil {
			return err
		}
	}
	// What a restore killed before its rename left: one whole copy each,
	// not to pile up. No other restore runs (the caller's lock).
	stale, _ := filepath.Glob(filepath.Join(dir, CompactFileName+".*.tmp"))
	for _, name := range append(stale, path+".restore") { // .restore: older gtrag's
		_ = os.Remove(name)
	}
	err = atomicfile.WriteFunc(path, 0o644, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		if _, err := bw.Write(compactFile.header(dim)); err != nil {
			return err
		}
		buf := make([]byte, 0, compactFile.slotBytes(dim))
		for doc := uint64(1); doc < next; doc++ {
			if !intact(doc, vv.rawSlot(doc)) {
				return errSlotSum{fullFile, doc}
			}
			buf, err = compactFile.appendSlot(buf[:0], dim, vv.slot(doc))
			if err != nil {
				return err
			}
			if _, err := bw.Write(buf); err != nil {
				return err
			}
		}
		return bw.Flush()
	})
	var bad errSlotSum
	if errors.As(err, &bad) {
		return bad
	}
	if err != nil {
		return fmt.Errorf("restore %s: %w", CompactFileName, err)
	}
	return nil
}

// compactWhole reports whether the float16 copy at path holds a valid
// header and every slot up to next−1.
func compactWhole(path string, dim int, next uint64) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("open vector file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return false, fmt.Errorf("stat vector file: %w", err)
	}
	h := make([]byte, 16)
	if fi.Size() < compactFile.offset(next, dim) || fi.Size() < vecHeaderSize {
		return false, nil
	}
	if _, err := f.ReadAt(h, 0); err != nil {
		return false, fmt.Errorf("read vector file header: %w", err)
	}
	return compactFile.checkHeader(h, dim) == nil, nil
}

// appendSlot appends the bytes of one slot holding v (zeros when v is
// empty) to buf.
func (sf slotFile) appendSlot(buf []byte, dim int, v []float32) ([]byte, error) {
	if len(v) == 0 {
		return append(buf, make([]byte, sf.slotBytes(dim))...), nil
	}
	if len(v) != dim {
		return buf, fmt.Errorf("vector of dimension %d in a store of dimension %d", len(v), dim)
	}
	for _, x := range v {
		if sf.elem == 2 {
			buf = binary.LittleEndian.AppendUint16(buf, f32ToF16(x))
		} else {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(x))
		}
	}
	return buf, nil
}

// writeTo writes the slots of docnums first, first+1, … to f, fsyncs it
// and returns the slots' checksums.
func (sf slotFile) writeTo(f *os.File, dim int, first uint64, vecs [][]float32) ([]uint32, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat vector file: %w", err)
	}
	created := fi.Size() < vecHeaderSize
	if created {
		// New, or a creation cut short before its header was whole.
		if _, err := f.WriteAt(sf.header(dim), 0); err != nil {
			return nil, fmt.Errorf("write vector file header: %w", err)
		}
	} else {
		h := make([]byte, 16)
		if _, err := f.ReadAt(h, 0); err != nil {
			return nil, fmt.Errorf("read vector file header: %w", err)
		}
		if err := sf.checkHeader(h, dim); err != nil {
			return nil, &CorruptError{Path: f.Name(), Err: err}
		}
	}
	buf := make([]byte, 0, sf.slotBytes(dim)*len(vecs))
	for _, v := range vecs {
		if buf, err = sf.appendSlot(buf, dim, v); err != nil {
			return nil, err
		}
	}
	if _, err := f.WriteAt(buf, sf.offset(first, dim)); err != nil {
		return nil, fmt.Errorf("write %d vectors: %w", len(vecs), err)
	}
	if err := f.Sync(); err != nil {
		return nil, fmt.Errorf("sync vector file: %w", err)
	}
	if created {
		if err := syncDir(filepath.Dir(f.Name())); err != nil {
			return nil, err
		}
	}
	return slotSums(buf, sf.slotBytes(dim)), nil
}

// checkVectorFile reports a float32 vector file in dir that cannot hold
// the slots of docnums 1..nextDoc−1 of a store of dimension dim: missing,
// cut short, or not a vector file. It costs a stat and a 16-byte read,
// whatever the size of the store; the slots themselves are checked by the
// queries that read them (vecsum.go).
func checkVectorFile(dir string, dim int, nextDoc uint64) error {
	if dim == 0 || nextDoc <= 1 {
		return nil // no vector yet: the file is made with the first
	}
	path := filepath.Join(dir, VectorFileName)
	need := fullFile.offset(nextDoc, dim)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return vectorsLost(path, -1, need)
	}
	if err != nil {
		return fmt.Errorf("open vector file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		return fmt.Errorf("stat vector file: %w", err)
	case fi.IsDir():
		return &InTheWayError{Path: path}
	case fi.Size() < need:
		return vectorsLost(path, fi.Size(), need)
	}
	h := make([]byte, 16)
	if _, err := f.ReadAt(h, 0); err != nil {
		return fmt.Errorf("read vector file header: %w", err)
	}
	if err := fullFile.checkHeader(h, dim); err != nil {
		return &CorruptError{Path: path, Err: err, Fix: rebuildFix(filepath.Dir(path))}
	}
	return nil
}

// vectorsLost is the error of a float32 vector file at path of size bytes
// (−1: missing) where the store needs need: its vectors are lost, its
// documents are not.
func vectorsLost(path string, size, need int64) error {
	why := fmt.Errorf("file is %d bytes, the store needs %d: truncated", size, need)
	if size < 0 {
		why = fmt.Errorf("the vector file is missing; the store needs %d bytes of it", need)
	}
	return &CorruptError{Path: path, Err: why, Fix: rebuildFix(filepath.Dir(path))}
}

// rebuildFix is what to do about vectors lost from the float32 file of
// the store in dir: the documents in store.db are whole, and a copy of
// the store embeds every one of them again.
func rebuildFix(dir string) string {
	return fmt.Sprintf("rebuild the store from the documents in %s with `gtrag store copy --from %s --to NEWDIR` (every chunk is embedded again; then use NEWDIR), or restore a backup",
		StoreFileName, shellWord(dir))
}

// shellWord is s as one word of a POSIX shell command, so that a command
// suggested with a path in it works when copied: s as it is when it needs
// no quoting, else in single quotes ("/data/my kb" is '/data/my kb').
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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
// vecs holds slots 1..n, dim floats each, and raw their bytes in the file.
type vecView struct {
	vecs  []float32
	raw   []byte
	dim   int
	n     uint64
	close func() error
}

// slot returns docnum doc's vector.
func (v *vecView) slot(doc uint64) []float32 {
	i := int(doc-1) * v.dim
	return v.vecs[i : i+v.dim : i+v.dim]
}

// rawSlot returns docnum doc's bytes in the file.
func (v *vecView) rawSlot(doc uint64) []byte {
	i := int(doc-1) * 4 * v.dim
	return v.raw[i : i+4*v.dim : i+4*v.dim]
}

// vectorReader reads single float32 slots with pread, checking each
// against sums.
type vectorReader struct {
	f    *os.File
	dim  int
	n    uint64
	buf  []byte
	sums *sumRuns
}

// openVectorReader opens the float32 file for reading slots 1..nextDoc−1,
// checking that it holds them all.
func openVectorReader(storePath string, dim int, nextDoc uint64, sums *sumRuns) (*vectorReader, error) {
	path := filepath.Join(filepath.Dir(storePath), VectorFileName)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, vectorsLost(path, -1, fullFile.offset(nextDoc, dim))
	}
	if err != nil {
		return nil, fmt.Errorf("open vector file: %w", err)
	}
	fi, err := f.Stat()
	if err == nil && fi.Size() < fullFile.offset(nextDoc, dim) {
		err = vectorsLost(path, fi.Size(), fullFile.offset(nextDoc, dim))
	}
	h := make([]byte, 16)
	if err == nil {
		if _, err = f.ReadAt(h, 0); err == nil {
			if herr := fullFile.checkHeader(h, dim); herr != nil {
				err = &CorruptError{Path: path, Err: herr}
			}
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &vectorReader{f: f, dim: dim, n: nextDoc - 1, buf: make([]byte, 4*dim), sums: sums}, nil
}

// read returns slot doc's vector in dst (dim long); an errSlotSum when it
// fails its checksum.
func (r *vectorReader) read(doc uint64, dst []float32) ([]float32, error) {
	if doc < 1 || doc > r.n {
		return nil, fmt.Errorf("slot %d out of range 1..%d", doc, r.n)
	}
	if _, err := r.f.ReadAt(r.buf, fullFile.offset(doc, r.dim)); err != nil {
		return nil, fmt.Errorf("read vector %d: %w", doc, err)
	}
	if !r.sums.check(doc, r.buf) {
		return nil, errSlotSum{fullFile, doc}
	}
	decodeFloats(dst, r.buf)
	return dst, nil
}

// f16View is the committed part of the float16 copy, mapped read-only;
// raw is h's bytes in the file.
type f16View struct {
	h     []uint16
	raw   []byte
	dim   int
	n     uint64
	close func() error
}

func (v *f16View) slot(doc uint64) []uint16 {
	i := int(doc-1) * v.dim
	return v.h[i : i+v.dim : i+v.dim]
}

// rawSlot returns docnum doc's bytes in the file.
func (v *f16View) rawSlot(doc uint64) []byte {
	i := int(doc-1) * 2 * v.dim
	return v.raw[i : i+2*v.dim : i+2*v.dim]
}

// openVectors maps the slots of docnums 1..nextDoc−1 of the float32 vector
// file beside the store at storePath. A store with no vector yet has
// nothing to map.
//
// scan says whether the whole file will be scanned (see mapFile).
func openVectors(storePath string, dim int, nextDoc uint64, scan bool) (*vecView, error) {
	body, unmap, err := fullFile.mapSlots(filepath.Dir(storePath), dim, nextDoc, scan)
	if err != nil || body == nil {
		return &vecView{dim: dim, close: func() error { return nil }}, err
	}
	var vecs []float32
	if nativeLittleEndian {
		vecs = unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(body))), len(body)/4)
	} else {
		vecs = make([]float32, len(body)/4)
		decodeFloats(vecs, body)
	}
	return &vecView{vecs: vecs, raw: body, dim: dim, n: nextDoc - 1, close: unmap}, nil
}

// openCompact maps the float16 copy like openVectors.
func openCompact(storePath string, dim int, nextDoc uint64) (*f16View, error) {
	body, unmap, err := compactFile.mapSlots(filepath.Dir(storePath), dim, nextDoc, true)
	if err != nil || body == nil {
		return &f16View{dim: dim, close: func() error { return nil }}, err
	}
	var h []uint16
	if nativeLittleEndian {
		h = unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(body))), len(body)/2)
	} else {
		h = make([]uint16, len(body)/2)
		for i := range h {
			h[i] = binary.LittleEndian.Uint16(body[2*i:])
		}
	}
	return &f16View{h: h, raw: body, dim: dim, n: nextDoc - 1, close: unmap}, nil
}

// mapSlots maps the header and the slots of docnums 1..nextDoc−1 of the
// file in dir and returns the slots' bytes; nil when there are none.
func (sf slotFile) mapSlots(dir string, dim int, nextDoc uint64, scan bool) ([]byte, func() error, error) {
	path := filepath.Join(dir, sf.name)
	n := nextDoc - 1
	if dim == 0 || nextDoc <= 1 {
		return nil, nil, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) && sf == fullFile {
		return nil, nil, vectorsLost(path, -1, sf.offset(nextDoc, dim))
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, &CorruptError{Path: path, Err: fmt.Errorf("the vector file is missing (the store has %d slots)", n)}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open vector file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("stat vector file: %w", err)
	}
	size := sf.offset(nextDoc, dim)
	if fi.Size() < size && sf == fullFile {
		return nil, nil, vectorsLost(path, fi.Size(), size)
	}
	if fi.Size() < size {
		return nil, nil, &CorruptError{Path: path, Err: fmt.Errorf("file is %d bytes, the store needs %d: truncated", fi.Size(), size)}
	}
	data, unmap, err := mapFile(f, int(size), scan)
	if err != nil {
		return nil, nil, fmt.Errorf("map vector file %s: %w", path, err)
	}
	if err := sf.checkHeader(data, dim); err != nil {
		_ = unmap()
		return nil, nil, &CorruptError{Path: path, Err: err}
	}
	return data[vecHeaderSize:], unmap, nil
}

// f32ToF16 rounds f to the nearest IEEE 754 half-precision value (ties to
// even), with subnormals; out of range becomes ±Inf. Unit vectors'
// components lie in [−1, 1], where half precision keeps 11 significant
// bits.
func f32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	rawExp := (b >> 23) & 0xff
	mant := b & 0x7fffff
	if rawExp == 0xff {
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	exp := int(rawExp) - 127 + 15
	switch {
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		m := mant | 0x800000
		shift := uint(14 - exp)
		h := m >> shift
		rem, halfway := m&(1<<shift-1), uint32(1)<<(shift-1)
		if rem > halfway || rem == halfway && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | mant>>13
	if rem := mant & 0x1fff; rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++ // a carry into the exponent is the correct rounding
	}
	return sign | uint16(h)
}

// f16ToF32 is the exact float32 value of a half-precision number.
func f16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		e := uint32(127 - 15 + 1)
		for mant&0x400 == 0 {
			mant <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
}

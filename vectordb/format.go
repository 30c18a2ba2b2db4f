package vectordb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"unsafe"
)

// FormatVersion is the on-disk layout this build reads and writes. Bump it
// whenever a bucket, key or record changes shape, and teach Open to migrate
// (or to refuse with a FormatError) older layouts.
//
// Format 1 kept the vectors inside the bbolt file, in blocks of 32 entries
// of the "vecs" bucket, which every Open copied to the heap; format 2 keeps
// them in a flat file beside it (vecfile.go) that queries scan in place, and
// stores the metadata every chunk of a paper shares once, in the paper
// record. Open migrates a format-1 store (migrate.go).
const FormatVersion = 2

// StoreFileName is the single file a store keeps in its data directory.
const StoreFileName = "store.db"

// Buckets of the bbolt file. Every key and value layout is described here and
// nowhere else.
var (
	// meta: format, embedder, dim, writer and the counters below (8-byte
	// big-endian integers unless noted).
	bucketMeta = []byte("meta")
	// docs: chunk id → docRecord (docnum, paper id, content, metadata).
	bucketDocs = []byte("docs")
	// slots: docnum → slotRecord (chunk id, paper base id, whether it has a
	// vector). The docnum is also the document's slot in the vector file.
	// Docnums only grow, so a reader picks up new documents by scanning from
	// the last docnum it saw. A deleted document's entry is removed.
	bucketSlots = []byte("slots")
	// holes: docnum → empty, for every slot of the vector file that a
	// vector scan must skip: deleted documents and documents without a
	// vector. Queries read it whole, so it is kept small by design: only
	// deletions and replaced versions add to it.
	bucketHoles = []byte("holes")
	// papers: paper base id ("2301.01234", "cs/0112004") → paperRecord
	// (version, full id, chunk count, shared metadata).
	bucketPapers = []byte("papers")
	// paper_chunks: base id + 0x00 + chunk id → empty; a prefix scan lists a
	// paper's chunks for DeletePaper and upserts.
	bucketPaperChunks = []byte("paper_chunks")
	// postings: term + 0x00 + base docnum → a block of postings (docnum, term
	// frequency, document length); see postingBlockMax. A prefix scan over
	// one term yields its document frequency and everything BM25 needs.
	bucketPostings = []byte("postings")
	// dellog: deletion sequence (8-byte big-endian) → deletion record (chunk
	// id, paper base id); lets a long-lived reader drop what another process
	// deleted without reloading everything.
	bucketDelLog = []byte("dellog")
	// provenance: paper base id → when the paper was first stored and what
	// stored it (encodeProvenance in provenance.go). Not in allBuckets: a
	// store written before it existed lacks it, reads as having no
	// provenance, and gets it from its next write. Adding it needed no new
	// FormatVersion, since a format-2 gtrag without it ignores the bucket;
	// such an older writer does not drop the record of a paper it removes,
	// so a paper it removed and something re-added keeps the first label.
	bucketProvenance = []byte("provenance")
	// vecsums: file tag ('v' for VectorFileName, 'h' for CompactFileName)
	// + first docnum (8-byte big-endian) → the CRC-32 (IEEE) of each
	// slot from that docnum on, as written to that file: 4 bytes
	// little-endian per slot, up to sumsPerRun slots, runs not
	// overlapping. A slot in no run has no checksum (written before
	// checksums existed, or by a gtrag that predates them). Not in
	// allBuckets, and no new FormatVersion, as for provenance: an older
	// format-2 gtrag ignores it, and a store without it reads unchecked
	// (vecsum.go).
	bucketSums = []byte("vecsums")

	allBuckets = [][]byte{bucketMeta, bucketDocs, bucketSlots, bucketHoles, bucketPapers, bucketPaperChunks, bucketPostings, bucketDelLog}
)

// Keys of the meta bucket.
var (
	metaFormat    = []byte("format")     // uint64
	metaEmbedder  = []byte("embedder")   // spec string
	metaDim       = []byte("dim")        // uint64; 0 until the first vector is stored
	metaWriter    = []byte("written_by") // gtrag version of the last writer, for messages
	metaGen       = []byte("generation") // uint64, +1 per committed write
	metaNextDoc   = []byte("next_doc")   // uint64, next docnum to hand out (starts at 1)
	metaDelSeq    = []byte("del_seq")    // uint64, last dellog sequence written
	metaDelBase   = []byte("del_base")   // uint64, dellog entries ≤ this were pruned
	metaChunks    = []byte("chunks")     // uint64, documents stored
	metaTotalTerm = []byte("total_len")  // uint64, sum of document lengths (BM25 avgdl)
	metaPapers    = []byte("papers")     // uint64, papers stored (format 2)
	metaCompact   = []byte("compact")    // "f16" when the store keeps CompactFileName; absent otherwise
	// uint64, the hole slots there were when Compact last finished; absent
	// (0) before any. Older writers ignore it; holes only ever grow.
	metaCompacted = []byte("compacted_holes")
	// Present from the creation of a store opened with SeedPending until
	// MarkSeeded: the store was made to be filled (gtrag's primer) and has
	// not been yet. Older writers leave it alone.
	metaSeedPending = []byte("seed_pending")
)

// delLogKeep bounds the deletion log: once it holds more entries, a writer
// prunes it and readers that were further behind reload fully.
const delLogKeep = 1 << 16

// FormatError reports a store written in a layout this build cannot read.
type FormatError struct {
	Path     string
	Found    int    // format version in the file
	Writer   string // gtrag version that last wrote it, if recorded
	Readable int    // the format this build reads
}

func (e *FormatError) Error() string {
	by := ""
	if e.Writer != "" {
		by = fmt.Sprintf(" (written by gtrag %s)", e.Writer)
	}
	if e.Found < e.Readable {
		return fmt.Sprintf("store %s has format version %d%s, older than this gtrag's %d, and was opened read-only, "+
			"so it cannot be upgraded: open it once with write access", e.Path, e.Found, by, e.Readable)
	}
	return fmt.Sprintf("store %s has format version %d%s, but this gtrag reads format %d: "+
		"use a gtrag release that supports format %d (for example the one that wrote it), "+
		"or move the directory away and re-ingest", e.Path, e.Found, by, e.Readable, e.Found)
}

// MismatchError reports a store opened, or written to, with an embedder other
// than the one it was built with: its vectors would not be comparable. What
// to do about it (which flag to use) is the caller's to say.
type MismatchError struct {
	Dir         string
	StoredSpec  string
	StoredDim   int
	AskedSpec   string
	AskedDim    int // 0 when unknown
	DimMismatch bool
}

func (e *MismatchError) Error() string {
	if e.DimMismatch {
		return fmt.Sprintf("store at %s was built with embedder %q (dim %d); embedder %q returns vectors of dim %d",
			e.Dir, e.StoredSpec, e.StoredDim, e.AskedSpec, e.AskedDim)
	}
	return fmt.Sprintf("store at %s was built with embedder %q (dim %d); you asked for %q",
		e.Dir, e.StoredSpec, e.StoredDim, e.AskedSpec)
}

// CorruptError reports a store file that cannot be read back.
type CorruptError struct {
	Path string
	Err  error
	// Fix says what to do, when it is not the default: move the file
	// away (or restore a backup) and re-ingest.
	Fix string
}

func (e *CorruptError) Error() string {
	if e.Fix != "" {
		return fmt.Sprintf("store file %s is damaged (%v); %s", e.Path, e.Err, e.Fix)
	}
	return fmt.Sprintf("store file %s is damaged or not a gtrag store (%v); move it away (or restore a backup) and re-ingest", e.Path, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

var errShortRecord = errors.New("short record")

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

func getU64(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

// docRecord is the value of the docs bucket. The binary layout (uvarint
// lengths, metadata keys sorted) is only a little smaller than JSON (80 bytes
// of a 1,380-byte chunk record with the chunker's metadata, measured), but it
// decodes without reflection and without escaping rules.
//
// Metadata holds only what differs from the paper's shared metadata
// (paperRecord.Shared), and Dropped the shared keys the document lacks, so
// that a title is stored once per paper, not once per chunk; fullMetadata
// puts the two back together. A format-1 record is a format-2 record with
// nothing dropped, and a format-1 paper record shares nothing.
type docRecord struct {
	DocNum   uint64
	PaperID  string
	Content  string
	Metadata map[string]string
	Dropped  []string
}

func (r docRecord) encode() []byte {
	n := 10 + 5 + len(r.PaperID) + 5 + len(r.Content) + 5
	for k, v := range r.Metadata {
		n += 10 + len(k) + len(v)
	}
	b := make([]byte, 0, n)
	b = binary.AppendUvarint(b, r.DocNum)
	b = appendString(b, r.PaperID)
	b = appendString(b, r.Content)
	b = appendStringMap(b, r.Metadata)
	if len(r.Dropped) > 0 {
		b = binary.AppendUvarint(b, uint64(len(r.Dropped)))
		for _, k := range r.Dropped {
			b = appendString(b, k)
		}
	}
	return b
}

func decodeDocRecord(b []byte) (docRecord, error) {
	var r docRecord
	d := recDecoder{b: b}
	r.DocNum = d.uvarint()
	r.PaperID = d.string()
	r.Content = d.string()
	r.Metadata = d.stringMap()
	if len(d.b) > 0 && d.err == nil {
		n := d.uvarint()
		if n > uint64(len(b)) {
			return r, errShortRecord
		}
		for range n {
			r.Dropped = append(r.Dropped, d.string())
		}
	}
	return r, d.err
}

// splitMetadata returns what a record stores of md given the paper's shared
// metadata: the entries that differ, and the shared keys md lacks.
func splitMetadata(md, shared map[string]string) (own map[string]string, dropped []string) {
	for k, v := range md {
		if sv, ok := shared[k]; !ok || sv != v {
			if own == nil {
				own = map[string]string{}
			}
			own[k] = v
		}
	}
	for k := range shared {
		if _, ok := md[k]; !ok {
			dropped = append(dropped, k)
		}
	}
	slices.Sort(dropped)
	return own, dropped
}

// fullMetadata is the document's metadata: the paper's shared entries, less
// those it dropped, overridden by its own.
func (r docRecord) fullMetadata(shared map[string]string) map[string]string {
	if len(shared) == 0 {
		return r.Metadata
	}
	md := make(map[string]string, len(shared)+len(r.Metadata))
	maps.Copy(md, shared)
	for _, k := range r.Dropped {
		delete(md, k)
	}
	maps.Copy(md, r.Metadata)
	return md
}

func appendStringMap(b []byte, m map[string]string) []byte {
	b = binary.AppendUvarint(b, uint64(len(m)))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		b = appendString(b, k)
		b = appendString(b, m[k])
	}
	return b
}

// slotRecord is the value of the slots bucket.
type slotRecord struct {
	ID, Base  string
	HasVector bool
}

func (s slotRecord) encode() []byte {
	b := make([]byte, 0, 3+len(s.ID)+len(s.Base))
	b = appendString(appendString(b, s.ID), s.Base)
	if s.HasVector {
		return append(b, 1)
	}
	return append(b, 0)
}

func decodeSlotRecord(b []byte) (slotRecord, error) {
	d := recDecoder{b: b}
	s := slotRecord{ID: d.string(), Base: d.string()}
	if d.err == nil && len(d.b) != 1 {
		return s, errShortRecord
	}
	if d.err == nil {
		s.HasVector = d.b[0] == 1
	}
	return s, d.err
}

// decodeFloats fills dst (len(raw)/4 long) from little-endian float32 bytes.
func decodeFloats(dst []float32, raw []byte) {
	if nativeLittleEndian && len(dst) > 0 {
		// Same byte order as memory: one copy instead of a loop.
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 4*len(dst)), raw)
		return
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
}

var nativeLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// paperRecord is the value of the papers bucket. Shared is the metadata of
// the first document stored of this version of the paper; its documents
// store only how they differ (docRecord). It never changes while the record
// exists, since the documents' records are relative to it. Format-1 records
// end after Chunks and share nothing.
type paperRecord struct {
	Version int
	ID      string // full id with version as the documents carry it
	Chunks  int
	Shared  map[string]string
}

func (p paperRecord) encode() []byte {
	b := make([]byte, 0, 20+len(p.ID))
	b = binary.AppendUvarint(b, uint64(p.Version))
	b = appendString(b, p.ID)
	b = binary.AppendUvarint(b, uint64(p.Chunks))
	if len(p.Shared) > 0 {
		b = appendStringMap(b, p.Shared)
	}
	return b
}

func decodePaperRecord(b []byte) (paperRecord, error) {
	p, d := decodePaperHead(b)
	if len(d.b) > 0 && d.err == nil {
		p.Shared = d.stringMap()
	}
	return p, d.err
}

// decodePaperHead decodes a paper record without its shared metadata, for
// the in-memory paper list, which has no use for it.
func decodePaperHead(b []byte) (paperRecord, recDecoder) {
	d := recDecoder{b: b}
	p := paperRecord{Version: int(d.uvarint()), ID: d.string(), Chunks: int(d.uvarint())}
	return p, d
}

func encodeDelRecord(id, base string) []byte {
	b := make([]byte, 0, 10+len(id)+len(base))
	return appendString(appendString(b, id), base)
}

func decodeDelRecord(b []byte) (id, base string, err error) {
	d := recDecoder{b: b}
	id, base = d.string(), d.string()
	return id, base, d.err
}

// Postings are stored in blocks per term: key term + 0x00 + base docnum
// (8-byte big-endian), value uvarint(count) then count postings of
// uvarint(docnum − previous docnum, starting from the base), uvarint(term
// frequency), uvarint(document length in terms). A block holds at most
// postingBlockMax postings with docnums from its base up to the next block's
// base. Terms never hold 0x00 (text.Tokenize emits letters and digits), so a
// term's blocks are one contiguous key range, read by one prefix scan.
//
// One key per posting (term + docnum → tf) was the first layout: about 35
// bytes per posting on disk against 4 here, and a cursor step per posting at
// query time against a byte-slice decode.
const postingBlockMax = 128

type posting struct {
	doc     uint64
	tf, len int
}

func postingBlockKey(term string, base uint64) []byte {
	k := make([]byte, 0, len(term)+9)
	k = append(k, term...)
	k = append(k, 0)
	return binary.BigEndian.AppendUint64(k, base)
}

func postingPrefix(term string) []byte {
	return append([]byte(term), 0)
}

// postingCount is the number of postings in a block, read from its head.
func postingCount(v []byte) (int, error) {
	n, w := binary.Uvarint(v)
	if w <= 0 || n > uint64(len(v)) {
		return 0, errShortRecord
	}
	return int(n), nil
}

// decodePostings appends the postings of the block with key base to dst.
func decodePostings(dst []posting, base uint64, v []byte) ([]posting, error) {
	d := recDecoder{b: v}
	n := d.uvarint()
	if n > uint64(len(v)) {
		return dst, errShortRecord
	}
	doc := base
	for range n {
		doc += d.uvarint()
		tf := d.uvarint()
		dl := d.uvarint()
		dst = append(dst, posting{doc: doc, tf: int(tf), len: int(dl)})
	}
	return dst, d.err
}

func encodePostings(base uint64, ps []posting) []byte {
	b := make([]byte, 0, 1+4*len(ps))
	b = binary.AppendUvarint(b, uint64(len(ps)))
	prev := base
	for _, p := range ps {
		b = binary.AppendUvarint(b, p.doc-prev)
		b = binary.AppendUvarint(b, uint64(p.tf))
		b = binary.AppendUvarint(b, uint64(p.len))
		prev = p.doc
	}
	return b
}

func paperChunkKey(base, id string) []byte {
	k := make([]byte, 0, len(base)+1+len(id))
	k = append(k, base...)
	k = append(k, 0)
	return append(k, id...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// recDecoder reads uvarint-framed fields and remembers the first error, so that
// record decoders read straight through and check once.
type recDecoder struct {
	b   []byte
	err error
}

func (d *recDecoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errShortRecord
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *recDecoder) stringMap() map[string]string {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.err = errShortRecord
		return nil
	}
	if n == 0 {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		k := d.string()
		m[k] = d.string()
	}
	return m
}

func (d *recDecoder) string() string {
	n := d.uvarint()
	if d.err != nil {
		return ""
	}
	if n > uint64(len(d.b)) {
		d.err = errShortRecord
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

package vectordb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gtrag/gtrag/text"
	bolt "go.etcd.io/bbolt"
)

// Checksums of the vector slots.
//
// Every slot a writer puts in store.vec or store.f16 gets a CRC-32 (IEEE)
// of its bytes as written, stored in store.db's vecsums bucket
// (format.go) in the same transaction that commits the slot's docnum. A
// query checks every slot it reads against it: the scan of store.f16 (or of
// store.vec, in a store without the copy) each live slot it scores, the
// float32 re-ranking each slot it reads. A slot that fails is damage to
// the vector file, which queries report as a *CorruptError naming the file,
// the chunk and what to do, instead of ranking with it.
//
// Why per slot, and in store.db:
//
//   - Slots are written once and never rewritten (vecfile.go), so a slot's
//     checksum is computed once, from the buffer written, and stays valid;
//     an append computes the checksums of its own slots and nothing else.
//     A checksum per block of slots would have to be extended at every
//     append and recomputed when Compact zeroes holes inside the block;
//     per slot, a hole's checksum is simply never checked (scans skip
//     holes).
//   - In store.db, the checksums commit atomically with the docnums that
//     make the slots visible: the vector file is fsynced first, as before,
//     and a crash in between leaves checksums of no slot, exactly as it
//     leaves slots of no docnum. Any committed state, the one a rollback
//     returns to included, holds the checksums of exactly its slots, with
//     no third file to keep in step (or to copy and back up).
//   - Old stores open unchanged: a store written before checksums has no
//     vecsums bucket, and a slot without a checksum is read unchecked. The
//     bucket is made by the first write that needs it, without a new
//     FormatVersion (as the provenance bucket was), since a format-2 gtrag
//     that predates it ignores it. Slots that such a gtrag writes are left
//     without checksums, in the gaps between runs. Slots written before
//     the upgrade stay unchecked; `gtrag store copy` to a new directory
//     writes every slot anew, with checksums.
//
// Cost: 4 bytes of store.db per slot and file (8 with the float16 copy:
// 8 MB at a million chunks, against about 3 GB of vectors); a write puts
// its checksums in runs of sumsPerRun, read back and extended when the
// last run has room (at most 2 KiB); a query hashes every slot it scans,
// in the scan's loop while the slot is in the cache. The IEEE polynomial
// rather than Castagnoli (CRC-32C): Go computes it with carry-less
// multiplication on amd64, 23 GB/s per core on a 1-2 KiB slot against 13
// for CRC-32C on the development machine, which halved the cost of the
// check in BenchmarkScanChecked100k; arm64 has instructions for both.
// Either detects any damage of up to 32 consecutive bits and all but 1 in
// 2^32 of larger ones. See the package documentation for the figures.

// slotSum is the checksum of one slot's bytes.
func slotSum(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

// sumsPerRun bounds the checksums of one vecsums value (4 bytes each), so
// that an append reads and rewrites at most one small value.
const sumsPerRun = 512

// slotSums returns the checksum of each slot of slotBytes bytes in buf.
func slotSums(buf []byte, slotBytes int) []uint32 {
	sums := make([]uint32, 0, len(buf)/slotBytes)
	for off := 0; off+slotBytes <= len(buf); off += slotBytes {
		sums = append(sums, slotSum(buf[off:off+slotBytes]))
	}
	return sums
}

// sumKey is the vecsums key of the run of file tag that starts at docnum
// first.
func sumKey(tag byte, first uint64) []byte {
	k := make([]byte, 9)
	k[0] = tag
	binary.BigEndian.PutUint64(k[1:], first)
	return k
}

// putSums records sums as the checksums of slots first, first+1, … of the
// file with tag, in tx: it extends the file's run that ends at first when
// that has room, and starts runs at first otherwise. Runs at or past first
// (none, unless the bucket disagrees with the docnum counter) are dropped.
func putSums(tx *bolt.Tx, tag byte, first uint64, sums []uint32) error {
	if len(sums) == 0 {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketSums)
	if err != nil {
		return fmt.Errorf("write vector checksums: %w", err)
	}
	b.FillPercent = 1 // keys only grow
	c := b.Cursor()
	var stale [][]byte
	for k, _ := c.Seek(sumKey(tag, first)); k != nil && k[0] == tag; k, _ = c.Next() {
		stale = append(stale, bytes.Clone(k))
	}
	for _, k := range stale {
		if err := b.Delete(k); err != nil {
			return fmt.Errorf("write vector checksums: %w", err)
		}
	}
	var run []byte
	start := first
	c = b.Cursor()
	var v []byte
	k, _ := c.Seek(sumKey(tag, first))
	if k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if len(k) == 9 && k[0] == tag && len(v)%4 == 0 {
		if prev := binary.BigEndian.Uint64(k[1:]); prev+uint64(len(v)/4) == first && len(v)/4 < sumsPerRun {
			start, run = prev, bytes.Clone(v)
		}
	}
	for len(sums) > 0 {
		take := min(len(sums), sumsPerRun-len(run)/4)
		for _, s := range sums[:take] {
			run = binary.LittleEndian.AppendUint32(run, s)
		}
		if err := b.Put(sumKey(tag, start), run); err != nil {
			return fmt.Errorf("write vector checksums: %w", err)
		}
		sums = sums[take:]
		start += uint64(len(run) / 4)
		run = nil
	}
	return nil
}

// sumRun is the checksums of slots first, first+1, …: 4 bytes each,
// little-endian.
type sumRun struct {
	first uint64
	sums  []byte
}

func (r sumRun) end() uint64 { return r.first + uint64(len(r.sums)/4) }

// sumRuns is what a query checks one vector file's slots against: the
// file's runs in docnum order, their bytes still in the read transaction's
// memory map. A nil *sumRuns checks nothing.
type sumRuns struct{ runs []sumRun }

// loadSums reads the runs of the file with tag that tx holds; nil when
// there are none (a store written before checksums).
func loadSums(tx *bolt.Tx, tag byte, path string) (*sumRuns, error) {
	b := tx.Bucket(bucketSums)
	if b == nil {
		return nil, nil
	}
	var runs []sumRun
	c := b.Cursor()
	prefix := []byte{tag}
	for k, v := c.Seek(prefix); k != nil && k[0] == tag; k, v = c.Next() {
		if len(k) != 9 || len(v)%4 != 0 {
			return nil, &CorruptError{Path: path, Err: fmt.Errorf("vector checksum record %x of %d bytes", k, len(v))}
		}
		r := sumRun{first: binary.BigEndian.Uint64(k[1:]), sums: v}
		if n := len(runs); n > 0 && r.first < runs[n-1].end() {
			return nil, &CorruptError{Path: path, Err: fmt.Errorf("vector checksum runs overlap at slot %d", r.first)}
		}
		runs = append(runs, r)
	}
	if len(runs) == 0 {
		return nil, nil
	}
	return &sumRuns{runs: runs}, nil
}

// cloned is s with its bytes copied out of the transaction, for use in a
// write transaction that puts into vecsums meanwhile.
func (s *sumRuns) cloned() *sumRuns {
	if s == nil {
		return nil
	}
	out := &sumRuns{runs: slices.Clone(s.runs)}
	for i := range out.runs {
		out.runs[i].sums = bytes.Clone(out.runs[i].sums)
	}
	return out
}

// at returns slot doc's checksum, if it has one.
func (s *sumRuns) at(doc uint64) (uint32, bool) {
	if s == nil {
		return 0, false
	}
	i := sort.Search(len(s.runs), func(i int) bool { return s.runs[i].end() > doc })
	if i == len(s.runs) || doc < s.runs[i].first {
		return 0, false
	}
	r := s.runs[i]
	return binary.LittleEndian.Uint32(r.sums[4*(doc-r.first):]), true
}

// check reports whether slot doc's bytes match its checksum, or it has none.
func (s *sumRuns) check(doc uint64, slot []byte) bool {
	want, ok := s.at(doc)
	return !ok || slotSum(slot) == want
}

// sumCursor reads the checksums of ascending docnums without searching
// for each.
type sumCursor struct {
	runs []sumRun
	i    int
}

// cursor starts a sumCursor at docnum from.
func (s *sumRuns) cursor(from uint64) sumCursor {
	if s == nil {
		return sumCursor{}
	}
	i := sort.Search(len(s.runs), func(i int) bool { return s.runs[i].end() > from })
	return sumCursor{runs: s.runs, i: i}
}

// at is sumRuns.at for doc no smaller than the one asked before.
func (c *sumCursor) at(doc uint64) (uint32, bool) {
	for c.i < len(c.runs) && c.runs[c.i].end() <= doc {
		c.i++
	}
	if c.i == len(c.runs) || doc < c.runs[c.i].first {
		return 0, false
	}
	r := c.runs[c.i]
	return binary.LittleEndian.Uint32(r.sums[4*(doc-r.first):]), true
}

// errSlotSum is the report of a slot of sf that failed its checksum;
// asDamagedSlot turns it into the *CorruptError the caller sees.
type errSlotSum struct {
	sf  slotFile
	doc uint64
}

func (e errSlotSum) Error() string {
	return fmt.Sprintf("slot %d of %s does not match its checksum", e.doc, e.sf.name)
}

// asDamagedSlot turns an errSlotSum into the error a caller sees: it names
// the file in dir, the chunk (read in tx) and what to do, which differs by
// file: the float16 copy is derived from store.vec, store.vec is not. For
// store.vec it also counts the damage (damageOf): one paper's chunks are
// best removed and ingested again, but when the damage spans many papers
// (a file cut short and then written past, a bad disk) the store is
// better rebuilt from its documents. Any other error is returned as it is.
func asDamagedSlot(tx *bolt.Tx, dir string, err error) error {
	var bad errSlotSum
	if !errors.As(err, &bad) {
		return err
	}
	path := filepath.Join(dir, bad.sf.name)
	chunk := fmt.Sprintf("slot %d", bad.doc)
	paper := ""
	if s, ok := slotRecordOf(tx, bad.doc); ok {
		chunk = fmt.Sprintf("chunk %s (slot %d)", s.ID, bad.doc)
		paper = s.Base
	}
	// The checksum lives in store.db, which bbolt does not checksum: a
	// damaged page there fails the same check, so both files are named.
	cause := fmt.Errorf("the vector of %s does not match the checksum %s keeps for it: one of the two files is damaged",
		chunk, filepath.Join(dir, StoreFileName))
	if bad.sf == compactFile {
		return &CorruptError{Path: path, Err: cause, Fix: fmt.Sprintf(
			"it is a copy of %s: move it away, and searches use %s until the next ingest writes %s anew from it",
			VectorFileName, VectorFileName, CompactFileName)}
	}
	papers := []string{paper}
	if paper == "" {
		papers = nil
	}
	slots, found, derr := damageOf(tx, dir)
	var lost *CorruptError
	switch {
	case errors.As(derr, &lost):
		return derr // the file is cut short: that is the damage to report
	case derr == nil && slots > 1:
		papers = found
		cause = fmt.Errorf("the vectors of %d chunks of %d %s (the first: %s) do not match the checksums %s keeps for them: one of the two files is damaged",
			slots, len(found), text.Plural(len(found), "paper", "papers"), chunk, filepath.Join(dir, StoreFileName))
	}
	fix := "restore a backup"
	switch {
	case len(papers) > maxPapersToRemove:
		fix = rebuildFix(dir)
	case len(papers) == 1:
		fix += fmt.Sprintf(", or remove paper %s (`gtrag papers rm %s`) and ingest it again", papers[0], papers[0])
	case len(papers) > 1:
		fix += fmt.Sprintf(", or remove papers %s (`gtrag papers rm %s`) and ingest them again", strings.Join(papers, ", "), strings.Join(papers, " "))
	}
	return &CorruptError{Path: path, Err: cause, Fix: fix}
}

// maxPapersToRemove is how many damaged papers a damage report still
// advises removing and ingesting again; beyond it, rebuilding the store
// from its documents is less work and misses none.
const maxPapersToRemove = 3

// slotRecordOf reads the slot record of docnum doc in tx.
func slotRecordOf(tx *bolt.Tx, doc uint64) (slotRecord, bool) {
	b := tx.Bucket(bucketSlots)
	if b == nil {
		return slotRecord{}, false
	}
	v := b.Get(u64(doc))
	if v == nil {
		return slotRecord{}, false
	}
	s, err := decodeSlotRecord(v)
	return s, err == nil
}

// damageOf checks every live slot of the float32 file of the store in dir
// against its checksum, as committed in tx, and returns how many fail and
// the papers they belong to, sorted. It reads the whole file once, as
// every query of a store without the float16 copy does, and runs only
// once a slot has failed: the cost of a clear report on an error path.
// A file cut short is reported as such (checkVectorFile).
func damageOf(tx *bolt.Tx, dir string) (slots int, papers []string, err error) {
	path := storePath(dir)
	m, err := readMeta(tx, path)
	if err != nil {
		return 0, nil, err
	}
	if err := checkVectorFile(dir, m.dim, m.nextDoc); err != nil {
		return 0, nil, err
	}
	sums, err := loadSums(tx, fullFile.tag, path)
	if err != nil || sums == nil {
		return 0, nil, err
	}
	holes := newHoleSet(m.nextDoc)
	if hb := tx.Bucket(bucketHoles); hb != nil {
		_ = hb.ForEach(func(k, _ []byte) error {
			if len(k) == 8 {
				holes.add(getU64(k))
			}
			return nil
		})
	}
	vv, err := openVectors(path, m.dim, m.nextDoc, true)
	if err != nil {
		return 0, nil, err
	}
	defer vv.close()
	seen := map[string]bool{}
	var bad []uint64
	err = withFaultsAsErrors(filepath.Join(dir, VectorFileName), func() {
		c := sums.cursor(1)
		for doc := uint64(1); doc < m.nextDoc; doc++ {
			if holes.has(doc) {
				continue
			}
			if want, ok := c.at(doc); ok && slotSum(vv.rawSlot(doc)) != want {
				bad = append(bad, doc)
			}
		}
	})
	if err != nil {
		return 0, nil, err
	}
	for _, doc := range bad {
		if s, ok := slotRecordOf(tx, doc); ok && !seen[s.Base] {
			seen[s.Base] = true
			papers = append(papers, s.Base)
		}
	}
	slices.Sort(papers)
	return len(bad), papers, nil
}

package vectordb

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
)

// The vector half of a query is an exhaustive scan: the dot product of the
// query with every stored unit vector, in place in the memory map, keeping
// the best n in a bounded heap per core. At a million 768-dimension vectors
// that is 3 GB read once per query; an approximate index (HNSW, IVF) would
// read less but has to be built, kept in step with every write by every
// process, and loaded by every command, which is what made format 1 slow to
// open. Exhaustive search is also exact, so retrieval quality does not
// depend on index parameters.

// minScanPerWorker is the fewest slots worth a goroutine of their own.
const minScanPerWorker = 8192

// holeSet marks the docnums a scan skips.
type holeSet []uint64

func newHoleSet(nextDoc uint64) holeSet { return make(holeSet, nextDoc/64+1) }

func (h holeSet) add(doc uint64) {
	if doc/64 < uint64(len(h)) {
		h[doc/64] |= 1 << (doc % 64)
	}
}

func (h holeSet) has(doc uint64) bool {
	return doc/64 < uint64(len(h)) && h[doc/64]&(1<<(doc%64)) != 0
}

// scanTop returns the n slots of v most similar to q (highest dot product),
// best first, skipping holes. The slots are split into one contiguous range
// per core; each keeps its own bounded heap, merged at the end. A fault in
// the map (the file truncated under the scan) becomes an error naming path.
// Each slot scored is checked against its checksum in sums (nil: none), and
// the first that fails stops the scan with an errSlotSum.
func scanTop(v *vecView, q []float32, holes holeSet, n int, path string, sums *sumRuns) ([]scoredDoc, error) {
	if len(q) != v.dim {
		return nil, nil
	}
	check := slotCheck{fullFile, sums, v.rawSlot}
	return scanSlots(v.n, holes, n, path, check, func(doc uint64) float32 { return dotF32(q, v.slot(doc)) })
}

// slotCheck is what a scan checks each slot with: the checksums of file sf
// (nil: none) and the slots' bytes.
type slotCheck struct {
	sf    slotFile
	sums  *sumRuns
	bytes func(doc uint64) []byte
}

// scanTopCompact is scanTop over the float16 copy: it takes the best
// compactCandidates(n) by the float16 dot product, then re-scores those with
// the float32 vectors and keeps the best n, so the result is scanTop's
// unless the true n-th best was not among the candidates, which the
// rounding of half precision (a relative 2^-11 per component) does not come
// near at these margins.
func scanTopCompact(c *f16View, q []float32, holes holeSet, n int, path string, sums *sumRuns, exact func(uint64) (float64, error)) ([]scoredDoc, error) {
	if len(q) != c.dim {
		return nil, nil
	}
	check := slotCheck{compactFile, sums, c.rawSlot}
	cand, err := scanSlots(c.n, holes, compactCandidates(n), path, check, func(doc uint64) float32 { return dotF16(q, c.slot(doc)) })
	if err != nil {
		return nil, err
	}
	for i := range cand {
		if cand[i].score, err = exact(cand[i].doc); err != nil {
			return nil, err
		}
	}
	sortScored(cand)
	return cand[:min(n, len(cand))], nil
}

// compactCandidates is how many float16 candidates are re-ranked for n.
func compactCandidates(n int) int { return max(4*n, n+64) }

// withFaultsAsErrors runs fn, turning a fault in a memory map into a
// *CorruptError naming path.
func withFaultsAsErrors(path string, fn func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(interface{ Addr() uintptr }); !ok {
				panic(r)
			}
			err = &CorruptError{Path: path, Err: fmt.Errorf("reading vectors: %v", r)}
		}
	}()
	fn()
	return nil
}

// scanSlots keeps the n best of slots 1..count by score, split over the
// cores, checking each slot it scores with check.
func scanSlots(count uint64, holes holeSet, n int, path string, check slotCheck, score func(doc uint64) float32) ([]scoredDoc, error) {
	if n <= 0 || count == 0 {
		return nil, nil
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), int(count/minScanPerWorker)))
	parts := make([][]scoredDoc, workers)
	errs := make([]error, workers)
	bad := make([]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		first := 1 + count*uint64(w)/uint64(workers)
		last := count * uint64(w+1) / uint64(workers) // inclusive
		wg.Go(func() {
			errs[w] = withFaultsAsErrors(path, func() { parts[w], bad[w] = scanRange(score, holes, first, last, n, check) })
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for _, doc := range bad {
		if doc != 0 {
			return nil, errSlotSum{check.sf, doc}
		}
	}
	all := slices.Concat(parts...)
	sortScored(all)
	return all[:min(n, len(all))], nil
}

// scanRange keeps the best n of the slots first..last in a bounded heap.
// It stops at the first slot that fails its checksum and returns its
// docnum as bad (0 when none does). Each slot is hashed right after its
// dot product, while its bytes are in the cache.
func scanRange(score func(doc uint64) float32, holes holeSet, first, last uint64, n int, check slotCheck) (top []scoredDoc, bad uint64) {
	h := make(scoredHeap, 0, n)
	sums := check.sums.cursor(first)
	verify := check.sums != nil
	for doc := first; doc <= last; doc++ {
		if holes.has(doc) {
			continue
		}
		c := scoredDoc{doc, float64(score(doc))}
		if verify {
			if want, ok := sums.at(doc); ok && slotSum(check.bytes(doc)) != want {
				return h, doc
			}
		}
		switch {
		case len(h) < n:
			h.push(c)
		case ranksBelow(h[0], c):
			h[0] = c
			h.down(0)
		}
	}
	return h, 0
}

// dotGeneric is the dot product of two vectors of the same length, with
// eight independent accumulators so that the additions do not wait on each
// other (one accumulator leaves the floating-point adder idle most of the
// time). dotF32 uses it where there is no vector kernel (dot_amd64.go).
func dotGeneric(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x := a[i : i+8 : i+8]
		y := b[i : i+8 : i+8]
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
		s4 += x[4] * y[4]
		s5 += x[5] * y[5]
		s6 += x[6] * y[6]
		s7 += x[7] * y[7]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// dotF16Generic is dotF16 without a vector kernel: each half is converted
// through a 65,536-entry table (256 KiB, built on first use).
func dotF16Generic(q []float32, h []uint16) float32 {
	tab := f16Table()
	h = h[:len(q)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(q); i += 4 {
		s0 += q[i] * tab[h[i]]
		s1 += q[i+1] * tab[h[i+1]]
		s2 += q[i+2] * tab[h[i+2]]
		s3 += q[i+3] * tab[h[i+3]]
	}
	for ; i < len(q); i++ {
		s0 += q[i] * tab[h[i]]
	}
	return (s0 + s1) + (s2 + s3)
}

var f16Table = sync.OnceValue(func() *[1 << 16]float32 {
	var t [1 << 16]float32
	for i := range t {
		t[i] = f16ToF32(uint16(i))
	}
	return &t
})

// sortScored sorts best first: higher score, then smaller docnum.
func sortScored(s []scoredDoc) {
	slices.SortFunc(s, func(a, b scoredDoc) int {
		if ranksBelow(b, a) {
			return -1
		}
		return 1
	})
}

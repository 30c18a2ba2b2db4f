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
func scanTop(v *vecView, q []float32, holes holeSet, n int, path string) ([]scoredDoc, error) {
	if n <= 0 || v.n == 0 || len(q) != v.dim {
		return nil, nil
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), int(v.n/minScanPerWorker)))
	parts := make([][]scoredDoc, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		first := 1 + v.n*uint64(w)/uint64(workers)
		last := v.n * uint64(w+1) / uint64(workers) // inclusive
		wg.Go(func() {
			debug.SetPanicOnFault(true)
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(interface{ Addr() uintptr }); !ok {
						panic(r)
					}
					errs[w] = &CorruptError{Path: path, Err: fmt.Errorf("reading vectors: %v", r)}
				}
			}()
			parts[w] = scanRange(v, q, holes, first, last, n)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	all := slices.Concat(parts...)
	sortScored(all)
	return all[:min(n, len(all))], nil
}

// scanRange keeps the best n of the slots first..last in a bounded heap.
func scanRange(v *vecView, q []float32, holes holeSet, first, last uint64, n int) []scoredDoc {
	h := make(scoredHeap, 0, n)
	dim := v.dim
	vecs := v.vecs[int(first-1)*dim : int(last)*dim]
	for doc := first; doc <= last; doc++ {
		vec := vecs[:dim:dim]
		vecs = vecs[dim:]
		if holes.has(doc) {
			continue
		}
		c := scoredDoc{doc, float64(dotF32(q, vec))}
		switch {
		case len(h) < n:
			h.push(c)
		case ranksBelow(h[0], c):
			h[0] = c
			h.down(0)
		}
	}
	return h
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

// sortScored sorts best first: higher score, then smaller docnum.
func sortScored(s []scoredDoc) {
	slices.SortFunc(s, func(a, b scoredDoc) int {
		if ranksBelow(b, a) {
			return -1
		}
		return 1
	})
}

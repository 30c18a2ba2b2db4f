package vectordb

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// BenchmarkScan100k and BenchmarkScan1M time the vector half of a query
// alone: a top-30 scan of n OfflineDim-dimension unit vectors held in
// memory (the page-cache-warm case of the memory map), on every core. They
// build their vectors in memory (1M is 3 GB), so they run only when asked:
// `go test -run '^$' -bench Scan ./vectordb` or `make bench-scale`, which
// also times whole gtrag commands on generated stores.
func BenchmarkScan100k(b *testing.B) { benchScan(b, 100_000, false) }
func BenchmarkScan1M(b *testing.B)   { benchScan(b, 1_000_000, false) }

// BenchmarkScanChecked100k is BenchmarkScan100k with every slot checked
// against its CRC-32, as a query checks a store's slots (vecsum.go).
func BenchmarkScanChecked100k(b *testing.B) { benchScan(b, 100_000, true) }

// sumRunsOf is the checksums of the slots of slotBytes bytes in raw, from
// docnum 1, as writes would have recorded them.
func sumRunsOf(raw []byte, slotBytes int) *sumRuns {
	sums := slotSums(raw, slotBytes)
	s := &sumRuns{}
	for i := 0; i < len(sums); i += sumsPerRun {
		var run []byte
		for _, x := range sums[i:min(len(sums), i+sumsPerRun)] {
			run = binary.LittleEndian.AppendUint32(run, x)
		}
		s.runs = append(s.runs, sumRun{first: uint64(i) + 1, sums: run})
	}
	return s
}

func benchScan(b *testing.B, n int, checked bool) {
	const dim = OfflineDim
	r := rand.New(rand.NewPCG(1, 2))
	vecs := make([]float32, n*dim)
	for i := range vecs {
		vecs[i] = float32(r.NormFloat64())
	}
	for i := range n {
		embedUnit(vecs[i*dim : (i+1)*dim])
	}
	q := unitVector(randomVector("query", dim))
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(vecs))), 4*len(vecs))
	v := &vecView{vecs: vecs, raw: raw, dim: dim, n: uint64(n)}
	var sums *sumRuns
	if checked {
		if !nativeLittleEndian {
			b.Skip("the raw bytes are the floats' only on little-endian machines")
		}
		sums = sumRunsOf(raw, 4*dim)
	}
	holes := newHoleSet(uint64(n) + 1)
	b.SetBytes(int64(4 * len(vecs)))
	b.ResetTimer()
	for b.Loop() {
		top, err := scanTop(v, q, holes, 30, "bench", sums)
		if err != nil || len(top) != 30 {
			b.Fatal(err, len(top))
		}
	}
}

// TestScanMatchesExhaustiveSort: the parallel bounded-heap scan returns
// exactly the best n by a plain sort of every dot product, skipping holes,
// whatever the split over workers.
func TestScanMatchesExhaustiveSort(t *testing.T) {
	const dim, n = 24, 50_000
	r := rand.New(rand.NewPCG(3, 4))
	vecs := make([]float32, n*dim)
	for i := range vecs {
		vecs[i] = float32(r.NormFloat64())
	}
	q := unitVector(randomVector("q", dim))
	holes := newHoleSet(n + 1)
	for d := uint64(1); d <= n; d += 7 {
		holes.add(d)
	}
	v := &vecView{vecs: vecs, dim: dim, n: n}
	for _, k := range []int{1, 30, 1000} {
		got, err := scanTop(v, q, holes, k, "test", nil)
		if err != nil {
			t.Fatal(err)
		}
		var all []scoredDoc
		for d := uint64(1); d <= n; d++ {
			if !holes.has(d) {
				all = append(all, scoredDoc{d, float64(dotF32(q, v.slot(d)))})
			}
		}
		want := topScoresAll(all, k)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("k=%d: scan and sort differ:\n%v\n%v", k, got[:min(5, len(got))], want[:min(5, len(want))])
		}
	}
}

// topScoresAll sorts every scored document, best first, and keeps k.
func topScoresAll(all []scoredDoc, k int) []scoredDoc {
	sorted := append([]scoredDoc(nil), all...)
	sortScored(sorted)
	return sorted[:min(k, len(sorted))]
}

package vectordb

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkScan100k and BenchmarkScan1M time the vector half of a query
// alone: a top-30 scan of n OfflineDim-dimension unit vectors held in
// memory (the page-cache-warm case of the memory map), on every core. They
// build their vectors in memory (1M is 3 GB), so they run only when asked:
// `go test -run '^$' -bench Scan ./vectordb` or `make bench-scale`, which
// also times whole gtrag commands on generated stores.
func BenchmarkScan100k(b *testing.B) { benchScan(b, 100_000) }
func BenchmarkScan1M(b *testing.B)   { benchScan(b, 1_000_000) }

func benchScan(b *testing.B, n int) {
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
	v := &vecView{vecs: vecs, dim: dim, n: uint64(n)}
	holes := newHoleSet(uint64(n) + 1)
	b.SetBytes(int64(4 * len(vecs)))
	b.ResetTimer()
	for b.Loop() {
		top, err := scanTop(v, q, holes, 30, "bench")
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
		got, err := scanTop(v, q, holes, k, "test")
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

package vectordb

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDotKernelsAgree: the vector kernel and the pure-Go loop compute the
// same dot products, within float32 rounding of the different summation
// orders, for every length from 0 to 100 (all remainders of the 32- and
// 8-wide loops) and the embedders' dimensions.
func TestDotKernelsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	lengths := []int{OfflineDim, 384, 1536, 3072}
	for n := range 101 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		a, b := make([]float32, n), make([]float32, n)
		var exact, mag float64
		for i := range a {
			a[i], b[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
			exact += float64(a[i]) * float64(b[i])
			mag += math.Abs(float64(a[i]) * float64(b[i]))
		}
		tol := 1e-5*mag + 1e-6
		if got := float64(dotF32(a, b)); math.Abs(got-exact) > tol {
			t.Fatalf("n=%d: dotF32 %v, exact %v", n, got, exact)
		}
		if got := float64(dotGeneric(a, b)); math.Abs(got-exact) > tol {
			t.Fatalf("n=%d: dotGeneric %v, exact %v", n, got, exact)
		}
	}
	t.Logf("vector kernel in use: %v", kernelInUse())
}

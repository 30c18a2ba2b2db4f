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

// TestFloat16Conversion: every half converts to float32 and back unchanged
// (NaNs stay NaNs), and float32 values round to the nearest half, within
// half a unit in the last place of half precision.
func TestFloat16Conversion(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		f := f16ToF32(h)
		if math.IsNaN(float64(f)) {
			if back := f32ToF16(f); back&0x7c00 != 0x7c00 || back&0x3ff == 0 {
				t.Fatalf("NaN %04x came back as %04x", h, back)
			}
			continue
		}
		if back := f32ToF16(f); back != h {
			t.Fatalf("%04x -> %v -> %04x", h, f, back)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 100_000 {
		x := float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(30)-25)))
		got := f16ToF32(f32ToF16(x))
		ax := math.Abs(float64(x))
		// Half precision: 11 significant bits down to 2^-14, then a fixed
		// step of 2^-24 (subnormals).
		ulp := math.Max(math.Pow(2, math.Floor(math.Log2(ax))-10), math.Pow(2, -24))
		if ax >= 65520 {
			continue
		}
		if d := math.Abs(float64(got) - float64(x)); d > ulp/2*(1+1e-9) {
			t.Fatalf("%v rounded to %v: off by %v, half an ulp is %v", x, got, d, ulp/2)
		}
	}
}

// TestDotF16KernelsAgree: the float16 kernel and the table loop agree with
// a float64 sum over the converted halves.
func TestDotF16KernelsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	lengths := []int{OfflineDim, 1536}
	for n := range 101 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		q, h := make([]float32, n), make([]uint16, n)
		var exact, mag float64
		for i := range q {
			q[i] = float32(r.NormFloat64())
			h[i] = f32ToF16(float32(r.NormFloat64()))
			p := float64(q[i]) * float64(f16ToF32(h[i]))
			exact += p
			mag += math.Abs(p)
		}
		tol := 1e-5*mag + 1e-6
		if got := float64(dotF16(q, h)); math.Abs(got-exact) > tol {
			t.Fatalf("n=%d: dotF16 %v, exact %v", n, got, exact)
		}
		if got := float64(dotF16Generic(q, h)); math.Abs(got-exact) > tol {
			t.Fatalf("n=%d: dotF16Generic %v, exact %v", n, got, exact)
		}
	}
}

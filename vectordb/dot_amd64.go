//go:build amd64 && !purego

package vectordb

import "golang.org/x/sys/cpu"

// useAVX2 selects the assembly kernel: the pure-Go loop (dotGeneric) runs at
// about 1 multiply-add per nanosecond per core, which made the scan
// compute-bound at a third of memory speed; 8-wide fused multiply-adds with
// four accumulators make it memory-bound.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// useF16C selects the float16 kernel, which converts 8 halves per
// instruction (F16C) before the same multiply-adds.
var useF16C = useAVX2 && cpu.X86.HasF16C

// dotAVX2 is the dot product of the n floats at a and b; n is a multiple
// of 8. Implemented in dot_amd64.s.
//
//go:noescape
func dotAVX2(a, b *float32, n int) float32

// dotF16AVX2 is the dot product of the n floats at a with the n halves at
// b; n is a multiple of 8. Implemented in dot_amd64.s.
//
//go:noescape
func dotF16AVX2(a *float32, b *uint16, n int) float32

// dotF16 is the dot product of q with a float16 vector of the same length.
func dotF16(q []float32, h []uint16) float32 {
	if !useF16C || len(q) < 8 {
		return dotF16Generic(q, h)
	}
	h = h[:len(q)]
	n := len(q) &^ 7
	s := dotF16AVX2(&q[0], &h[0], n)
	for i := n; i < len(q); i++ {
		s += q[i] * f16ToF32(h[i])
	}
	return s
}

// dotF32 is the dot product of two vectors of the same length.
func dotF32(a, b []float32) float32 {
	if !useAVX2 || len(a) < 8 {
		return dotGeneric(a, b)
	}
	b = b[:len(a)]
	n := len(a) &^ 7
	s := dotAVX2(&a[0], &b[0], n)
	for i := n; i < len(a); i++ {
		s += a[i] * b[i]
	}
	return s
}

func kernelInUse() bool { return useAVX2 && useF16C }

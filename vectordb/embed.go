package vectordb

import "math"

// Every embedder in this package returns unit vectors (L2 norm 1 within
// float32 rounding), never a zero vector and never NaN or ±Inf, so a store
// may rank by dot product and chromem-go never renormalises (its
// normalisation divides by the norm and would turn a zero vector into NaNs).
var (
	_ Embedder = (*OfflineEmbedder)(nil)
	_ Embedder = (*RemoteEmbedder)(nil)
)

// embedUnit scales v to unit length in place. It reports false, leaving v
// unchanged, when that is impossible: v is empty, all zeros, or holds NaN or
// ±Inf.
func embedUnit(v []float32) bool {
	var sum float64
	for _, x := range v {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
		sum += f * f
	}
	if sum == 0 || math.IsInf(sum, 0) {
		return false
	}
	inv := 1 / math.Sqrt(sum)
	for i, x := range v {
		v[i] = float32(float64(x) * inv)
	}
	return true
}

// embedDot is the dot product of two vectors of the same length: their
// cosine similarity when both are unit vectors.
func embedDot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

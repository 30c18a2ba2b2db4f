//go:build !amd64 || purego

package vectordb

// dotF32 is the dot product of two vectors of the same length.
func dotF32(a, b []float32) float32 { return dotGeneric(a, b) }

func kernelInUse() bool { return false }

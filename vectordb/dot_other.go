//go:build !amd64 || purego

package vectordb

// dotF32 is the dot product of two vectors of the same length.
func dotF32(a, b []float32) float32 { return dotGeneric(a, b) }

// dotF16 is the dot product of q with a float16 vector of the same length.
func dotF16(q []float32, h []uint16) float32 { return dotF16Generic(q, h) }

func kernelInUse() bool { return false }

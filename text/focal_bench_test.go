package text

import "testing"

// BenchmarkFocal reads a long student question: every window of every run
// is tried against the glossary (glossaryAt), with its stop-word tests.
func BenchmarkFocal(b *testing.B) {
	q := "What's the difference between a separating and a pooling equilibrium when the sender's cost of signalling and the receiver's beliefs both depend on who's asking?"
	for b.Loop() {
		Focal(q)
	}
}

package reasoner

import (
	"context"
	"testing"

	"github.com/gtrag/gtrag/data"
)

// BenchmarkOfflineAnswerPrimer answers from five whole primer entries, the
// passages a question asked offline most often meets: the answerer's cost
// per question, every sentence of them a candidate.
//
//	go test -run '^$' -bench OfflineAnswerPrimer -benchmem ./reasoner/
func BenchmarkOfflineAnswerPrimer(b *testing.B) {
	entries, err := data.Primer()
	if err != nil {
		b.Fatal(err)
	}
	want := map[string]bool{"primer:braess-paradox": true, "primer:revenue-equivalence": true, "primer:nash-bargaining-solution": true,
		"primer:price-of-anarchy": true, "primer:myerson-optimal-auction": true}
	var ps []Passage
	for _, e := range entries {
		if want[e.ID] {
			ps = append(ps, Passage{N: len(ps) + 1, ID: e.ID + "_chunk_0", PaperID: e.ID, Title: e.Title, Text: e.Summary, Score: 0.5})
		}
	}
	if len(ps) < 3 {
		b.Fatalf("only %d of the primer entries found", len(ps))
	}
	a := NewOfflineAnswerer()
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := a.Answer(ctx, "How can adding a new road make every driver's commute longer?", ps); err != nil {
			b.Fatal(err)
		}
	}
}

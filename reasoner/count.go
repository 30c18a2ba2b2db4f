package reasoner

import (
	"context"
	"sync/atomic"
)

type countKey struct{}

// CountCalls returns a context under which every request an LLM-backed
// reasoner sends to its model, retries included, is also added to n: one
// question's LLM calls when several runs share one Set (the llm_calls of
// `gtrag ask --json`, what `gtrag eval` averages). Offline reasoners send
// none.
func CountCalls(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, countKey{}, n)
}

// CallCounter is the counter CountCalls put in ctx, or nil: what a run's
// recording reads at its end to keep the run's llm_calls.
func CallCounter(ctx context.Context) *atomic.Int64 {
	n, _ := ctx.Value(countKey{}).(*atomic.Int64)
	return n
}

// countCall adds one request to the context's counter, if it has one.
func countCall(ctx context.Context) {
	if n, ok := ctx.Value(countKey{}).(*atomic.Int64); ok {
		n.Add(1)
	}
}

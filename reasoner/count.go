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
// none. Counters nest: a request counts in n and in every counter of the
// contexts ctx was made from, so that one operation of a run (a recorded
// call and its retries) can be counted inside the run's count.
func CountCalls(ctx context.Context, n *atomic.Int64) context.Context {
	outer, _ := ctx.Value(countKey{}).(*callCounters)
	return context.WithValue(ctx, countKey{}, &callCounters{n: n, outer: outer})
}

// callCounters is a context's chain of call counters, innermost first.
type callCounters struct {
	n     *atomic.Int64
	outer *callCounters
}

// CallCounter is the innermost counter CountCalls put in ctx, or nil: what
// a run's recording reads at its end to keep the run's llm_calls.
func CallCounter(ctx context.Context) *atomic.Int64 {
	if c, ok := ctx.Value(countKey{}).(*callCounters); ok {
		return c.n
	}
	return nil
}

// countCall adds one request to each of the context's counters.
func countCall(ctx context.Context) {
	c, _ := ctx.Value(countKey{}).(*callCounters)
	for ; c != nil; c = c.outer {
		c.n.Add(1)
	}
}

package arxiv

import (
	"context"
	"sync/atomic"
)

type countKey struct{}

// CountRequests returns a context under which every HTTP request a Client
// sends, retries included, is also added to n. Client.Requests counts a
// whole process; this counts one caller's share when several callers use one
// Client at once (the arxiv_requests of one question among many).
func CountRequests(ctx context.Context, n *atomic.Int64) context.Context {
	return context.WithValue(ctx, countKey{}, n)
}

// count adds n requests to the Client's total and to the context's counter.
func (c *Client) count(ctx context.Context, n int64) {
	c.requests.Add(n)
	if ctr, ok := ctx.Value(countKey{}).(*atomic.Int64); ok {
		ctr.Add(n)
	}
}

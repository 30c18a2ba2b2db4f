package service

import (
	"context"

	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/vectordb"
)

// The store is shared by every Ask of a Service, but a trace belongs to one
// Ask. So the store's embedder is wrapped once, at open, and looks in the
// context of each call for the Recorder of the run that caused it.

type embedTraceKey struct{}

func withEmbedTrace(ctx context.Context, r *trace.Recorder) context.Context {
	return context.WithValue(ctx, embedTraceKey{}, r)
}

// tracedEmbedder records a call into the trace of the run in its context,
// if any, and otherwise just embeds.
type tracedEmbedder struct{ inner vectordb.Embedder }

func (e tracedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if r, ok := ctx.Value(embedTraceKey{}).(*trace.Recorder); ok {
		return r.Embedder(e.inner).Embed(ctx, texts)
	}
	return e.inner.Embed(ctx, texts)
}

func (e tracedEmbedder) Spec() string { return e.inner.Spec() }
func (e tracedEmbedder) Dim() int     { return e.inner.Dim() }

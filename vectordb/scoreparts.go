package vectordb

import "context"

type scorePartsKey struct{}

// WithScoreParts returns a context under which Query reports every part
// of a result's score even where one costs the backend extra work: the
// embedded store computes all of them with the fusion anyway, while
// Weaviate reports a chunk's BM25 score only from a second, BM25-only
// query. A caller that shows the parts (`gtrag search`) asks for them;
// the graph's pulls, which order by Score alone, do not pay for them.
// It travels in the context for the reason WithProvenance does: Query is
// the one method every store wrapper already passes through.
func WithScoreParts(ctx context.Context) context.Context {
	return context.WithValue(ctx, scorePartsKey{}, true)
}

// ScorePartsWanted reports whether ctx asks Query for every score part
// (WithScoreParts).
func ScorePartsWanted(ctx context.Context) bool {
	v, _ := ctx.Value(scorePartsKey{}).(bool)
	return v
}

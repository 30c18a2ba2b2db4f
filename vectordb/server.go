package vectordb

import "context"

// A store that asks a server (the Weaviate backend) answers HasPaper and
// Count, whose interfaces take no context, within its own request timeout
// (a minute): against a hung server they held Ctrl-C, and a batch of an
// ingest asked once or twice per paper. HasPaperContext and CountContext
// ask such a store with the caller's context, and any other store (*DB,
// which answers from memory or its file) as it is. Callers whose Store
// interface has only the context-free methods go through them.

// HasPaperContext reports whether s holds the paper, asked with ctx where
// s takes one (a HasPaperContext method), failing with the store.
func HasPaperContext(ctx context.Context, s interface{ HasPaper(string) bool }, id string) (bool, error) {
	if c, ok := s.(interface {
		HasPaperContext(context.Context, string) (bool, error)
	}); ok {
		return c.HasPaperContext(ctx, id)
	}
	return s.HasPaper(id), nil
}

// CountContext is s's number of chunks, asked with ctx where s takes one
// (CountContext and LastCount methods); a count the server cannot give is
// the last one it gave.
func CountContext(ctx context.Context, s interface{ Count() int }) int {
	n, _ := CountNow(ctx, s)
	return n
}

// CountNow is CountContext with the reason a server could not be asked:
// the count it returns then is the last one the server gave, which a
// caller reporting it should say (a Weaviate that died during `ask`).
func CountNow(ctx context.Context, s interface{ Count() int }) (int, error) {
	if c, ok := s.(interface {
		CountContext(context.Context) (int, error)
		LastCount() int
	}); ok {
		n, err := c.CountContext(ctx)
		if err != nil {
			return c.LastCount(), err
		}
		return n, nil
	}
	return s.Count(), nil
}

package vectordb

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/gtrag/gtrag/internal/ctxerr"
	"github.com/gtrag/gtrag/provider"
	"github.com/tmc/langchaingo/embeddings"
)

// RemoteEmbedder embeds with a model behind an HTTP API (Ollama's
// /api/embed, or an OpenAI-compatible /v1/embeddings) through langchaingo.
// Its dimension is whatever the model returns, learned on the first call.
// It is safe for concurrent use.
type RemoteEmbedder struct {
	spec     string // "ollama:nomic-embed-text"
	endpoint string // base URL, for error messages
	hint     string // what to try when the server cannot be reached
	emb      embeddings.Embedder
	dim      atomic.Int64
}

func newRemoteEmbedder(spec string, e provider.Embedding) (*RemoteEmbedder, error) {
	// langchaingo strips newlines by default, rewriting the caller's slice
	// in place; current models read newlines fine.
	emb, err := embeddings.NewEmbedder(e.Client, embeddings.WithStripNewLines(false))
	if err != nil {
		return nil, fmt.Errorf("%s embedder: %w", spec, err)
	}
	return &RemoteEmbedder{spec: spec, endpoint: e.Endpoint, hint: e.Hint, emb: emb}, nil
}

// Spec returns the embedder's spec, "ollama:MODEL" or "openai:MODEL".
func (e *RemoteEmbedder) Spec() string { return e.spec }

// Dim returns the model's vector length, or 0 before the first successful
// Embed.
func (e *RemoteEmbedder) Dim() int { return int(e.dim.Load()) }

// Embed returns one unit vector per text. An error names the spec and the
// server; when ctx is done it wraps ctx's error and its cause.
func (e *RemoteEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	if err := ctxerr.Of(ctx); err != nil {
		return nil, fmt.Errorf("embed with %s: %w", e.spec, err)
	}
	vecs, err := e.emb.EmbedDocuments(ctx, texts)
	if err != nil {
		if cerr := ctxerr.Of(ctx); cerr != nil {
			// The clients replace context errors with their own messages;
			// the cause is kept, so that a Ctrl-C is a stop, not a failure.
			return nil, fmt.Errorf("embed with %s: %w", e.spec, cerr)
		}
		return nil, fmt.Errorf("embed with %s at %s: %w (%s)", e.spec, e.endpoint, err, e.hint)
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("embed with %s at %s: got %d vectors for %d texts", e.spec, e.endpoint, len(vecs), len(texts))
	}
	want := int(e.dim.Load())
	for i, v := range vecs {
		if len(v) == 0 {
			return nil, fmt.Errorf("embed with %s at %s: vector %d is empty", e.spec, e.endpoint, i)
		}
		if want == 0 {
			want = len(v)
		}
		if len(v) != want {
			return nil, fmt.Errorf("embed with %s at %s: vector %d has dimension %d, expected %d (did the model change?)", e.spec, e.endpoint, i, len(v), want)
		}
		if !embedUnit(v) {
			return nil, fmt.Errorf("embed with %s at %s: vector %d is zero or not finite", e.spec, e.endpoint, i)
		}
	}
	// Concurrent first calls agree unless the server changed models between
	// them; the loser reports that like any later mismatch.
	if !e.dim.CompareAndSwap(0, int64(want)) && e.dim.Load() != int64(want) {
		return nil, fmt.Errorf("embed with %s at %s: vectors have dimension %d, expected %d (did the model change?)", e.spec, e.endpoint, want, e.dim.Load())
	}
	return vecs, nil
}

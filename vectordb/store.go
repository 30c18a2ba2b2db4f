package vectordb

import "context"

// Document is one stored chunk. Metadata always carries "paper_id"; the
// chunker also sets "title", "authors", "published", "categories", "abs_url",
// "pdf_url" and "chunk_index".
type Document struct {
	ID       string            `json:"id"`
	Content  string            `json:"content"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// PaperID is the paper the document belongs to.
func (d Document) PaperID() string { return d.Metadata["paper_id"] }

// Result is a document returned by a query, with its similarity in [0,1]
// (higher is more similar).
type Result struct {
	Document
	Score float64 `json:"score"`
}

// Store is a persistent collection of embedded documents. Implementations
// must be safe for use by one goroutine at a time at least; the embedded
// store is safe for concurrent use.
type Store interface {
	// Add upserts documents. A document whose paper has a newer version
	// than the stored one replaces every chunk of the older version;
	// re-adding identical documents is a no-op. It returns how many
	// documents were newly written.
	Add(ctx context.Context, docs []Document) (int, error)
	// Query returns at most k documents, most similar first.
	Query(ctx context.Context, text string, k int) ([]Result, error)
	// Count is the number of stored documents.
	Count() int
	// HasPaper reports whether any chunk of the paper is stored. The id may
	// carry a version ("2301.01234v2": exactly that version) or not
	// ("2301.01234": any version).
	HasPaper(paperID string) bool
	// DeletePaper removes every chunk of the paper (any version when the id
	// has none).
	DeletePaper(ctx context.Context, paperID string) error
	Close() error
}

// Embedder turns texts into vectors of a fixed dimension.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Spec names the embedder as the user spells it: "offline",
	// "ollama:nomic-embed-text", "openai:text-embedding-3-small".
	Spec() string
	// Dim is the vector length; 0 when unknown until the first call.
	Dim() int
}

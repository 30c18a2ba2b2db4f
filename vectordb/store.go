package vectordb

import (
	"context"
	"encoding/json"

	"github.com/gtrag/gtrag/chunker"
)

// Document is one stored chunk. Metadata always carries "paper_id"; the
// chunker also sets "title", "authors", "published", "categories", "abs_url",
// "pdf_url" and "chunk_index".
type Document struct {
	ID       string            `json:"id"`
	Content  string            `json:"content"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// PaperID is the paper the document belongs to.
func (d Document) PaperID() string { return d.Metadata[chunker.KeyPaperID] }

// Result is a document returned by a query with the scores that placed it.
//
// Score is what the ranking sorted on: the weighted reciprocal-rank fusion
// of the vector and the BM25 rankings (HybridWeights.FuseScores), scaled so
// that a document first in both would score 1. Results come in descending
// Score. The parts explain it: VectorRank and LexicalRank are the
// document's places (from 1; 0 when it was not among that side's
// candidates), Similarity its cosine to the query clamped to [0,1] (0 for a
// document without a vector) and BM25 its BM25 score for the query (0 when
// it shares no term with it).
type Result struct {
	Document
	Score       float64 `json:"score"`
	Similarity  float64 `json:"similarity"`
	BM25        float64 `json:"bm25,omitempty"`
	VectorRank  int     `json:"vector_rank,omitempty"`
	LexicalRank int     `json:"lexical_rank,omitempty"`
}

// UnmarshalJSON reads results recorded before Similarity existed (traces of
// older gtrag versions), whose score was the cosine: it becomes Similarity
// as well, so a replay judges them as they were judged.
func (r *Result) UnmarshalJSON(b []byte) error {
	type plain Result
	var v struct {
		plain
		Similarity *float64 `json:"similarity"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*r = Result(v.plain)
	if v.Similarity != nil {
		r.Similarity = *v.Similarity
	} else {
		r.Similarity = r.Score
	}
	return nil
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

package vectordb

import "github.com/gtrag/gtrag/chunker"

// Documents turns a paper's chunks into the documents Add stores: the one
// place where a chunk becomes a document, for the graph, ingestion and the
// primer alike.
func Documents(chunks []chunker.Chunk) []Document {
	docs := make([]Document, 0, len(chunks))
	for _, c := range chunks {
		docs = append(docs, Document{ID: c.ID, Content: c.Text, Metadata: c.Metadata})
	}
	return docs
}

package vectordb_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/gtrag/gtrag/vectordb"
)

// Open creates a store in an empty directory; Add upserts chunks and Query
// ranks them, with the fused score that ordered them and its parts.
func ExampleOpen() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "gtrag-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	db, err := vectordb.Open(ctx, dir, vectordb.NewOfflineEmbedder())
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	_, err = db.Add(ctx, []vectordb.Document{
		{ID: "2301.00001v1_chunk_0", Content: "The Shapley value divides the worth of a coalition by marginal contributions.",
			Metadata: map[string]string{"paper_id": "2301.00001v1", "title": "The Shapley value"}},
		{ID: "2301.00002v1_chunk_0", Content: "In a second-price auction, bidding one's value is a dominant strategy.",
			Metadata: map[string]string{"paper_id": "2301.00002v1", "title": "Vickrey auctions"}},
	})
	if err != nil {
		log.Fatal(err)
	}
	res, err := db.Query(ctx, "How is the Shapley value computed?", 1)
	if err != nil {
		log.Fatal(err)
	}
	r := res[0]
	fmt.Println(r.ID, r.Metadata["title"])
	fmt.Printf("score %.2f: vector rank %d, lexical rank %d\n", r.Score, r.VectorRank, r.LexicalRank)
	fmt.Println(db.Count(), "chunks;", db.HasPaper("2301.00002"), db.HasPaper("2301.00003"))
	// Output:
	// 2301.00001v1_chunk_0 The Shapley value
	// score 1.00: vector rank 1, lexical rank 1
	// 2 chunks; true false
}

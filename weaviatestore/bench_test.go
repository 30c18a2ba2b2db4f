package weaviatestore

import (
	"context"
	"testing"
	"time"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/weaviatetest"
	"github.com/gtrag/gtrag/vectordb"
)

// benchPapers is the size of the knowledge base the backend benchmarks
// build: arxivtest papers, chunked as ingest chunks them.
const benchPapers = 2000

// benchStore is what both backends offer the benchmark.
type benchStore interface {
	Add(ctx context.Context, docs []vectordb.Document) (int, error)
	Query(ctx context.Context, text string, k int) ([]vectordb.Result, error)
}

var benchQuestions = []string{
	"What is a Nash equilibrium in mixed strategies?",
	"How does the price of anarchy bound selfish routing?",
	"Why is deferred acceptance strategyproof for proposers?",
	"When do replicator dynamics reach an evolutionarily stable strategy?",
	"What does the folk theorem say about repeated games?",
}

// BenchmarkBackends ingests benchPapers papers into each backend, 100
// papers per Add as an ingest page arrives, and then times top-5 hybrid
// queries, with the offline embedder on both. It needs the Weaviate server
// (make weaviate-server) and is not part of make test:
//
//	go test -run '^$' -bench Backends -benchtime 20x ./weaviatestore/
func BenchmarkBackends(b *testing.B) {
	ctx := context.Background()
	var docs [][]vectordb.Document
	chunks := 0
	papers := arxivtest.Papers(0, benchPapers)
	for start := 0; start < len(papers); start += 100 {
		var page []vectordb.Document
		for _, p := range papers[start:min(start+100, len(papers))] {
			page = append(page, vectordb.Documents(chunker.Split(p, chunker.Options{}))...)
		}
		docs = append(docs, page)
		chunks += len(page)
	}
	node := weaviatetest.Shared(b)
	cfg, err := ParseURL(node.URL()+"/"+weaviatetest.Collection(b), "")
	if err != nil {
		b.Fatal(err)
	}
	wv, err := Open(ctx, cfg, vectordb.NewOfflineEmbedder())
	if err != nil {
		b.Fatal(err)
	}
	db, err := vectordb.Open(ctx, b.TempDir(), vectordb.NewOfflineEmbedder())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	for _, backend := range []struct {
		name  string
		store benchStore
	}{{"embedded", db}, {"weaviate", wv}} {
		start := time.Now()
		for _, page := range docs {
			if _, err := backend.store.Add(ctx, page); err != nil {
				b.Fatal(err)
			}
		}
		took := time.Since(start)
		b.Logf("%s: ingested %d papers, %d chunks in %s: %.0f chunks/s", backend.name, benchPapers, chunks, took.Round(time.Millisecond), float64(chunks)/took.Seconds())
		b.Run("query/"+backend.name, func(b *testing.B) {
			for i := range b.N {
				res, err := backend.store.Query(ctx, benchQuestions[i%len(benchQuestions)], 5)
				if err != nil || len(res) != 5 {
					b.Fatalf("query: %v, %d results", err, len(res))
				}
			}
		})
	}
}

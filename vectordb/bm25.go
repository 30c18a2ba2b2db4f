// BM25, and why the store ranks with it as well as with vectors.
//
// The offline embedder hashes words into a fixed space and knows nothing
// about how rare a word is: a question about "Shapley value in cooperative
// games" is pulled as much towards every chunk that says "games" as towards
// the one that says "Shapley", and hash collisions add noise as large as
// one shared word. Okapi BM25 weighs each query term by its inverse
// document frequency in the store and saturates term frequency, so the
// rare, telling words decide the ranking.
//
// On the project's evaluation set (testdata/retrieval) BM25 alone ranks
// better than the offline vectors alone, and plain RRF of both ranks below
// BM25; the store therefore fuses with weights chosen on a dev split
// (fuse.go has the figures and the method). With a model embedder (ollama:,
// openai:) the vectors bring what BM25 lacks — synonyms and paraphrase —
// while BM25 keeps exact names and technical terms ("VCG", "Gale-Shapley")
// that embedding models can blur.
//
// The store keeps its postings on disk and scores them with BM25Score at
// query time; bm25_mem_test.go holds an in-memory index with the same
// formula, the reference the stored scores are checked against.
//
// (This is a file comment, not package documentation: doc.go has that.)

package vectordb

import (
	"math"

	"github.com/gtrag/gtrag/text"
)

// BM25 parameters: the usual Okapi values. k1 sets how fast repeated terms
// saturate, b how much long chunks are penalised.
const (
	BM25K1 = 1.2
	BM25B  = 0.75
)

// BM25Score is one query term's contribution to a document's Okapi BM25
// score: tf is the term's frequency in the document, docLen the document's
// length in terms (text.Tokenize), avgDocLen the mean length over the collection,
// df the number of documents holding the term and nDocs the collection
// size. The IDF is the non-negative form ln(1 + (N − df + 0.5)/(df + 0.5)),
// so a term in most documents still counts a little instead of counting
// against them. A document's score is the sum over distinct query terms.
func BM25Score(tf, docLen, avgDocLen, df, nDocs float64) float64 {
	if tf <= 0 || df <= 0 || nDocs <= 0 {
		return 0
	}
	return bm25Term(bm25IDF(df, nDocs), tf, docLen, avgDocLen)
}

func bm25IDF(df, nDocs float64) float64 {
	return math.Log(1 + (nDocs-df+0.5)/(df+0.5))
}

// bm25Term is BM25Score with the IDF computed once per query term; both
// paths run the same operations, so their scores are bit-identical.
func bm25Term(idf, tf, docLen, avgDocLen float64) float64 {
	norm := 1.0
	if avgDocLen > 0 {
		norm = 1 - BM25B + BM25B*docLen/avgDocLen
	}
	return idf * tf * (BM25K1 + 1) / (tf + BM25K1*norm)
}

// Hit is a document id with its score, higher is better.
type Hit struct {
	ID    string
	Score float64
}

// uniqueTerms is text.Tokenize without repeats, in first-seen order.
func uniqueTerms(s string) []string {
	var terms []string
	seen := make(map[string]struct{})
	var sc text.Scanner
	sc.Scan(s, func(tok []byte) {
		if _, ok := seen[string(tok)]; !ok {
			t := string(tok)
			seen[t] = struct{}{}
			terms = append(terms, t)
		}
	})
	return terms
}

package vectordb

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/text"
)

// Ranked is one document of a ranked pool: its fused score, which gives the
// order, and the two scores fused.
type Ranked struct {
	ID string `json:"id"`
	// Score is the weighted reciprocal-rank-fusion score, the order.
	Score float64 `json:"score"`
	// Lexical is the document's BM25 score for the query within the pool;
	// 0 means it shares no term with the query.
	Lexical float64 `json:"bm25"`
	// Cosine is the similarity of the embeddings.
	Cosine float64 `json:"cosine"`
}

// Ranker orders a small pool of documents that are not in any store (the
// papers an arXiv search returned) by relevance to a query, with the
// store's own hybrid scorer: BM25 over the pool, the embedder's cosine, and
// the fusion HybridWeightsFor gives the embedder, so that a pool is ranked
// the way a store with that embedder would rank it if it held exactly
// these documents. gtrag ranks its pools with the offline embedder whatever
// the store's (service's poolRanker says why).
//
// BM25's document frequencies come from the pool itself. In a pool fetched
// for the question that makes the question's most common word among the
// candidates weigh least, which is what telling them apart needs. The
// index is built per call and thrown away: a pool is tens of documents.
type Ranker struct {
	Embedder Embedder
}

// Rank returns every document of docs, best first. Ties go to the smaller
// id. One embedding call covers the query and the pool.
func (r Ranker) Rank(ctx context.Context, query string, docs []Document) ([]Ranked, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	if r.Embedder == nil {
		return nil, fmt.Errorf("rank %d documents: no embedder", len(docs))
	}
	texts := make([]string, 0, len(docs)+1)
	texts = append(texts, query)
	for _, d := range docs {
		texts = append(texts, d.Content)
	}
	vecs, err := r.Embedder.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("rank %d documents: embed: %w", len(docs), err)
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("rank %d documents: embedder %s returned %d vectors for %d texts", len(docs), r.Embedder.Spec(), len(vecs), len(texts))
	}
	q := unitVector(vecs[0])
	lexical := poolBM25(query, docs)
	out := make([]Ranked, len(docs))
	byID := make(map[string]int, len(docs))
	for i, d := range docs {
		out[i] = Ranked{ID: d.ID, Lexical: lexical[i]}
		if v := unitVector(vecs[i+1]); len(v) == len(q) && len(q) > 0 {
			out[i].Cosine = embedDot(q, v)
		}
		byID[d.ID] = i
	}
	byVector := rankedIDs(out, func(x Ranked) float64 { return x.Cosine }, false)
	byWords := rankedIDs(out, func(x Ranked) float64 { return x.Lexical }, true)
	for _, h := range HybridWeightsFor(r.Embedder.Spec()).FuseScores(byVector, byWords) {
		out[byID[h.ID]].Score = h.Score
	}
	slices.SortStableFunc(out, func(a, b Ranked) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// rankedIDs lists the ids by score, best first, ties by id; positiveOnly
// leaves out scores of 0, as the store's BM25 ranking lists only documents
// that share a term with the query.
func rankedIDs(rs []Ranked, score func(Ranked) float64, positiveOnly bool) []string {
	sorted := slices.Clone(rs)
	slices.SortFunc(sorted, func(a, b Ranked) int {
		if sa, sb := score(a), score(b); sa != sb {
			if sa > sb {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	ids := make([]string, 0, len(sorted))
	for _, x := range sorted {
		if positiveOnly && !(score(x) > 0) {
			continue
		}
		ids = append(ids, x.ID)
	}
	return ids
}

// poolBM25 scores each document for the query with BM25Score, the
// collection being the pool.
func poolBM25(query string, docs []Document) []float64 {
	terms := uniqueTerms(query)
	tfs := make([]map[string]int, len(docs))
	lens := make([]float64, len(docs))
	df := map[string]int{}
	var total float64
	for i, d := range docs {
		tf := map[string]int{}
		for _, t := range text.Tokenize(d.Content) {
			tf[t]++
			lens[i]++
		}
		for t := range tf {
			df[t]++
		}
		tfs[i] = tf
		total += lens[i]
	}
	avg := total / float64(len(docs))
	scores := make([]float64, len(docs))
	for i := range docs {
		for _, t := range terms {
			scores[i] += BM25Score(float64(tfs[i][t]), lens[i], avg, float64(df[t]), float64(len(docs)))
		}
	}
	return scores
}

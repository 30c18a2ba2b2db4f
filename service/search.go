package service

import (
	"context"
	"fmt"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// CheckSearchQuery refuses a query with no indexed word ("?", "the of"):
// it matches no word of any passage, and the store returns its first
// passages in its own order at similarity 0, as if they were results.
// Check it before the store is opened: a refused query opens nothing.
func CheckSearchQuery(query string) error {
	if len(text.Tokenize(query)) == 0 {
		return fmt.Errorf("the query %q has no word to search with: stop words and punctuation are not indexed", query)
	}
	return nil
}

// DefaultSearchK is how many passages a search returns unless told.
const DefaultSearchK = 5

// SearchOptions tune Search.
type SearchOptions struct {
	// K is how many passages to return; 0 means DefaultSearchK.
	K int
	// Rerank makes the passages those pull_from_chroma keeps for the
	// query as a question: the store's candidates re-ranked by the
	// question's focal concept, one passage a paper while there are enough
	// papers, the store's best match kept among them. Otherwise they are
	// the store's own order (BM25 fused with vectors), every chunk it
	// returns: raw retrieval, as the shared contract describes search.
	Rerank bool
}

// Retrieval is what Search found.
type Retrieval struct {
	Results []vectordb.Result
	// Ranking says in a line how Results were chosen and ordered; for a
	// re-ranked search it is pull_from_chroma's reasoning, as a trace
	// shows it.
	Ranking string
}

// Search returns the store's best passages for query, or with Rerank what
// ask starts from: the passages the workflow's first pull_from_chroma
// keeps, with K passages instead of ask's 3.
//
// Why both. The store's order is what the store does, and what a user
// tuning the store or its embedder wants to see; but ask never reads it
// as it stands. For "second-price auction" the store puts the primer's
// first-price chunk first (it shares "price" and "auction" and says
// "second-price" in passing), while ask answers from the Vickrey entry the
// reranker puts first. Asking why an answer cited what it did needs ask's
// ranking.
//
// With Rerank a Result's Score is the reranker's score; its rank parts
// (vectordb.WithScoreParts on ctx) still describe the store's fusion.
func Search(ctx context.Context, store Store, query string, o SearchOptions) (Retrieval, error) {
	k := o.K
	if k <= 0 {
		k = DefaultSearchK
	}
	if !o.Rerank {
		results, err := store.Query(ctx, query, k)
		if err != nil {
			return Retrieval{}, err
		}
		return Retrieval{Results: results, Ranking: "the store's order: BM25 and vector rankings fused"}, nil
	}
	pull := nodes.Puller{Store: store, K: k, Rerank: reasoner.NewOfflineReranker(), Candidates: nodes.DefaultCandidates}
	s, err := pull.Pull(ctx, nodes.GraphState{UserQuery: query})
	if err != nil {
		return Retrieval{}, err
	}
	return Retrieval{Results: s.ChromaResults, Ranking: s.Reasoning}, nil
}

package weaviatestore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/graphql"

	"github.com/gtrag/gtrag/vectordb"
)

// Hybrid is how Query asks Weaviate to fuse its BM25 and vector rankings.
type Hybrid struct {
	// Fusion is graphql.Ranked (reciprocal rank fusion, k = 60) or
	// graphql.RelativeScore (each side's scores scaled to [0,1] and added).
	Fusion graphql.FusionType
	// Alpha weighs the vector side: 1 is vectors only, 0 is BM25 only.
	Alpha float32
	// Property is the text BM25 searches: propTerms (gtrag's tokens) or
	// propContent (Weaviate's word tokenizer).
	Property string
}

// DefaultHybrid is the fusion Query uses. TestRetrievalQuality chose it on
// the dev half of testdata/retrieval (see the package doc for the grid and
// the held-out figures).
var DefaultHybrid = Hybrid{Fusion: graphql.Ranked, Alpha: 0.2, Property: propTerms}

// Query returns at most k chunks for text, best first, by Weaviate's hybrid
// search (DefaultHybrid) at the read consistency level. As in the embedded
// store, Similarity is the cosine of the chunk's vector to the query's,
// clamped to [0,1] (computed here from the vectors Weaviate returns), so
// that relevance thresholds mean the same on both backends, and Score is
// the fused score, scaled so that a chunk first in both rankings scores 1
// (Weaviate's ranked fusion gives weight/(60+rank) per side, rank from 0).
// BM25, VectorRank and LexicalRank stay 0: Weaviate reports them only as
// prose (explainScore).
func (s *Store) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	return s.query(ctx, text, k, DefaultHybrid)
}

func (s *Store) query(ctx context.Context, text string, k int, h Hybrid) ([]vectordb.Result, error) {
	if s.emb == nil {
		return nil, fmt.Errorf("query %s: the store was opened without an embedder", s.cfg)
	}
	if k <= 0 || strings.TrimSpace(text) == "" || s.rec.Embedder == "" {
		return nil, nil
	}
	vecs, err := s.emb.Embed(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("embed query: %w", err)
	}
	if len(vecs) != 1 {
		return nil, fmt.Errorf("embed query: embedder %s returned %d vectors", s.emb.Spec(), len(vecs))
	}
	q := vecs[0]
	if err := s.checkDim(len(q)); err != nil {
		return nil, err
	}
	objs, err := s.hybrid(ctx, text, q, k, h, true, propChunkID, propPaperID, propContent, propMetadata)
	scale := 1.0
	if h.Fusion == graphql.Ranked {
		scale = 60
	}
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", s.cfg, err)
	}
	out := make([]vectordb.Result, 0, len(objs))
	for _, o := range objs {
		var meta map[string]string
		if o.Metadata != "" {
			if err := json.Unmarshal([]byte(o.Metadata), &meta); err != nil {
				return nil, fmt.Errorf("query %s: chunk %s has unreadable metadata: %w", s.cfg, o.ChunkID, err)
			}
		}
		fused, _ := strconv.ParseFloat(o.Additional.Score, 64)
		out = append(out, vectordb.Result{
			Document:   vectordb.Document{ID: o.ChunkID, Content: o.Content, Metadata: meta},
			Score:      min(1, max(0, fused*scale)),
			Similarity: min(1, max(0, dot(q, o.Additional.Vector))),
		})
	}
	return out, nil
}

// hybrid runs one hybrid search and returns the objects with props and,
// if withVectors, their vectors. The query text goes to BM25 as the property's tokenizer
// expects it; with no terms left (a question of stop words) the search is
// by vector alone.
func (s *Store) hybrid(ctx context.Context, text string, vec []float32, k int, h Hybrid, withVectors bool, props ...string) ([]object, error) {
	additional := []string{"id", "score"}
	if withVectors {
		additional = append(additional, "vector")
	}
	query, alpha := text, h.Alpha
	if h.Property == propTerms {
		query = lexicalText(text)
	}
	if strings.TrimSpace(query) == "" {
		query, alpha = "", 1
	}
	var out struct {
		Get map[string][]object `json:"Get"`
	}
	err := s.retry(ctx, func(c *weaviate.Client) error {
		arg := (&graphql.HybridArgumentBuilder{}).WithQuery(query).WithVector(vec).WithAlpha(alpha).
			WithFusionType(h.Fusion).WithProperties([]string{h.Property})
		q := c.GraphQL().Get().WithClassName(s.class).WithHybrid(arg).WithLimit(k).WithFields(fieldsOf(props, additional...)...)
		if s.replicas > 1 {
			q = q.WithConsistencyLevel(s.cfg.readConsistency())
		}
		resp, err := q.Do(ctx)
		return decodeGraphQL(resp, err, &out)
	})
	if err != nil {
		return nil, err
	}
	return out.Get[s.class], nil
}

func dot(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

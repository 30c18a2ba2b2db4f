package weaviatestore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
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
//
// VectorRank and LexicalRank, the chunk's places in the two rankings the
// fusion combined (0 where it was not a candidate), are read from the
// prose Weaviate explains the fused score with (explainScore, see
// fusedRanks), and BM25 is the chunk's score in a BM25 query of its own
// (bm25Scores), since that prose does not give it. Both are best effort
// and never fail the query: an explanation that reads otherwise (another
// server version) leaves all three 0, a failed BM25 query leaves BM25 0.
// The BM25 query, filtered to the results BM25 ranked, costs a round trip
// and about one BM25 search when there are any (see bm25Scores), so it is
// sent only under vectordb.WithScoreParts; otherwise BM25 stays 0 and the
// ranks, which come with the hybrid search, are still set.
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
	objs, err := s.hybrid(ctx, text, q, k, h, []string{"vector", "explainScore"}, propChunkID, propPaperID, propContent, propMetadata)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", s.cfg, err)
	}
	scale := 1.0
	if h.Fusion == graphql.Ranked {
		scale = 60
	}
	query, alpha := h.args(text)
	out := make([]vectordb.Result, 0, len(objs))
	var lexical []string // the ids of the results BM25 ranked
	for _, o := range objs {
		var meta map[string]string
		if o.Metadata != "" {
			if err := json.Unmarshal([]byte(o.Metadata), &meta); err != nil {
				return nil, fmt.Errorf("query %s: chunk %s has unreadable metadata: %w", s.cfg, o.ChunkID, err)
			}
		}
		fused, _ := strconv.ParseFloat(o.Additional.Score, 64)
		r := vectordb.Result{
			Document:   vectordb.Document{ID: o.ChunkID, Content: o.Content, Metadata: meta},
			Score:      min(1, max(0, fused*scale)),
			Similarity: min(1, max(0, dot(q, o.Additional.Vector))),
		}
		if h.Fusion == graphql.Ranked {
			r.VectorRank, r.LexicalRank = fusedRanks(o.Additional.ExplainScore, o.Additional.ID, float64(alpha))
			if r.LexicalRank > 0 {
				lexical = append(lexical, o.Additional.ID)
			}
		}
		out = append(out, r)
	}
	if len(lexical) > 0 && vectordb.ScorePartsWanted(ctx) {
		// Best effort: without the scores the results stand as they are.
		if scores, err := s.bm25Scores(ctx, query, h.Property, lexical); err == nil {
			for i, o := range objs {
				if out[i].LexicalRank > 0 {
					out[i].BM25 = scores[o.Additional.ID]
				}
			}
		}
	}
	return out, nil
}

// args is the query text and vector weight a hybrid search for text
// sends: the text as the BM25 property's tokenizer expects it and h.Alpha,
// or, with no terms left (a question of stop words), no text and alpha 1,
// a search by vector alone.
func (h Hybrid) args(text string) (query string, alpha float32) {
	query, alpha = text, h.Alpha
	if h.Property == propTerms {
		query = lexicalText(text)
	}
	if strings.TrimSpace(query) == "" {
		query, alpha = "", 1
	}
	return query, alpha
}

// hybrid runs one hybrid search (see Hybrid.args) and returns the objects
// with props, their ids and fused scores, and the additional fields asked
// for ("vector", "explainScore").
func (s *Store) hybrid(ctx context.Context, text string, vec []float32, k int, h Hybrid, additional []string, props ...string) ([]object, error) {
	query, alpha := h.args(text)
	var out struct {
		Get map[string][]object `json:"Get"`
	}
	err := s.retry(ctx, func(c *weaviate.Client) error {
		arg := (&graphql.HybridArgumentBuilder{}).WithQuery(query).WithVector(vec).WithAlpha(alpha).
			WithFusionType(h.Fusion).WithProperties([]string{h.Property})
		q := c.GraphQL().Get().WithClassName(s.class).WithHybrid(arg).WithLimit(k).
			WithFields(fieldsOf(props, append([]string{"id", "score"}, additional...)...)...)
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

// bm25Scores returns the BM25 scores of the objects ids for a BM25 search
// for query over property, by id: the scores by which a hybrid search
// ranked its BM25 side, which Weaviate's explanation of ranked fusion
// leaves out. The search is filtered to ids, which leaves the scores as
// they are (Weaviate 1.35.2 counts a term's documents for its IDF before
// the filter: adapters/repos/db/lsmkv/bucket.go, createDiskTermFromCV).
// It costs about one BM25 search: BenchmarkBackends (2000 papers, top 5,
// on a busy two-core machine) measured Query at 50-65 ms with it against
// 28-43 ms without. The unfiltered alternative, a BM25 search as deep as
// the hybrid search's 100 candidates, measured 48-76 ms, and a shallower
// one misses chunks: on 1.35.2, "Shapley value" over the primer with
// limit 3 or 10 did not return the Shapley-value chunks that limit 100
// puts first.
func (s *Store) bm25Scores(ctx context.Context, query, property string, ids []string) (map[string]float64, error) {
	var out struct {
		Get map[string][]object `json:"Get"`
	}
	err := s.retry(ctx, func(c *weaviate.Client) error {
		arg := (&graphql.BM25ArgumentBuilder{}).WithQuery(query).WithProperties(property)
		where := (&filters.WhereBuilder{}).WithPath([]string{"id"}).WithOperator(filters.ContainsAny).WithValueText(ids...)
		q := c.GraphQL().Get().WithClassName(s.class).WithBM25(arg).WithWhere(where).WithLimit(len(ids)).
			WithFields(fieldsOf(nil, "id", "score")...)
		if s.replicas > 1 {
			q = q.WithConsistencyLevel(s.cfg.readConsistency())
		}
		resp, err := q.Do(ctx)
		return decodeGraphQL(resp, err, &out)
	})
	if err != nil {
		return nil, fmt.Errorf("bm25 scores: %w", err)
	}
	scores := make(map[string]float64, len(ids))
	for _, o := range out.Get[s.class] {
		if v, err := strconv.ParseFloat(o.Additional.Score, 64); err == nil {
			scores[o.Additional.ID] = v
		}
	}
	return scores, nil
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

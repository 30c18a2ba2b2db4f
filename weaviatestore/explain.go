package weaviatestore

import (
	"math"
	"regexp"
	"strconv"
)

// Weaviate explains a hybrid result's fused score only in prose, the
// _additional field explainScore. With ranked fusion the server (v1.35.2,
// usecases/traverser/hybrid/hybrid_fusion.go, FusionRanked; the format is
// unchanged in later releases) writes one line per side of the search in
// which the result was a candidate:
//
//	Hybrid (Result Set vector,hybridVector) Document <uuid> contributed 0.0033333334 to the score
//	Hybrid (Result Set keyword,bm25) Document <uuid> contributed 0.013333334 to the score
//
// The set names come from usecases/traverser/explorer_hybrid.go ("vector,"
// plus the kind of vector search, "keyword,bm25"), and the contribution is
// float32(weight / (i + 60)) for the result's 0-based place i in that
// side's ranking, the weight being alpha for the vectors and 1 - alpha for
// BM25. The place is therefore recovered exactly from the contribution and
// the weight the query was sent with. The line gives neither side's own
// score: the BM25 score comes from a BM25 query of its own (see
// Store.bm25Scores), and Similarity is computed from the vectors.
// Relative-score fusion writes another sentence ("…: original score 0.8,
// normalized score: 0.5"), which gives no places; it is not read.
var contributedRE = regexp.MustCompile(`Hybrid \(Result Set (vector|keyword),[^)]*\) Document (\S+) contributed (\S+) to the score`)

// fusedRanks reads a result's 1-based places in the vector and BM25
// rankings of a ranked-fusion hybrid search from its explainScore. id is
// the result's object UUID: lines about another document are ignored.
// alpha is the vector weight the query was sent with. A side the result
// was not a candidate of, or whose line cannot be read (another server
// version, another fusion), gives 0.
func fusedRanks(explain, id string, alpha float64) (vectorRank, lexicalRank int) {
	for _, m := range contributedRE.FindAllStringSubmatch(explain, -1) {
		if m[2] != id {
			continue
		}
		contributed, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			continue
		}
		switch m[1] {
		case "vector":
			if vectorRank == 0 {
				vectorRank = rankOf(alpha, contributed)
			}
		case "keyword":
			if lexicalRank == 0 {
				lexicalRank = rankOf(1-alpha, contributed)
			}
		}
	}
	return vectorRank, lexicalRank
}

// rankOf inverts ranked fusion's contribution = weight/(i+60): the 1-based
// place i+1, or 0 when contribution is not such a value for a place below
// maxFusedRank. The contribution is a float32 (about 7 significant digits)
// and the weight may differ from the server's by float32 rounding of alpha,
// so a relative error of 1e-6 is allowed; neighbouring places differ by
// more than that up to maxFusedRank.
func rankOf(weight, contributed float64) int {
	if !(weight > 0) || !(contributed > 0) || math.IsInf(contributed, 0) {
		return 0
	}
	i := math.Round(weight/contributed - 60)
	if i < 0 || i >= maxFusedRank {
		return 0
	}
	if math.Abs(weight/(i+60)-contributed) > 1e-6*contributed {
		return 0
	}
	return int(i) + 1
}

// maxFusedRank bounds the places rankOf accepts; Weaviate's hybrid search
// takes QUERY_HYBRID_MAXIMUM_RESULTS (100 by default) candidates per side.
const maxFusedRank = 100_000

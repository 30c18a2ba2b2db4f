package vectordb

import (
	"slices"
	"strings"
)

// RRFDefaultK is the k of reciprocal rank fusion from Cormack, Clarke and
// Büttcher (2009): large enough that the first few ranks of one list do not
// outweigh agreement between lists.
const RRFDefaultK = 60

// FuseRRF merges rankings (ids, best first) by reciprocal rank fusion and
// returns every id that appears in any of them, best first. See
// FuseRRFScores.
func FuseRRF(k int, rankings ...[]string) []string {
	hits := FuseRRFScores(k, rankings...)
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids
}

// FuseRRFScores is FuseRRF with each id's fused score: the sum over
// rankings of 1/(k + rank), rank counting from 1. k <= 0 means RRFDefaultK.
// An id listed twice in one ranking counts at its first place only. RRF
// needs only ranks, which is why it can fuse BM25 scores and cosines that
// live on unrelated scales. Equal scores are ordered by id, and the sum is
// taken in a fixed order, so the result does not depend on the order of
// the rankings.
func FuseRRFScores(k int, rankings ...[]string) []Hit {
	if k <= 0 {
		k = RRFDefaultK
	}
	ranks := make(map[string][]int)
	var order []string
	for _, ranking := range rankings {
		seen := make(map[string]struct{}, len(ranking))
		for i, id := range ranking {
			if _, dup := seen[id]; dup {
				continue
			}
			seen[id] = struct{}{}
			if _, ok := ranks[id]; !ok {
				order = append(order, id)
			}
			ranks[id] = append(ranks[id], i+1)
		}
	}
	hits := make([]Hit, 0, len(order))
	for _, id := range order {
		r := ranks[id]
		// Floating-point addition is not associative: summing in rank order
		// gives two ids with the same ranks bit-identical scores.
		slices.Sort(r)
		var s float64
		for _, rank := range r {
			s += 1 / float64(k+rank)
		}
		hits = append(hits, Hit{ID: id, Score: s})
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	return hits
}

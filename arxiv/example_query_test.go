package arxiv_test

import (
	"fmt"

	"github.com/gtrag/gtrag/arxiv"
)

// A question becomes an OR of its terms over title and abstract, the
// concepts spelled every way the glossary knows, with the game-theory
// categories as a boost rather than a requirement.
func ExampleBuildQuery() {
	q := "Why does tit-for-tat do well in the IPD?"
	fmt.Println(arxiv.BuildQuery(q, arxiv.QueryOptions{
		Concepts: [][]string{{"tit-for-tat", "tit for tat", "TFT"}, {"iterated prisoner's dilemma", "IPD"}},
		Boost:    arxiv.GameTheoryBoost,
		Fields:   []string{"abs"},
	}))
	// A narrower second search: the concepts required, the rest ranking.
	fmt.Println(arxiv.BuildQuery(q, arxiv.QueryOptions{
		Concepts:       [][]string{{"tit-for-tat", "TFT"}},
		RequireConcept: true,
		Boost:          arxiv.GameTheoryBoost,
		Fields:         []string{"abs"},
	}))
	// A query already in arXiv syntax passes through, repaired.
	fmt.Println(arxiv.BuildQuery(`ti:"mean field" AND (au:Lasry OR au:Lions`, arxiv.QueryOptions{}))
	// Output:
	// abs:"tit for tat" OR abs:tft OR abs:"iterated prisoner dilemma" OR abs:ipd OR (cat:cs.GT OR cat:econ.TH)
	// (abs:"tit for tat" OR abs:tft) AND (abs:ipd OR (cat:cs.GT OR cat:econ.TH))
	// ti:"mean field" AND (au:Lasry OR au:Lions)
}

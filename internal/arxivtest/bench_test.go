package arxivtest

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// benchQueries are the shapes of query the loop sends: fielded terms and
// phrases OR'ed with a soft game-theory preference, a loose bare-term
// query, and a required phrase.
var benchQueries = map[string]string{
	"fielded": `ti:"second price" OR abs:"second price" OR ti:vickrey OR abs:vickrey OR abs:truthful OR abs:bidding OR abs:dominant OR cat:cs.GT OR cat:econ.TH`,
	"bare":    `how does the vickrey auction make truthful bidding a dominant strategy`,
	"and":     `abs:"price of anarchy" AND (abs:routing OR abs:congestion)`,
}

// BenchmarkSearch measures one relevance search for a page of 30 over the
// generated background (no HTTP).
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{10000, 20000} {
		ix := NewIndex(BackgroundPapers(n, 1))
		for _, name := range []string{"fielded", "bare", "and"} {
			q, err := Parse(benchQueries[name])
			require.NoError(b, err)
			b.Run(fmt.Sprintf("%s/%dk", name, n/1000), func(b *testing.B) {
				for b.Loop() {
					if res, _ := ix.Search(q, Sort{}, 0, 30); len(res) == 0 {
						b.Fatal("nothing found")
					}
				}
			})
		}
	}
}

// BenchmarkServe measures a whole request through the real client — query
// parsing, ranking, Atom rendering, HTTP, feed parsing — over the default
// world's 10,000 generated papers.
func BenchmarkServe(b *testing.B) {
	srv := WorldWith(b, nil, WithPapersFile(""))
	c := client(srv)
	for b.Loop() {
		page, err := c.Search(context.Background(), benchQueries["fielded"], 0, 30, arxiv.SearchOptions{})
		if err != nil || len(page.Papers) != 30 {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildWorld measures generating and indexing the default world.
func BenchmarkBuildWorld(b *testing.B) {
	for b.Loop() {
		NewIndex(BackgroundPapers(DefaultBackground, 1))
	}
}

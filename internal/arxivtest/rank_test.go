package arxivtest

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// paper is a fixture paper with an id from n.
func paper(n int, title, summary string, authors ...string) arxiv.Paper {
	return arxiv.Paper{
		ID: fmt.Sprintf("2402.%05dv1", n), Title: title, Summary: summary, Authors: authors,
		PrimaryCategory: "physics.gen-ph", Categories: []string{"physics.gen-ph"},
		Published: time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour),
	}
}

// search runs q over papers and returns the ids found, in order, and their
// scores.
func search(t *testing.T, ix *Index, q string, s Sort) ([]string, []float64) {
	t.Helper()
	parsed, err := Parse(q)
	require.NoError(t, err, q)
	results, total := ix.Search(parsed, s, 0, -1)
	require.Len(t, results, total)
	var ids []string
	var scores []float64
	for _, r := range results {
		ids, scores = append(ids, r.Paper.ID), append(scores, r.Score)
	}
	return ids, scores
}

// filler are papers that use none of the test words, so that idf behaves
// as in a real collection.
func filler(from, n int) []arxiv.Paper {
	var out []arxiv.Paper
	for i := range n {
		out = append(out, paper(from+i, fmt.Sprintf("Spectral lines of stellar winds %d", i),
			"We measure spectral lines in the winds of hot stars with a new spectrograph and compare them with radiative transfer models.",
			"Ortiz M."))
	}
	return out
}

func TestPhraseNeedsAdjacentTermsWhileTermsAreOred(t *testing.T) {
	phrase := paper(1, "Notes", "A game theory approach to routing.")
	apart := paper(2, "Notes", "The theory of a routing game.")
	one := paper(3, "Notes", "A routing game with delays.")
	ix := NewIndex(append([]arxiv.Paper{phrase, apart, one}, filler(10, 20)...))

	got, _ := search(t, ix, `abs:"game theory"`, Sort{})
	require.Equal(t, []string{phrase.ID}, got, "a phrase needs its words in order and adjacent")

	got, _ = search(t, ix, `abs:game abs:theory`, Sort{})
	require.ElementsMatch(t, []string{phrase.ID, apart.ID, one.ID}, got, "side-by-side terms are OR'ed")
	require.NotEqual(t, one.ID, got[0], "a paper with both terms ranks above one with one")
	require.Equal(t, one.ID, got[2])

	got, _ = search(t, ix, `abs:"games theories"`, Sort{})
	require.Equal(t, []string{phrase.ID}, got, "phrase terms are stemmed like the text")

	tft := paper(4, "Tit-for-tat wins", "Reciprocity.")
	spelled := paper(5, "Tit for tat in the lab", "Reciprocity.")
	ix = NewIndex(append([]arxiv.Paper{tft, spelled}, filler(10, 5)...))
	got, _ = search(t, ix, `ti:"tit for tat"`, Sort{})
	require.ElementsMatch(t, []string{tft.ID, spelled.ID}, got, "a hyphen splits words and a stop word keeps its place")
	got, _ = search(t, ix, `ti:"tit tat"`, Sort{})
	require.Empty(t, got, "the removed stop word still separates tit from tat")
}

func TestCoordFactorScalesByMatchedClauses(t *testing.T) {
	both := paper(1, "Notes", "Auctions and bidding.")
	onlyAuction := paper(2, "Notes", "Auctions.")
	ix := NewIndex(append([]arxiv.Paper{both, onlyAuction}, filler(10, 30)...))

	single := scoreOf(t, ix, `abs:auctions`)
	pair := scoreOf(t, ix, `abs:auctions OR abs:bidding`)
	got, _ := search(t, ix, `abs:auctions OR abs:bidding`, Sort{})
	require.Equal(t, []string{both.ID, onlyAuction.ID}, got)
	require.InDelta(t, single[onlyAuction.ID]/2, pair[onlyAuction.ID], 1e-12, "one of two clauses matched: half the clause score")
	require.Greater(t, pair[both.ID], single[both.ID], "both clauses matched: the sum, coord 1")

	four := scoreOf(t, ix, `abs:auctions abs:bidding abs:zebra abs:quark`)
	require.InDelta(t, pair[both.ID]/2, four[both.ID], 1e-12, "two of four clauses: coord 2/4 instead of 2/2")

	// Coord rewards breadth: three terms once each beat one term said
	// over and over.
	broad := paper(3, "Notes", "Auction design with reserve prices and revenue.")
	deep := paper(4, "Notes", "Auction auction auction auction auction auction auction.")
	ix = NewIndex(append([]arxiv.Paper{deep, broad}, filler(10, 30)...))
	got, _ = search(t, ix, `abs:auction abs:reserve abs:revenue`, Sort{})
	require.Equal(t, []string{broad.ID, deep.ID}, got)

	// A term made only of stop words is dropped, not counted.
	_, withStop := search(t, ix, `abs:auction abs:the`, Sort{})
	_, alone := search(t, ix, `abs:auction`, Sort{})
	require.Equal(t, alone, withStop)
}

// scoreOf maps the ids q finds to their scores.
func scoreOf(t *testing.T, ix *Index, q string) map[string]float64 {
	t.Helper()
	ids, scores := search(t, ix, q, Sort{})
	out := map[string]float64{}
	for i, id := range ids {
		out[id] = scores[i]
	}
	return out
}

func TestBM25PrefersRareTermsAndShortFields(t *testing.T) {
	short := paper(1, "Notes", "Bargaining power.")
	long := paper(2, "Notes", "Bargaining power in a long abstract that goes on about unions, wages, firms, strikes, courts and history for many more words.")
	ix := NewIndex(append([]arxiv.Paper{long, short}, filler(10, 10)...))
	got, _ := search(t, ix, `abs:bargaining`, Sort{})
	require.Equal(t, []string{short.ID, long.ID}, got, "the same count in a shorter field weighs more")

	// "spectral" is in every filler paper, "bargaining" in two: the rare
	// term decides.
	rare := paper(3, "Notes", "Bargaining.")
	common := paper(4, "Notes", "Spectral spectral spectral.")
	ix = NewIndex(append([]arxiv.Paper{common, rare}, filler(10, 30)...))
	got, _ = search(t, ix, `abs:bargaining abs:spectral`, Sort{})
	require.Equal(t, rare.ID, got[0])

	inTitle := paper(5, "Bargaining", "Wages.")
	inAbstract := paper(6, "Wages", "Bargaining.")
	ix = NewIndex(append([]arxiv.Paper{inAbstract, inTitle}, filler(10, 10)...))
	got, scores := search(t, ix, `all:bargaining`, Sort{})
	require.Equal(t, []string{inTitle.ID, inAbstract.ID}, got, "the title is boosted")
	require.Less(t, scores[0], 2*scores[1], "modestly")
}

func TestFieldPrefixesAndBareTermsSearchAuthors(t *testing.T) {
	byNash := paper(1, "Isometric embeddings of Riemannian manifolds", "Smooth embeddings in Euclidean space.", "Nash J.", "Moser J.")
	aboutNash := paper(2, "Computing a Nash equilibrium", "Two-player games.", "Ortiz M.")
	gt := paper(3, "Markets", "Prices clear.", "Walras L.")
	gt.PrimaryCategory, gt.Categories = "cs.GT", []string{"cs.GT", "econ.TH"}
	gt.Comment, gt.JournalRef = "12 pages, Nash bargaining appendix", "Games Econ. Behav. 12 (2020)"
	ix := NewIndex(append([]arxiv.Paper{byNash, aboutNash, gt}, filler(10, 10)...))

	tests := []struct {
		q    string
		want []string
	}{
		{`nash`, []string{byNash.ID, aboutNash.ID, gt.ID}},
		{`all:nash`, []string{byNash.ID, aboutNash.ID, gt.ID}},
		{`ti:nash`, []string{aboutNash.ID}},
		{`abs:nash`, nil},
		{`au:nash`, []string{byNash.ID}},
		{`au:"moser j"`, []string{byNash.ID}},
		{`au:"nash moser"`, nil}, // a phrase never spans two authors
		{`co:bargaining`, []string{gt.ID}},
		{`jr:"games econ"`, []string{gt.ID}},
		{`cat:cs.GT`, []string{gt.ID}},
		{`cat:econ.th`, []string{gt.ID}},
		{`cat:cs`, []string{gt.ID}},
		{`cat:cs.*`, []string{gt.ID}},
		{`cat:math.CO`, nil},
		{`id:2402.00002`, []string{aboutNash.ID}},
		{`id:2402.00002v1`, []string{aboutNash.ID}},
		{`rn:nash`, nil},
		{`ti:(nash riemannian)`, []string{byNash.ID, aboutNash.ID}},
		{`ti:nash AND cat:cs.GT`, nil},
		{`nash ANDNOT au:nash`, []string{aboutNash.ID, gt.ID}},
		{`(ti:nash OR ti:markets) AND abs:games`, []string{aboutNash.ID}},
		{`ti:embed*`, []string{byNash.ID}},
		{`ti:n?sh`, []string{aboutNash.ID}},
		{`ti:equilibrium?`, nil}, // a question mark is a wildcard for one more letter
		{`the of and`, nil},
	}
	for _, tt := range tests {
		got, _ := search(t, ix, tt.q, Sort{})
		require.ElementsMatch(t, tt.want, got, tt.q)
	}
}

func TestSortOrders(t *testing.T) {
	a, b, c := paper(1, "Auctions", "x."), paper(2, "Auctions", "x. Auctions."), paper(3, "Auctions", "x.")
	c.Updated = c.Published.Add(-time.Minute) // never earlier than published on arXiv, but the sort must use it
	a.Updated = a.Published.Add(100 * time.Hour)
	ix := NewIndex([]arxiv.Paper{a, b, c})
	for _, tt := range []struct {
		s    Sort
		want []string
	}{
		{Sort{}, []string{b.ID, a.ID, c.ID}},
		{Sort{By: "relevance", Order: "ascending"}, []string{a.ID, c.ID, b.ID}},
		{Sort{By: "submittedDate"}, []string{c.ID, b.ID, a.ID}},
		{Sort{By: "submittedDate", Order: "ascending"}, []string{a.ID, b.ID, c.ID}},
		{Sort{By: "lastUpdatedDate", Order: "descending"}, []string{a.ID, c.ID, b.ID}},
	} {
		got, _ := search(t, ix, "auctions", tt.s)
		require.Equal(t, tt.want, got, "%+v", tt.s)
	}
}

func TestPagingIsDeterministic(t *testing.T) {
	papers := Papers(0, 95) // many equal scores: ties must keep one order
	srv := New(t, papers)
	ctx := context.Background()
	var pages []string
	for start := 0; start < 120; start += 10 {
		page, err := client(srv).Search(ctx, "abs:auctions OR abs:bargaining ti:games", start, 10, arxiv.SearchOptions{})
		require.NoError(t, err)
		pages = append(pages, paperIDs(page.Papers)...)
	}
	full, err := client(srv).Search(ctx, "abs:auctions OR abs:bargaining ti:games", 0, 200, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, paperIDs(full.Papers), pages, "pages concatenate to the one-request answer")
	require.Equal(t, full.Total, len(pages))
	seen := map[string]bool{}
	for _, id := range pages {
		require.False(t, seen[id], "paper %s on two pages", id)
		seen[id] = true
	}
	again, err := client(srv).Search(ctx, "abs:auctions OR abs:bargaining ti:games", 0, 200, arxiv.SearchOptions{})
	require.NoError(t, err)
	require.Equal(t, paperIDs(full.Papers), paperIDs(again.Papers))
}

func TestScoresAreFiniteAndPositive(t *testing.T) {
	ix := NewIndex(Papers(0, 50))
	for _, q := range []string{`nash`, `all:"nash equilibrium" AND cat:cs.GT`, `ti:*`, `abs:equilib*`, `(a OR b) ANDNOT c`} {
		_, scores := search(t, ix, q, Sort{})
		for _, s := range scores {
			require.False(t, math.IsNaN(s) || math.IsInf(s, 0) || s <= 0, "%s: score %v", q, s)
		}
	}
}

func TestIDListWithQueryKeepsListOrderAndFilters(t *testing.T) {
	a := paper(1, "Auctions", "Bidding.")
	b := paper(2, "Matching", "Stable marriages.")
	c := paper(3, "Auction theory", "Reserve prices.")
	srv := New(t, []arxiv.Paper{a, b, c})
	resp, err := srv.Client().Get(srv.URL + "?id_list=" + c.ID + "," + b.ID + "," + a.ID + "&search_query=ti:auction*")
	require.NoError(t, err)
	defer resp.Body.Close()
	page, err := arxiv.ParseFeed(resp.Body)
	require.NoError(t, err)
	require.Equal(t, []string{c.ID, a.ID}, paperIDs(page.Papers), "the listed papers the query matches, in list order")
	require.Equal(t, 2, page.Total)
}

func TestSortedMatchesTheServersDateOrder(t *testing.T) {
	papers := Papers(0, 30)
	srv := New(t, papers)
	page, err := client(srv).Search(context.Background(), "cat:cs.GT", 0, 30, arxiv.SearchOptions{Sort: arxiv.SortSubmitted})
	require.NoError(t, err)
	require.Equal(t, paperIDs(Sorted(papers, Sort{By: "submittedDate"})), paperIDs(page.Papers))
	require.Equal(t, papers[len(papers)-1].ID, page.Papers[0].ID, "newest first")
}

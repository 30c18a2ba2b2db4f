package arxiv

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fixture reads a recorded document from the module's testdata/arxiv.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "arxiv", name))
	require.NoError(t, err)
	return b
}

func parseFixture(t *testing.T, name string) Page {
	t.Helper()
	page, err := ParseFeed(bytes.NewReader(fixture(t, name)))
	require.NoError(t, err)
	return page
}

func ids(papers []Paper) []string {
	out := make([]string, len(papers))
	for i, p := range papers {
		out[i] = p.ID
	}
	return out
}

func TestParseFeedClassicLayout(t *testing.T) {
	page := parseFixture(t, "search_classic_p1.xml")
	require.Equal(t, 5, page.Total)
	require.Equal(t, 0, page.Start)
	require.Equal(t, 3, page.PerPage)
	require.Equal(t, []string{"2301.04211v2", "2209.11873v1", "2105.02290v3"}, ids(page.Papers))
	require.False(t, page.EmptyQuirk())

	p := page.Papers[0]
	// The classic layout wraps the title with a newline and two spaces.
	require.Equal(t, `Learning $\epsilon$-Nash Equilibria in Atomic Congestion Games with Bandit Feedback`, p.Title)
	require.True(t, strings.HasPrefix(p.Summary, "We study repeated play in atomic congestion games where"), p.Summary)
	require.True(t, strings.HasSuffix(p.Summary, "an order of magnitude sooner."), p.Summary)
	require.NotContains(t, p.Summary, "\n")
	require.NotContains(t, p.Summary, "  ")
	require.Equal(t, []string{"Mira Okonkwo", "Tomás Lindqvist", "Hyejin Park"}, p.Authors)
	require.Equal(t, "cs.GT", p.PrimaryCategory)
	require.Equal(t, []string{"cs.GT", "cs.LG"}, p.Categories)
	require.Equal(t, "10.5555/gtrag.2023.0411", p.DOI)
	require.Equal(t, "24 pages, 3 figures; v2 corrects the proof of Lemma 4", p.Comment)
	require.Empty(t, p.JournalRef)
	require.Equal(t, "http://arxiv.org/abs/2301.04211v2", p.AbsURL)
	require.Equal(t, "http://arxiv.org/pdf/2301.04211v2", p.PDFURL)
	require.Equal(t, time.Date(2023, 1, 10, 18, 42, 7, 0, time.UTC), p.Published)
	require.Equal(t, time.Date(2023, 6, 2, 9, 15, 33, 0, time.UTC), p.Updated)

	q := page.Papers[1]
	require.Equal(t, "Evolutionary Stability of Reciprocity in the Repeated Prisoner's Dilemma with Noisy Observations", q.Title)
	require.Equal(t, "Journal of Evolutionary Game Dynamics 7 (2023) 211-239", q.JournalRef)
	require.Equal(t, "q-bio.PE", q.PrimaryCategory)
	require.Equal(t, []string{"q-bio.PE", "cs.GT", "econ.TH"}, q.Categories)
}

func TestParseFeedNewLayout(t *testing.T) {
	page := parseFixture(t, "search_new.xml")
	require.Equal(t, 41, page.Total)
	require.Equal(t, 0, page.Start)
	require.Equal(t, 2, page.PerPage)
	require.Equal(t, []string{"2511.08812v1", "2510.21457v2"}, ids(page.Papers))

	p := page.Papers[0]
	require.Equal(t, "Incentive-Compatible Budget Allocation via Participatory Mechanism Design", p.Title)
	require.True(t, strings.HasPrefix(p.Summary, "Participatory budgeting lets residents"))
	require.Equal(t, []string{"Karin Holmström", "Diego Fuentes-Ramírez"}, p.Authors)
	require.Equal(t, "cs.GT", p.PrimaryCategory)
	require.Equal(t, []string{"cs.GT", "cs.MA"}, p.Categories)
	require.Equal(t, "31 pages, 5 figures", p.Comment)
	require.Equal(t, "https://arxiv.org/abs/2511.08812v1", p.AbsURL)
	require.Equal(t, "https://arxiv.org/pdf/2511.08812v1", p.PDFURL)
	require.Equal(t, time.Date(2025, 11, 11, 17, 3, 44, 0, time.UTC), p.Published)

	q := page.Papers[1]
	require.Equal(t, "10.5555/gtrag.2025.21457", q.DOI)
	require.Equal(t, "econ.TH", q.PrimaryCategory)
	// The doi link is rel="related" without type; it must not be taken for the PDF.
	require.Equal(t, "https://arxiv.org/pdf/2510.21457v2", q.PDFURL)
	require.Equal(t, time.Date(2025, 10, 24, 12, 0, 3, 0, time.UTC), q.Published)
	require.Equal(t, time.Date(2025, 11, 20, 9, 41, 18, 0, time.UTC), q.Updated)
}

func TestParseFeedOldStyleIDs(t *testing.T) {
	page := parseFixture(t, "old_style_ids.xml")
	require.Equal(t, []string{"cs/0112004v1", "math/0211159v2", "hep-th/9901001v1"}, ids(page.Papers))
	for _, p := range page.Papers {
		require.Equal(t, "http://arxiv.org/abs/"+p.ID, p.AbsURL)
		require.Equal(t, "http://arxiv.org/pdf/"+p.ID, p.PDFURL)
		base, v := SplitVersion(p.ID)
		require.Contains(t, base, "/")
		require.Positive(t, v)
	}
	require.Equal(t, []string{"Élodie Marchetti", "Pavel Horák"}, page.Papers[1].Authors)
	require.Equal(t, "Annals of Stochastic Games 4 (2003) 55-80", page.Papers[1].JournalRef)
}

func TestParseFeedKeepsLaTeXAndDecodesEntities(t *testing.T) {
	page := parseFixture(t, "latex_titles.xml")
	require.Len(t, page.Papers, 2)
	require.Equal(t, `$\mathcal{O}(\sqrt{T})$ Regret for Optimistic Mirror Descent in Monotone Games with $n$ Players`, page.Papers[0].Title)
	require.Equal(t, `Computing \emph{Proper} Equilibria of Polymatrix Games: Hardness and Algorithms for $\epsilon$-Perturbations`, page.Papers[1].Title)
	require.Contains(t, page.Papers[1].Summary, "at most k < n players")
	require.Contains(t, page.Papers[1].Summary, `an $\epsilon$ tending to zero`)
}

func TestParseFeedPagesAndQuirk(t *testing.T) {
	p2 := parseFixture(t, "search_classic_p2.xml")
	require.Equal(t, Page{Total: 5, Start: 3, PerPage: 3}, Page{Total: p2.Total, Start: p2.Start, PerPage: p2.PerPage})
	require.Equal(t, []string{"1912.07745v1", "2011.03361v2"}, ids(p2.Papers))
	require.Equal(t, `Stable Matchings with Couples: \emph{Approximate} Existence and Fast Algorithms`, p2.Papers[1].Title)
	require.False(t, p2.EmptyQuirk())

	empty := parseFixture(t, "empty_page.xml")
	require.Empty(t, empty.Papers)
	require.Equal(t, 5, empty.Total)
	require.Equal(t, 3, empty.Start)
	require.True(t, empty.EmptyQuirk())

	// Past the end of the results an empty page is an ordinary answer.
	require.False(t, Page{Total: 5, Start: 5}.EmptyQuirk())
}

func TestParseFeedErrorFeeds(t *testing.T) {
	for _, tc := range []struct{ file, msg string }{
		{"error_classic.xml", "incorrect id format for 1234.12345"},
		{"error_new.xml", "incorrect id format for 2301.1234"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			_, err := ParseFeed(bytes.NewReader(fixture(t, tc.file)))
			var apiErr *APIError
			require.ErrorAs(t, err, &apiErr)
			require.Equal(t, tc.msg, apiErr.Message)
			require.Zero(t, apiErr.Status)
			require.Contains(t, err.Error(), tc.msg)
		})
	}
}

// An error entry whose id is not under /api/errors is still recognised by
// its shape: one entry titled Error that is no paper.
func TestParseFeedErrorEntryWithoutErrorsID(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>urn:oops</id><title>Error</title>
	<summary>  max_results must be
	  non-negative </summary></entry></feed>`
	_, err := ParseFeed(strings.NewReader(doc))
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)
	require.Equal(t, "max_results must be non-negative", apiErr.Message)

	// A real paper titled "Error" is a paper.
	doc = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2301.00001v1</id><title>Error</title><summary>On error-correcting codes.</summary></entry></feed>`
	page, err := ParseFeed(strings.NewReader(doc))
	require.NoError(t, err)
	require.Equal(t, []string{"2301.00001v1"}, ids(page.Papers))
}

func TestParseFeedNotAFeed(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  []byte
		want string
	}{
		{"truncated", fixture(t, "truncated.xml"), "unexpected EOF"},
		{"html", fixture(t, "error_page.html"), "arXiv is temporarily unavailable"},
		{"empty", nil, "empty"},
		{"blank", []byte(" \n\t "), "empty"},
		{"rss", []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>`), ""},
		{"text", []byte("Rate exceeded."), ""},
		{"json", []byte(`{"error": "nope"}`), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFeed(bytes.NewReader(tc.doc))
			require.ErrorIs(t, err, ErrNotFeed)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

// Parse by meaning: the arXiv and opensearch namespaces may be bound to any
// prefix, or be the default namespace of their elements.
func TestParseFeedNamespacePrefixes(t *testing.T) {
	doc := `<?xml version="1.0"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:os="http://a9.com/-/spec/opensearch/1.1/" xmlns:ax="http://arxiv.org/schemas/atom">
  <os:totalResults>12</os:totalResults><os:startIndex>10</os:startIndex>
  <itemsPerPage xmlns="http://a9.com/-/spec/opensearch/1.1/">2</itemsPerPage>
  <a:entry>
    <a:id>https://arxiv.org/abs/2101.00001v3</a:id>
    <a:title>A  Title</a:title>
    <a:summary>An abstract.</a:summary>
    <ax:primary_category term="econ.GN"/>
    <doi xmlns="http://arxiv.org/schemas/atom">10.5555/x</doi>
    <a:link href="https://arxiv.org/abs/2101.00001v3"/>
  </a:entry>
</a:feed>`
	page, err := ParseFeed(strings.NewReader(doc))
	require.NoError(t, err)
	require.Equal(t, 12, page.Total)
	require.Equal(t, 10, page.Start)
	require.Equal(t, 2, page.PerPage)
	require.Len(t, page.Papers, 1)
	p := page.Papers[0]
	require.Equal(t, "2101.00001v3", p.ID)
	require.Equal(t, "A Title", p.Title)
	require.Equal(t, "econ.GN", p.PrimaryCategory)
	require.Equal(t, []string{"econ.GN"}, p.Categories)
	require.Equal(t, "10.5555/x", p.DOI)
	// A link without rel is the alternate link (RFC 4287); no pdf link → derived.
	require.Equal(t, "https://arxiv.org/abs/2101.00001v3", p.AbsURL)
	require.Equal(t, "http://arxiv.org/pdf/2101.00001v3", p.PDFURL)
}

func TestParseFeedEntryEdgeCases(t *testing.T) {
	t.Run("versionless id takes the version of its abs link", func(t *testing.T) {
		doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/hep-ex/0307015</id><title>T</title>
		<link href="http://arxiv.org/abs/hep-ex/0307015v1" rel="alternate" type="text/html"/></entry></feed>`
		page, err := ParseFeed(strings.NewReader(doc))
		require.NoError(t, err)
		require.Equal(t, []string{"hep-ex/0307015v1"}, ids(page.Papers))
	})
	t.Run("blank entries are skipped", func(t *testing.T) {
		doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id/><title/></entry>
		<entry><id>http://arxiv.org/abs/2301.00002v1</id><title>T</title></entry></feed>`
		page, err := ParseFeed(strings.NewReader(doc))
		require.NoError(t, err)
		require.Equal(t, []string{"2301.00002v1"}, ids(page.Papers))
		// Without opensearch totals the page describes itself.
		require.Equal(t, 1, page.Total)
		require.Equal(t, 1, page.PerPage)
	})
	t.Run("an entry that is not an arXiv paper is skipped and named", func(t *testing.T) {
		// Before: the whole page failed, and fetching it again failed again.
		doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2301.00002v1</id><title>T</title></entry>
		<entry><id>https://example.org/post/1</id><title>Blog</title></entry></feed>`
		page, err := ParseFeed(strings.NewReader(doc))
		require.NoError(t, err)
		require.Equal(t, []string{"2301.00002v1"}, ids(page.Papers))
		require.Len(t, page.Invalid, 1)
		require.Contains(t, page.Invalid[0].Error(), "entry 2")
		require.Contains(t, page.Invalid[0].Error(), "example.org")
		require.Equal(t, 2, page.Served())
	})
}

func TestWriteFeedRoundTrip(t *testing.T) {
	for _, name := range []string{"search_classic_p1.xml", "search_classic_p2.xml", "search_new.xml", "old_style_ids.xml", "latex_titles.xml", "mixed_topics.xml", "empty_page.xml"} {
		t.Run(name, func(t *testing.T) {
			page := parseFixture(t, name)
			var b bytes.Buffer
			require.NoError(t, writeFeed(&b, page))
			again, err := ParseFeed(&b)
			require.NoError(t, err)
			require.Equal(t, page, again)
		})
	}
	t.Run("awkward text", func(t *testing.T) {
		page := Page{Total: 1, PerPage: 1, Papers: []Paper{{
			ID: "hep-th/9901001v1", Title: `A <b>&amp;</b> "quoted" 'title' $x<y$`, Summary: "]]> <![CDATA[ &lt;",
			Authors: []string{"Zoë <Z> O'Brien"}, Categories: []string{"hep-th"}, PrimaryCategory: "hep-th",
			AbsURL: "http://arxiv.org/abs/hep-th/9901001v1?a=1&b=2", PDFURL: "http://arxiv.org/pdf/hep-th/9901001v1",
			Published: time.Date(1999, 1, 4, 10, 11, 27, 0, time.UTC),
		}}}
		var b bytes.Buffer
		require.NoError(t, writeFeed(&b, page))
		again, err := ParseFeed(&b)
		require.NoError(t, err)
		require.Equal(t, page, again)
	})
}

func TestHTMLTitleSurvivesCaseFolding(t *testing.T) {
	// bytes.ToLower would change the length of "İ" and shift the indexes.
	doc := []byte(strings.Repeat("İ", 50) + "<HTML><Title> Down for  maintenance </TITLE></html>")
	require.True(t, looksLikeHTML(doc))
	require.Equal(t, `"Down for maintenance"`, htmlTitle(doc))
	require.Equal(t, "no title", htmlTitle([]byte("<html><title>unclosed")))
}

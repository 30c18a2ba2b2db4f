package arxiv

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// entryXML is one classic-layout entry with the given raw id and title.
func entryXML(id, title string) string {
	return fmt.Sprintf(`<entry><id>%s</id><title>%s</title><summary>About auctions.</summary>
<author><name>A. Author</name></author></entry>`, id, title)
}

func feedXML(entries ...string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">
<opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">50</opensearch:totalResults>
<opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
` + strings.Join(entries, "\n") + `</feed>`
}

func TestParseFeedJudgesEntriesOneByOne(t *testing.T) {
	doc := feedXML(
		entryXML("http://arxiv.org/abs/2301.00001v1", "Good one"),
		entryXML("https://example.org/post/1", "A blog post"),
		entryXML("http://arxiv.org/abs/2301.00003v1", "Bad \xff\xfe bytes"),
		entryXML("http://arxiv.org/abs/2301.00004v1", "Good two"),
		entryXML("http://arxiv.org/abs/2301.00005v2", "Bell \x07 control"),
		`<entry><id>http://arxiv.org/abs/2301.00006v1</id><title> </title><summary/></entry>`,
		entryXML("http://arxiv.org/abs/2301.00007v1", "Good three"),
	)
	page, err := ParseFeed(strings.NewReader(doc))
	require.NoError(t, err, "one bad entry must not cost the page")
	require.Equal(t, []string{"2301.00001v1", "2301.00004v1", "2301.00007v1"}, ids(page.Papers))
	var got []string
	for _, e := range page.Invalid {
		got = append(got, e.Error())
	}
	require.Len(t, got, 4)
	require.Contains(t, got[0], "entry 2 (https://example.org/post/1): not an arXiv id")
	require.Contains(t, got[1], "entry 3 (http://arxiv.org/abs/2301.00003v1): invalid UTF-8")
	require.Contains(t, got[2], "entry 5 (http://arxiv.org/abs/2301.00005v2)")
	require.Contains(t, got[3], "entry 6 (http://arxiv.org/abs/2301.00006v1): neither title nor abstract")
	require.Equal(t, 7, page.Served(), "invalid entries count as served, so paging moves past them")
	require.False(t, page.EmptyQuirk())
}

func TestParseFeedPageOfInvalidEntriesIsNotTheEmptyQuirk(t *testing.T) {
	page, err := ParseFeed(strings.NewReader(feedXML(entryXML("http://arxiv.org/abs/2301.00003v1", "\xff"))))
	require.NoError(t, err)
	require.Empty(t, page.Papers)
	require.Len(t, page.Invalid, 1)
	require.False(t, page.EmptyQuirk(), "asking again would get the same bad entry")
}

func TestParseFeedCapsLongFields(t *testing.T) {
	long := strings.Repeat("equilibrium ", 100_000) // 1.2 MB
	var authors strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&authors, "<author><name>Author %d</name></author>", i)
	}
	doc := feedXML(`<entry><id>http://arxiv.org/abs/2301.00001v1</id><title>` + long + `</title><summary>` + long + `</summary>` +
		authors.String() + `<arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">` + long + `</arxiv:comment></entry>`)
	page, err := ParseFeed(strings.NewReader(doc))
	require.NoError(t, err)
	require.Len(t, page.Papers, 1)
	p := page.Papers[0]
	require.LessOrEqual(t, utf8.RuneCountInString(p.Title), MaxTitleRunes)
	require.LessOrEqual(t, utf8.RuneCountInString(p.Summary), MaxSummaryRunes)
	require.LessOrEqual(t, utf8.RuneCountInString(p.Comment), MaxCommentRunes)
	require.Len(t, p.Authors, MaxAuthors)
	require.Equal(t, "et al. (2901 more)", p.Authors[MaxAuthors-1])
	require.True(t, strings.HasSuffix(p.Title, "equilibrium…"), "cut at a word: %q", p.Title[len(p.Title)-20:])
	notes := strings.Join(page.Notes, "\n")
	for _, want := range []string{
		"paper 2301.00001v1: title cut from 1199999 to 1000 characters",
		"paper 2301.00001v1: abstract cut from 1199999 to 10000 characters",
		"paper 2301.00001v1: comment cut",
		`paper 2301.00001v1: author list cut from 3000 to 99 names and "et al. (2901 more)"`,
	} {
		require.Contains(t, notes, want)
	}
}

func TestValidatePaper(t *testing.T) {
	ok := Paper{ID: "arXiv:2301.00001v2", Title: "  A\ttitle \n", Summary: "S"}
	p, notes, err := ValidatePaper(ok)
	require.NoError(t, err)
	require.Empty(t, notes)
	require.Equal(t, "2301.00001v2", p.ID)
	require.Equal(t, "A title", p.Title)
	require.Equal(t, AbsURLFor("2301.00001v2"), p.AbsURL)

	for name, tc := range map[string]struct {
		p    Paper
		want string
	}{
		"no id":           {Paper{Title: "T"}, `no "id"`},
		"not arXiv":       {Paper{ID: "doi:10.1/x", Title: "T"}, "not an arXiv id"},
		"no text":         {Paper{ID: "2301.00001v1", Title: " ", Summary: "\n"}, "neither title nor abstract"},
		"bad UTF-8 title": {Paper{ID: "2301.00001v1", Title: "a\xffb"}, "title: invalid UTF-8"},
		"bad UTF-8 name":  {Paper{ID: "2301.00001v1", Title: "T", Authors: []string{"\xc3"}}, "invalid UTF-8"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := ValidatePaper(tc.p)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// FuzzValidatePaper checks the entry validator's promises on any input: it
// never panics; a paper it keeps has a bare arXiv id, valid UTF-8, no
// control characters, fields within their caps; and validating that paper
// again changes nothing and notes nothing.
func FuzzValidatePaper(f *testing.F) {
	f.Add("2301.00001v1", "A title", "An abstract", "A, B", "cs.GT econ.TH", "4 pages", 1)
	f.Add("arXiv:cs/0112004", "\xff", "", "", "", "", 0)
	f.Add("http://arxiv.org/abs/2301.00001", strings.Repeat("word ", 400), strings.Repeat("x", 12000), "", "", "", 300)
	f.Add("2301.00001v1", "\u0007 \uFFFE\u202e", "…", "et al. (3 more)", "cs.GT cs.GT", "", 150)
	f.Fuzz(func(t *testing.T, id, title, summary, author, cats, comment string, nAuthors int) {
		in := Paper{ID: id, Title: title, Summary: summary, Comment: comment, PrimaryCategory: cats}
		for i := range min(max(nAuthors, 0), 400) {
			in.Authors = append(in.Authors, fmt.Sprintf("%s %d", author, i%97))
		}
		in.Categories = strings.Fields(cats)
		p, _, err := ValidatePaper(in)
		if err != nil {
			return
		}
		if got, err := ParseID(p.ID); err != nil || got != p.ID {
			t.Fatalf("id %q is not a bare arXiv id", p.ID)
		}
		fields := append([]string{p.Title, p.Summary, p.Comment, p.DOI, p.JournalRef, p.PrimaryCategory, p.AbsURL, p.PDFURL}, p.Authors...)
		for _, s := range append(fields, p.Categories...) {
			if !utf8.ValidString(s) || s != cleanField(s) {
				t.Fatalf("field not clean: %q", s)
			}
		}
		switch {
		case utf8.RuneCountInString(p.Title) > MaxTitleRunes,
			utf8.RuneCountInString(p.Summary) > MaxSummaryRunes,
			utf8.RuneCountInString(p.Comment) > MaxCommentRunes,
			len(p.Authors) > MaxAuthors, len(p.Categories) > MaxCategories:
			t.Fatalf("a field is above its cap: %+v", p)
		}
		for _, a := range p.Authors {
			if utf8.RuneCountInString(a) > MaxNameRunes {
				t.Fatalf("author name above its cap: %q", a)
			}
		}
		again, notes, err := ValidatePaper(p)
		if err != nil || len(notes) > 0 {
			t.Fatalf("a validated paper does not pass again: %v %v", err, notes)
		}
		require.Equal(t, p, again)
	})
}

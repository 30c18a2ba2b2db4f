package arxivtest

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Layout is one of the two response layouts arXiv serves. The parser must
// read both by meaning, so the fake serves both faithfully, with the classic
// layout's wrapping and indentation.
type Layout int

const (
	// Classic is the API manual's layout: feed title "ArXiv Query: …",
	// http:// links, titles wrapped with a newline and two spaces,
	// abstracts indented by two spaces, links after the authors.
	Classic Layout = iota
	// Modern is the layout served since late 2025: feed title "arXiv
	// Query: …", https:// links, namespaces on the root, single-line titles
	// and abstracts, links and categories before the authors.
	Modern
)

// Fixture papers often leave out what a test does not care about; arXiv
// always sends it, so entries fill it in.
var (
	defaultDate     = time.Date(2023, 1, 3, 18, 0, 0, 0, time.UTC)
	defaultAuthors  = []string{"A. Author"}
	defaultCategory = "cs.GT"
)

// Feed renders page as one arXiv API answer in layout. query is what the
// feed title and self link echo, as arXiv does ("search_query=…&id_list=…&
// start=…&max_results=…"); it may be empty. page.PerPage is
// opensearch:itemsPerPage, the max_results asked for (0: the number of
// entries).
func Feed(layout Layout, query string, page arxiv.Page) string {
	perPage := page.PerPage
	if perPage == 0 {
		perPage = len(page.Papers)
	}
	scheme, feedTitle := "http", "ArXiv Query: "
	if layout == Modern {
		scheme, feedTitle = "https", "arXiv Query: "
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	if layout == Modern {
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">` + "\n")
		fmt.Fprintf(&b, "  <id>%s://arxiv.org/api/%x</id>\n", scheme, len(query))
		fmt.Fprintf(&b, "  <title>%s%s</title>\n", feedTitle, esc(query))
		b.WriteString("  <updated>2025-12-01T00:00:00Z</updated>\n")
		fmt.Fprintf(&b, "  <link href=\"%s://arxiv.org/api/query?%s\" type=\"application/atom+xml\"/>\n", scheme, esc(url.QueryEscape(query)))
		fmt.Fprintf(&b, "  <opensearch:itemsPerPage>%d</opensearch:itemsPerPage>\n", perPage)
		fmt.Fprintf(&b, "  <opensearch:totalResults>%d</opensearch:totalResults>\n", page.Total)
		fmt.Fprintf(&b, "  <opensearch:startIndex>%d</opensearch:startIndex>\n", page.Start)
	} else {
		const os = `xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"`
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">` + "\n")
		fmt.Fprintf(&b, "  <link href=\"%s://arxiv.org/api/query?%s\" rel=\"self\" type=\"application/atom+xml\"/>\n", scheme, esc(url.QueryEscape(query)))
		fmt.Fprintf(&b, "  <title type=\"html\">%s%s</title>\n", feedTitle, esc(query))
		fmt.Fprintf(&b, "  <id>%s://arxiv.org/api/%x</id>\n", scheme, len(query))
		b.WriteString("  <updated>2007-10-08T00:00:00-04:00</updated>\n")
		fmt.Fprintf(&b, "  <opensearch:totalResults %s>%d</opensearch:totalResults>\n", os, page.Total)
		fmt.Fprintf(&b, "  <opensearch:startIndex %s>%d</opensearch:startIndex>\n", os, page.Start)
		fmt.Fprintf(&b, "  <opensearch:itemsPerPage %s>%d</opensearch:itemsPerPage>\n", os, perPage)
	}
	for _, p := range page.Papers {
		writeEntry(&b, layout, scheme, p)
	}
	b.WriteString("</feed>\n")
	return b.String()
}

func writeEntry(b *strings.Builder, layout Layout, scheme string, p arxiv.Paper) {
	const ax = `xmlns:arxiv="http://arxiv.org/schemas/atom"`
	published, updated := p.Published, p.Updated
	if published.IsZero() {
		published = defaultDate
	}
	if updated.IsZero() {
		updated = published
	}
	authors := p.Authors
	if len(authors) == 0 {
		authors = defaultAuthors
	}
	primary := p.PrimaryCategory
	if primary == "" {
		primary = defaultCategory
	}
	cats := p.Categories
	if len(cats) == 0 {
		cats = []string{primary}
	}
	abs := scheme + "://arxiv.org/abs/" + p.ID
	pdf := scheme + "://arxiv.org/pdf/" + p.ID

	links := fmt.Sprintf("    <link href=\"%s\" rel=\"alternate\" type=\"text/html\"/>\n    <link title=\"pdf\" href=\"%s\" rel=\"related\" type=\"application/pdf\"/>\n", esc(abs), esc(pdf))
	var categories, authorList, extras strings.Builder
	for _, c := range cats {
		fmt.Fprintf(&categories, "    <category term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", esc(c))
	}
	for _, a := range authors {
		fmt.Fprintf(&authorList, "    <author>\n      <name>%s</name>\n    </author>\n", esc(a))
	}
	xmlns := " " + ax // the classic layout declares the namespace on each element
	if layout == Modern {
		xmlns = ""
	}
	for _, x := range []struct{ name, value string }{{"comment", p.Comment}, {"journal_ref", p.JournalRef}, {"doi", p.DOI}} {
		if x.value != "" {
			fmt.Fprintf(&extras, "    <arxiv:%s%s>%s</arxiv:%s>\n", x.name, xmlns, esc(x.value), x.name)
		}
	}

	b.WriteString("  <entry>\n")
	fmt.Fprintf(b, "    <id>%s</id>\n", esc(abs))
	if layout == Modern {
		fmt.Fprintf(b, "    <title>%s</title>\n", esc(p.Title))
		fmt.Fprintf(b, "    <updated>%s</updated>\n", updated.UTC().Format(time.RFC3339))
		b.WriteString(links)
		fmt.Fprintf(b, "    <summary>%s</summary>\n", esc(p.Summary))
		b.WriteString(categories.String())
		fmt.Fprintf(b, "    <published>%s</published>\n", published.UTC().Format(time.RFC3339))
		b.WriteString(extras.String())
		fmt.Fprintf(b, "    <arxiv:primary_category term=\"%s\"/>\n", esc(primary))
		b.WriteString(authorList.String())
	} else {
		const stamp = "2006-01-02T15:04:05-07:00"
		fmt.Fprintf(b, "    <updated>%s</updated>\n", updated.Format(stamp))
		fmt.Fprintf(b, "    <published>%s</published>\n", published.Format(stamp))
		fmt.Fprintf(b, "    <title>%s</title>\n", wrap(esc(p.Title), 70, "\n  "))
		fmt.Fprintf(b, "    <summary>  %s\n</summary>\n", wrap(esc(p.Summary), 76, "\n"))
		b.WriteString(authorList.String())
		b.WriteString(extras.String())
		b.WriteString(links)
		fmt.Fprintf(b, "    <arxiv:primary_category %s term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", ax, esc(primary))
		b.WriteString(categories.String())
	}
	b.WriteString("  </entry>\n")
}

// ErrorFeed is arXiv's answer to a request it rejects (served with HTTP
// 400): a feed with one entry whose summary is message. The classic layout
// titles the entry "Error", the modern one "Invalid request"; both give the
// entry an id under /api/errors#.
func ErrorFeed(layout Layout, message string) string {
	anchor := esc(strings.ReplaceAll(message, " ", "_"))
	if layout == Modern {
		return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <id>https://arxiv.org/api/error</id>
  <title>arXiv Query: </title>
  <updated>2025-12-01T00:00:00Z</updated>
  <link href="https://arxiv.org/api/query?" type="application/atom+xml"/>
  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>
  <opensearch:totalResults>1</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
  <entry>
    <id>https://arxiv.org/api/errors#` + anchor + `</id>
    <title>Invalid request</title>
    <updated>2025-12-01T00:00:00Z</updated>
    <link href="https://arxiv.org/api/errors#` + anchor + `" rel="alternate" type="text/html"/>
    <summary>` + esc(message) + `</summary>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>
</feed>
`
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: </title>
  <id>http://arxiv.org/api/error</id>
  <updated>2007-10-12T00:00:00-04:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:itemsPerPage>
  <entry>
    <id>http://arxiv.org/api/errors#` + anchor + `</id>
    <title>Error</title>
    <summary>` + esc(message) + `</summary>
    <updated>2007-10-12T00:00:00-04:00</updated>
    <link href="http://arxiv.org/api/errors#` + anchor + `" rel="alternate" type="text/html"/>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>
</feed>
`
}

// wrap breaks s into lines of about width bytes joined by sep, as the
// classic layout does.
func wrap(s string, width int, sep string) string {
	var lines []string
	var cur strings.Builder
	for _, w := range strings.Fields(s) {
		if cur.Len() > 0 && cur.Len()+1+len(w) > width {
			lines = append(lines, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		lines = append(lines, cur.String())
	}
	return strings.Join(lines, sep)
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

package ingesttest

import (
	"fmt"
	"html"
	"net/url"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Layout is one of the two response layouts arXiv serves.
type Layout int

const (
	// Classic is the API manual's layout: feed title "ArXiv Query: …",
	// http:// links, titles wrapped with a newline and two spaces, abstracts
	// indented by two spaces, links after the authors.
	Classic Layout = iota
	// Modern is the layout served since late 2025: feed title "arXiv
	// Query: …", https:// links, single-line titles and abstracts, links
	// and categories before the authors.
	Modern
)

// AtomPage renders papers as one page of an arXiv API answer with the
// opensearch totals given.
func AtomPage(layout Layout, query url.Values, papers []arxiv.Paper, total, start int) string {
	var b strings.Builder
	scheme := "http"
	feedTitle := "ArXiv Query: "
	if layout == Modern {
		scheme = "https"
		feedTitle = "arXiv Query: "
	}
	q := fmt.Sprintf("search_query=%s&id_list=%s&start=%s&max_results=%s",
		query.Get("search_query"), query.Get("id_list"), query.Get("start"), query.Get("max_results"))
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	if layout == Modern {
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">` + "\n")
		fmt.Fprintf(&b, "  <id>%s://arxiv.org/api/%x</id>\n", scheme, len(q))
		fmt.Fprintf(&b, "  <title>%s%s</title>\n", feedTitle, esc(q))
		fmt.Fprintf(&b, "  <updated>%s</updated>\n", time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC).Format(time.RFC3339))
		fmt.Fprintf(&b, "  <link href=\"%s://arxiv.org/api/query?%s\" type=\"application/atom+xml\"/>\n", scheme, esc(url.QueryEscape(q)))
		fmt.Fprintf(&b, "  <opensearch:itemsPerPage>%d</opensearch:itemsPerPage>\n", len(papers))
		fmt.Fprintf(&b, "  <opensearch:totalResults>%d</opensearch:totalResults>\n", total)
		fmt.Fprintf(&b, "  <opensearch:startIndex>%d</opensearch:startIndex>\n", start)
	} else {
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom">` + "\n")
		fmt.Fprintf(&b, "  <link href=\"%s://arxiv.org/api/query?%s\" rel=\"self\" type=\"application/atom+xml\"/>\n", scheme, esc(url.QueryEscape(q)))
		fmt.Fprintf(&b, "  <title type=\"html\">%s%s</title>\n", feedTitle, esc(q))
		fmt.Fprintf(&b, "  <id>%s://arxiv.org/api/%x</id>\n", scheme, len(q))
		b.WriteString("  <updated>2007-10-08T00:00:00-04:00</updated>\n")
		const os = `xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"`
		fmt.Fprintf(&b, "  <opensearch:totalResults %s>%d</opensearch:totalResults>\n", os, total)
		fmt.Fprintf(&b, "  <opensearch:startIndex %s>%d</opensearch:startIndex>\n", os, start)
		fmt.Fprintf(&b, "  <opensearch:itemsPerPage %s>%d</opensearch:itemsPerPage>\n", os, len(papers))
	}
	for _, p := range papers {
		writeEntry(&b, layout, scheme, p)
	}
	b.WriteString("</feed>\n")
	return b.String()
}

func writeEntry(b *strings.Builder, layout Layout, scheme string, p arxiv.Paper) {
	const ax = `xmlns:arxiv="http://arxiv.org/schemas/atom"`
	abs := scheme + "://arxiv.org/abs/" + p.ID
	pdf := scheme + "://arxiv.org/pdf/" + p.ID
	b.WriteString("  <entry>\n")
	fmt.Fprintf(b, "    <id>%s</id>\n", abs)
	links := fmt.Sprintf("    <link href=\"%s\" rel=\"alternate\" type=\"text/html\"/>\n    <link title=\"pdf\" href=\"%s\" rel=\"related\" type=\"application/pdf\"/>\n", abs, pdf)
	var cats strings.Builder
	for _, c := range p.Categories {
		fmt.Fprintf(&cats, "    <category term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", esc(c))
	}
	if layout == Modern {
		fmt.Fprintf(b, "    <title>%s</title>\n", esc(p.Title))
		fmt.Fprintf(b, "    <updated>%s</updated>\n", p.Updated.Format(time.RFC3339))
		b.WriteString(links)
		fmt.Fprintf(b, "    <summary>%s</summary>\n", esc(p.Summary))
		b.WriteString(cats.String())
		fmt.Fprintf(b, "    <published>%s</published>\n", p.Published.Format(time.RFC3339))
		fmt.Fprintf(b, "    <arxiv:primary_category term=\"%s\"/>\n", esc(p.PrimaryCategory))
		for _, a := range p.Authors {
			fmt.Fprintf(b, "    <author>\n      <name>%s</name>\n    </author>\n", esc(a))
		}
	} else {
		fmt.Fprintf(b, "    <updated>%s</updated>\n", p.Updated.Format("2006-01-02T15:04:05-07:00"))
		fmt.Fprintf(b, "    <published>%s</published>\n", p.Published.Format("2006-01-02T15:04:05-07:00"))
		fmt.Fprintf(b, "    <title>%s</title>\n", esc(wrap(p.Title, 70, "\n  ")))
		fmt.Fprintf(b, "    <summary>  %s\n</summary>\n", esc(wrap(p.Summary, 76, "\n")))
		for _, a := range p.Authors {
			fmt.Fprintf(b, "    <author>\n      <name>%s</name>\n    </author>\n", esc(a))
		}
		if p.Comment != "" {
			fmt.Fprintf(b, "    <arxiv:comment %s>%s</arxiv:comment>\n", ax, esc(p.Comment))
		}
		b.WriteString(links)
		fmt.Fprintf(b, "    <arxiv:primary_category %s term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", ax, esc(p.PrimaryCategory))
		b.WriteString(cats.String())
	}
	b.WriteString("  </entry>\n")
}

// ErrorFeed is arXiv's error answer (served with HTTP 400) in the classic
// layout.
func ErrorFeed(message string) string {
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
    <id>http://arxiv.org/api/errors#` + esc(strings.ReplaceAll(message, " ", "_")) + `</id>
    <title>Error</title>
    <summary>` + esc(message) + `</summary>
    <updated>2007-10-12T00:00:00-04:00</updated>
    <link href="http://arxiv.org/api/errors#` + esc(strings.ReplaceAll(message, " ", "_")) + `" rel="alternate" type="text/html"/>
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
	words := strings.Fields(s)
	var lines []string
	var cur strings.Builder
	for _, w := range words {
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

func esc(s string) string { return html.EscapeString(s) }

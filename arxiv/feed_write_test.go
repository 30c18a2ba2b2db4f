package arxiv

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"time"
)

// writeFeed writes a page as an Atom feed in the classic layout's element
// names, which ParseFeed reads back to the same Page: this package's tests
// use it to check that ParseFeed loses nothing. It is not a faithful imitation of arXiv
// (no title wrapping or abstract indentation); internal/arxivtest renders
// both real layouts for fake servers.
func writeFeed(w io.Writer, page Page) error {
	bw := bufio.NewWriter(w)
	esc := func(s string) string {
		var b strings.Builder
		_ = xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	p("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n")
	p("  <title type=\"html\">ArXiv Query: gtrag</title>\n")
	p("  <opensearch:totalResults xmlns:opensearch=%q>%d</opensearch:totalResults>\n", opensearchNS, page.Total)
	p("  <opensearch:startIndex xmlns:opensearch=%q>%d</opensearch:startIndex>\n", opensearchNS, page.Start)
	p("  <opensearch:itemsPerPage xmlns:opensearch=%q>%d</opensearch:itemsPerPage>\n", opensearchNS, page.PerPage)
	for _, e := range page.Papers {
		p("  <entry>\n    <id>%s</id>\n", esc(AbsURLFor(e.ID)))
		if !e.Updated.IsZero() {
			p("    <updated>%s</updated>\n", e.Updated.UTC().Format(time.RFC3339Nano))
		}
		if !e.Published.IsZero() {
			p("    <published>%s</published>\n", e.Published.UTC().Format(time.RFC3339Nano))
		}
		p("    <title>%s</title>\n    <summary>%s</summary>\n", esc(e.Title), esc(e.Summary))
		for _, a := range e.Authors {
			p("    <author>\n      <name>%s</name>\n    </author>\n", esc(a))
		}
		for _, x := range []struct{ name, value string }{{"doi", e.DOI}, {"journal_ref", e.JournalRef}, {"comment", e.Comment}} {
			if x.value != "" {
				p("    <arxiv:%s xmlns:arxiv=%q>%s</arxiv:%s>\n", x.name, arxivNS, esc(x.value), x.name)
			}
		}
		if e.AbsURL != "" {
			p("    <link href=\"%s\" rel=\"alternate\" type=\"text/html\"/>\n", esc(e.AbsURL))
		}
		if e.PDFURL != "" {
			p("    <link title=\"pdf\" href=\"%s\" rel=\"related\" type=\"application/pdf\"/>\n", esc(e.PDFURL))
		}
		if e.PrimaryCategory != "" {
			p("    <arxiv:primary_category xmlns:arxiv=%q term=\"%s\" scheme=%q/>\n", arxivNS, esc(e.PrimaryCategory), arxivNS)
		}
		for _, c := range e.Categories {
			p("    <category term=\"%s\" scheme=%q/>\n", esc(c), arxivNS)
		}
		p("  </entry>\n")
	}
	p("</feed>\n")
	return bw.Flush()
}

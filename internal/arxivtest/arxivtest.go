// Package arxivtest is an arXiv API server for tests: an httptest server that
// answers /api/query with Atom feeds in the arXiv format, evaluating the
// query language (field prefixes, quoted phrases, AND/OR/ANDNOT, parentheses)
// over a fixed set of papers, honouring start, max_results and id_list, and
// recording every request so tests can check paging and pacing.
package arxivtest

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Request is one request the server received.
type Request struct {
	At    time.Time
	Query string // search_query
	IDs   string // id_list
	Start int
	Max   int
}

// Server is a fake arXiv API. Its zero value is not usable; call New.
type Server struct {
	*httptest.Server
	URL string // the /api/query endpoint

	mu       sync.Mutex
	papers   []arxiv.Paper
	requests []Request
	// Fail, when set, answers a request instead of the normal handler when
	// it returns true.
	fail func(w http.ResponseWriter, r *http.Request, n int) bool
}

// New starts a server over papers; it is closed when the test ends.
func New(t interface{ Cleanup(func()) }, papers []arxiv.Paper) *Server {
	s := &Server{papers: papers}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.Server.URL + "/api/query"
	t.Cleanup(s.Close)
	return s
}

// FailWith installs f: for each request (n counts from 1), f may write a
// response and return true to stop normal handling.
func (s *Server) FailWith(f func(w http.ResponseWriter, r *http.Request, n int) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = f
}

// Requests returns a copy of the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// AddPapers makes more papers searchable.
func (s *Server) AddPapers(ps ...arxiv.Paper) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.papers = append(s.papers, ps...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	start, _ := strconv.Atoi(q.Get("start"))
	max := 10
	if v := q.Get("max_results"); v != "" {
		max, _ = strconv.Atoi(v)
	}
	s.mu.Lock()
	s.requests = append(s.requests, Request{At: time.Now(), Query: q.Get("search_query"), IDs: q.Get("id_list"), Start: start, Max: max})
	n := len(s.requests)
	fail := s.fail
	papers := append([]arxiv.Paper(nil), s.papers...)
	s.mu.Unlock()
	if fail != nil && fail(w, r, n) {
		return
	}

	var match []arxiv.Paper
	if ids := q.Get("id_list"); ids != "" {
		for _, id := range strings.Split(ids, ",") {
			for _, p := range papers {
				if p.ID == id || arxiv.BaseID(p.ID) == id {
					match = append(match, p)
				}
			}
		}
	} else {
		expr, err := Parse(q.Get("search_query"))
		if err != nil {
			WriteError(w, http.StatusBadRequest, err.Error())
			return
		}
		for _, p := range papers {
			if expr.Match(p) {
				match = append(match, p)
			}
		}
	}
	total := len(match)
	if start > len(match) {
		start = len(match)
	}
	page := match[start:min(len(match), start+max)]
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	fmt.Fprint(w, Feed(q.Get("search_query"), total, start, max, page))
}

// Feed renders papers as an arXiv API Atom feed in the classic layout.
func Feed(query string, total, start, perPage int, papers []arxiv.Paper) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query=` + esc(query) + `" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=` + esc(query) + `</title>
  <id>http://arxiv.org/api/test</id>
  <updated>2026-11-22T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">` + strconv.Itoa(total) + `</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">` + strconv.Itoa(start) + `</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">` + strconv.Itoa(perPage) + `</opensearch:itemsPerPage>
`)
	for _, p := range papers {
		b.WriteString(Entry(p))
	}
	b.WriteString("</feed>\n")
	return b.String()
}

// Entry renders one paper as an arXiv Atom entry.
func Entry(p arxiv.Paper) string {
	date := func(t time.Time) string {
		if t.IsZero() {
			t = time.Date(2023, 1, 3, 18, 0, 0, 0, time.UTC)
		}
		return t.UTC().Format(time.RFC3339)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  <entry>\n    <id>http://arxiv.org/abs/%s</id>\n", esc(p.ID))
	fmt.Fprintf(&b, "    <updated>%s</updated>\n    <published>%s</published>\n", date(p.Updated), date(p.Published))
	fmt.Fprintf(&b, "    <title>%s</title>\n    <summary>  %s\n</summary>\n", esc(p.Title), esc(p.Summary))
	authors := p.Authors
	if len(authors) == 0 {
		authors = []string{"A. Author"}
	}
	for _, a := range authors {
		fmt.Fprintf(&b, "    <author>\n      <name>%s</name>\n    </author>\n", esc(a))
	}
	fmt.Fprintf(&b, "    <link href=\"http://arxiv.org/abs/%s\" rel=\"alternate\" type=\"text/html\"/>\n", esc(p.ID))
	fmt.Fprintf(&b, "    <link title=\"pdf\" href=\"http://arxiv.org/pdf/%s\" rel=\"related\" type=\"application/pdf\"/>\n", esc(p.ID))
	cats := p.Categories
	primary := p.PrimaryCategory
	if primary == "" {
		primary = "cs.GT"
	}
	if len(cats) == 0 {
		cats = []string{primary}
	}
	fmt.Fprintf(&b, "    <arxiv:primary_category xmlns:arxiv=\"http://arxiv.org/schemas/atom\" term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", esc(primary))
	for _, c := range cats {
		fmt.Fprintf(&b, "    <category term=\"%s\" scheme=\"http://arxiv.org/schemas/atom\"/>\n", esc(c))
	}
	b.WriteString("  </entry>\n")
	return b.String()
}

// WriteError answers like arXiv does for a bad request: an Atom feed with
// one entry whose summary is the message.
func WriteError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="html">ArXiv Query: error</title>
  <id>http://arxiv.org/api/error</id>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:itemsPerPage>
  <entry>
    <id>http://arxiv.org/api/errors#bad_query</id>
    <title>Error</title>
    <summary>%s</summary>
    <updated>2026-11-22T00:00:00-05:00</updated>
    <link href="http://arxiv.org/api/errors#bad_query" rel="alternate" type="text/html"/>
    <author>
      <name>arXiv api core</name>
    </author>
  </entry>
</feed>
`, esc(msg))
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

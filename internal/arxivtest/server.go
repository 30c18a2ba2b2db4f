package arxivtest

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Request is one request the server received, stamped on arrival.
type Request struct {
	N         int // 1-based arrival order
	At        time.Time
	Query     string   // search_query
	IDs       []string // id_list, split at commas
	Start     int
	Max       int // max_results as sent; 0 when absent (the server then pages by 10)
	SortBy    string
	SortOrder string
}

// Reply replaces the normal answer to a request (see SetFault).
type Reply struct {
	Status      int    // 0 means 200
	RetryAfter  string // Retry-After header, if any
	ContentType string // "" means application/atom+xml
	Body        string // the body as is: an HTML page, truncated XML, ErrorFeed …
	// Empty serves a well-formed page with no entries while
	// opensearch:totalResults keeps the true total: arXiv's empty-page
	// quirk.
	Empty bool
	// Hangup resets the connection (TCP RST) without an answer.
	Hangup bool
	// Stall never answers: the handler waits until the client gives up.
	Stall bool
}

// Option configures a Server in New.
type Option func(*Server)

// WithLayout serves every page in layout (Classic by default).
func WithLayout(l Layout) Option { return func(s *Server) { s.layout = l } }

// MatchAll makes every search return every paper, in the order given,
// whatever its search_query says: for tests of paging, pacing and faults,
// where what a query means does not matter.
func MatchAll() Option { return func(s *Server) { s.matchAll = true } }

// Server is a fake arXiv API; see the package documentation. Make one with
// New.
type Server struct {
	*httptest.Server
	// URL is the query endpoint (…/api/query), for --arxiv-url or
	// arxiv.Client.BaseURL. It shadows the embedded server's root URL.
	URL string

	layout    Layout
	matchAll  bool
	closing   chan struct{} // closed by Close: stalled handlers end so that Close can return
	closeOnce sync.Once

	mu        sync.Mutex
	papers    []arxiv.Paper          // what searches run over, in order
	index     *Index                 // over papers
	byID      map[string]arxiv.Paper // exact ids, and base ids → latest version
	reqs      []Request
	fault     func(Request) *Reply
	onRequest func(Request)
}

// New starts a fake arXiv over papers; it is closed when the test ends.
func New(t testing.TB, papers []arxiv.Paper, opts ...Option) *Server {
	s := NewHandler(papers, opts...)
	s.Server = httptest.NewServer(s)
	s.URL = s.Server.URL + "/api/query"
	t.Cleanup(s.Close)
	return s
}

// NewHandler is a fake arXiv over papers that is not listening anywhere:
// an http.Handler for a server of one's own (cmd/arxivworld serves one on a
// fixed address). Its URL is empty and Close only ends stalled requests.
func NewHandler(papers []arxiv.Paper, opts ...Option) *Server {
	s := &Server{closing: make(chan struct{})}
	for _, o := range opts {
		o(s)
	}
	if s.index != nil {
		s.setIndexed(papers, s.index)
	} else {
		s.SetPapers(papers)
	}
	return s
}

// withIndex makes New use ix, built over the same papers, instead of
// indexing them again (World shares one index between tests).
func withIndex(ix *Index) Option { return func(s *Server) { s.index = ix } }

// ServeHTTP answers one arXiv API request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.serve(w, r) }

// Close ends stalled requests, then shuts the server down and waits for
// its handlers. Calling it again does nothing.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.closing) })
	if s.Server != nil {
		s.Server.Close()
	}
}

// SetPapers replaces what the server serves: papers to searches and id_list,
// and extra papers (other versions, papers no search finds) to id_list only.
func (s *Server) SetPapers(papers []arxiv.Paper, extra ...arxiv.Paper) {
	s.setIndexed(papers, NewIndex(papers), extra...)
}

func (s *Server) setIndexed(papers []arxiv.Paper, ix *Index, extra ...arxiv.Paper) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.papers = papers
	s.index = ix
	s.byID = map[string]arxiv.Paper{}
	for _, list := range [][]arxiv.Paper{papers, extra} {
		for _, p := range list {
			s.byID[p.ID] = p
			base, v := arxiv.SplitVersion(p.ID)
			if old, ok := s.byID[base]; !ok || v > versionOf(old.ID) {
				s.byID[base] = p
			}
		}
	}
}

func versionOf(id string) int {
	_, v := arxiv.SplitVersion(id)
	return v
}

// Len is the number of papers searches run over.
func (s *Server) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.papers)
}

// SetFault makes f decide every request from now on: a non-nil Reply
// replaces the normal answer. nil turns faults off.
func (s *Server) SetFault(f func(Request) *Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault = f
}

// OnRequest calls f for every request on arrival, before it is answered (for
// example to cancel a run after page k). nil removes it.
func (s *Server) OnRequest(f func(Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onRequest = f
}

// Requests lists the requests received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// StartCounts counts search (not id_list) requests per start offset: a page
// fetched twice shows as 2.
func (s *Server) StartCounts() map[int]int {
	counts := map[int]int{}
	for _, r := range s.Requests() {
		if r.Query != "" {
			counts[r.Start]++
		}
	}
	return counts
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	req := Request{At: time.Now(), Query: q.Get("search_query"), SortBy: q.Get("sortBy"), SortOrder: q.Get("sortOrder")}
	req.Start, _ = strconv.Atoi(q.Get("start"))
	req.Max, _ = strconv.Atoi(q.Get("max_results"))
	if ids := q.Get("id_list"); ids != "" {
		req.IDs = strings.Split(ids, ",")
	}
	s.mu.Lock()
	req.N = len(s.reqs) + 1
	s.reqs = append(s.reqs, req)
	fault, hook := s.fault, s.onRequest
	s.mu.Unlock()

	if hook != nil {
		hook(req)
	}
	var reply *Reply
	if fault != nil {
		reply = fault(req)
	}
	switch {
	case reply == nil || reply.Empty:
	case reply.Stall:
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
		return
	case reply.Hangup:
		hangup(w)
		return
	default:
		reply.write(w)
		return
	}

	size := req.Max
	if size <= 0 {
		size = 10 // arXiv's default
	}
	papers, total, err := s.match(req, size)
	if err != nil {
		w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = fmt.Fprint(w, ErrorFeed(s.layout, err.Error()))
		return
	}
	page := arxiv.Page{Total: total, Start: req.Start, PerPage: size}
	if reply == nil {
		page.Papers = papers
	}
	echo := fmt.Sprintf("search_query=%s&id_list=%s&start=%d&max_results=%d", req.Query, q.Get("id_list"), req.Start, size)
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	_, _ = fmt.Fprint(w, Feed(s.layout, echo, page))
}

// match answers a request: the page of papers it asks for and how many
// matched in all. A search comes in the order its sortBy and sortOrder ask
// for (relevance by default, as on arXiv); an id_list in the order of its
// ids, filtered by the search_query when both are given.
func (s *Server) match(req Request, size int) (page []arxiv.Paper, total int, err error) {
	var q *Query
	if !s.matchAll && (req.Query != "" || req.IDs == nil) {
		if q, err = Parse(req.Query); err != nil {
			return nil, 0, fmt.Errorf("malformed search_query %q: %w", req.Query, err)
		}
	}
	s.mu.Lock()
	all, index := s.papers, s.index
	var listed []arxiv.Paper
	for _, id := range req.IDs {
		if p, ok := s.byID[id]; ok {
			listed = append(listed, p)
		}
	}
	s.mu.Unlock()
	if req.IDs == nil && q != nil {
		results, total := index.Search(q, Sort{By: req.SortBy, Order: req.SortOrder}, req.Start, size)
		for _, r := range results {
			page = append(page, r.Paper)
		}
		return page, total, nil
	}
	if req.IDs != nil {
		all = nil
		for _, p := range listed {
			if q == nil || q.Match(p) {
				all = append(all, p)
			}
		}
	}
	return all[min(req.Start, len(all)):min(req.Start+size, len(all))], len(all), nil
}

func (r *Reply) write(w http.ResponseWriter) {
	if r.RetryAfter != "" {
		w.Header().Set("Retry-After", r.RetryAfter)
	}
	ct := r.ContentType
	if ct == "" {
		ct = "application/atom+xml; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	status := r.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write([]byte(r.Body))
}

// hangup drops the connection with a TCP reset, as a crashed server or a
// middlebox would, rather than an orderly close.
func hangup(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = conn.Close()
}

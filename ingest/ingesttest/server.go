package ingesttest

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// Request is one request the fake arXiv received, stamped on arrival.
type Request struct {
	N      int // 1-based arrival order
	At     time.Time
	Query  string   // search_query
	IDs    []string // id_list
	Start  int
	Max    int
	SortBy string
}

// Reply replaces the normal answer to a request.
type Reply struct {
	Status     int    // 0 means 200
	RetryAfter string // Retry-After header, if any
	Body       string // the body as is
	// Empty serves a well-formed page with no entries while
	// opensearch:totalResults keeps the true total: arXiv's empty-page
	// quirk.
	Empty bool
	// Hangup closes the connection without an answer (a reset).
	Hangup bool
	// Stall never answers: the handler waits until the client gives up.
	Stall bool
}

// Arxiv is a fake arXiv API: every search_query has the same results (the
// papers given to NewArxiv, in order), id_list finds any paper it was given
// by exact id or, for a bare id, its latest version.
type Arxiv struct {
	*httptest.Server
	// Layout of the pages served; set it before the first request.
	Layout Layout

	mu        sync.Mutex
	results   []arxiv.Paper
	byID      map[string]arxiv.Paper
	reqs      []Request
	fault     func(Request) *Reply
	onRequest func(Request)
}

// NewArxiv starts a fake arXiv serving results for every search, and extra
// papers (other versions, papers no search returns) to id_list only. It is
// closed when the test ends.
func NewArxiv(t testing.TB, results []arxiv.Paper, extra ...arxiv.Paper) *Arxiv {
	a := &Arxiv{}
	a.SetPapers(results, extra...)
	a.Server = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.Close)
	return a
}

// URL is the query endpoint, for --arxiv-url.
func (a *Arxiv) URL() string { return a.Server.URL + "/api/query" }

// SetPapers replaces what the server serves.
func (a *Arxiv) SetPapers(results []arxiv.Paper, extra ...arxiv.Paper) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.results = results
	a.byID = map[string]arxiv.Paper{}
	for _, p := range append(append([]arxiv.Paper(nil), results...), extra...) {
		a.byID[p.ID] = p
		base, v := arxiv.SplitVersion(p.ID)
		if old, ok := a.byID[base]; !ok || v > versionOf(old.ID) {
			a.byID[base] = p
		}
	}
}

func versionOf(id string) int {
	_, v := arxiv.SplitVersion(id)
	return v
}

// SetFault makes f decide every request from now on: a non-nil Reply
// replaces the normal answer. nil turns faults off.
func (a *Arxiv) SetFault(f func(Request) *Reply) {
	a.mu.Lock()
	a.fault = f
	a.mu.Unlock()
}

// OnRequest calls f for every request on arrival, before it is answered (for
// example to cancel a run after page k).
func (a *Arxiv) OnRequest(f func(Request)) {
	a.mu.Lock()
	a.onRequest = f
	a.mu.Unlock()
}

// Requests lists the requests received so far, in arrival order.
func (a *Arxiv) Requests() []Request {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Request(nil), a.reqs...)
}

// StartCounts counts search requests per start offset.
func (a *Arxiv) StartCounts() map[int]int {
	counts := map[int]int{}
	for _, r := range a.Requests() {
		if r.Query != "" {
			counts[r.Start]++
		}
	}
	return counts
}

func (a *Arxiv) serve(w http.ResponseWriter, r *http.Request) {
	at := time.Now()
	q := r.URL.Query()
	req := Request{At: at, Query: q.Get("search_query"), SortBy: q.Get("sortBy")}
	req.Start, _ = strconv.Atoi(q.Get("start"))
	req.Max, _ = strconv.Atoi(q.Get("max_results"))
	if ids := q.Get("id_list"); ids != "" {
		req.IDs = strings.Split(ids, ",")
	}
	a.mu.Lock()
	req.N = len(a.reqs) + 1
	a.reqs = append(a.reqs, req)
	fault, hook, layout := a.fault, a.onRequest, a.Layout
	a.mu.Unlock()

	if hook != nil {
		hook(req)
	}
	var reply *Reply
	if fault != nil {
		reply = fault(req)
	}
	if reply != nil && reply.Stall {
		<-r.Context().Done()
		return
	}
	if reply != nil && reply.Hangup {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	if reply != nil && !reply.Empty {
		if reply.RetryAfter != "" {
			w.Header().Set("Retry-After", reply.RetryAfter)
		}
		w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
		status := reply.Status
		if status == 0 {
			status = http.StatusOK
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(reply.Body))
		return
	}

	a.mu.Lock()
	var list []arxiv.Paper
	if req.IDs != nil {
		for _, id := range req.IDs {
			if p, ok := a.byID[id]; ok {
				list = append(list, p)
			}
		}
	} else {
		list = a.results
	}
	a.mu.Unlock()
	total := len(list)
	max := req.Max
	if max == 0 {
		max = 10 // arXiv's default
	}
	lo, hi := min(req.Start, total), min(req.Start+max, total)
	page := list[lo:hi]
	if reply != nil && reply.Empty {
		page = nil
	}
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	_, _ = w.Write([]byte(AtomPage(layout, q, page, total, req.Start)))
}

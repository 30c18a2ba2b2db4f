package ingest_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// testClient is a real arXiv client for a fake server: no pacing unless
// asked, and retries that wait milliseconds instead of seconds.
func testClient(srv *arxivtest.Server, delay time.Duration) *arxiv.Client {
	if delay == 0 {
		delay = -1
	}
	return &arxiv.Client{
		BaseURL: srv.URL, Delay: delay,
		Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond,
		RequestTimeout: 5 * time.Second,
	}
}

// openDB opens a real store with the offline embedder in dir.
func openDB(t testing.TB, dir string) *vectordb.DB {
	t.Helper()
	db, err := vectordb.Open(context.Background(), dir, vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// readState reads the only resume file in dir.
func readState(t *testing.T, dir string) map[string]any {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 1, "one resume file")
	data, err := os.ReadFile(files[0])
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(data, &st))
	return st
}

// ids lists the papers' ids; nil for none, as OnPaper lists are.
func ids(papers []arxiv.Paper) []string {
	var out []string
	for _, p := range papers {
		out = append(out, p.ID)
	}
	return out
}

// memStore is a Store in memory with the upsert rules of vectordb.Store, and
// faults on demand.
type memStore struct {
	mu      sync.Mutex
	chunks  map[string][]vectordb.Document // full paper id → chunks
	latest  map[string]string              // base id → full id stored
	addDocs []int                          // documents per Add call
	// failAdd, if set, is asked before each Add (1-based call number).
	failAdd func(call int) error
	// blockAdd, if set, makes Add wait for ctx to end.
	blockAdd bool
}

func newMemStore() *memStore {
	return &memStore{chunks: map[string][]vectordb.Document{}, latest: map[string]string{}}
}

func (s *memStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	s.mu.Lock()
	call := len(s.addDocs) + 1
	s.addDocs = append(s.addDocs, len(docs))
	fail, block := s.failAdd, s.blockAdd
	s.mu.Unlock()
	if fail != nil {
		if err := fail(call); err != nil {
			return 0, err
		}
	}
	if block {
		<-ctx.Done()
		return 0, ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	byPaper := map[string][]vectordb.Document{}
	for _, d := range docs {
		byPaper[d.PaperID()] = append(byPaper[d.PaperID()], d)
	}
	n := 0
	for id, ds := range byPaper {
		base, v := arxiv.SplitVersion(id)
		if old, ok := s.latest[base]; ok {
			if _, ov := arxiv.SplitVersion(old); ov > v {
				continue
			}
			delete(s.chunks, old)
		}
		s.latest[base] = id
		s.chunks[id] = ds
		n += len(ds)
	}
	return n, nil
}

func (s *memStore) HasPaper(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, v := arxiv.SplitVersion(id); v == 0 {
		_, ok := s.latest[id]
		return ok
	}
	_, ok := s.chunks[id]
	return ok
}

func (s *memStore) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, ds := range s.chunks {
		n += len(ds)
	}
	return n
}

func (s *memStore) papers() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id := range s.chunks {
		out = append(out, id)
	}
	return out
}

// put stores papers directly, as an earlier ingest would have.
func (s *memStore) put(papers ...arxiv.Paper) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range papers {
		s.latest[arxiv.BaseID(p.ID)] = p.ID
		s.chunks[p.ID] = []vectordb.Document{{ID: p.ID + "_chunk_0", Content: p.Title, Metadata: map[string]string{"paper_id": p.ID}}}
	}
}

// recordingFilter passes every paper to next (or says yes), remembering
// what it was shown, and fails with err if set.
type recordingFilter struct {
	next reasoner.PaperFilter
	err  error

	mu        sync.Mutex
	abstracts map[string]string // title → abstract shown
}

func (f *recordingFilter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	f.mu.Lock()
	if f.abstracts == nil {
		f.abstracts = map[string]string{}
	}
	f.abstracts[title] = abstract
	f.mu.Unlock()
	if f.err != nil {
		return reasoner.Verdict{}, f.err
	}
	if f.next == nil {
		return reasoner.Verdict{Yes: true, Notices: []string{"scripted"}}, nil
	}
	return f.next.IsGameTheory(ctx, title, abstract)
}

var errBoom = errors.New("boom")

var _ ingest.Store = (*memStore)(nil)

// listed is a Report with the lists of ids OnPaper gives, under the names
// of the counts they shadow, so that tests can say which papers went where.
type listed struct {
	ingest.Report
	Kept, Rejected, SkippedExisting, SkippedDuplicate, SkippedInvalid, NotFound []string
	Replaced                                                                    []string   // told Replaced: also moved from Kept to SkippedDuplicate
	ids                                                                         ingest.IDs // what IDs.Add gathered, for Report.Listing
}

// lister runs an Ingester and collects the outcomes of each run.
type lister struct {
	in *ingest.Ingester
	l  *listed
}

// L wraps in so that its runs return listed reports.
func L(in *ingest.Ingester) lister {
	x := lister{in: in, l: &listed{ids: ingest.IDs{}}}
	in.OnPaper = func(id string, o ingest.Outcome) {
		x.l.ids.Add(id, o)
		switch o {
		case ingest.Kept:
			x.l.Kept = append(x.l.Kept, id)
		case ingest.Rejected:
			x.l.Rejected = append(x.l.Rejected, id)
		case ingest.SkippedExisting:
			x.l.SkippedExisting = append(x.l.SkippedExisting, id)
		case ingest.SkippedDuplicate:
			x.l.SkippedDuplicate = append(x.l.SkippedDuplicate, id)
		case ingest.SkippedInvalid:
			x.l.SkippedInvalid = append(x.l.SkippedInvalid, id)
		case ingest.NotFound:
			x.l.NotFound = append(x.l.NotFound, id)
		case ingest.Replaced:
			x.l.Replaced = append(x.l.Replaced, id)
			i := slices.Index(x.l.Kept, id)
			if i < 0 {
				panic(fmt.Sprintf("OnPaper told %s replaced, never kept", id))
			}
			x.l.Kept = slices.Delete(x.l.Kept, i, i+1)
			x.l.SkippedDuplicate = append(x.l.SkippedDuplicate, id)
		default:
			panic(fmt.Sprintf("OnPaper told an unknown outcome %q for %s", o, id))
		}
	}
	return x
}

func (x lister) done(rep ingest.Report, err error) (listed, error) {
	x.l.Report = rep
	// The counts and the lists tell the same story.
	for _, c := range []struct {
		n    int
		list []string
	}{{rep.Kept, x.l.Kept}, {rep.Rejected, x.l.Rejected}, {rep.SkippedExisting, x.l.SkippedExisting}, {rep.SkippedDuplicate, x.l.SkippedDuplicate}, {rep.SkippedInvalid, x.l.SkippedInvalid}, {rep.NotFound, x.l.NotFound}} {
		if c.n != len(c.list) {
			panic(fmt.Sprintf("report counts %d, OnPaper told %d: %v", c.n, len(c.list), c.list))
		}
	}
	return *x.l, err
}

func (x lister) Search(ctx context.Context, s ingest.Searcher, q ingest.Query) (listed, error) {
	return x.done(x.in.Search(ctx, s, q))
}

func (x lister) Lookup(ctx context.Context, l ingest.Looker, ids []string) (listed, error) {
	return x.done(x.in.Lookup(ctx, l, ids))
}

func (x lister) Papers(ctx context.Context, papers []arxiv.Paper) (listed, error) {
	return x.done(x.in.Papers(ctx, ingest.PaperList(papers)))
}

func (x lister) Read(ctx context.Context, src ingest.Source) (listed, error) {
	return x.done(x.in.Papers(ctx, src))
}

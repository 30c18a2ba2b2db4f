// Package environment keeps every external result of a run, organised by
// the tool that produced it: the store's query results, arXiv's pages, the
// paper filter's verdicts (its verdict on the question itself, as the
// topic judge, among them), the papers added to the store. Failed calls
// leave nothing here; they reach the user, and the decision agent, as
// notices. It is the
// "environment" of the decision-tree design gtrag's decision agent comes
// from: each entry holds objects and the metadata that produced them (the
// query and k, the arXiv request), and a result whose metadata equals an
// earlier entry's is merged into it instead of added beside it.
//
// The environment is kept beside the graph state rather than in it: it
// grows with every call, and a state that carried it would make every
// step's percept and mutation larger without telling a node anything it
// acts on. A Recorder wraps the workflow's dependencies (Wrap), like the
// trace does, and the run's Result carries the snapshot.
package environment

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Tool names: the environment's top-level keys.
const (
	ToolStoreQuery  = "store.query"
	ToolArxivSearch = "arxiv.search"
	ToolPaperFilter = "paper_filter"
	ToolStoreAdd    = "store.add"
)

// Item is one group of results: the objects one or more calls with the
// same metadata returned.
type Item struct {
	Metadata map[string]any   `json:"metadata"`
	Objects  []map[string]any `json:"objects"`
}

// Environment maps a tool name to its items, in the order first added.
type Environment map[string][]Item

// Recorder collects the environment of one run. It is safe for concurrent
// use (the paper filter judges several papers at once; it files their
// verdicts in rank order, see nodes.DeferringFilter).
type Recorder struct {
	mu  sync.Mutex
	env Environment
}

// New returns an empty Recorder.
func New() *Recorder { return &Recorder{env: Environment{}} }

// Add files objects under tool with their metadata, merging them into the
// item with equal metadata if there is one. Objects with an "id" already
// in that item are not added twice.
func (r *Recorder) Add(tool string, metadata map[string]any, objects ...map[string]any) {
	if metadata == nil {
		metadata = map[string]any{}
	}
	key := canonical(metadata)
	r.mu.Lock()
	defer r.mu.Unlock()
	items := r.env[tool]
	i := -1
	for j := range items {
		if canonical(items[j].Metadata) == key {
			i = j
			break
		}
	}
	if i < 0 {
		items = append(items, Item{Metadata: metadata, Objects: []map[string]any{}})
		i = len(items) - 1
	}
	for _, o := range objects {
		if id, ok := o["id"]; ok && hasID(items[i].Objects, id) {
			continue
		}
		items[i].Objects = append(items[i].Objects, o)
	}
	r.env[tool] = items
}

// Snapshot is a copy of the environment so far.
func (r *Recorder) Snapshot() Environment {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := Environment{}
	for tool, items := range r.env {
		cp := make([]Item, len(items))
		for i, it := range items {
			cp[i] = Item{Metadata: it.Metadata, Objects: append([]map[string]any(nil), it.Objects...)}
		}
		out[tool] = cp
	}
	return out
}

func hasID(objs []map[string]any, id any) bool {
	for _, o := range objs {
		if o["id"] == id {
			return true
		}
	}
	return false
}

// canonical is the metadata's JSON: encoding/json sorts map keys, so equal
// metadata encode equally.
func canonical(m map[string]any) string {
	b, _ := json.Marshal(m)
	return string(b)
}

// Wrap returns d with the store, arXiv and the paper filters reporting
// their results to r. Wrap the outermost layer (after the trace's), so that
// what the trace sees of the store is the store itself.
func (r *Recorder) Wrap(d nodes.Deps) nodes.Deps {
	if d.Store != nil {
		d.Store = store{r: r, inner: d.Store}
	}
	if d.Arxiv != nil {
		d.Arxiv = searcher{r: r, inner: d.Arxiv}
	}
	if d.Filter != nil {
		d.Filter = filter{r: r, inner: d.Filter}
	}
	if d.Topic != nil {
		d.Topic = filter{r: r, inner: d.Topic} // a paper filter given the question
	}
	if d.Lead != nil {
		// The lead filter (an unrecognised question's first candidate)
		// gives a verdict like the others: unwrapped, the live run left it
		// out while its replay, whose Filter answers every call, listed it.
		d.Lead = filter{r: r, inner: d.Lead}
	}
	return d
}

type store struct {
	r     *Recorder
	inner nodes.Store
}

func (s store) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	res, err := s.inner.Query(ctx, text, k)
	if err != nil {
		return res, err
	}
	objs := make([]map[string]any, len(res))
	for i, x := range res {
		objs[i] = map[string]any{"id": x.ID, "paper_id": x.PaperID(), "title": x.Metadata[chunker.KeyTitle], "score": x.Score}
	}
	s.r.Add(ToolStoreQuery, map[string]any{"query": text, "k": k}, objs...)
	return res, nil
}

func (s store) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	n, err := s.inner.Add(ctx, docs)
	if err != nil {
		return n, err
	}
	var papers []string
	for _, d := range docs {
		if id := d.PaperID(); id != "" && (len(papers) == 0 || papers[len(papers)-1] != id) {
			papers = append(papers, id)
		}
	}
	for _, p := range papers {
		s.r.Add(ToolStoreAdd, nil, map[string]any{"id": p, "chunks": len(docs), "written": n})
	}
	return n, nil
}

type searcher struct {
	r     *Recorder
	inner nodes.Searcher
}

func (s searcher) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	p, err := s.inner.Search(ctx, query, start, max, opts)
	if err != nil {
		return p, err
	}
	objs := make([]map[string]any, len(p.Papers))
	for i, x := range p.Papers {
		objs[i] = map[string]any{"id": x.ID, "title": x.Title}
	}
	s.r.Add(ToolArxivSearch, map[string]any{"query": query, "start": start, "max": max, "total": p.Total}, objs...)
	return p, nil
}

type filter struct {
	r     *Recorder
	inner reasoner.PaperFilter
}

var _ nodes.DeferringFilter = filter{}

func (f filter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	v, file, err := f.JudgeDeferred(ctx, title, abstract)
	if file != nil {
		file()
	}
	return v, err
}

// JudgeDeferred judges and leaves the verdict's filing to the caller
// (nodes.DeferringFilter): the paper filter node judges several papers at
// once and files their verdicts in rank order, the order a replay, which
// judges one at a time, files them in.
func (f filter) JudgeDeferred(ctx context.Context, title, abstract string) (reasoner.Verdict, func(), error) {
	v, err := f.inner.IsGameTheory(ctx, title, abstract)
	if err != nil {
		return v, nil, err
	}
	return v, func() {
		f.r.Add(ToolPaperFilter, nil, map[string]any{"title": title, "game_theory": v.Yes, "reason": v.Reason})
	}, nil
}

// Summary is the environment in a few lines for a decision agent: per
// tool entry its metadata and what it holds. It depends only on what was
// added, not on the order concurrent calls added it in, so a replayed run
// summarises its environment exactly as the recorded one did.
func (e Environment) Summary() []string {
	var out []string
	for _, t := range []string{ToolStoreQuery, ToolArxivSearch, ToolPaperFilter, ToolStoreAdd} {
		for _, it := range e[t] {
			out = append(out, summaryLine(t, it))
		}
	}
	return out
}

func summaryLine(tool string, it Item) string {
	n := len(it.Objects)
	switch tool {
	case ToolStoreQuery:
		var titles []string
		for _, o := range it.Objects {
			if s, _ := o["title"].(string); s != "" && !slices.Contains(titles, s) && len(titles) < 3 {
				titles = append(titles, s)
			}
		}
		return fmt.Sprintf("store.query k=%v: %d chunks, from %s", it.Metadata["k"], n, orNone(titles))
	case ToolArxivSearch:
		return fmt.Sprintf("arxiv.search %q from %v: %d papers of %v matching", it.Metadata["query"], it.Metadata["start"], n, it.Metadata["total"])
	case ToolPaperFilter:
		yes := 0
		for _, o := range it.Objects {
			if v, _ := o["game_theory"].(bool); v {
				yes++
			}
		}
		return fmt.Sprintf("paper_filter: %d verdicts, %d about game theory", n, yes)
	case ToolStoreAdd:
		var ids []string
		for _, o := range it.Objects {
			if s, _ := o["id"].(string); s != "" {
				ids = append(ids, s)
			}
		}
		return fmt.Sprintf("store.add: %d papers added: %s", n, orNone(ids))
	}
	return fmt.Sprintf("%s: %d objects", tool, n)
}

func orNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, "; ")
}

package arxivtest

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// field is one searchable part of a paper, named by its arXiv prefix.
type field int

const (
	fieldTitle    field = iota // ti:
	fieldAbstract              // abs:
	fieldAuthor                // au:
	fieldComment               // co:
	fieldJournal               // jr:
	fieldCategory              // cat: (keywords, not analysed)
	numFields
)

// allFields are what all: and a bare term search: every text field,
// authors included, as on arXiv.
var allFields = []field{fieldTitle, fieldAbstract, fieldAuthor, fieldComment, fieldJournal}

// fieldBoost multiplies a field's BM25 score. The title counts a little
// more than the abstract, as arXiv's own ranking does; the boost is modest
// so that an abstract that uses a term often still outranks a title that
// uses it once.
var fieldBoost = [numFields]float64{fieldTitle: 1.5, fieldAbstract: 1, fieldAuthor: 1, fieldComment: 1, fieldJournal: 1, fieldCategory: 1}

// BM25 parameters: Lucene's defaults.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// posting is one paper's occurrences of a term in a field: positions
// fieldIndex.pos[off : off+n].
type posting struct {
	doc int32
	off uint32
	n   uint32
}

type fieldIndex struct {
	postings map[string][]posting // term → postings in document order
	dict     []string             // the terms, sorted, for wildcards
	pos      []int32              // all positions, grouped by posting
	lens     []int32              // terms per document
	avgLen   float64
}

// Index is an inverted index over papers that answers arXiv search queries
// the way arXiv's Lucene engine does: per-field BM25, a modest title boost,
// the coord factor of Lucene's classic BooleanQuery, phrases by positions,
// wildcards as constant-score term expansions. Build one with NewIndex; it
// is read-only afterwards and safe for concurrent searches.
type Index struct {
	papers  []arxiv.Paper
	fields  [numFields]fieldIndex
	scratch sync.Pool // *scratch sized for papers
}

// NewIndex indexes papers. Searching is then proportional to the postings
// of the query's terms, not to the number of papers: a query over 20,000
// papers takes a few milliseconds.
func NewIndex(papers []arxiv.Paper) *Index {
	ix := &Index{papers: papers}
	ix.scratch.New = func() any { return newScratch(len(papers)) }
	an := newAnalyzer()
	perDoc := map[string][]int32{} // term → positions, for one field of one paper
	var order []string
	for f := range numFields {
		fi := &ix.fields[f]
		fi.postings = map[string][]posting{}
		fi.lens = make([]int32, len(papers))
		var total int64
		for d, p := range papers {
			clear(perDoc)
			order = order[:0]
			add := func(t token) {
				if _, seen := perDoc[t.term]; !seen {
					order = append(order, t.term)
				}
				perDoc[t.term] = append(perDoc[t.term], t.pos)
			}
			offset := int32(0)
			for i, text := range fieldTexts(p, f) {
				if f == fieldCategory {
					add(token{term: strings.ToLower(text), pos: int32(i)})
					continue
				}
				// Separate values (authors) by a gap so that a phrase
				// never spans two of them.
				next := offset
				an.analyze(text, func(t token) {
					t.pos += offset
					add(t)
					next = t.pos + 1
				})
				offset = next + 100
			}
			lenTerms := int32(0)
			for _, term := range order {
				pos := perDoc[term]
				fi.postings[term] = append(fi.postings[term], posting{doc: int32(d), off: uint32(len(fi.pos)), n: uint32(len(pos))})
				fi.pos = append(fi.pos, pos...)
				lenTerms += int32(len(pos))
			}
			fi.lens[d] = lenTerms
			total += int64(lenTerms)
		}
		if len(papers) > 0 {
			fi.avgLen = float64(total) / float64(len(papers))
		}
		fi.dict = make([]string, 0, len(fi.postings))
		for term := range fi.postings {
			fi.dict = append(fi.dict, term)
		}
		slices.Sort(fi.dict)
	}
	return ix
}

// fieldTexts is what a paper holds in field f.
func fieldTexts(p arxiv.Paper, f field) []string {
	switch f {
	case fieldTitle:
		return []string{p.Title}
	case fieldAbstract:
		return []string{p.Summary}
	case fieldAuthor:
		return p.Authors
	case fieldComment:
		return []string{p.Comment}
	case fieldJournal:
		return []string{p.JournalRef}
	case fieldCategory:
		cats := p.Categories
		if p.PrimaryCategory != "" && !slices.Contains(cats, p.PrimaryCategory) {
			cats = append([]string{p.PrimaryCategory}, cats...)
		}
		return cats
	}
	return nil
}

// Len is the number of papers indexed.
func (ix *Index) Len() int { return len(ix.papers) }

// idf is BM25's inverse document frequency, as Lucene computes it.
func (ix *Index) idf(df int) float64 {
	n := float64(len(ix.papers))
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// bm25 scores a term (or a phrase: freq is then the phrase frequency and
// idf the sum of its terms' idfs) in document d's field f.
func (ix *Index) bm25(f field, d int32, freq int, idf float64) float64 {
	fi := &ix.fields[f]
	tf := float64(freq)
	norm := 1 - bm25B
	if fi.avgLen > 0 {
		norm += bm25B * float64(fi.lens[d]) / fi.avgLen
	}
	return fieldBoost[f] * idf * tf / (tf + bm25K1*norm)
}

// hit is a document that matches a query, with its score and, for coord,
// how many clauses of the enclosing boolean query it matched.
type hit struct {
	doc   int32
	score float64
}

// Sort orders search results.
type Sort struct {
	// By is relevance (also ""), submittedDate or lastUpdatedDate, arXiv's
	// sortBy values.
	By string
	// Order is descending (also "") or ascending.
	Order string
}

// Result is one paper a search found, with its relevance score.
type Result struct {
	Paper arxiv.Paper
	Score float64
}

// Search runs q and returns results start … start+n-1 (all from start when
// n < 0) in the order s asks for, and how many papers matched in all. Ties
// keep index order, as Lucene keeps document order, so pages never overlap
// or skip a paper.
func (ix *Index) Search(q *Query, s Sort, start, n int) (page []Result, total int) {
	if q == nil || q.root == nil {
		return nil, 0
	}
	sc := ix.scratch.Get().(*scratch)
	hits := q.root.eval(ix, sc)
	ix.scratch.Put(sc)
	total = len(hits)
	start = min(max(start, 0), len(hits))
	end := len(hits)
	if n >= 0 {
		end = min(start+n, len(hits))
	}
	hits = topK(hits, end, hitOrder(ix.papers, s))
	page = make([]Result, 0, end-start)
	for _, h := range hits[start:end] {
		page = append(page, Result{Paper: ix.papers[h.doc], Score: h.score})
	}
	return page, total
}

// Sorted is papers in the order a search that matches them all returns
// them under s with equal relevance: for tests that expect arXiv's date
// orders (sortOrder is descending unless asked otherwise, as on arXiv).
func Sorted(papers []arxiv.Paper, s Sort) []arxiv.Paper {
	hits := make([]hit, len(papers))
	for i := range hits {
		hits[i].doc = int32(i)
	}
	slices.SortFunc(hits, hitOrder(papers, s))
	out := make([]arxiv.Paper, len(hits))
	for i, h := range hits {
		out[i] = papers[h.doc]
	}
	return out
}

// hitOrder compares hits as s orders them; ties fall back to document
// order, so the order is total and the same on every request.
func hitOrder(papers []arxiv.Paper, s Sort) func(a, b hit) int {
	asc := strings.EqualFold(s.Order, "ascending")
	var key func(h hit) time.Time
	switch strings.ToLower(s.By) {
	case "submitteddate":
		key = func(h hit) time.Time { return papers[h.doc].Published }
	case "lastupdateddate":
		key = func(h hit) time.Time {
			if u := papers[h.doc].Updated; !u.IsZero() {
				return u
			}
			return papers[h.doc].Published
		}
	}
	return func(a, b hit) int {
		var c int
		if key == nil {
			c = cmp.Compare(a.score, b.score)
		} else {
			c = key(a).Compare(key(b))
		}
		if !asc {
			c = -c
		}
		if c == 0 {
			c = cmp.Compare(a.doc, b.doc)
		}
		return c
	}
}

// topK puts the first k hits in order at the front of hits and returns
// hits. A page near the top of a long result list — the usual request —
// needs a heap of k, not a sort of everything.
func topK(hits []hit, k int, less func(a, b hit) int) []hit {
	if k*8 >= len(hits) {
		slices.SortFunc(hits, less)
		return hits
	}
	// A max-heap of the k best so far, the worst at the root.
	h := slices.Clone(hits[:k])
	up := func(i int) {
		for i > 0 {
			p := (i - 1) / 2
			if less(h[p], h[i]) >= 0 {
				return
			}
			h[p], h[i] = h[i], h[p]
			i = p
		}
	}
	down := func(i int) {
		for {
			l, worst := 2*i+1, i
			if l < len(h) && less(h[l], h[worst]) > 0 {
				worst = l
			}
			if r := l + 1; r < len(h) && less(h[r], h[worst]) > 0 {
				worst = r
			}
			if worst == i {
				return
			}
			h[i], h[worst] = h[worst], h[i]
			i = worst
		}
	}
	for i := range h {
		up(i)
	}
	for _, x := range hits[k:] {
		if k > 0 && less(x, h[0]) < 0 {
			h[0] = x
			down(0)
		}
	}
	slices.SortFunc(h, less)
	copy(hits, h)
	return hits
}

// Match reports whether q matches paper p on its own.
func (q *Query) Match(p arxiv.Paper) bool {
	_, total := NewIndex([]arxiv.Paper{p}).Search(q, Sort{}, 0, 0)
	return total == 1
}

// scratch holds the per-document accumulators of boolean queries, reused
// by every boolean node of one search (children are evaluated before their
// parent accumulates, so one set is enough).
type scratch struct {
	score   []float64
	matched []int32 // clauses matched
	must    []int32 // required clauses matched; -1 excluded by ANDNOT
	touched []int32
}

func newScratch(n int) *scratch {
	return &scratch{score: make([]float64, n), matched: make([]int32, n), must: make([]int32, n)}
}

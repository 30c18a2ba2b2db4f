package vectordb

// An in-memory Okapi BM25 index: the reference model the store's on-disk
// postings are checked against (persist_model_test.go) and the BM25
// baseline of the retrieval evaluation. The store itself scores stored
// postings with BM25Score, so nothing outside the tests needs this index.

import (
	"container/heap"
	"sync"

	"github.com/gtrag/gtrag/text"
)

// BM25 is an in-memory Okapi BM25 index over text.Tokenize's terms. It is safe
// for concurrent use, and its zero value is an empty index.
type BM25 struct {
	mu       sync.RWMutex
	docs     []bm25Doc // by slot; removed documents stay until compaction
	slotOf   map[string]int32
	postings map[string][]bm25Posting
	totalLen int // terms in live documents
	dead     int // removed documents still holding a slot
}

type bm25Doc struct {
	id   string
	len  int32
	live bool
}

type bm25Posting struct {
	slot int32
	tf   int32
}

// Add indexes content under id, replacing what id held before.
func (x *BM25) Add(id, content string) {
	tf := make(map[string]int32)
	n := int32(0)
	var sc text.Scanner
	sc.Scan(content, func(tok []byte) {
		tf[string(tok)]++
		n++
	})

	x.mu.Lock()
	defer x.mu.Unlock()
	if x.slotOf == nil {
		x.slotOf = make(map[string]int32)
		x.postings = make(map[string][]bm25Posting)
	}
	x.removeLocked(id)
	slot := int32(len(x.docs))
	x.docs = append(x.docs, bm25Doc{id: id, len: n, live: true})
	x.slotOf[id] = slot
	x.totalLen += int(n)
	for term, f := range tf {
		x.postings[term] = append(x.postings[term], bm25Posting{slot: slot, tf: f})
	}
}

// Remove drops id from the index; removing an unknown id does nothing.
func (x *BM25) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.removeLocked(id)
}

// Len is the number of indexed documents.
func (x *BM25) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.slotOf)
}

func (x *BM25) removeLocked(id string) {
	slot, ok := x.slotOf[id]
	if !ok {
		return
	}
	delete(x.slotOf, id)
	d := &x.docs[slot]
	d.live = false
	x.totalLen -= int(d.len)
	x.dead++
	// Removal only marks the slot, so it costs nothing per posting;
	// postings of dead slots are dropped in one pass once they would
	// otherwise make up most of the index.
	if x.dead > 1024 && x.dead > len(x.slotOf) {
		x.compactLocked()
	}
}

// compactLocked renumbers live documents densely and drops dead postings.
func (x *BM25) compactLocked() {
	newSlot := make([]int32, len(x.docs))
	docs := make([]bm25Doc, 0, len(x.slotOf))
	for i, d := range x.docs {
		newSlot[i] = -1
		if d.live {
			newSlot[i] = int32(len(docs))
			x.slotOf[d.id] = int32(len(docs))
			docs = append(docs, d)
		}
	}
	for term, ps := range x.postings {
		kept := ps[:0]
		for _, p := range ps {
			if s := newSlot[p.slot]; s >= 0 {
				kept = append(kept, bm25Posting{slot: s, tf: p.tf})
			}
		}
		if len(kept) == 0 {
			delete(x.postings, term)
		} else {
			x.postings[term] = kept
		}
	}
	x.docs = docs
	x.dead = 0
}

// Search returns at most k documents that share a term with query, best
// first; equal scores are ordered by id. k <= 0 returns nothing.
func (x *BM25) Search(query string, k int) []Hit {
	if k <= 0 {
		return nil
	}
	terms := uniqueTerms(query)
	if len(terms) == 0 {
		return nil
	}

	x.mu.RLock()
	defer x.mu.RUnlock()
	n := len(x.slotOf)
	if n == 0 {
		return nil
	}
	avg := float64(x.totalLen) / float64(n)
	// Scores accumulate in a slice indexed by slot: a map costs ten times
	// more per posting, and common terms have a posting in most chunks.
	var scores []float64
	var touched []int32
	for _, term := range terms {
		ps := x.postings[term]
		df := 0
		for _, p := range ps {
			if x.docs[p.slot].live {
				df++
			}
		}
		if df == 0 {
			continue
		}
		if scores == nil {
			scores = make([]float64, len(x.docs))
		}
		idf := bm25IDF(float64(df), float64(n))
		for _, p := range ps {
			d := &x.docs[p.slot]
			if !d.live {
				continue
			}
			if scores[p.slot] == 0 {
				touched = append(touched, p.slot)
			}
			scores[p.slot] += bm25Term(idf, float64(p.tf), float64(d.len), avg)
		}
	}

	// A size-k min-heap keeps the best k without sorting every match.
	h := make(hitHeap, 0, min(k, len(touched)))
	for _, slot := range touched {
		hit := Hit{ID: x.docs[slot].id, Score: scores[slot]}
		if len(h) < k {
			heap.Push(&h, hit)
		} else if hitBetter(hit, h[0]) {
			h[0] = hit
			heap.Fix(&h, 0)
		}
	}
	out := make([]Hit, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(Hit)
	}
	return out
}

// hitBetter orders hits best first: higher score, then smaller id.
func hitBetter(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ID < b.ID
}

// hitHeap is a min-heap: the worst kept hit is at the root.
type hitHeap []Hit

func (h hitHeap) Len() int           { return len(h) }
func (h hitHeap) Less(i, j int) bool { return hitBetter(h[j], h[i]) }
func (h hitHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(v any)        { *h = append(*h, v.(Hit)) }
func (h *hitHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

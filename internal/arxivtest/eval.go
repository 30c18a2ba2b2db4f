package arxivtest

import (
	"slices"

	"github.com/gtrag/gtrag/arxiv"
)

// node is a compiled query clause. eval returns the documents it matches,
// sorted by document number, with their scores. A node may use the scratch
// accumulators but must leave them zeroed when it returns.
type node interface {
	eval(ix *Index, sc *scratch) []hit
}

// termNode is one term or a phrase (several terms, with their positions
// relative to each other) searched in one or more fields; a document's
// score is the sum of its per-field scores.
type termNode struct {
	fields []field
	terms  []token
}

func (t *termNode) eval(ix *Index, sc *scratch) []hit {
	var out []hit
	for _, f := range t.fields {
		var hs []hit
		if len(t.terms) == 1 {
			hs = ix.termHits(f, t.terms[0].term)
		} else {
			hs = ix.phraseHits(f, t.terms)
		}
		out = mergeSum(out, hs)
	}
	return out
}

func (ix *Index) termHits(f field, term string) []hit {
	ps := ix.fields[f].postings[term]
	if len(ps) == 0 {
		return nil
	}
	idf := ix.idf(len(ps))
	out := make([]hit, len(ps))
	for i, p := range ps {
		out[i] = hit{doc: p.doc, score: ix.bm25(f, p.doc, int(p.n), idf)}
	}
	return out
}

// phraseHits finds the documents where the terms occur at their relative
// positions. The score is BM25 with the phrase frequency as the term
// frequency and the sum of the terms' idfs, as Lucene scores a PhraseQuery.
func (ix *Index) phraseHits(f field, terms []token) []hit {
	fi := &ix.fields[f]
	lists := make([][]posting, len(terms))
	idf := 0.0
	for i, t := range terms {
		lists[i] = fi.postings[t.term]
		if len(lists[i]) == 0 {
			return nil
		}
		idf += ix.idf(len(lists[i]))
	}
	cursor := make([]int, len(terms))
	var out []hit
next:
	for _, p0 := range lists[0] {
		ps := make([]posting, len(terms))
		ps[0] = p0
		for i := 1; i < len(terms); i++ {
			l := lists[i]
			for cursor[i] < len(l) && l[cursor[i]].doc < p0.doc {
				cursor[i]++
			}
			if cursor[i] == len(l) {
				break next
			}
			if l[cursor[i]].doc != p0.doc {
				continue next
			}
			ps[i] = l[cursor[i]]
		}
		freq := 0
		for _, start := range fi.pos[p0.off : p0.off+p0.n] {
			ok := true
			for i := 1; i < len(terms) && ok; i++ {
				want := start + terms[i].pos - terms[0].pos
				_, ok = slices.BinarySearch(fi.pos[ps[i].off:ps[i].off+ps[i].n], want)
			}
			if ok {
				freq++
			}
		}
		if freq > 0 {
			out = append(out, hit{doc: p0.doc, score: ix.bm25(f, p0.doc, freq, idf)})
		}
	}
	return out
}

// mergeSum merges two hit lists sorted by document, adding the scores of
// documents in both.
func mergeSum(a, b []hit) []hit {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]hit, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].doc < b[j].doc:
			out = append(out, a[i])
			i++
		case a[i].doc > b[j].doc:
			out = append(out, b[j])
			j++
		default:
			out = append(out, hit{doc: a[i].doc, score: a[i].score + b[j].score})
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// wildNode is a term with * or ? wildcards, matched against the indexed
// (lower-cased, stemmed) terms of its fields. Like Lucene's constant-score
// rewrite of a MultiTermQuery, every matching document scores 1.
type wildNode struct {
	fields  []field
	pattern string
}

func (w *wildNode) eval(ix *Index, sc *scratch) []hit {
	var lists [][]hit
	for _, f := range w.fields {
		fi := &ix.fields[f]
		for _, term := range fi.dict {
			if !glob(w.pattern, term) {
				continue
			}
			ps := fi.postings[term]
			hs := make([]hit, len(ps))
			for i, p := range ps {
				hs[i] = hit{doc: p.doc, score: 1}
			}
			lists = append(lists, hs)
		}
	}
	out := sc.union(lists)
	for i := range out {
		out[i].score = 1
	}
	return out
}

// glob reports whether s matches pattern, where * matches any run of
// characters and ? any one character.
func glob(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	pi, ti, star, mark := 0, 0, -1, 0
	for ti < len(t) {
		switch {
		case pi < len(p) && (p[pi] == '?' || p[pi] == t[ti]):
			pi++
			ti++
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ti
			pi++
		case star >= 0:
			pi, mark = star+1, mark+1
			ti = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// idNode is id:X, the paper with that exact id or, without a version, any
// version of it. It scores 1.
type idNode struct{ id string }

func (n idNode) eval(ix *Index, _ *scratch) []hit {
	var out []hit
	for d, p := range ix.papers {
		if p.ID == n.id || arxiv.BaseID(p.ID) == n.id {
			out = append(out, hit{doc: int32(d), score: 1})
		}
	}
	return out
}

// noneNode is a clause that matches nothing, such as a field arXiv does not
// have.
type noneNode struct{}

func (noneNode) eval(*Index, *scratch) []hit { return nil }

// boolNode is Lucene's classic BooleanQuery: a document must match every
// required clause, no prohibited one, and at least one optional clause
// when there are no required ones. Its score is the sum of the matching
// clauses' scores times the coord factor, matched / (required + optional).
type boolNode struct {
	must, should, not []node
}

func (b *boolNode) eval(ix *Index, sc *scratch) []hit {
	evalAll := func(ns []node) [][]hit {
		out := make([][]hit, len(ns))
		for i, n := range ns {
			out[i] = n.eval(ix, sc)
		}
		return out
	}
	must, should, not := evalAll(b.must), evalAll(b.should), evalAll(b.not)
	for _, l := range must {
		if len(l) == 0 {
			return nil
		}
	}
	touch := func(d int32) {
		if sc.matched[d] == 0 && sc.must[d] == 0 {
			sc.touched = append(sc.touched, d)
		}
	}
	for _, l := range must {
		for _, h := range l {
			touch(h.doc)
			sc.score[h.doc] += h.score
			sc.matched[h.doc]++
			sc.must[h.doc]++
		}
	}
	for _, l := range should {
		for _, h := range l {
			touch(h.doc)
			sc.score[h.doc] += h.score
			sc.matched[h.doc]++
		}
	}
	const excluded = -1 << 30
	for _, l := range not {
		for _, h := range l {
			touch(h.doc)
			sc.must[h.doc] = excluded
		}
	}
	clauses := float64(len(b.must) + len(b.should))
	var out []hit
	sc.each(func(d int32) {
		ok := sc.must[d] >= 0 && sc.matched[d] > 0
		if len(must) > 0 {
			ok = sc.must[d] == int32(len(must))
		}
		if ok {
			out = append(out, hit{doc: d, score: sc.score[d] * float64(sc.matched[d]) / clauses})
		}
	})
	return out
}

// union merges lists of hits into one, sorted by document, summing the
// scores of a document found more than once.
func (sc *scratch) union(lists [][]hit) []hit {
	switch len(lists) {
	case 0:
		return nil
	case 1:
		return lists[0]
	}
	for _, l := range lists {
		for _, h := range l {
			if sc.matched[h.doc] == 0 {
				sc.touched = append(sc.touched, h.doc)
			}
			sc.score[h.doc] += h.score
			sc.matched[h.doc]++
		}
	}
	var out []hit
	sc.each(func(d int32) { out = append(out, hit{doc: d, score: sc.score[d]}) })
	return out
}

// each calls f for every touched document in document order and zeroes
// the accumulators. Sorting the touched list costs T log T; when most
// documents were touched, a pass over all of them is cheaper.
func (sc *scratch) each(f func(d int32)) {
	if len(sc.touched)*16 > len(sc.score) {
		for d := range sc.score {
			if sc.matched[d] != 0 || sc.must[d] != 0 {
				f(int32(d))
				sc.score[d], sc.matched[d], sc.must[d] = 0, 0, 0
			}
		}
	} else {
		slices.Sort(sc.touched)
		for _, d := range sc.touched {
			f(d)
			sc.score[d], sc.matched[d], sc.must[d] = 0, 0, 0
		}
	}
	sc.touched = sc.touched[:0]
}

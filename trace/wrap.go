package trace

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"sync/atomic"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Wrap returns d with every external effect recorded: the store, arXiv,
// the pool ranker, the reasoners and the query writer. Nil dependencies stay nil. Build the workflow from
// the result.
func (r *Recorder) Wrap(d nodes.Deps) nodes.Deps {
	if d.Store != nil {
		c, _ := d.Store.(counter)
		if c != nil {
			r.mu.Lock()
			r.counter = c
			r.mu.Unlock()
		}
		d.Store = recordedStore{r: r, inner: d.Store, counter: c}
	}
	if d.Arxiv != nil {
		d.Arxiv = recordedSearcher{r: r, inner: d.Arxiv}
	}
	if d.Judge != nil {
		d.Judge = recordedJudge{r: r, inner: d.Judge}
	}
	if d.Filter != nil {
		d.Filter = recordedFilter{r: r, inner: d.Filter}
	}
	if d.Topic != nil {
		// The topic judge is a paper filter given the question: recorded
		// as one, so that a replay, whose Filter answers both, meets the
		// same operations in the same order.
		d.Topic = recordedFilter{r: r, inner: d.Topic}
	}
	if d.Lead != nil {
		// So is the lead filter (an unrecognised question's first
		// candidate): unrecorded, its call left the replay asking for a
		// filter operation the recording did not have.
		d.Lead = recordedFilter{r: r, inner: d.Lead}
	}
	if d.Answerer != nil {
		d.Answerer = recordedAnswerer{r: r, inner: d.Answerer}
	}
	if d.Queries != nil {
		d.Queries = recordedQueries{r: r, inner: d.Queries}
	}
	if d.Chooser != nil {
		d.Chooser = recordedChooser{r: r, inner: d.Chooser}
	}
	if d.Ranker != nil {
		d.Ranker = recordedRanker{r: r, inner: d.Ranker}
	}
	if d.Router != nil {
		d.Router = recordedRouter{r: r, inner: d.Router}
	}
	return d
}

// Embedder returns e with every call recorded (the number of texts and the
// shape of the vectors, not the vectors). Open the store with it to see the
// embeddings a query or an add needs.
func (r *Recorder) Embedder(e vectordb.Embedder) vectordb.Embedder {
	if e == nil {
		return nil
	}
	return recordedEmbedder{r: r, inner: e}
}

// The parameters of each operation are built here, once, for the recorder and
// the player alike: a fingerprint only matches when both build it the same.

func queryParams(text string, k int) QueryParams { return QueryParams{Text: text, K: k} }

func addParams(docs []vectordb.Document) AddParams {
	p := AddParams{Count: len(docs), DocIDs: []string{}, PaperIDs: []string{}}
	for _, d := range docs {
		p.DocIDs = append(p.DocIDs, d.ID)
		if id := d.PaperID(); id != "" && !slices.Contains(p.PaperIDs, id) {
			p.PaperIDs = append(p.PaperIDs, id)
		}
	}
	b, _ := canonical(fingerprintDocs(docs)) // a []Document always encodes
	sum := sha256.Sum256(b)
	p.ContentSHA256 = hex.EncodeToString(sum[:])
	return p
}

func embedParams(texts []string) EmbedParams {
	p := EmbedParams{Texts: len(texts)}
	h := sha256.New()
	for _, t := range texts {
		p.Chars += len(t)
		h.Write([]byte(t))
		h.Write([]byte{0})
	}
	p.ContentSHA256 = hex.EncodeToString(h.Sum(nil))
	return p
}

func searchParams(query string, start, max int, opts arxiv.SearchOptions) SearchParams {
	return SearchParams{Query: query, Start: start, Max: max, SearchOptions: opts}
}

func judgeParams(question string, ps []reasoner.Passage) JudgeParams {
	return JudgeParams{Question: question, Passages: toPassages(ps)}
}

func filterParams(title, abstract string) FilterParams {
	return FilterParams{Title: title, Abstract: abstract}
}

func answerParams(question string, ps []reasoner.Passage) AnswerParams {
	return AnswerParams{Question: question, Passages: toPassages(ps)}
}

func queriesParams(question string) QueriesParams { return QueriesParams{Question: question} }

func chooseParams(question string, cs []reasoner.Passage) ChooseParams {
	p := ChooseParams{Question: question, Titles: []string{}}
	for _, c := range cs {
		p.Titles = append(p.Titles, c.Title)
	}
	p.AbstractSHA256 = fingerprint(cs, func(c reasoner.Passage) string { return c.Text })
	return p
}

func decideParams(t reasoner.TreeData) DecideParams {
	p := DecideParams{
		Question: t.Question, Environment: nonNil(t.Environment), Steps: []DecideStep{},
		Router: t.Router, Instruction: t.Instruction, Routes: []DecideRoute{}, Loops: t.Loops, Errors: t.Errors,
	}
	for _, s := range t.Steps {
		p.Steps = append(p.Steps, DecideStep{Node: s.Node, Reason: s.Reason})
	}
	for _, o := range t.Routes {
		p.Routes = append(p.Routes, DecideRoute{Key: o.Key, To: o.To, Description: o.Description})
	}
	return p
}

func rankParams(query string, docs []vectordb.Document) RankParams {
	p := RankParams{Query: query, DocIDs: []string{}}
	for _, d := range docs {
		p.DocIDs = append(p.DocIDs, d.ID)
	}
	p.ContentSHA256 = fingerprint(docs, func(d vectordb.Document) string { return d.Content })
	return p
}

// fingerprint is the SHA-256, in hex, of each item's text in order, each
// ended by a NUL: a recording names long inputs by it, and a replay given
// other text no longer matches.
func fingerprint[T any](items []T, text func(T) string) string {
	h := sha256.New()
	for _, it := range items {
		h.Write([]byte(text(it)))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

type recordedStore struct {
	r       *Recorder
	inner   nodes.Store
	counter counter // inner when it can count, else nil
}

func (s recordedStore) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	return record(ctx, s.r, KindStoreQuery, "", queryParams(text, k),
		func(ctx context.Context) ([]vectordb.Result, error) { return s.inner.Query(ctx, text, k) },
		func(rs []vectordb.Result) any { return QueryResult{Results: nonNil(rs)} })
}

// Add also reports the store's size before and after, when the store can
// count: the one persistent change of the whole loop.
func (s recordedStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	c := s.counter
	var before *int
	if c != nil {
		n := c.Count()
		before = &n
	}
	return record(ctx, s.r, KindStoreAdd, "", addParams(docs),
		func(ctx context.Context) (int, error) { return s.inner.Add(ctx, docs) },
		func(n int) any {
			res := AddResult{Added: n, CountBefore: before}
			if c != nil {
				after := c.Count()
				res.CountAfter = &after
			}
			return res
		})
}

// Count records a store.count; stores that cannot count report 0.
func (s recordedStore) Count() int {
	if s.counter == nil {
		return 0
	}
	return s.r.count(s.counter)
}

type recordedSearcher struct {
	r     *Recorder
	inner nodes.Searcher
}

// Search records whether the page came from the client's cache, and tells
// the caller's arxiv.WatchCache as the client would have.
func (s recordedSearcher) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	var cached atomic.Bool
	return record(ctx, s.r, KindArxivSearch, "", searchParams(query, start, max, opts),
		func(ctx context.Context) (arxiv.Page, error) {
			p, err := s.inner.Search(arxiv.WatchCache(ctx, &cached), query, start, max, opts)
			if cached.Load() {
				arxiv.ServedFromCache(ctx)
			}
			return p, err
		},
		func(p arxiv.Page) any {
			r := pageResult(p)
			r.Cached = cached.Load()
			return r
		})
}

type recordedJudge struct {
	r     *Recorder
	inner reasoner.RelevanceJudge
}

func (j recordedJudge) JudgeRelevance(ctx context.Context, question string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	return record(ctx, j.r, KindJudge, j.r.opts.LLM, judgeParams(question, ps),
		func(ctx context.Context) (reasoner.Verdict, error) { return j.inner.JudgeRelevance(ctx, question, ps) },
		func(v reasoner.Verdict) any { return verdictResult(v) })
}

type recordedFilter struct {
	r     *Recorder
	inner reasoner.PaperFilter
}

func (f recordedFilter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	return record(ctx, f.r, KindFilter, f.r.opts.LLM, filterParams(title, abstract),
		func(ctx context.Context) (reasoner.Verdict, error) { return f.inner.IsGameTheory(ctx, title, abstract) },
		func(v reasoner.Verdict) any { return verdictResult(v) })
}

type recordedAnswerer struct {
	r     *Recorder
	inner reasoner.Answerer
}

func (a recordedAnswerer) Answer(ctx context.Context, question string, ps []reasoner.Passage) (reasoner.Answer, error) {
	return record(ctx, a.r, KindAnswer, a.r.opts.LLM, answerParams(question, ps),
		func(ctx context.Context) (reasoner.Answer, error) { return a.inner.Answer(ctx, question, ps) },
		func(ans reasoner.Answer) any { return answerResult(ans) })
}

type recordedQueries struct {
	r     *Recorder
	inner reasoner.QueryWriter
}

func (q recordedQueries) WriteQueries(ctx context.Context, question string) (reasoner.Queries, error) {
	return record(ctx, q.r, KindQueries, q.r.opts.LLM, queriesParams(question),
		func(ctx context.Context) (reasoner.Queries, error) { return q.inner.WriteQueries(ctx, question) },
		func(qs reasoner.Queries) any { return QueriesResult{Queries: nonNil(qs.Queries), Notices: qs.Notices} })
}

type recordedChooser struct {
	r     *Recorder
	inner reasoner.PaperChooser
}

func (c recordedChooser) ChoosePapers(ctx context.Context, question string, cs []reasoner.Passage) (reasoner.Selection, error) {
	return record(ctx, c.r, KindChoose, c.r.opts.LLM, chooseParams(question, cs),
		func(ctx context.Context) (reasoner.Selection, error) { return c.inner.ChoosePapers(ctx, question, cs) },
		func(sel reasoner.Selection) any {
			return ChooseResult{Order: nonNil(sel.Order), Reason: sel.Reason, Notices: sel.Notices}
		})
}

type recordedRouter struct {
	r     *Recorder
	inner reasoner.RouteChooser
}

func (c recordedRouter) ChooseRoute(ctx context.Context, t reasoner.TreeData) (reasoner.Choice, error) {
	return record(ctx, c.r, KindDecide, c.r.opts.LLM, decideParams(t),
		func(ctx context.Context) (reasoner.Choice, error) { return c.inner.ChooseRoute(ctx, t) },
		func(ch reasoner.Choice) any {
			return DecideResult{Route: ch.Route, Message: ch.Message, Reason: ch.Reason, Impossible: ch.Impossible, Notices: ch.Notices}
		})
}

type recordedRanker struct {
	r     *Recorder
	inner nodes.Ranker
}

func (k recordedRanker) Rank(ctx context.Context, query string, docs []vectordb.Document) ([]vectordb.Ranked, error) {
	return record(ctx, k.r, KindRank, "", rankParams(query, docs),
		func(ctx context.Context) ([]vectordb.Ranked, error) { return k.inner.Rank(ctx, query, docs) },
		func(rs []vectordb.Ranked) any { return RankResult{Ranked: nonNil(rs)} })
}

type recordedEmbedder struct {
	r     *Recorder
	inner vectordb.Embedder
}

func (e recordedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if !e.r.recording() {
		return e.inner.Embed(ctx, texts)
	}
	return record(ctx, e.r, KindEmbed, e.inner.Spec(), embedParams(texts),
		func(ctx context.Context) ([][]float32, error) { return e.inner.Embed(ctx, texts) },
		func(vs [][]float32) any {
			res := EmbedResult{Vectors: len(vs)}
			if len(vs) > 0 {
				res.Dims = len(vs[0])
			}
			return res
		})
}

func (e recordedEmbedder) Spec() string { return e.inner.Spec() }
func (e recordedEmbedder) Dim() int     { return e.inner.Dim() }

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// fingerprintDocs is docs as the fingerprint of an add covers them: the
// metadata the chunker wrote before it kept a paper's updated, doi,
// journal_ref and comment and the time of its publication, none of which
// any step reads, so that a run recorded before then still replays.
func fingerprintDocs(docs []vectordb.Document) []vectordb.Document {
	out := make([]vectordb.Document, len(docs))
	for i, d := range docs {
		md := maps.Clone(d.Metadata)
		for _, k := range []string{chunker.KeyUpdated, chunker.KeyDOI, chunker.KeyJournalRef, chunker.KeyComment, chunker.KeyMidSentence} {
			delete(md, k)
		}
		if p, ok := md[chunker.KeyPublished]; ok && len(p) > len("2006-01-02") {
			md[chunker.KeyPublished] = p[:len("2006-01-02")]
		}
		d.Metadata = md
		out[i] = d
	}
	return out
}

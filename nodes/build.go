package nodes

import (
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/reasoner"
)

// Store is what the workflow needs of the knowledge base.
type Store interface {
	Retriever
	Indexer
}

// Deps are the workflow's external effects and settings.
type Deps struct {
	Store    Store
	Arxiv    Searcher
	Judge    reasoner.RelevanceJudge
	Filter   reasoner.PaperFilter
	Answerer reasoner.Answerer

	K          int // documents pulled from the store; 0 means 3
	MaxResults int // papers per arXiv search; 0 means 2
	Chunking   chunker.Options
}

// Graph is the compiled workflow.
type Graph = graph.Graph[GraphState]

// Build wires the workflow. Its body is the diagram in the package doc.
func Build(d Deps) (*Graph, error) {
	var (
		pull     = Puller{Store: d.Store, K: d.K}
		check    = RelevanceChecker{Judge: d.Judge}
		search   = ArxivSearcher{Arxiv: d.Arxiv, MaxResults: d.MaxResults}
		filter   = PaperFilterer{Filter: d.Filter}
		add      = Adder{Store: d.Store, Chunking: d.Chunking}
		generate = Responder{Answerer: d.Answerer, Topic: d.Filter}
	)
	g := graph.New[GraphState]()

	g.AddNode(PullFromChroma, pull.Pull,
		graph.Describe("retrieve the documents most similar to the question from the knowledge base"),
		graph.Reads("user_query"), graph.Writes("chroma_results"), graph.Tools("vector store query"))
	g.AddNode(CheckRelevance, check.Check,
		graph.Describe("decide whether the retrieved documents can answer the question"),
		graph.Reads("user_query", "chroma_results"), graph.Writes("relevant_context"), graph.Tools("relevance judge (LLM or offline)"))
	g.AddNode(SearchArxiv, search.Search,
		graph.Describe("search arXiv for game-theory papers on the question, dropping papers already seen"),
		graph.Reads("user_query", "papers_seen"), graph.Writes("arxiv_papers"), graph.Tools("arXiv API search"))
	g.AddNode(FilterGameTheoryPapers, filter.FilterPapers,
		graph.Describe("keep only the papers that are about game theory"),
		graph.Reads("arxiv_papers", "papers_seen"), graph.Writes("arxiv_papers", "papers_seen"), graph.Tools("paper filter (LLM or offline)"))
	g.AddNode(AddToChroma, add.Add,
		graph.Describe("chunk the kept papers and add them to the knowledge base, which grows and persists"),
		graph.Reads("arxiv_papers"), graph.Writes("papers_added"), graph.Tools("chunker", "vector store add"))
	g.AddNode(GenerateResponse, generate.Respond,
		graph.Describe("write the answer from the retrieved context with numbered citations"),
		graph.Reads("user_query", "chroma_results", "relevant_context"), graph.Writes("final_response", "sources"), graph.Tools("answerer (LLM or extractive)"))

	g.AddEdge(graph.START, PullFromChroma)
	g.AddEdge(PullFromChroma, CheckRelevance)
	g.AddConditionalEdges(CheckRelevance, RouteAfterRelevanceCheck, map[string]string{
		Relevant:    GenerateResponse,
		NotRelevant: SearchArxiv,
	}, graph.Name("route_after_relevance_check"),
		graph.Describe("relevant context → answer; otherwise look for papers on arXiv"),
		graph.Reads("relevant_context"))
	g.AddEdge(SearchArxiv, FilterGameTheoryPapers)
	g.AddConditionalEdges(FilterGameTheoryPapers, RouteAfterPaperFilter, map[string]string{
		PapersKept: AddToChroma,
		NoneKept:   GenerateResponse,
	}, graph.Name("route_after_paper_filter"),
		graph.Describe("game-theory papers kept → add them to the store; none → answer with what there is"),
		graph.Reads("arxiv_papers"))
	g.AddEdge(AddToChroma, PullFromChroma) // the loop: re-query the grown store
	g.AddEdge(GenerateResponse, graph.END)

	return g.Compile()
}

package nodes

import (
	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/vectordb"
)

// Node names, as in the workflow diagram and the reference system.
const (
	PullFromChroma         = "pull_from_chroma"
	CheckRelevance         = "check_relevance"
	SearchArxiv            = "search_arxiv"
	FilterGameTheoryPapers = "filter_game_theory_papers"
	AddToChroma            = "add_to_chroma"
	GenerateResponse       = "generate_response"
)

// Route keys.
const (
	Relevant    = "relevant"
	NotRelevant = "not_relevant"
	PapersKept  = "papers_kept"
	NoneKept    = "none_kept"
)

// GraphState is what flows through the graph. The JSON names are the
// reference system's, so traces teach the same vocabulary as the diagram.
type GraphState struct {
	UserQuery       string            `json:"user_query"`
	ChromaResults   []vectordb.Result `json:"chroma_results"`
	RelevantContext bool              `json:"relevant_context"`
	ArxivPapers     []arxiv.Paper     `json:"arxiv_papers"`
	// PapersSeen holds every paper id the filter has examined in this run.
	PapersSeen []string `json:"papers_seen"`
	// PapersAdded counts papers added to the store in this run.
	PapersAdded   int    `json:"papers_added"`
	FinalResponse string `json:"final_response"`

	// Sources are the passages the final response cites, numbered as in it.
	Sources []Source `json:"sources"`
	// Notices are problems the user should hear about (arXiv unreachable,
	// an LLM reply that could not be parsed, a fallback to offline).
	Notices []string `json:"notices"`
	// Reasoning is the last node's account of what it decided and why, for
	// narration: "judge: top score 0.62 ≥ 0.30 …".
	Reasoning string `json:"reasoning,omitempty"`
	// ArxivQuery is the query search_arxiv sent, for narration.
	ArxivQuery string `json:"arxiv_query,omitempty"`
	// Searches counts arXiv searches in this run.
	Searches int `json:"searches,omitempty"`
}

// Source is one cited passage. Number is its [n] in FinalResponse.
type Source struct {
	Number  int     `json:"-"`
	PaperID string  `json:"paper_id"`
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	ChunkID string  `json:"chunk_id"`
	Score   float64 `json:"score"`
}

// NewState is the state a run starts from.
func NewState(question string) GraphState {
	return GraphState{UserQuery: question}
}

package nodes

import (
	"strings"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/data"
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

// Outcomes: how a run ends (GraphState.Outcome, `ask --json` "outcome").
const (
	// OutcomeAnswered: the sources answer the question.
	OutcomeAnswered = "answered"
	// OutcomeAnsweredWithCaveat: an answer from the closest sources, which
	// the judge did not find sufficient; the user is told.
	OutcomeAnsweredWithCaveat = "answered_with_caveat"
	// OutcomeNotFound: the question is about game theory, but nothing in
	// the store or on arXiv answers it; the answer says what was searched.
	// When arXiv could not be searched the run ends
	// OutcomeArxivUnavailable instead (GraphState.Abstained tells the two
	// apart from an answer).
	OutcomeNotFound = "not_found"
	// OutcomeOffTopic: the question itself is not about game theory.
	OutcomeOffTopic = "off_topic"
	// OutcomeArxivUnavailable: arXiv could not be searched; the answer
	// comes from the store if it can, and otherwise abstains
	// (GraphState.Abstained).
	OutcomeArxivUnavailable = "arxiv_unavailable"
	// OutcomeImpossible: the decision agent (--router llm) judged that no
	// route can answer the question; the answer says why.
	OutcomeImpossible = "impossible"
)

// Field names: GraphState's JSON names, as node metadata (graph.Reads,
// graph.Writes) and narration name them. TestFieldNamesAreTheJSONTags ties
// each to its struct tag, and TestNodesWriteOnlyWhatTheyDeclare checks
// every node's Writes against what it changes.
const (
	FieldUserQuery       = "user_query"
	FieldChromaResults   = "chroma_results"
	FieldRunnersUp       = "runners_up"
	FieldRelevantContext = "relevant_context"
	FieldArxivPapers     = "arxiv_papers"
	FieldPapersSeen      = "papers_seen"
	FieldPapersAdded     = "papers_added"
	FieldPapersFound     = "papers_found"
	FieldFinalResponse   = "final_response"
	FieldSources         = "sources"
	FieldNotices         = "notices"
	FieldReasoning       = "reasoning"
	FieldArxivQueries    = "arxiv_queries"
	FieldArxivQuery      = "arxiv_query"
	FieldSearches        = "searches"
	FieldOffTopic        = "off_topic"
	FieldOutcome         = "outcome"
	FieldAbstained       = "abstained"
	FieldOffline         = "offline"
	FieldImpossible      = "impossible"
	FieldTold            = "told"
	FieldUnstored        = "unstored"
)

// GraphState is what flows through the graph. The JSON names are the
// reference system's, so traces teach the same vocabulary as the diagram.
type GraphState struct {
	UserQuery     string            `json:"user_query"`
	ChromaResults []vectordb.Result `json:"chroma_results"`
	// RunnersUp are the store's next closest papers after ChromaResults
	// (Puller.RunnersUp): an answer the judge found no passage for cites
	// them too (Responder).
	RunnersUp       []vectordb.Result `json:"runners_up,omitempty"`
	RelevantContext bool              `json:"relevant_context"`
	ArxivPapers     []arxiv.Paper     `json:"arxiv_papers"`
	// PapersSeen holds every paper id the filter has examined in this run.
	PapersSeen []string `json:"papers_seen"`
	// PapersAdded counts papers added to the store in this run.
	PapersAdded int `json:"papers_added"`
	// PapersFound are the papers this run's searches found about the
	// question and add_to_chroma stored (added, or already there): each
	// passed search_arxiv's about test and the game-theory filter.
	PapersFound []string `json:"papers_found,omitempty"`
	// Unstored are the papers add_to_chroma could not write to the store
	// (read-only, full, locked), which the notices say why. A run that has
	// them searches no further, since what it finds cannot be kept, and its
	// answer says the papers were found and not stored, not that none of
	// them answers.
	Unstored      []string `json:"unstored,omitempty"`
	FinalResponse string   `json:"final_response"`

	// Sources are the passages the final response cites, numbered as in it.
	Sources []Source `json:"sources"`
	// Notices are problems the user should hear about (arXiv unreachable,
	// an LLM reply that could not be parsed, a fallback to offline).
	Notices []string `json:"notices"`
	// Reasoning is the last node's account of what it decided and why, for
	// narration: "judge: top score 0.62 ≥ 0.30 …".
	Reasoning string `json:"reasoning,omitempty"`
	// ArxivQueries are the searches planned for the question, best first;
	// search_arxiv sends them in order, then further pages.
	ArxivQueries []string `json:"arxiv_queries,omitempty"`
	// ArxivQuery is the last query search_arxiv sent, for narration.
	ArxivQuery string `json:"arxiv_query,omitempty"`
	// Searches are the arXiv requests of this run, in order: no request is
	// sent twice, and their number is bounded (Deps.MaxSearches).
	Searches []Search `json:"searches,omitempty"`
	// OffTopic is set when search_arxiv's topic judge found the question
	// itself not to be about game theory. The question is still searched
	// for, with a stricter test of which papers are about it; unless that
	// finds papers, the run ends off_topic.
	OffTopic bool `json:"off_topic,omitempty"`
	// Outcome is how the run ended, one of the Outcome constants; set by
	// generate_response.
	Outcome string `json:"outcome,omitempty"`
	// Abstained is set when the answer says that nothing it found answers
	// the question: it quotes none of its sources, which are the closest
	// passages, listed as such. The run ends not_found, or
	// arxiv_unavailable when arXiv could not be searched, since then
	// nothing says arXiv lacks an answer.
	Abstained bool `json:"abstained,omitempty"`
	// Offline says why the offline answerer wrote FinalResponse although
	// an LLM was configured (reasoner.Answer.Offline: "the LLM failed",
	// "the LLM's answer was unusable"); set by generate_response, empty
	// when the LLM wrote it, when no LLM is configured, and when no
	// answerer was asked.
	Offline string `json:"offline,omitempty"`
	// Impossible is set by a decision agent (DecisionAgent) that judged the
	// task impossible: why. generate_response then says so instead of
	// answering. Routers of the rules kind never set it.
	Impossible string `json:"impossible,omitempty"`
	// Told are sentences the user has already been given in this
	// conversation, set before the run when someone asks for more ("tell
	// me more"): generate_response answers from the passages without
	// them, so that the answer says what is new rather than the same
	// sentences again. An input, like UserQuery; nil for a question
	// asked on its own.
	Told []string `json:"told,omitempty"`
}

// Search is one arXiv request of a run and what came of it.
type Search struct {
	Query string `json:"query"`
	Start int    `json:"start"`
	// Total is how many papers arXiv says match; Returned how many it sent.
	Total    int `json:"total"`
	Returned int `json:"returned"`
	// Failed holds the error when arXiv could not be searched.
	Failed string `json:"failed,omitempty"`
	// Best is the paper the search's local ranking put first among those
	// about the question, if any; pull_from_chroma keeps the first
	// search's among the passages once it is stored (Puller).
	Best string `json:"best,omitempty"`
	// Cached is set when the page came from the arXiv client's page cache
	// (arxiv.FileCache, 24 h) and no request was sent.
	Cached bool `json:"cached,omitempty"`
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

// Citation is the source as every front end lists it after its [n]:
// "Title — arXiv:2301.01234v2 http://arxiv.org/abs/2301.01234v2", or
// "Nash equilibrium — primer:nash-equilibrium" for a primer entry; its
// id stands for a title it lacks.
func (s Source) Citation() string {
	title := s.Title
	if title == "" {
		title = s.PaperID
	}
	line := title + " — " + CiteID(s.PaperID)
	if s.URL != "" {
		line += " " + s.URL
	}
	return line
}

// CiteID is how an answer's source list names a stored paper: an arXiv
// paper as arXiv:ID, which readers search for, a primer entry by its own
// id (primer:core).
func CiteID(id string) string {
	if strings.HasPrefix(id, data.IDPrefix) {
		return id
	}
	return "arXiv:" + id
}

// NewState is the state a run starts from.
func NewState(question string) GraphState {
	return GraphState{UserQuery: question}
}

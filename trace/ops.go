package trace

import (
	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Operation kinds. The reasoner kinds carry the name of the prompt, which is
// also the name of the node that asks it (generate_response also asks the
// paper filter whether an unanswered question is about game theory).
const (
	KindStoreQuery  = "store.query"
	KindStoreAdd    = "store.add"
	KindStoreCount  = "store.count"
	KindEmbed       = "embed"
	KindArxivSearch = "arxiv.search"
	KindJudge       = "reasoner.check_relevance"
	KindFilter      = "reasoner.filter_game_theory_papers"
	KindAnswer      = "reasoner.generate_response"
	// KindQueries is the LLM writing arXiv searches for the question, asked
	// by search_arxiv.
	KindQueries = "reasoner.search_arxiv"
	// KindChoose is the LLM choosing, among a search's best candidates,
	// those that answer the question, asked by search_arxiv.
	KindChoose = "reasoner.choose_papers"
	// KindRank is the ranking of a search's pool against the question.
	KindRank = "pool.rank"
	// KindDecide is the decision agent choosing a route (--router llm).
	KindDecide = "reasoner.decide_route"
)

// DecideParams are the tree data a decision agent was given.
type DecideParams struct {
	Question    string        `json:"question"`
	Environment []string      `json:"environment"`
	Steps       []DecideStep  `json:"steps"`
	Router      string        `json:"router"`
	Instruction string        `json:"instruction,omitempty"`
	Routes      []DecideRoute `json:"routes"`
	Loops       int           `json:"loops"`
	Errors      []string      `json:"errors,omitempty"`
}

// DecideStep is reasoner.StepTaken.
type DecideStep struct {
	Node   string `json:"node"`
	Reason string `json:"reason,omitempty"`
}

// DecideRoute is reasoner.RouteOption.
type DecideRoute struct {
	Key         string `json:"key"`
	To          string `json:"to"`
	Description string `json:"description,omitempty"`
}

// DecideResult is reasoner.Choice.
type DecideResult struct {
	Route      string   `json:"route"`
	Message    string   `json:"message,omitempty"`
	Reason     string   `json:"reason,omitempty"`
	Impossible bool     `json:"impossible,omitempty"`
	Notices    []string `json:"notices,omitempty"`
}

func (r DecideResult) choice() reasoner.Choice {
	return reasoner.Choice{Route: r.Route, Message: r.Message, Reason: r.Reason, Impossible: r.Impossible, Notices: r.Notices}
}

// QueryParams are a store query's parameters.
type QueryParams struct {
	Text string `json:"text"`
	K    int    `json:"k"`
}

// QueryResult is what a store query returned.
type QueryResult struct {
	Results []vectordb.Result `json:"results"`
}

// AddParams describe a store add. ContentSHA256 covers every document (ids,
// text, metadata), so a change in chunking changes the fingerprint without
// the trace holding every chunk twice.
type AddParams struct {
	Count         int      `json:"count"`
	DocIDs        []string `json:"doc_ids"`
	PaperIDs      []string `json:"paper_ids"`
	ContentSHA256 string   `json:"content_sha256"`
}

// AddResult is what a store add did. The counts are there when the store
// can count; they are the environment update a student should see.
type AddResult struct {
	Added       int  `json:"added"`
	CountBefore *int `json:"count_before,omitempty"`
	CountAfter  *int `json:"count_after,omitempty"`
}

// CountResult is the number of documents in the store.
type CountResult struct {
	Count int `json:"count"`
}

// EmbedParams describe an embedding call; the texts themselves are already
// in the operation that asked for them (a query or an add).
type EmbedParams struct {
	Texts         int    `json:"texts"`
	Chars         int    `json:"chars"`
	ContentSHA256 string `json:"content_sha256"`
}

// EmbedResult is the shape of the vectors; the vectors are not kept.
type EmbedResult struct {
	Vectors int `json:"vectors"`
	Dims    int `json:"dims"`
}

// SearchParams are an arXiv search's parameters, its options recorded as
// they are: arxiv.SearchOptions is plain data whose fields encode here as
// sort_by and sort_order (absent when not set), as they always have, so
// recordings made before the options were a struct replay unchanged.
type SearchParams struct {
	Query string `json:"query"`
	Start int    `json:"start"`
	Max   int    `json:"max"`
	arxiv.SearchOptions
}

// SearchResult is an arXiv page.
type SearchResult struct {
	Papers  []arxiv.Paper `json:"papers"`
	Total   int           `json:"total"`
	Start   int           `json:"start"`
	PerPage int           `json:"per_page"`
	// Cached is set when the client answered from its page cache and sent
	// no request; absent from recordings made before it was kept.
	Cached bool `json:"cached,omitempty"`
}

// Passage is reasoner.Passage with the JSON names of the rest of the trace.
type Passage struct {
	N       int     `json:"n"`
	ID      string  `json:"id"`
	PaperID string  `json:"paper_id"`
	Title   string  `json:"title"`
	Text    string  `json:"text"`
	Score   float64 `json:"score"`
}

// JudgeParams are a relevance judgement's inputs.
type JudgeParams struct {
	Question string    `json:"question"`
	Passages []Passage `json:"passages"`
}

// FilterParams are a paper filter's inputs.
type FilterParams struct {
	Title    string `json:"title"`
	Abstract string `json:"abstract"`
}

// AnswerParams are an answerer's inputs.
type AnswerParams struct {
	Question string    `json:"question"`
	Passages []Passage `json:"passages"`
}

// QueriesParams are a query writer's input.
type QueriesParams struct {
	Question string `json:"question"`
}

// QueriesResult is reasoner.Queries.
type QueriesResult struct {
	Queries []string `json:"queries"`
	Notices []string `json:"notices,omitempty"`
}

// ChooseParams are a paper chooser's inputs: the question and the
// candidates shown, by title with a fingerprint of their abstracts.
type ChooseParams struct {
	Question       string   `json:"question"`
	Titles         []string `json:"titles"`
	AbstractSHA256 string   `json:"abstract_sha256"`
}

// ChooseResult is reasoner.Selection.
type ChooseResult struct {
	Order   []int    `json:"order"`
	Reason  string   `json:"reason,omitempty"`
	Notices []string `json:"notices,omitempty"`
}

// RankParams describe a pool ranking: the question and the candidates, by
// id, with a fingerprint of their text.
type RankParams struct {
	Query         string   `json:"query"`
	DocIDs        []string `json:"doc_ids"`
	ContentSHA256 string   `json:"content_sha256"`
}

// RankResult is the ranked pool, best first.
type RankResult struct {
	Ranked []vectordb.Ranked `json:"ranked"`
}

// VerdictResult is reasoner.Verdict.
type VerdictResult struct {
	Yes      bool `json:"yes"`
	Contrary bool `json:"contrary,omitempty"`
	// Neutral is reasoner.Verdict.Neutral, which decides whether
	// generate_response refuses a question the store seemed to answer.
	// Recordings made before the field existed have none, and replay as
	// they did.
	Neutral bool     `json:"neutral,omitempty"`
	Reason  string   `json:"reason"`
	Notices []string `json:"notices,omitempty"`
}

// AnswerResult is reasoner.Answer.
type AnswerResult struct {
	Text      string   `json:"text"`
	Cited     []int    `json:"cited"`
	Abstained bool     `json:"abstained,omitempty"`
	Concepts  []string `json:"concepts,omitempty"`
	Notices   []string `json:"notices,omitempty"`
	// Quotes are an extractive answer's sentences, which the run numbers
	// its citations through (reasoner.Answer.Quotes). Without them a
	// replay would renumber Text by pattern, and a quoted "[0, 1]" would
	// come back as "[1]". Recordings made before the field existed have
	// none, and replay as they did.
	Quotes []QuoteResult `json:"quotes,omitempty"`
	// Offline is reasoner.Answer.Offline: why the offline answerer wrote
	// the answer although an LLM was configured, which the footer says.
	// Recordings made before the field existed have none.
	Offline string `json:"offline,omitempty"`
}

// QuoteResult is reasoner.Quote: a sentence verbatim from passage N.
type QuoteResult struct {
	Text string `json:"text"`
	N    int    `json:"n"`
}

// toPassages records what a judgement or an answer was given. A passage's
// Found is left out: it follows from papers_found, which the state shows,
// and recording it would change the fingerprint of every answer recorded
// before it existed, so that those traces would no longer replay.
func toPassages(ps []reasoner.Passage) []Passage {
	out := make([]Passage, len(ps))
	for i, p := range ps {
		out[i] = Passage{N: p.N, ID: p.ID, PaperID: p.PaperID, Title: p.Title, Text: p.Text, Score: p.Score}
	}
	return out
}

func pageResult(p arxiv.Page) SearchResult {
	return SearchResult{Papers: p.Papers, Total: p.Total, Start: p.Start, PerPage: p.PerPage}
}

func (r SearchResult) page() arxiv.Page {
	return arxiv.Page{Papers: r.Papers, Total: r.Total, Start: r.Start, PerPage: r.PerPage}
}

func verdictResult(v reasoner.Verdict) VerdictResult {
	return VerdictResult{Yes: v.Yes, Contrary: v.Contrary, Neutral: v.Neutral, Reason: v.Reason, Notices: v.Notices}
}

func (r VerdictResult) verdict() reasoner.Verdict {
	return reasoner.Verdict{Yes: r.Yes, Contrary: r.Contrary, Neutral: r.Neutral, Reason: r.Reason, Notices: r.Notices}
}

func answerResult(a reasoner.Answer) AnswerResult {
	r := AnswerResult{Text: a.Text, Cited: a.Cited, Abstained: a.Abstained, Concepts: a.Concepts, Notices: a.Notices, Offline: a.Offline}
	for _, q := range a.Quotes {
		r.Quotes = append(r.Quotes, QuoteResult(q))
	}
	return r
}

func (r AnswerResult) answer() reasoner.Answer {
	a := reasoner.Answer{Text: r.Text, Cited: r.Cited, Abstained: r.Abstained, Concepts: r.Concepts, Notices: r.Notices, Offline: r.Offline}
	for _, q := range r.Quotes {
		a.Quotes = append(a.Quotes, reasoner.Quote(q))
	}
	return a
}

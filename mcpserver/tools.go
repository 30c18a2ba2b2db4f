package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chat"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// Limits of the tools' inputs: those of the command line where one exists.
const (
	MaxQuestionBytes = service.MaxQuestionBytes // ask's question and search's query
	MaxK             = 100                      // chunks an ask or a search pulls
	MaxResultsLimit  = 50                       // papers an ask adds per arXiv search
	MaxIngestQuery   = 200                      // results one ingest_query call ingests
	MaxIngestIDs     = 200                      // ids one ingest_ids call fetches
	MaxListLimit     = 1000                     // papers one list_papers page holds

	// The defaults of the ranged arguments, in the input schemas: the SDK
	// fills them in for a call that leaves the argument out.
	DefaultAskK          = service.DefaultK
	DefaultAskMaxResults = service.DefaultMaxResults
	DefaultSearchK       = service.DefaultSearchK
	DefaultIngestQuery   = ingest.DefaultPageSize
	DefaultListLimit     = 100
)

// AskInput is the ask tool's arguments.
type AskInput struct {
	Question   string `json:"question" jsonschema:"the question, in plain language (at most 4096 bytes)"`
	K          int    `json:"k,omitempty" jsonschema:"passages pulled from the knowledge base, 1 to 100 (default 3)"`
	MaxResults int    `json:"max_results,omitempty" jsonschema:"papers added per arXiv search when the store lacks the answer, 1 to 50 (default 3)"`
	Router     string `json:"router,omitempty" jsonschema:"who decides at each branch of the workflow: rules (the default), or llm, a decision agent backed by the server's LLM that falls back to the rules"`
}

// AskResult is the ask tool's result: what `gtrag ask --json` prints, less
// the bookkeeping a model does not need.
type AskResult struct {
	Answer      string         `json:"answer" jsonschema:"the answer, citing sources as [1], [2], …"`
	Outcome     string         `json:"outcome" jsonschema:"how the run ended: answered, answered_with_caveat, not_found, off_topic, arxiv_unavailable, or impossible (with router llm, the decision agent judged that no source can answer)"`
	Abstained   bool           `json:"abstained,omitempty" jsonschema:"set when the answer says nothing found answers the question: its sources are then the closest passages, not answers"`
	Sources     []nodes.Source `json:"sources" jsonschema:"the cited passages, in citation order: paper id, title, URL, chunk id, score"`
	Path        []string       `json:"path" jsonschema:"the workflow's steps, in order"`
	PapersAdded int            `json:"papers_added" jsonschema:"papers this run added to the knowledge base from arXiv"`
	PapersSeen  []string       `json:"papers_seen" jsonschema:"arXiv papers this run considered"`
	Notices     []string       `json:"notices" jsonschema:"things worth knowing about the answer, such as an offline LLM"`
	LLM         string         `json:"llm" jsonschema:"the LLM the server is configured with, or offline for none: it wrote the answer unless offline is set"`
	Offline     string         `json:"offline,omitempty" jsonschema:"set only when the server has an LLM and the answer was written offline all the same, saying why: the LLM failed, or the LLM's answer was unusable; absent when the LLM wrote the answer or none is configured"`
	ElapsedMS   int64          `json:"elapsed_ms"`

	Decisions []service.Decision `json:"decisions,omitempty" jsonschema:"with router llm only: each branch of the workflow the run passed, in order, with step, from (the node just completed), route (the route chosen), decided_by (llm when the decision agent's choice was taken, rules when it fell back to the rules), reason, and notice (why it fell back)"`
}

// SearchInput is the search tool's arguments.
type SearchInput struct {
	Query  string `json:"query" jsonschema:"what to look for, in plain language"`
	K      int    `json:"k,omitempty" jsonschema:"passages to return, 1 to 100 (default 5)"`
	Rerank bool   `json:"rerank,omitempty" jsonschema:"rank as ask does: the passages ask would start from, the store's candidates re-ranked by what the query is about, one a paper; by default the store's own order"`
}

// SearchResult is the search tool's result.
type SearchResult struct {
	Query   string    `json:"query"`
	Ranking string    `json:"ranking" jsonschema:"how the passages were chosen and ordered"`
	Results []Passage `json:"results" jsonschema:"the passages, best first"`
}

// Passage is one stored chunk a search returned.
type Passage struct {
	ChunkID string  `json:"chunk_id"`
	PaperID string  `json:"paper_id"`
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	Score   float64 `json:"score" jsonschema:"the score the order follows, in [0,1]: the store's fused rank score (1 for a passage first in both the vector and the word ranking), or with rerank the re-ranker's"`
	Content string  `json:"content"`
}

// IngestIDsInput is the ingest_ids tool's arguments.
type IngestIDsInput struct {
	IDs []string `json:"ids" jsonschema:"arXiv ids (2101.00001, 2101.00001v2, cs/0112004, arXiv:… or abs URLs), at most 200"`
}

// IngestQueryInput is the ingest_query tool's arguments.
type IngestQueryInput struct {
	Query string `json:"query" jsonschema:"an arXiv search_query, e.g. cat:cs.GT AND ti:auction"`
	Max   int    `json:"max,omitempty" jsonschema:"results to ingest, 1 to 200 (default 100)"`
	Sort  string `json:"sort,omitempty" jsonschema:"relevance (default), submitted or updated"`
}

// IngestResult is the ingest tools' result: the object of `gtrag ingest
// --json` (the ids under each outcome, and counts), and what the run had
// to say. Its store_count is null when the store could not be counted at
// the end (a Weaviate that stopped answering), as in `gtrag ingest
// --json` (ingest.Listing).
type IngestResult struct {
	ingest.Listing
	Notices []string `json:"notices" jsonschema:"what the run had to say: ids arXiv does not know, entries skipped, filter fallbacks"`
}

// ListPapersInput is the list_papers tool's arguments.
type ListPapersInput struct {
	Offset int `json:"offset,omitempty" jsonschema:"papers to skip, in id order"`
	Limit  int `json:"limit,omitempty" jsonschema:"papers to return, 1 to 1000 (default 100)"`
}

// ListPapersResult is one page of the stored papers.
type ListPapersResult struct {
	Total  int            `json:"total" jsonschema:"papers stored"`
	Offset int            `json:"offset"`
	Papers []PaperSummary `json:"papers"`
}

// PaperSummary names one stored paper.
type PaperSummary struct {
	ID    string `json:"id" jsonschema:"the arXiv id with its version"`
	Title string `json:"title"`
	URI   string `json:"uri" jsonschema:"the paper's MCP resource"`
}

// GetPaperInput is the get_paper tool's arguments.
type GetPaperInput struct {
	ID string `json:"id" jsonschema:"an arXiv id, with or without its version, in any form ingest_ids takes (2101.00001, cs/0112004v1, arXiv:…, an abs URL), a primer paper's id (primer:core), or the paper's uri from list_papers (gtrag://paper/…)"`
}

// StatsResult describes the knowledge base.
type StatsResult struct {
	vectordb.Info
	LLM string `json:"llm" jsonschema:"the LLM ask uses"`
}

func (s *Server) addTools() {
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "ask",
		InputSchema: inputSchema[AskInput]("ask"),
		Description: "Answer a game-theory question from the knowledge base, with numbered citations; when the store lacks the answer, search arXiv, add the relevant papers and answer from them. The same workflow as `gtrag ask`.",
	}, s.ask)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "search",
		InputSchema: inputSchema[SearchInput]("search"),
		Description: "Raw retrieval: the stored passages that best match a query, best first; with rerank, the passages ask would start from, re-ranked by what the query is about. No LLM, no arXiv.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.search)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "ingest_ids",
		InputSchema: inputSchema[IngestIDsInput]("ingest_ids"),
		Description: "Fetch papers from arXiv by id and add the game-theory ones to the knowledge base. Requests are paced 3 s apart across all calls.",
	}, s.ingestIDs)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "ingest_query",
		InputSchema: inputSchema[IngestQueryInput]("ingest_query"),
		Description: "Run an arXiv search and add the game-theory papers among its first results (at most 200) to the knowledge base. Requests are paced 3 s apart across all calls.",
	}, s.ingestQuery)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "list_papers",
		InputSchema: inputSchema[ListPapersInput]("list_papers"),
		Description: "List the stored papers in id order, a page at a time, with their titles and resource URIs.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.listPapers)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "get_paper",
		Description: "One stored paper: title, authors, date, categories, URLs and abstract.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.getPaper)
	mcp.AddTool(s.mcp, &mcp.Tool{
		Name:        "stats",
		Description: "Describe the knowledge base: where it is, chunks, papers, embedder, size on disk, and the LLM in use.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	}, s.stats)
}

func (s *Server) ask(ctx context.Context, req *mcp.CallToolRequest, in AskInput) (*mcp.CallToolResult, AskResult, error) {
	q, err := checkText("question", in.Question)
	if err == nil && chat.MoreRequest(q) {
		// As `gtrag ask "tell me more"`: asked alone, it was judged a
		// question, refused as off-topic or answered from whatever entry
		// shares "go".
		err = fmt.Errorf("question %q asks for more of an earlier answer, and the ask tool keeps no conversation: ask the question itself", q)
	}
	if err == nil && chat.NeedsEarlierQuestion(q) {
		// As `gtrag ask "why?"`: asked alone, "why?" searched arXiv for
		// nothing it names and was answered "not about game theory".
		err = fmt.Errorf("question %q follows up on an earlier question, and the ask tool keeps no conversation: ask the whole question", q)
	}
	if err == nil {
		err = s.checkRouter(in.Router)
	}
	if err != nil {
		return nil, AskResult{}, s.toolError("ask", err)
	}
	// Someone waits on the call, as on `gtrag ask` at a terminal: arXiv
	// gets the command's budget, and a refused connection ends its part at
	// once; the run then answers from the store, saying so in notices.
	res, err := s.svc.Ask(ctx, q, service.AskOptions{
		K: in.K, MaxResults: in.MaxResults, Router: in.Router,
		ArxivBudget: service.DefaultArxivBudget, ArxivFailFast: true,
		ArxivWaits: s.retries(ctx, req, "ask"),
	})
	s.papersChanged(res.PapersAdded) // a run stopped early keeps what it added
	if err != nil {
		return nil, AskResult{}, s.toolError("ask", stopped(ctx, err))
	}
	s.tell(ctx, req, "ask", res.Notices)
	return nil, AskResult{
		Answer: s.commands(res.Answer), Outcome: res.Outcome, Abstained: res.Abstained, Sources: res.Sources, Path: res.Path,
		PapersAdded: res.PapersAdded, PapersSeen: res.PapersSeen, Notices: res.Notices,
		LLM: res.LLM, Offline: res.Offline, ElapsedMS: res.ElapsedMS, Decisions: res.Decisions,
	}, nil
}

// checkRouter accepts the routers the command line does, in the words of
// a server, whose LLM is set where it was started.
func (s *Server) checkRouter(router string) error {
	switch router {
	case "", nodes.RouterRules:
		return nil
	case nodes.RouterLLM:
		if s.svc.Reasoners().Router == nil {
			return fmt.Errorf("router llm needs an LLM, and this server is %s: start `gtrag mcp` with --llm, or use router rules", s.svc.LLM())
		}
		return nil
	}
	return fmt.Errorf("router %q: want %s or %s", router, nodes.RouterRules, nodes.RouterLLM)
}

func (s *Server) search(ctx context.Context, _ *mcp.CallToolRequest, in SearchInput) (*mcp.CallToolResult, SearchResult, error) {
	q, err := checkText("query", in.Query)
	if err != nil {
		return nil, SearchResult{}, s.toolError("search", err)
	}
	if err := service.CheckSearchQuery(q); err != nil {
		return nil, SearchResult{}, s.toolError("search", err)
	}
	found, err := service.Search(ctx, s.svc.Store(), q, service.SearchOptions{K: in.K, Rerank: in.Rerank})
	if err != nil {
		return nil, SearchResult{}, s.toolError("search", stopped(ctx, fmt.Errorf("search the store: %w", err)))
	}
	out := SearchResult{Query: q, Ranking: found.Ranking, Results: make([]Passage, 0, len(found.Results))}
	for _, r := range found.Results {
		out.Results = append(out.Results, Passage{
			ChunkID: r.ID, PaperID: r.Metadata[chunker.KeyPaperID], Title: r.Metadata[chunker.KeyTitle],
			URL: r.Metadata[chunker.KeyAbsURL], Score: r.Score, Content: r.Content,
		})
	}
	return nil, out, nil
}

func (s *Server) ingestIDs(ctx context.Context, req *mcp.CallToolRequest, in IngestIDsInput) (*mcp.CallToolResult, IngestResult, error) {
	if len(in.IDs) > MaxIngestIDs {
		return nil, IngestResult{}, s.toolError("ingest_ids", fmt.Errorf("%d ids: at most %d per call", len(in.IDs), MaxIngestIDs))
	}
	ids, err := ingest.NormalizeIDs(in.IDs)
	if err != nil {
		return nil, IngestResult{}, s.toolError("ingest_ids", err)
	}
	return s.runIngest(ctx, req, "ingest_ids", func(ctx context.Context, in *ingest.Ingester) (ingest.Report, error) {
		return in.Lookup(ctx, s.svc.Arxiv(), ids)
	})
}

func (s *Server) ingestQuery(ctx context.Context, req *mcp.CallToolRequest, in IngestQueryInput) (*mcp.CallToolResult, IngestResult, error) {
	q, err := checkText("query", in.Query)
	query := ingest.Query{Text: q, Max: in.Max, Sort: in.Sort}
	if err == nil {
		err = query.Validate()
	}
	if err != nil {
		return nil, IngestResult{}, s.toolError("ingest_query", err)
	}
	return s.runIngest(ctx, req, "ingest_query", func(ctx context.Context, in *ingest.Ingester) (ingest.Report, error) {
		return in.Search(ctx, s.svc.Arxiv(), query)
	})
}

// runIngest runs one ingest into the service's store with the service's
// paper filter, collecting its notices and reporting its progress to a
// client that asked for it.
//
// The call is one run of the LLM's fallback (reasoner.WithRunFor), as an
// ask is: the filter stops asking an LLM that failed for the rest of the
// call, and after a failed call, an ask's or an ingest's, the LLM's
// backoff counts the call down and the next ones ask it again. Outside a
// run the filter skipped the LLM for as long as no ask came, and said it
// was unavailable, though it had not been asked.
func (s *Server) runIngest(ctx context.Context, req *mcp.CallToolRequest, tool string, run func(context.Context, *ingest.Ingester) (ingest.Report, error)) (*mcp.CallToolResult, IngestResult, error) {
	ctx = reasoner.WithRunFor(ctx, "ingest")
	ids := ingest.IDs{}
	in := &ingest.Ingester{Store: s.svc.Store(), Filter: s.svc.Reasoners().Filter, OnPaper: ids.Add}
	if report, stop := ingestProgress(ctx, req); report != nil {
		in.OnProgress = report
		defer stop()
	}
	// The report's arxiv_requests count this call's requests alone: the
	// service's one arXiv client serves every call at once, and the
	// ingest counts the context's counter when it carries one.
	var requests atomic.Int64
	// A refused connection means nothing listens: say so now rather than
	// after a minute of retries the caller waits through.
	rep, err := run(arxiv.Watch(arxiv.FailFast(arxiv.CountRequests(ctx, &requests)), s.retries(ctx, req, tool)), in)
	s.papersChanged(rep.Kept) // an ingest stopped early keeps its committed batches
	if err != nil {
		return nil, IngestResult{}, s.toolError(tool, stopped(ctx, err))
	}
	notices := rep.Notices
	if notices == nil {
		notices = []string{}
	}
	if rep.NoticesDropped > 0 {
		notices = append(notices, fmt.Sprintf("%d more notices not shown", rep.NoticesDropped))
	}
	s.tell(ctx, req, tool, notices)
	return nil, IngestResult{Listing: rep.Listing(ids), Notices: notices}, nil
}

func (s *Server) listPapers(ctx context.Context, _ *mcp.CallToolRequest, in ListPapersInput) (*mcp.CallToolResult, ListPapersResult, error) {
	ids, err := s.svc.PaperIDs(ctx)
	if err != nil {
		return nil, ListPapersResult{}, s.toolError("list_papers", stopped(ctx, err))
	}
	out := ListPapersResult{Total: len(ids), Offset: in.Offset, Papers: []PaperSummary{}}
	page := ids[min(in.Offset, len(ids)):min(in.Offset+in.Limit, len(ids))]
	for _, id := range page {
		p, err := s.svc.Paper(ctx, id)
		if errors.Is(err, service.ErrPaperNotFound) {
			continue // deleted since the list was read
		}
		if err != nil {
			return nil, ListPapersResult{}, s.toolError("list_papers", stopped(ctx, err))
		}
		out.Papers = append(out.Papers, PaperSummary{ID: p.ID, Title: p.Title, URI: PaperURI(p.ID)})
	}
	return nil, out, nil
}

func (s *Server) getPaper(ctx context.Context, _ *mcp.CallToolRequest, in GetPaperInput) (*mcp.CallToolResult, service.Paper, error) {
	p, err := s.svc.Paper(ctx, in.ID)
	if err != nil {
		return nil, service.Paper{}, s.toolError("get_paper", stopped(ctx, err))
	}
	return nil, p, nil
}

// stats describes the store as it is now: the embedded store first reads
// what other processes committed since it last looked (a `gtrag ingest`
// beside the server), as list_papers and search do, rather than the
// counts of the server's last write.
func (s *Server) stats(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, StatsResult, error) {
	if r, ok := s.svc.Store().(interface{ Refresh(context.Context) error }); ok {
		if err := r.Refresh(ctx); err != nil {
			return nil, StatsResult{}, s.toolError("stats", stopped(ctx, err))
		}
	}
	info, err := service.StoreInfo(ctx, s.svc.Store()) // a server's, with the call's context
	if err != nil {
		return nil, StatsResult{}, s.toolError("stats", stopped(ctx, err))
	}
	return nil, StatsResult{Info: info, LLM: s.svc.LLM()}, nil
}

// checkText checks a question or query as every front end does
// (service.CheckQuestion) and folds its white space.
func checkText(what, s string) (string, error) {
	return service.CheckQuestion("the "+what, s)
}

// stopped says "cancelled" for a call the client cancelled, whatever layer
// noticed it first.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("cancelled: %w", err)
	}
	return err
}

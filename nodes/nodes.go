package nodes

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Retriever finds the stored chunks most similar to a text.
type Retriever interface {
	Query(ctx context.Context, text string, k int) ([]vectordb.Result, error)
}

// Indexer adds chunks to the store.
type Indexer interface {
	Add(ctx context.Context, docs []vectordb.Document) (int, error)
}

// Searcher searches arXiv.
type Searcher interface {
	Search(ctx context.Context, query string, start, max int, opts ...arxiv.SearchOption) (arxiv.Page, error)
}

// Puller is the pull_from_chroma node.
type Puller struct {
	Store Retriever
	K     int // documents to retrieve; 0 means 3
}

// Pull queries the store with the user's question.
func (p Puller) Pull(ctx context.Context, s GraphState) (GraphState, error) {
	k := p.K
	if k <= 0 {
		k = 3
	}
	results, err := p.Store.Query(ctx, s.UserQuery, k)
	if err != nil {
		return s, fmt.Errorf("query the store: %w", err)
	}
	s.ChromaResults = results
	if len(results) == 0 {
		s.Reasoning = fmt.Sprintf("asked the store for the top %d documents; it has none that match", k)
	} else {
		s.Reasoning = fmt.Sprintf("asked the store for the top %d documents; got %d, best score %.2f", k, len(results), results[0].Score)
	}
	return s, nil
}

// RelevanceChecker is the check_relevance node.
type RelevanceChecker struct {
	Judge reasoner.RelevanceJudge
}

// judgedDocs is how many of the top documents the judge sees, as in the
// reference system: enough to decide, little enough for a small model.
const judgedDocs = 2

// Check decides whether the retrieved documents can answer the question.
// With no documents the answer is no, and the judge is not asked.
func (c RelevanceChecker) Check(ctx context.Context, s GraphState) (GraphState, error) {
	if len(s.ChromaResults) == 0 {
		s.RelevantContext = false
		s.Reasoning = "no documents retrieved, so the context cannot be relevant (judge not asked)"
		return s, nil
	}
	top := passages(s.ChromaResults[:min(judgedDocs, len(s.ChromaResults))])
	v, err := c.Judge.JudgeRelevance(ctx, s.UserQuery, top)
	if err != nil {
		return s, fmt.Errorf("judge relevance: %w", err)
	}
	s.RelevantContext = v.Yes
	s.Notices = addNotices(s.Notices, v.Notices)
	s.Reasoning = verdictText(v, "relevant", "not relevant")
	return s, nil
}

// ArxivSearcher is the search_arxiv node.
type ArxivSearcher struct {
	Arxiv      Searcher
	MaxResults int // papers per search; 0 means 2
}

// Search asks arXiv for game-theory papers matching the question's keywords
// and drops those already examined in this run. An arXiv failure is not
// fatal: the run goes on with what the store has, and the user is told.
func (a ArxivSearcher) Search(ctx context.Context, s GraphState) (GraphState, error) {
	max := a.MaxResults
	if max <= 0 {
		max = 2
	}
	s.ArxivQuery = arxiv.BuildQuery(s.UserQuery, arxiv.QueryOptions{Prefix: "game theory"})
	s.ArxivPapers = nil
	s.Searches++
	if s.ArxivQuery == "" {
		s.Reasoning = "the question has no keywords to search arXiv with"
		return s, nil
	}
	page, err := a.Arxiv.Search(ctx, s.ArxivQuery, 0, max)
	if err != nil {
		if ctx.Err() != nil {
			return s, fmt.Errorf("search arXiv: %w", err)
		}
		s.Notices = addNotices(s.Notices, []string{"arXiv search failed, answering from the local store: " + err.Error()})
		s.Reasoning = "arXiv could not be searched: " + err.Error()
		return s, nil
	}
	if page.EmptyQuirk() {
		// The client has already asked again within its attempts. Without
		// a notice, "no papers" would read as "arXiv has nothing on this".
		s.Notices = addNotices(s.Notices, []string{fmt.Sprintf("arXiv search returned no entries although it reports %d results (a known arXiv fault), answering from the local store", page.Total)})
	}
	var dropped int
	for _, p := range page.Papers {
		if slices.Contains(s.PapersSeen, p.ID) {
			dropped++
			continue
		}
		s.ArxivPapers = append(s.ArxivPapers, p)
	}
	s.Reasoning = fmt.Sprintf("arXiv returned %d papers (%d total match); %d already seen in this run", len(page.Papers), page.Total, dropped)
	return s, nil
}

// PaperFilterer is the filter_game_theory_papers node.
type PaperFilterer struct {
	Filter reasoner.PaperFilter
}

// FilterPapers keeps the papers the filter judges to be about game theory.
// Every examined id goes into papers_seen, kept or not, so that the loop
// never examines a paper twice.
func (f PaperFilterer) FilterPapers(ctx context.Context, s GraphState) (GraphState, error) {
	var kept []arxiv.Paper
	var why []string
	seen := slices.Clip(s.PapersSeen)
	for _, p := range s.ArxivPapers {
		v, err := f.Filter.IsGameTheory(ctx, p.Title, reasoner.AbstractStart(p.Summary))
		if err != nil {
			return s, fmt.Errorf("filter paper %s: %w", p.ID, err)
		}
		seen = append(seen, p.ID)
		s.Notices = addNotices(s.Notices, v.Notices)
		if v.Yes {
			kept = append(kept, p)
		}
		why = append(why, fmt.Sprintf("%s %s (%s)", p.ID, map[bool]string{true: "kept", false: "rejected"}[v.Yes], v.Reason))
	}
	s.PapersSeen = seen
	s.ArxivPapers = kept
	if len(why) == 0 {
		s.Reasoning = "no new papers to judge"
	} else {
		s.Reasoning = fmt.Sprintf("kept %d of %d: %s", len(kept), len(why), strings.Join(why, "; "))
	}
	return s, nil
}

// Adder is the add_to_chroma node.
type Adder struct {
	Store    Indexer
	Chunking chunker.Options
}

// Add chunks the kept papers and adds them to the store; the knowledge base
// grows and the change persists.
func (a Adder) Add(ctx context.Context, s GraphState) (GraphState, error) {
	var docs []vectordb.Document
	for _, p := range s.ArxivPapers {
		docs = append(docs, vectordb.Documents(chunker.Split(p, a.Chunking))...)
	}
	n, err := a.Store.Add(ctx, docs)
	if err != nil {
		if ctx.Err() != nil {
			return s, fmt.Errorf("add papers to the store: %w", err)
		}
		// A store that cannot be written (read-only, full disk, locked)
		// loses this run its new papers, not its answer: the store is
		// unchanged, the papers stay in papers_seen, and the loop goes on
		// to answer from what the store has, as it does when arXiv fails.
		s.Notices = addNotices(s.Notices, []string{"could not add papers to the knowledge base, answering without them: " + err.Error()})
		s.Reasoning = fmt.Sprintf("could not add %d papers to the store: %s", len(s.ArxivPapers), err.Error())
		return s, nil
	}
	s.PapersAdded += len(s.ArxivPapers)
	s.Reasoning = fmt.Sprintf("split %d papers into %d chunks; %d new chunks written", len(s.ArxivPapers), len(docs), n)
	return s, nil
}

// Responder is the generate_response node.
type Responder struct {
	Answerer reasoner.Answerer
	// Topic decides whether a question with no good context is about game
	// theory at all; the paper filter serves, judging the question as a title.
	Topic reasoner.PaperFilter
}

// OffTopic is the answer to a question that is not about game theory.
const OffTopic = "This question does not appear to be about game theory, so I have no sources for it and added nothing to the knowledge base. Ask about strategic interaction: equilibria, auctions, bargaining, voting, repeated games…"

// Respond writes the final answer from the retrieved context, citing it.
func (r Responder) Respond(ctx context.Context, s GraphState) (GraphState, error) {
	if !s.RelevantContext {
		onTopic := false
		if len(s.ChromaResults) > 0 {
			v, err := r.Topic.IsGameTheory(ctx, s.UserQuery, "")
			if err != nil {
				return s, fmt.Errorf("judge the question's topic: %w", err)
			}
			onTopic = v.Yes
		}
		if !onTopic {
			s.FinalResponse = OffTopic
			s.Sources = nil
			s.Reasoning = "no relevant context and no game-theory papers: the question is off-topic"
			return s, nil
		}
		s.Notices = addNotices(s.Notices, []string{"the sources found may not fully answer this question"})
	}
	ps := passages(s.ChromaResults)
	ans, err := r.Answerer.Answer(ctx, s.UserQuery, ps)
	if err != nil {
		return s, fmt.Errorf("generate the answer: %w", err)
	}
	s.Notices = addNotices(s.Notices, ans.Notices)
	s.FinalResponse, s.Sources = renumber(ans.Text, s.ChromaResults)
	s.Reasoning = fmt.Sprintf("answered from %d passages, citing %d", len(ps), len(s.Sources))
	return s, nil
}

// RouteAfterRelevanceCheck sends a run with relevant context to the answer
// and any other to arXiv.
func RouteAfterRelevanceCheck(s GraphState) (key, reason string) {
	if s.RelevantContext {
		return Relevant, "the retrieved context can answer the question"
	}
	if len(s.ChromaResults) == 0 {
		return NotRelevant, "the store has nothing for this question"
	}
	return NotRelevant, "the retrieved context cannot answer the question"
}

// RouteAfterPaperFilter adds kept papers to the store, or gives up on arXiv
// and answers with what there is.
func RouteAfterPaperFilter(s GraphState) (key, reason string) {
	if n := len(s.ArxivPapers); n > 0 {
		return PapersKept, fmt.Sprintf("%d game-theory paper(s) to add to the knowledge base", n)
	}
	return NoneKept, "no new game-theory papers found; answer with what we have"
}

func passages(results []vectordb.Result) []reasoner.Passage {
	ps := make([]reasoner.Passage, len(results))
	for i, r := range results {
		ps[i] = reasoner.Passage{
			N:       i + 1,
			ID:      r.ID,
			PaperID: r.PaperID(),
			Title:   r.Metadata["title"],
			Text:    r.Content,
			// The judge and the answerer weigh how similar a passage is
			// (cosine), not where the fused ranking put it.
			Score: r.Similarity,
		}
	}
	return ps
}

// citation matches [3] and lists such as [1, 2], which LLM answers use.
var citation = regexp.MustCompile(`\[\s*\d+(?:\s*,\s*\d+)*\s*\]`)

// renumber rewrites the answer's citations so that the cited papers are
// numbered 1, 2, … in order of first use, and returns them as sources. Two
// chunks of one paper share its number: a reader takes different numbers
// for different works. Citations to passages that do not exist are removed.
func renumber(text string, results []vectordb.Result) (string, []Source) {
	byPaper := map[string]int{}
	var sources []Source
	number := func(n int) int {
		r := results[n-1]
		paper := r.PaperID()
		if paper == "" {
			paper = r.ID
		}
		if num, ok := byPaper[paper]; ok {
			return num
		}
		num := len(sources) + 1
		byPaper[paper] = num
		sources = append(sources, Source{
			Number:  num,
			PaperID: r.PaperID(),
			Title:   r.Metadata["title"],
			URL:     r.Metadata["abs_url"],
			ChunkID: r.ID,
			Score:   r.Score,
		})
		return num
	}
	out := citation.ReplaceAllStringFunc(text, func(m string) string {
		var nums []string
		for _, f := range strings.Split(m[1:len(m)-1], ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > len(results) {
				continue
			}
			if s := strconv.Itoa(number(n)); !slices.Contains(nums, s) {
				nums = append(nums, s)
			}
		}
		if len(nums) == 0 {
			return ""
		}
		return "[" + strings.Join(nums, ", ") + "]"
	})
	// Chunks of one paper cited side by side now carry the same number.
	for _, src := range sources {
		c := "[" + strconv.Itoa(src.Number) + "]"
		for _, twice := range []string{c + c, c + " " + c, c + ", " + c} {
			for strings.Contains(out, twice) {
				out = strings.ReplaceAll(out, twice, c)
			}
		}
	}
	return out, sources
}

func verdictText(v reasoner.Verdict, yes, no string) string {
	word := no
	if v.Yes {
		word = yes
	}
	if v.Reason == "" {
		return word
	}
	return word + ": " + v.Reason
}

// addNotices appends new, distinct notices without touching the caller's
// backing array.
func addNotices(have, add []string) []string {
	out := slices.Clip(have)
	for _, n := range add {
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

package graph

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// flow is a small stand-in for gtrag's GraphState: enough to drive the
// workflow's routers, cheap enough that benchmarks measure the engine.
type flow struct {
	Pulls    int
	Relevant bool
	Found    int // papers the search returned
	Kept     int // papers the filter kept
	Added    int // papers in the store beyond the start
	Answer   int
}

// gtragShaped declares the gtrag workflow over flow:
//
//	START → pull → check → (generate | search → filter → (add → pull | generate)) → END
//
// A first pass finds nothing relevant, searches, keeps papers and loops;
// the second pass is relevant and answers: eight steps.
func gtragShaped() *StateGraph[flow] {
	g := New[flow]()
	g.AddNode("pull_from_chroma", func(_ context.Context, s flow) (flow, error) {
		s.Pulls++
		return s, nil
	}, Describe("retrieve similar documents"), Reads("user_query"), Writes("chroma_results"), Tools("vector store"))
	g.AddNode("check_relevance", func(_ context.Context, s flow) (flow, error) {
		s.Relevant = s.Added > 0
		return s, nil
	}, Describe("judge the retrieved documents"), Reads("chroma_results"), Writes("relevant_context"), Tools("judge"))
	g.AddNode("search_arxiv", func(_ context.Context, s flow) (flow, error) {
		s.Found = 2
		return s, nil
	}, Describe("search arXiv"), Reads("user_query"), Writes("arxiv_papers"), Tools("arXiv API"))
	g.AddNode("filter_game_theory_papers", func(_ context.Context, s flow) (flow, error) {
		s.Kept = s.Found
		return s, nil
	}, Describe("keep game-theory papers"), Reads("arxiv_papers"), Writes("arxiv_papers", "papers_seen"))
	g.AddNode("add_to_chroma", func(_ context.Context, s flow) (flow, error) {
		s.Added += s.Kept
		return s, nil
	}, Describe("add papers to the store"), Reads("arxiv_papers"), Writes("papers_added"), Tools("chunker", "vector store"))
	g.AddNode("generate_response", func(_ context.Context, s flow) (flow, error) {
		s.Answer = s.Added
		return s, nil
	}, Describe("answer with citations"), Reads("chroma_results"), Writes("final_response"), Tools("answerer"))

	g.AddEdge(START, "pull_from_chroma")
	g.AddEdge("pull_from_chroma", "check_relevance")
	g.AddConditionalEdges("check_relevance", func(s flow) (string, string) {
		if s.Relevant {
			return "relevant", "the context answers the question"
		}
		return "not_relevant", "nothing relevant in the store"
	}, map[string]string{"relevant": "generate_response", "not_relevant": "search_arxiv"},
		Name("route_after_relevance_check"), Describe("answer or search"), Reads("relevant_context"))
	g.AddEdge("search_arxiv", "filter_game_theory_papers")
	g.AddConditionalEdges("filter_game_theory_papers", func(s flow) (string, string) {
		if s.Kept > 0 {
			return "papers_kept", "new papers to add"
		}
		return "none_kept", "nothing new"
	}, map[string]string{"papers_kept": "add_to_chroma", "none_kept": "generate_response"},
		Name("route_after_paper_filter"), Reads("arxiv_papers"))
	g.AddEdge("add_to_chroma", "pull_from_chroma")
	g.AddEdge("generate_response", END)
	return g
}

// gtragPath is the run gtragShaped makes from a zero flow.
var gtragPath = []string{
	"pull_from_chroma", "check_relevance", "search_arxiv", "filter_game_theory_papers",
	"add_to_chroma", "pull_from_chroma", "check_relevance", "generate_response",
}

func compiled[S any](tb testing.TB, g *StateGraph[S]) *Graph[S] {
	tb.Helper()
	c, err := g.Compile()
	require.NoError(tb, err)
	return c
}

package graph

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// flow is the state of a small research-and-write workflow: enough to
// drive two routers and a loop, cheap enough that benchmarks measure the
// engine. The graph package is generic; gtrag's own workflow and its
// diagrams are tested in package nodes.
type flow struct {
	Pulls    int
	Relevant bool
	Found    int // sources the research found
	Kept     int // sources selected
	Added    int // sources noted beyond the start
	Answer   int
}

// loopShaped declares the workflow over flow:
//
//	START → recall → assess → (write | research → select → (memorize → recall | write)) → END
//
// A first pass knows too little, researches, selects sources and loops;
// the second pass is ready and writes: eight steps.
func loopShaped() *StateGraph[flow] {
	g := New[flow]()
	g.AddNode("recall", func(_ context.Context, s flow) (flow, error) {
		s.Pulls++
		return s, nil
	}, Describe("recall what is known"), Reads("topic"), Writes("notes"), Tools("notebook"))
	g.AddNode("assess", func(_ context.Context, s flow) (flow, error) {
		s.Relevant = s.Added > 0
		return s, nil
	}, Describe("judge whether it is enough"), Reads("notes"), Writes("sufficient"), Tools("judge"))
	g.AddNode("research", func(_ context.Context, s flow) (flow, error) {
		s.Found = 2
		return s, nil
	}, Describe("look for sources"), Reads("topic"), Writes("sources"), Tools("library catalogue"))
	g.AddNode("select", func(_ context.Context, s flow) (flow, error) {
		s.Kept = s.Found
		return s, nil
	}, Describe("keep the useful sources"), Reads("sources"), Writes("sources", "seen"))
	g.AddNode("memorize", func(_ context.Context, s flow) (flow, error) {
		s.Added += s.Kept
		return s, nil
	}, Describe("note the sources"), Reads("sources"), Writes("learned"), Tools("chunker", "notebook"))
	g.AddNode("write", func(_ context.Context, s flow) (flow, error) {
		s.Answer = s.Added
		return s, nil
	}, Describe("write with citations"), Reads("notes"), Writes("essay"), Tools("answerer"))

	g.AddEdge(START, "recall")
	g.AddEdge("recall", "assess")
	g.AddConditionalEdges("assess", func(s flow) (string, string) {
		if s.Relevant {
			return "ready", "enough is known"
		}
		return "lacking", "not enough is known"
	}, map[string]string{"ready": "write", "lacking": "research"},
		Name("route_after_assess"), Describe("write or look further"), Reads("sufficient"))
	g.AddEdge("research", "select")
	g.AddConditionalEdges("select", func(s flow) (string, string) {
		if s.Kept > 0 {
			return "some_found", "new sources to note"
		}
		return "none_found", "nothing new"
	}, map[string]string{"some_found": "memorize", "none_found": "write"},
		Name("route_after_select"), Reads("sources"))
	g.AddEdge("memorize", "recall")
	g.AddEdge("write", END)
	return g
}

// loopPath is the run loopShaped makes from a zero flow.
var loopPath = []string{
	"recall", "assess", "research", "select",
	"memorize", "recall", "assess", "write",
}

func compiled[S any](tb testing.TB, g *StateGraph[S]) *Graph[S] {
	tb.Helper()
	c, err := g.Compile()
	require.NoError(tb, err)
	return c
}

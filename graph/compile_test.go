package graph

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func nop(_ context.Context, s int) (int, error) { return s, nil }

func always(key string) RouteFunc[int] {
	return func(int) (string, string) { return key, "" }
}

func TestCompileProblems(t *testing.T) {
	tests := []struct {
		name    string
		declare func(g *StateGraph[int])
		want    []string // nil: compiles
	}{
		{
			name: "valid line",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", "b")
				g.AddEdge("b", END)
			},
		},
		{
			name: "valid loop with router",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"again": "a", "done": END})
			},
		},
		{
			name: "unknown edge target",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", "zz")
			},
			want: []string{`edge a → zz: unknown node "zz"`},
		},
		{
			name: "unknown edge source",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
				g.AddEdge("zz", "a")
			},
			want: []string{`edge zz → a: unknown node "zz"`},
		},
		{
			name: "duplicate node",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
			},
			want: []string{`node "a" is declared 2 times`},
		},
		{
			name: "reserved names",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode(START, nop)
				g.AddNode(END, nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
			},
			want: []string{
				`node name "__end__" is reserved for graph.END`,
				`node name "__start__" is reserved for graph.START`,
			},
		},
		{
			name: "empty node name",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
			},
			want: []string{`node #2 has an empty name`},
		},
		{
			name: "nil node function",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nil)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
			},
			want: []string{`node "a" has a nil function`},
		},
		{
			name: "no entry",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge("a", END)
			},
			want: []string{`no entry: add an edge from START to the first node`},
		},
		{
			name:    "empty graph",
			declare: func(g *StateGraph[int]) {},
			want:    []string{`no entry: add an edge from START to the first node`},
		},
		{
			name: "entry straight to END",
			declare: func(g *StateGraph[int]) {
				g.AddEdge(START, END)
			},
			want: []string{`START leads straight to END: the entry edge must lead to a node`},
		},
		{
			name: "two entries",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddEdge(START, "a")
				g.AddEdge(START, "b")
				g.AddEdge("a", END)
				g.AddEdge("b", END)
			},
			want: []string{`START has 2 fixed edges (→ a, b); a run has one entry`},
		},
		{
			name: "conditional entry",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddConditionalEdges(START, always("go"), map[string]string{"go": "a"})
				g.AddEdge("a", END)
			},
			want: []string{`router "route_after___start__" (after __start__): START needs a fixed edge to the first node; conditional entry is not supported`},
		},
		{
			name: "unreachable node",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("island", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
				g.AddEdge("island", END)
			},
			want: []string{`node "island" is unreachable from START`},
		},
		{
			name: "loop that never reaches END",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddNode("c", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"spin": "b", "done": END})
				g.AddEdge("b", "c")
				g.AddEdge("c", "b")
			},
			want: []string{`node "b" can never reach END`, `node "c" can never reach END`},
		},
		{
			name: "dead end",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"more": "b", "done": END})
			},
			want: []string{`node "b" has no outgoing edge (add one to END if it is the last step)`},
		},
		{
			name: "fixed and conditional edge",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END})
			},
			want: []string{`node "a" has both a fixed edge (→ __end__) and conditional edges; keep one`},
		},
		{
			name: "two fixed edges",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", "b")
				g.AddEdge("a", END)
				g.AddEdge("b", END)
			},
			want: []string{`node "a" has 2 fixed edges (→ b, __end__); use AddConditionalEdges to branch`},
		},
		{
			name: "two routers",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END}, Name("first"))
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END}, Name("second"))
			},
			want: []string{`node "a" has 2 routers; merge them into one`},
		},
		{
			name: "route to undeclared node",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END, "more": "zz"})
			},
			want: []string{`router "route_after_a" (after a): route "more": unknown node "zz"`},
		},
		{
			name: "empty route map",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), nil, Name("decide"))
			},
			want: []string{`router "decide" (after a): empty route map`},
		},
		{
			name: "nil router",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", nil, map[string]string{"done": END})
			},
			want: []string{`router "route_after_a" (after a): nil route function`},
		},
		{
			name: "empty route key",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"": END})
			},
			want: []string{`router "route_after_a" (after a): empty route key (→ __end__)`},
		},
		{
			name: "route back to START",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END, "again": START})
			},
			want: []string{`router "route_after_a" (after a): route "again": START cannot be a target`},
		},
		{
			name: "edge to START",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", START)
			},
			want: []string{`edge a → __start__: START cannot be a target`},
		},
		{
			name: "edge from END",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddEdge(START, "a")
				g.AddEdge("a", END)
				g.AddEdge(END, "a")
			},
			want: []string{`edge __end__ → a: END has no outgoing edges`},
		},
		{
			name: "router option on a node, node options on a router",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop, Name("alias"), Describe("fine"))
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("done"), map[string]string{"done": END},
					Writes("x"), Tools("y"), Writes("z"), Reads("fine"))
			},
			want: []string{
				`node "a": option Name applies only to routers`,
				`router "route_after_a" (after a): option Tools applies only to nodes`,
				`router "route_after_a" (after a): option Writes applies only to nodes`,
			},
		},
		{
			name: "router name used twice",
			declare: func(g *StateGraph[int]) {
				g.AddNode("a", nop)
				g.AddNode("b", nop)
				g.AddEdge(START, "a")
				g.AddConditionalEdges("a", always("on"), map[string]string{"on": "b"}, Name("decide"))
				g.AddConditionalEdges("b", always("done"), map[string]string{"done": END}, Name("decide"))
			},
			want: []string{`router name "decide" is used 2 times`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New[int]()
			tt.declare(g)
			compiled, err := g.Compile()
			if tt.want == nil {
				require.NoError(t, err)
				require.NotNil(t, compiled)
				return
			}
			require.Nil(t, compiled)
			var ce *CompileError
			require.ErrorAs(t, err, &ce)
			require.Equal(t, tt.want, ce.Problems)
		})
	}
}

// A graph with many mistakes reports all of them in one sorted error, one
// per line, so a single Compile shows the whole job.
func TestCompileReportsEveryProblemAtOnce(t *testing.T) {
	g := New[int]()
	g.AddNode("pull", nop)
	g.AddNode("pull", nop)
	g.AddNode("check", nil)
	g.AddNode("orphan", nop)
	g.AddNode(END, nop)
	g.AddEdge("pull", "check")
	g.AddConditionalEdges("check", always("yes"), map[string]string{"yes": "answer", "no": END})
	g.AddEdge("check", END)
	g.AddEdge("orphan", END)

	_, err := g.Compile()
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	want := []string{
		`no entry: add an edge from START to the first node`,
		`node "check" has a nil function`,
		`node "check" has both a fixed edge (→ __end__) and conditional edges; keep one`,
		`node "pull" is declared 2 times`,
		`node name "__end__" is reserved for graph.END`,
		`router "route_after_check" (after check): route "yes": unknown node "answer"`,
	}
	require.Equal(t, want, ce.Problems)
	require.Equal(t, "invalid graph: 6 problems:\n  - "+strings.Join(want, "\n  - "), err.Error())
}

func TestCompileErrorSingleProblem(t *testing.T) {
	err := error(&CompileError{Problems: []string{"no entry"}})
	require.Equal(t, "invalid graph: 1 problem:\n  - no entry", err.Error())
	require.False(t, errors.Is(err, context.Canceled))
}

// The compiled graph must not change when the declaration changes later.
func TestCompiledGraphIsIndependentOfDeclaration(t *testing.T) {
	g := New[int]()
	g.AddNode("a", func(_ context.Context, s int) (int, error) { return s + 1, nil })
	g.AddEdge(START, "a")
	g.AddEdge("a", END)
	c := compiled(t, g)

	g.AddNode("b", nop)
	g.AddEdge("a", "b")
	out, err := c.Run(context.Background(), 1)
	require.NoError(t, err)
	require.Equal(t, 2, out)
	require.Len(t, c.Nodes(), 1)
}

func TestZeroStateGraphIsUsable(t *testing.T) {
	var g StateGraph[int]
	g.AddNode("a", nop)
	g.AddEdge(START, "a")
	g.AddEdge("a", END)
	_, err := g.Compile()
	require.NoError(t, err)
}

package graph

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite graph/testdata/*.golden from the current output")

// golden compares got with testdata/name, or rewrites the file under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./graph/ -update to create it")
	require.Equal(t, string(want), got)
}

func TestRenderGoldens(t *testing.T) {
	g := compiled(t, gtragShaped())
	tests := []struct {
		file   string
		render func() string
	}{
		{"gtrag.mermaid.golden", func() string { return g.Mermaid() }},
		{"gtrag_highlight.mermaid.golden", func() string { return g.Mermaid(Highlight(append(gtragPath, END))) }},
		{"gtrag.dot.golden", g.DOT},
		{"gtrag.ascii.golden", g.ASCII},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) { golden(t, tt.file, tt.render()) })
	}
}

// Every node and every edge, with its route key, must appear in each
// drawing; the goldens pin the layout, this pins the content.
func TestRenderingsShowEveryNodeAndEdge(t *testing.T) {
	g := compiled(t, gtragShaped())
	for name, out := range map[string]string{"mermaid": g.Mermaid(), "dot": g.DOT(), "ascii": g.ASCII()} {
		for _, n := range g.Nodes() {
			require.Contains(t, out, n.Name, name)
		}
		for _, e := range g.Edges() {
			if e.Conditional {
				require.Contains(t, out, e.Key, name)
			}
		}
	}
	mermaid := g.Mermaid()
	require.Contains(t, mermaid, "check_relevance -. not_relevant .-> search_arxiv\n")
	require.Contains(t, mermaid, "generate_response --> __end__\n")
	require.Contains(t, g.DOT(), `"filter_game_theory_papers" -> "add_to_chroma" [style=dashed, label="papers_kept"];`)
	require.Contains(t, g.ASCII(), "└──▶ pull_from_chroma ↺", "the loop is marked where it goes back")
}

func TestHighlight(t *testing.T) {
	g := compiled(t, gtragShaped())
	tests := []struct {
		name        string
		path        []string
		contains    []string
		notContains []string
	}{
		{
			name: "loop counts visits and traversals",
			path: gtragPath,
			contains: []string{
				"pull_from_chroma(pull_from_chroma ×2)",
				"check_relevance(check_relevance ×2)",
				"search_arxiv(search_arxiv)",
				"pull_from_chroma -->|×2| check_relevance",
				"check_relevance -. not_relevant .-> search_arxiv",
				"class __start__,pull_from_chroma,check_relevance,search_arxiv,filter_game_theory_papers,add_to_chroma,generate_response visited",
				// edges in declaration order: 0 START→pull, 1 pull→check, 2 not_relevant, 3 relevant,
				// 4 search→filter, 5 none_kept, 6 papers_kept, 7 add→pull, 8 generate→END
				"linkStyle 0,1,2,3,4,6,7 stroke",
			},
			notContains: []string{"×3", "none_kept ×"},
		},
		{
			name:     "END only when the path says the run finished",
			path:     append([]string{START}, append(gtragPath, END)...),
			contains: []string{",generate_response,__end__ visited", "linkStyle 0,1,2,3,4,6,7,8 stroke"},
		},
		{
			name:        "short path",
			path:        []string{"pull_from_chroma", "check_relevance", "generate_response", END},
			contains:    []string{"class __start__,pull_from_chroma,check_relevance,generate_response,__end__ visited", "linkStyle 0,1,3,8 stroke"},
			notContains: []string{"×"},
		},
		{
			name:        "no path, no highlight",
			path:        nil,
			notContains: []string{"visited", "linkStyle"},
		},
		{
			name:     "unknown names are ignored",
			path:     []string{"pull_from_chroma", "nowhere"},
			contains: []string{"class __start__,pull_from_chroma visited", "linkStyle 0 stroke"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := g.Mermaid(Highlight(tt.path))
			for _, s := range tt.contains {
				require.Contains(t, out, s)
			}
			for _, s := range tt.notContains {
				require.NotContains(t, out, s)
			}
		})
	}
}

func TestHighlightKeepsItsOwnCopy(t *testing.T) {
	g := compiled(t, gtragShaped())
	path := []string{"pull_from_chroma"}
	opt := Highlight(path)
	path[0] = "generate_response"
	require.Contains(t, g.Mermaid(opt), "class __start__,pull_from_chroma visited")
}

// Names Mermaid or Graphviz would misread still render as valid text.
func TestRenderAwkwardNames(t *testing.T) {
	g := New[int]()
	g.AddNode("end", nop)
	g.AddNode(`say "hi"`, nop)
	g.AddNode("node2", nop)
	g.AddEdge(START, "end")
	g.AddConditionalEdges("end", always("go on"), map[string]string{"go on": `say "hi"`, "stop|now": END})
	g.AddEdge(`say "hi"`, "node2")
	g.AddEdge("node2", END)
	c := compiled(t, g)

	mermaid := c.Mermaid(Highlight([]string{"end", `say "hi"`}))
	require.Contains(t, mermaid, "\tnode1(end)\n", "a node named end gets a safe id")
	require.Contains(t, mermaid, "\tnode2_(\"say #quot;hi#quot;\")\n", "generated ids avoid real names; quotes become entities")
	require.Contains(t, mermaid, "\tnode2(node2)\n")
	require.Contains(t, mermaid, "node1 -. go on .-> node2_\n")
	require.Contains(t, mermaid, "node1 -.->|\"stop|now\"| __end__\n")
	require.NotContains(t, mermaid, "\tend(")

	dot := c.DOT()
	require.Contains(t, dot, `"say \"hi\"" -> "node2";`)
	require.Contains(t, dot, `"end" -> "__end__" [style=dashed, label="stop|now"];`)

	require.Contains(t, c.ASCII(), `│ say "hi" │ ◀── end`)
}

func TestASCIIMarksOnlyTheEdgeThatClosesALoop(t *testing.T) {
	out := compiled(t, gtragShaped()).ASCII()
	require.Equal(t, 1, strings.Count(out, "pull_from_chroma ↺"), "only add_to_chroma → pull_from_chroma goes back:\n%s", out)
	require.Contains(t, out, "│ pull_from_chroma │ ◀── __start__, add_to_chroma ↺\n")
	require.Equal(t, 2, strings.Count(out, "↺")-strings.Count(strings.SplitN(out, "\n", 2)[0], "↺"))
}

func TestIntrospection(t *testing.T) {
	g := compiled(t, gtragShaped())

	nodes := g.Nodes()
	require.Len(t, nodes, 6)
	require.Equal(t, NodeInfo{
		Name: "add_to_chroma", Description: "add papers to the store",
		Reads: []string{"arxiv_papers"}, Writes: []string{"papers_added"}, Tools: []string{"chunker", "vector store"},
	}, nodes[4])
	var names []string
	for _, n := range nodes {
		names = append(names, n.Name)
	}
	require.Equal(t, []string{"pull_from_chroma", "check_relevance", "search_arxiv", "filter_game_theory_papers", "add_to_chroma", "generate_response"}, names)

	require.Equal(t, []EdgeInfo{
		{From: START, To: "pull_from_chroma"},
		{From: "pull_from_chroma", To: "check_relevance"},
		{From: "check_relevance", To: "search_arxiv", Key: "not_relevant", Conditional: true},
		{From: "check_relevance", To: "generate_response", Key: "relevant", Conditional: true},
		{From: "search_arxiv", To: "filter_game_theory_papers"},
		{From: "filter_game_theory_papers", To: "generate_response", Key: "none_kept", Conditional: true},
		{From: "filter_game_theory_papers", To: "add_to_chroma", Key: "papers_kept", Conditional: true},
		{From: "add_to_chroma", To: "pull_from_chroma"},
		{From: "generate_response", To: END},
	}, g.Edges())

	require.Equal(t, []RouterInfo{
		{
			Name: "route_after_relevance_check", From: "check_relevance", Description: "answer or search",
			Reads:  []string{"relevant_context"},
			Routes: map[string]string{"relevant": "generate_response", "not_relevant": "search_arxiv"},
		},
		{
			Name: "route_after_paper_filter", From: "filter_game_theory_papers",
			Reads:  []string{"arxiv_papers"},
			Routes: map[string]string{"papers_kept": "add_to_chroma", "none_kept": "generate_response"},
		},
	}, g.Routers())

	// Callers get copies: changing them changes nothing in the graph.
	nodes[0].Name, nodes[0].Reads[0] = "x", "x"
	g.Edges()[0].To = "x"
	g.Routers()[0].Routes["relevant"] = "x"
	require.Equal(t, "pull_from_chroma", g.Nodes()[0].Name)
	require.Equal(t, []string{"user_query"}, g.Nodes()[0].Reads)
	require.Equal(t, "pull_from_chroma", g.Edges()[0].To)
	require.Equal(t, "generate_response", g.Routers()[0].Routes["relevant"])

	_, err := g.Run(context.Background(), flow{})
	require.NoError(t, err, "the graph still runs after its introspection copies were changed")
}

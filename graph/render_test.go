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
	g := compiled(t, loopShaped())
	tests := []struct {
		file   string
		render func() string
	}{
		{"loop.mermaid.golden", func() string { return g.Mermaid() }},
		{"loop_highlight.mermaid.golden", func() string { return g.Mermaid(Highlight(append(loopPath, END))) }},
		{"loop.dot.golden", g.DOT},
		{"loop.ascii.golden", g.ASCII},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) { golden(t, tt.file, tt.render()) })
	}
}

// Every node and every edge, with its route key, must appear in each
// drawing; the goldens pin the layout, this pins the content.
func TestRenderingsShowEveryNodeAndEdge(t *testing.T) {
	g := compiled(t, loopShaped())
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
	require.Contains(t, mermaid, "assess -. lacking .-> research\n")
	require.Contains(t, mermaid, "write --> __end__\n")
	require.Contains(t, g.DOT(), `"select" -> "memorize" [style=dashed, label="some_found"];`)
	require.Contains(t, g.ASCII(), "└──▶ recall ↺", "the loop is marked where it goes back")
}

func TestHighlight(t *testing.T) {
	g := compiled(t, loopShaped())
	tests := []struct {
		name        string
		path        []string
		contains    []string
		notContains []string
	}{
		{
			name: "loop counts visits and traversals",
			path: loopPath,
			contains: []string{
				"recall(recall ×2)",
				"assess(assess ×2)",
				"research(research)",
				"recall -->|×2| assess",
				"assess -. lacking .-> research",
				"class __start__,recall,assess,research,select,memorize,write visited",
				// edges in declaration order: 0 START→pull, 1 pull→check, 2 lacking, 3 relevant,
				// 4 search→filter, 5 none_found, 6 some_found, 7 add→pull, 8 generate→END
				"linkStyle 0,1,2,3,4,6,7 stroke",
			},
			notContains: []string{"×3", "none_found ×"},
		},
		{
			name:     "END only when the path says the run finished",
			path:     append([]string{START}, append(loopPath, END)...),
			contains: []string{",write,__end__ visited", "linkStyle 0,1,2,3,4,6,7,8 stroke"},
		},
		{
			name:        "short path",
			path:        []string{"recall", "assess", "write", END},
			contains:    []string{"class __start__,recall,assess,write,__end__ visited", "linkStyle 0,1,3,8 stroke"},
			notContains: []string{"×"},
		},
		{
			name:        "no path, no highlight",
			path:        nil,
			notContains: []string{"visited", "linkStyle"},
		},
		{
			name:     "unknown names are ignored",
			path:     []string{"recall", "nowhere"},
			contains: []string{"class __start__,recall visited", "linkStyle 0 stroke"},
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
	g := compiled(t, loopShaped())
	path := []string{"recall"}
	opt := Highlight(path)
	path[0] = "write"
	require.Contains(t, g.Mermaid(opt), "class __start__,recall visited")
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
	out := compiled(t, loopShaped()).ASCII()
	require.Equal(t, 1, strings.Count(out, "recall ↺"), "only memorize → recall goes back:\n%s", out)
	require.Contains(t, out, "│ recall │ ◀── __start__, memorize ↺\n")
	require.Equal(t, 2, strings.Count(out, "↺")-strings.Count(strings.SplitN(out, "\n", 2)[0], "↺"))
}

func TestIntrospection(t *testing.T) {
	g := compiled(t, loopShaped())

	nodes := g.Nodes()
	require.Len(t, nodes, 6)
	require.Equal(t, NodeInfo{
		Name: "memorize", Description: "note the sources",
		Reads: []string{"sources"}, Writes: []string{"learned"}, Tools: []string{"chunker", "notebook"},
	}, nodes[4])
	var names []string
	for _, n := range nodes {
		names = append(names, n.Name)
	}
	require.Equal(t, []string{"recall", "assess", "research", "select", "memorize", "write"}, names)

	require.Equal(t, []EdgeInfo{
		{From: START, To: "recall"},
		{From: "recall", To: "assess"},
		{From: "assess", To: "research", Key: "lacking", Conditional: true},
		{From: "assess", To: "write", Key: "ready", Conditional: true},
		{From: "research", To: "select"},
		{From: "select", To: "write", Key: "none_found", Conditional: true},
		{From: "select", To: "memorize", Key: "some_found", Conditional: true},
		{From: "memorize", To: "recall"},
		{From: "write", To: END},
	}, g.Edges())

	require.Equal(t, []RouterInfo{
		{
			Name: "route_after_assess", From: "assess", Description: "write or look further",
			Reads:  []string{"sufficient"},
			Routes: map[string]string{"ready": "write", "lacking": "research"},
		},
		{
			Name: "route_after_select", From: "select",
			Reads:  []string{"sources"},
			Routes: map[string]string{"some_found": "memorize", "none_found": "write"},
		},
	}, g.Routers())

	// Callers get copies: changing them changes nothing in the graph.
	nodes[0].Name, nodes[0].Reads[0] = "x", "x"
	g.Edges()[0].To = "x"
	g.Routers()[0].Routes["ready"] = "x"
	require.Equal(t, "recall", g.Nodes()[0].Name)
	require.Equal(t, []string{"topic"}, g.Nodes()[0].Reads)
	require.Equal(t, "recall", g.Edges()[0].To)
	require.Equal(t, "write", g.Routers()[0].Routes["ready"])

	_, err := g.Run(context.Background(), flow{})
	require.NoError(t, err, "the graph still runs after its introspection copies were changed")
}

package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// graphJSON is `gtrag graph --json`: the workflow's nodes, edges and
// routers, as the diagrams draw them.
type graphJSON struct {
	Nodes   []graphNode   `json:"nodes"`
	Edges   []graphEdge   `json:"edges"`
	Routers []graphRouter `json:"routers"`
}

type graphNode struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Reads       []string `json:"reads"`
	Writes      []string `json:"writes"`
	Tools       []string `json:"tools"`
}

// graphEdge is one possible move; route is the route key of a router's
// edge, empty for a fixed one.
type graphEdge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Route string `json:"route,omitempty"`
}

type graphRouter struct {
	Name        string            `json:"name"`
	After       string            `json:"after"` // the node it runs after
	Description string            `json:"description"`
	Reads       []string          `json:"reads"`
	Routes      map[string]string `json:"routes"` // route key → node or __end__
}

func describeGraph[S any](g *graph.Graph[S]) graphJSON {
	out := graphJSON{Nodes: []graphNode{}, Edges: []graphEdge{}, Routers: []graphRouter{}}
	for _, n := range g.Nodes() {
		out.Nodes = append(out.Nodes, graphNode{Name: n.Name, Description: n.Description, Reads: nonNil(n.Reads), Writes: nonNil(n.Writes), Tools: nonNil(n.Tools)})
	}
	for _, e := range g.Edges() {
		out.Edges = append(out.Edges, graphEdge{From: e.From, To: e.To, Route: e.Key})
	}
	for _, r := range g.Routers() {
		out.Routers = append(out.Routers, graphRouter{Name: r.Name, After: r.From, Description: r.Description, Reads: nonNil(r.Reads), Routes: r.Routes})
	}
	return out
}

func newGraphCmd(a *app) *cobra.Command {
	var format string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "graph",
		Short: "Draw the workflow graph",
		Long: `graph draws the workflow that ask runs: the six nodes, the two routers and
their route keys. Mermaid renders on GitHub and in most Markdown viewers; dot
is for Graphviz (gtrag graph --format dot | dot -Tsvg > graph.svg). explain
says, for every node and router, what it perceives, decides, does and changes,
from the same metadata, so it is never out of date.`,
		Example: `  gtrag graph
  gtrag graph --format mermaid
  gtrag graph --format dot | dot -Tpng > graph.png
  gtrag graph --format explain
  gtrag graph --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if asJSON && cmd.Flags().Changed("format") {
				return usagef("--json prints the graph as data; it takes no --format")
			}
			g, err := nodes.Build(nodes.Deps{})
			if err != nil {
				return fmt.Errorf("build the workflow: %w", err)
			}
			if asJSON {
				return writeJSON(a.io.Out, describeGraph(g))
			}
			switch format {
			case "ascii":
				fmt.Fprint(a.io.Out, g.ASCII())
			case "mermaid":
				fmt.Fprint(a.io.Out, g.Mermaid())
			case "dot":
				fmt.Fprint(a.io.Out, g.DOT())
			case "explain":
				return trace.Explain(a.io.Out, g)
			default:
				return usagef("--format %q: want ascii, mermaid, dot or explain", format)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "ascii", "ascii, mermaid, dot or explain")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: nodes, edges and routers")
	return cmd
}

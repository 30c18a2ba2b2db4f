package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

func newGraphCmd(a *app) *cobra.Command {
	var format string
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
  gtrag graph --format explain`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := nodes.Build(nodes.Deps{})
			if err != nil {
				return fmt.Errorf("build the workflow: %w", err)
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
	return cmd
}

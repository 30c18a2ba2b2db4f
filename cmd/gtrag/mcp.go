package main

import (
	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/mcpserver"
)

func newMCPCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "mcp",
		Short: "Serve the knowledge base to assistants over the Model Context Protocol (stdio)",
		Long: `mcp serves gtrag over the Model Context Protocol on standard input and
output, for assistants such as Claude Desktop or VS Code: the tools ask,
search, ingest_ids, ingest_query, list_papers, get_paper and stats, and each
stored paper as the resource gtrag://paper/{id}.

Standard output carries protocol messages only; notices and failed calls are
logged to standard error, and notices also sent to a client that asks for log
messages (logging/setLevel notice or below). A cancelled call stops as Ctrl-C
would and is not answered. The client starts the server itself: give it the
settings as environment (GTRAG_DATA_DIR, GTRAG_LLM, GTRAG_EMBEDDER, API
keys). The README shows a client's configuration. When its input ends, it
answers the requests it has read and exits, so a script can pipe requests in.`,
		Example: `  gtrag mcp
  GTRAG_DATA_DIR=~/gt GTRAG_LLM=offline gtrag mcp`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			a.arxivCache = true // a person waits: a repeated search is answered at once
			ctx := cmd.Context()
			svc, err := a.openService(ctx)
			if err != nil {
				return err
			}
			defer svc.Close()
			for _, n := range svc.Reasoners().Notices {
				a.io.Note(n)
			}
			if a.io.IsStdinTTY() {
				a.io.Note("serving MCP on standard input and output; an MCP client starts this command itself (see the README). Ctrl-C ends it.")
			}
			srv := mcpserver.New(svc, mcpserver.Options{Version: version.Version, Log: a.io.ErrOut, Commands: a.withStoreFlags})
			return srv.Run(ctx, mcpserver.StdioTransport(a.io.In, a.io.Out))
		},
	}
}

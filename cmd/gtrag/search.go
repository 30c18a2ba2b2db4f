package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

func newSearchCmd(a *app) *cobra.Command {
	var (
		k      int
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Show the passages the knowledge base retrieves for a query",
		Long: `search is raw retrieval: no judge, no arXiv, no answer. It shows what ask would start from.
It reads the knowledge base and never creates one: before the first ask or
ingest there is none, and search says so.`,
		Example: `  gtrag search "mixed strategy equilibrium"
  gtrag search -k 10 --json "second-price auction"`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := service.CheckQuestion("the query", strings.Join(args, " "))
			if err != nil {
				return usageError{err}
			}
			if k < 1 || k > 1000 {
				return usagef("-k %d: want 1 to 1000", k)
			}
			if len(text.Tokenize(q)) == 0 {
				// Such a query matches no word of any passage, and the
				// passages came back in the store's own order, each with
				// similarity 0.00, as if they were results.
				return usagef("the query %q has no word to search with: stop words and punctuation are not indexed", q)
			}
			db, err := a.openStoreMustExist(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			// The parts are shown, so the store is asked for all of them.
			results, err := db.Query(vectordb.WithScoreParts(cmd.Context()), q, k)
			if err != nil {
				return fmt.Errorf("search the store: %w", err)
			}
			if asJSON {
				return writeJSON(a.io.Out, struct {
					Query   string            `json:"query"`
					Results []vectordb.Result `json:"results"`
				}{q, nonNil(results)})
			}
			if len(results) == 0 {
				fmt.Fprintln(a.io.Out, "no documents in the store match")
			}
			for i, r := range results {
				fmt.Fprintf(a.io.Out, "%2d. %.3f%s  %s  %s\n    %s\n", i+1, r.Score, scoreParts(r), r.ID, r.Metadata[chunker.KeyTitle], snippet(r.Content, 160))
			}
			return nil
		},
	}
	cmd.Flags().IntVarP(&k, "k", "k", 5, "number of passages")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// snippet shortens text to about n runes on one line.
func snippet(text string, n int) string {
	text = strings.Join(strings.Fields(text), " ")
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}

// scoreParts explains a result's fused score: its place and score in the
// vector ranking (cosine) and in the BM25 ranking, "-" where it was not a
// candidate; nothing when the store reports no ranks (a Weaviate server
// whose explanation of the fusion weaviatestore cannot read).
func scoreParts(r vectordb.Result) string {
	if r.VectorRank == 0 && r.LexicalRank == 0 {
		return ""
	}
	place := func(rank int, score float64, format string) string {
		if rank == 0 {
			return "-"
		}
		return fmt.Sprintf("#%d "+format, rank, score)
	}
	return fmt.Sprintf(" (vector %s, words %s)", place(r.VectorRank, r.Similarity, "%.2f"), place(r.LexicalRank, r.BM25, "%.1f"))
}

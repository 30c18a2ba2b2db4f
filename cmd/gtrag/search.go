package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

func newSearchCmd(a *app) *cobra.Command {
	var (
		k      int
		rerank bool
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Show the passages the knowledge base retrieves for a query",
		Long: `search is raw retrieval: the store's best passages for the query, its BM25
and vector rankings fused; no judge, no arXiv, no answer.

ask does not read the store's order as it stands: it re-ranks the store's ten
best candidates by the concept the question is about and keeps one passage an
arXiv paper (a primer entry may give several: its later passages say what its
first does not). --rerank shows that: the passages ask would start from, in
its order.

Each line shows the score the order follows and, in parentheses, the
passage's place and score in the store's vector and word rankings; a last
line says how the passages were ranked.

It reads the knowledge base and never creates one: before the first ask or
ingest there is none, and search says so.`,
		Example: `  gtrag search "mixed strategy equilibrium"
  gtrag search -k 10 --json "second-price auction"
  gtrag search --rerank "second-price auction"   # what ask would start from`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := service.CheckQuestion("the query", strings.Join(args, " "))
			if err != nil {
				return usageError{err}
			}
			if k < 1 || k > 1000 {
				return usagef("-k %d: want 1 to 1000", k)
			}
			if err := service.CheckSearchQuery(q); err != nil {
				return usageError{err}
			}
			db, err := a.openStoreMustExist(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			// The parts are shown, so the store is asked for all of them.
			found, err := service.Search(vectordb.WithScoreParts(cmd.Context()), db, q, service.SearchOptions{K: k, Rerank: rerank})
			if err != nil {
				return fmt.Errorf("search the store: %w", err)
			}
			results := found.Results
			if asJSON {
				return writeJSON(a.io.Out, struct {
					Query   string            `json:"query"`
					Ranking string            `json:"ranking"`
					Results []vectordb.Result `json:"results"`
				}{q, found.Ranking, nonNil(results)})
			}
			if len(results) == 0 {
				fmt.Fprintln(a.io.Out, "no documents in the store match")
				return nil
			}
			for i, r := range results {
				fmt.Fprintf(a.io.Out, "%2d. %.3f%s  %s  %s\n    %s\n", i+1, r.Score, scoreParts(r), r.ID, r.Metadata[chunker.KeyTitle], snippet(r.Content, 160))
			}
			fmt.Fprintf(a.io.Out, "(%s)\n", found.Ranking)
			return nil
		},
	}
	cmd.Flags().IntVarP(&k, "k", "k", service.DefaultSearchK, "number of passages")
	cmd.Flags().BoolVar(&rerank, "rerank", false, "rank as ask does: the passages ask would start from")
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

// scoreParts explains a result's store score: its place and score in the
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

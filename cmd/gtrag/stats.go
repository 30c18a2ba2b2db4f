package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

func newStatsCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "stats",
		Short:   "Describe the knowledge base: path, format, chunks, papers, embedder, primer, size",
		Example: "  gtrag stats\n  gtrag stats --json",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			db, err := a.openStoreToList(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			// A store.vec cut short or lost is found with a stat: every
			// search would fail on it, and an ingest would write over it.
			if c, ok := db.(interface{ CheckFiles() error }); ok {
				if err := c.CheckFiles(); err != nil {
					return err
				}
			}
			info, err := service.StoreInfo(cmd.Context(), db)
			if err != nil {
				return err
			}
			primer, err := service.PrimerStatus(cmd.Context(), db)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, struct {
					vectordb.Info
					Primer service.PrimerState `json:"primer"`
				}{info, primer})
			}
			fmt.Fprintf(a.io.Out, "path:           %s\n", info.Path)
			fmt.Fprintf(a.io.Out, "format version: %d\n", info.FormatVersion)
			fmt.Fprintf(a.io.Out, "chunks:         %d\n", info.Chunks)
			fmt.Fprintf(a.io.Out, "papers:         %d\n", info.Papers)
			fmt.Fprintf(a.io.Out, "embedder:       %s (%d dimensions)\n", info.Embedder, info.Dim)
			if info.SeedPending {
				fmt.Fprintf(a.io.Out, "primer:         not added yet (the run that made the store was stopped first); the next ask, chat or ingest adds it\n")
			}
			if primer.Behind() {
				fmt.Fprint(a.io.Out, a.withStoreFlags(primerLine(primer)))
			}
			if a.store == "" {
				fmt.Fprintf(a.io.Out, "size on disk:   %s\n", humanBytes(info.Bytes))
			}
			// The compact it names is of this store: with the --data-dir
			// it was given, or a copied line compacts the default one.
			switch {
			case info.DeletedSinceCompact > 0:
				fmt.Fprint(a.io.Out, a.withStoreFlags(fmt.Sprintf("deleted slots:  %d (see `gtrag store compact`)\n", info.DeletedSlots)))
			case info.DeletedSlots > 0:
				fmt.Fprint(a.io.Out, a.withStoreFlags(fmt.Sprintf("deleted slots:  %d (their disk given back by `gtrag store compact`)\n", info.DeletedSlots)))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// primerLine is stats' line on a primer `gtrag ingest --primer` would
// change: a store made by an older gtrag, whose answers quote the primer
// of that day, or one whose entries were removed (papers rm). It counts
// only what there is: a removed entry was said as "0 in an older
// wording", which hid it. A missing entry may also be one this gtrag's
// primer added since; either way the ingest adds it.
func primerLine(p service.PrimerState) string {
	var parts []string
	if n := len(p.Missing); n > 0 {
		parts = append(parts, fmt.Sprintf("%d missing", n))
	}
	if n := len(p.Reworded); n > 0 {
		parts = append(parts, fmt.Sprintf("%d in an older wording", n))
	}
	does := "brings it up to date"
	if len(p.Reworded) == 0 {
		does = "adds " + text.Plural(len(p.Missing), "it", "them")
	}
	return fmt.Sprintf("primer:         %d of %d entries, %s; `gtrag ingest --primer` %s\n",
		p.Stored, p.Entries, strings.Join(parts, ", "), does)
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/vectordb"
)

// newStoreCmd groups maintenance of the knowledge base's files.
func newStoreCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "store",
		Short: "Maintain the knowledge base: recover its file, copy it to another backend",
		Args:  usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newStoreRecoverCmd(a), newStoreCopyCmd(a))
	return cmd
}

func newStoreRecoverCmd(a *app) *cobra.Command {
	var accept bool
	cmd := &cobra.Command{
		Use:   "recover --accept-rollback",
		Short: "Reopen a store whose newest commit is damaged, at the commit before",
		Long: `When the newest of the two commit records in store.db is damaged, gtrag refuses
the store rather than silently going back to the commit before it (and losing
what the last write added). recover --accept-rollback goes back deliberately:
the store is usable again with what it held before that write; ingest the lost
papers again, or restore a backup instead of running this.`,
		Example: "  gtrag store recover --accept-rollback\n  gtrag --data-dir ./kb store recover --accept-rollback",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !accept {
				return usagef("store recover changes the store only with --accept-rollback")
			}
			rolled, err := vectordb.AcceptRollback(cmd.Context(), a.dataDir, a.storeTuning.options()...)
			if err != nil {
				return err
			}
			if !rolled {
				fmt.Fprintf(a.io.Out, "store in %s is intact; nothing to recover\n", a.dataDir)
				return nil
			}
			db, err := vectordb.Open(cmd.Context(), a.dataDir, nil, vectordb.ReadOnly())
			if err != nil {
				return err
			}
			defer db.Close()
			info := db.Info()
			fmt.Fprintf(a.io.Out, "store in %s went back to its previous commit: %d chunks of %d papers\n", a.dataDir, info.Chunks, info.Papers)
			return nil
		},
	}
	cmd.Flags().BoolVar(&accept, "accept-rollback", false, "go back to the commit before the damaged one, losing what it added")
	return cmd
}

// storeHint adds what to do to a store error the library reports without
// knowing the command line.
func storeHint(err error, dataDir string) error {
	var rb *vectordb.RollbackError
	if errors.As(err, &rb) {
		return fmt.Errorf("%w; to go back to it deliberately run `gtrag --data-dir %s store recover --accept-rollback`, or restore a backup", err, dataDir)
	}
	return err
}

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// newStoreCmd groups maintenance of the knowledge base's files.
func newStoreCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "store",
		Short: "Maintain the knowledge base: recover its file, compact it, copy it to another backend",
		Example: `  gtrag store recover --accept-rollback
  gtrag store compact
  gtrag store copy --from ~/.local/share/gtrag --to weaviate://localhost:8080/Gtrag`,
		Args: usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newStoreRecoverCmd(a), newStoreCompactCmd(a), newStoreCopyCmd(a))
	return cmd
}

// recoverReport is `store recover --json`.
type recoverReport struct {
	DataDir string `json:"data_dir"`
	// RolledBack is whether the store went back one commit; false when it
	// was intact.
	RolledBack bool `json:"rolled_back"`
	Chunks     int  `json:"chunks"`
	Papers     int  `json:"papers"`
	// IngestsReset is how many ingests' saved progress went back to the
	// first result.
	IngestsReset int `json:"ingests_reset"`
}

func newStoreRecoverCmd(a *app) *cobra.Command {
	var accept, asJSON bool
	cmd := &cobra.Command{
		Use:   "recover --accept-rollback",
		Short: "Reopen a store whose newest commit is damaged, at the commit before",
		Long: `When the newest of the two commit records in store.db is damaged, gtrag refuses
the store rather than silently going back to the commit before it (and losing
what the last write added). recover --accept-rollback goes back deliberately:
the store is usable again with what it held before that write. The saved
progress of every query and id ingest (in <data-dir>/ingest/) is then reset to
the first result, since it may count pages whose papers were lost: running the
same ingest commands again fetches the lost papers (papers still stored are
skipped). Or restore a backup instead of running this. A store.vec cut short
or lost is not what a rollback mends: recover says so (exit 1) and names the
way out, gtrag store copy, which embeds the documents of store.db again.`,
		Example: "  gtrag store recover --accept-rollback\n  gtrag --data-dir ./kb store recover --accept-rollback",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			// A Weaviate store first: asking for --accept-rollback, only
			// to refuse the store then, sends the user round once more.
			if a.store != "" {
				return usagef("store recover works on the store in --data-dir, not on --store %s", a.store)
			}
			if !accept {
				return usagef("store recover changes the store only with --accept-rollback")
			}
			// A --data-dir that is a file is the setting to change (exit
			// 2), as stats and papers say it, not a failure to open.
			if err := a.cliError(service.CheckDataDir(a.dataDir)); err != nil {
				return err
			}
			rolled, err := vectordb.AcceptRollback(cmd.Context(), a.dataDir, a.storeTuning.options()...)
			if errors.Is(err, vectordb.ErrNoStore) {
				// Nothing was created: a later command would take it for
				// a new store.
				return usagef("no knowledge base in %s: nothing to recover (or choose another --data-dir)", a.dataDir)
			}
			if err != nil {
				return a.storeAccessError(err)
			}
			rep := recoverReport{DataDir: a.dataDir, RolledBack: rolled}
			db, err := vectordb.Open(cmd.Context(), a.dataDir, nil, vectordb.ReadOnly())
			if err != nil {
				return err
			}
			info := db.Info()
			// The commit records are all a rollback mends: a vector file
			// cut short or lost was "intact; nothing to recover", exit 0,
			// while every other command refused the store as damaged.
			filesErr := db.CheckFiles()
			db.Close()
			rep.Chunks, rep.Papers = info.Chunks, info.Papers
			if !rolled && filesErr != nil {
				return fmt.Errorf("nothing to roll back, the commit records are intact; but %w", filesErr)
			}
			if !rolled {
				if asJSON {
					return writeJSON(a.io.Out, rep)
				}
				fmt.Fprintf(a.io.Out, "store in %s is intact; nothing to recover\n", a.dataDir)
				return nil
			}
			if !asJSON {
				fmt.Fprintf(a.io.Out, "store in %s went back to its previous commit: %d %s of %d %s\n", a.dataDir,
					info.Chunks, text.Plural(info.Chunks, "chunk", "chunks"), info.Papers, text.Plural(info.Papers, "paper", "papers"))
			}
			rep.IngestsReset, err = a.rewindIngests(!asJSON)
			if err != nil {
				return err
			}
			if asJSON {
				if err := writeJSON(a.io.Out, rep); err != nil {
					return err
				}
			}
			if filesErr != nil {
				return fmt.Errorf("the store went back one commit, but %w", filesErr)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&accept, "accept-rollback", false, "go back to the commit before the damaged one, losing what it added")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: data_dir, rolled_back, chunks, papers, ingests_reset")
	return cmd
}

// rewindIngests resets the saved progress of every query and id ingest of
// the store after a rollback: the progress may count pages whose papers
// the rollback lost, and would skip them for ever ("The first 300 results
// … are already ingested; nothing fetched"). Running an ingest from its
// first result again is safe: the papers still stored are skipped without
// a filter call; it costs the requests, and the filter's judgement of the
// papers not stored (the lost ones, and those it rejected before).
// It returns how many it reset, and says so when told to.
func (a *app) rewindIngests(say bool) (int, error) {
	dir := service.IngestStateDir(a.config())
	reason := "the store went back one commit with `gtrag store recover` on " + time.Now().UTC().Format("2006-01-02 15:04 UTC")
	n, err := ingest.Rewind(dir, reason)
	if err != nil {
		return n, fmt.Errorf("%w; the store is usable, but saved progress may skip the lost papers: run your ingests with --restart", err)
	}
	if n > 0 && say {
		fmt.Fprintf(a.io.Out, "saved progress of %d %s reset to the first result: run the same `gtrag ingest` %s again to fetch the lost papers (papers still stored are skipped)\n",
			n, text.Plural(n, "ingest", "ingests"), text.Plural(n, "command", "commands"))
	}
	return n, nil
}

func newStoreCompactCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "compact",
		Short: "Give the disk space of deleted and replaced chunks' vectors back",
		Long: `A paper deleted, or replaced by a newer version, leaves its chunks' vectors in
store.vec and store.f16 as unused slots. compact frees their disk blocks (the
files keep their length, so ls shows the same size and du less); documents,
rankings and the rest of the store are unchanged. Safe to interrupt and to
run again: a second run finds nothing more to free. Linux only.`,
		Example: "  gtrag store compact\n  gtrag --data-dir ./kb store compact --json",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if a.store != "" {
				return usagef("store compact works on the store in --data-dir, not on --store %s", a.store)
			}
			// A --data-dir that is a file is the setting to change (exit
			// 2), as stats and papers say it, not a failure to open.
			if err := a.cliError(service.CheckDataDir(a.dataDir)); err != nil {
				return err
			}
			db, err := vectordb.Open(cmd.Context(), a.dataDir, nil, append(a.storeTuning.options(), vectordb.MustExist())...)
			if errors.Is(err, vectordb.ErrNoStore) {
				return usagef("no knowledge base in %s: nothing to compact (or choose another --data-dir)", a.dataDir)
			}
			if err != nil {
				return a.storeAccessError(err)
			}
			defer db.Close()
			// Compacting the slots of a vector file cut short reported
			// "0 unused vector slots", exit 0, for a store every other
			// command refused as damaged.
			if err := db.CheckFiles(); err != nil {
				return a.storeAccessError(err)
			}
			res, err := db.Compact(cmd.Context())
			if err != nil {
				return a.storeAccessError(err)
			}
			if asJSON {
				return writeJSON(a.io.Out, res)
			}
			fmt.Fprintf(a.io.Out, "store in %s: %d unused vector %s, %s of disk given back\n", a.dataDir, res.Holes, text.Plural(res.Holes, "slot", "slots"), humanBytes(res.Reclaimed))
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// storeAccessError is err, from opening or changing the store in
// --data-dir for compact or recover, as the user should read it. A data
// directory or store file this user may not read or write is a setting to
// change (exit 2), said as stats and ingest say it ("--data-dir: data
// directory … is not writable (permission denied); fix its permissions");
// it was "open store …/store.db: stat …/store.db: permission denied",
// exit 1, as if the store had failed.
func (a *app) storeAccessError(err error) error {
	if !errors.Is(err, fs.ErrPermission) && !errors.Is(err, syscall.EROFS) {
		return storeHint(err, a.dataDir)
	}
	if werr := service.CheckWritable("data directory", a.dataDir); werr != nil {
		return a.cliError(&service.ConfigError{Setting: "data-dir", Err: werr})
	}
	return usageError{err} // the store file itself: the store's message names it
}

// storeHint adds what to do to a store error the library reports without
// knowing the command line.
func storeHint(err error, dataDir string) error {
	var rb *vectordb.RollbackError
	if errors.As(err, &rb) {
		return fmt.Errorf("%w; to go back to it deliberately run `gtrag --data-dir %s store recover --accept-rollback`, or restore a backup", err, shellQuote(dataDir))
	}
	return err
}

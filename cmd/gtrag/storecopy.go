package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/internal/status"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// copyBatch is how many documents store copy hands the target per Add.
const copyBatch = 500

// copySource is a store that can list everything it holds.
type copySource interface {
	Documents(ctx context.Context, fn func(vectordb.Document) error) error
	Close() error
}

// copyReport is what store copy --json prints.
type copyReport struct {
	From         string `json:"from"`
	To           string `json:"to"`
	SourceChunks int    `json:"source_chunks"`
	SourcePapers int    `json:"source_papers"`
	Written      int    `json:"written"` // chunks the target did not have yet
	TargetChunks int    `json:"target_chunks"`
	TargetPapers int    `json:"target_papers"`
	ElapsedMS    int64  `json:"elapsed_ms"`
}

func newStoreCopyCmd(a *app) *cobra.Command {
	var from, to string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "copy --from DIR|URL --to DIR|URL",
		Short: "Copy a knowledge base to another directory or a Weaviate server",
		Long: `copy moves a knowledge base between backends: from an embedded store (a data
directory) or a Weaviate collection (weaviate://HOST:PORT/Collection) to
another. The target is created if needed and embeds every chunk again with
--embedder, which must be the source's. Chunks the target already holds
unchanged are skipped, so an interrupted copy resumes when run again, and a
copy into a store that already has other papers adds to it. It ends by
checking that the target holds every paper of the source and at least as
many chunks, and fails if not. The API key of a weaviate:// or weaviates://
URL is read from WEAVIATE_API_KEY.`,
		Example: `  gtrag store copy --from ~/.local/share/gtrag --to weaviate://localhost:8080/Gtrag
  gtrag store copy --from weaviate://db1:8080/Gtrag --to /backup/gtrag --json`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if from == "" || to == "" {
				return usagef("store copy needs --from and --to")
			}
			// A directory is read as --data-dir is: '~/kb' (quoted, or
			// --to=~/kb, which no shell expands) is the home directory's
			// kb, not a directory named "~" in the current one.
			if !weaviatestore.IsURL(from) {
				from = expandHome(from, a.getenv)
			}
			if !weaviatestore.IsURL(to) {
				to = expandHome(to, a.getenv)
			}
			for _, s := range []struct{ flag, v string }{{"--from", from}, {"--to", to}} {
				if err := service.CheckStore(urlOrEmpty(s.v)); err != nil {
					return usageError{fmt.Errorf("%s: %w", s.flag, errors.Unwrap(err))}
				}
				// A file where a directory belongs is the flag's to
				// change: named as the user typed it, not as --data-dir
				// (which they did not type), and found before anything
				// is opened or created.
				if urlOrEmpty(s.v) == "" {
					if err := service.CheckDataDir(s.v); err != nil {
						return usageError{fmt.Errorf("%s: %w", s.flag, errors.Unwrap(err))}
					}
				}
			}
			if from == to || sameDir(from, to) {
				return usagef("--from and --to are the same store")
			}
			rep, err := a.copyStore(cmd.Context(), from, to)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, rep)
			}
			fmt.Fprintf(a.io.Out, "copied %s → %s\n", rep.From, rep.To)
			fmt.Fprintf(a.io.Out, "source: %d chunks, %d papers\n", rep.SourceChunks, rep.SourcePapers)
			fmt.Fprintf(a.io.Out, "target: %d chunks, %d papers (%d chunks written, %d already there)\n", rep.TargetChunks, rep.TargetPapers, rep.Written, rep.SourceChunks-rep.Written)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the store to copy: a data directory or weaviate://HOST:PORT/Collection")
	cmd.Flags().StringVar(&to, "to", "", "the store to copy into: a data directory or weaviate://HOST:PORT/Collection")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// urlOrEmpty is s when it is a store URL, else "" (a directory).
func urlOrEmpty(s string) string {
	if weaviatestore.IsURL(s) {
		return s
	}
	return ""
}

// storeConfig is the service configuration of one end of a copy.
func (a *app) storeConfig(place string) service.Config {
	cfg := a.config()
	cfg.Seed = service.SeedNone
	if weaviatestore.IsURL(place) {
		cfg.Store = place
	} else {
		cfg.Store, cfg.DataDir = "", place
	}
	return cfg
}

func (a *app) copyStore(ctx context.Context, from, to string) (copyReport, error) {
	start := time.Now()
	rep := copyReport{From: from, To: to}
	src, err := a.openCopySource(ctx, from)
	if err != nil {
		return rep, err
	}
	defer src.Close()
	dst, err := service.OpenStore(ctx, a.storeConfig(to))
	if err != nil {
		return rep, a.cliError(err)
	}
	defer dst.Close()

	// What added each paper to the source goes with it, said to have come
	// by this copy; a source that keeps no provenance (Weaviate, an old
	// store) gives the copy alone.
	origin := map[string]string{}
	if p, ok := src.(service.ProvenanceReader); ok {
		prov, err := p.PaperProvenance(ctx)
		if err != nil {
			return rep, fmt.Errorf("read the provenance of %s: %w", from, err)
		}
		for id, pv := range prov {
			origin[id] = pv.AddedBy
		}
	}
	label := func(paper string) string {
		if by := origin[paper]; by != "" {
			return by + " (store copy from " + from + ")"
		}
		return "store copy from " + from
	}

	total := 0
	if in, ok := src.(interface{ Info() vectordb.Info }); ok {
		total = in.Info().Chunks
	}
	prog := newCopyProgress(a.statusLine(false), a.io.ErrOut, total, plainProgressEvery)
	defer prog.done()

	srcPapers := map[string]bool{}
	var batch []vectordb.Document
	batchLabel := ""
	flush := func() error {
		prog.show() // the target embeds the batch: the longest wait
		n, err := dst.Add(vectordb.WithProvenance(ctx, batchLabel), batch)
		rep.Written += n
		batch = batch[:0]
		prog.set(rep.SourceChunks, rep.Written)
		if err != nil {
			return fmt.Errorf("write to %s (%d chunks written before): %w", to, rep.Written, err)
		}
		return nil
	}
	err = src.Documents(ctx, func(d vectordb.Document) error {
		rep.SourceChunks++
		prog.set(rep.SourceChunks, rep.Written)
		srcPapers[d.PaperID()] = true
		if l := label(d.PaperID()); l != batchLabel {
			// One Add records one provenance for every paper it stores.
			if len(batch) > 0 {
				if err := flush(); err != nil {
					return err
				}
			}
			batchLabel = l
		}
		batch = append(batch, d)
		if len(batch) == copyBatch {
			return flush()
		}
		return nil
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	prog.done()
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// Ctrl-C: what the target holds stays; a new run skips it.
		return rep, hintError{msg: fmt.Sprintf("store copy interrupted after %d of the source's %d chunks read, %d written to %s this run; run the same command again to resume (what the target holds is skipped)",
			rep.SourceChunks, total, rep.Written, to), err: err}
	}
	if err != nil {
		return rep, fmt.Errorf("copy %s to %s: %w; run the same command again to resume", from, to, err)
	}
	rep.SourcePapers = len(srcPapers)

	// Verify by counts: every paper of the source is in the target, with at
	// least as many chunks in all.
	info := dst.Info()
	rep.TargetChunks, rep.TargetPapers = info.Chunks, info.Papers
	var missing []string
	for p := range srcPapers {
		if !dst.HasPaper(p) {
			missing = append(missing, p)
		}
	}
	slices.Sort(missing)
	rep.ElapsedMS = time.Since(start).Milliseconds()
	switch {
	case len(missing) > 0:
		return rep, fmt.Errorf("copy %s to %s: the target lacks %d of the source's %d papers (first: %s); run the same command again", from, to, len(missing), rep.SourcePapers, missing[0])
	case rep.TargetChunks < rep.SourceChunks:
		return rep, fmt.Errorf("copy %s to %s: the target holds %d chunks, the source %d; run the same command again", from, to, rep.TargetChunks, rep.SourceChunks)
	}
	return rep, nil
}

// openCopySource opens the store to copy from, which must exist, with
// --embedder: a source built with another embedder is refused before
// anything is written.
func (a *app) openCopySource(ctx context.Context, from string) (copySource, error) {
	cfg := a.storeConfig(from)
	emb, err := vectordb.ParseEmbedder(a.embedder, a.getenv)
	if err != nil {
		return nil, usageError{fmt.Errorf("--embedder: %w", err)}
	}
	if cfg.Store != "" {
		wc, err := weaviatestore.ParseURL(cfg.Store, a.getenv("WEAVIATE_API_KEY"))
		if err != nil {
			return nil, usageError{fmt.Errorf("--from: %w", err)}
		}
		s, err := weaviatestore.Open(ctx, wc, nil)
		if err != nil {
			return nil, fmt.Errorf("open the source: %w", err)
		}
		if s.Spec() == "" {
			return nil, usagef("--from %s: no such collection", from)
		}
		if s.Spec() != emb.Spec() {
			return nil, usagef("--from %s was built with embedder %q; copy with --embedder %s", from, s.Spec(), s.Spec())
		}
		return s, nil
	}
	db, err := vectordb.Open(ctx, from, emb, vectordb.ReadOnly())
	if err != nil {
		if errors.Is(err, vectordb.ErrNoStore) {
			// As a missing collection is: a source that is not there is
			// the user's to name again.
			return nil, usagef("--from %s: no knowledge base there", from)
		}
		var mismatch *vectordb.MismatchError
		if errors.As(err, &mismatch) {
			return nil, usagef("--from %s was built with embedder %q; copy with --embedder %s", from, mismatch.StoredSpec, mismatch.StoredSpec)
		}
		return nil, fmt.Errorf("open the source: %w", err)
	}
	return db, nil
}

// sameDir reports whether two data directories are one ("kb" and "kb/.",
// or a symlink to it): copying a store onto itself would wait for its own
// lock, then fail. Store URLs and directories that do not exist yet are
// never the same as another.
func sameDir(a, b string) bool {
	return !weaviatestore.IsURL(a) && !weaviatestore.IsURL(b) && samePath(a, b)
}

// samePath reports whether two paths name one existing file or directory:
// "./x" and "x", a symlink or a hard link to it.
func samePath(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// copyProgress shows a store copy going: a status line on a terminal, a
// plain line every few seconds otherwise, so that a long copy (every chunk
// is embedded again: with a model server, an hour for a large store) is
// seen to move. Nothing is shown for a copy done within those seconds.
type copyProgress struct {
	line  *status.Line
	total int
	mu    sync.Mutex
	read  int
	wrote int
	drawn time.Time
	stop  chan struct{}
	ended sync.Once
	wg    sync.WaitGroup
}

// newCopyProgress draws on line when it is active (a terminal), else
// writes a line to w every interval.
func newCopyProgress(line *status.Line, w io.Writer, total int, every time.Duration) *copyProgress {
	p := &copyProgress{line: line, total: total, stop: make(chan struct{})}
	if p.line.Active() {
		return p
	}
	p.wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				fmt.Fprintln(w, "store copy: "+p.text())
			}
		}
	})
	return p
}

func (p *copyProgress) text() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	of := ""
	if p.total > 0 {
		of = fmt.Sprintf(" of %d", p.total)
	}
	return fmt.Sprintf("%d%s chunks read, %d written", p.read, of, p.wrote)
}

func (p *copyProgress) set(read, wrote int) {
	p.mu.Lock()
	wrote0 := p.wrote
	p.read, p.wrote = read, wrote
	// The line is redrawn after each write and at most every 200ms as
	// chunks are read; it ticks on its own meanwhile.
	draw := p.line.Active() && (wrote != wrote0 || time.Since(p.drawn) >= 200*time.Millisecond)
	if draw {
		p.drawn = time.Now()
	}
	p.mu.Unlock()
	if draw {
		p.line.Set("copying: " + p.text())
	}
}

// show redraws the line now.
func (p *copyProgress) show() {
	if p.line.Active() {
		p.mu.Lock()
		p.drawn = time.Now()
		p.mu.Unlock()
		p.line.Set("copying: " + p.text())
	}
}

// done ends the display; it may be called more than once.
func (p *copyProgress) done() {
	p.ended.Do(func() {
		close(p.stop)
		p.wg.Wait()
		p.line.Done()
	})
}

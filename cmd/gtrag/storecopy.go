package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
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

	// stopped: the copy began and stopped part way (Ctrl-C, a failed
	// read or write); what it wrote stays in the target.
	stopped bool
}

// copyStoppedReport is what store copy --json prints when the copy stopped
// part way: the chunks read from the source and written to the target
// before it stopped, and why it stopped. The target's counts are left out:
// a stopped copy has not counted them (and a hung server would keep a
// Ctrl-C waiting to).
type copyStoppedReport struct {
	From         string `json:"from"`
	To           string `json:"to"`
	SourceChunks int    `json:"source_chunks_read"`
	Written      int    `json:"written"`
	ElapsedMS    int64  `json:"elapsed_ms"`
	Error        string `json:"error"`
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
			for _, s := range []struct{ flag, v string }{{"--from", from}, {"--to", to}} {
				if !weaviatestore.IsURL(s.v) && otherUsersHome(s.v) {
					return usagef("%s %q: gtrag expands ~ and ~/ but not ~user; give the full path", s.flag, s.v)
				}
			}
			if !weaviatestore.IsURL(from) {
				from = expandHome(from, a.getenv)
			}
			if !weaviatestore.IsURL(to) {
				to = expandHome(to, a.getenv)
			}
			for _, s := range []struct{ flag, v string }{{"--from", from}, {"--to", to}} {
				if urlScheme.MatchString(s.v) && !weaviatestore.IsURL(s.v) {
					return usagef("%s: %q is not a store URL: want weaviate://HOST:PORT[/Collection], weaviates://…, or a directory", s.flag, weaviatestore.Redact(s.v))
				}
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
			// A target that cannot be written is the flag's to change
			// (exit 2), said before the source is read, as ingest says
			// it: not a failed write to "run again" after the first batch.
			if urlOrEmpty(to) == "" {
				if err := checkStoreWritable(to); err != nil {
					return usageError{fmt.Errorf("--to: %w", err)}
				}
			}
			rep, err := a.copyStore(cmd.Context(), from, to)
			if err != nil {
				if asJSON && rep.stopped {
					// What was written stays in the target: a script
					// reads how much from the object, as the error line
					// says it (stdout was empty).
					if werr := writeJSON(a.io.Out, copyStoppedReport{
						From: rep.From, To: rep.To, SourceChunks: rep.SourceChunks, Written: rep.Written,
						ElapsedMS: rep.ElapsedMS, Error: saidAsStopped(cmd.Context(), err).Error(),
					}); werr != nil {
						return werr
					}
				}
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, rep)
			}
			fmt.Fprintf(a.io.Out, "copied %s → %s\n", rep.From, rep.To)
			fmt.Fprintf(a.io.Out, "source: %s, %s\n", text.Count(rep.SourceChunks, "chunk", "chunks"), text.Count(rep.SourcePapers, "paper", "papers"))
			fmt.Fprintf(a.io.Out, "target: %s, %s (%s written, %d already there)\n", text.Count(rep.TargetChunks, "chunk", "chunks"), text.Count(rep.TargetPapers, "paper", "papers"), text.Count(rep.Written, "chunk", "chunks"), rep.SourceChunks-rep.Written)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the store to copy: a data directory or weaviate://HOST:PORT/Collection")
	cmd.Flags().StringVar(&to, "to", "", "the store to copy into: a data directory or weaviate://HOST:PORT/Collection")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (a copy stopped part way: what it read and wrote, and \"error\")")
	return cmd
}

// urlOrEmpty is s when it is a store URL, else "" (a directory).
func urlOrEmpty(s string) string {
	if weaviatestore.IsURL(s) {
		return s
	}
	return ""
}

// urlScheme matches the start of a URL: a scheme (RFC 3986) and "://".
// store copy refuses such a value unless it is a Weaviate URL: a
// directory named "weavite:" is a typo far more often than a choice, and
// copying into one would report success for a copy the user meant to send
// to a server.
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

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
		return rep, a.copyTargetError(err, to)
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
	prog := newCopyProgress(a.io.ProgressOut(), a.io.ErrOut, total, plainProgressEvery)
	defer prog.finish(false)

	srcPapers := map[string]bool{}
	var batch []vectordb.Document
	batchLabel := ""
	done := 0 // chunks handed to the target and back
	flush := func() error {
		n, err := dst.Add(vectordb.WithProvenance(ctx, batchLabel), batch)
		rep.Written += n
		if err == nil {
			done += len(batch)
		}
		batch = batch[:0]
		prog.set(rep.SourceChunks, done, rep.Written)
		if err != nil {
			return fmt.Errorf("write to %s (%d chunks written before): %w", to, rep.Written, err)
		}
		return nil
	}
	err = src.Documents(ctx, func(d vectordb.Document) error {
		rep.SourceChunks++
		prog.set(rep.SourceChunks, done, rep.Written)
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
	prog.finish(err == nil)
	if err != nil {
		rep.stopped, rep.ElapsedMS = true, time.Since(start).Milliseconds()
	}
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

// copyTargetError says why the target to could not be opened in terms of
// store copy's flags: the service names the global flag of the setting at
// fault (--data-dir, --embedder), which a copy's target is not chosen by.
func (a *app) copyTargetError(err error, to string) error {
	var mismatch *vectordb.MismatchError
	if errors.As(err, &mismatch) {
		// --embedder is the source's: the target cannot take its chunks.
		return usagef("--to %s was built with embedder %q, the source with %q: copy into a new directory or collection", to, mismatch.StoredSpec, mismatch.AskedSpec)
	}
	var ce *service.ConfigError
	if errors.As(err, &ce) && (ce.Setting == "data-dir" || ce.Setting == "store") {
		return usageError{fmt.Errorf("--to: %w", ce.Err)}
	}
	return a.cliError(err)
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

// copyProgress shows a store copy going, as ingest shows its run (see
// progress.go): a progress bar of the chunks handed to the target on a
// terminal, else a plain line at most every few seconds, so that a long
// copy (every chunk is embedded again: with a model server, an hour for a
// large store) is seen to move. No plain line is written for a copy done
// within those seconds.
type copyProgress struct {
	barOut io.Writer  // the terminal the bar is drawn on; nil without a bar
	width  func() int // the terminal's columns; nil without a bar

	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	stopTick func() // ends tickBar's redraws (of the bar, or of the plain line)
	total    int    // the source's chunks, 0 if unknown
	read     int    // chunks read from the source
	done     int    // chunks handed to the target and back
	wrote    int    // chunks the target did not have
	drawn    time.Time
	log      plainLog // the lines off a terminal
	finished bool
}

// newCopyProgress draws a bar on bar, the terminal, if there is one (nil
// otherwise), else writes a line to w at most every interval.
func newCopyProgress(bar, w io.Writer, total int, every time.Duration) *copyProgress {
	p := &copyProgress{total: total, log: newPlainLog(w, every)}
	if bar == nil {
		// The line is due every interval whether or not a chunk moved:
		// while the target embeds a long batch, a log that goes quiet
		// reads as a copy that hangs.
		p.stopTick = tickBar(&p.mu, func() {
			if !p.finished && p.read > 0 {
				p.plainLine()
			}
		})
		return p
	}
	p.barOut = bar
	p.width = terminalWidth(bar)
	max := total
	if max <= 0 {
		max = -1
	}
	p.bar = newProgressBar(bar, max, "chunks")
	// The target embeds a batch at a time: with a model server that takes
	// long, and the bar's elapsed time shows the copy is not stuck.
	p.stopTick = tickBar(&p.mu, func() {
		if !p.finished {
			refreshBar(p.bar, p.describe())
		}
	})
	return p
}

// text is the plain line's figures.
func (p *copyProgress) text() string {
	of := ""
	if p.total > 0 {
		of = fmt.Sprintf(" of %d", p.total)
	}
	return fmt.Sprintf("%d%s chunks read, %d written", p.read, of, p.wrote)
}

// set records the chunks read, those handed to the target and back
// (done), and those the target wrote.
func (p *copyProgress) set(read, done, wrote int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	moved := done != p.done || wrote != p.wrote
	p.read, p.done, p.wrote = read, done, wrote
	if p.bar != nil {
		// Redrawn when the target has taken a batch, and at most every
		// 100ms as chunks are read.
		if !moved && time.Since(p.drawn) < 100*time.Millisecond {
			return
		}
		p.drawn = time.Now()
		if p.total > 0 && read > p.total {
			// The source grew since it was counted.
			p.total = read
			p.bar.ChangeMax(read)
		}
		// The description and the count are drawn together (see
		// setDescription).
		setDescription(p.bar, p.describe())
		_ = p.bar.Set(done)
		return
	}
	p.plainLine()
}

// plainLine writes the figures off a terminal when one is due; p.mu is
// held.
func (p *copyProgress) plainLine() {
	p.log.line(func() string { return "store copy: " + p.text() })
}

// describe is the longest description that leaves the bar room.
func (p *copyProgress) describe() string {
	return fitDescription(p.width(),
		fmt.Sprintf("read %d · written %d ", p.read, p.wrote),
		fmt.Sprintf("written %d ", p.wrote),
	)
}

// finish ends the display, as ingest's does: the bar at 100% when the copy
// succeeded, cleared when it failed (so that the error line stands alone);
// a run of plain lines ends with the final figures. It may be called more
// than once: the first call counts.
func (p *copyProgress) finish(ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.finished = true
	p.stopTick()
	if p.bar != nil {
		endBar(p.bar, p.barOut, ok, p.done, p.describe())
		return
	}
	p.log.end("store copy: " + p.text())
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/service"
)

// ingestOptions are the ingest command's own flags.
type ingestOptions struct {
	query    string
	max      int
	pageSize int
	sort     string
	ids      string
	file     string
	filter   bool
	noFilter bool
	restart  bool
	json     bool

	// Resolved by validate.
	idList []string
	papers []arxiv.Paper
}

// plainProgressEvery is how often a non-terminal stderr gets a progress line.
const plainProgressEvery = 5 * time.Second

func newIngestCmd(a *app) *cobra.Command {
	var o ingestOptions
	cmd := &cobra.Command{
		Use:   "ingest --query Q [--max N] | --ids ID,ID | --file PATH",
		Short: "Add many papers to the knowledge base: an arXiv query, ids, or a file",
		Long: `ingest fills the knowledge base in bulk, from exactly one source:

  --query Q   an arXiv search (arXiv query syntax, e.g. "cat:cs.GT AND ti:auction"),
              paged with --page-size results per request, up to --max results
  --ids L     arXiv ids, comma-separated (bare ids get the latest version)
  --file F    a JSON Lines file (one paper per line, arXiv field names) or an
              Atom feed saved from the arXiv API

Papers the store already has in that version are skipped; a newer version
replaces the old one. With --filter (the default) only papers the game-theory
filter accepts are kept — the same filter ask uses, with the LLM of --llm or
offline; --no-filter keeps all.

arXiv is asked at most once per --arxiv-delay (3s, as arXiv's terms ask);
filtering, embedding and writing run while the next request waits.

Query and id ingests are resumable: progress is saved in <data-dir>/ingest/
after every committed page. After Ctrl-C (exit 130) or a failure, run the same
command again: it continues after the last committed page without fetching it
again. A query that reached arXiv's total is complete, and running it again
fetches nothing; --restart starts it over (stored papers are still skipped).`,
		Example: `  gtrag ingest --query "cat:cs.GT" --max 5000
  gtrag ingest --query "ti:auction AND cat:econ.TH" --max 500 --sort submitted
  gtrag ingest --ids 2301.01234,cs/0112004v1
  gtrag ingest --file papers.jsonl --no-filter
  gtrag ingest --json --query "all:\"mechanism design\"" --max 200`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.validate(cmd); err != nil {
				return err
			}
			return a.runIngest(cmd.Context(), &o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.query, "query", "", "arXiv search query to ingest")
	f.IntVar(&o.max, "max", ingest.DefaultPageSize, fmt.Sprintf("ingest at most this many results of --query (1 to %d)", ingest.MaxResults))
	f.IntVar(&o.pageSize, "page-size", ingest.DefaultPageSize, fmt.Sprintf("results per arXiv request (1 to %d)", ingest.MaxPageSize))
	f.StringVar(&o.sort, "sort", "relevance", "order of --query results: relevance, submitted or updated")
	f.StringVar(&o.ids, "ids", "", "comma-separated arXiv ids to ingest")
	f.StringVar(&o.file, "file", "", "JSON Lines or Atom file of papers to ingest")
	f.BoolVar(&o.filter, "filter", true, "keep only papers the game-theory filter accepts")
	f.BoolVar(&o.noFilter, "no-filter", false, "keep every paper")
	f.BoolVar(&o.restart, "restart", false, "start a query or id list over instead of resuming it")
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	return cmd
}

// maxQueryBytes bounds --query: arXiv queries are short, and a longer one is
// a pasted document.
const maxQueryBytes = 4096

// validate checks every flag and reads --file, all before anything is opened
// or written: bad input ends with exit code 2 and an untouched data dir.
func (o *ingestOptions) validate(cmd *cobra.Command) error {
	fl := cmd.Flags()
	var sources []string
	for _, name := range []string{"query", "ids", "file"} {
		if fl.Changed(name) {
			sources = append(sources, "--"+name)
		}
	}
	if len(sources) != 1 {
		if len(sources) == 0 {
			return usagef("ingest needs a source: --query, --ids or --file")
		}
		return usagef("ingest takes one source, got %s", strings.Join(sources, " and "))
	}
	if sources[0] != "--query" {
		for _, name := range []string{"max", "page-size", "sort"} {
			if fl.Changed(name) {
				return usagef("--%s applies to --query only", name)
			}
		}
	}
	if fl.Changed("filter") && fl.Changed("no-filter") {
		return usagef("--filter and --no-filter: choose one")
	}
	if o.noFilter {
		o.filter = false
	}
	if o.restart && sources[0] == "--file" {
		return usagef("--restart applies to --query and --ids; a file ingest keeps no progress (stored papers are skipped anyway)")
	}

	switch sources[0] {
	case "--query":
		if err := checkText("--query", o.query, maxQueryBytes); err != nil {
			return err
		}
		o.query = strings.Join(strings.Fields(o.query), " ")
		// ingest.Query reads 0 as "the default"; a user who typed 0 meant 0.
		if o.max < 1 || o.max > ingest.MaxResults {
			return usagef("--max %d: want 1 to %d (arXiv serves at most %d results per query)", o.max, ingest.MaxResults, ingest.MaxResults)
		}
		if o.pageSize < 1 || o.pageSize > ingest.MaxPageSize {
			return usagef("--page-size %d: want 1 to %d (arXiv's limit per request)", o.pageSize, ingest.MaxPageSize)
		}
		if err := o.searchQuery().Validate(); err != nil {
			return usageError{flagNames(err)}
		}
	case "--ids":
		if err := checkText("--ids", o.ids, 1<<20); err != nil {
			return err
		}
		list, err := ingest.NormalizeIDs(strings.FieldsFunc(o.ids, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }))
		if err != nil {
			return usagef("--ids: %v", err)
		}
		o.idList = list
	case "--file":
		papers, err := readPaperFile(o.file)
		if err != nil {
			return usageError{err}
		}
		o.papers = papers
	}
	return nil
}

func (o *ingestOptions) searchQuery() ingest.Query {
	return ingest.Query{Text: o.query, Max: o.max, PageSize: o.pageSize, Sort: o.sort}
}

// flagNames rewrites ingest.Query's words into the flags a user typed.
func flagNames(err error) error {
	msg := err.Error()
	for from, to := range map[string]string{"max ": "--max ", "page size ": "--page-size ", "sort ": "--sort ", "the query is empty": "--query is empty"} {
		if strings.HasPrefix(msg, from) {
			return errors.New(to + strings.TrimPrefix(msg, from))
		}
	}
	return err
}

func readPaperFile(path string) ([]arxiv.Paper, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("--file is empty")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--file: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("--file %s is a directory", path)
	}
	papers, err := arxiv.ReadPapers(f)
	if err != nil {
		return nil, fmt.Errorf("--file %s: %w", path, err)
	}
	if len(papers) == 0 {
		return nil, fmt.Errorf("--file %s holds no papers", path)
	}
	return papers, nil
}

func (a *app) runIngest(ctx context.Context, o *ingestOptions) error {
	disp := newIngestDisplay(a.io.ErrOut, a.io.ProgressOut())
	in := &ingest.Ingester{
		StateDir:   service.IngestStateDir(a.config()),
		Restart:    o.restart,
		OnProgress: disp.progress,
		OnNotice:   disp.note,
	}
	if o.filter {
		set, err := a.openReasoners(ctx)
		if err != nil {
			return err
		}
		defer set.Close()
		for _, n := range set.Notices {
			disp.note(n)
		}
		in.Filter = set.Filter
	}
	db, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	in.Store = db

	var (
		rep    ingest.Report
		runErr error
		source string
	)
	client := a.arxivClient()
	client.OnRetry = func(r arxiv.Retry) {
		disp.note(fmt.Sprintf("arXiv: attempt %d failed (%s); retrying in %s", r.Attempt, iostreams.Line(r.Err.Error()), r.Wait.Round(time.Millisecond)))
	}
	switch {
	case o.query != "":
		source = "query " + quoteArg(o.query)
		rep, runErr = in.Search(ctx, client, o.searchQuery())
	case o.idList != nil:
		source = fmt.Sprintf("%d %s", len(o.idList), pluralWord(len(o.idList), "id", "ids"))
		rep, runErr = in.Lookup(ctx, client, o.idList)
	default:
		source = "file " + o.file
		rep, runErr = in.Papers(ctx, o.papers)
	}
	disp.finish()

	if o.json {
		if err := writeJSON(a.io.Out, rep); err != nil {
			return err
		}
	} else {
		printIngestSummary(a.io.Out, o, source, rep, runErr == nil)
	}
	return ingestError(o, runErr)
}

// ingestError turns a failed run into the one line users see, with what to
// do next. Interruptions still satisfy errors.Is(err, context.Canceled), so
// that the exit code is 130.
func ingestError(o *ingestOptions, err error) error {
	if err == nil {
		return nil
	}
	again := "run the same command again to continue from there"
	if o.file != "" {
		again = "run the same command again: papers already stored are skipped"
	}
	// A store that cannot be written says what to fix; running again
	// before that would only fail again.
	var storeErr *ingest.StoreError
	if errors.As(err, &storeErr) {
		again = "once that is fixed, " + again
	}
	var intr *ingest.InterruptedError
	if errors.As(err, &intr) {
		what := fmt.Sprintf("interrupted after %d committed %s", intr.Batches, pluralWord(intr.Batches, "batch", "batches"))
		if o.query != "" {
			what = fmt.Sprintf("interrupted after %d committed %s (next result %d)", intr.Batches, pluralWord(intr.Batches, "page", "pages"), intr.Next+1)
		}
		if intr.Resumable {
			what += ", progress saved"
		}
		resume := "run the same command again to resume"
		if o.file != "" {
			resume = again
		}
		return hintError{msg: what + "; " + resume, err: err}
	}
	var stopped *ingest.StoppedError
	if errors.As(err, &stopped) {
		return hintError{msg: "ingest stopped: " + err.Error() + "; " + again, err: err}
	}
	return fmt.Errorf("ingest: %w", err)
}

// hintError shows msg but unwraps to err, so that exit codes still see the
// cause.
type hintError struct {
	msg string
	err error
}

func (e hintError) Error() string { return e.msg }
func (e hintError) Unwrap() error { return e.err }

func printIngestSummary(w io.Writer, o *ingestOptions, source string, rep ingest.Report, ok bool) {
	filterNote := "filter on"
	if !o.filter {
		filterNote = "no filter"
	}
	if rep.UpToDate {
		switch {
		case rep.Complete:
			fmt.Fprintf(w, "%s is already ingested completely (%d results, %s); nothing fetched.\n", capitalize(source), rep.Total, filterNote)
			fmt.Fprintln(w, "Use --restart to fetch it again (stored papers are skipped).")
		default:
			fmt.Fprintf(w, "The first %d results of %s are already ingested (%s); nothing fetched.\n", rep.Next, source, filterNote)
			fmt.Fprintf(w, "Raise --max above %d to continue.\n", rep.Next)
		}
		fmt.Fprintf(w, "The store holds %d chunks.\n", rep.StoreCount)
		return
	}
	fmt.Fprintf(w, "Ingested %s (%s)", source, filterNote)
	if o.query != "" {
		if rep.ResumedAt > 0 {
			fmt.Fprintf(w, ", resumed at result %d", rep.ResumedAt+1)
		}
		fmt.Fprintf(w, ": results up to %d of %d", rep.Next, rep.Total)
	}
	fmt.Fprintf(w, " in %s", rep.Elapsed.Round(time.Millisecond))
	if secs := rep.Elapsed.Seconds(); secs > 0 && rep.Fetched > 0 {
		fmt.Fprintf(w, " (%.0f papers/s)", float64(rep.Fetched)/secs)
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintf(w, "  fetched   %d papers", rep.Fetched)
	if o.file == "" {
		fmt.Fprintf(w, " in %d arXiv %s", rep.ArxivRequests, pluralWord(rep.ArxivRequests, "request", "requests"))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  kept      %d\n", len(rep.Kept))
	fmt.Fprintf(w, "  rejected  %d (not game theory)\n", len(rep.Rejected))
	fmt.Fprintf(w, "  skipped   %d (already stored)\n", len(rep.SkippedExisting))
	fmt.Fprintf(w, "  chunks    %d added; the store holds %d\n", rep.ChunksAdded, rep.StoreCount)
	for _, g := range rep.Gaps {
		fmt.Fprintf(w, "arXiv returned no entries for results %d–%d; the next run of the same command asks for them again.\n", g.Start+1, g.Start+g.Count)
	}
	if ok && o.query != "" && !rep.Complete && len(rep.Gaps) == 0 && rep.Next < rep.Total {
		fmt.Fprintf(w, "Stopped at --max %d; arXiv has %d results: raise --max to continue.\n", o.max, rep.Total)
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// quoteArg quotes s for the summary the way a shell user would type it.
func quoteArg(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// ingestDisplay shows progress on stderr: a progress bar on a terminal, a
// plain line every few seconds otherwise (logs, CI). Notes interrupt the bar
// cleanly.
type ingestDisplay struct {
	w io.Writer

	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	lastLine time.Time
	last     ingest.Progress
	printed  bool
}

// newIngestDisplay writes lines to w, and draws a progress bar on bar, the
// terminal, if there is one (nil otherwise).
func newIngestDisplay(w, bar io.Writer) *ingestDisplay {
	d := &ingestDisplay{w: w, lastLine: time.Now()}
	if bar != nil {
		d.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(bar),
			progressbar.OptionSetDescription("fetching"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("papers"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionFullWidth(),
			progressbar.OptionClearOnFinish(),
		)
	}
	return d
}

func (d *ingestDisplay) progress(p ingest.Progress) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last = p
	if d.bar != nil {
		if p.Target > 0 && d.bar.GetMax() != p.Target {
			d.bar.ChangeMax(p.Target)
		}
		d.bar.Describe(fmt.Sprintf("fetched %d · kept %d · rejected %d · stored already %d · %d chunks", p.Fetched, p.Kept, p.Rejected, p.Skipped, p.Chunks))
		_ = d.bar.Set(p.Committed())
		return
	}
	if time.Since(d.lastLine) >= plainProgressEvery {
		d.lastLine = time.Now()
		d.printed = true
		fmt.Fprintln(d.w, progressLine(p))
	}
}

func progressLine(p ingest.Progress) string {
	of := ""
	if p.Target > 0 {
		of = fmt.Sprintf("/%d", p.Target)
	}
	return fmt.Sprintf("ingest: %d%s papers done (fetched %d), kept %d, rejected %d, stored already %d, %d chunks, %.0f papers/s",
		p.Committed(), of, p.Fetched, p.Kept, p.Rejected, p.Skipped, p.Chunks, p.Rate())
}

func (d *ingestDisplay) note(msg string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bar != nil {
		_ = d.bar.Clear()
	}
	fmt.Fprintln(d.w, "note: "+msg)
}

// finish removes the bar, or closes a run of plain lines with the final
// figures so that a log shows how the run ended.
func (d *ingestDisplay) finish() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.bar != nil {
		_ = d.bar.Finish()
		return
	}
	if d.printed {
		fmt.Fprintln(d.w, progressLine(d.last))
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/internal/lineio"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// ingestOptions are the ingest command's own flags.
type ingestOptions struct {
	query    string
	max      int
	pageSize int
	sort     string
	ids      string
	file     string
	primer   bool
	filter   bool
	noFilter bool
	restart  bool
	json     bool
	idsOut   string

	// Resolved by validate.
	idList     []string
	fileHandle io.Closer
	papers     ingest.Source
	// stdin is standard input, read for --file -.
	stdin io.Reader
	// stdinTTY: standard input is a terminal, where --file - waits for a
	// person to type or paste papers (see stdinPrompt).
	stdinTTY bool
	// errOut is standard error, where stdinPrompt is written.
	errOut io.Writer
	// fileRegular: --file is a regular file, which can be read again (for
	// the progress target); a pipe (--file /dev/stdin, --file <(zcat …))
	// is read once, as it comes.
	fileRegular bool
}

// modelFileBatch is the batch of a file ingest whose papers a model
// filters or embeds (an LLM filter, a remote embedder), in place of
// ingest.DefaultFileBatch: a batch is committed whole, so its papers show
// in the progress only once all are done, and an interrupt that cannot
// finish it within the drain timeout loses all of it. At a model's pace a
// thousand papers take minutes; a hundred take seconds, against which one
// more commit (an fsync) is nothing.
const modelFileBatch = 100

// plainProgressEvery is how often a non-terminal stderr gets a progress line.
var plainProgressEvery = 5 * time.Second // a var for tests

func newIngestCmd(a *app) *cobra.Command {
	var o ingestOptions
	cmd := &cobra.Command{
		Use:   "ingest --query Q [--max N] | --ids ID,ID | --file PATH | --primer",
		Short: "Add many papers to the knowledge base: an arXiv query, ids, a file, or the primer",
		Long: `ingest fills the knowledge base in bulk, from exactly one source:

  --query Q   an arXiv search (arXiv query syntax, e.g. "cat:cs.GT AND ti:auction"),
              paged with --page-size results per request, up to --max results
  --ids L     arXiv ids, comma-separated (bare ids get the latest version)
  --file F    a JSON Lines file (one paper per line, arXiv field names; also
              "abstract" for summary and "comments" for comment), a JSON
              array of such objects, or an Atom feed saved from the arXiv
              API; read as it goes, in constant memory whatever its size;
              "-" reads standard input (a pipe: zcat papers.jsonl.gz | gtrag
              ingest --file -)
  --primer    the embedded game-theory primer as this gtrag has it: a store
              made by an older gtrag gets the entries added since
              (unfiltered, as a new store is seeded), and the entries it
              holds in another wording are rewritten in this one, each
              whole ("updated" in the summary and in --json)

Papers the store already has in that version are skipped; a newer version
replaces the old one. With --filter (the default) only papers the game-theory
filter accepts are kept — the same filter ask uses, with the LLM of --llm or
offline; --no-filter keeps all.

arXiv is asked at most once per --arxiv-delay (3s, as arXiv's terms ask);
filtering, embedding and writing run while the next request waits.

Query and id ingests are resumable: progress is saved in <data-dir>/ingest/
after every committed page. After Ctrl-C (exit 130) or a failure, run the same
command again: it continues after the last committed page without fetching it
again. Ctrl-C first stores the papers already fetched (at most 15s); a second
Ctrl-C stops at once and leaves them to the next run. A query that reached
arXiv's total is complete, and running it again fetches nothing; --restart
starts it over (stored papers are still skipped). A query with no results is
asked again.

Entries that cannot be papers (no arXiv id, invalid UTF-8, neither title nor
abstract, a line that is not a JSON object) are skipped with a note naming
them and counted as skipped_invalid. Fields longer than arXiv ever sends are
cut with a note: titles at 1,000 characters, abstracts at 10,000, comments at
1,000, author lists at 100 names.

A query arXiv refuses (HTTP 400, e.g. unbalanced parentheses) is bad usage:
exit 2, nothing written. So is an ingest into a store that cannot be written
(a read-only file system, no write permission, an immutable file) or a
directory where a store file goes: it is refused before any arXiv request and
before any paper of --file is read. A damaged store (store.vec cut short, a
damaged commit record) is refused then too, with exit 1 and what to do.

--json prints the ids of this run under each outcome (kept, rejected,
skipped_existing, skipped_duplicate, skipped_invalid, not_found: ids arXiv
has no paper for, or refused as malformed (the rest of the list is asked
for without them), which an id list run again with nothing to fetch takes
from its earlier runs), counts (fetched, chunks_added, store_count,
arxiv_requests; chunks_added are the kept papers' chunks, a newer version
replacing a stored one counted whole, though the store drops the older
version's; store_count is null when the run ended before it opened the
store, as when arXiv cannot be reached, or could not count it), and total
(arXiv's total for a query, the number of ids, or the entries of a file),
complete (the source has nothing more to give: false when a query stopped
at --max or the run failed), up_to_date (nothing needed fetching, no
request made) and notices (every note the run wrote on stderr, such as ids
arXiv does not know or the offline filter, and a query with no results;
[] when nothing).
--ids-out FILE writes one JSON line per entry, {"id": …, "outcome":
kept|rejected|skipped_existing|skipped_duplicate|skipped_invalid|
not_found|replaced}, as its batch is committed (written and synced
before the batch's progress is saved). Running the same command again to
resume appends to FILE; a fresh run, --restart or --file starts it over.
FILE may not be the --file being read, nor - (standard output carries the
summary).`,
		Example: `  gtrag ingest --query "cat:cs.GT" --max 5000
  gtrag ingest --query "ti:auction AND cat:econ.TH" --max 500 --sort submitted
  gtrag ingest --ids 2301.01234,cs/0112004v1
  gtrag ingest --file papers.jsonl --no-filter
  zcat papers.jsonl.gz | gtrag ingest --file -
  gtrag ingest --json --query "all:\"mechanism design\"" --max 200
  gtrag ingest --file papers.jsonl --ids-out outcomes.jsonl
  gtrag ingest --primer`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.stdin, o.stdinTTY, o.errOut = a.io.In, a.io.IsStdinTTY(), a.io.ErrOut
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
	f.StringVar(&o.file, "file", "", "JSON Lines or Atom file of papers to ingest (- for standard input)")
	f.BoolVar(&o.primer, "primer", false, "add the embedded primer's entries the store lacks (unfiltered) and rewrite those worded otherwise")
	f.BoolVar(&o.filter, "filter", true, "keep only papers the game-theory filter accepts")
	f.BoolVar(&o.noFilter, "no-filter", false, "keep every paper")
	f.BoolVar(&o.restart, "restart", false, "start a query or id list over instead of resuming it")
	f.BoolVar(&o.json, "json", false, "print one JSON object: the ids under each outcome, and counts")
	f.StringVar(&o.idsOut, "ids-out", "", "write the id and outcome of every entry to this file (JSON Lines)")
	return cmd
}

// maxQueryBytes bounds --query: arXiv queries are short, and a longer one is
// a pasted document.
const maxQueryBytes = 4096

// validate checks every flag and reads --file, all before anything is opened
// or written: bad input ends with exit code 2 and an untouched data dir.
func (o *ingestOptions) validate(cmd *cobra.Command) (err error) {
	// --file is opened below; a later check that fails closes it.
	defer func() {
		if err != nil && o.fileHandle != nil {
			o.fileHandle.Close()
			o.fileHandle, o.papers = nil, nil
		}
	}()
	fl := cmd.Flags()
	var sources []string
	for _, name := range []string{"query", "ids", "file", "primer"} {
		if fl.Changed(name) {
			sources = append(sources, "--"+name)
		}
	}
	if len(sources) != 1 {
		if len(sources) == 0 {
			return usagef("ingest needs a source: --query, --ids, --file or --primer")
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
	if o.restart && (sources[0] == "--file" || sources[0] == "--primer") {
		return usagef("--restart applies to --query and --ids; a %s ingest keeps no progress (stored papers are skipped anyway)", strings.TrimPrefix(sources[0], "--"))
	}
	if sources[0] == "--primer" {
		if !o.primer {
			return usagef("--primer=false names no source: give --primer, --query, --ids or --file")
		}
		if fl.Changed("filter") && o.filter { // with --no-filter too, refused above
			return usagef("--primer adds the primer unfiltered, as a new store is seeded: drop --filter")
		}
		o.filter = false
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
		if o.promptsForStdin() {
			// Reading a terminal waits for the user: without a word it
			// looks hung.
			fmt.Fprintln(o.errOut, stdinPrompt)
		}
		f, regular, papers, err := openPaperFile(o.file, o.stdin)
		if err != nil {
			return usageError{err}
		}
		head, err := peekPapers(o.fileName(), papers, !regular)
		if err != nil {
			f.Close()
			return usageError{err}
		}
		if regular {
			// Read again from the top rather than keep what was read:
			// the lines before the first paper may be many.
			f.Close()
			if f, _, papers, err = openPaperFile(o.file, o.stdin); err != nil {
				return usageError{err}
			}
			o.fileHandle, o.papers, o.fileRegular = f, papers, true
		} else {
			// A pipe cannot be read twice: what was read goes first.
			o.fileHandle, o.papers = f, &replaySource{head: head, rest: papers}
		}
	case "--primer":
		papers, err := data.Primer()
		if err != nil {
			return err
		}
		o.papers = ingest.PaperList(papers)
	}
	if err := emptyFileFlag(fl, "ids-out"); err != nil {
		return err
	}
	if fl.Changed("ids-out") && o.idsOut == "-" {
		// As --file - is standard input, - reads as standard output,
		// which is the summary's (or --json's, which lists the same
		// outcomes): it made a file named "-" in the working directory.
		return usagef("--ids-out -: standard output carries the summary (--json lists the same outcomes); give a file name")
	}
	if fl.Changed("ids-out") {
		// The file is created when the run starts; a directory that is not
		// there is bad usage, found before anything is written.
		if fi, err := os.Stat(filepath.Dir(o.idsOut)); err != nil || !fi.IsDir() {
			return usagef("--ids-out %s: its directory does not exist", o.idsOut)
		}
		if fi, err := os.Stat(o.idsOut); err == nil && fi.IsDir() {
			return usagef("--ids-out %s is a directory", o.idsOut)
		}
		// A file that cannot be written would be found when the run
		// opens it: after arXiv's first answer, with the store made.
		if err := service.CheckWritable("--ids-out", o.idsOut); err != nil {
			return usageError{err}
		}
		// The outcomes would overwrite the papers before they are read.
		// Paths are compared as files, not strings: ./x and x, a symlink
		// or a hard link to --file are all the same file.
		if o.fileHandle != nil && o.readsFile(o.idsOut) {
			return usagef("--ids-out %s names the --file being read; write the outcomes to another file", o.idsOut)
		}
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

// stdinFile is the --file that names standard input.
const stdinFile = "-"

// errDirectory is openInput's error for a path that is a directory.
var errDirectory = errors.New("is a directory")

// openInput opens what ingest --file and eval read: path, or stdin when
// path is stdinFile (an empty reader when there is none). regular reports
// a regular file, which can be read again; a directory is refused with
// errDirectory, which each caller words for its flag.
func openInput(path string, stdin io.Reader) (r io.Reader, c io.Closer, regular bool, err error) {
	if path == stdinFile {
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		return stdin, io.NopCloser(nil), false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, false, err
	}
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		f.Close()
		return nil, nil, false, errDirectory
	}
	return f, f, err == nil && fi.Mode().IsRegular(), nil
}

// stdinPrompt is the line --file - writes on stderr before it reads a
// terminal.
const stdinPrompt = "reading papers from standard input (JSON Lines, one paper a line); end with Ctrl-D"

// promptsForStdin reports whether --file - is about to read a terminal,
// which waits silently for a person to type: it says so first. A pipe or a
// file on standard input gets no such line.
func (o *ingestOptions) promptsForStdin() bool {
	return o.file == stdinFile && o.stdinTTY && o.errOut != nil
}

// local reports whether the papers come from this machine (--file or
// --primer), not arXiv: no progress is kept and no request is made.
func (o *ingestOptions) local() bool { return o.file != "" || o.primer }

// fileName is --file as messages name it.
func (o *ingestOptions) fileName() string {
	if o.file == stdinFile {
		return "- (standard input)"
	}
	return o.file
}

// readsFile reports whether --file is the file at path: the same file,
// however named (./x and x, a symlink, a hard link), or for --file - the
// file standard input reads.
func (o *ingestOptions) readsFile(path string) bool {
	if o.file != stdinFile {
		return samePath(o.file, path)
	}
	in, ok := o.stdin.(*os.File)
	if !ok {
		return false
	}
	fa, err := in.Stat()
	if err != nil || !fa.Mode().IsRegular() {
		return false
	}
	fb, err := os.Stat(path)
	return err == nil && os.SameFile(fa, fb)
}

// openPaperFile opens --file (standard input for "-") and checks that it
// is a file of papers (JSON Lines or Atom, not empty); the papers are read
// during the run. regular says the file can be read again from the top;
// standard input is read once, as a pipe, whatever it is.
func openPaperFile(path string, stdin io.Reader) (f io.Closer, regular bool, papers ingest.Source, err error) {
	if strings.TrimSpace(path) == "" {
		return nil, false, nil, errors.New("--file is empty")
	}
	r, f, regular, err := openInput(path, stdin)
	switch {
	case errors.Is(err, errDirectory):
		return nil, false, nil, fmt.Errorf("--file %s is a directory", path)
	case err != nil:
		return nil, false, nil, fmt.Errorf("--file: %w", err)
	}
	name := path
	if path == stdinFile {
		name = "- (standard input)"
	}
	pr, err := arxiv.NewPaperReader(r)
	if err != nil {
		f.Close()
		if errors.Is(err, arxiv.ErrNoPapers) {
			return nil, false, nil, fmt.Errorf("--file %s holds no papers (it is empty)", name)
		}
		return nil, false, nil, fmt.Errorf("--file %s: %w", name, err)
	}
	return f, regular, pr, nil
}

// peekPapers reads --file until its first paper, so that a file with none
// (every line invalid) is bad input — exit 2, nothing opened or written —
// like a file that is not JSON Lines at all. A good file costs one line; a
// file of papers with some bad lines is ingested, the bad lines skipped
// with a note each. With keep, it returns what it read, the first paper
// last, for a file that cannot be read again (a pipe).
func peekPapers(path string, papers ingest.Source, keep bool) ([]peeked, error) {
	var head []peeked
	var first *arxiv.InvalidEntry
	for {
		p, notes, err := papers.Next()
		var bad *arxiv.InvalidEntry
		switch {
		case err == nil:
			return append(head, peeked{p, notes, nil}), nil
		case errors.As(err, &bad):
			if first == nil {
				first = bad
			}
			if keep {
				head = append(head, peeked{arxiv.Paper{}, notes, err})
			}
		case errors.Is(err, io.EOF) && first != nil:
			return nil, fmt.Errorf("--file %s: no paper in it (%v)", path, first)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("--file %s holds no papers", path)
		default:
			return nil, fmt.Errorf("--file %s: %w", path, err)
		}
	}
}

// peeked is one entry peekPapers read: a paper, or an invalid entry's error.
type peeked struct {
	paper arxiv.Paper
	notes []string
	err   error
}

// replaySource gives the entries peekPapers read, then the rest of the file.
type replaySource struct {
	head []peeked
	rest ingest.Source
}

func (s *replaySource) Next() (arxiv.Paper, []string, error) {
	if len(s.head) > 0 {
		e := s.head[0]
		s.head = s.head[1:]
		return e.paper, e.notes, e.err
	}
	return s.rest.Next()
}

// interruptibleSource reads src, a pipe's papers, until ctx ends: then
// Next returns ctx's error at once, the read it was waiting for left to
// finish on its own (the process is about to stop). src is never read by
// two goroutines at once: a read cut off is the one the next Next waits
// for.
type interruptibleSource struct {
	src     ingest.Source
	ctx     context.Context
	pending chan sourceRead // a read under way, or nil
}

type sourceRead struct {
	paper arxiv.Paper
	notes []string
	err   error
}

func (s *interruptibleSource) Next() (arxiv.Paper, []string, error) {
	if err := s.ctx.Err(); err != nil {
		return arxiv.Paper{}, nil, err
	}
	if s.pending == nil {
		ch := make(chan sourceRead, 1)
		go func() {
			p, notes, err := s.src.Next()
			ch <- sourceRead{p, notes, err}
		}()
		s.pending = ch
	}
	select {
	case r := <-s.pending:
		s.pending = nil
		return r.paper, r.notes, r.err
	case <-s.ctx.Done():
		return arxiv.Paper{}, nil, s.ctx.Err()
	}
}

// countRecords counts the entries arxiv.PaperReader finds in a JSON Lines
// file, its non-blank lines: the progress target of a file ingest. It
// reads the file once more, holding no more of a line than the reader
// does; for other formats it returns 0 (target unknown).
func countRecords(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	lines := lineio.New(bufio.NewReaderSize(f, 64<<10), arxiv.MaxLineBytes)
	n := 0
	for {
		line, size, err := lines.ReadLine()
		text := bytes.TrimSpace(line)
		if n == 0 {
			// The reader finds the format past spaces and byte-order marks.
			text = bytes.TrimLeftFunc(text, func(r rune) bool { return r == '\uFEFF' || unicode.IsSpace(r) })
			if len(text) > 0 && text[0] != '{' {
				return 0
			}
		}
		if len(text) > 0 || size > arxiv.MaxLineBytes {
			n++
		}
		if err != nil {
			return n
		}
	}
}

// papersWithLen gives the file's reader the record count as progress target.
type papersWithLen struct {
	ingest.Source
	n int
}

func (p papersWithLen) Len() int { return p.n }

// idsWriter writes --ids-out: one JSON object per entry, a batch at a time.
//
// Lines are buffered while a batch is told and flushed when it is done
// (flush, called from ingest's OnBatch before the batch's progress is
// saved), so that every batch the store and the resume file count as
// committed is complete in the file: a run killed at any moment leaves
// whole lines for all of them, and at most a cut-off line of the batch in
// hand, which the next run fetches again.
//
// A regular file is also synced at each flush. A killed process loses
// nothing written (the kernel has it), but a power cut or a crash of the
// machine can lose what is not synced; the store and the resume file sync
// every batch, and without the sync here the file could miss batches they
// count as done, which a resumed run would never write again. The cost is
// one fsync per batch — one arXiv page every few seconds, or a thousand
// papers of a file — next to the store's own, so it is not worth an
// option. Pipes and terminals are not synced (they cannot be).
//
// A resumed run appends (openIDsOut), so that the first run's lines are
// kept; a crash between a batch's flush and its progress being saved makes
// the next run write that batch's ids again, as skipped_existing.
type idsWriter struct {
	f       *os.File
	w       *bufio.Writer
	regular bool // a regular file: synced at each flush
	err     error
}

// openIDsOut opens --ids-out: truncated for a fresh run, appended to when
// the run continues saved progress. Before appending, a last line cut off
// by a crash is dropped: its batch was not recorded as committed, so this
// run fetches and writes it again, and dropping it keeps the file one JSON
// object per line.
func openIDsOut(path string, resume bool) (*idsWriter, error) {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if resume {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(path, flag, 0o666)
	if err != nil {
		return nil, fmt.Errorf("--ids-out: %w", err)
	}
	w := &idsWriter{f: f, w: bufio.NewWriter(f)}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		w.regular = true
		if resume {
			if err := dropCutLine(f, path, fi.Size()); err != nil {
				f.Close()
				return nil, fmt.Errorf("--ids-out %s: %w", path, err)
			}
		}
	}
	return w, nil
}

// dropCutLine truncates f (size bytes, opened for writing at path) after
// its last newline, if it does not end with one.
func dropCutLine(f *os.File, path string, size int64) error {
	if size == 0 {
		return nil
	}
	r, err := os.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	buf := make([]byte, 4096)
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		b := buf[:end-start]
		if _, err := r.ReadAt(b, start); err != nil {
			return err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			if start+int64(i)+1 == size {
				return nil // ends with a newline: nothing cut off
			}
			return f.Truncate(start + int64(i) + 1)
		}
		end = start
	}
	return f.Truncate(0) // one line, cut off
}

func (w *idsWriter) write(id string, o ingest.Outcome) {
	if w.err != nil {
		return
	}
	b, _ := json.Marshal(struct {
		ID      string         `json:"id"`
		Outcome ingest.Outcome `json:"outcome"`
	}{id, o})
	_, w.err = w.w.Write(append(b, '\n'))
}

// flush writes the lines of a committed batch out and, for a regular file,
// syncs them; an error stops the run (see ingest.Ingester.OnBatch).
func (w *idsWriter) flush() error {
	if w.err == nil {
		w.err = w.w.Flush()
	}
	if w.err == nil && w.regular {
		w.err = w.f.Sync()
	}
	if w.err != nil {
		return fmt.Errorf("--ids-out %s: %w", w.f.Name(), w.err)
	}
	return nil
}

func (w *idsWriter) close() error {
	if err := w.w.Flush(); w.err == nil {
		w.err = err
	}
	if err := w.f.Close(); w.err == nil {
		w.err = err
	}
	if w.err != nil {
		return fmt.Errorf("--ids-out %s: %w", w.f.Name(), w.err)
	}
	return nil
}

// ingestOutput is the --json object: the run's ingest.Listing, and the
// error of a failed run. After a failure or an interrupt its lists hold
// what was committed.
type ingestOutput struct {
	ingest.Listing
	// Updated are the primer entries `ingest --primer` rewrote in this
	// gtrag's wording (service.RefreshPrimer): a list with --primer, even
	// an empty one, and no key with another source.
	Updated *[]string `json:"updated,omitempty"`
	// Notices are what the run had to say (ingestNotices), as ask --json
	// and the MCP ingest tools carry theirs: [] when nothing.
	Notices []string `json:"notices"`
	Error   string   `json:"error,omitempty"`
}

// ingestObject is the --json object of a run: its lists (rep's, with the
// ids in lists), its notices, its error when it failed (nil otherwise).
// Its store_count is null when the run never opened the store (arXiv
// unreachable or refusing before its first answer, an interrupt then) or
// could not count it at the end (ingest.Listing), as the text summary
// says "the store was not opened" or "could not be counted", rather than 0
// for a store that may hold thousands of chunks. The key stays, as the
// contract lists it in every object: a script reading it gets null, not a
// missing key.
func ingestObject(rep ingest.Report, lists ingest.IDs, notices []string, runErr error, opened bool) ingestOutput {
	out := ingestOutput{Listing: rep.Listing(lists), Notices: nonNil(notices)}
	if runErr != nil {
		out.Error = iostreams.Line(runErr.Error())
	}
	if !opened {
		out.StoreCount = nil
	}
	return out
}

func (a *app) runIngest(ctx context.Context, o *ingestOptions) (err error) {
	if o.fileHandle != nil {
		defer o.fileHandle.Close()
	}
	var checkNotes []string // what the store check said (a wait for its lock)
	// The run reads its resume file before it opens the store (which waits
	// for arXiv's first answer, see below), so a --data-dir that is a file
	// would be met first as an unreadable resume file, exit 1; it is the
	// setting to change, so it is said here as the store would say it.
	if dir := a.config().DataDir; dir != "" {
		if err := a.cliError(service.CheckDataDir(dir)); err != nil {
			return err
		}
		// The outcomes written over the knowledge base's own files would
		// destroy it: "--ids-out ~/.local/share/gtrag/store.db" is a slip.
		// So would they the chat history, or the resume file the run
		// itself saves (which then replaced every outcome written), as
		// --trace-out refuses them (dataDirFile).
		if o.idsOut != "" {
			if what := dataDirFile(o.idsOut, dir); what != "" {
				return usagef("--ids-out %s: it is %s; write the outcomes to another file", o.idsOut, what)
			}
		}
		// A directory where a store file goes, or a file where the
		// progress directory goes, is in the way of every run: said
		// before anything is asked or made (a store made and seeded in
		// front of it would fail its first write).
		if err := a.checkIngestPaths(dir, o.local()); err != nil {
			return err
		}
		// A store that cannot be written would fail at the first batch,
		// after arXiv was asked for it: a query opens the store only when
		// arXiv has answered, and an id list opens it only to read; a
		// file's first batch comes after reading, filtering and chunking
		// up to a thousand papers. So it is found here, before any request
		// or any paper, as the setting to change. Nothing is created to
		// find out. A query that is complete already, and would fetch
		// nothing, is refused all the same.
		if err := a.checkIngestWritable(dir, o.local()); err != nil {
			return usageError{err}
		}
		// A damaged store (store.vec cut short, a damaged commit record)
		// would fail the first batch too, or worse, be written over: it
		// is found here as well.
		said := noteLines(func(line string) {
			fmt.Fprintln(a.io.ErrOut, line)
			checkNotes = append(checkNotes, line)
		})
		if err := a.checkIngestStore(ctx, dir, said); err != nil {
			// Not bad usage but a failed run (exit 1): with --json, the
			// object with its error, as every other failed run prints.
			if o.json {
				if werr := writeJSON(a.io.Out, ingestObject(ingest.Report{}, ingest.IDs{}, checkNotes, err, false)); werr != nil {
					return werr
				}
			}
			return err
		}
	}
	disp := newIngestDisplay(a.io.ErrOut, a.io.ProgressOut())
	disp.said = checkNotes   // said before the run: a wait for the store's lock
	defer disp.finish(false) // a return before the run's own finish: the bar's redraws end
	in := &ingest.Ingester{
		StateDir:   service.IngestStateDir(a.config()),
		Restart:    o.restart,
		OnProgress: disp.progress,
		OnNotice:   disp.note,
	}
	// slow: a model filters or embeds the papers (see modelFileBatch).
	slow := false
	abort, stopWatch := watchInterrupt(ctx, disp, in.DrainTimeout)
	defer stopWatch()
	in.Abort = abort
	// The reasoners' notes are said when the run opens the store, which
	// it does only when there are papers to judge: a query arXiv refuses
	// is bad usage, one line on stderr, and a note before it about a
	// filter that never ran made it two.
	var filterNotes []string
	if o.filter {
		set, err := a.openReasoners(ctx)
		if err != nil {
			return err
		}
		defer set.Close()
		for _, n := range set.Notices {
			// An ingest writes no answer: what the missing LLM means
			// here is that the filter is the offline one.
			filterNotes = append(filterNotes, reasoner.OfflineNoticeFor(n, "papers are filtered offline"))
		}
		in.Filter = set.Filter
		slow = set.Name != provider.Offline
	}
	if spec, err := provider.Parse(provider.Embedder, a.embedder); err == nil && spec.Provider != provider.Offline {
		slow = true
	}
	if o.file != "" && slow {
		in.BatchSize = modelFileBatch
	}
	// The store and --ids-out are opened by the run, when it knows whether
	// it resumes (then --ids-out is appended to) and, for a query, when
	// arXiv has accepted it (see ingest.Ingester.Open). The closures below
	// run before any batch is committed, which orders them before OnPaper
	// and OnBatch.
	var (
		db      service.Store
		ids     *idsWriter
		openErr error
	)
	defer func() {
		if ids != nil {
			if cerr := ids.close(); err == nil && cerr != nil {
				err = cerr
			}
		}
		if db != nil {
			db.Close()
		}
	}()
	in.Open = func(ctx context.Context, s ingest.Start) (ingest.Store, error) {
		// --primer adds the primer itself: a new store is not seeded on
		// opening, or the run would find every entry stored already and
		// report "kept 0, skipped 66" for the entries it had just written.
		cfg := a.config()
		cfg.SeedByCaller = o.primer
		// A wait for another gtrag process is one of the run's notes,
		// which --json lists: it was said on stderr only.
		cfg.Notices = noteLines(disp.sayVerbatim)
		if db, openErr = service.OpenStore(ctx, cfg); openErr != nil {
			openErr = a.cliError(openErr)
			return nil, openErr
		}
		for _, n := range filterNotes {
			disp.note(n)
		}
		if o.idsOut != "" {
			if ids, openErr = openIDsOut(o.idsOut, s.Resumed); openErr != nil {
				return nil, openErr
			}
		}
		return db, nil
	}
	// An id run asks arXiv before it makes a store that is not there
	// yet, as a query run does (see ingest.Ingester.StoreExists).
	in.StoreExists = func() bool {
		cfg := a.config()
		if cfg.Store != "" || cfg.DataDir == "" {
			return true
		}
		fi, err := os.Stat(filepath.Join(cfg.DataDir, vectordb.StoreFileName))
		return err == nil && fi.Size() > 0
	}
	lists := ingest.IDs{}
	if o.idsOut != "" || o.json {
		in.OnPaper = func(id string, out ingest.Outcome) {
			if o.json {
				lists.Add(id, out)
			}
			if ids != nil {
				ids.write(id, out)
			}
		}
	}
	if o.idsOut != "" {
		in.OnBatch = func() error { return ids.flush() }
	}

	var (
		rep    ingest.Report
		runErr error
		source string
		// primerUpdated are the primer entries --primer rewrote.
		primerUpdated []string
	)
	ctx = vectordb.WithProvenance(ctx, o.provenance())
	client := a.arxivClient()
	watch := watchRequests(client)
	client.OnRetry = func(r arxiv.Retry) {
		if errors.Is(r.Err, arxiv.ErrEmptyPage) {
			// A page arXiv returns empty gets one note, not one per
			// attempt and one more when it is given up on: the first
			// attempt's is held, and said if the page comes after all,
			// or dropped for ingest's when the page is given up.
			if r.Attempt == 1 {
				disp.hold(iostreams.Line(r.String()))
			}
			return
		}
		disp.note(iostreams.Line(r.String()))
	}
	switch {
	case o.query != "":
		source = "query " + quoteArg(o.query)
		rep, runErr = in.Search(ctx, client, o.searchQuery())
	case o.idList != nil:
		source = fmt.Sprintf("%d %s", len(o.idList), text.Plural(len(o.idList), "id", "ids"))
		rep, runErr = in.Lookup(ctx, client, o.idList)
	case o.primer:
		source = "the embedded primer"
		rep, runErr = in.Papers(ctx, o.papers)
		if runErr == nil && db != nil {
			runErr = service.MarkSeeded(ctx, db)
		}
		if runErr == nil && db != nil {
			// The entries the store had are skipped as stored; those an
			// older gtrag worded otherwise are rewritten now.
			updated, err := service.RefreshPrimer(ctx, db)
			if len(updated) > 0 {
				// Count, with no error, gives a server's last count
				// when it does not answer.
				if rep.StoreCount, rep.StoreCountErr = vectordb.CountNow(ctx, db); rep.StoreCountErr != nil {
					disp.note(ingest.CountFailedNotice + rep.StoreCountErr.Error())
				}
			}
			runErr, primerUpdated = err, updated
		}
	default:
		source = "file " + o.fileName()
		src := o.papers
		if disp.bar != nil && o.fileRegular {
			// A pipe has no target: counting its lines would read it.
			src = papersWithLen{o.papers, countRecords(o.file)}
		}
		if !o.fileRegular {
			// A read from a pipe waits for its writer: Ctrl-C read on to
			// the writer's end (20 s of a slow one), and a second Ctrl-C
			// then dropped everything read.
			src = &interruptibleSource{src: src, ctx: ctx}
		}
		rep, runErr = in.Papers(ctx, src)
		if runErr == nil && !o.fileRegular && ctx.Err() != nil {
			// The end of a pipe that came with Ctrl-C is the writer
			// stopped by it, not the end of its papers: the run stored
			// what it read, and is no whole ingest of the input.
			runErr = &ingest.InterruptedError{Batches: rep.Batches, Next: rep.Next, Err: ctx.Err()}
			rep.Complete = false
		}
	}
	stopWatch()
	disp.finish(runErr == nil)
	// A request the interrupt cut off got no answer: "fetched 4400 papers
	// in 45 arXiv requests" counted it.
	rep.ArxivRequests = max(rep.ArxivRequests-watch.cutOff(), 0)
	// Failing to open the store is what it was before the run began: its
	// own error (a usage error for a setting to change), with no summary
	// of a run that did nothing. With --json a store that failed (a
	// Weaviate that does not answer) is a failed run, whose object says
	// its error, as a damaged embedded store's does (checkIngestStore): the
	// object was missing, stdout empty.
	if openErr != nil {
		var usage usageError
		if o.json && !errors.As(openErr, &usage) {
			if werr := writeJSON(a.io.Out, ingestObject(rep, lists, nonNil(disp.notes()), openErr, false)); werr != nil {
				return werr
			}
		}
		return openErr
	}
	var refused *ingest.RefusedError
	if errors.As(runErr, &refused) {
		return refusedQuery(o, refused)
	}

	if o.json {
		obj := ingestObject(rep, lists, ingestNotices(disp.notes(), o, rep, runErr), ingestError(o, rep, runErr), db != nil)
		if o.primer {
			// A store not counted after the rewrite still lists them.
			updated := nonNil(primerUpdated)
			obj.Updated = &updated
		}
		if err := writeJSON(a.io.Out, obj); err != nil {
			return err
		}
	} else {
		printIngestSummary(a.io.Out, o, source, rep, runErr, db != nil)
		if len(primerUpdated) > 0 {
			fmt.Fprintf(a.io.Out, "  updated   %d of those stored (worded otherwise by the gtrag that stored them): %s\n",
				len(primerUpdated), strings.Join(primerUpdated, ", "))
		}
	}
	return ingestError(o, rep, runErr)
}

// watchInterrupt says, the moment the run is interrupted, that the papers
// already fetched are being stored before it stops (which, with an LLM
// filter or embedder, can take up to the drain timeout), and makes a
// second interrupt (Ctrl-C again, another SIGTERM) give them up at once:
// abort is then closed (ingest.Ingester.Abort), and the next run fetches
// them again. stop ends the watch.
//
// The first signal also reaches the context's own handler (main's
// signal.NotifyContext), which cancels ctx; signals are counted here, so
// that it is the second that aborts whichever handler sees the first one
// first.
func watchInterrupt(ctx context.Context, disp *ingestDisplay, drain time.Duration) (abort <-chan struct{}, stop func()) {
	if drain <= 0 {
		drain = ingest.DefaultDrainTimeout
	}
	ab := make(chan struct{})
	// Notes are told under mu, and none after stop: the run's last line
	// is its own.
	var mu sync.Mutex
	stopped := false
	note := func(format string, pending int) {
		mu.Lock()
		defer mu.Unlock()
		if !stopped && pending > 0 {
			disp.note(fmt.Sprintf(format, pending, text.Plural(pending, "paper", "papers")))
		}
	}
	stopSignals := watchSignals(func(n int) {
		if n == 2 {
			note("stopping now: the %d %s in hand, not stored, are left for the next run", disp.pending())
			close(ab)
		}
	}, os.Interrupt, syscall.SIGTERM)
	stopNote := context.AfterFunc(ctx, func() {
		note("interrupted: storing the %d %s already fetched before stopping (at most "+drain.String()+"); Ctrl-C again to stop at once", disp.pending())
	})
	var once sync.Once
	return ab, func() {
		once.Do(func() {
			mu.Lock()
			stopped = true
			mu.Unlock()
			stopSignals()
			stopNote()
		})
	}
}

// checkIngestPaths refuses (bad usage, exit 2) what is in the way of the
// files an ingest writes in the data directory dir: a directory where a
// store file goes (gtrag would make and seed a store beside it, then fail
// its first write), or, for a query or id ingest (file false), a file
// where its progress directory, or a directory above it, goes. Nothing is
// created, and nothing in the way is touched: it is the user's to move.
func (a *app) checkIngestPaths(dir string, file bool) error {
	cfg := a.config()
	if cfg.Store == "" {
		if err := service.CheckStoreFiles(dir); err != nil {
			return a.cliError(err) // "… is a directory, not a file; move it away"
		}
	}
	if file {
		return nil // a file ingest keeps no progress
	}
	state := service.IngestStateDir(cfg)
	rel, err := filepath.Rel(dir, state)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	path := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		path = filepath.Join(path, part)
		fi, err := os.Stat(path)
		if err != nil {
			return nil // not there yet (made by the first commit), or not ours to judge
		}
		if !fi.IsDir() {
			where := "there"
			if path != state {
				where = "in " + state
			}
			return usagef("%s is a file, not a directory: ingest keeps its progress %s; move it away", path, where)
		}
	}
	return nil
}

// checkIngestStore opens the embedded store in dir, if there is one,
// read-only and checks its files (vectordb.DB.CheckFiles: a stat of
// store.vec against the committed slots), before any arXiv request: a
// store.vec cut short would fail the first batch, or be written over,
// the new slots filling the lost ones with zeros; a damaged commit record
// (*vectordb.RollbackError) would fail it too. Opening reads the meta and
// nothing else, so the check costs milliseconds whatever the store's
// size. A lock held longer than GTRAG_LOCK_TIMEOUT is the ingest's error
// at once: left to the run's open, it was waited out twice and said twice.
// Anything else the open meets (an older format to upgrade) is left to the
// run's own open, which has always said it.
func (a *app) checkIngestStore(ctx context.Context, dir string, wait io.Writer) error {
	if a.config().Store != "" {
		return nil
	}
	if fi, err := os.Stat(filepath.Join(dir, vectordb.StoreFileName)); err != nil || fi.Size() == 0 {
		return nil // no store yet: the run makes one
	}
	opts := append(a.storeTuning.options(), vectordb.ReadOnly(), vectordb.WaitNotices(wait))
	db, err := vectordb.Open(ctx, dir, nil, opts...)
	if err != nil {
		var corrupt *vectordb.CorruptError
		var rollback *vectordb.RollbackError
		var locked *vectordb.LockedError
		if errors.As(err, &corrupt) || errors.As(err, &rollback) {
			return err
		}
		if errors.As(err, &locked) {
			return fmt.Errorf("open the knowledge base: %w", err)
		}
		return nil
	}
	defer db.Close()
	return db.CheckFiles()
}

// checkIngestWritable checks, without creating anything, that an ingest
// can write what it writes in the data directory dir: the embedded store's
// files (or, for a store not made yet, the directory it would be made in)
// and, unless it reads a file (file true: no progress is kept), the resume
// files (service.IngestStateDir).
func (a *app) checkIngestWritable(dir string, file bool) error {
	cfg := a.config()
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return service.CheckWritable("data directory", dir)
	}
	if cfg.Store == "" {
		if err := checkStoreWritable(dir); err != nil {
			return err
		}
	}
	if file {
		return nil
	}
	return service.CheckWritable("ingest progress directory", service.IngestStateDir(cfg))
}

// checkStoreWritable checks, without creating anything, that the embedded
// store in the data directory dir can be written: its files, or, for a
// store not made yet, the directory it would be made in.
func checkStoreWritable(dir string) error {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return service.CheckWritable("data directory", dir)
	}
	if err := service.CheckWritable("store", filepath.Join(dir, vectordb.StoreFileName)); err != nil {
		return err
	}
	// The vector files beside it are written in place; one that is not
	// there yet is made with the first vectors.
	for _, name := range vectordb.FileNames[1:] {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		if err := service.CheckWritable("store file", path); err != nil {
			return err
		}
	}
	return nil
}

// refusedQuery is the usage error of a query arXiv refused on the first
// request (ingest.RefusedError): exit 2 naming the query, with no advice to
// run it again, since arXiv answers it the same way every time. Nothing was
// written: the store and --ids-out are opened only after a first answer.
func refusedQuery(o *ingestOptions, e *ingest.RefusedError) error {
	why := iostreams.Line(e.Err.Error())
	var apiErr *arxiv.APIError
	var se *arxiv.StatusError
	switch {
	case errors.As(e.Err, &apiErr):
		why = iostreams.Line(apiErr.Message)
		if apiErr.Status != 0 && apiErr.Status != 200 {
			why = fmt.Sprintf("HTTP %d: %s", apiErr.Status, why)
		}
	case errors.As(e.Err, &se):
		// A 400 that is no arXiv error feed (a proxy's page): what the
		// server said, if anything readable.
		why = fmt.Sprintf("HTTP %d %s", se.Status, http.StatusText(se.Status))
		if se.Message != "" {
			why += ": " + iostreams.Line(se.Message)
		}
	}
	return usagef("--query %s: arXiv refused it (%s); check the query syntax (nothing was written)", quoteArg(o.query), why)
}

// provenance is the label `gtrag papers list` shows for the papers this
// ingest adds: the command's source flag as the user typed it, a long id
// list cut after three ids.
func (o *ingestOptions) provenance() string {
	switch {
	case o.query != "":
		return "ingest --query " + o.query
	case o.idList != nil:
		ids := strings.Join(o.idList, ",")
		if len(o.idList) > 3 {
			ids = strings.Join(o.idList[:3], ",") + fmt.Sprintf(",… (%d ids)", len(o.idList))
		}
		return "ingest --ids " + ids
	case o.primer:
		return service.PrimerProvenance
	default:
		return "ingest --file " + o.file
	}
}

// ingestError turns a failed run into the one line users see, with what to
// do next. Interruptions still satisfy errors.Is(err, context.Canceled), so
// that the exit code is 130.
func ingestError(o *ingestOptions, rep ingest.Report, err error) error {
	if err == nil {
		return nil
	}
	// Progress is saved only when a batch is committed: a run that
	// committed none, and continued none, left nothing to continue from.
	saved := rep.Batches > 0 || rep.ResumedAt > 0 || len(rep.Gaps) > 0
	again := "run the same command again to continue from there"
	if !saved {
		again = "run the same command again to retry"
	}
	if o.local() {
		again = "run the same command again: papers already stored are skipped"
	}
	// A file that is not JSON past some item stops there every time:
	// running again as it is would only stop again.
	var broken *arxiv.BrokenFileError
	if errors.As(err, &broken) {
		again = fmt.Sprintf("the papers before item %d are stored, and reading the file again stops at the same place: mend the file there (or give the rest as JSON Lines, where a bad line costs only itself), then run the same command again: papers already stored are skipped", broken.Item)
	}
	// A store that cannot be written says what to fix; running again
	// before that would only fail again.
	var storeErr *ingest.StoreError
	if errors.As(err, &storeErr) {
		again = "once that is fixed, " + again
	}
	// arXiv's own error answer is the same every time: running again from
	// saved progress would fail the same way, so the way out is --restart.
	if arxiv.Refused(err) && !o.local() {
		if rep.ResumedAt > 0 || len(rep.Gaps) > 0 || rep.Batches > 0 {
			again += "; if arXiv refuses the same request again, --restart starts the ingest over (stored papers are skipped)"
		} else {
			// Nothing to continue from, and the same request gets the
			// same answer.
			again = "arXiv answers the same request the same way every time: running it again will not help"
		}
	}
	var empty *ingest.EmptyPagesError
	if errors.As(err, &empty) {
		return hintError{msg: "ingest paused: " + err.Error() + "; what came before is stored and progress saved: run the same command again later to continue (it asks for those results first)", err: err}
	}
	var gaps *ingest.GapsError
	if errors.As(err, &gaps) {
		done := "the rest is stored and progress saved"
		if rep.Committed() == 0 {
			done = "nothing else came, progress saved"
		}
		return hintError{msg: "ingest incomplete: " + err.Error() + "; " + done + ": run the same command again later to ask for those results", err: err}
	}
	var intr *ingest.InterruptedError
	if errors.As(err, &intr) {
		what := fmt.Sprintf("interrupted after %d committed %s", intr.Batches, text.Plural(intr.Batches, "batch", "batches"))
		if o.query != "" {
			what = fmt.Sprintf("interrupted after %d committed %s (next result %d)", intr.Batches, text.Plural(intr.Batches, "page", "pages"), intr.Next+1)
		}
		resume := "run the same command again to resume"
		switch {
		case o.local():
			resume = again
		case !intr.Resumable:
		case intr.Batches > 0:
			what += ", progress saved"
		case saved:
			what += ", the progress of the earlier runs kept"
		default:
			// Nothing was committed, so no progress was written.
			unit := "batch"
			if o.query != "" {
				unit = "page"
			}
			what = "interrupted before any " + unit + " was committed: nothing to resume"
			resume = "run the same command again to start it"
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

// printIngestSummary says what the run did. A failed run says so first,
// and reports what was committed before the failure, not a success. opened
// is false when the run ended before it opened the store (interrupted
// before arXiv's first answer): the store's size is then not known, as it
// is when rep.StoreCountErr says the store could not be counted.
func printIngestSummary(w io.Writer, o *ingestOptions, source string, rep ingest.Report, runErr error, opened bool) {
	filterNote := "filter on"
	if !o.filter {
		filterNote = "no filter"
	}
	if rep.UpToDate && runErr == nil {
		switch {
		case rep.Complete && o.idList != nil && (rep.Tried == nil || rep.Tried.Held >= rep.Total):
			// "4 ids is already ingested completely (4 results, …)" said
			// nothing a user would: the list is done, in so many ids.
			fmt.Fprintf(w, "%s already ingested (%s); nothing fetched.\n",
				text.Plural(rep.Total, "This id is", fmt.Sprintf("All %d of these ids are", rep.Total)), filterNote)
			fmt.Fprintln(w, "Use --restart to fetch them again (stored papers are skipped).")
		case rep.Complete && o.idList != nil:
			// Not "already ingested": ids arXiv does not know, papers
			// the filter rejected and papers removed since are not in
			// the store.
			printIDsTried(w, rep.Total, *rep.Tried, filterNote)
		case rep.Complete:
			fmt.Fprintf(w, "%s is already ingested completely (%s, %s); nothing fetched.\n", capitalize(source), text.Count(rep.Total, "result", "results"), filterNote)
			fmt.Fprintln(w, "Use --restart to fetch it again (stored papers are skipped).")
		case rep.Next == 1:
			fmt.Fprintf(w, "The first result of %s is already ingested (%s); nothing fetched.\n", source, filterNote)
			fmt.Fprintln(w, "Raise --max above 1 to continue.")
		default:
			fmt.Fprintf(w, "The first %d results of %s are already ingested (%s); nothing fetched.\n", rep.Next, source, filterNote)
			fmt.Fprintf(w, "Raise --max above %d to continue.\n", rep.Next)
		}
		if rep.StoreCountErr != nil {
			fmt.Fprintf(w, "The store could not be counted: %s\n", iostreams.Line(rep.StoreCountErr.Error()))
			return
		}
		fmt.Fprintf(w, "The store holds %s.\n", text.Count(rep.StoreCount, "chunk", "chunks"))
		return
	}
	var gaps *ingest.GapsError
	var empty *ingest.EmptyPagesError
	switch {
	case runErr == nil:
		fmt.Fprintf(w, "Ingested %s (%s)", source, filterNote)
	case errors.As(runErr, &gaps):
		fmt.Fprintf(w, "Ingested %s (%s), with results missing", source, filterNote)
	case errors.As(runErr, &empty):
		fmt.Fprintf(w, "Ingest of %s (%s) paused: arXiv kept returning empty pages", source, filterNote)
	case errors.Is(runErr, context.Canceled):
		fmt.Fprintf(w, "Ingest of %s (%s) was interrupted", source, filterNote)
	default:
		fmt.Fprintf(w, "Ingest of %s (%s) FAILED", source, filterNote)
	}
	if o.query != "" && rep.Total > 0 {
		// A run that filled gaps fetched results before the one it
		// resumed at: "resumed at result 1001: results up to 1000" said
		// it fetched nothing.
		if len(rep.Refilled) > 0 {
			fmt.Fprintf(w, ", asked again for results %s (missing before)", ingest.FormatGaps(ingest.MergeGaps(rep.Refilled)))
		}
		if rep.ResumedAt > 0 && (len(rep.Refilled) == 0 || rep.Next > rep.ResumedAt) {
			fmt.Fprintf(w, ", resumed at result %d", rep.ResumedAt+1)
		}
		fmt.Fprintf(w, ": results up to %d of %d", rep.Next, rep.Total)
	}
	fmt.Fprintf(w, " after %s", rep.Elapsed.Round(time.Millisecond))
	// An id arXiv does not have is no paper: "fetched 0 … (15 papers/s)".
	if papers, secs := rep.Committed()-rep.NotFound, rep.Elapsed.Seconds(); secs > 0 && papers > 0 {
		fmt.Fprintf(w, " (%.0f papers/s)", float64(papers)/secs)
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintf(w, "  fetched   %d %s", rep.Fetched, text.Plural(rep.Fetched, "paper", "papers"))
	if !o.local() {
		fmt.Fprintf(w, " in %d arXiv %s", rep.ArxivRequests, text.Plural(rep.ArxivRequests, "request", "requests"))
	}
	fmt.Fprintln(w)
	if lost := rep.Fetched - rep.Committed(); lost > 0 {
		fmt.Fprintf(w, "  lost      %d (fetched but not committed when the run stopped)\n", lost)
	}
	fmt.Fprintf(w, "  kept      %d (written to the store)\n", rep.Kept)
	fmt.Fprintf(w, "  rejected  %d (not game theory)\n", rep.Rejected)
	fmt.Fprintf(w, "  skipped   %d (already stored)\n", rep.SkippedExisting)
	if rep.SkippedDuplicate > 0 {
		fmt.Fprintf(w, "            %d (duplicates: the same paper again, or an older version)\n", rep.SkippedDuplicate)
	}
	if rep.SkippedInvalid > 0 {
		fmt.Fprintf(w, "            %d (invalid entries, named in the notes)\n", rep.SkippedInvalid)
	}
	if rep.NotFound > 0 {
		fmt.Fprintf(w, "  not found %d (arXiv has no paper for %s, named in the notes)\n", rep.NotFound, text.Plural(rep.NotFound, "this id", "these ids"))
	}
	// A store that could not be counted is not said to hold its last
	// count, 0 when it never gave one.
	switch {
	case !opened:
		fmt.Fprintf(w, "  chunks    %d added; the store was not opened\n", rep.ChunksAdded)
	case rep.StoreCountErr != nil:
		fmt.Fprintf(w, "  chunks    %d added; the store could not be counted: %s\n", rep.ChunksAdded, iostreams.Line(rep.StoreCountErr.Error()))
	default:
		fmt.Fprintf(w, "  chunks    %d added; the store holds %d\n", rep.ChunksAdded, rep.StoreCount)
	}
	if rep.NoticesDropped > 0 {
		fmt.Fprintf(w, "%d more notes were not shown; --ids-out FILE lists every entry's outcome.\n", rep.NoticesDropped)
	}
	if noResults(o, rep, runErr) {
		fmt.Fprintln(w, noResultsNote+".")
	}
	if runErr == nil && o.query != "" && !rep.Complete && len(rep.Gaps) == 0 && rep.Next < rep.Total {
		fmt.Fprintf(w, "Stopped at --max %d; arXiv has %d results: raise --max to continue.\n", o.max, rep.Total)
	}
}

// noResultsNote is what an ingest says of a query arXiv has no results
// for: not "ingested completely", since the next run asks arXiv again.
const noResultsNote = "arXiv has no results for this query: check its spelling and field prefixes (ti:, abs:, au:, cat:)"

// noResults reports whether the run was a query arXiv has no results for.
func noResults(o *ingestOptions, rep ingest.Report, runErr error) bool {
	return runErr == nil && o.query != "" && rep.Total == 0 && rep.Fetched == 0
}

// ingestNotices are the notices of ingest --json: said, every note the
// run wrote on stderr, in order (ingestDisplay.notes: ingest's own, the
// first ingest.MaxNotices of them, and the command's, such as the offline
// filter, arXiv's retries and an interrupt), then the count of ingest's
// notes beyond those, then what the text summary says beyond the counts
// that the object's fields do not: that a query had no results, which
// "total": 0 and "complete": true alone read as a query done.
//
// Unlike ask --json, which says nothing on stderr, an ingest still writes
// its notes there as they happen: a run lasts minutes to hours, its
// progress lines go on there, and an interrupt's note says what to do
// next (Ctrl-C again to stop at once) while the run drains. The object is
// the record a script reads, complete without stderr.
func ingestNotices(said []string, o *ingestOptions, rep ingest.Report, runErr error) []string {
	notices := slices.Clone(said)
	if rep.NoticesDropped > 0 {
		notices = append(notices, fmt.Sprintf("%d more notices not shown; --ids-out FILE lists every entry's outcome", rep.NoticesDropped))
	}
	if noResults(o, rep, runErr) {
		notices = append(notices, noResultsNote)
	}
	return nonNil(notices)
}

// printIDsTried says what became of an id list every id of which an
// earlier run tried, when the store does not hold them all.
func printIDsTried(w io.Writer, total int, t ingest.Tried, filterNote string) {
	other := max(total-t.Held-t.NotFound, 0)
	if total == 1 {
		why := "arXiv had no paper for it"
		if t.NotFound == 0 {
			why = "the store does not hold it: it was not kept, or was removed since"
		}
		fmt.Fprintf(w, "This id was tried before (%s): %s; nothing fetched.\n", filterNote, why)
		fmt.Fprintln(w, "Use --restart to ask arXiv for it again.")
		return
	}
	parts := []string{fmt.Sprintf("the store holds %d of them", t.Held)}
	if t.NotFound > 0 {
		parts = append(parts, fmt.Sprintf("arXiv had no paper for %d", t.NotFound))
	}
	if other > 0 {
		parts = append(parts, fmt.Sprintf("%d %s not kept or removed since", other, text.Plural(other, "was", "were")))
	}
	fmt.Fprintf(w, "All %d of these ids were tried before (%s): %s; nothing fetched.\n", total, filterNote, strings.Join(parts, ", "))
	fmt.Fprintln(w, "Use --restart to ask arXiv for them again (stored papers are skipped).")
}

// requestWatch sees the arXiv requests of an ingest go out, to count those
// an interrupt cut off before any answer, which are not requests the run
// made. (The client knows its requests, not its caller's interrupt.)
type requestWatch struct {
	next http.RoundTripper

	mu  sync.Mutex
	cut int
}

// watchRequests puts a requestWatch between client and its transport.
func watchRequests(client *arxiv.Client) *requestWatch {
	w := &requestWatch{next: http.DefaultTransport}
	hc := &http.Client{}
	if client.HTTP != nil {
		c := *client.HTTP
		hc = &c
	}
	if hc.Transport != nil {
		w.next = hc.Transport
	}
	hc.Transport = w
	client.HTTP = hc
	return w
}

func (w *requestWatch) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := w.next.RoundTrip(req)
	if err != nil && errors.Is(req.Context().Err(), context.Canceled) {
		w.mu.Lock()
		w.cut++
		w.mu.Unlock()
	}
	return resp, err
}

// cutOff is the number of requests an interrupt cut off before an answer.
func (w *requestWatch) cutOff() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cut
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// quoteArg quotes s for the summary the way a shell user would type it.
func quoteArg(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// ingestDisplay shows progress on stderr: a progress bar on a terminal
// (see progress.go), a plain line every few seconds otherwise (logs, CI).
// Notes interrupt the bar cleanly. A run that succeeds ends at 100%.
type ingestDisplay struct {
	w      io.Writer
	barOut io.Writer  // the terminal the bar is drawn on; nil without a bar
	width  func() int // the terminal's columns; nil without a bar

	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	stopTick func() // ends tickBar's redraws (of the bar, or of the plain line)
	log      plainLog
	last     ingest.Progress
	lastAt   time.Time // when last came: a line drawn later counts the time since
	held     string    // a note held back (see hold)
	finished bool      // finish has run: nothing more is drawn or printed
	// said are the notes written so far, whole (stderr gets each as one
	// line): ingest --json lists them in its notices (ingestNotices).
	said []string
}

// hold keeps msg, the note of a page arXiv returned empty, until it is
// known whether the page comes: it is said then, before the progress that
// shows the page, or before any other note; a notice that the page was
// given up on (ingest.EmptyPageNotice) replaces it. So a page given up on
// takes one line, not one per attempt.
func (d *ingestDisplay) hold(msg string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.finished {
		return
	}
	d.sayHeld()
	d.held = msg
}

// sayHeld writes the note held back, if any; d.mu is held.
func (d *ingestDisplay) sayHeld() {
	if d.held == "" {
		return
	}
	msg := d.held
	d.held = ""
	d.say(msg)
}

// say writes msg, a note, on its own line (clearing the bar first) and
// keeps it for said; d.mu is held. Every note goes through here, so that
// --json lists each one stderr shows, whoever raised it: ingest's own,
// the offline filter, arXiv's retries, an interrupt. stderr shows it as
// text output does (reasoner.ShortNotice: an LLM outage's error cut);
// --json keeps it whole.
func (d *ingestDisplay) say(msg string) {
	d.write("note: "+iostreams.Line(reasoner.ShortNotice(msg)), msg)
}

// write shows line on its own line, clearing the bar first, and keeps
// note among the notes; d.mu is held.
func (d *ingestDisplay) write(line, note string) {
	if d.bar != nil {
		_ = d.bar.Clear()
	}
	fmt.Fprintln(d.w, line)
	d.said = append(d.said, note)
}

// noteLines is a writer that hands each line written to it, trimmed, to
// its func; blank lines are dropped. The store writes its notes (a wait
// for another process: vectordb.WaitNotices) to one, so that each line is
// one of the run's notes, which ingest --json lists (ingestNotices).
type noteLines func(line string)

func (f noteLines) Write(p []byte) (int, error) {
	for _, line := range strings.Split(string(p), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			f(line)
		}
	}
	return len(p), nil
}

// sayVerbatim writes line on the display's stderr as it is, without the
// "note: " of the run's own notes (the store words its notes itself), and
// keeps it among the notes.
func (d *ingestDisplay) sayVerbatim(line string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.write(line, line)
}

// notes are the notes written so far, in the order they were written.
func (d *ingestDisplay) notes() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.said)
}

// newIngestDisplay writes lines to w, and draws a progress bar on bar, the
// terminal, if there is one (nil otherwise).
func newIngestDisplay(w, bar io.Writer) *ingestDisplay {
	d := &ingestDisplay{w: w, log: newPlainLog(w, plainProgressEvery)}
	if bar == nil {
		// The line is due every few seconds whether or not a paper moved:
		// while a model judges or embeds a long batch, a log that goes
		// quiet reads as an ingest that hangs.
		d.stopTick = tickBar(&d.mu, func() {
			if !d.finished && d.last.Fetched > 0 {
				d.plainLine()
			}
		})
		return d
	}
	d.barOut = bar
	d.width = terminalWidth(bar)
	d.bar = newProgressBar(bar, -1, "papers")
	d.stopTick = tickBar(&d.mu, func() {
		if !d.finished {
			refreshBar(d.bar, describe(d.last, d.width()))
		}
	})
	return d
}

// describe is the longest description of p that leaves the bar room in a
// terminal cols wide.
func describe(p ingest.Progress, cols int) string {
	skipped := p.Skipped + p.Invalid + p.NotFound
	return fitDescription(cols,
		fmt.Sprintf("fetched %d · kept %d · rejected %d · skipped %d · %d chunks ", p.Fetched, p.Kept, p.Rejected, skipped, p.Chunks),
		fmt.Sprintf("kept %d · rejected %d · skipped %d ", p.Kept, p.Rejected, skipped),
		fmt.Sprintf("kept %d ", p.Kept),
	)
}

func (d *ingestDisplay) progress(p ingest.Progress) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.finished {
		return
	}
	if p.Fetched > d.last.Fetched {
		d.sayHeld() // the page came after all
	}
	d.last, d.lastAt = p, time.Now()
	if d.bar != nil {
		if p.Target > 0 && d.bar.GetMax() != p.Target {
			d.bar.ChangeMax(p.Target)
		}
		// The description and the count are drawn together (see
		// setDescription).
		setDescription(d.bar, describe(p, d.width()))
		_ = d.bar.Set(p.Committed())
		return
	}
	d.plainLine()
}

// plainLine writes the figures off a terminal when one is due; d.mu is
// held.
func (d *ingestDisplay) plainLine() {
	d.log.line(func() string { return progressLine(d.now()) })
}

// now is the last progress with its elapsed time brought up to now, so
// that a line drawn while nothing moves (arXiv retried, a model judges a
// long batch) shows the rate falling, not the one of the last batch; d.mu
// is held.
func (d *ingestDisplay) now() ingest.Progress {
	p := d.last
	if !d.lastAt.IsZero() {
		p.Elapsed += time.Since(d.lastAt)
	}
	return p
}

// pending is the number of entries fetched whose batch is not committed
// yet.
func (d *ingestDisplay) pending() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return max(d.last.Fetched-d.last.Committed(), 0)
}

func progressLine(p ingest.Progress) string {
	of := ""
	if p.Target > 0 {
		of = fmt.Sprintf("/%d", p.Target)
	}
	invalid := ""
	if p.Invalid > 0 {
		invalid = fmt.Sprintf(", invalid %d", p.Invalid)
	}
	if p.NotFound > 0 {
		invalid += fmt.Sprintf(", not found %d", p.NotFound)
	}
	return fmt.Sprintf("ingest: %d%s papers done (fetched %d), kept %d, rejected %d, stored already %d%s, %d chunks, %.0f papers/s",
		p.Committed(), of, p.Fetched, p.Kept, p.Rejected, p.Skipped, invalid, p.Chunks, p.Rate())
}

func (d *ingestDisplay) note(msg string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if strings.HasPrefix(msg, ingest.EmptyPageNotice) {
		d.held = "" // said better by msg
	}
	d.sayHeld()
	d.say(msg)
}

// finish ends the bar (it may be called more than once: the first call
// counts) — at 100% when the run succeeded, the target then
// being what was done (arXiv's total may have shrunk meanwhile); cleared
// when it failed, so that the error line stands alone — or closes a run of
// plain lines with the final figures so that a log shows how the run ended.
func (d *ingestDisplay) finish(ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.finished {
		return
	}
	d.sayHeld()
	d.finished = true
	d.stopTick()
	if d.bar != nil {
		endBar(d.bar, d.barOut, ok, d.last.Committed(), describe(d.last, d.width()))
		return
	}
	d.log.end(progressLine(d.now()))
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// newPapersCmd groups the commands that look at and manage the papers of
// the knowledge base. The logic is in service: EachPaper and FindPapers,
// which on the embedded store read its per-paper records and not the
// chunks, and EachPaperWithAbstract, which reads the chunks of a page of
// papers at a time: every command stays under about 100 MB whatever the
// store's size (at a million chunks, reading them all took 3.4 GB).
// DeletePapers removes. These commands choose papers and print them.
func newPapersCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "papers",
		Short: "List, show, remove and export the papers of the knowledge base",
		// "gtrag ls" is "gtrag papers ls" (unknownCommand).
		SuggestFor: []string{"list", "ls", "show", "rm", "export"},
		Example: `  gtrag papers list
  gtrag papers show 2301.04211
  gtrag papers rm 2301.04211
  gtrag papers export --format bibtex > papers.bib`,
		Args: usageArgs(cobra.NoArgs),
	}
	cmd.AddCommand(newPapersListCmd(a), newPapersShowCmd(a), newPapersRmCmd(a), newPapersExportCmd(a))
	return cmd
}

func newPapersListCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the stored papers: id, date, chunks, when and why added, title",
		Long: `list prints one line per stored paper: its id, publication date, number of
chunks, when it was first stored (UTC) and what stored it: the question of an
ask (ask: "…"), the ingest command (ingest --query …, --ids …, --file …) or the
primer every new store starts with. A newer version of a paper keeps the first
record. "unknown" means the store does not know: papers stored before gtrag
recorded it, or kept in Weaviate. A paper moved with ` + "`gtrag store copy`" + ` lists
what added it to the source and the copy ("… (store copy from DIR)").`,
		Example: "  gtrag papers list\n  gtrag papers list --json | jq -r '.papers[].id'",
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			db, err := a.openStoreToList(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			each := func(fn func(service.Paper) error) error { return service.EachPaper(cmd.Context(), db, fn) }
			out := bufio.NewWriter(a.io.Out)
			if asJSON {
				err = writePapersJSON(out, each)
			} else {
				err = writePapersTable(out, each)
			}
			if err != nil {
				return err
			}
			return out.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

func newPapersShowCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one stored paper: its metadata, chunks and abstract",
		Long: `show prints what the knowledge base holds of one paper. ID may carry a version
(2301.01234v2) or not (2301.01234); primer entries have ids like primer:nash-equilibrium.

` + paperIDForms,
		Example: "  gtrag papers show 2301.01234\n  gtrag papers show https://arxiv.org/abs/2301.01234v2\n  gtrag papers show --json primer:nash-equilibrium",
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.checkPaperArgs(args); err != nil {
				return err
			}
			db, err := a.openStoreToList(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			found, err := a.pickPapers(cmd.Context(), db, args)
			if err != nil {
				return err
			}
			p, err := service.WithAbstract(cmd.Context(), db, found[0])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, p)
			}
			w := a.io.Out
			fmt.Fprintf(w, "id:         %s\n", p.ID)
			fmt.Fprintf(w, "title:      %s\n", p.Title)
			fmt.Fprintf(w, "authors:    %s\n", orDash(strings.Join(p.Authors, ", ")))
			fmt.Fprintf(w, "published:  %s\n", orDash(p.Published))
			// What arXiv has of few papers is shown only when there.
			optional := func(label, value string) {
				if value != "" {
					fmt.Fprintf(w, "%-11s %s\n", label+":", value)
				}
			}
			optional("updated", p.Updated)
			fmt.Fprintf(w, "categories: %s\n", orDash(strings.Join(p.Categories, ", ")))
			optional("doi", p.DOI)
			optional("journal", p.JournalRef)
			optional("comment", p.Comment)
			fmt.Fprintf(w, "url:        %s\n", orDash(p.AbsURL))
			fmt.Fprintf(w, "chunks:     %d\n", p.Chunks)
			fmt.Fprintf(w, "added:      %s\n", addedAt(p))
			fmt.Fprintf(w, "added by:   %s\n", orUnknown(p.AddedBy))
			if p.Summary != "" {
				fmt.Fprintf(w, "\n%s\n", p.Summary)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}

// removedPaper is one paper `papers rm --json` removed.
type removedPaper struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Chunks int    `json:"chunks"`
}

// rmResult is papers rm --json: the papers removed, and the error that
// stopped the run after some were (Ctrl-C, a failed write).
type rmResult struct {
	Removed []removedPaper `json:"removed"`
	Error   string         `json:"error,omitempty"`
}

func newPapersRmCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "rm ID...",
		Aliases: []string{"remove"},
		Short:   "Remove papers and all their chunks from the knowledge base",
		Long: `rm removes each paper and every chunk of it, one durable commit per paper: after
a crash or Ctrl-C a paper is either still whole or gone. Every ID must be stored
(with or without its version); if one is not, nothing is removed. A paper named
twice, in one form or two, is removed once.

` + paperIDForms + `

A removed paper comes back if a later ask or ingest finds it on arXiv again.`,
		Example: "  gtrag papers rm 2301.01234\n  gtrag papers rm 2301.01234v2 cs/0112004\n  gtrag papers rm --json 2301.01234",
		Args:    usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.checkPaperArgs(args); err != nil {
				return err
			}
			db, err := a.openStoreToList(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			found, err := a.pickPapers(cmd.Context(), db, args)
			if err != nil {
				return err
			}
			removed := []removedPaper{}
			for _, p := range found {
				if err := service.DeletePapers(cmd.Context(), db, []string{p.ID}); err != nil {
					// A store this user may not write is a setting to
					// change (exit 2), as for store compact.
					err = a.storeAccessError(err)
					if asJSON && len(removed) > 0 {
						// The papers removed before are gone for good: a
						// script reads which from the object, as the text
						// lists them as it goes (stdout was empty).
						if werr := writeJSON(a.io.Out, rmResult{Removed: removed, Error: saidAsStopped(cmd.Context(), err).Error()}); werr != nil {
							return werr
						}
					}
					return err
				}
				removed = append(removed, removedPaper{ID: p.ID, Title: p.Title, Chunks: p.Chunks})
				if !asJSON {
					fmt.Fprintf(a.io.Out, "removed %s (%d %s): %s\n", p.ID, p.Chunks, text.Plural(p.Chunks, "chunk", "chunks"), snippet(p.Title, 80))
				}
			}
			if asJSON {
				return writeJSON(a.io.Out, rmResult{Removed: removed})
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: the papers removed, with their chunks (and \"error\" when the run stopped part way)")
	return cmd
}

func newPapersExportCmd(a *app) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "export [--format jsonl|bibtex]",
		Short: "Print every stored paper as JSON Lines (for ingest --file) or BibTeX",
		Long: `export prints the papers of the knowledge base on standard output.

  jsonl   one paper per line with arXiv field names; ` + "`gtrag ingest --file`" + ` reads it
          back, so an export moves a knowledge base to another embedder or machine
  bibtex  one @misc entry per paper, for a reference manager

The primer entries are left out of both: they are no arXiv papers (ingest
--file would refuse them, and they have no authors or URL to cite), and
every new store starts with them.

The abstract is put back together from the stored chunks; it is the text the
knowledge base holds (cut at 10,000 characters, as ingest cuts it). Papers are
written as they are read, whole: after an error or Ctrl-C the output ends with
the last whole paper, and the error says how many were written.`,
		Example: `  gtrag papers export > papers.jsonl
  gtrag --data-dir ./kb2 ingest --file papers.jsonl --no-filter
  gtrag papers export --format bibtex > papers.bib`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "jsonl" && format != "bibtex" {
				return usagef("--format %q: want jsonl or bibtex", format)
			}
			db, err := a.openStoreToList(cmd.Context())
			if err != nil {
				return err
			}
			defer db.Close()
			out := &wholeWriter{w: a.io.Out}
			n, primer, written := 0, 0, 0
			err = service.EachPaperWithAbstract(cmd.Context(), db, func(p service.Paper) error {
				n++
				if strings.HasPrefix(p.ID, data.IDPrefix) {
					primer++ // not an arXiv paper: nothing to cite, nothing ingest --file takes
					return nil
				}
				if format == "jsonl" {
					err = writeJSONLine(out, p.ArxivPaper())
				} else {
					err = writeBibTeX(out, p)
				}
				if err != nil {
					return err
				}
				written++
				return out.boundary(false)
			})
			if err != nil {
				// The papers already read are whole: they go out, so that
				// an export stopped by Ctrl-C or a damaged record keeps
				// them, and the error says where the output ends.
				if ferr := out.boundary(true); ferr != nil {
					return ferr
				}
				if errors.Is(err, context.Canceled) {
					err = context.Canceled // not "list the papers: …": the export was stopped
				}
				return fmt.Errorf("export stopped after %d %s (the output ends with the last whole one): %w", written, text.Plural(written, "paper", "papers"), err)
			}
			if err := out.boundary(true); err != nil {
				return err
			}
			switch {
			case n == 0:
				a.io.Note("no papers in the knowledge base: nothing exported")
			case primer > 0:
				why := "they are not arXiv papers, and every new store starts with them"
				if primer == 1 {
					why = "it is not an arXiv paper, and every new store starts with it"
				}
				a.io.Note(fmt.Sprintf("%d primer %s not exported: %s", primer, text.Plural(primer, "entry", "entries"), why))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "jsonl", "jsonl or bibtex")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"jsonl", "bibtex"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// wholeWriter passes writes on only at the boundaries its caller marks
// (the end of a paper), in batches of about 64 KB: an export cut short by
// an error or Ctrl-C ends with a whole paper, which `ingest --file` reads,
// not half a line.
type wholeWriter struct {
	w   io.Writer
	buf bytes.Buffer
}

func (w *wholeWriter) Write(p []byte) (int, error) { return w.buf.Write(p) }

// boundary passes on what was written since the last one once it is 64 KB,
// or at the end whatever its size.
func (w *wholeWriter) boundary(end bool) error {
	if w.buf.Len() < 64<<10 && !end {
		return nil
	}
	_, err := w.w.Write(w.buf.Bytes())
	w.buf.Reset()
	return err
}

// paperIDForms is what the commands that name papers say of the id forms
// they take (service.PaperID): those the MCP server takes.
const paperIDForms = `An arXiv id may also be written arXiv:2301.01234 or as its abs or pdf URL, and
any id as the paper's MCP resource URI (gtrag://paper/primer:core).`

// pickPapers finds each id among papers, in any form service.PaperID reads
// (see service.FindPapers). An id that matches nothing is a usage error
// naming every such id as it was given, or saying why the first that no
// paper can have is impossible. The store is looked in first: a paper a
// file stored under such an id before gtrag checked dates stays removable.
func (a *app) pickPapers(ctx context.Context, store service.Store, ids []string) ([]service.Paper, error) {
	found, missing, err := service.FindPapers(ctx, store, ids)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		// An id no paper can have ("2413.01234": month 13) is a typo to
		// point at, not a paper to look for in the list.
		for _, id := range missing {
			if err := service.ImpossibleID(id); err != nil {
				return nil, usageError{err}
			}
		}
		// A version other than the one stored ("2301.01234v1" when v2
		// replaced it) is not stored, but the paper is: say which
		// version is, so that the user need not look it up.
		for i, id := range missing {
			pid := service.PaperID(id)
			base := baseID(pid)
			if base == pid || strings.HasPrefix(pid, data.IDPrefix) {
				continue
			}
			if other, _, err := service.FindPapers(ctx, store, []string{base}); err == nil && len(other) == 1 {
				missing[i] = fmt.Sprintf("%s (it holds %s)", id, other[0].ID)
			}
		}
		return nil, a.notStored(missing)
	}
	// One paper named twice ("2502.70113 2502.70113v1", "2502.70113
	// arXiv:2502.70113") is one paper: rm removes it once and says so once.
	seen := map[string]bool{}
	return slices.DeleteFunc(found, func(p service.Paper) bool {
		dup := seen[p.ID]
		seen[p.ID] = true
		return dup
	}), nil
}

// checkPaperArgs refuses an id that is only white space ("" from a
// shell variable left unset): looked up, it read "not in the knowledge
// base:  (see …)", naming nothing.
func (a *app) checkPaperArgs(ids []string) error {
	for i, id := range ids {
		if strings.TrimSpace(id) == "" {
			where := ""
			if len(ids) > 1 {
				where = fmt.Sprintf(" (argument %d)", i+1)
			}
			return usagef("empty paper id%s: want an arXiv id such as 2301.01234, or a primer id such as primer:core %s", where, a.seePapersList())
		}
	}
	return nil
}

func (a *app) notStored(ids []string) error {
	return usagef("not in the knowledge base: %s %s", strings.Join(ids, ", "), a.seePapersList())
}

// seePapersList points to the list of the papers of the knowledge base
// this run was given: with its --data-dir or --store, since the list
// copied without them is the default knowledge base's.
func (a *app) seePapersList() string {
	return a.withStoreFlags("(see `gtrag papers list`)")
}

// writePapersTable writes the papers that each hands out as the table of
// `papers list`, reading them twice: once for the widths of the columns,
// once to print them, so that no more than one page of them is in memory.
// A paper stored between the two passes with a longer id than any before
// pushes its own row out of line, nothing worse.
func writePapersTable(w io.Writer, each func(func(service.Paper) error) error) error {
	n, idWidth, byWidth := 0, len("ID"), len("ADDED BY")
	err := each(func(p service.Paper) error {
		n++
		idWidth = max(idWidth, len(p.ID))
		byWidth = max(byWidth, utf8.RuneCountInString(addedBy(p)))
		return nil
	})
	if err != nil {
		return err
	}
	if n == 0 {
		_, err := fmt.Fprintln(w, "no papers in the knowledge base")
		return err
	}
	fmt.Fprintf(w, "%-*s  %-10s  %6s  %-16s  %s  %s\n", idWidth, "ID", "PUBLISHED", "CHUNKS", "ADDED (UTC)", padRunes("ADDED BY", byWidth), "TITLE")
	return each(func(p service.Paper) error {
		_, err := fmt.Fprintf(w, "%-*s  %-10s  %6d  %-16s  %s  %s\n", idWidth, p.ID, orDash(dateOf(p.Published)), p.Chunks,
			addedAt(p), padRunes(addedBy(p), byWidth), snippet(p.Title, 80))
		return err
	})
}

// writePapersJSON writes {"papers": [...]} exactly as writeJSON would
// write the whole list, one paper at a time as each hands them out, without
// their abstracts (`papers show` or `papers export` for the text). An error
// half way leaves the object unfinished: the command fails, and a script
// must not read its output.
func writePapersJSON(w io.Writer, each func(func(service.Paper) error) error) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ") // as an element of the array below
	n := 0
	err := each(func(p service.Paper) error {
		p.Summary = ""
		buf.Reset()
		if err := enc.Encode(p); err != nil {
			return err
		}
		sep := ",\n    "
		if n == 0 {
			sep = "{\n  \"papers\": [\n    "
		}
		n++
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		_, err := w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	})
	if err != nil {
		return err
	}
	end := "\n  ]\n}\n"
	if n == 0 {
		end = "{\n  \"papers\": []\n}\n"
	}
	_, err = io.WriteString(w, end)
	return err
}

// baseID drops an arXiv version: "2301.01234v2" → "2301.01234".
func baseID(id string) string {
	i := strings.LastIndexByte(id, 'v')
	if i <= 0 || i == len(id)-1 {
		return id
	}
	for _, c := range id[i+1:] {
		if c < '0' || c > '9' {
			return id
		}
	}
	return id[:i]
}

// addedAt is when p was first stored, in UTC to the minute, or "-".
func addedAt(p service.Paper) string {
	if p.AddedAt.IsZero() {
		return "-"
	}
	return p.AddedAt.UTC().Format("2006-01-02 15:04")
}

// addedBy is what stored p, cut to fit a table column, or "unknown".
func addedBy(p service.Paper) string {
	return snippet(orUnknown(p.AddedBy), 48)
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// padRunes pads s with spaces to width runes (fmt pads to bytes, and
// questions are not ASCII only).
func padRunes(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}

// dateOf is the date of a published time ("2024-01-01T10:20:30Z" →
// "2024-01-01"), what the table has room for; a store written before gtrag
// kept the time holds the date alone.
func dateOf(published string) string {
	if len(published) > len("2006-01-02") && published[len("2006-01-02")] == 'T' {
		return published[:len("2006-01-02")]
	}
	return published
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeBibTeX writes p as an @misc entry with arXiv's eprint fields, the
// form arXiv's own "Export BibTeX citation" uses, and what arXiv knows of
// its publication: doi (as it is: a verbatim field, as url), journal (the
// journal reference, whole) and note (the authors' comment, where
// reference managers such as KBibTeX put arXiv's comment).
//
// Every field that holds text from arXiv or an --file entry goes through
// bibEscape or bibVerbatim: primaryClass and url, taken as safe, were
// written as given, and a category "cs.GT}x{" from a file left the entry
// unbalanced. The eprint and the key are made of an arXiv id, which
// arxiv.ParseID checked, and the year of a parsed time.
func writeBibTeX(w io.Writer, p service.Paper) error {
	var b strings.Builder
	fmt.Fprintf(&b, "@misc{%s,\n", bibKey(p.ID))
	field := func(name, value string) {
		if value != "" {
			fmt.Fprintf(&b, "  %s = {%s},\n", name, value)
		}
	}
	field("title", "{"+bibEscape(p.Title)+"}")
	field("author", bibAuthors(p.Authors))
	if len(p.Published) >= 4 {
		field("year", p.Published[:4])
	}
	if !strings.HasPrefix(p.ID, data.IDPrefix) {
		field("eprint", baseID(p.ID))
		field("archivePrefix", "arXiv")
		if len(p.Categories) > 0 {
			field("primaryClass", bibEscape(p.Categories[0]))
		}
	}
	field("doi", bibVerbatim(p.DOI))
	field("journal", bibEscape(p.JournalRef))
	field("note", bibEscape(p.Comment))
	field("url", bibVerbatim(p.AbsURL))
	b.WriteString("}\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// bibKey makes a citation key of an id: BibTeX keys cannot hold '/' or
// spaces.
func bibKey(id string) string {
	return strings.NewReplacer("/", "_", " ", "_", ",", "_", "{", "", "}", "").Replace(id)
}

// bibVerbatim makes s fit a verbatim field (doi, url), which takes its
// text as it is, underscores, percent signs, hashes and backslashes all:
// only its braces matter to BibTeX, which counts them to find the field's
// end whatever stands before them. Braces that balance stay as they are
// ("10.1000/{abc}" is that DOI). Braces that do not are written %7B and
// %7D, as a URL writes them: doi.org and browsers read them as the braces,
// where a backslash would not help and dropping them (as gtrag did) named
// another DOI. The cost is a DOI printed with %7D where it had "}".
func bibVerbatim(s string) string {
	depth := 0
	for _, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth < 0 {
			break
		}
	}
	if depth == 0 {
		return s
	}
	return strings.NewReplacer("{", "%7B", "}", "%7D").Replace(s)
}

// bibAuthors is the author field: the names joined with " and ", a name
// with a comma in braces. BibTeX reads "Last, First" at a comma, so
// "Patrick O'Brien, Jr." would be a Patrick O'Brien with the first name
// "Jr."; braced, it is the name as arXiv gave it.
//
// The entry that stands for names cut from a long list ("et al. (21
// more)") is BibTeX's "others", which styles print "et al.": written as
// it was, it was an author of that name.
func bibAuthors(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = bibEscape(n)
		if strings.Contains(n, ",") {
			out[i] = "{" + out[i] + "}"
		}
	}
	if arxiv.CutAuthors(names) {
		out[len(out)-1] = "others"
	}
	return strings.Join(out, " and ")
}

// bibEscape escapes the characters that mean something to LaTeX in plain
// metadata text. A brace becomes \textbraceleft{} or \textbraceright{},
// not \{: BibTeX counts braces to find a field's end whatever stands
// before them, so a title with one "{" written \{ left the entry
// unbalanced and BibTeX read on into the next one. A caret and a tilde
// are written as the characters: bare, "O(n^2)" stopped LaTeX with
// "Missing $ inserted", and "~" was a space.
func bibEscape(s string) string {
	return strings.NewReplacer(
		`\`, `\textbackslash{}`, "{", `\textbraceleft{}`, "}", `\textbraceright{}`,
		"&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`,
		"^", `\textasciicircum{}`, "~", `\textasciitilde{}`,
	).Replace(s)
}

package arxiv

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/internal/jsonerr"
	"github.com/gtrag/gtrag/internal/lineio"
	"github.com/gtrag/gtrag/text"
)

// MaxLineBytes bounds one JSON Lines record, without its line end. A real
// paper is a few KB, and ValidatePaper cuts every field far below this; a
// longer line is an invalid entry, read without being held in memory
// whole.
const MaxLineBytes = 16 << 20

// ErrNoPapers says that a file holds nothing to read: it is empty or blank.
var ErrNoPapers = errors.New("no papers in it (the file is empty)")

// PaperReader reads the papers of a file for `gtrag ingest --file`, one at a
// time, so that a file of any size is read in constant memory:
//
//   - JSON Lines: one paper per line with the arXiv field names of Paper.
//     "abstract" is read as "summary" and "comments" as "comment"; other
//     unknown fields are ignored with one note per field name. Blank lines
//     are skipped. Ids may be bare, versioned, "arXiv:"-prefixed or abs
//     URLs; authors and categories may be arrays or one comma/space
//     separated string; dates may be RFC 3339 or a plain date.
//   - a JSON array of the same objects, read item by item;
//   - an Atom feed as the API returns it (read whole: saved feeds are pages
//     of at most 2,000 entries); one cut short keeps its complete entries.
//
// The format is sniffed from the first non-blank character. Every paper
// passes ValidatePaper. A line (or item, or entry) that cannot be a paper —
// not a JSON object, a field of the wrong type, no arXiv id, invalid UTF-8,
// neither title nor abstract — is returned by Next as an *InvalidEntry
// naming its line, and reading goes on with the next one.
type PaperReader struct {
	br      *bufio.Reader
	lines   *lineio.Reader // br's lines (JSON Lines)
	line    int            // the line of the next JSON Lines record
	format  byte
	dec     *json.Decoder // JSON array
	item    int
	atom    []Paper // Atom: the papers not yet returned
	invalid []*InvalidEntry
	notes   []string // Atom: notes not yet returned
	unknown map[string]bool
	done    bool
	cut     error // see CutShort
}

// NewPaperReader sniffs the format of r. It fails when r is empty or blank
// (ErrNoPapers), is not one of the formats above, or is an Atom document
// that is not a feed or is arXiv's error feed.
func NewPaperReader(r io.Reader) (*PaperReader, error) {
	pr := &PaperReader{br: bufio.NewReaderSize(r, 64<<10), line: 1, unknown: map[string]bool{}}
	for {
		c, size, err := pr.br.ReadRune()
		if errors.Is(err, io.EOF) {
			return nil, ErrNoPapers
		}
		if err != nil {
			return nil, fmt.Errorf("read papers: %w", err)
		}
		if c == '\n' {
			pr.line++
		}
		if c == '\uFEFF' || unicode.IsSpace(c) {
			continue
		}
		if size > 0 {
			_ = pr.br.UnreadRune()
		}
		switch c {
		case '<':
			page, cut, err := parseSavedFeed(pr.br)
			if err != nil {
				return nil, fmt.Errorf("read Atom feed: %w", err)
			}
			pr.format, pr.atom, pr.invalid, pr.notes = '<', page.Papers, page.Invalid, page.Notes
			if cut != nil {
				pr.cut = cut
				pr.notes = append(pr.notes, cut.Error()+"; anything after that was cut off (only what was read is ingested)")
			}
		case '{':
			pr.format, pr.lines = '{', lineio.New(pr.br, MaxLineBytes)
		case '[':
			pr.format, pr.dec = '[', json.NewDecoder(pr.br)
			if _, err := pr.dec.Token(); err != nil {
				return nil, fmt.Errorf("read JSON array of papers: %w", err)
			}
		default:
			return nil, fmt.Errorf("line %d starts with %q: expected JSON Lines ('{'), a JSON array of papers ('[') or Atom XML ('<')", pr.line, c)
		}
		return pr, nil
	}
}

// parseSavedFeed reads a saved Atom feed whole. A feed cut short (a
// download or a copy that stopped) keeps its complete entries, as a JSON
// array keeps its complete items: when the document is not a feed, but is
// one once it ends after its last complete </entry>, those entries are the
// page, and cut says how the file ended (see CutShort). A document that is
// no feed either way is the parser's error, said of the whole file.
func parseSavedFeed(r io.Reader) (page Page, cut error, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Page{}, nil, err
	}
	page, err = ParseFeed(bytes.NewReader(data))
	if err == nil || !errors.Is(err, ErrNotFeed) {
		return page, nil, err
	}
	end := bytes.LastIndex(data, []byte("</entry>"))
	if end < 0 {
		if bytes.Contains(data, []byte("<feed")) && strings.Contains(err.Error(), "unexpected EOF") {
			return Page{}, nil, errors.New("the file ends early: the Atom feed is cut off before its first complete entry")
		}
		return Page{}, nil, err
	}
	whole := append(slices.Clip(data[:end+len("</entry>")]), "\n</feed>\n"...)
	salvaged, err2 := ParseFeed(bytes.NewReader(whole))
	if err2 != nil || salvaged.Served() == 0 {
		return Page{}, nil, err
	}
	n := salvaged.Served()
	return salvaged, fmt.Errorf("the file ends early: the Atom feed is cut off after %s", text.Plural(n, "its first entry", fmt.Sprintf("its %d complete entries", n))), nil
}

// ReadPapers reads a whole file of papers that must all be valid (test
// data, a corpus under version control): the first invalid entry is an
// error naming it, and nothing is returned, so a half-read file is never
// mistaken for a whole one. An empty file holds no papers and no error.
// It keeps every paper in memory; `ingest --file` reads with a PaperReader.
func ReadPapers(r io.Reader) ([]Paper, error) {
	pr, err := NewPaperReader(r)
	if errors.Is(err, ErrNoPapers) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var papers []Paper
	for {
		p, _, err := pr.Next()
		if errors.Is(err, io.EOF) {
			if err := pr.CutShort(); err != nil {
				return nil, err
			}
			return papers, nil
		}
		if err != nil {
			return nil, err
		}
		papers = append(papers, p)
	}
}

// Next returns the next paper and what ValidatePaper or the reader noted
// about it (fields cut, unknown field names met for the first time). At the
// end it returns io.EOF. An *InvalidEntry (test with errors.As) is an entry
// skipped: call Next again. Any other error ends the file: it cannot be
// read further (a read error, a JSON array broken in the middle: a
// *BrokenFileError). A JSON array cut short ends with io.EOF and a note,
// or an *InvalidEntry for the item cut in two (see CutShort).
func (pr *PaperReader) Next() (Paper, []string, error) {
	if pr.done {
		return Paper{}, nil, io.EOF
	}
	switch pr.format {
	case '<':
		notes := pr.notes
		pr.notes = nil
		switch {
		case len(pr.invalid) > 0:
			e := pr.invalid[0]
			pr.invalid = pr.invalid[1:]
			return Paper{}, notes, e
		case len(pr.atom) > 0:
			p := pr.atom[0]
			pr.atom = pr.atom[1:]
			return p, notes, nil
		}
		pr.done = true
		return Paper{}, notes, io.EOF
	case '[':
		return pr.nextItem()
	}
	for {
		raw, n, err := pr.lines.ReadLine()
		where := fmt.Sprintf("line %d", pr.line)
		pr.line++
		if err != nil && !errors.Is(err, io.EOF) {
			pr.done = true
			return Paper{}, nil, fmt.Errorf("read %s: %w", where, err)
		}
		if errors.Is(err, io.EOF) {
			pr.done = true
		}
		if n > MaxLineBytes {
			return Paper{}, nil, &InvalidEntry{Where: where, ID: idOf(raw), Err: fmt.Errorf("longer than %d MB", MaxLineBytes>>20)}
		}
		if text := bytes.TrimSpace(raw); len(text) > 0 {
			return pr.decode(text, where)
		}
		if pr.done {
			return Paper{}, nil, io.EOF
		}
	}
}

// nextItem is Next for a JSON array. A file cut short (a download or a
// copy that stopped, a disk that filled) keeps its complete items, as a
// JSON Lines file keeps its complete lines: the end of the file before
// the array's closing ']' ends the papers with a note (CutShort then says
// so), and an item the file ends inside is an *InvalidEntry that says
// it. Reading such a file again meets the same end, so it is no error to
// retry. Other damage (not JSON past some item, a read error) ends the
// file with an error: the decoder cannot find the next item past it.
func (pr *PaperReader) nextItem() (Paper, []string, error) {
	if !pr.dec.More() {
		pr.done = true
		_, err := pr.dec.Token() // the closing ']'
		switch {
		case errors.Is(err, io.EOF):
			// More saw the end of the file where an item or the ']'
			// should be: the file was cut between two items.
			return pr.cutBetween()
		case err != nil:
			return Paper{}, nil, pr.broken(pr.item+1, err)
		}
		return Paper{}, nil, io.EOF
	}
	pr.item++
	where := fmt.Sprintf("item %d", pr.item)
	var raw json.RawMessage
	if err := pr.dec.Decode(&raw); err != nil {
		pr.done = true
		if err == io.EOF {
			// Nothing of the item: the file ends after a comma. (This
			// io.EOF once went back to the caller wrapped, which read
			// it as the array's end and said nothing of the rest.)
			pr.item--
			return pr.cutBetween()
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			// The decoder keeps what it read of the item: enough to
			// name its id, most of the time.
			head, _ := io.ReadAll(io.LimitReader(pr.dec.Buffered(), 64<<10))
			complete := pr.item - 1
			pr.cut = fmt.Errorf("the file ends early, inside item %d of the JSON array, after %d complete %s", pr.item, complete, text.Plural(complete, "item", "items"))
			return Paper{}, nil, &InvalidEntry{Where: where, ID: idOf(head), Err: fmt.Errorf("cut short: the file ends inside it, after %d complete %s (anything after that was cut off)", complete, text.Plural(complete, "item", "items"))}
		}
		return Paper{}, nil, pr.broken(pr.item, err)
	}
	return pr.decode(raw, where)
}

// broken is the error that ends a JSON array at item: a *BrokenFileError
// for JSON that is not valid there, the read error otherwise (a read
// error may not come again).
func (pr *PaperReader) broken(item int, err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return &BrokenFileError{Item: item, Err: err}
	}
	return fmt.Errorf("read JSON array of papers: item %d: %w", item, err)
}

// cutBetween ends a JSON array whose file ends between two items (or
// before the first), with the note that says so.
func (pr *PaperReader) cutBetween() (Paper, []string, error) {
	pr.cut = fmt.Errorf("the file ends early: the JSON array has no closing ']' after %s", text.Plural(pr.item, "its first item", fmt.Sprintf("its %d complete items", pr.item)))
	if pr.item == 0 {
		pr.cut = errors.New("the file ends early: the JSON array has no closing ']' and no item")
	}
	return Paper{}, []string{pr.cut.Error() + "; anything after that was cut off (only what was read is ingested)"}, io.EOF
}

// CutShort says how a file read to its end was cut short (a JSON array
// with no closing ']', or ending inside an item), or nil for a whole file.
// Next has said so already, in a note or an *InvalidEntry; ReadPapers,
// which must not take half a file for a whole one, fails with it.
func (pr *PaperReader) CutShort() error { return pr.cut }

// BrokenFileError ends a JSON array of papers that is not valid JSON at
// item Item: reading cannot go past it, and reading the file again stops
// at the same place, so the file must be mended (or the rest of it given
// as JSON Lines, where a bad line costs only itself).
type BrokenFileError struct {
	Item int
	Err  error
}

func (e *BrokenFileError) Error() string {
	return fmt.Sprintf("read JSON array of papers: item %d: %s", e.Item, jsonerr.Describe(e.Err))
}

func (e *BrokenFileError) Unwrap() error { return e.Err }

// idFieldRe finds the id of a record that cannot be decoded, for a message.
var idFieldRe = regexp.MustCompile(`"id"\s*:\s*"([^"]{1,200})"`)

func idOf(raw []byte) string {
	if m := idFieldRe.FindSubmatch(raw); m != nil {
		return snippet(cleanField(string(m[1])), 80)
	}
	return ""
}

// Field names a JSON record may use: the arXiv names of Paper, and aliases
// met in files people have.
var (
	paperFields  = []string{"id", "title", "summary", "authors", "published", "updated", "primary_category", "categories", "doi", "journal_ref", "comment", "abs_url", "pdf_url"}
	fieldAliases = map[string]string{"abstract": "summary", "comments": "comment"}
)

// decode turns one JSON record into a paper, or an *InvalidEntry.
func (pr *PaperReader) decode(data []byte, where string) (Paper, []string, error) {
	invalid := func(err error) (Paper, []string, error) {
		return Paper{}, nil, &InvalidEntry{Where: where, ID: idOf(data), Err: err}
	}
	if !utf8.Valid(data) {
		return invalid(errInvalidUTF8)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		var syn *json.SyntaxError
		if pr.format == '{' && errors.As(err, &syn) && bytes.Equal(bytes.TrimSpace(data), []byte("{")) {
			// `papers show --json` and jq write one object over many
			// lines: "{" alone on line 1 was "not a JSON object (not valid
			// JSON: unexpected end of JSON input)", though it opens one.
			return invalid(&notObjectError{"a JSON object that goes on past its line: JSON Lines hold one paper a line (`jq -c .` writes them so), or give a JSON array of papers", err})
		}
		return invalid(notAnObject(err))
	}
	var notes []string
	for name, raw := range fields {
		if canon, ok := fieldAliases[name]; ok {
			if _, both := fields[canon]; !both {
				fields[canon] = raw
			}
			delete(fields, name)
			continue
		}
		if !slices.Contains(paperFields, name) {
			delete(fields, name)
			if !pr.unknown[name] {
				pr.unknown[name] = true
				notes = append(notes, fmt.Sprintf("%s: unknown field %q ignored (fields read: %s; aliases: abstract, comments)", where, snippet(name, 40), strings.Join(paperFields, ", ")))
			}
		}
	}
	slices.Sort(notes)
	p, err := decodePaper(fields)
	if err != nil {
		return invalid(err)
	}
	p, cut, err := ValidatePaper(p)
	if err != nil {
		return invalid(err)
	}
	return p, append(notes, cut...), nil
}

// notAnObject says in words why a record that should be a paper is not a
// JSON object: it is a JSON array, string, number or boolean, null (err
// nil), or no JSON at all. encoding/json says it in Go's words, for Go's
// types ("json: cannot unmarshal array into Go value of type
// map[string]json.RawMessage"). The JSON error stays in the chain.
func notAnObject(err error) error {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case err == nil:
		return errors.New("not a JSON object (null)")
	case errors.As(err, &typ):
		return &notObjectError{fmt.Sprintf("not a JSON object (a JSON %s)", typ.Value), err}
	case errors.As(err, &syn):
		return &notObjectError{fmt.Sprintf("not a JSON object (not valid JSON: %s)", jsonerr.Describe(syn)), err}
	}
	return &notObjectError{"not a JSON object", err}
}

// notObjectError is notAnObject's words, with the JSON error under them.
type notObjectError struct {
	msg string
	err error
}

func (e *notObjectError) Error() string { return e.msg }
func (e *notObjectError) Unwrap() error { return e.err }

// decodePaper reads the fields of a record into a Paper, not yet validated.
func decodePaper(f map[string]json.RawMessage) (Paper, error) {
	var p Paper
	var err error
	for name, dst := range map[string]*string{
		"id": &p.ID, "title": &p.Title, "summary": &p.Summary, "primary_category": &p.PrimaryCategory,
		"doi": &p.DOI, "journal_ref": &p.JournalRef, "comment": &p.Comment, "abs_url": &p.AbsURL, "pdf_url": &p.PDFURL,
	} {
		if raw, ok := f[name]; ok && !isNull(raw) {
			if err := json.Unmarshal(raw, dst); err != nil {
				return Paper{}, fmt.Errorf("%q: want a string", name)
			}
		}
	}
	if p.Authors, err = decodeNames(f["authors"]); err != nil {
		return Paper{}, fmt.Errorf(`"authors": %w`, err)
	}
	if p.Categories, err = decodeCategories(f["categories"]); err != nil {
		return Paper{}, fmt.Errorf(`"categories": %w`, err)
	}
	if p.Published, err = decodeTime(f["published"]); err != nil {
		return Paper{}, fmt.Errorf(`"published": %w`, err)
	}
	if p.Updated, err = decodeTime(f["updated"]); err != nil {
		return Paper{}, fmt.Errorf(`"updated": %w`, err)
	}
	return p, nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// decodeNames accepts ["A", "B"], [{"name": "A"}, …] or "A, B and C".
func decodeNames(raw json.RawMessage) ([]string, error) {
	if isNull(raw) {
		return nil, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		one = strings.ReplaceAll(one, " and ", ", ")
		return cleanList(strings.Split(one, ",")), nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, errors.New("want a list of names or a string")
	}
	var names []string
	for _, it := range items {
		var s string
		if err := json.Unmarshal(it, &s); err == nil {
			names = append(names, s)
			continue
		}
		var obj struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(it, &obj); err != nil {
			return nil, errors.New(`want names as strings or {"name": …} objects`)
		}
		names = append(names, obj.Name)
	}
	return cleanList(names), nil
}

// decodeCategories accepts ["cs.GT", "econ.TH"] or "cs.GT econ.TH".
func decodeCategories(raw json.RawMessage) ([]string, error) {
	if isNull(raw) {
		return nil, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return cleanList(strings.FieldsFunc(one, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })), nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, errors.New("want a list of strings or a string")
	}
	return cleanList(list), nil
}

// cleanList normalises spaces and drops empty entries and duplicates.
func cleanList(in []string) []string {
	var out []string
	seen := make(map[string]bool, len(in))
	for _, s := range in {
		if s = cleanField(s); s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}

func decodeTime(raw json.RawMessage) (time.Time, error) {
	if isNull(raw) {
		return time.Time{}, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return time.Time{}, errors.New("want a date string")
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not an RFC 3339 time or a YYYY-MM-DD date", s)
}

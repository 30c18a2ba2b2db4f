package arxiv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mmcdole/gofeed/atom"
	ext "github.com/mmcdole/gofeed/extensions"
)

// Namespaces of the extension elements arXiv adds to Atom. gofeed files an
// extension under the prefix the document declared for its namespace (or
// under the URI itself when it is the default namespace), so the parser looks
// elements up by namespace meaning, never by one spelling of the prefix.
const (
	arxivNS      = "http://arxiv.org/schemas/atom"
	opensearchNS = "http://a9.com/-/spec/opensearch/1.1/"
)

// ErrNotFeed is wrapped by every error that says a document is not an Atom
// feed: truncated XML, an HTML error page, an empty body, RSS. Test with
// errors.Is.
var ErrNotFeed = errors.New("not an Atom feed")

// notFeedError says why a document is not a feed; the client reuses the
// detail in its own message instead of repeating "not an Atom feed".
type notFeedError struct{ detail string }

func (e *notFeedError) Error() string        { return "not an Atom feed: " + e.detail }
func (e *notFeedError) Is(target error) bool { return target == ErrNotFeed }

func notFeed(format string, args ...any) error {
	return &notFeedError{detail: fmt.Sprintf(format, args...)}
}

// Page is one page of results. Total is arXiv's opensearch:totalResults: the
// number of results of the whole query, not of this page.
type Page struct {
	Papers  []Paper
	Total   int
	Start   int
	PerPage int
	// Invalid are the entries that could not be read as papers (see
	// InvalidEntry), in feed order; the page's other entries are in Papers.
	// They count as results served: the next page starts after them.
	Invalid []*InvalidEntry
	// Notes say what ValidatePaper cut to fit (a 1 MB title), one line each.
	Notes []string
}

// Served is the number of results the page holds, papers and invalid
// entries: how far the next page's start moves.
func (p Page) Served() int { return len(p.Papers) + len(p.Invalid) }

// EmptyQuirk reports a known arXiv fault: a page with no entries although
// opensearch:totalResults says that entries exist from Start on. Asking for
// the same page again usually succeeds; Search already does so within its
// retry budget, so a page that still has this quirk is one the client gave
// up on. A page of invalid entries only is not empty: asking again would
// get the same entries.
func (p Page) EmptyQuirk() bool {
	return p.Served() == 0 && p.Total > p.Start
}

// ParseFeed reads one Atom document as returned by the arXiv API, in either
// the classic or the newer layout. An arXiv error feed becomes an *APIError
// (Status 0: ParseFeed does not know the HTTP status); a document that is not
// an Atom feed gives an error wrapping ErrNotFeed.
//
// Entries are judged one by one: an entry that cannot be a paper (no arXiv
// id, bytes that are not UTF-8 or that XML forbids, neither title nor
// abstract) goes to Page.Invalid and the others are read; every paper
// passes ValidatePaper, whose cuts are listed in Page.Notes.
func ParseFeed(r io.Reader) (Page, error) {
	feed, damaged, err := parseAtom(r)
	if err != nil {
		return Page{}, err
	}
	return pageFromFeed(feed, damaged)
}

// parseAtom runs gofeed's Atom parser. Parsing is guarded against panics
// because the input may come from anywhere (ingest --file, a misbehaving
// proxy), and a parser bug must become an error, not a crash.
//
// Entries holding bytes the XML parser would reject the whole document for
// are cut out first and returned as damaged, with their entry numbers.
func parseAtom(r io.Reader) (feed *atom.Feed, damaged []*InvalidEntry, err error) {
	defer func() {
		if p := recover(); p != nil {
			feed, damaged, err = nil, nil, notFeed("the parser failed: %v", p)
		}
	}()
	// gofeed reports a missing <feed> root with an unhelpful message; reading
	// the body first lets us tell "empty" and "HTML page" apart for the user.
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("read feed: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil, notFeed("the document is empty")
	}
	if looksLikeHTML(data) {
		return nil, nil, notFeed("it is an HTML page (%s)", snippet(htmlTitle(data), 80))
	}
	data, damaged = dropDamagedEntries(data)
	var p atom.Parser
	feed, err = p.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, nil, notFeed("%v", err)
	}
	return feed, damaged, nil
}

func pageFromFeed(feed *atom.Feed, damaged []*InvalidEntry) (Page, error) {
	if msg, ok := errorFeed(feed); ok && len(damaged) == 0 {
		return Page{}, &APIError{Message: msg}
	}
	page := Page{Papers: make([]Paper, 0, len(feed.Entries))}
	// Entries are numbered as the document has them, damaged ones included.
	number := entryNumbers(len(feed.Entries), damaged)
	for i, e := range feed.Entries {
		if strings.TrimSpace(e.ID) == "" && strings.TrimSpace(e.Title) == "" {
			// arXiv has answered unknown ids with a blank entry; it is no paper.
			continue
		}
		p, notes, err := paperFromEntry(e)
		if err != nil {
			page.Invalid = append(page.Invalid, &InvalidEntry{Where: fmt.Sprintf("entry %d", number[i]), ID: snippet(cleanField(e.ID), 80), Err: err})
			continue
		}
		page.Papers = append(page.Papers, p)
		page.Notes = append(page.Notes, notes...)
	}
	page.Invalid = append(page.Invalid, damaged...)
	slices.SortStableFunc(page.Invalid, func(a, b *InvalidEntry) int { return entryIndex(a) - entryIndex(b) })
	var okTotal, okStart, okPer bool
	page.Total, okTotal = extInt(feed.Extensions, opensearchNS, "opensearch", "totalResults")
	page.Start, okStart = extInt(feed.Extensions, opensearchNS, "opensearch", "startIndex")
	page.PerPage, okPer = extInt(feed.Extensions, opensearchNS, "opensearch", "itemsPerPage")
	// A feed saved by another tool may lack the opensearch totals; the page
	// then describes itself and no more.
	if !okStart {
		page.Start = 0
	}
	if !okTotal {
		page.Total = page.Start + len(page.Papers)
	}
	if !okPer {
		page.PerPage = len(page.Papers)
	}
	return page, nil
}

// errorFeed recognises arXiv's error answer: a feed with a single entry that
// is not a paper. The classic layout titles it "Error"; the newer layout uses
// other titles, so the entry id (".../api/errors#...") is the main signal.
func errorFeed(feed *atom.Feed) (string, bool) {
	if len(feed.Entries) != 1 {
		return "", false
	}
	e := feed.Entries[0]
	_, idErr := ParseID(e.ID)
	isErr := strings.Contains(e.ID, "/api/errors") ||
		(idErr != nil && strings.EqualFold(strings.TrimSpace(e.Title), "error"))
	if !isErr {
		return "", false
	}
	msg := cleanField(e.Summary)
	if msg == "" {
		msg = cleanField(e.Title)
	}
	if msg == "" {
		msg = "unspecified error"
	}
	return msg, true
}

// paperFromEntry reads an entry and passes it through ValidatePaper.
func paperFromEntry(e *atom.Entry) (Paper, []string, error) {
	id, err := ParseID(e.ID)
	if err != nil {
		return Paper{}, nil, err
	}
	p := Paper{
		ID:         id,
		Title:      e.Title,
		Summary:    e.Summary,
		DOI:        extText(e.Extensions, arxivNS, "arxiv", "doi"),
		JournalRef: extText(e.Extensions, arxivNS, "arxiv", "journal_ref"),
		Comment:    extText(e.Extensions, arxivNS, "arxiv", "comment"),
	}
	if e.PublishedParsed != nil {
		p.Published = e.PublishedParsed.UTC()
	}
	if e.UpdatedParsed != nil {
		p.Updated = e.UpdatedParsed.UTC()
	}
	for _, a := range e.Authors {
		if a == nil {
			continue
		}
		p.Authors = append(p.Authors, a.Name)
	}
	for _, c := range e.Categories {
		if c == nil {
			continue
		}
		p.Categories = append(p.Categories, c.Term)
	}
	if pc, ok := extFirst(e.Extensions, arxivNS, "arxiv", "primary_category"); ok {
		p.PrimaryCategory = pc.Attrs["term"]
	}
	for _, l := range e.Links {
		if l == nil {
			continue
		}
		href := cleanField(l.Href)
		switch {
		case href == "":
		case strings.EqualFold(l.Title, "pdf") || strings.EqualFold(l.Type, "application/pdf"):
			if p.PDFURL == "" {
				p.PDFURL = href
			}
		case l.Rel == "alternate" && p.AbsURL == "":
			p.AbsURL = href
		}
	}
	// The manual's old examples give entry ids without a version while the
	// abs link carries it; prefer the versioned form, ids keep their version.
	if _, v := SplitVersion(p.ID); v == 0 && p.AbsURL != "" {
		if linkID, err := ParseID(p.AbsURL); err == nil && BaseID(linkID) == p.ID {
			p.ID = linkID
		}
	}
	return ValidatePaper(p)
}

// completePaper fills in what arXiv always sends but an entry or a file may
// leave out, the same way for both: the primary category is one of the
// categories (the first when it was not given), and the links default to
// the id's abstract page and PDF.
func completePaper(p *Paper) {
	switch {
	case p.PrimaryCategory == "" && len(p.Categories) > 0:
		p.PrimaryCategory = p.Categories[0]
	case p.PrimaryCategory != "" && !slices.Contains(p.Categories, p.PrimaryCategory):
		p.Categories = append([]string{p.PrimaryCategory}, p.Categories...)
	}
	if p.AbsURL == "" {
		p.AbsURL = AbsURLFor(p.ID)
	}
	if p.PDFURL == "" {
		p.PDFURL = PDFURLFor(p.ID)
	}
}

// PDFURLFor is the PDF of an id; old-style ids keep their slash.
func PDFURLFor(id string) string { return "http://arxiv.org/pdf/" + id }

// extFirst finds an extension element by namespace: first under the prefixes
// gofeed may have used for it (the conventional prefix, the URI), then under
// any prefix at all, because a document may bind the namespace to another
// prefix and elements names like "doi" are specific enough within one feed.
func extFirst(exts ext.Extensions, ns, prefix, name string) (ext.Extension, bool) {
	for _, key := range []string{prefix, ns} {
		if es := exts[key][name]; len(es) > 0 {
			return es[0], true
		}
	}
	keys := make([]string, 0, len(exts))
	for k := range exts {
		keys = append(keys, k)
	}
	slices.Sort(keys) // map order is random; results must not be
	for _, k := range keys {
		if k == "atom" || k == "atom03" {
			continue
		}
		if es := exts[k][name]; len(es) > 0 {
			return es[0], true
		}
	}
	return ext.Extension{}, false
}

func extText(exts ext.Extensions, ns, prefix, name string) string {
	e, _ := extFirst(exts, ns, prefix, name)
	return e.Value
}

func extInt(exts ext.Extensions, ns, prefix, name string) (int, bool) {
	e, ok := extFirst(exts, ns, prefix, name)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(e.Value))
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// cleanField makes text from outside fit to store and show: invalid UTF-8
// and characters XML cannot carry become U+FFFD, control characters become
// spaces, and whitespace is normalised.
func cleanField(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\uFFFE' || r == '\uFFFF':
			return '\uFFFD'
		case unicode.IsControl(r):
			return ' '
		}
		return r
	}, s)
	return normalizeSpace(s)
}

// normalizeSpace collapses every whitespace run (the API wraps titles with a
// newline and two spaces and indents abstracts) to one space and trims.
func normalizeSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func looksLikeHTML(data []byte) bool {
	head := data
	if len(head) > 512 {
		head = head[:512]
	}
	head = asciiLower(bytes.TrimSpace(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) ||
		(bytes.Contains(head, []byte("<html")) && !bytes.Contains(head, []byte("<feed")))
}

// asciiLower lower-cases ASCII letters only; unlike bytes.ToLower it keeps
// every byte where it was.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

func htmlTitle(data []byte) string {
	lower := asciiLower(data) // same length as data, so indexes carry over
	i := bytes.Index(lower, []byte("<title>"))
	if i < 0 {
		return "no title"
	}
	rest := data[i+len("<title>"):]
	j := bytes.Index(lower[i+len("<title>"):], []byte("</title>"))
	if j < 0 {
		return "no title"
	}
	t := normalizeSpace(string(rest[:j]))
	if t == "" {
		return "no title"
	}
	return strconv.Quote(t)
}

func snippet(s string, n int) string {
	s = strings.ToValidUTF8(normalizeSpace(s), "?")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

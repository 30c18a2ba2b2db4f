package arxiv

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gtrag/gtrag/text"
)

// Caps on the fields of a paper read from outside (an API feed, a file).
// arXiv's own limits are far lower — titles run to a few hundred
// characters and abstracts to about 1,920 — so a real paper never meets
// them; they exist because one hostile or broken entry with a 1 MB title
// otherwise becomes a thousand chunks, a gigabyte of store and gigabytes of
// memory. A field above its cap is cut at the last space before it (or at
// the cap inside a long word), marked with "…", and the cut is reported as
// a notice naming the paper; the paper is kept. The caps count runes, not
// bytes, so that no alphabet is penalised.
const (
	// MaxTitleRunes caps a title: about four times arXiv's longest.
	MaxTitleRunes = 1000
	// MaxSummaryRunes caps an abstract: about five times arXiv's limit.
	MaxSummaryRunes = 10_000
	// MaxAuthors caps the author list; the rest is replaced by one
	// "et al. (N more)" entry. Large collaborations list thousands of
	// names, none of which help an answer.
	MaxAuthors = 100
	// MaxNameRunes caps one author's name.
	MaxNameRunes = 200
	// MaxCommentRunes caps the author's comment (pages, venue, errata).
	MaxCommentRunes = 1000
	// MaxShortFieldRunes caps the short fields: DOI, journal reference,
	// a category, a link.
	MaxShortFieldRunes = 300
	// MaxCategories caps the category list.
	MaxCategories = 30
)

// InvalidEntry is an entry of a feed or a line of a file that cannot be a
// paper: no arXiv id, invalid UTF-8, neither title nor abstract, a field of
// the wrong type. Readers skip it and go on with the next entry, so that
// one bad entry never costs the others (nor, for a page fetched again and
// again, every later run).
type InvalidEntry struct {
	// Where is "entry 3" (of a feed) or "line 12" (of a file).
	Where string
	// ID is the entry's id as written, cleaned and shortened for a message;
	// "" when it had none.
	ID  string
	Err error
}

func (e *InvalidEntry) Error() string {
	if e.ID == "" {
		return fmt.Sprintf("%s: %v", e.Where, e.Err)
	}
	return fmt.Sprintf("%s (%s): %v", e.Where, e.ID, e.Err)
}

func (e *InvalidEntry) Unwrap() error { return e.Err }

// errInvalidUTF8 is the reason for an entry whose bytes are not UTF-8.
var errInvalidUTF8 = errors.New("invalid UTF-8 (the entry is damaged or in another encoding)")

// ValidatePaper checks a paper read from outside and makes it fit to store.
// It returns an error when the paper cannot be kept: the id is not an arXiv
// id, a field is not valid UTF-8, or it has neither title nor abstract.
// Otherwise it returns the paper with its id in bare form, every field
// cleaned (control characters out, whitespace collapsed), the caps above
// applied, the primary category among the categories and the links filled
// in; notes says what was cut, one line each, naming the paper.
//
// ValidatePaper is idempotent: a paper it returned passes again unchanged
// and without notes.
func ValidatePaper(p Paper) (out Paper, notes []string, err error) {
	for name, s := range map[string]string{
		"id": p.ID, "title": p.Title, "summary": p.Summary, "comment": p.Comment, "doi": p.DOI,
		"journal_ref": p.JournalRef, "primary_category": p.PrimaryCategory, "abs_url": p.AbsURL, "pdf_url": p.PDFURL,
	} {
		if !utf8.ValidString(s) {
			return Paper{}, nil, fmt.Errorf("%s: %w", name, errInvalidUTF8)
		}
	}
	for _, list := range [][]string{p.Authors, p.Categories} {
		for _, s := range list {
			if !utf8.ValidString(s) {
				return Paper{}, nil, errInvalidUTF8
			}
		}
	}
	if strings.TrimSpace(p.ID) == "" {
		return Paper{}, nil, errors.New(`no "id"`)
	}
	id, err := ParseID(p.ID)
	if err != nil {
		return Paper{}, nil, err
	}
	out = p
	out.ID = id
	note := func(field string, from, to int, unit string) {
		notes = append(notes, fmt.Sprintf("paper %s: %s cut from %d to %d %s", id, field, from, to, unit))
	}
	capField := func(field string, s string, limit int) string {
		s = cleanField(s)
		if n := utf8.RuneCountInString(s); n > limit {
			s = truncateRunes(s, limit)
			note(field, n, limit, "characters")
		}
		return s
	}
	out.Title = capField("title", p.Title, MaxTitleRunes)
	out.Summary = capField("abstract", p.Summary, MaxSummaryRunes)
	if out.Title == "" && out.Summary == "" {
		return Paper{}, nil, errors.New("neither title nor abstract")
	}
	out.Comment = capField("comment", p.Comment, MaxCommentRunes)
	out.DOI = capField("doi", p.DOI, MaxShortFieldRunes)
	out.JournalRef = capField("journal_ref", p.JournalRef, MaxShortFieldRunes)
	out.PrimaryCategory = capField("primary_category", p.PrimaryCategory, MaxShortFieldRunes)
	out.AbsURL = capField("abs_url", p.AbsURL, MaxShortFieldRunes)
	out.PDFURL = capField("pdf_url", p.PDFURL, MaxShortFieldRunes)

	out.Authors = nil
	longNames := 0
	for _, a := range cleanList(p.Authors) {
		if utf8.RuneCountInString(a) > MaxNameRunes {
			a = truncateRunes(a, MaxNameRunes)
			longNames++
		}
		out.Authors = append(out.Authors, a)
	}
	// Names cut to the same prefix are one name now, as cleanList would
	// make them on the next pass: validating twice must change nothing.
	out.Authors = cleanList(out.Authors)
	if longNames > 0 {
		notes = append(notes, fmt.Sprintf("paper %s: %d author %s cut to %d characters", id, longNames, text.Plural(longNames, "name", "names"), MaxNameRunes))
	}
	if n := len(out.Authors); n > MaxAuthors {
		// A list cut before has exactly MaxAuthors entries, so it is not cut
		// again: validating twice changes nothing.
		more := n - (MaxAuthors - 1)
		out.Authors = append(out.Authors[:MaxAuthors-1:MaxAuthors-1], etAl(more))
		// 99 names and the et al. entry: "cut to 100 names" counted it.
		notes = append(notes, fmt.Sprintf("paper %s: author list cut from %d to %d names and %q", id, n, MaxAuthors-1, etAl(more)))
	}

	out.Categories = nil
	for _, c := range cleanList(p.Categories) {
		out.Categories = append(out.Categories, truncateRunes(c, MaxShortFieldRunes))
	}
	out.Categories = cleanList(out.Categories)
	if n := len(out.Categories); n > MaxCategories {
		out.Categories = out.Categories[:MaxCategories]
		note("category list", n, MaxCategories, "categories")
	}
	completePaper(&out)
	if len(out.Categories) > MaxCategories {
		// completePaper put the primary category in front.
		out.Categories = out.Categories[:MaxCategories]
	}
	return out, notes, nil
}

// etAl is the entry that stands for the names cut from an author list.
func etAl(more int) string { return fmt.Sprintf("et al. (%d more)", more) }

// isEtAl reports whether the last name of a list of n is the mark etAl
// leaves, so that a list cut once is not cut again.
func isEtAl(last string, n int) bool {
	return n == MaxAuthors && strings.HasPrefix(last, "et al. (")
}

// CutAuthors reports whether the last of authors is the entry that stands
// for names cut from the list ("et al. (21 more)"), which is no author's
// name: BibTeX writes it "others".
func CutAuthors(authors []string) bool {
	return len(authors) > 0 && isEtAl(authors[len(authors)-1], len(authors))
}

// truncateRunes cuts s to at most limit runes, "…" included, at the last
// space in its final fifth if there is one, so that a word is not split.
func truncateRunes(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)[:limit-1]
	cut := len(r)
	for i := len(r) - 1; i >= len(r)*4/5; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return strings.TrimRight(string(r[:cut]), " ") + "…"
}

package chunker

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
)

// DefaultSize is the chunk size, in runes, when Options.Size is zero. 1000
// runes of an English abstract is roughly 150–200 words: small enough for a
// focused embedding, large enough that a typical abstract makes one or two
// chunks.
const DefaultSize = 1000

// DefaultOverlap is the most runes a chunk shares with the one before it
// when Options is zero (Size/5 of DefaultSize). Readers that put chunks
// back together bound the repeat they look for by it.
const DefaultOverlap = DefaultSize / 5

// NoOverlap asks for chunks that share nothing. It exists because a zero
// Overlap means "use the default".
const NoOverlap = -1

// Options sets chunk sizes, counted in runes (Unicode code points), not
// bytes, so that a CJK or accented abstract gets as much text per chunk as an
// ASCII one.
//
// The zero value works: Size 0 means DefaultSize, Overlap 0 means Size/5 (200
// for the default size), and NoOverlap (any negative Overlap) turns overlap
// off. Split never fails on bad options: a negative Size is treated as 0 and
// an Overlap that is not smaller than Size as 0; Validate reports both.
type Options struct {
	Size    int
	Overlap int
}

// Validate reports options that Split would have to correct. Callers that take
// sizes from users (flags, config) should call it and reject bad input.
func (o Options) Validate() error {
	if o.Size < 0 {
		return fmt.Errorf("chunk size %d: must be positive (0 means the default %d)", o.Size, DefaultSize)
	}
	n := o.normalized()
	if o.Overlap > 0 && o.Overlap >= n.Size {
		return fmt.Errorf("chunk overlap %d: must be smaller than the chunk size %d", o.Overlap, n.Size)
	}
	return nil
}

// normalized applies the defaults and repairs what Validate rejects, so Split
// always makes progress.
func (o Options) normalized() Options {
	if o.Size <= 0 {
		o.Size = DefaultSize
	}
	switch {
	case o.Overlap < 0:
		o.Overlap = 0
	case o.Overlap == 0 || o.Overlap >= o.Size:
		o.Overlap = o.Size / 5
	}
	return o
}

// Chunk is one piece of a paper, ready to embed and store (vectordb.Documents
// turns chunks into documents).
type Chunk struct {
	// ID is "<paper_id>_chunk_<index>"; old-style ids keep their slash
	// ("cs/0112004v1_chunk_0").
	ID    string
	Index int
	Text  string
	// Metadata has the keys paper_id, title, authors, published,
	// categories, abs_url, pdf_url and chunk_index, and those of updated,
	// doi, journal_ref and comment that the paper has (a key is left out
	// rather than stored empty). Each chunk owns its map.
	Metadata map[string]string
}

// Metadata keys, shared by every chunk. KeyPublished and KeyUpdated hold
// RFC 3339 times in UTC (TimeLayout); a store written before gtrag kept the
// time holds published as a date (YYYY-MM-DD), and no updated, doi,
// journal_ref or comment: readers take both forms (ParseTime).
const (
	KeyPaperID = "paper_id"
	KeyTitle   = "title"
	KeyAuthors = "authors" // the names joined with ", "
	// KeyAuthorList is the names as a JSON array, stored only when one of
	// them holds a comma ("O'Brien, Jr."), which KeyAuthors cannot carry:
	// readers take it over KeyAuthors when it is there.
	KeyAuthorList = "author_list"
	KeyPublished  = "published"
	KeyUpdated    = "updated"
	KeyCategories = "categories"
	KeyDOI        = "doi"
	KeyJournalRef = "journal_ref"
	KeyComment    = "comment"
	KeyAbsURL     = "abs_url"
	KeyPDFURL     = "pdf_url"
	KeyChunkIndex = "chunk_index"
	// KeyMidSentence is "true" on a chunk that starts inside a sentence
	// (the overlap held no sentence start that shared enough of it), and
	// absent otherwise: its first words are the end of a sentence, not
	// one ("Papadimitriou in 1994, captures search problems …"). Chunks
	// stored before gtrag marked it have no such key.
	KeyMidSentence = "starts_mid_sentence"
)

// TimeLayout is how the published and updated metadata hold a time:
// RFC 3339 in UTC, with fractions of a second only when there are any
// (time.Time's own JSON form, so that an export writes back what was
// read).
const TimeLayout = time.RFC3339Nano

// ParseTime reads a published or updated value: a TimeLayout time, or the
// date that stores written before gtrag kept the time hold. "" and
// anything else are the zero time.
func ParseTime(s string) time.Time {
	for _, layout := range []string{TimeLayout, "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

// formatTime is t as the metadata holds it, "" for the zero time.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(TimeLayout)
}

// idSep joins a paper's id and a chunk's index in the chunk's id.
const idSep = "_chunk_"

// IndexOf is the index of the chunk whose id is id ("<paper_id>_chunk_<i>"),
// and false for an id the chunker did not make ("primer:nash-equilibrium").
func IndexOf(id string) (int, bool) {
	i := strings.LastIndex(id, idSep)
	if i < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(id[i+len(idSep):])
	return n, err == nil && n >= 0
}

// Split turns a paper into chunks of "Title: <title>\n\nAbstract: <summary>".
// Runs of whitespace in the title and abstract are collapsed to one space
// first. A paper with neither title nor abstract has no chunks.
func Split(p arxiv.Paper, opt Options) []Chunk {
	title, text := paperText(p)
	spans := split(text, opt.normalized())
	if len(spans) == 0 {
		return nil
	}
	md := metadata(p, title)
	chunks := make([]Chunk, len(spans))
	for i, s := range spans {
		idx := strconv.Itoa(i)
		chunks[i] = Chunk{
			ID:       p.ID + idSep + idx,
			Index:    i,
			Text:     text[s.startByte:s.endByte],
			Metadata: md.forChunk(idx),
		}
		if s.midSentence {
			chunks[i].Metadata[KeyMidSentence] = "true"
		}
	}
	return chunks
}

// MaxTitleRunes and MaxSummaryRunes cap what Split takes of a paper's title
// and abstract. arXiv itself keeps titles to a few hundred characters and
// abstracts to 1,920, so the caps are generous and real papers never reach
// them; a hostile or broken input (a 1 MB title made 1,249 chunks and a
// 1.2 GB store) is cut at the last word end before the cap and marked with
// "…", in the chunk text and in the title metadata alike. Callers that want
// to tell the user (ingest does) compare against the same constants.
const (
	MaxTitleRunes   = 1_000
	MaxSummaryRunes = 10_000
)

// paperText builds the text that is chunked, and returns the cleaned title for
// the metadata. The labels help embedders and LLMs tell a title from prose.
func paperText(p arxiv.Paper) (title, text string) {
	title = capRunes(clean(p.Title), MaxTitleRunes)
	summary := capRunes(clean(p.Summary), MaxSummaryRunes)
	switch {
	case title == "" && summary == "":
		return "", ""
	case summary == "":
		return title, "Title: " + title
	case title == "":
		return "", "Abstract: " + summary
	default:
		return title, "Title: " + title + "\n\nAbstract: " + summary
	}
}

// capRunes cuts s (cleaned: single spaces) to at most max runes, at the
// last space before the cap when there is one in its second half, and
// marks the cut with "…" (which counts towards max).
func capRunes(s string, max int) string {
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			cut := s[:i]
			if j := strings.LastIndexByte(cut, ' '); j >= len(cut)/2 {
				cut = cut[:j]
			}
			return cut + "…"
		}
		n++
	}
	return s
}

// clean collapses whitespace and replaces invalid UTF-8, so chunk texts are
// always valid UTF-8 and never start or end with a space.
func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if isClean(s) {
		return s // the arXiv client already normalises; don't copy
	}
	return strings.Join(strings.Fields(s), " ")
}

// isClean reports whether s has no white space but single inner ASCII spaces.
func isClean(s string) bool {
	prevSpace := true // so a leading space fails
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			if r, _ := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
				return false
			}
			prevSpace = false
		case c == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		case c >= '\t' && c <= '\r':
			return false
		default:
			prevSpace = false
		}
	}
	return !prevSpace || s == ""
}

// paperMetadata holds the values every chunk of a paper shares.
type paperMetadata struct {
	paperID, title, authors, published, categories, absURL, pdfURL string
	// optional are the entries stored only when the paper has them.
	optional map[string]string
}

func metadata(p arxiv.Paper, title string) paperMetadata {
	absURL := p.AbsURL
	if absURL == "" {
		// Primer entries ("primer:nash-equilibrium") have no abstract page.
		if id, err := arxiv.ParseID(p.ID); err == nil {
			absURL = arxiv.AbsURLFor(id)
		}
	}
	optional := map[string]string{}
	for k, v := range map[string]string{
		// arxiv.ValidatePaper has cut these already; the caps hold for a
		// paper that did not pass it, as those of the title and abstract.
		KeyUpdated:    formatTime(p.Updated),
		KeyDOI:        capRunes(clean(p.DOI), arxiv.MaxShortFieldRunes),
		KeyJournalRef: capRunes(clean(p.JournalRef), arxiv.MaxShortFieldRunes),
		KeyComment:    capRunes(clean(p.Comment), arxiv.MaxCommentRunes),
	} {
		if v != "" {
			optional[k] = v
		}
	}
	if slices.ContainsFunc(p.Authors, func(name string) bool { return strings.Contains(name, ",") }) {
		list, _ := json.Marshal(p.Authors) // strings always encode
		optional[KeyAuthorList] = string(list)
	}
	return paperMetadata{
		paperID:    p.ID,
		title:      title,
		authors:    strings.Join(p.Authors, ", "),
		published:  formatTime(p.Published),
		categories: strings.Join(primaryFirst(p.PrimaryCategory, p.Categories), ","),
		absURL:     absURL,
		pdfURL:     p.PDFURL,
		optional:   optional,
	}
}

// primaryFirst is the categories with primary first, where readers of
// KeyCategories find the primary category: arXiv's feed lists it first, but
// a paper from a file (ingest --file) need not.
func primaryFirst(primary string, categories []string) []string {
	if primary == "" || slices.Index(categories, primary) == 0 {
		return categories
	}
	out := append(make([]string, 0, len(categories)+1), primary)
	for _, c := range categories {
		if c != primary {
			out = append(out, c)
		}
	}
	return out
}

// forChunk builds a chunk's own map, so callers may change one chunk's
// metadata without touching the others.
func (m paperMetadata) forChunk(index string) map[string]string {
	md := make(map[string]string, 8+len(m.optional))
	md[KeyPaperID] = m.paperID
	md[KeyTitle] = m.title
	md[KeyAuthors] = m.authors
	md[KeyPublished] = m.published
	md[KeyCategories] = m.categories
	md[KeyAbsURL] = m.absURL
	md[KeyPDFURL] = m.pdfURL
	md[KeyChunkIndex] = index
	maps.Copy(md, m.optional)
	return md
}

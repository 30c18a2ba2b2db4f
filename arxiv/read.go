package arxiv

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"
)

// maxLine bounds one JSON Lines record; a real paper is a few KB, so a
// longer line is a wrong file, not a paper.
const maxLine = 16 << 20

// ReadPapers reads papers from a file for `gtrag ingest --file`: JSON Lines
// (one paper per line with the arXiv field names of Paper; unknown fields
// are ignored, blank lines skipped) or an Atom feed as the API returns it.
// The format is sniffed from the first non-blank character: '<' is Atom,
// '{' is JSON Lines, '[' a JSON array of the same objects.
//
// In JSON, ids may be bare, versioned, "arXiv:"-prefixed or abs URLs;
// authors and categories may be arrays or one comma/space separated string;
// dates may be RFC 3339 or a plain date. A bad record is an error naming its
// line (or array item), and nothing is returned, so a half-read file is
// never mistaken for a whole one.
func ReadPapers(r io.Reader) ([]Paper, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	line := 1
	for {
		c, size, err := br.ReadRune()
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read papers: %w", err)
		}
		if c == '\n' {
			line++
		}
		if c == '\uFEFF' || unicode.IsSpace(c) {
			continue
		}
		if size > 0 {
			_ = br.UnreadRune()
		}
		switch c {
		case '<':
			page, err := ParseFeed(br)
			if err != nil {
				return nil, fmt.Errorf("read Atom feed: %w", err)
			}
			return page.Papers, nil
		case '{':
			return readJSONLines(br, line)
		case '[':
			return readJSONArray(br)
		default:
			return nil, fmt.Errorf("read papers: line %d starts with %q: expected JSON Lines ('{') or Atom XML ('<')", line, c)
		}
	}
}

func readJSONLines(br *bufio.Reader, line int) ([]Paper, error) {
	var papers []Paper
	for ; ; line++ {
		raw, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long record: gather the rest of the line.
			buf := append([]byte(nil), raw...)
			for errors.Is(err, bufio.ErrBufferFull) && len(buf) <= maxLine {
				raw, err = br.ReadSlice('\n')
				buf = append(buf, raw...)
			}
			if len(buf) > maxLine {
				return nil, fmt.Errorf("line %d: longer than %d MB", line, maxLine>>20)
			}
			raw = buf
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("read line %d: %w", line, err)
		}
		if text := bytes.TrimSpace(raw); len(text) > 0 {
			p, perr := decodePaper(text)
			if perr != nil {
				return nil, fmt.Errorf("line %d: %w", line, perr)
			}
			papers = append(papers, p)
		}
		if errors.Is(err, io.EOF) {
			return papers, nil
		}
	}
}

func readJSONArray(r io.Reader) ([]Paper, error) {
	var items []json.RawMessage
	if err := json.NewDecoder(r).Decode(&items); err != nil {
		return nil, fmt.Errorf("read JSON array of papers: %w", err)
	}
	papers := make([]Paper, 0, len(items))
	for i, it := range items {
		p, err := decodePaper(it)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i+1, err)
		}
		papers = append(papers, p)
	}
	return papers, nil
}

// jsonPaper accepts the shapes people's files come in; decodePaper turns it
// into a normalised Paper.
type jsonPaper struct {
	ID              string          `json:"id"`
	Title           string          `json:"title"`
	Summary         string          `json:"summary"`
	Authors         json.RawMessage `json:"authors"`
	Published       json.RawMessage `json:"published"`
	Updated         json.RawMessage `json:"updated"`
	PrimaryCategory string          `json:"primary_category"`
	Categories      json.RawMessage `json:"categories"`
	DOI             string          `json:"doi"`
	JournalRef      string          `json:"journal_ref"`
	Comment         string          `json:"comment"`
	AbsURL          string          `json:"abs_url"`
	PDFURL          string          `json:"pdf_url"`
}

func decodePaper(data []byte) (Paper, error) {
	var j jsonPaper
	if err := json.Unmarshal(data, &j); err != nil {
		return Paper{}, fmt.Errorf("not a paper object: %w", err)
	}
	if strings.TrimSpace(j.ID) == "" {
		return Paper{}, errors.New(`missing "id"`)
	}
	id, err := ParseID(j.ID)
	if err != nil {
		return Paper{}, err
	}
	p := Paper{
		ID:              id,
		Title:           cleanField(j.Title),
		Summary:         cleanField(j.Summary),
		PrimaryCategory: cleanField(j.PrimaryCategory),
		DOI:             cleanField(j.DOI),
		JournalRef:      cleanField(j.JournalRef),
		Comment:         cleanField(j.Comment),
		AbsURL:          cleanField(j.AbsURL),
		PDFURL:          cleanField(j.PDFURL),
	}
	if p.Title == "" && p.Summary == "" {
		return Paper{}, fmt.Errorf("paper %s has neither title nor summary", id)
	}
	if p.Authors, err = decodeNames(j.Authors); err != nil {
		return Paper{}, fmt.Errorf(`paper %s: "authors": %w`, id, err)
	}
	if p.Categories, err = decodeCategories(j.Categories); err != nil {
		return Paper{}, fmt.Errorf(`paper %s: "categories": %w`, id, err)
	}
	if p.Published, err = decodeTime(j.Published); err != nil {
		return Paper{}, fmt.Errorf(`paper %s: "published": %w`, id, err)
	}
	if p.Updated, err = decodeTime(j.Updated); err != nil {
		return Paper{}, fmt.Errorf(`paper %s: "updated": %w`, id, err)
	}
	completePaper(&p)
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
	for _, s := range in {
		if s = cleanField(s); s != "" && !slices.Contains(out, s) {
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

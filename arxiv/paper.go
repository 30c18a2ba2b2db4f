package arxiv

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Paper is one arXiv entry, as the API describes it. The JSON field names are
// the arXiv names that `gtrag ingest --file` reads (JSON Lines).
type Paper struct {
	// ID is the arXiv id with its version: "2301.01234v2", or old style with a
	// slash: "cs/0112004v1". Never a URL.
	ID              string    `json:"id"`
	Title           string    `json:"title"`
	Summary         string    `json:"summary"`
	Authors         []string  `json:"authors,omitempty"`
	Published       time.Time `json:"published,omitzero"`
	Updated         time.Time `json:"updated,omitzero"`
	PrimaryCategory string    `json:"primary_category,omitempty"`
	Categories      []string  `json:"categories,omitempty"`
	DOI             string    `json:"doi,omitempty"`
	JournalRef      string    `json:"journal_ref,omitempty"`
	Comment         string    `json:"comment,omitempty"`
	AbsURL          string    `json:"abs_url,omitempty"`
	PDFURL          string    `json:"pdf_url,omitempty"`
}

// idPattern matches new-style (2301.01234, 0704.0001) and old-style
// (cs/0112004, math.GT/0309136, hep-th/9901001) ids, with an optional version.
var idPattern = regexp.MustCompile(`^(?:\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$`)

// ParseID turns an entry id URL ("http://arxiv.org/abs/2301.01234v2"), an
// "arXiv:" prefixed id or a bare id into the bare id, keeping the version;
// an old-style id loses the subject class listings show ("math.GT/0309136"
// is "math/0309136"). An id of arXiv's form whose date can never be
// ("2413.01234", month 13) is an *ImpossibleIDError; see idDateProblem.
func ParseID(s string) (string, error) {
	id := strings.TrimSpace(s)
	if strings.Contains(id, "://") {
		// A URL as a browser shows it: arxiv.org/abs/2301.01234?context=cs
		// or …#S2 name the same paper.
		if i := strings.IndexAny(id, "?#"); i >= 0 {
			id = id[:i]
		}
		id = strings.TrimSuffix(id, "/")
	}
	if i := strings.Index(id, "/abs/"); i >= 0 {
		id = id[i+len("/abs/"):]
	} else if i := strings.Index(id, "/pdf/"); i >= 0 {
		id = strings.TrimSuffix(id[i+len("/pdf/"):], ".pdf")
	}
	if len(id) > len("arxiv:") && strings.EqualFold(id[:len("arxiv:")], "arxiv:") {
		id = id[len("arxiv:"):] // arXiv:, arxiv:, ARXIV:
	}
	if !idPattern.MatchString(id) {
		return "", fmt.Errorf("not an arXiv id: %q", s)
	}
	if archive, number, ok := strings.Cut(id, "/"); ok {
		// "cs.GT/0112004" is how listings name "cs/0112004", its subject
		// class shown; arXiv's id, and the store's, is the archive's.
		// Both spellings once stored one paper twice.
		if dot := strings.IndexByte(archive, '.'); dot >= 0 {
			id = archive[:dot] + "/" + number
		}
	}
	if why := idDateProblem(id); why != "" {
		return "", &ImpossibleIDError{Input: s, ID: id, Reason: why}
	}
	return id, nil
}

// BaseID drops the version: "2301.01234v2" → "2301.01234".
func BaseID(id string) string {
	base, _ := SplitVersion(id)
	return base
}

// SplitVersion splits "2301.01234v2" into ("2301.01234", 2). An id without a
// version has version 0.
func SplitVersion(id string) (base string, version int) {
	i := strings.LastIndexByte(id, 'v')
	if i <= 0 || i == len(id)-1 || strings.ContainsRune(id[i:], '/') {
		return id, 0
	}
	v := 0
	for _, c := range id[i+1:] {
		if c < '0' || c > '9' {
			return id, 0
		}
		v = v*10 + int(c-'0')
	}
	return id[:i], v
}

// AbsURLFor is the abstract page of an id; old-style ids keep their slash.
func AbsURLFor(id string) string { return "http://arxiv.org/abs/" + id }

package ingest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gtrag/gtrag/internal/atomicfile"
)

// stateFormat is the layout of resume files; a file of another format is
// ignored (with a notice) rather than misread.
const stateFormat = 1

// state is the resume file of one query or id list: where the next run
// continues, and what all runs so far have done.
type state struct {
	Format int    `json:"format"`
	Key    string `json:"key"`
	Source string `json:"source"` // "query" or "ids"
	Query  string `json:"query,omitempty"`
	Sort   string `json:"sort,omitempty"`
	IDs    int    `json:"ids,omitempty"` // length of the id list
	Filter string `json:"filter"`        // "filter" or "no-filter"

	// Next is the first result (offset into the query's results, or index
	// into the id list) not yet committed.
	Next int `json:"next"`
	// Total is arXiv's total at the last committed page (or the number of
	// ids).
	Total int  `json:"total"`
	Done  bool `json:"done"`
	// Gaps are ranges given up on because arXiv kept returning them empty.
	Gaps []Gap `json:"gaps,omitempty"`
	// NotFoundIDs are the ids of an id list arXiv had no paper for, as
	// committed: a later run with nothing to fetch names them (files
	// written before gtrag kept them have only Counters.NotFound).
	NotFoundIDs []string `json:"not_found_ids,omitempty"`

	Counters Counters  `json:"counters"`
	Started  time.Time `json:"started"`
	Updated  time.Time `json:"updated"`

	// Rewound says why this progress was set back to the first result
	// (Rewind): the next run starts over, and says why.
	Rewound string `json:"rewound,omitempty"`
}

// Gap is a range of results that was given up on.
type Gap struct {
	Start int `json:"start"`
	Count int `json:"count"`
}

// Counters add up every committed batch of every run of one source.
type Counters struct {
	Batches          int `json:"batches"`
	Fetched          int `json:"fetched"`
	Kept             int `json:"kept"`
	Rejected         int `json:"rejected"`
	SkippedExisting  int `json:"skipped_existing"`
	SkippedDuplicate int `json:"skipped_duplicate,omitempty"`
	SkippedInvalid   int `json:"skipped_invalid,omitempty"`
	NotFound         int `json:"not_found,omitempty"`
	ChunksAdded      int `json:"chunks_added"`
	ArxivRequests    int `json:"arxiv_requests"`
}

// Key names the resume file of a source: a hash of what makes two runs the
// same ingest (for a query: its text, its sort and the filter mode). Max and
// page size are not part of it, so a later run with a larger --max
// continues where the last one stopped.
func Key(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:keyLen]
}

// keyLen is the length of a Key.
const keyLen = 20

func statePath(dir, key string) string {
	return filepath.Join(dir, key+".json")
}

// loadState reads the resume file at path. A missing file is a fresh start;
// an unreadable or foreign one is also a fresh start, with a reason, because
// re-fetching is always safe (stored papers are skipped) while guessing is
// not.
func loadState(path string, fresh state) (state, string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fresh, "", nil
	}
	if err != nil {
		return fresh, "", fmt.Errorf("read ingest progress: %w", err)
	}
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return fresh, fmt.Sprintf("ignoring unreadable progress file %s (%v); starting from the top", path, err), nil
	}
	if st.Format != stateFormat || st.Key != fresh.Key {
		return fresh, fmt.Sprintf("ignoring progress file %s written for another ingest or format; starting from the top", path), nil
	}
	if why := st.check(); why != "" {
		return fresh, fmt.Sprintf("ignoring progress file %s: %s; starting from the top", path, why), nil
	}
	if st.Rewound != "" {
		// A fresh start, not a resumed one: the outputs of the earlier
		// runs (--ids-out) list papers the store may no longer hold.
		return fresh, fmt.Sprintf("the saved progress of this ingest was reset (%s): asking arXiv from the first result again; papers still stored are skipped", st.Rewound), nil
	}
	return st, "", nil
}

// Rewind sets every resume file in dir back to the first result, so that
// the next run of each query or id list asks for all of it again, and
// says why (reason) when it starts. It is for a store that lost papers
// the saved progress counts as committed — one that went back a commit
// (`gtrag store recover --accept-rollback`) or was restored from a
// backup: the progress would skip the lost pages for ever, while running
// from the top again is safe, since the papers still stored are skipped
// without a filter call (the cost is the requests, and the filter's
// judgement of the papers not stored: the lost ones, and those it rejected
// before).
//
// Only resume files are touched: files named and shaped as this package
// writes them (a key and its .json, holding that key); anything else in
// dir is left alone, and so are the subdirectories of other stores. It
// returns how many files it rewound; a dir that does not exist holds
// none.
func Rewind(dir, reason string) (int, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reset ingest progress: %w", err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		key, ok := strings.CutSuffix(name, ".json")
		if !ok || !e.Type().IsRegular() || len(key) != keyLen {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			return n, fmt.Errorf("reset ingest progress: %w", err)
		}
		var st state
		if json.Unmarshal(data, &st) != nil || st.Format != stateFormat || st.Key != key {
			continue // not a resume file of this format: not ours to change
		}
		// Next, Done and Gaps are cleared too, so that an older gtrag,
		// which does not know Rewound, starts over as well.
		st.Next, st.Done, st.Gaps, st.Rewound = 0, false, nil, reason
		if err := st.save(path); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// check reports a resume file no run could have written (a hand edit, a
// damaged disk): resuming from it would fail the same way every time.
func (st *state) check() string {
	limit := MaxResults
	if st.Source == "ids" {
		limit = st.IDs
	}
	switch {
	case st.Next < 0 || st.Next > limit:
		return fmt.Sprintf("next %d is outside 0 to %d", st.Next, limit)
	case st.Total < 0:
		return fmt.Sprintf("total %d is negative", st.Total)
	}
	for _, g := range st.Gaps {
		if g.Start < 0 || g.Count < 1 || g.Start+g.Count > limit {
			return fmt.Sprintf("gap %d+%d is outside 0 to %d", g.Start, g.Count, limit)
		}
	}
	return ""
}

// save writes the resume file atomically: a crash leaves the old file or
// the new one, never a mix.
func (st *state) save(path string) error {
	st.Updated = time.Now().UTC()
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, append(data, '\n')); err != nil {
		return fmt.Errorf("save ingest progress: %w", err)
	}
	return nil
}

package data

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gtrag/gtrag/arxiv"
)

// IDPrefix starts every primer id, which keeps primer entries apart from
// arXiv ids: no arXiv id contains a colon.
const IDPrefix = "primer:"

// Category is the only category of a primer entry.
const Category = "primer"

//go:embed primer.jsonl
var primerJSONL []byte

// Primer parses the embedded primer. Each call returns fresh values that the
// caller may change. An error means the embedded file is broken, which the
// tests make sure never ships.
func Primer() ([]arxiv.Paper, error) {
	return parse(primerJSONL)
}

// IsEntry reports whether id is the id of an entry of the embedded
// primer ("primer:nash-equilibrium"): a misspelt one names no paper.
func IsEntry(id string) bool { return entryIDs()[id] }

// entryIDs are the embedded primer's ids, read once.
var entryIDs = sync.OnceValue(func() map[string]bool {
	ids := map[string]bool{}
	papers, _ := Primer() // the tests make sure it reads
	for _, p := range papers {
		ids[p.ID] = true
	}
	return ids
})

func parse(jsonl []byte) ([]arxiv.Paper, error) {
	var papers []arxiv.Paper
	seen := map[string]bool{}
	for i, line := range bytes.Split(jsonl, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var p arxiv.Paper
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields() // a misspelt field would silently lose text
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("read primer line %d: %w", i+1, err)
		}
		if err := check(p, seen); err != nil {
			return nil, fmt.Errorf("read primer line %d: %w", i+1, err)
		}
		seen[p.ID] = true
		papers = append(papers, p)
	}
	return papers, nil
}

func check(p arxiv.Paper, seen map[string]bool) error {
	switch {
	case !strings.HasPrefix(p.ID, IDPrefix) || len(p.ID) == len(IDPrefix):
		return fmt.Errorf("id %q: want %s<slug>", p.ID, IDPrefix)
	case seen[p.ID]:
		return fmt.Errorf("id %q: duplicate", p.ID)
	case strings.TrimSpace(p.Title) == "" || strings.TrimSpace(p.Summary) == "":
		return fmt.Errorf("id %q: empty title or summary", p.ID)
	case !slices.Equal(p.Categories, []string{Category}):
		return fmt.Errorf("id %q: categories %q, want [%q]", p.ID, p.Categories, Category)
	}
	return nil
}

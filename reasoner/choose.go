package reasoner

import (
	"context"
	"strconv"
	"strings"
)

// Selection is a PaperChooser's verdict on a search's candidates: Order holds
// the indices (0-based, into the candidates given) of the papers that
// answer the question most directly, best first. An empty Order means
// "keep the order given": the chooser found none, could not be read, or
// was not asked. Reason says in a line what it did, for the trace.
type Selection struct {
	Order   []int
	Reason  string
	Notices []string
}

// Numbers shows Order as the 1-based numbers the candidates were shown
// with: "4, 1".
func (s Selection) Numbers() string {
	n := make([]string, len(s.Order))
	for i, k := range s.Order {
		n[i] = strconv.Itoa(k + 1)
	}
	return strings.Join(n, ", ")
}

// PaperChooser picks, among the best candidates of an arXiv search, the
// papers that answer the question, as PaperQA2 and RankGPT have a model
// re-rank what retrieval found. Every candidate it is shown is already on
// the question's topic (the pool was ranked and tested against the
// question first); what it adds is reading: which paper answers what the
// question asks, where the crowd of papers on the same idea shares as
// many of the question's words.
type PaperChooser interface {
	// The candidates are passages of the search's papers: each one's
	// title and abstract (Title, Text), its id in PaperID; their N is
	// ignored, as the chooser numbers them in order.
	ChoosePapers(ctx context.Context, question string, candidates []Passage) (Selection, error)
}

package vectordb

import "context"

// PaperWriter is the part of a store that AddPapers needs; *DB and every
// backend of the command's Store satisfy it.
type PaperWriter interface {
	Add(ctx context.Context, docs []Document) (int, error)
	HasPaper(paperID string) bool
}

// AddPapers adds docs to s and also says which papers it wrote: the papers
// of docs that s holds in their version afterwards and did not hold before.
// A paper whose chunks were all stored already, or that is older than the
// version stored (Add ignores it), is not among them. This is the figure to
// report as "papers added"; counting the papers handed to Add over-counts
// both cases.
//
// The before and after checks are not one transaction with the write, so a
// paper that another process stores in the same version at the same moment
// may be counted by both; the chunk count is Add's, exact.
func AddPapers(ctx context.Context, s PaperWriter, docs []Document) (papers []string, chunks int, err error) {
	var ids []string
	had := map[string]bool{}
	for _, d := range docs {
		id := PaperOf(d)
		if _, seen := had[id]; !seen {
			had[id] = s.HasPaper(id)
			ids = append(ids, id)
		}
	}
	chunks, err = s.Add(ctx, docs)
	for _, id := range ids {
		if !had[id] && s.HasPaper(id) {
			papers = append(papers, id)
		}
	}
	return papers, chunks, err
}

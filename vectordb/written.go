package vectordb

import (
	"cmp"
	"context"
)

// PaperWriter is the part of a store that AddPapers needs; *DB and every
// backend of the command's Store satisfy it.
type PaperWriter interface {
	Add(ctx context.Context, docs []Document) (int, error)
	HasPaper(paperID string) bool
}

// paperAdder is a store that tells which papers an Add wrote, decided in its
// write transaction: *DB.
type paperAdder interface {
	AddPapers(ctx context.Context, docs []Document) (papers []string, chunks int, err error)
}

// AddPapers adds docs to s and also says which papers it wrote: the papers
// of docs that s did not hold in their version (nor in a newer one) and
// that this Add stored. A paper whose chunks were all stored already, or
// that is older than the version stored (Add ignores it), is not among
// them; one that replaced an older stored version is. This is the figure
// to report as "papers added"; counting the papers handed to Add
// over-counts both cases. The chunk count is Add's, exact.
//
// A store with its own AddPapers method (*DB) answers it: it decides in
// each write transaction, under the store's write lock, so that of several
// processes adding the same paper at once only the one that stored it
// counts it. Any other store (the Weaviate backend) is asked HasPaper
// before and after the Add: those checks are not one transaction with the
// write, so a paper that another process stores in the same version at the
// same moment may be counted by both.
func AddPapers(ctx context.Context, s PaperWriter, docs []Document) (papers []string, chunks int, err error) {
	if a, ok := s.(paperAdder); ok {
		return a.AddPapers(ctx, docs)
	}
	var ids []string
	had := map[string]bool{}
	for _, d := range docs {
		id := PaperOf(d)
		if _, seen := had[id]; !seen {
			if had[id], err = HasPaperContext(ctx, s, id); err != nil {
				return nil, 0, err
			}
			ids = append(ids, id)
		}
	}
	chunks, err = s.Add(ctx, docs)
	for _, id := range ids {
		if had[id] {
			continue
		}
		have, herr := HasPaperContext(ctx, s, id)
		if herr != nil {
			// Which papers are new cannot be told: the caller keeps no
			// progress for the batch, and a run again finds them stored.
			return papers, chunks, cmp.Or(err, herr)
		}
		if have {
			papers = append(papers, id)
		}
	}
	return papers, chunks, err
}

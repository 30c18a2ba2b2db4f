package vectordb

import (
	"context"
	"errors"
	"fmt"
)

// ReplacePaper makes docs the whole of their paper's stored chunks, in one
// transaction: every stored chunk of the paper (in any version) is deleted
// and docs are inserted, so a reader sees the old wording or the new one,
// never a mix, and a crash keeps the old. It returns how many documents it
// wrote.
//
// Add cannot do this for a paper stored in the same version: it rewrites
// the chunks that changed and adds new ones, but a chunk the new wording no
// longer has would stay. An arXiv paper's text changes only with its
// version; the primer's entries (data.Primer) have none, and a gtrag that
// words an entry anew replaces it with this (see service.RefreshPrimer).
//
// Every document must belong to one paper. The paper keeps the provenance
// it was first stored with; one not stored before gets ctx's
// (WithProvenance), as Add gives it.
func (db *DB) ReplacePaper(ctx context.Context, docs []Document) (int, error) {
	if err := db.usableToEmbed(true); err != nil {
		return 0, err
	}
	id, err := OnePaper(docs)
	if err != nil {
		return 0, err
	}
	items, err := prepareItems(docs)
	if err != nil {
		return 0, err
	}
	for i := range items {
		items[i].whole = true
	}
	// Add's own batch, whose upsert replaces a whole paper as it replaces
	// an older version: deleted and written in one transaction.
	n, _, err := db.addBatch(ctx, items)
	if err != nil {
		return 0, fmt.Errorf("replace paper %s: %w", id, err)
	}
	return n, nil
}

// OnePaper returns the paper every document of docs belongs to (PaperOf),
// or an error when they cannot stand for one paper's chunks: there are
// none, or they belong to two papers. ReplacePaper asks it of its
// documents, on every store.
func OnePaper(docs []Document) (string, error) {
	if len(docs) == 0 {
		return "", errors.New("replace paper: no documents")
	}
	id := PaperOf(docs[0])
	for _, d := range docs[1:] {
		if p := PaperOf(d); p != id {
			return "", fmt.Errorf("replace paper: documents of %s and %s", id, p)
		}
	}
	return id, nil
}

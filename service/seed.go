package service

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/ingest"
	"github.com/gtrag/gtrag/vectordb"
)

// PrimerProvenance is the provenance label of the primer's entries.
const PrimerProvenance = "primer"

// SeedWithPrimer adds the embedded primer to store through the ingest path,
// as `gtrag ingest --file` would add it: chunked the same way, unfiltered,
// papers already stored skipped, in one batch (one Add).
func SeedWithPrimer(ctx context.Context, store ingest.Store) error {
	papers, err := data.Primer()
	if err != nil {
		return fmt.Errorf("load the primer: %w", err)
	}
	// data.Primer has checked every paper; its ids are data.IDPrefix + a
	// slug, which arxiv.ValidatePaper would refuse, so the papers go in as
	// a list.
	ctx = vectordb.WithProvenance(ctx, PrimerProvenance)
	in := &ingest.Ingester{Store: store, BatchSize: len(papers)}
	if _, err := in.Papers(ctx, ingest.PaperList(papers)); err != nil {
		return fmt.Errorf("seed the store with the primer: %w", err)
	}
	return nil
}

// MarkSeeded records that store, opened with Config.SeedByCaller, has been
// given the primer by its caller, so that no later open seeds it again. A
// store that was not waiting for its seed is left as it is.
func MarkSeeded(ctx context.Context, store Store) error {
	if m, ok := store.(seedMarker); ok && m.SeedIsPending() {
		return m.MarkSeeded(ctx)
	}
	return nil
}

// PaperReplacer is a store that can swap a paper's chunks for new ones
// (vectordb.DB.ReplacePaper, weaviatestore.Store.ReplacePaper).
type PaperReplacer interface {
	ReplacePaper(ctx context.Context, docs []vectordb.Document) (int, error)
}

// PrimerState is how a store's primer compares with this gtrag's.
type PrimerState struct {
	Entries int `json:"entries"` // entries of this gtrag's primer
	Stored  int `json:"stored"`  // of them, those the store holds
	// Reworded are the entries the store holds in another wording, which
	// RefreshPrimer rewrites; Missing those it does not hold, which
	// `ingest --primer` adds. Ids, in the primer's order; never null.
	Reworded []string `json:"reworded"`
	Missing  []string `json:"missing"`
}

// Behind reports whether the store holds a primer (some of its entries)
// that `gtrag ingest --primer` would bring up to date.
func (p PrimerState) Behind() bool {
	return p.Stored > 0 && len(p.Reworded)+len(p.Missing) > 0
}

// PrimerStatus compares the primer entries store holds with this gtrag's:
// each stored entry's chunks with those the ingest path would write now
// (chunked the same way). It reads; it writes nothing.
func PrimerStatus(ctx context.Context, store Store) (PrimerState, error) {
	st, _, err := primerStatus(ctx, store)
	return st, err
}

// primerStatus is PrimerStatus, with the chunks this gtrag would write for
// each reworded entry, by id.
func primerStatus(ctx context.Context, store Store) (PrimerState, map[string][]vectordb.Document, error) {
	papers, err := data.Primer()
	if err != nil {
		return PrimerState{}, nil, fmt.Errorf("load the primer: %w", err)
	}
	stored, err := primerDocuments(ctx, store, papers)
	if err != nil {
		return PrimerState{}, nil, fmt.Errorf("compare the primer: %w", err)
	}
	st := PrimerState{Entries: len(papers), Reworded: []string{}, Missing: []string{}}
	rewrite := map[string][]vectordb.Document{}
	for _, p := range papers {
		have, ok := stored[p.ID]
		if !ok {
			st.Missing = append(st.Missing, p.ID)
			continue
		}
		st.Stored++
		// The entry's documents as the ingest path writes them.
		if want := vectordb.Documents(chunker.Split(p, chunker.Options{})); !sameDocuments(have, want) {
			st.Reworded = append(st.Reworded, p.ID)
			rewrite[p.ID] = want
		}
	}
	return st, rewrite, nil
}

// RefreshPrimer rewrites the primer entries store holds in a wording other
// than this gtrag's (PrimerState.Reworded): a store made by an older gtrag
// keeps the primer of its day, and the offline answerer, whose rules are
// written against this primer, quotes the entries. An entry is replaced
// whole (PaperReplacer), one entry at a time, so that an interrupted
// refresh leaves each entry in one wording and the next refresh finishes
// the rest. Entries the store lacks are SeedWithPrimer's and `ingest
// --primer`'s to add; the ids of those replaced are returned, in the
// primer's order.
func RefreshPrimer(ctx context.Context, store Store) ([]string, error) {
	r, ok := store.(PaperReplacer)
	if !ok {
		return nil, errors.New("refresh the primer: this store cannot replace a paper's chunks")
	}
	st, rewrite, err := primerStatus(ctx, store)
	if err != nil {
		return nil, fmt.Errorf("refresh the primer: %w", err)
	}
	ctx = vectordb.WithProvenance(ctx, PrimerProvenance)
	var updated []string
	for _, id := range st.Reworded {
		if err := ctx.Err(); err != nil {
			return updated, fmt.Errorf("refresh the primer: %w", err)
		}
		if _, err := r.ReplacePaper(ctx, rewrite[id]); err != nil {
			return updated, fmt.Errorf("refresh the primer: %w", err)
		}
		updated = append(updated, id)
	}
	return updated, nil
}

// sameDocuments reports whether two sets of a paper's chunks hold the same
// ids, texts and metadata, in whatever order.
func sameDocuments(a, b []vectordb.Document) bool {
	if len(a) != len(b) {
		return false
	}
	byID := make(map[string]vectordb.Document, len(a))
	for _, d := range a {
		byID[d.ID] = d
	}
	for _, d := range b {
		o, ok := byID[d.ID]
		if !ok || o.Content != d.Content || !maps.Equal(o.Metadata, d.Metadata) {
			return false
		}
	}
	return true
}

// primerDocuments reads the stored chunks of the primer's entries, by
// entry id; an entry the store lacks has no key. The embedded store reads
// them in one transaction (vectordb.DB.PapersDocuments); a store that
// reads one paper's chunks (PaperReader, Weaviate) is asked per entry;
// another is scanned once, not once per entry (paperDocuments would scan
// it per entry).
func primerDocuments(ctx context.Context, store Store, papers []arxiv.Paper) (map[string][]vectordb.Document, error) {
	ids := make([]string, len(papers))
	for i, p := range papers {
		ids[i] = p.ID
	}
	if st, ok := store.(interface {
		PapersDocuments(ctx context.Context, paperIDs []string) (map[string][]vectordb.Document, error)
	}); ok {
		return st.PapersDocuments(ctx, ids) // the embedded store: one read transaction
	}
	out := map[string][]vectordb.Document{}
	if st, ok := store.(PaperReader); ok {
		for _, p := range papers {
			docs, err := st.PaperDocuments(ctx, p.ID)
			if err != nil {
				return nil, fmt.Errorf("read %s: %w", p.ID, err)
			}
			if len(docs) > 0 {
				out[p.ID] = docs
			}
		}
		return out, nil
	}
	dl, ok := store.(DocumentLister)
	if !ok {
		return nil, ErrCannotList
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	err := dl.Documents(ctx, func(d vectordb.Document) error {
		if id := d.PaperID(); want[id] {
			out[id] = append(out[id], d)
		}
		return nil
	})
	return out, err
}

package service

import (
	"context"
	"fmt"

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

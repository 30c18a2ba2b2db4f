package weaviatestore

import (
	"context"
	"fmt"
	"slices"

	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"

	"github.com/gtrag/gtrag/vectordb"
)

// ReplacePaper makes docs the whole of their paper's stored chunks
// (vectordb.DB.ReplacePaper): it writes them as Add does, which rewrites the
// chunks that changed and skips the identical ones, then deletes the
// paper's chunks that docs do not hold, in any version.
//
// Weaviate has no transactions, so this is two steps, in the order that
// loses nothing: a failure between them leaves the new chunks beside the
// old ones no longer worded so, which the next ReplacePaper of the paper
// removes, never a paper with no chunks. It returns how many documents it
// wrote.
func (s *Store) ReplacePaper(ctx context.Context, docs []vectordb.Document) (int, error) {
	if _, err := vectordb.OnePaper(docs); err != nil {
		return 0, err
	}
	items, err := prepareItems(docs)
	if err != nil {
		return 0, err
	}
	n, err := s.Add(ctx, docs)
	if err != nil {
		return n, err
	}
	base := items[0].base
	stored, err := s.storedChunks(ctx, []string{base})
	if err != nil {
		return n, fmt.Errorf("replace paper %s in %s: look up its chunks: %w", items[0].paperID, s.cfg, err)
	}
	keep := make([]string, len(items))
	for i, it := range items {
		keep[i] = it.doc.ID
	}
	var stale []string
	for _, o := range stored[base] {
		if !slices.Contains(keep, o.ChunkID) || o.Version != items[0].version {
			stale = append(stale, o.ChunkID)
		}
	}
	if len(stale) == 0 {
		return n, nil
	}
	where := (&filters.WhereBuilder{}).WithOperator(filters.And).WithOperands([]*filters.WhereBuilder{
		(&filters.WhereBuilder{}).WithPath([]string{propPaperBase}).WithOperator(filters.Equal).WithValueText(base),
		(&filters.WhereBuilder{}).WithPath([]string{propChunkID}).WithOperator(filters.ContainsAny).WithValueText(stale...),
	})
	if err := s.deleteWhere(ctx, where); err != nil {
		return n, fmt.Errorf("replace paper %s in %s: delete the chunks it no longer has: %w", items[0].paperID, s.cfg, err)
	}
	return n, nil
}

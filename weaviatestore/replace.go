package weaviatestore

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

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

// PaperDocuments returns the stored chunks of the paper with exactly
// paperID (with its version when it has one, as Papers lists it), content
// and metadata, in chunk order; none when it is not stored. One request,
// not a scan of the collection: `gtrag stats` and `ingest --primer` ask it
// of each primer entry (service.PrimerStatus).
func (s *Store) PaperDocuments(ctx context.Context, paperID string) ([]vectordb.Document, error) {
	if s.rec.Embedder == "" {
		return nil, nil
	}
	objs, err := s.getObjects(ctx, paperWhere(paperID), lookupLimit, "", propChunkID, propPaperID, propContent, propMetadata)
	if err != nil {
		return nil, fmt.Errorf("read paper %s from %s: %w", paperID, s.cfg, err)
	}
	var out []vectordb.Document
	for _, o := range objs {
		if o.PaperID != paperID {
			continue // another version, when paperID has none
		}
		var meta map[string]string
		if o.Metadata != "" {
			if err := json.Unmarshal([]byte(o.Metadata), &meta); err != nil {
				return nil, fmt.Errorf("chunk %s in %s has unreadable metadata: %w", o.ChunkID, s.cfg, err)
			}
		}
		out = append(out, vectordb.Document{ID: o.ChunkID, Content: o.Content, Metadata: meta})
	}
	slices.SortFunc(out, func(a, b vectordb.Document) int {
		return cmp.Compare(chunkNumber(a.ID), chunkNumber(b.ID))
	})
	return out, nil
}

// chunkNumber is n of a chunk id "…_chunk_n"; -1 when it has none.
func chunkNumber(id string) int {
	i := strings.LastIndex(id, "_chunk_")
	if i < 0 {
		return -1
	}
	n, err := strconv.Atoi(id[i+len("_chunk_"):])
	if err != nil {
		return -1
	}
	return n
}

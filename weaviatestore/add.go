package weaviatestore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/go-openapi/strfmt"
	"github.com/weaviate/weaviate-go-client/v5/weaviate"
	"github.com/weaviate/weaviate-go-client/v5/weaviate/filters"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// lookupLimit is the most objects one lookup of stored chunks asks for:
// Weaviate's default QUERY_MAXIMUM_RESULTS.
const lookupLimit = 10000

// addPapers is how many papers Add plans (looks up, embeds, writes) at a
// time: one lookup request for their stored chunks.
const addPapers = 100

type addItem struct {
	doc     vectordb.Document
	paperID string
	base    string
	version int
	hash    string
}

// Add upserts docs with the embedded store's rules (vectordb.DB.Add), per
// paper:
//
//   - a version newer than the stored one replaces every stored chunk of
//     the paper;
//   - the stored version adds new chunks, rewrites changed ones and skips
//     identical ones (so an identical re-add writes and embeds nothing and
//     returns 0);
//   - an older version than stored is ignored.
//
// Object UUIDs are UUIDv5 of the chunk ids, so a write repeated after a
// failure overwrites instead of duplicating. Weaviate has no transactions:
// the new version's chunks are written before the old version's are
// deleted, so a failure in between leaves both versions (the next Add of
// the paper removes the old one) rather than neither. Add returns how many
// documents it wrote; when ctx ends or a request fails after its retries,
// the count covers the papers written before.
func (s *Store) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	if s.emb == nil {
		return 0, fmt.Errorf("add to %s: the store was opened without an embedder", s.cfg)
	}
	items, err := prepareItems(docs)
	if err != nil {
		return 0, err
	}
	groups := groupByPaper(items)
	added := 0
	for start := 0; start < len(groups); start += addPapers {
		if err := ctx.Err(); err != nil {
			return added, fmt.Errorf("add documents to %s: %w", s.cfg, err)
		}
		n, err := s.addPapers(ctx, groups[start:min(start+addPapers, len(groups))])
		added += n
		if err != nil {
			return added, fmt.Errorf("add documents to %s: %w", s.cfg, err)
		}
	}
	return added, nil
}

func prepareItems(docs []vectordb.Document) ([]addItem, error) {
	at := make(map[string]int, len(docs))
	items := make([]addItem, 0, len(docs))
	for _, d := range docs {
		if d.ID == "" {
			return nil, errors.New("add documents: a document has an empty id")
		}
		paper := vectordb.PaperOf(d)
		base, v := vectordb.SplitVersion(paper)
		it := addItem{doc: d, paperID: paper, base: base, version: v, hash: docHash(paper, d)}
		if i, ok := at[d.ID]; ok {
			items[i] = it // the same id twice in one call: the later one wins
			continue
		}
		at[d.ID] = len(items)
		items = append(items, it)
	}
	return items, nil
}

// docHash identifies a document's stored form, to tell an identical re-add
// from a change. encoding/json writes map keys sorted, so equal metadata
// hashes equal.
func docHash(paper string, d vectordb.Document) string {
	meta, _ := json.Marshal(d.Metadata)
	h := sha256.New()
	for _, part := range []string{paper, d.Content, string(meta)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

type paperGroup struct {
	base  string
	items []addItem
}

func groupByPaper(items []addItem) []paperGroup {
	var groups []paperGroup
	at := map[string]int{}
	for _, it := range items {
		g, ok := at[it.base]
		if !ok {
			g = len(groups)
			at[it.base] = g
			groups = append(groups, paperGroup{base: it.base})
		}
		groups[g].items = append(groups[g].items, it)
	}
	return groups
}

// addPapers plans, embeds and writes a few papers' documents.
func (s *Store) addPapers(ctx context.Context, groups []paperGroup) (int, error) {
	bases := make([]string, len(groups))
	for i, g := range groups {
		bases[i] = g.base
	}
	stored, err := s.storedChunks(ctx, bases)
	if err != nil {
		return 0, fmt.Errorf("look up stored chunks: %w", err)
	}
	var write []addItem
	stale := map[string]int{} // base → newest version: delete older ones
	for _, g := range groups {
		newest := 0
		for _, it := range g.items {
			newest = max(newest, it.version)
		}
		have := stored[g.base]
		storedNewest, older := 0, false
		for _, o := range have {
			storedNewest = max(storedNewest, o.Version)
			older = older || o.Version < newest
		}
		if len(have) > 0 && newest < storedNewest {
			continue // a stale copy: arXiv versions only grow
		}
		if older {
			stale[g.base] = newest
		}
		byID := make(map[string]object, len(have))
		for _, o := range have {
			byID[o.ChunkID] = o
		}
		for _, it := range g.items {
			if it.version < newest {
				continue
			}
			if o, ok := byID[it.doc.ID]; ok && o.Version == it.version && o.Hash == it.hash {
				continue
			}
			write = append(write, it)
		}
	}
	written := 0
	size := s.cfg.batchSize()
	for start := 0; start < len(write); start += size {
		batch := write[start:min(start+size, len(write))]
		if err := s.writeBatch(ctx, batch); err != nil {
			return written, err
		}
		written += len(batch)
	}
	for base, newest := range stale {
		where := (&filters.WhereBuilder{}).WithOperator(filters.And).WithOperands([]*filters.WhereBuilder{
			(&filters.WhereBuilder{}).WithPath([]string{propPaperBase}).WithOperator(filters.Equal).WithValueText(base),
			(&filters.WhereBuilder{}).WithPath([]string{propVersion}).WithOperator(filters.LessThan).WithValueInt(int64(newest)),
		})
		if err := s.deleteWhere(ctx, where); err != nil {
			return written, fmt.Errorf("delete older versions of %s: %w", base, err)
		}
	}
	return written, nil
}

// storedChunks returns the stored chunks of the papers (by base id), with
// their ids, versions and hashes. One request asks for all of them; a
// request that fills lookupLimit is split in two.
func (s *Store) storedChunks(ctx context.Context, bases []string) (map[string][]object, error) {
	out := map[string][]object{}
	if len(bases) == 0 || s.rec.Embedder == "" {
		return out, nil
	}
	where := (&filters.WhereBuilder{}).WithPath([]string{propPaperBase}).WithOperator(filters.ContainsAny).WithValueText(bases...)
	objs, err := s.getObjects(ctx, where, lookupLimit, "", propChunkID, propPaperBase, propVersion, propHash)
	if err != nil {
		return nil, err
	}
	if len(objs) >= lookupLimit {
		if len(bases) == 1 {
			return nil, fmt.Errorf("paper %s has %d or more chunks, more than one lookup returns", bases[0], lookupLimit)
		}
		half := len(bases) / 2
		a, err := s.storedChunks(ctx, bases[:half])
		if err != nil {
			return nil, err
		}
		b, err := s.storedChunks(ctx, bases[half:])
		if err != nil {
			return nil, err
		}
		for k, v := range b {
			a[k] = v
		}
		return a, nil
	}
	for _, o := range objs {
		out[o.PaperBase] = append(out[o.PaperBase], o)
	}
	return out, nil
}

// writeBatch embeds the items and writes them in one batch request,
// retrying the objects Weaviate reports as failed, and the whole request
// when the cluster is unreachable or overloaded, up to Config.Retries
// times.
func (s *Store) writeBatch(ctx context.Context, items []addItem) error {
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.doc.Content
	}
	vecs, err := s.emb.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embed %d documents: %w", len(texts), err)
	}
	if len(vecs) != len(texts) {
		return fmt.Errorf("embed %d documents: embedder %s returned %d vectors", len(texts), s.emb.Spec(), len(vecs))
	}
	objs := make([]*models.Object, len(items))
	for i, it := range items {
		if err := s.checkDim(len(vecs[i])); err != nil {
			return err
		}
		meta, _ := json.Marshal(it.doc.Metadata)
		objs[i] = &models.Object{
			Class: s.class,
			ID:    strfmt.UUID(ObjectID(it.doc.ID)),
			Properties: map[string]any{
				propChunkID:   it.doc.ID,
				propPaperID:   it.paperID,
				propPaperBase: it.base,
				propVersion:   it.version,
				propContent:   it.doc.Content,
				propTerms:     lexicalText(it.doc.Content),
				propMetadata:  string(meta),
				propHash:      it.hash,
			},
			Vector: models.C11yVector(vecs[i]),
		}
	}
	pending := objs
	var lastErrs []string
	err = s.retry(ctx, func(c *weaviate.Client) error {
		resp, err := c.Batch().ObjectsBatcher().WithObjects(pending...).
			WithConsistencyLevel(s.cfg.writeConsistency()).Do(ctx)
		if err != nil {
			return err
		}
		var failed []*models.Object
		lastErrs = lastErrs[:0]
		for i, r := range resp {
			if r.Result != nil && r.Result.Errors != nil && len(r.Result.Errors.Error) > 0 {
				if i < len(pending) {
					failed = append(failed, pending[i])
				}
				lastErrs = append(lastErrs, r.Result.Errors.Error[0].Message)
			}
		}
		if len(failed) == 0 {
			return nil
		}
		pending = failed
		return fmt.Errorf("%w: %d of %d objects not written (%s)", errRetryable, len(failed), len(resp), firstN(lastErrs, 3))
	})
	return err
}

func firstN(msgs []string, n int) string {
	if len(msgs) > n {
		return strings.Join(msgs[:n], "; ") + fmt.Sprintf("; and %d more", len(msgs)-n)
	}
	return strings.Join(msgs, "; ")
}

// lexicalText is what the terms property holds: the text as gtrag's
// tokenizer splits it, so that Weaviate's BM25 scores the same terms as
// the embedded store's (stemmed, stop words and one-letter words dropped,
// diacritics folded, hyphenated words joined and split).
func lexicalText(s string) string {
	return strings.Join(text.Tokenize(s), " ")
}

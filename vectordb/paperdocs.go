package vectordb

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"

	bolt "go.etcd.io/bbolt"

	"github.com/gtrag/gtrag/chunker"
)

// PaperDocuments returns the stored chunks of one paper, paperID with its
// version as Papers lists it, in chunk order, with full metadata; none when
// that version is not stored. Unlike Documents it reads only that paper's
// keys (chunk ids start with the paper id), in one short read transaction,
// so it is fit for serving: `gtrag mcp`'s get_paper and paper resources.
func (db *DB) PaperDocuments(ctx context.Context, paperID string) ([]Document, error) {
	docs, err := db.PapersDocuments(ctx, []string{paperID})
	return docs[paperID], err
}

// PapersDocuments is PaperDocuments for several papers in one read
// transaction, by paper id; a paper not stored has no key. Each
// PaperDocuments opens the store's file: comparing the 66 primer entries
// with what `ask` would write (service.PrimerStatus) took 66 opens.
func (db *DB) PapersDocuments(ctx context.Context, paperIDs []string) (map[string][]Document, error) {
	if err := db.usable(false); err != nil {
		return nil, err
	}
	out := map[string][]Document{}
	err := db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, _ metaInfo) error {
			for _, paperID := range paperIDs {
				docs, err := db.paperDocuments(tx, paperID)
				if err != nil {
					return err
				}
				if len(docs) > 0 {
					out[paperID] = docs
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// paperDocuments reads one paper's chunks in tx, in chunk order.
func (db *DB) paperDocuments(tx *bolt.Tx, paperID string) ([]Document, error) {
	prefix := []byte(paperID + "_chunk_")
	var shared map[string]string
	base, _ := SplitVersion(paperID)
	if pv := tx.Bucket(bucketPapers).Get([]byte(base)); pv != nil {
		p, err := decodePaperRecord(pv)
		if err != nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", base, err)}
		}
		shared = p.Shared
	}
	var out []Document
	c := tx.Bucket(bucketDocs).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		rec, err := decodeDocRecord(v)
		if err != nil {
			return nil, &CorruptError{Path: db.path, Err: fmt.Errorf("document %s: %w", k, err)}
		}
		if rec.PaperID != paperID {
			continue // another paper whose id extends this one's
		}
		out = append(out, Document{ID: string(k), Content: rec.Content, Metadata: rec.fullMetadata(shared)})
	}
	// Keys sort "_chunk_10" before "_chunk_2".
	slices.SortFunc(out, func(a, b Document) int { return chunkIndex(a) - chunkIndex(b) })
	return out, nil
}

func chunkIndex(d Document) int {
	n, _ := strconv.Atoi(d.Metadata[chunker.KeyChunkIndex])
	return n
}

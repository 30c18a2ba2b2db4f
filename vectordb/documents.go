package vectordb

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Documents calls fn with every stored document, content and full
// metadata, in id order. It reads one committed state (one read
// transaction), so a concurrent writer waits until it returns: it is meant
// for moving a knowledge base to another store (`gtrag store copy`), not
// for serving. fn must not call the DB. An error from fn stops the scan
// and is returned as is.
func (db *DB) Documents(ctx context.Context, fn func(Document) error) error {
	if err := db.usable(false); err != nil {
		return err
	}
	return db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, _ metaInfo) error {
			papers := tx.Bucket(bucketPapers)
			shared := map[string]map[string]string{}
			return tx.Bucket(bucketDocs).ForEach(func(k, v []byte) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				rec, err := decodeDocRecord(v)
				if err != nil {
					return &CorruptError{Path: db.path, Err: fmt.Errorf("document %s: %w", k, err)}
				}
				base, _ := SplitVersion(rec.PaperID)
				sh, ok := shared[base]
				if !ok {
					if pv := papers.Get([]byte(base)); pv != nil {
						p, err := decodePaperRecord(pv)
						if err != nil {
							return &CorruptError{Path: db.path, Err: fmt.Errorf("paper %s: %w", base, err)}
						}
						sh = p.Shared
					}
					shared = map[string]map[string]string{base: sh} // documents come grouped by paper
				}
				return fn(Document{ID: string(k), Content: rec.Content, Metadata: rec.fullMetadata(sh)})
			})
		})
	})
}

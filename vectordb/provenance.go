package vectordb

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Provenance says when a paper entered the store and what added it, for
// `gtrag papers list`.
//
// AddedBy is written by the caller in the words a user would recognise:
// `ask: "Why does tit-for-tat do well…"`, "ingest --query cat:cs.GT",
// "primer". AddedAt is the time of the commit that first stored the paper.
//
// It is recorded once per paper, when a paper the store does not hold is
// first written, in the same transaction: re-adding an unchanged paper
// writes nothing, and a newer version replacing a stored one keeps the
// first record, so the provenance answers "since when and why is this
// paper here". Removing a paper removes its record; if it comes back, the
// record says what brought it back. It lives in its own bucket, not in the
// paper record, so that the upsert rules (which compare documents and
// paper metadata) never see it and a re-add can never look like a change.
type Provenance struct {
	AddedAt time.Time
	AddedBy string
}

type provenanceKey struct{}

// WithProvenance returns a context under which Add records addedBy as the
// provenance of every paper it stores for the first time (see Provenance).
// Without it Add records nothing, and the papers it adds list as of
// unknown provenance (tests; `gtrag store copy` labels what it copies).
//
// The provenance travels in the context rather than as an argument of Add
// because Add is the one method every store wrapper and graph node already
// passes through (trace recording, environment, the nodes' Indexer
// interface, ingest's batches): a new argument would change all of those
// interfaces and the Weaviate backend, for a label only this store keeps.
// The cost is that it is implicit: a caller that forgets it gets "unknown",
// never a wrong label, and the callers that add papers (the add_to_chroma
// node, `gtrag ingest`, the primer seeding) are few and tested.
func WithProvenance(ctx context.Context, addedBy string) context.Context {
	return context.WithValue(ctx, provenanceKey{}, addedBy)
}

// provenanceOf is the label WithProvenance put in ctx, and whether there is one.
func provenanceOf(ctx context.Context) (string, bool) {
	s, ok := ctx.Value(provenanceKey{}).(string)
	return s, ok
}

// PaperProvenance returns the recorded provenance of the stored papers by
// the stored paper id, with its version ("2301.01234v2", as Papers lists
// it). Papers stored before provenance was
// recorded (or added without WithProvenance) are absent. A store written
// before this bucket existed reads as having none.
func (db *DB) PaperProvenance(ctx context.Context) (map[string]Provenance, error) {
	if err := db.usable(false); err != nil {
		return nil, err
	}
	out := map[string]Provenance{}
	err := db.withFile(ctx, false, func(b *bolt.DB) error {
		return db.inTx(b, false, func(tx *bolt.Tx, _ metaInfo) error {
			bk := tx.Bucket(bucketProvenance)
			if bk == nil {
				return nil
			}
			papers := tx.Bucket(bucketPapers)
			return bk.ForEach(func(k, v []byte) error {
				p, err := decodeProvenance(v)
				if err != nil {
					return &CorruptError{Path: db.path, Err: fmt.Errorf("provenance of %s: %w", k, err)}
				}
				pv := papers.Get(k)
				if pv == nil {
					return nil // removed by a gtrag that did not know the bucket
				}
				head, _ := decodePaperHead(pv)
				out[head.ID] = p
				return nil
			})
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// encodeProvenance is the value of the provenance bucket: the commit time
// in Unix milliseconds (uvarint) and the label.
func encodeProvenance(p Provenance) []byte {
	b := binary.AppendUvarint(nil, uint64(max(p.AddedAt.UnixMilli(), 0)))
	return appendString(b, p.AddedBy)
}

func decodeProvenance(b []byte) (Provenance, error) {
	d := recDecoder{b: b}
	ms := d.uvarint()
	by := d.string()
	if d.err != nil {
		return Provenance{}, d.err
	}
	return Provenance{AddedAt: time.UnixMilli(int64(ms)).UTC(), AddedBy: by}, nil
}

// writeProvenance records the provenance of the papers this transaction
// stores for the first time, and drops that of the papers it removes. It
// creates the bucket in a store written before it existed: the writer holds
// the exclusive lock, as the migration does.
func (w *txWriter) writeProvenance() error {
	var bk *bolt.Bucket
	for base, p := range w.paperRec {
		stored := p != nil && p.Chunks > 0
		switch {
		case stored && !w.existed[base] && w.addedBy != nil:
			if bk == nil {
				var err error
				if bk, err = w.tx.CreateBucketIfNotExists(bucketProvenance); err != nil {
					return fmt.Errorf("create the provenance bucket: %w", err)
				}
			}
			rec := encodeProvenance(Provenance{AddedAt: w.now, AddedBy: *w.addedBy})
			if err := bk.Put([]byte(base), rec); err != nil {
				return fmt.Errorf("record the provenance of %s: %w", base, err)
			}
		case !stored && w.existed[base]:
			old := w.tx.Bucket(bucketProvenance)
			if old == nil {
				continue
			}
			if err := old.Delete([]byte(base)); err != nil {
				return fmt.Errorf("drop the provenance of %s: %w", base, err)
			}
		}
	}
	return nil
}

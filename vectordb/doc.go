// Package vectordb is gtrag's knowledge base: chunks of papers with their
// embeddings, stored durably under the data directory and retrieved by a
// hybrid of vector similarity and BM25.
//
// Start with Open(ctx, dir, embedder): it returns a *DB, the Store the graph's
// nodes use. Add upserts chunks (vectordb.Document{ID, Content, Metadata}
// with Metadata["paper_id"]), Query returns the best k with a cosine Score in
// [0,1], HasPaper and DeletePaper work on paper ids with or without a version
// ("2301.01234v2", "2301.01234", "cs/0112004v1"), Info feeds `gtrag stats`.
// Embedders come from ParseEmbedder ("offline", "ollama:MODEL",
// "openai:MODEL"); a store remembers its embedder and refuses another with a
// *MismatchError that says what to do. BM25Score, over the terms of
// text.Tokenize, is the lexical half of retrieval; FuseWeightedRRF and
// HybridWeightsFor fuse it with the vectors.
//
// # Storage
//
// One file, DIR/store.db, written with go.etcd.io/bbolt, the B+tree store
// under etcd. It was chosen over chromem-go's own persistence (one gob file
// per document, named by 32 bits of a hash of the id, so ids collide — 1 in
// 100,000 was lost in a test — written in place without fsync, and 3.2 s to
// reopen 100,000 documents) and over a hand-written log because:
//
//   - A committed transaction is durable and atomic: bbolt writes changed
//     pages to free space (copy-on-write), fsyncs, then switches one of two
//     checksummed meta pages. A crash or SIGKILL before the switch leaves the
//     previous state, after it the new one; nothing in between exists.
//   - Keys are the full chunk ids, as bytes: no hashing, no collisions, and
//     old-style ids with a slash need no escaping.
//   - One file, read through a memory map: opening a store is a sequential
//     read of the vectors, with no per-document file to open and decode.
//   - It holds an flock: shared for readers, exclusive for a writer, so
//     processes take turns instead of corrupting each other.
//
// SQLite through a pure-Go driver would do as well but is a far larger
// dependency for a key-value workload. The buckets and the record layouts
// are described in format.go; FormatVersion is recorded in the file, and a
// store with a version this build does not know is refused with a
// *FormatError naming the gtrag that wrote it.
//
// # Memory and queries
//
// Open reads every vector into a chromem-go collection (the in-memory index
// that answers nearest-neighbour queries), and nothing else: content and
// metadata stay in the file and are read for the k results only. Vectors are
// stored unit-length in blocks of 32 documents, so that loading is a copy,
// and chromem never has to embed or renormalise. The BM25 postings are
// stored in the file too, in blocks per term, and scored at query time with
// one prefix scan per query term: opening a 100,000-chunk store builds no
// lexical index, at the price of reading each query term's postings (a few
// milliseconds for a term in most documents) on every query. Query fuses the
// two rankings with reciprocal rank fusion, all inside one read transaction.
//
// # Several processes
//
// The file is open only while an operation runs: a read opens it read-only
// (shared lock), an Add batch opens it read-write (exclusive lock), writes
// one transaction and closes it, so other gtrag processes can read and write
// between batches. An operation that finds the lock taken waits, saying so
// once on the WaitNotices writer, up to LockTimeout, then fails with a
// message. Each write bumps a generation counter in the meta bucket; a
// long-lived DB compares it on its next Add or Query and catches up
// incrementally, from the documents numbered after those it has and from a
// log of deleted ids (bounded; a reader that fell behind it reloads).
//
// # Upserts
//
// Add groups documents by paper. A newer version of a paper than the stored
// one replaces all the paper's chunks in the same transaction; the stored
// version adds new chunks and rewrites changed ones; identical documents are
// skipped (and not embedded); an older version than stored is ignored, since
// arXiv versions only grow. A batch (BatchSize documents, never splitting a
// paper) is one transaction: Ctrl-C rolls back the batch in progress and
// keeps the ones committed.
//
// # Measured
//
// On the 2-core development machine, warm page cache, 100,000 chunks of 512
// dimensions with chunker-like metadata (BenchmarkOpenQuery100k and
// BenchmarkOpenQueryProcess100k): a 415 MB file, 211 MB of it vectors; open
// plus one hybrid query in 0.3–0.5 s as a fresh process (0.33 s user CPU,
// about a third of it chromem-go's exhaustive dot products, and 0.17 s
// system CPU, mostly page faults for the vectors' memory). chromem-go's own
// persistence took 6.8–7.5 s for the same open and query
// (BenchmarkChromemOpenQuery100k). TestGenerateStore builds a store for
// timing the whole gtrag command.
package vectordb

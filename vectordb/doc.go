// Package vectordb is gtrag's knowledge base: chunks of papers with their
// embeddings, stored durably under the data directory and retrieved by a
// hybrid of vector similarity and BM25.
//
// Start with Open(ctx, dir, embedder): it returns a *DB, which the graph's
// nodes use through their own small interfaces. Add upserts chunks
// (vectordb.Document{ID, Content, Metadata} with Metadata["paper_id"]), Query
// returns the best k with the fused Score that ordered them and its parts
// (Result), HasPaper and DeletePaper work on paper ids with or without a
// version ("2301.01234v2", "2301.01234", "cs/0112004v1"), Info feeds `gtrag
// stats`. EachPaper and LookupPaper describe papers from their per-paper
// records without reading their chunks (`gtrag papers list`, `papers rm`),
// EachPaperDocuments adds the chunks a page of papers at a time (`papers
// export`); Documents hands out every chunk in one read transaction (`store
// copy`). Embedders come from ParseEmbedder ("offline", "ollama:MODEL",
// "openai:MODEL"); a store remembers its embedder and refuses another with a
// *MismatchError that says what to do. BM25Score, over the terms of
// text.Tokenize, is the lexical half of retrieval; FuseWeightedRRF and
// HybridWeightsFor fuse it with the vectors.
//
// # Storage
//
// Two files in the data directory. DIR/store.db, written with
// go.etcd.io/bbolt (the B+tree store under etcd), holds the documents, the
// paper records, the BM25 postings and the slot of each document in
// DIR/store.vec, a flat array of little-endian float32 unit vectors
// (vecfile.go). bbolt was chosen over chromem-go's own persistence (one gob
// file per document, named by 32 bits of a hash of the id, so ids collide —
// 1 in 100,000 was lost in a test — written in place without fsync, and 3.2
// s to reopen 100,000 documents) and over a hand-written log because:
//
//   - A committed transaction is durable and atomic: bbolt writes changed
//     pages to free space (copy-on-write), fsyncs, then switches one of two
//     checksummed meta pages. A crash or SIGKILL before the switch leaves the
//     previous state, after it the new one; nothing in between exists. The
//     vector file is written and fsynced before that switch, and only ever
//     grows, so every committed state finds its vectors.
//   - Keys are the full chunk ids, as bytes: no hashing, no collisions, and
//     old-style ids with a slash need no escaping.
//   - It holds an flock: shared for readers, exclusive for a writer, so
//     processes take turns instead of corrupting each other.
//
// A deleted or replaced document's vector slot stays in the vector files as
// a hole that scans skip; Compact (`gtrag store compact`) gives the holes'
// disk blocks back to the file system without moving any slot, so no
// committed state, nor the one a rollback returns to, loses a vector it
// refers to (compact.go).
//
// Every vector slot has a CRC-32 of its bytes in store.db, committed with
// the docnum that makes it visible, and a query checks each slot it reads:
// the scan each live slot of store.f16 (store.vec without the copy), the
// float32 re-ranking each slot it reads. Bytes scribbled inside a vector
// file of the right size used to change rankings without a sign; now the
// query fails with a *CorruptError naming the file, the chunk and what to
// do. store.f16 is a copy: move it away, queries scan store.vec meanwhile,
// and the next write makes it anew from store.vec (checking those slots
// first). store.vec is not: remove the chunk's paper and ingest it again,
// or restore a backup. (`gtrag store recover` only goes back one bbolt
// commit; it rebuilds no vector.)
//
// The trade-off (vecsum.go): checksums per slot, not per block, because a
// slot is written once and never rewritten, so an append hashes only its
// own slots and extends one small record, and Compact's zeroed holes need
// no new checksum (holes are never read); in store.db, not a sidecar file,
// so that every committed state, a rollback's included, has exactly its
// slots' checksums, and a SIGKILL between the vector fsync and the commit
// leaves neither. Nothing is checked when the store is opened: Open still
// reads only the meta. The price is on the read side, one CRC per slot
// scanned (figures under Measured), and 8 bytes of store.db per chunk. A
// store written before checksums has no vecsums bucket: it opens and
// queries as before, its existing slots unchecked, and the slots written
// from then on are checked (no new FormatVersion; `gtrag store copy` to a
// new directory gives every slot a checksum).
//
// When the newer meta page is damaged bbolt silently opens the older one;
// this package refuses such a store with a *RollbackError instead, until
// AcceptRollback (`gtrag store recover --accept-rollback`) says to go back.
//
// SQLite through a pure-Go driver would do as well but is a far larger
// dependency for a key-value workload. The buckets and the record layouts
// are described in format.go; FormatVersion is recorded in the file, a store
// of an older format is upgraded by Open under the write lock (migrate.go),
// and one with a version this build does not know is refused with a
// *FormatError naming the gtrag that wrote it. Metadata that every chunk of a
// paper shares (the title above all) is stored once, in the paper record.
//
// # Memory and queries
//
// Open reads the store's meta and nothing else, whatever the store's size:
// `stats`, and commands that never query, do not touch the vectors. A query
// maps the vector file read-only, advised sequential, and scans it in place:
// a dot product with eight accumulators per vector, the best candidates in a
// bounded heap, one contiguous range per core (scan.go). There is no heap
// copy of the vectors and no index to build or keep in step with writes.
// The BM25 postings are stored in the file too, in blocks per term, and
// scored at query time with one prefix scan per query term. Query fuses the
// two rankings with weighted reciprocal rank fusion, all inside one read
// transaction.
//
// chromem-go, which the design started from, answered the vector queries of
// format 1 from an in-memory collection that Open filled with a copy of
// every vector, one map insert and one length check each: at a million
// chunks that was 70% of a 5.6 s search and 6.35 GiB of memory. Its query is
// the same exhaustive dot product this package runs, so it brought nothing
// the file scan lacks; it remains the reference the benchmarks compare with
// (BenchmarkChromemOpenQuery100k), not a dependency of the store.
//
// # Several processes
//
// The file is open only while an operation runs: a read opens it read-only
// (shared lock), an Add batch opens it read-write (exclusive lock), writes
// one transaction and closes it, so other gtrag processes can read and write
// between batches. An operation that finds the lock taken waits, saying so
// once on the WaitNotices writer, up to LockTimeout, then fails with a
// message. Each write bumps a generation counter in the meta bucket; a
// long-lived DB compares it on its next Add or Query and catches up its
// counters and paper records incrementally, from the documents numbered
// after those it has and from a log of deleted ids (bounded; a reader that
// fell behind it reloads). Queries need no catching up: they read the
// committed state.
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
// A paper stored for the first time also gets a provenance record (when,
// and the label of the question or ingest that added it) in the same
// transaction, from the label the caller put in the context with
// WithProvenance; provenance.go says why the context and not an argument.
// PaperProvenance reads the records back for `gtrag papers list`.
//
// # Measured
//
// Whole gtrag processes on the 2-core development machine, `make
// bench-scale` (one warm-up, then median of 5 under /usr/bin/time, warm page
// cache unless said), stores built by TestGenerateStore (768-dimension
// offline vectors, ~120-word chunks, float16 copy). Other engineers' jobs
// shared the machine: the load average is given beside each set, and CPU
// (user+sys) is the figure that depends on it least.
//
//	load 2.9                      100k chunks      1M chunks
//	search wall / CPU             0.05 / 0.03 s    0.14 / 0.11 s
//	search peak RSS               179 MiB          1.46 GiB (0.51x)
//	search, cold cache (load 3)   -                1.27 s (dd 0.70 s)
//	stats wall                    0.02 s, 33 MiB   0.02 s, 33 MiB
//	one-paper ingest (13 chunks)  0.02 s, 38 MiB   0.05 s, 37 MiB
//	compact, 2,000 holes          -                0.08 s
//
// RSS is against the float32 vector bytes (3.07 GB at 1M); "dd" is a
// sequential read of the scanned file after dropping it from the page
// cache. A store without the float16 copy (GTRAG_GENERATE_FLOAT32=1,
// load 2.9) searches in 0.03 s wall and CPU, 326 MiB at 100k, and 0.13 s
// wall, 0.21 s CPU, 2.89 GiB (1.01x) at 1M. Format 1 took 5.6 s and 6.35
// GiB, stats and one-paper ingests 4 s each.
//
// Of the 0.04 s of CPU a 100k search takes, half is starting the process:
// `gtrag --version` alone takes 0.02 s, most of it the package
// initialisation of the dependencies linked in for other commands (the
// Vertex AI protos behind langchaingo's googleai, the Weaviate client's
// schema, gRPC and validators); the rest is the float16 scan (0.013 s over
// both cores), unmapping it, BM25 (0.003 s) and garbage collection. BM25
// used to decode each term's postings into one growing slice first, which
// with its garbage collection was a quarter of the whole command (0.043 s
// of CPU and 0.068 s wall before, 0.035 s and 0.041 s after) and most of
// the time at 1M (0.55 s of CPU before, 0.19 s after). The vector scan
// alone (BenchmarkScan100k) runs at 6 to 28 GB/s with the AVX2 kernel,
// depending on the load, and 1.8 GB/s with the pure-Go loop. Building the
// 1M store takes 2 to 13 minutes (by the load) at 1.1 GB peak RSS.
//
// The slot checksums' cost, measured with `go test -bench` on the same
// machine (load 1 to 3.5, so compare figures taken side by side): a query
// of a 100k-chunk, 512-dimension store (BenchmarkOpenQuery100k's, 100 MB
// of float16 scanned), the same store with and without its checksums,
// runs interleaved, 13.0 against 11.6 ms (+1.3 ms, +11%); at 10k chunks,
// 1.8 against 1.45 ms (one core scans); the float32 scan of 100k
// 768-dimension vectors in memory, BenchmarkScanChecked100k against
// BenchmarkScan100k, 19.9 against 16.7 ms (+19%). The CRC runs at about
// 23 GB/s per core, so at 1M chunks (1.5 GB of float16) expect some 65 ms
// more CPU per search, about 35 ms of wall time on two cores (estimated,
// not measured). Writes pay nothing measurable: adding a 13-chunk paper to
// a 20k-chunk store took 1.9 to 2.1 ms with and without, and store.db
// grows from 1,757 to 1,771 bytes per chunk at 100k. Measured again the
// same day on an idle machine, the code before the checksums (004749b)
// against the code after, BenchmarkOpenQuery100k run alternately three
// times each: 9.2, 9.7 and 11.9 ms against 12.9, 14.4 and 14.4 (medians
// 9.7 and 14.4, +48%); BenchmarkScanChecked100k against BenchmarkScan100k,
// 22.0 against 18.3 ms (+20%). The first figure mixes the whole open with
// the query, and more than the check may differ between the two trees;
// both are far inside issue 14's 0.1 s a search at 100k chunks. At 1M
// chunks (round 2 session 29, the store `make bench-scale` generates, load
// 3.4 to 4, the two binaries run alternately five times each on the same
// store): `gtrag search nash equilibrium auction` took 0.14 s wall and
// 0.21 s CPU (medians) built at 004749b, before the checksums, and 0.17 s
// and 0.26 s after (+30 ms wall, +50 ms CPU, about the estimate above);
// peak RSS 1,498 and 1,531 MiB.
package vectordb

// Package ingest fills the knowledge base in bulk: the engine behind
// `gtrag ingest`. It takes papers from an arXiv query (Ingester.Search), an
// id list (Ingester.Lookup) or papers read from a file (Ingester.Papers, fed
// read one at a time by an arxiv.PaperReader), and stores the ones worth keeping as chunks.
//
// # Pipeline
//
// Papers move in batches (one arXiv page, one id_list batch, or
// DefaultFileBatch papers of a file) through three stages that run at the
// same time, joined by channels that hold one batch each:
//
//	fetch → filter + chunk → store + save progress
//
// The filter stage first settles duplicates and stored papers, without a
// filter call: of several versions of one paper in a batch only the newest
// goes on, and a paper this run has handled already is skipped_duplicate;
// a paper the store has in exactly this version is skipped_existing (a
// newer version goes through and the store's upsert replaces the old one).
// It then asks the PaperFilter — the same one the graph uses, LLM or
// offline — about the title and the abstract (an LLM filter shows its
// model the abstract's first 500 runes; no filter with --no-filter), and
// chunks the papers it keeps; Workers papers are handled at once. The store stage adds the batch's chunks with one
// Store.Add and only then records the batch as done; a kept paper counts as
// kept only if the store wrote it (vectordb.AddPapers), so that an older
// version than the one stored is not reported as added. While arXiv's
// pacing delay (3 s) runs, the previous pages are being filtered, embedded
// and written, so a network ingest takes about as long as its requests; a
// file ingest is bound by embedding and writing.
//
// # Entries, not pages
//
// Every entry is judged on its own (arxiv.ValidatePaper): one that cannot
// be a paper is skipped with a notice naming it and counted as
// skipped_invalid, and its page or file goes on. Fields longer than arXiv
// ever sends are cut on input, with a notice. A page longer than asked, or
// an id_list answer holding papers not asked for, is cut to what was asked.
// An asked id arXiv returns nothing for is not_found: one notice names the
// ids of a batch, and each is counted and told to OnPaper like any entry.
// Report holds counts only; OnPaper streams each entry's outcome, so that a
// run of any size, reading its file as it goes, keeps its memory flat.
//
// # Resume files
//
// For queries and id lists, progress lives in <data-dir>/ingest/<key>.json,
// where key hashes what makes two runs the same ingest: the query text,
// sort and filter mode (or the id list and filter mode). The file is
// rewritten atomically (temporary file, fsync, rename) after every committed
// batch; it holds the next result offset, arXiv's total, the ranges given up
// on, and counters over all runs. Running the same command again continues
// after the last committed batch without fetching it again; --max and
// --page-size may change between runs. A query that reached arXiv's total
// is marked done: running it again makes no request and says so, and
// Restart (--restart) starts it over — stored papers are then skipped, so
// only new results cost work. File ingests keep no resume file: re-reading
// a file is cheap and stored papers are skipped.
//
// # Outputs
//
// A command that writes more than the store (`ingest --ids-out`) sets
// Ingester.Open instead of Store: it is called once per run with Start,
// which says whether the run continues saved progress (append) or starts
// over (truncate), and for a query only once arXiv has answered the first
// request, so that a query arXiv refuses creates nothing. OnPaper is told
// each entry's outcome and OnBatch is called when a batch's entries are
// all told, before its progress is saved: an output flushed there holds
// every batch the resume file counts as committed, whenever the process
// dies.
//
// Ctrl-C (the context ends) stops fetching at once; the batches already
// fetched are still committed if that takes less than DrainTimeout, else the
// batch in hand is abandoned whole (the store rolls an unfinished Add back)
// and fetched again next time. The run returns an *InterruptedError
// (errors.Is context.Canceled) and the command tells the user to run it
// again.
//
// # Politeness and faults
//
// All requests go through one arxiv.Client, from one goroutine, so its
// pacing (one request per --arxiv-delay, measured between request starts)
// and its single connection hold. The client retries connection errors,
// timeouts, 429 and 5xx with backoff, honouring Retry-After; when it gives
// up, the run stops with a *StoppedError and every batch committed before
// it stays (run the command again to continue). arXiv's own error answer
// (an *arxiv.APIError) and any HTTP 400 are not retried (arxiv.Refused):
// on the first request of
// a fresh query it means the query is malformed, and the run ends with a
// *RefusedError before anything is opened or written. arXiv sometimes answers a
// page with no entries although its total says more exist: the client asks
// again within its attempts (EmptyPageRetries adds more rounds); if the page
// stays empty, the run gives up on that page with a notice, records the
// range as a gap in the resume file and continues with the next page. A
// run that ends with gaps returns a *GapsError naming them (the command
// exits 1); the next run of the same command asks for its gaps first, and a
// query with gaps is not done.
package ingest

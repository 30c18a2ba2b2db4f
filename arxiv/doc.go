// Package arxiv is gtrag's client for the arXiv query API (/api/query): it
// builds queries, fetches and pages results politely, survives the API's
// faults, and turns Atom feeds and JSON Lines files into Papers.
//
// Start with a zero Client and call Search or Lookup:
//
//	var c arxiv.Client // export.arxiv.org, one request every 3 s, 4 attempts
//	q := arxiv.BuildQuery("How does tit-for-tat fare with noise?", arxiv.QueryOptions{Boost: arxiv.GameTheoryBoost})
//	page, err := c.Search(ctx, q, 0, 30, arxiv.SearchOptions{Sort: arxiv.SortRelevance})
//	papers, err := c.Lookup(ctx, []string{"2301.01234v2", "cs/0112004v1"})
//
// Queries. BuildQuery turns a question into a search of titles and
// abstracts (ti:, abs:; all: would match author names), ORs its terms and
// concepts so that a paraphrased question still matches and arXiv's
// relevance order ranks the papers sharing the most and rarest terms
// first, and treats game theory as a soft boost (ORed categories), never as
// a required phrase: most game-theory abstracts never say "game theory".
// Its doc comment gives the reasons in full.
//
// Politeness. arXiv's terms ask for at most one request every 3 seconds over
// a single connection. A Client enforces both for all its callers together:
// one request is in flight at a time, and each request (retries included)
// starts at least Delay after the previous one started; concurrent callers
// queue. Share one Client per process. Every wait honours the context, so
// Ctrl-C ends a call at once. Requests reports how many requests were sent.
//
// Faults. Connection errors, timeouts (RequestTimeout per attempt), HTTP 429
// and 5xx are retried with exponential backoff and jitter, honouring
// Retry-After (seconds or HTTP-date; a wait beyond MaxRetryWait ends the
// retries with a clear error instead of hanging), at most MaxAttempts times
// in all. A 200 answer that is not an Atom feed (a truncated body, an HTML
// maintenance page from a proxy) is treated the same way: it says the path
// to arXiv failed, not that the query is wrong, and asking again is cheap
// under pacing; the final error wraps ErrNotFeed. arXiv's own error feed
// (HTTP 400, or rarely 200) becomes an *APIError with arXiv's message and is
// not retried. A page with no entries although opensearch:totalResults says
// more exist (an arXiv quirk) is asked for again within the same budget; if
// it stays empty, Search returns it and Page.EmptyQuirk reports it, so a
// batch ingest can skip it and say so (Lookup asks only once more: for
// id_list the same symptom usually means unknown ids). OnRetry lets a
// command report each retry. Zero fields mean the defaults; to turn pacing
// off (a local mirror, tests) set Delay negative, so a command mapping
// "--arxiv-delay 0" must pass -1, not 0.
//
// Two layouts. arXiv serves two Atom layouts: the classic one (feed title
// "ArXiv Query: …", http:// links, titles wrapped with a newline and two
// spaces, abstracts indented by two spaces, namespaces declared on each
// extension element) and, since late 2025, a newer one ("arXiv Query: …",
// https:// links, another element order, single-line text, namespaces on
// the root). ParseFeed reads both with gofeed by meaning: extension elements
// are found by namespace, links by rel and title ("alternate" is the
// abstract page, title "pdf" the PDF), error feeds by the entry id
// (".../api/errors#…") rather than by the title "Error", which only the
// classic layout uses. Titles and abstracts have every whitespace run
// collapsed to one space; LaTeX such as "$\epsilon$-Nash" is kept as text.
//
// Ids keep their version ("2301.01234v2"); old-style ids keep their slash
// ("cs/0112004v1", "hep-th/9901001v1"). See ParseID in paper.go. An id
// whose date can never be ("2413.01234", month 13) is refused as an
// *ImpossibleIDError (iddate.go).
//
// Recorded feeds for tests live in testdata/arxiv at the top of the module,
// so that command tests can replay the same documents; internal/arxivtest
// is a fake API over any list of papers, serving both layouts.
package arxiv

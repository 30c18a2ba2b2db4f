// Package arxivtest is the one fake arXiv API for tests, and the papers to
// feed it.
//
// New starts an httptest server whose URL field is the /api/query endpoint,
// ready for --arxiv-url or arxiv.Client.BaseURL:
//
//	srv := arxivtest.New(t, papers)                       // evaluates search_query
//	srv := arxivtest.New(t, arxivtest.Papers(0, 250), arxivtest.MatchAll(),
//		arxivtest.WithLayout(arxivtest.Modern))            // every search returns all 250
//
// By default the server ranks like arXiv's Lucene engine (see Query and
// Index): the arXiv query language (field prefixes ti: abs: au: co: jr:
// cat: id: all:, "quoted phrases", AND, OR, ANDNOT, parentheses, wildcards),
// terms side by side OR'ed, English analysis (stop words, stemming with the
// project's tokenizer), per-field BM25 with a modest title boost, and
// Lucene's coord factor. A bare term, like all:, also searches author
// names, as on arXiv. Results come by relevance unless sortBy asks for
// submittedDate or lastUpdatedDate (sortOrder descending unless
// ascending). MatchAll makes every search return every paper, for tests
// about paging rather than matching. id_list finds a paper by its exact id
// or, for an id without a version, its latest version. start and
// max_results page as arXiv does (max_results defaults to 10), and pages
// come in either of the two layouts arXiv serves (Classic, Modern; see
// Feed).
//
// The ranking is a model, not a copy: arXiv's exact analyzers, boosts and
// Lucene version are not public. What it reproduces are the properties a
// query writer must live with — OR by default, author names in bare terms,
// phrases that need adjacent words, rare words weighing more than common
// ones, and papers matching more clauses ranking first.
//
// Every request is logged with its arrival time (Requests, StartCounts), so
// tests can check paging, pacing and resumption from the server's side.
// SetFault injects faults per request: a status with Retry-After, any body
// (an HTML page, truncated XML, ErrorFeed), arXiv's empty-page quirk, a
// connection reset, or no answer at all. OnRequest observes requests on
// arrival, for example to cancel a run mid-page.
//
// Papers, PaperVersion and VideoGamePaper generate small fixture papers
// (both id styles, abstracts of a real length); WriteJSONL writes papers in
// the `ingest --file` format.
//
// World starts the test world: the written papers of
// testdata/world/papers.jsonl among thousands of generated ones
// (Background: other fields, distractors that use game vocabulary without
// being game theory, and game-theory papers that, like most on arXiv,
// rarely say "game theory"), built once per test binary. cmd/arxivworld
// serves the same world on a fixed address for a person running
// `gtrag eval --fresh --arxiv-url …`; testdata/world/README.md describes it.
package arxivtest

// Package nodes is the gtrag workflow: the GraphState that flows through it,
// the six nodes, the two routers and Build, which wires them into a graph.
//
//	START ─→ pull_from_chroma ─→ check_relevance
//	check_relevance ──── relevant ────→ generate_response ─→ END
//	check_relevance ── not relevant ──→ search_arxiv ─→ filter_game_theory_papers
//	filter_game_theory_papers ── papers kept ──→ add_to_chroma ─→ pull_from_chroma
//	filter_game_theory_papers ── none kept ────→ generate_response
//
// Each node is a method on a small struct that holds only the interfaces it
// calls (a Retriever, a Searcher, a reasoner…), so that tests, tracing and
// replay can wrap any external effect. Nodes never mutate the slices of the
// state they receive: the graph engine hands observers the state before and
// after each step, and both must stay intact.
//
// search_arxiv (search.go) fetches a pool of candidates with one
// relevance-sorted request, ranks it against the question with the store's
// hybrid scorer, and passes on only new papers about the question
// (about.go); the filter judges them in rank order until enough are kept.
// A question whose topic the filter finds evidence against is not searched
// for at all. generate_response says how the run ended (GraphState.Outcome:
// answered, answered_with_caveat, not_found, off_topic, arxiv_unavailable,
// or impossible when the decision agent of --router llm judged that no
// route can answer).
//
// The loop ends because a run sends at most Deps.MaxSearches arXiv
// requests (one for a question the topic judge does not recognise as game
// theory), never the same one twice, and search_arxiv drops every paper
// already in papers_seen: once the requests are spent or find nothing new,
// the filter keeps nothing and the run goes to generate_response. The
// engine's step limit is the backstop.
//
// Field names (FieldUserQuery, …) are GraphState's JSON names; the node
// metadata uses them, and the tests check that every node changes only the
// fields it declares in Writes.
package nodes

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
// The loop ends because search_arxiv drops every paper already in
// papers_seen: a second search for the same question finds nothing new, the
// filter keeps nothing and the run goes to generate_response. The engine's
// step limit is the backstop.
package nodes

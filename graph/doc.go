// Package graph runs a typed state through a graph of steps, like
// LangGraph's StateGraph: nodes do the work, edges say what comes next, and
// routers choose between edges by looking at the state. It knows nothing
// about RAG, arXiv or LLMs; package nodes builds gtrag's workflow with it.
//
// Declare, compile, run:
//
//	g := graph.New[State]()                        // State is any type; pass a struct by value
//	g.AddNode("retrieve", retrieve, graph.Describe("..."), graph.Reads("query"), graph.Writes("docs"))
//	g.AddNode("answer", answer)
//	g.AddEdge(graph.START, "retrieve")
//	g.AddConditionalEdges("retrieve", enoughDocs, map[string]string{
//		"enough":  "answer",
//		"nothing": graph.END,
//	}, graph.Name("enough_docs"))
//	g.AddEdge("answer", graph.END)
//	compiled, err := g.Compile()                  // every mistake, listed at once
//	final, err := compiled.Run(ctx, State{Query: q})
//
// A node is a func(ctx, S) (S, error) that returns the next state. A router
// is a func(S) (key, reason string): the key picks the next node from the
// route map, the reason is for people reading traces. Every node has exactly
// one way out, a fixed edge or a router, and every run starts at the single
// edge from START and finishes when a step routes to END. Loops are allowed;
// a run that takes more than 25 steps (change it with WithStepLimit) stops
// with a *StepLimitError showing the path it took.
//
// Failures are typed: *CompileError (a bad declaration), *NodeError (a node
// failed; errors.Is and errors.As see the node's own error through it),
// *RouteError (a router returned a key missing from its map) and
// *StepLimitError. A cancelled context stops a run between steps with an
// error for which errors.Is(err, context.Canceled) holds. A failed run
// returns the state of its last completed step; a node that fails after
// doing something the caller must know about (a paper written to a store
// before Ctrl-C stopped the next) returns its state with Partial(err),
// and the run ends with that state instead.
//
// To watch a run, range over Steps, which yields each step with its state
// before and after and the route taken, or pass WithObserver to Run or Steps.
// With neither, the engine allocates nothing per step.
//
// WithDecider lets a decision agent (an LLM, a person) choose at the
// conditional edges instead of the routers, among the declared routes
// only; it may change the state as it decides. An observer that is also
// a DecisionObserver hears its decisions, and one that is also a
// DecisionStateObserver the state it received and the state it returned.
//
// Nodes, Edges and Routers describe the graph for help text; Mermaid, DOT
// and ASCII draw it, and Highlight marks the path a run took on the Mermaid
// drawing. A compiled Graph is immutable and safe for concurrent runs.
package graph

package graph_test

import (
	"context"
	"fmt"

	"github.com/gtrag/gtrag/graph"
)

type draft struct {
	Text      string
	Revisions int
}

// A node that revises a draft, and a router that sends it back until it is
// loud enough: a loop that ends by route.
func Example() {
	g := graph.New[draft]()
	g.AddNode("revise", func(_ context.Context, d draft) (draft, error) {
		d.Text += "!"
		d.Revisions++
		return d, nil
	}, graph.Describe("add emphasis"), graph.Reads("text"), graph.Writes("text", "revisions"))
	g.AddEdge(graph.START, "revise")
	g.AddConditionalEdges("revise", func(d draft) (key, reason string) {
		if d.Revisions < 3 {
			return "again", "not loud enough yet"
		}
		return "done", "loud enough"
	}, map[string]string{"again": "revise", "done": graph.END}, graph.Name("loud_enough"))

	compiled, err := g.Compile()
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := compiled.Run(context.Background(), draft{Text: "hello"})
	fmt.Println(out.Text, out.Revisions, err)
	// Output: hello!!! 3 <nil>
}

// Steps yields each step as it completes, for live output.
func ExampleGraph_Steps() {
	g := graph.New[int]()
	g.AddNode("double", func(_ context.Context, n int) (int, error) { return 2 * n, nil })
	g.AddEdge(graph.START, "double")
	g.AddConditionalEdges("double", func(n int) (string, string) {
		if n < 10 {
			return "small", fmt.Sprintf("%d < 10", n)
		}
		return "big", fmt.Sprintf("%d ≥ 10", n)
	}, map[string]string{"small": "double", "big": graph.END})
	compiled, _ := g.Compile()

	for step, err := range compiled.Steps(context.Background(), 3) {
		if err != nil {
			fmt.Println("error:", err)
			break
		}
		fmt.Printf("%d %s: %d → %d, %s (%s) → %s\n", step.Index, step.Node, step.Before, step.After, step.Route, step.Reason, step.Next)
	}
	// Output:
	// 1 double: 3 → 6, small (6 < 10) → double
	// 2 double: 6 → 12, big (12 ≥ 10) → __end__
}

// Compile lists every problem at once.
func ExampleStateGraph_Compile() {
	nop := func(_ context.Context, n int) (int, error) { return n, nil }
	g := graph.New[int]()
	g.AddNode("fetch", nop)
	g.AddNode("fetch", nop)
	g.AddNode("answer", nop)
	g.AddEdge(graph.START, "fetch")
	g.AddEdge("fetch", "answr")
	g.AddEdge("answer", graph.END)

	_, err := g.Compile()
	fmt.Println(err)
	// Output:
	// invalid graph: 3 problems:
	//   - edge fetch → answr: unknown node "answr"
	//   - node "answer" is unreachable from START
	//   - node "fetch" is declared 2 times
}

// Mermaid draws the graph; Highlight marks the path of a run.
func ExampleGraph_Mermaid() {
	nop := func(_ context.Context, n int) (int, error) { return n, nil }
	g := graph.New[int]()
	g.AddNode("retrieve", nop)
	g.AddNode("answer", nop)
	g.AddEdge(graph.START, "retrieve")
	g.AddConditionalEdges("retrieve", func(int) (string, string) { return "found", "" },
		map[string]string{"found": "answer", "nothing": graph.END})
	g.AddEdge("answer", graph.END)
	compiled, _ := g.Compile()

	fmt.Print(compiled.Mermaid(graph.Highlight([]string{"retrieve", "answer", graph.END})))
	// Output:
	// flowchart TD
	// 	__start__([__start__]):::first
	// 	retrieve(retrieve)
	// 	answer(answer)
	// 	__end__([__end__]):::last
	// 	__start__ --> retrieve
	// 	retrieve -. found .-> answer
	// 	retrieve -. nothing .-> __end__
	// 	answer --> __end__
	// 	classDef default fill:#f2f0ff,line-height:1.2
	// 	classDef first fill-opacity:0
	// 	classDef last fill:#bfb6fc
	// 	classDef visited fill:#ffe8cc,stroke:#e8590c,stroke-width:2px
	// 	class __start__,retrieve,answer,__end__ visited
	// 	linkStyle 0,1,3 stroke:#e8590c,stroke-width:3px
}

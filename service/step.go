package service

import (
	"context"
	"slices"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// StepPreview is what a step-through shows before a node runs: the node,
// what it is about to do (its metadata: description, tools, the fields it
// will change) and its percept, the fields it reads as they are now.
type StepPreview struct {
	Step        int
	Node        string
	Description string
	Tools       []string
	Writes      []string
	Percept     []trace.Field
}

// BeforeStep is AskOptions.BeforeStep: called before every node runs, it
// may block (waiting for a person). Returning nil runs the node; returning
// an error stops the run there, before the node, and Ask returns an error
// wrapping a *graph.InterruptError that wraps it. A stopped run is
// consistent: every step before it completed (the store holds what they
// added), nothing of the stopped one ran, and a trace records the run as
// interrupted.
type BeforeStep func(ctx context.Context, p StepPreview) error

// interruptBefore adapts a BeforeStep to the graph's interrupt, giving it
// each node's metadata from g.
func interruptBefore(g *nodes.Graph, before BeforeStep) graph.RunOption {
	info := map[string]graph.NodeInfo{}
	for _, n := range g.Nodes() {
		info[n.Name] = n
	}
	return graph.WithInterruptBefore(func(ctx context.Context, step int, node string, s nodes.GraphState) error {
		n := info[node]
		percept, err := trace.Percept(s, n.Reads)
		if err != nil {
			return err
		}
		return before(ctx, StepPreview{
			Step: step, Node: node, Description: n.Description,
			Tools: slices.Clone(n.Tools), Writes: slices.Clone(n.Writes), Percept: percept,
		})
	})
}

package graph

import (
	"maps"
	"slices"
)

// NodeInfo describes a node for people: help text, diagrams, traces.
type NodeInfo struct {
	Name        string
	Description string
	Reads       []string // state fields
	Writes      []string // state fields
	Tools       []string // external tools called
}

// EdgeInfo is one possible move between steps. Key is the route key of a
// conditional edge and empty for a fixed one.
type EdgeInfo struct {
	From, To    string
	Key         string
	Conditional bool
}

// RouterInfo describes a router: where it runs, what it reads, and where
// each of its route keys leads.
type RouterInfo struct {
	Name        string
	From        string // the node it runs after
	Description string
	Reads       []string
	Routes      map[string]string // route key → node or END
}

// Nodes lists the nodes in declaration order, without START and END.
func (g *Graph[S]) Nodes() []NodeInfo {
	out := slices.Clone(g.nodeInfo)
	for i := range out {
		out[i].Reads = slices.Clone(out[i].Reads)
		out[i].Writes = slices.Clone(out[i].Writes)
		out[i].Tools = slices.Clone(out[i].Tools)
	}
	return out
}

// Edges lists every edge, START's included, in declaration order; the
// edges of one router are sorted by route key.
func (g *Graph[S]) Edges() []EdgeInfo { return slices.Clone(g.edgeInfo) }

// Routers lists the routers in declaration order.
func (g *Graph[S]) Routers() []RouterInfo {
	out := slices.Clone(g.routerInfo)
	for i := range out {
		out[i].Reads = slices.Clone(out[i].Reads)
		out[i].Routes = maps.Clone(out[i].Routes)
	}
	return out
}

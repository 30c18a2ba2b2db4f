package graph

import (
	"context"
	"slices"
	"strings"
)

// START and END are the graph's two terminals. Every run enters through the
// single fixed edge from START and ends when a step routes to END. The names
// are LangGraph's, so diagrams read the same in both worlds.
const (
	START = "__start__"
	END   = "__end__"
)

// NodeFunc is one step of work: it receives the state and returns the next
// state. A node that returns an error ends the run with a *NodeError, and
// the state it returned with the error is ignored, unless the error is
// marked Partial: then the run ends with that state, which says what the
// node did before it failed.
type NodeFunc[S any] func(context.Context, S) (S, error)

// RouteFunc picks the next node after a step from the state it produced. It
// returns a route key, which must be one of the keys given to
// AddConditionalEdges, and a reason for people reading traces.
type RouteFunc[S any] func(S) (key, reason string)

// NodeOption adds teaching metadata to a node or a router: what it does,
// which state fields it reads and writes, which external tools it calls.
// The engine never looks at it; introspection and rendering do.
type NodeOption struct {
	kind optionKind
	text string
	list []string
}

type optionKind uint8

const (
	optDescribe optionKind = iota + 1
	optReads
	optWrites
	optTools
	optName
)

func (k optionKind) String() string {
	return [...]string{"", "Describe", "Reads", "Writes", "Tools", "Name"}[k]
}

// Describe gives a node or router a one-line description.
func Describe(text string) NodeOption { return NodeOption{kind: optDescribe, text: text} }

// Reads lists the state fields a node or router reads.
func Reads(fields ...string) NodeOption { return NodeOption{kind: optReads, list: fields} }

// Writes lists the state fields a node writes. Routers write nothing.
func Writes(fields ...string) NodeOption { return NodeOption{kind: optWrites, list: fields} }

// Tools lists the external tools a node calls (a store, an API, a model).
func Tools(tools ...string) NodeOption { return NodeOption{kind: optTools, list: tools} }

// Name names a router; without it a router is called "route_after_<from>".
// Nodes are named by AddNode.
func Name(name string) NodeOption { return NodeOption{kind: optName, text: name} }

// meta is the collected NodeOptions of one declaration.
type meta struct {
	name, desc           string
	hasName              bool
	reads, writes, tools []string
	misused              []string // options that do not apply to this kind of declaration
}

func collect(opts []NodeOption, allowed ...optionKind) meta {
	var m meta
	for _, o := range opts {
		if !slices.Contains(allowed, o.kind) {
			if o.kind != 0 && !slices.Contains(m.misused, o.kind.String()) {
				m.misused = append(m.misused, o.kind.String())
			}
			continue
		}
		switch o.kind {
		case optDescribe:
			m.desc = o.text
		case optReads:
			m.reads = append(m.reads, o.list...)
		case optWrites:
			m.writes = append(m.writes, o.list...)
		case optTools:
			m.tools = append(m.tools, o.list...)
		case optName:
			m.name, m.hasName = o.text, true
		}
	}
	return m
}

// StateGraph declares a graph: nodes, then the edges between them. Nothing is
// checked until Compile, which reports every mistake at once, so the
// declaration reads like the diagram it describes. The zero value is an empty
// graph ready for use.
type StateGraph[S any] struct {
	nodes []nodeDecl[S]
	links []linkDecl[S] // fixed and conditional edges, in declaration order
}

type nodeDecl[S any] struct {
	name string
	fn   NodeFunc[S]
	meta meta
}

// linkDecl is one AddEdge or AddConditionalEdges call.
type linkDecl[S any] struct {
	from        string
	to          string // fixed edges only
	conditional bool
	route       RouteFunc[S]
	routes      []routeDecl // sorted by key
	meta        meta
}

type routeDecl struct{ key, to string }

// New returns an empty graph whose steps pass a state of type S.
func New[S any]() *StateGraph[S] { return &StateGraph[S]{} }

// AddNode declares a node. Options: Describe, Reads, Writes, Tools.
func (g *StateGraph[S]) AddNode(name string, fn NodeFunc[S], opts ...NodeOption) {
	g.nodes = append(g.nodes, nodeDecl[S]{
		name: name, fn: fn,
		meta: collect(opts, optDescribe, optReads, optWrites, optTools),
	})
}

// AddEdge declares that the step after from is always to. from may be START
// and to may be END.
func (g *StateGraph[S]) AddEdge(from, to string) {
	g.links = append(g.links, linkDecl[S]{from: from, to: to})
}

// AddConditionalEdges declares that after from, route chooses the next step:
// the key it returns is looked up in routes, which maps each key to a node
// or END. Options: Name, Describe, Reads.
func (g *StateGraph[S]) AddConditionalEdges(from string, route RouteFunc[S], routes map[string]string, opts ...NodeOption) {
	l := linkDecl[S]{
		from: from, conditional: true, route: route,
		meta: collect(opts, optName, optDescribe, optReads),
	}
	for k, to := range routes {
		l.routes = append(l.routes, routeDecl{key: k, to: to})
	}
	slices.SortFunc(l.routes, func(a, b routeDecl) int { return strings.Compare(a.key, b.key) })
	if !l.meta.hasName {
		l.meta.name = "route_after_" + from
	}
	g.links = append(g.links, l)
}

package graph

import (
	"fmt"
	"slices"
	"strings"
)

// Compile checks the declaration and returns the runnable graph. When
// something is wrong it returns a *CompileError listing every problem:
// unknown, empty, reserved or duplicate names, a missing entry edge, nodes
// unreachable from START or unable to reach END, nodes with more than one
// way out, and routes to undeclared nodes.
//
// The returned Graph shares nothing mutable with the StateGraph and is safe
// for concurrent runs.
func (g *StateGraph[S]) Compile() (*Graph[S], error) {
	c := checker[S]{g: g, index: map[string]int{}, exits: map[string][]int{}}
	c.checkNodes()
	c.checkLinks()
	c.checkExits()
	c.checkReachability()
	if len(c.problems) > 0 {
		slices.Sort(c.problems)
		return nil, &CompileError{Problems: slices.Compact(c.problems)}
	}
	return g.build(), nil
}

// checker collects every problem of a declaration instead of stopping at the
// first, so one Compile shows the whole list.
type checker[S any] struct {
	g        *StateGraph[S]
	index    map[string]int   // node name → first declaration
	exits    map[string][]int // START or node name → indexes of its links
	problems []string
}

func (c *checker[S]) report(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker[S]) isNode(name string) bool {
	_, ok := c.index[name]
	return ok
}

// isTarget reports whether name is somewhere a step may go.
func (c *checker[S]) isTarget(name string) bool { return name == END || c.isNode(name) }

// nodeNames lists the valid node names in declaration order.
func (c *checker[S]) nodeNames() []string {
	var names []string
	for i, n := range c.g.nodes {
		if c.index[n.name] == i && c.isNode(n.name) {
			names = append(names, n.name)
		}
	}
	return names
}

func (c *checker[S]) checkNodes() {
	count := map[string]int{}
	for i, n := range c.g.nodes {
		switch n.name {
		case "":
			c.report("node #%d has an empty name", i+1)
		case START:
			c.report("node name %q is reserved for graph.START", n.name)
		case END:
			c.report("node name %q is reserved for graph.END", n.name)
		default:
			if count[n.name] == 0 {
				c.index[n.name] = i
			}
			count[n.name]++
		}
		if n.fn == nil {
			c.report("node %q has a nil function", n.name)
		}
		for _, o := range n.meta.misused {
			c.report("node %q: option %s applies only to routers", n.name, o)
		}
	}
	for name, n := range count {
		if n > 1 {
			c.report("node %q is declared %d times", name, n)
		}
	}
}

func (c *checker[S]) checkLinks() {
	routerNames := map[string]int{}
	for li, l := range c.g.links {
		what := fmt.Sprintf("edge %s → %s", l.from, l.to)
		if l.conditional {
			what = fmt.Sprintf("router %q (after %s)", l.meta.name, l.from)
			routerNames[l.meta.name]++
		}
		switch {
		case l.from == END:
			c.report("%s: END has no outgoing edges", what)
		case l.from != START && !c.isNode(l.from):
			c.report("%s: unknown node %q", what, l.from)
		default:
			if l.from == START && l.conditional {
				c.report("%s: START needs a fixed edge to the first node; conditional entry is not supported", what)
			}
			c.exits[l.from] = append(c.exits[l.from], li)
		}
		if !l.conditional {
			c.checkTarget(what, l.to)
			continue
		}
		if l.route == nil {
			c.report("%s: nil route function", what)
		}
		if len(l.routes) == 0 {
			c.report("%s: empty route map", what)
		}
		for _, r := range l.routes {
			if r.key == "" {
				c.report("%s: empty route key (→ %s)", what, r.to)
			}
			c.checkTarget(fmt.Sprintf("%s: route %q", what, r.key), r.to)
		}
		for _, o := range l.meta.misused {
			c.report("%s: option %s applies only to nodes", what, o)
		}
	}
	for name, n := range routerNames {
		if n > 1 {
			c.report("router name %q is used %d times", name, n)
		}
	}
}

func (c *checker[S]) checkTarget(what, to string) {
	switch {
	case to == START:
		c.report("%s: START cannot be a target", what)
	case !c.isTarget(to):
		c.report("%s: unknown node %q", what, to)
	}
}

// checkExits makes sure START and every node have exactly one way out: one
// fixed edge or one router.
func (c *checker[S]) checkExits() {
	for _, from := range append([]string{START}, c.nodeNames()...) {
		var fixed []string
		conditional := 0
		for _, li := range c.exits[from] {
			if l := c.g.links[li]; l.conditional {
				conditional++
			} else {
				fixed = append(fixed, l.to)
			}
		}
		subject := fmt.Sprintf("node %q", from)
		if from == START {
			subject = "START"
		}
		switch {
		case from == START && len(fixed)+conditional == 0:
			c.report("no entry: add an edge from START to the first node")
		case len(fixed)+conditional == 0:
			c.report("%s has no outgoing edge (add one to END if it is the last step)", subject)
		case len(fixed) > 0 && conditional > 0:
			c.report("%s has both a fixed edge (→ %s) and conditional edges; keep one", subject, strings.Join(fixed, ", "))
		case from == START && len(fixed) == 1 && fixed[0] == END:
			c.report("START leads straight to END: the entry edge must lead to a node")
		case len(fixed) > 1 && from == START:
			c.report("START has %d fixed edges (→ %s); a run has one entry", len(fixed), strings.Join(fixed, ", "))
		case len(fixed) > 1:
			c.report("%s has %d fixed edges (→ %s); use AddConditionalEdges to branch", subject, len(fixed), strings.Join(fixed, ", "))
		case conditional > 1:
			c.report("%s has %d routers; merge them into one", subject, conditional)
		}
	}
}

// checkReachability finds nodes no run can visit and nodes from which no run
// can finish. Edges with bad names are already reported and are left out,
// except that a node with a bad edge is taken to reach END: a typo should
// show up once, not as a cascade of END problems upstream.
func (c *checker[S]) checkReachability() {
	succ := map[string][]string{}
	pred := map[string][]string{}
	var broken []string
	for _, from := range append([]string{START}, c.nodeNames()...) {
		for _, li := range c.exits[from] {
			l := c.g.links[li]
			if l.conditional && len(l.routes) == 0 {
				broken = append(broken, from)
			}
			for _, to := range l.targets() {
				if !c.isTarget(to) {
					broken = append(broken, from)
					continue
				}
				succ[from] = append(succ[from], to)
				pred[to] = append(pred[to], from)
			}
		}
	}
	if len(succ[START]) > 0 { // without an entry everything is unreachable; one problem says so
		seen := walk(succ, START)
		for _, name := range c.nodeNames() {
			if !seen[name] {
				c.report("node %q is unreachable from START", name)
			}
		}
	}
	finishes := walk(pred, append(broken, END)...)
	for _, name := range c.nodeNames() {
		if len(c.exits[name]) > 0 && !finishes[name] {
			c.report("node %q can never reach END", name)
		}
	}
}

// walk returns every name reachable from the roots through next.
func walk(next map[string][]string, roots ...string) map[string]bool {
	seen := map[string]bool{}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		stack = append(stack, next[n]...)
	}
	return seen
}

func (l linkDecl[S]) targets() []string {
	if !l.conditional {
		return []string{l.to}
	}
	ts := make([]string, len(l.routes))
	for i, r := range l.routes {
		ts[i] = r.to
	}
	return ts
}

// build turns a checked declaration (unique names, valid edges) into the
// runnable graph and its introspection tables.
func (g *StateGraph[S]) build() *Graph[S] {
	out := &Graph[S]{}
	pos := map[string]int32{END: endIndex}
	for _, n := range g.nodes {
		pos[n.name] = int32(len(out.nodes))
		out.nodes = append(out.nodes, node[S]{name: n.name, fn: n.fn, next: endIndex})
		out.nodeInfo = append(out.nodeInfo, NodeInfo{
			Name: n.name, Description: n.meta.desc,
			Reads: clip(n.meta.reads), Writes: clip(n.meta.writes), Tools: clip(n.meta.tools),
		})
	}
	for _, l := range g.links {
		if !l.conditional {
			out.edgeInfo = append(out.edgeInfo, EdgeInfo{From: l.from, To: l.to})
			if l.from == START {
				out.entry = pos[l.to]
			} else {
				out.nodes[pos[l.from]].next = pos[l.to]
			}
			continue
		}
		r := &router[S]{name: l.meta.name, fn: l.route}
		info := RouterInfo{
			Name: l.meta.name, From: l.from, Description: l.meta.desc,
			Reads: clip(l.meta.reads), Routes: make(map[string]string, len(l.routes)),
		}
		for _, rd := range l.routes {
			r.routes = append(r.routes, route{key: rd.key, to: pos[rd.to]})
			info.Routes[rd.key] = rd.to
			out.edgeInfo = append(out.edgeInfo, EdgeInfo{From: l.from, To: rd.to, Key: rd.key, Conditional: true})
		}
		out.nodes[pos[l.from]].router = r
		out.routerInfo = append(out.routerInfo, info)
	}
	return out
}

// clip copies a list so that later appends by either side stay private.
func clip(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

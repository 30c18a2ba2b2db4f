package trace

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/graph"
)

// Described is what Explain needs of a graph: its metadata. Every
// *graph.Graph has it.
type Described interface {
	Nodes() []graph.NodeInfo
	Edges() []graph.EdgeInfo
	Routers() []graph.RouterInfo
}

// Explain writes the percept → reasoning → action → environment update
// account of a workflow, generated from its metadata so that it is never out
// of date: for every node what it perceives (Reads), decides (Describe),
// does (Tools) and changes (Writes), for every router what it reads and
// where each route key leads, then the loops and the flow of each state
// field from writer to reader.
func Explain(w io.Writer, g Described) error {
	var b strings.Builder
	nodeList, routers, edges := g.Nodes(), g.Routers(), g.Edges()
	routerAfter := map[string]graph.RouterInfo{}
	for _, r := range routers {
		routerAfter[r.From] = r
	}
	fixedNext := map[string]string{}
	entry := ""
	for _, e := range edges {
		if e.Conditional {
			continue
		}
		if e.From == graph.START {
			entry = e.To
		} else {
			fixedNext[e.From] = e.To
		}
	}

	b.WriteString("# The agent loop, explained from the code\n\n")
	b.WriteString("One state flows through the graph. Each node PERCEIVES some of its fields,\n")
	b.WriteString("DECIDES what to do, ACTS through its tools and CHANGES some fields: the\n")
	b.WriteString("percept of the next node. Routers read the state and choose the next node.\n\n")
	fmt.Fprintf(&b, "Entry: START → %s\n", endName(entry))
	for _, loop := range loops(entry, edges) {
		fmt.Fprintf(&b, "Loop:  %s\n", strings.Join(loop, " → "))
	}

	for i, n := range nodeList {
		fmt.Fprintf(&b, "\n## %d. %s (node)\n\n", i+1, n.Name)
		row(&b, "Perceives", list(n.Reads, "nothing declared"))
		row(&b, "Decides", orText(n.Description, "(no description)"))
		row(&b, "Does", list(n.Tools, "nothing outside the state (no tools)"))
		row(&b, "Changes", list(n.Writes, "nothing declared"))
		if r, ok := routerAfter[n.Name]; ok {
			row(&b, "Next", r.Name+" decides (below)")
			fmt.Fprintf(&b, "\n### %s (router after %s)\n\n", r.Name, n.Name)
			row(&b, "Perceives", list(r.Reads, "nothing declared"))
			row(&b, "Decides", orText(r.Description, "(no description)"))
			row(&b, "Who", "this rule (--router rules, the default); with --router llm a decision agent")
			row(&b, "", "reads the tree data and chooses a route below, and this rule decides")
			row(&b, "", "whenever its reply is not a declared route")
			keys := make([]string, 0, len(r.Routes))
			for k := range r.Routes {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for j, k := range keys {
				label := ""
				if j == 0 {
					label = "Routes"
				}
				row(&b, label, k+" → "+endName(r.Routes[k]))
			}
			row(&b, "Changes", "nothing: a rule only chooses the next node (a decision agent may add")
			row(&b, "", "notices, and set impossible when it judges the task impossible)")
		} else if next, ok := fixedNext[n.Name]; ok {
			row(&b, "Next", endName(next))
		}
	}

	b.WriteString("\n## State fields: who changes them, who perceives them\n\n")
	for _, f := range fieldFlow(nodeList, routers) {
		fmt.Fprintf(&b, "  %-18s changed by %s; perceived by %s\n", f.name, list(f.writers, "nobody (set by the caller)"), list(f.readers, "no node (an output of the run)"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func row(b *strings.Builder, label, text string) {
	fmt.Fprintf(b, "  %-10s %s\n", label, text)
}

func list(items []string, none string) string {
	if len(items) == 0 {
		return none
	}
	return strings.Join(items, ", ")
}

func orText(s, none string) string {
	if s == "" {
		return none
	}
	return s
}

func endName(n string) string {
	switch n {
	case graph.END:
		return "END"
	case graph.START:
		return "START"
	case "":
		return "(none)"
	}
	return n
}

// loops finds the cycles a run can take, one per edge that leads back to a
// node still on the depth-first path from the entry, in edge order.
func loops(entry string, edges []graph.EdgeInfo) [][]string {
	next := map[string][]string{}
	for _, e := range edges {
		if e.From != graph.START && !slices.Contains(next[e.From], e.To) {
			next[e.From] = append(next[e.From], e.To)
		}
	}
	var out [][]string
	var stack []string
	done := map[string]bool{}
	var visit func(n string)
	visit = func(n string) {
		if n == graph.END || done[n] {
			return
		}
		if i := slices.Index(stack, n); i >= 0 {
			out = append(out, append(slices.Clone(stack[i:]), n))
			return
		}
		stack = append(stack, n)
		for _, m := range next[n] {
			visit(m)
		}
		stack = stack[:len(stack)-1]
		done[n] = true
	}
	if entry != "" {
		visit(entry)
	}
	return out
}

type flow struct {
	name             string
	writers, readers []string
}

// fieldFlow lists every declared field in order of first mention.
func fieldFlow(ns []graph.NodeInfo, rs []graph.RouterInfo) []flow {
	var out []flow
	at := func(name string) *flow {
		for i := range out {
			if out[i].name == name {
				return &out[i]
			}
		}
		out = append(out, flow{name: name})
		return &out[len(out)-1]
	}
	add := func(s *[]string, v string) {
		if !slices.Contains(*s, v) {
			*s = append(*s, v)
		}
	}
	for _, n := range ns {
		for _, f := range n.Reads {
			add(&at(f).readers, n.Name)
		}
		for _, f := range n.Writes {
			add(&at(f).writers, n.Name)
		}
	}
	for _, r := range rs {
		for _, f := range r.Reads {
			add(&at(f).readers, r.Name)
		}
	}
	return out
}

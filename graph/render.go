package graph

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RenderOption changes what a diagram shows.
type RenderOption struct {
	path []string
}

// Highlight draws a run on the diagram: path is the nodes the run visited,
// in order, repeats included (a loop visits nodes twice). Visited nodes and
// traversed edges are emphasised, and counts above one appear as "×N". The
// edge to END is drawn as taken only when path ends with END, so a failed
// run is not shown finishing. Names the graph does not know are ignored; if
// two route keys of one router lead to the same node, both edges are marked.
func Highlight(path []string) RenderOption { return RenderOption{path: slices.Clone(path)} }

// visits counts how often a path passed each node and edge.
type visits struct {
	nodes map[string]int // START and END included
	edges []int          // parallel to Graph.edgeInfo
}

func (g *Graph[S]) visits(path []string) visits {
	v := visits{nodes: map[string]int{}, edges: make([]int, len(g.edgeInfo))}
	if len(path) > 0 && path[0] == START {
		path = path[1:]
	}
	if len(path) == 0 {
		return v
	}
	v.nodes[START] = 1
	prev := START
	for _, name := range path {
		v.nodes[name]++
		for i, e := range g.edgeInfo {
			if e.From == prev && e.To == name {
				v.edges[i]++
			}
		}
		if name == END {
			break
		}
		prev = name
	}
	return v
}

// counted appends " ×N" to a label when something was visited more than once.
func counted(label string, n int) string {
	if n < 2 {
		return label
	}
	if label == "" {
		return "×" + strconv.Itoa(n)
	}
	return label + " ×" + strconv.Itoa(n)
}

// Mermaid draws the graph as a Mermaid flowchart, the way LangGraph does:
// START and END as terminals, conditional edges dashed and labelled with
// their route key. Paste it into a Markdown ```mermaid block.
func (g *Graph[S]) Mermaid(opts ...RenderOption) string {
	var path []string
	for _, o := range opts {
		if o.path != nil {
			path = o.path
		}
	}
	v := g.visits(path)
	ids := g.mermaidIDs()

	var b strings.Builder
	b.WriteString("flowchart TD\n")
	fmt.Fprintf(&b, "\t%s([%s]):::first\n", START, START)
	for _, n := range g.nodeInfo {
		fmt.Fprintf(&b, "\t%s(%s)\n", ids[n.Name], mermaidText(counted(n.Name, v.nodes[n.Name])))
	}
	fmt.Fprintf(&b, "\t%s([%s]):::last\n", END, END)

	var traversed []string
	for i, e := range g.edgeInfo {
		from, to := ids[e.From], ids[e.To]
		label := counted(e.Key, v.edges[i])
		switch {
		case e.Conditional && mermaidPlain(label):
			fmt.Fprintf(&b, "\t%s -. %s .-> %s\n", from, label, to)
		case e.Conditional:
			fmt.Fprintf(&b, "\t%s -.->|%s| %s\n", from, mermaidText(label), to)
		case label != "":
			fmt.Fprintf(&b, "\t%s -->|%s| %s\n", from, mermaidText(label), to)
		default:
			fmt.Fprintf(&b, "\t%s --> %s\n", from, to)
		}
		if v.edges[i] > 0 {
			traversed = append(traversed, strconv.Itoa(i))
		}
	}

	b.WriteString("\tclassDef default fill:#f2f0ff,line-height:1.2\n")
	b.WriteString("\tclassDef first fill-opacity:0\n")
	b.WriteString("\tclassDef last fill:#bfb6fc\n")
	if len(v.nodes) > 0 {
		var visited []string
		for _, name := range append(append([]string{START}, g.nodeNames()...), END) {
			if v.nodes[name] > 0 {
				visited = append(visited, ids[name])
			}
		}
		b.WriteString("\tclassDef visited fill:#ffe8cc,stroke:#e8590c,stroke-width:2px\n")
		fmt.Fprintf(&b, "\tclass %s visited\n", strings.Join(visited, ","))
	}
	if len(traversed) > 0 {
		fmt.Fprintf(&b, "\tlinkStyle %s stroke:#e8590c,stroke-width:3px\n", strings.Join(traversed, ","))
	}
	return b.String()
}

func (g *Graph[S]) nodeNames() []string {
	names := make([]string, len(g.nodeInfo))
	for i, n := range g.nodeInfo {
		names[i] = n.Name
	}
	return names
}

// mermaidKeyword reports words that break a flowchart when used as node ids.
func mermaidKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "call", "class", "classdef", "click", "direction", "end", "flowchart",
		"graph", "href", "linkstyle", "style", "subgraph":
		return true
	}
	return false
}

// mermaidIDs maps names to flowchart ids: the name itself when Mermaid
// accepts it, otherwise a generated id (the label still shows the name).
func (g *Graph[S]) mermaidIDs() map[string]string {
	ids := map[string]string{START: START, END: END}
	taken := map[string]bool{START: true, END: true}
	for _, n := range g.nodeInfo {
		taken[n.Name] = true
	}
	for i, n := range g.nodeInfo {
		if isIdent(n.Name) && !mermaidKeyword(n.Name) {
			ids[n.Name] = n.Name
			continue
		}
		id := "node" + strconv.Itoa(i+1)
		for taken[id] {
			id += "_"
		}
		taken[id] = true
		ids[n.Name] = id
	}
	return ids
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// mermaidPlain reports whether text can stand unquoted in a label.
func mermaidPlain(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == ' ' || r == '×' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return strings.TrimSpace(s) == s && s != ""
}

// mermaidText quotes a label unless it is plain; Mermaid has no escape for
// a double quote inside quotes, only the #quot; entity.
func mermaidText(s string) string {
	if mermaidPlain(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, "#quot;") + `"`
}

// DOT draws the graph for Graphviz (dot -Tsvg). Conditional edges are
// dashed and labelled with their route key; node descriptions become
// tooltips.
func (g *Graph[S]) DOT() string {
	var b strings.Builder
	b.WriteString("digraph {\n")
	b.WriteString("\trankdir=TB;\n")
	b.WriteString("\tnode [shape=box, style=\"rounded,filled\", fillcolor=\"#f2f0ff\", fontname=\"Helvetica\"];\n")
	b.WriteString("\tedge [fontname=\"Helvetica\", fontsize=10];\n")
	fmt.Fprintf(&b, "\t%s [shape=oval, style=solid];\n", dotQuote(START))
	for _, n := range g.nodeInfo {
		if n.Description == "" {
			fmt.Fprintf(&b, "\t%s;\n", dotQuote(n.Name))
		} else {
			fmt.Fprintf(&b, "\t%s [tooltip=%s];\n", dotQuote(n.Name), dotQuote(n.Description))
		}
	}
	fmt.Fprintf(&b, "\t%s [shape=oval, fillcolor=\"#bfb6fc\"];\n", dotQuote(END))
	for _, e := range g.edgeInfo {
		if e.Conditional {
			fmt.Fprintf(&b, "\t%s -> %s [style=dashed, label=%s];\n", dotQuote(e.From), dotQuote(e.To), dotQuote(e.Key))
		} else {
			fmt.Fprintf(&b, "\t%s -> %s;\n", dotQuote(e.From), dotQuote(e.To))
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// dotEscaper is built once: DOT quotes every name, key and description.
var dotEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

func dotQuote(s string) string { return `"` + dotEscaper.Replace(s) + `"` }

// ASCII draws the graph for a terminal: each node as a box with where it is
// entered from, followed by where it goes. Loops are marked ↺ on the edge
// that goes back.
func (g *Graph[S]) ASCII() string {
	back := g.backEdges()
	preds := map[string][]string{}
	for i, e := range g.edgeInfo {
		from := e.From
		if back[i] {
			from += " ↺"
		}
		if !slices.Contains(preds[e.To], from) {
			preds[e.To] = append(preds[e.To], from)
		}
	}

	var b strings.Builder
	b.WriteString("──▶ next step   ◆ router: ╌ key ╌▶ where that key leads   ↺ back to an earlier step (a loop)\n\n")
	fmt.Fprintf(&b, "( %s )\n", START)
	g.asciiExits(&b, START, back)
	for _, n := range g.nodeInfo {
		width := utf8.RuneCountInString(n.Name) + 2
		b.WriteString("\n┌" + strings.Repeat("─", width) + "┐\n")
		b.WriteString("│ " + n.Name + " │")
		if p := preds[n.Name]; len(p) > 0 {
			b.WriteString(" ◀── " + strings.Join(p, ", "))
		}
		b.WriteString("\n└" + strings.Repeat("─", width) + "┘\n")
		g.asciiExits(&b, n.Name, back)
	}
	fmt.Fprintf(&b, "\n( %s ) ◀── %s\n", END, strings.Join(preds[END], ", "))
	return b.String()
}

// asciiExits writes the lines under a box: one fixed edge, or a router and
// its routes with the keys aligned.
func (g *Graph[S]) asciiExits(b *strings.Builder, from string, back map[int]bool) {
	var edges []int
	keyWidth := 0
	for i, e := range g.edgeInfo {
		if e.From == from {
			edges = append(edges, i)
			keyWidth = max(keyWidth, utf8.RuneCountInString(e.Key))
		}
	}
	for _, r := range g.routerInfo {
		if r.From == from {
			b.WriteString("  ◆ " + r.Name + "\n")
		}
	}
	for j, i := range edges {
		e := g.edgeInfo[i]
		branch := "├"
		if j == len(edges)-1 {
			branch = "└"
		}
		loop := ""
		if back[i] {
			loop = " ↺"
		}
		if e.Conditional {
			pad := strings.Repeat("╌", keyWidth-utf8.RuneCountInString(e.Key)+1)
			fmt.Fprintf(b, "  %s╌ %s %s▶ %s%s\n", branch, e.Key, pad, e.To, loop)
		} else {
			fmt.Fprintf(b, "  %s──▶ %s%s\n", branch, e.To, loop)
		}
	}
}

// backEdges finds the edges that close a loop: those reaching a node still
// on the depth-first path from START, exploring edges in declaration order.
func (g *Graph[S]) backEdges() map[int]bool {
	back := map[int]bool{}
	const (
		onPath = 1
		done   = 2
	)
	state := map[string]int{}
	var visit func(string)
	visit = func(from string) {
		state[from] = onPath
		for i, e := range g.edgeInfo {
			if e.From != from {
				continue
			}
			switch state[e.To] {
			case onPath:
				back[i] = true
			case 0:
				visit(e.To)
			}
		}
		state[from] = done
	}
	visit(START)
	return back
}

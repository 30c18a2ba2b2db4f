package trace

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/text"
)

// The viewer's page, style and script are embedded, so the HTML file is one
// self-contained document: no network, no CDN, and it opens from file://.
var (
	//go:embed html/viewer.html.tmpl
	viewerPage string
	//go:embed html/viewer.css
	viewerCSS string
	//go:embed html/viewer.js
	viewerJS string

	viewerTmpl = template.Must(template.New("viewer").Funcs(template.FuncMap{
		"plus1": func(i int) int { return i + 1 },
	}).Parse(viewerPage))
)

// maxPre caps one JSON block in the page (a store query's result can hold
// whole papers): the page stays light enough to scroll on a projector; the
// JSONL file keeps everything.
const maxPre = 20000

// HTML writes a recorded run as one self-contained HTML page: the workflow
// g drawn as SVG with the path taken (visited nodes and edges, visit
// counts), a timeline of steps, and for the selected step its percept,
// reasoning, actions (operations with parameters, timing and results),
// environment update (state before → after) and the router's decision.
// ← and → move between steps; printing shows every step in order.
//
// Everything from the trace is untrusted text: html/template escapes it in
// its context, and the only script on the page is the embedded viewer.js.
// Without JavaScript the page still shows every step, one after another.
func HTML(w io.Writer, g Described, events []Event) error {
	v := buildView(events)
	v.Graph = layoutGraph(g, VisitedPath(events))
	if v.Fork != nil {
		markRecorded(&v.Graph, g, v.Fork.RecordedPath)
	}
	v.CSS = template.CSS(viewerCSS)
	v.JS = template.JS(viewerJS)
	var buf bytes.Buffer
	if err := viewerTmpl.Execute(&buf, v); err != nil {
		return fmt.Errorf("render the html viewer: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// view is what the page template reads.
type view struct {
	ExecutionID string
	Question    string
	Settings    Settings
	Steps       []viewStep
	Outcome     string // "completed", "failed", "interrupted", "stopped" (by a signal) or "incomplete"
	StoppedStep int    // the step a run stopped by a signal was in
	StoppedBy   string // "Ctrl-C", "SIGTERM" or "a signal" (signalName)
	Answer      string
	Sources     []string
	Error       string
	// StopDone says, for a run stopped on purpose before a step, which
	// steps were done and which never ran.
	StopDone string
	Path     string
	// Store is the knowledge base's size around the run, as the
	// narration says it: "0 → 5 documents", or "5 documents" when the
	// recording counted it only before.
	Store string

	// Fork is set when the run is a fork of another (replay --fork): the
	// page then shows the recorded path as the other branch.
	Fork       *ForkInfo
	ForkValue  string
	DivergesAt int
	// Carried are the earlier forks' edits a fork of a fork carries,
	// "field=value after step N", oldest first.
	Carried []string

	Graph svgGraph
	CSS   template.CSS
	JS    template.JS
}

type viewStep struct {
	Replayed bool   // before or at the fork point: answered from the recording
	ForkEdit string // "field=value" on the step after which the fork changed the state
	// CarriedEdit is "field=value" on a step after which an earlier fork,
	// of which this one is a fork, changed the state: the replayed steps
	// took their path from it.
	CarriedEdit string
	N           int
	Node        string
	Percept     []Field
	Reasoning   string
	DurationMS  int64
	Ops         []*viewOp // pointers: a nested operation (embed inside store.query) must not move its parent
	Mutations   []viewMutation
	// AgentMutations are the state fields the decision agent changed as
	// it decided, after the node (RouteDecidedData.Mutations).
	AgentMutations []viewMutation
	// Changes are the rest of the step's environment update, as the
	// narration writes it: the knowledge base's size when the step added
	// to it, and what the step added to the run's environment.
	Changes []string
	Failed  string
	Next    *viewRoute
	// Unfinished is set on the step a recording stops in: it never gave
	// its reasoning nor its update, which the page says, as the
	// narration does, rather than "(none given)" and "no state change".
	Unfinished bool
	ended      bool      // its StepCompleted or StepFailed was recorded
	update     envUpdate // Changes, until the step ends
	// impossible is set when the step's decision agent judged the task
	// impossible (its decide_route result).
	impossible bool
}

type viewOp struct {
	node       string
	start      OperationStartedData
	Kind       string
	Summary    string // describeOpIn, or describeOffline once decided offline
	Params     string // indented JSON
	DurationMS int64
	Result     string // describeResult, or the error
	ResultJSON string
	Failed     bool
	Done       bool
}

type viewMutation struct {
	Field         string
	Before, After string // one-line summaries
	BeforeJSON    string
	AfterJSON     string
}

type viewRoute struct {
	From, Router, Key, To, Reason string
	Target                        string // To as the graph names it (__end__)
	// Agent is set when a decision agent chose (--router llm), Message
	// being its line for the user; Notice says why the rule router chose
	// instead of the agent. Without them the page credited the agent's
	// choices to the rule and hid every fallback.
	Agent           bool
	Message, Notice string
	// Impossible is set when the agent judged the task impossible: Key
	// is then the route to the answer, taken for that verdict, not chosen.
	Impossible bool
}

func buildView(events []Event) view {
	var v view
	v.Outcome = "incomplete"
	var cur *viewStep
	ops := map[string]*viewOp{}
	var outages outageLog
	var counts []int
	for _, e := range events {
		switch e.Type {
		case ExecutionStarted:
			var d ExecutionStartedData
			_ = e.Decode(&d)
			v.ExecutionID, v.Question, v.Settings = e.ExecutionID, d.Question, d.Settings
			if f := d.Settings.Fork; f != nil {
				v.Fork, v.ForkValue = f, f.Field+"="+string(f.Value)
				for _, c := range f.Earlier {
					v.Carried = append(v.Carried, fmt.Sprintf("%s=%s after step %d", c.Field, c.Value, c.Step))
				}
			}
		case StepStarted:
			var d StepStartedData
			_ = e.Decode(&d)
			v.Steps = append(v.Steps, viewStep{N: e.Step, Node: e.Node, Percept: d.Percept})
			cur = &v.Steps[len(v.Steps)-1]
			if v.Fork != nil && e.Step <= v.Fork.Step {
				cur.Replayed = true
				if e.Step == v.Fork.Step {
					cur.ForkEdit = v.ForkValue
				}
				var carried []string
				for _, c := range v.Fork.Earlier {
					if c.Step == e.Step {
						carried = append(carried, c.Field+"="+string(c.Value))
					}
				}
				cur.CarriedEdit = strings.Join(carried, ", ")
			}
		case OperationStarted:
			var d OperationStartedData
			_ = e.Decode(&d)
			op := viewOp{node: e.Node, start: d, Kind: d.Kind, Summary: describeOpIn(e.Node, d, v.Question), Params: indent(d.Params)}
			if e.Step == 0 || cur == nil {
				ops[d.OpID] = &op // the store counts around the run
				continue
			}
			// A pointer that stays put: appending the nested embed would
			// otherwise move the store.query begun before it, and its
			// completion would land in the old copy.
			cur.Ops = append(cur.Ops, &op)
			ops[d.OpID] = &op
		case OperationCompleted:
			var d OperationCompletedData
			_ = e.Decode(&d)
			if op := ops[d.OpID]; op != nil {
				op.Done, op.DurationMS = true, d.DurationMS
				op.Result, op.ResultJSON = describeResult(d.Kind, d.Result)+retried(d.LLMRequests), indent(d.Result)
				if text, llm, offline := describeOffline(op.node, op.start, d.Kind, d.Result, v.Question); offline {
					op.Summary = text
					if llm.Tool != "" {
						op.Result += " (" + llm.Tool + ": " + outages.tell(llm.Outcome, e.Step) + ")"
					}
				}
			}
			if d.Kind == KindDecide && cur != nil {
				var r DecideResult
				if json.Unmarshal(d.Result, &r) == nil {
					cur.impossible = r.Impossible
				}
			}
			if d.Kind == KindStoreAdd && e.Step > 0 && cur != nil {
				var a AddResult
				if json.Unmarshal(d.Result, &a) == nil {
					cur.update.added(a)
				}
			}
			if d.Kind == KindStoreCount && e.Step == 0 {
				var r CountResult
				if json.Unmarshal(d.Result, &r) == nil {
					counts = append(counts, r.Count)
				}
			}
		case OperationFailed:
			var d OperationFailedData
			_ = e.Decode(&d)
			if op := ops[d.OpID]; op != nil {
				op.Done, op.Failed, op.DurationMS, op.Result = true, true, d.DurationMS, d.Error
			}
		case StateMutated:
			var d StateMutatedData
			_ = e.Decode(&d)
			if cur == nil {
				continue
			}
			cur.Mutations = viewMutations(d.Mutations)
		case StepCompleted:
			var d StepCompletedData
			_ = e.Decode(&d)
			if cur != nil {
				cur.Reasoning, cur.DurationMS = d.Reasoning, d.DurationMS
				cur.update.env = d.Environment
				cur.ended = true
			}
		case StepFailed:
			var d StepFailedData
			_ = e.Decode(&d)
			if cur != nil {
				cur.Failed = d.Error
				cur.ended = true
			}
		case RouteDecided:
			var d RouteDecidedData
			_ = e.Decode(&d)
			if cur != nil {
				cur.AgentMutations = viewMutations(d.Mutations)
				cur.Next = &viewRoute{From: d.From, Router: d.Router, Key: d.Key, To: endName(d.To), Reason: withoutBecause(d.Reason), Target: d.To,
					Agent: d.DecidedBy == "llm", Message: d.Message, Notice: d.Notice,
					Impossible: d.DecidedBy == "llm" && cur.impossible}
				if cur.Next.Message == cur.Next.Reason {
					cur.Next.Message = ""
				}
			}
		case ExecutionCompleted:
			var d ExecutionCompletedData
			_ = e.Decode(&d)
			v.Outcome, v.Answer, v.Path = "completed", d.FinalResponse, strings.Join(d.Path, " → ")
			for i, s := range d.Sources {
				// As the answer lists them, [n] and all: the page showed
				// each as a raw object ({chunk_id: …, score: …}), and a
				// class could not tell which paper [1] was.
				v.Sources = append(v.Sources, fmt.Sprintf("[%d] %s", i+1, s.Citation()))
			}
		case ExecutionFailed:
			var d ExecutionFailedData
			_ = e.Decode(&d)
			f := failureOf(d)
			v.Outcome, v.Error, v.Path = f.outcome, f.err, strings.Join(d.Path, " → ")
			v.StoppedStep, v.StoppedBy = f.step, f.by
			if f.outcome == outcomeInterrupted {
				v.StopDone = stopDone(len(d.Path))
			}
		}
	}
	if v.Fork != nil {
		path := Path(events)
		for i := range max(len(path), len(v.Fork.RecordedPath)) {
			if i >= len(path) || i >= len(v.Fork.RecordedPath) || path[i] != v.Fork.RecordedPath[i] {
				v.DivergesAt = i + 1
				break
			}
		}
	}
	switch {
	case len(counts) > 1:
		v.Store = storeSpan(counts[0], counts[len(counts)-1])
	case len(counts) == 1:
		v.Store = text.Count(counts[0], "document", "documents")
	}
	for i := range v.Steps {
		v.Steps[i].Changes = v.Steps[i].update.lines()
	}
	if n := len(v.Steps); n > 0 && !v.Steps[n-1].ended {
		v.Steps[n-1].Unfinished = true
	}
	return v
}

// viewMutations are ms as the page shows them; reasoning, shown as the
// step's Reasoning as the narration does, is left out.
func viewMutations(ms []Mutation) []viewMutation {
	var out []viewMutation
	for _, m := range ms {
		if m.Field == "reasoning" {
			continue
		}
		out = append(out, viewMutation{
			Field:  m.Field,
			Before: Summarize(m.Field, orNull(m.Before)), After: Summarize(m.Field, orNull(m.After)),
			BeforeJSON: indent(m.Before), AfterJSON: indent(m.After),
		})
	}
	return out
}

// stopDone says which steps a run stopped on purpose before its next step
// had done: done steps ran, the next never started.
func stopDone(done int) string {
	switch done {
	case 0:
		return "No step had run."
	case 1:
		return "Step 1 was done; step 2 never ran."
	}
	return fmt.Sprintf("Steps 1 to %d were done; step %d never ran.", done, done+1)
}

// withoutBecause drops a leading "because" from a router's reason: the
// page writes "because" before it, and a decision agent's reason often
// starts with one ("because because the store is empty").
func withoutBecause(reason string) string {
	r := strings.TrimSpace(reason)
	if len(r) > len("because ") && strings.EqualFold(r[:len("because ")], "because ") {
		return strings.TrimSpace(r[len("because "):])
	}
	return reason
}

// indent pretty-prints raw JSON for a <pre> block, capped at maxPre.
func indent(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "null"
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		b.Reset()
		b.Write(raw)
	}
	s := b.String()
	if len(s) > maxPre {
		cut := maxPre
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = fmt.Sprintf("%s\n… (%d more characters in the JSONL file)", s[:cut], len(s)-cut)
	}
	return s
}

// The SVG layout: a layered drawing computed from the graph's metadata.
// Nodes sit in layers by their longest distance from START along forward
// edges; edges that go back (the arXiv loop) curve along the left side, and
// forward edges that skip layers curve along the right side, so no line
// crosses a node box. Good enough for the handful of nodes a workflow has,
// and with no layout library to vendor.
const (
	svgCharW   = 10.9 // monospace at 18px
	svgBoxH    = 46
	svgLayerDY = 92
	svgColGap  = 36
	svgMargin  = 16
	svgSide    = 110 // room for the curves on either side
)

type svgGraph struct {
	Width, Height float64
	Nodes         []svgNode
	Edges         []svgEdge
}

type svgNode struct {
	Name, Label   string
	X, Y, W, H    float64 // box
	TX, TY        float64 // text anchor (middle)
	Visits        int
	Visited, Term bool
}

type svgEdge struct {
	Recorded      bool // taken by the recorded run this one forks, not by this one
	From, To, Key string
	D             string // path data
	LX, LY        float64
	Label         string
	Anchor        string // text-anchor of the label
	Visits        int
	Back          bool
}

func layoutGraph(g Described, path []string) svgGraph {
	names := []string{graph.START}
	for _, n := range g.Nodes() {
		names = append(names, n.Name)
	}
	names = append(names, graph.END)
	edges := g.Edges()

	// Visits, as graph.Highlight counts them.
	nodeVisits := map[string]int{}
	edgeVisits := make([]int, len(edges))
	if len(path) > 0 {
		nodeVisits[graph.START] = 1
		prev := graph.START
		for _, n := range path {
			nodeVisits[n]++
			for i, e := range edges {
				if e.From == prev && e.To == n {
					edgeVisits[i]++
				}
			}
			prev = n
		}
	}

	// Back edges: those closing a cycle in a depth-first walk from START.
	out := map[string][]int{}
	for i, e := range edges {
		out[e.From] = append(out[e.From], i)
	}
	back := make([]bool, len(edges))
	state := map[string]int{} // 0 new, 1 on stack, 2 done
	var dfs func(string)
	dfs = func(n string) {
		state[n] = 1
		for _, i := range out[n] {
			switch state[edges[i].To] {
			case 0:
				dfs(edges[i].To)
			case 1:
				back[i] = true
			}
		}
		state[n] = 2
	}
	dfs(graph.START)

	// Layers: longest path from START over forward edges (relaxed |V| times,
	// which is plenty for a DAG this size).
	layer := map[string]int{}
	for range names {
		for i, e := range edges {
			if !back[i] && layer[e.To] < layer[e.From]+1 {
				layer[e.To] = layer[e.From] + 1
			}
		}
	}
	maxLayer := 0
	for _, n := range names {
		maxLayer = max(maxLayer, layer[n])
	}

	boxW := 0.0
	for _, n := range names {
		boxW = max(boxW, float64(utf8.RuneCountInString(label(n, nodeVisits[n])))*svgCharW+24)
	}
	rows := make([][]string, maxLayer+1)
	for _, n := range names {
		rows[layer[n]] = append(rows[layer[n]], n)
	}
	widest := 1
	for _, r := range rows {
		widest = max(widest, len(r))
	}
	inner := float64(widest)*boxW + float64(widest-1)*svgColGap
	sg := svgGraph{Width: inner + 2*svgSide + 2*svgMargin, Height: float64(maxLayer)*svgLayerDY + svgBoxH + 2*svgMargin}
	pos := map[string]*svgNode{}
	for li, r := range rows {
		rowW := float64(len(r))*boxW + float64(len(r)-1)*svgColGap
		x0 := svgMargin + svgSide + (inner-rowW)/2
		for j, n := range r {
			sn := svgNode{
				Name: n, Label: label(n, nodeVisits[n]),
				X: x0 + float64(j)*(boxW+svgColGap), Y: svgMargin + float64(li)*svgLayerDY, W: boxW, H: svgBoxH,
				Visits: nodeVisits[n], Visited: nodeVisits[n] > 0, Term: n == graph.START || n == graph.END,
			}
			sn.TX, sn.TY = sn.X+sn.W/2, sn.Y+sn.H/2
			sg.Nodes = append(sg.Nodes, sn)
		}
	}
	for i := range sg.Nodes {
		pos[sg.Nodes[i].Name] = &sg.Nodes[i]
	}
	left, right := float64(svgMargin+svgSide), svgMargin+svgSide+inner
	for i, e := range edges {
		a, b := pos[e.From], pos[e.To]
		if a == nil || b == nil {
			continue
		}
		se := svgEdge{From: e.From, To: e.To, Key: e.Key, Visits: edgeVisits[i], Back: back[i], Label: counted(e.Key, edgeVisits[i]), Anchor: "middle"}
		switch {
		case back[i]: // out of a's left side, round the left, into b's left side
			x1, y1, x2, y2 := a.X, a.TY, b.X, b.TY
			cx := left - svgSide*0.85
			se.D = fmt.Sprintf("M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f", x1, y1, cx, y1, cx, y2, x2, y2)
			se.LX, se.LY = apex(x1, cx, x2), (y1+y2)/2
		case layer[e.To]-layer[e.From] > 1: // skip layers round the right
			x1, y1, x2, y2 := a.X+a.W, a.TY, b.X+b.W, b.TY
			cx := right + svgSide*0.85
			se.D = fmt.Sprintf("M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f", x1, y1, cx, y1, cx, y2, x2, y2)
			se.LX, se.LY = apex(x1, cx, x2), (y1+y2)/2
		default:
			x1, y1, x2, y2 := a.TX, a.Y+a.H, b.TX, b.Y
			se.D = fmt.Sprintf("M%.1f %.1f L%.1f %.1f", x1, y1, x2, y2)
			se.LX, se.LY = (x1+x2)/2+8, (y1+y2)/2+5
			if x1 == x2 {
				se.Anchor = "start"
			}
		}
		sg.Edges = append(sg.Edges, se)
	}
	return sg
}

// apex is the x of the middle of a cubic curve from x1 to x2 whose two
// control points both sit at cx: where its label goes.
// markRecorded marks the edges the recorded run took that the fork did not:
// the other branch.
func markRecorded(sg *svgGraph, g Described, recorded []string) {
	other := layoutGraph(g, append(slices.Clone(recorded), graph.END))
	for i := range sg.Edges {
		for _, o := range other.Edges {
			if o.From == sg.Edges[i].From && o.To == sg.Edges[i].To && o.Visits > 0 && sg.Edges[i].Visits == 0 {
				sg.Edges[i].Recorded = true
			}
		}
	}
}

func apex(x1, cx, x2 float64) float64 { return 0.125*x1 + 0.75*cx + 0.125*x2 }

func label(name string, visits int) string { return counted(endName(name), visits) }

// counted appends "×n" when something was visited more than once, the way
// the Mermaid diagram marks the loop.
func counted(s string, n int) string {
	if n < 2 {
		return s
	}
	if s == "" {
		return fmt.Sprintf("×%d", n)
	}
	return fmt.Sprintf("%s ×%d", s, n)
}

package trace

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/vectordb"
)

// Narrator renders events as the teaching account of a run: for every step
// its PERCEPT, REASONING, ACTION, ENVIRONMENT UPDATE and NEXT. It is fed one
// event at a time, live from a Recorder or from a file, and produces the same
// text either way. A step is printed when it ends, because its reasoning is
// only known then; its heading is printed when it starts, so a slow step
// (an LLM call) shows what is happening.
type Narrator struct {
	w   io.Writer
	err error

	question string // the run's, to tell the topic judge from a paper

	cur         *block
	steps       int
	countBefore *int
	countAfter  *int
	// edits are the state changes a fork made after a step, by step:
	// the recording of a fork (gtrag replay --fork) says them where they
	// happened, or its narration would show a judge saying "relevant"
	// and the router going the other way with no cause given.
	edits map[int][]string
	// outages are the LLM outages told (describeOffline).
	outages outageLog
}

// block collects one step until it ends.
type block struct {
	step      int
	node      string
	percept   []Field
	actions   []*action
	open      map[string]*action // op id → action waiting for its result
	mutations []Mutation
	reasoning string
	update    envUpdate // the rest of its ENVIRONMENT UPDATE
	failed    string
	// unfinished is set for the step a recording stops in (Close).
	unfinished bool
	// impossible is set when the step's decision agent judged the task
	// impossible: its route is then the one to the answer, not its choice.
	impossible bool
	// agentMutations are the state fields the step's decision agent
	// changed as it decided (RouteDecidedData.Mutations).
	agentMutations []Mutation
}

type action struct {
	depth  int
	kind   string
	text   string
	result string
	node   string
	start  OperationStartedData
}

// NewNarrator returns a Narrator writing to w.
func NewNarrator(w io.Writer) *Narrator { return &Narrator{w: w} }

// Narrate renders a whole recording.
func Narrate(w io.Writer, events []Event) error {
	n := NewNarrator(w)
	for _, e := range events {
		if err := n.Event(e); err != nil {
			return err
		}
	}
	return n.Close()
}

// Close prints a step left open by a recording that stops in the middle of
// it, so that an incomplete trace still shows everything it holds.
func (n *Narrator) Close() error {
	if n.cur != nil {
		n.cur.unfinished = true
		n.flush("(the recording stops here: the run did not finish)")
	}
	return n.err
}

// label width: "ENVIRONMENT UPDATE" and two spaces.
const labelWidth = 20

func (n *Narrator) printf(format string, args ...any) {
	if n.err == nil {
		_, n.err = fmt.Fprintf(n.w, format, args...)
	}
}

// notePrefix opens a note of the narration's header.
const notePrefix = "  note: "

// NarrationHang is the column a narration line goes on under when a
// terminal's width wraps it (iostreams.LineWrapper): a labelled line's
// text, past its label and any nesting ("ACTION" and an embed under it),
// a note's text; -1 for the other lines, which keep their own indentation.
// The narration itself is written whole, as a recording is narrated.
func NarrationHang(line string) int {
	const col = 2 + labelWidth
	if rest, ok := strings.CutPrefix(line, notePrefix); ok && rest != "" {
		return len(notePrefix)
	}
	if len(line) <= col || !strings.HasPrefix(line, "  ") || line[col-2:col] != "  " {
		return -1
	}
	return col + len(line[col:]) - len(strings.TrimLeft(line[col:], " "))
}

// line prints one labelled line; an empty label continues the previous one.
func (n *Narrator) line(label, text string) {
	n.printf("  %-*s%s\n", labelWidth, label, text)
}

// Event renders one event. Malformed data is shown as such, never fatal: a
// narration is for reading, and the reader validates files.
func (n *Narrator) Event(e Event) error {
	switch e.Type {
	case ExecutionStarted:
		var d ExecutionStartedData
		_ = json.Unmarshal(e.Data, &d)
		s := d.Settings
		n.printf("gtrag run %s · %s\n", e.ExecutionID, quote(d.Question, maxText*2))
		n.printf("  llm %s · embedder %s · k %d · max results %d · gtrag %s\n",
			orText(s.LLM, "-"), orText(s.Embedder, "-"), s.K, s.MaxResults, orText(s.Version, "-"))
		for _, note := range s.Notices {
			n.printf("%s%s\n", notePrefix, note)
		}
		n.edits = forkEdits(s.Fork)
		n.question = d.Question
	case StepStarted:
		if n.cur != nil {
			n.flush("")
		}
		var d StepStartedData
		_ = json.Unmarshal(e.Data, &d)
		n.cur = &block{step: e.Step, node: e.Node, percept: d.Percept, open: map[string]*action{}}
		n.printf("\nstep %d · %s\n", e.Step, e.Node)
	case OperationStarted:
		n.operationStarted(e)
	case OperationCompleted, OperationFailed:
		n.operationEnded(e)
	case StateMutated:
		if n.cur != nil {
			var d StateMutatedData
			_ = json.Unmarshal(e.Data, &d)
			n.cur.mutations = d.Mutations
		}
	case StepCompleted:
		if n.cur != nil {
			var d StepCompletedData
			_ = json.Unmarshal(e.Data, &d)
			n.cur.reasoning = d.Reasoning
			n.cur.update.env = d.Environment
		}
		n.steps++
	case StepFailed:
		var d StepFailedData
		_ = json.Unmarshal(e.Data, &d)
		if n.cur != nil {
			n.cur.failed = d.Error
			n.flush("")
		}
	case RouteDecided:
		var d RouteDecidedData
		_ = json.Unmarshal(e.Data, &d)
		if n.cur != nil {
			n.cur.agentMutations = d.Mutations
			n.flush(nextText(d, n.cur.impossible))
		}
	case ExecutionCompleted:
		if n.cur != nil {
			n.flush("")
		}
		var d ExecutionCompletedData
		_ = json.Unmarshal(e.Data, &d)
		n.printf("\nEND after %s: %s\n", text.Count(n.steps, "step", "steps"), strings.Join(d.Path, " → "))
		raw, _ := json.Marshal(d.FinalResponse)
		n.line("final_response", fmt.Sprintf("%s (%d chars)", Summarize("final_response", raw), utf8.RuneCountInString(d.FinalResponse)))
		raw, _ = json.Marshal(d.Sources)
		n.line("sources", Summarize("sources", raw))
		n.storeLine()
	case ExecutionFailed:
		if n.cur != nil {
			n.flush("")
		}
		var d ExecutionFailedData
		_ = json.Unmarshal(e.Data, &d)
		f := failureOf(d)
		switch f.outcome {
		case outcomeInterrupted:
			n.printf("\nINTERRUPTED after %s: %s\n", text.Count(n.steps, "step", "steps"), f.err)
		case outcomeStopped:
			n.printf("\nSTOPPED (%s) during step %d, after %s: %s\n", f.by, f.step, text.Count(n.steps, "step", "steps"), f.err)
		default:
			n.printf("\nFAILED after %s: %s\n", text.Count(n.steps, "step", "steps"), f.err)
		}
		if len(d.Path) > 0 {
			n.line("path", strings.Join(d.Path, " → "))
		}
		n.storeLine()
	}
	return n.err
}

// storeSpan is the knowledge base's size from before to after: "0 → 5
// documents".
func storeSpan(before, after int) string {
	return fmt.Sprintf("%d → %s", before, text.Count(after, "document", "documents"))
}

// envUpdate is what a step changed besides its state fields, as the
// narration and the page both tell it: the knowledge base's size when the
// step added to it, and what it added to the run's environment.
type envUpdate struct {
	// storeBefore and storeAfter are the store's size before the step's
	// first add and after its last: a step that adds several times (one
	// paper at a time) changes the store from its first count to its last.
	storeBefore, storeAfter *int
	env                     []string // the step's environment lines, as recorded
}

// added takes one of the step's store.adds; one that did not count the
// store changes nothing.
func (u *envUpdate) added(a AddResult) {
	if a.CountBefore == nil || a.CountAfter == nil {
		return
	}
	if u.storeBefore == nil {
		u.storeBefore = a.CountBefore
	}
	u.storeAfter = a.CountAfter
}

// lines are the update told line by line: "knowledge base: 0 → 5
// documents", then "environment: …" for each environment line (those of
// older recordings reworded, see readableEnvChange); nil for none.
func (u envUpdate) lines() []string {
	var out []string
	if u.storeAfter != nil {
		out = append(out, "knowledge base: "+storeSpan(*u.storeBefore, *u.storeAfter))
	}
	for _, c := range u.env {
		out = append(out, "environment: "+readableEnvChange(c))
	}
	return out
}

// How a failed run ended (failure.outcome); the page shows them as they
// are.
const (
	outcomeInterrupted = "interrupted" // stopped on purpose before a step
	outcomeStopped     = "stopped"     // stopped by a signal during a step
	outcomeFailed      = "failed"
)

// failure is how a failed run ended, as the narration and the page both
// tell it.
type failure struct {
	outcome string // outcomeInterrupted, outcomeStopped or outcomeFailed
	by      string // the signal that stopped it (signalName), for outcomeStopped
	step    int    // the step it was stopped during, for outcomeStopped
	err     string // its error as a reader wants it (readableRunError)
}

// failureOf tells how the failed run d ended.
func failureOf(d ExecutionFailedData) failure {
	f := failure{outcome: outcomeFailed, err: readableRunError(d.Error)}
	by := d.StoppedBy()
	switch {
	case d.Interrupted:
		f.outcome = outcomeInterrupted
	case by != "":
		f.outcome, f.by, f.step = outcomeStopped, by, len(d.Path)+1
	}
	return f
}

// readableRunError is a run's recorded error as a reader wants it: without
// the prefixes the layers it came through put before it ("run the
// workflow: graph: run interrupted before step 5 …"), which name code, not
// anything the reader did.
func readableRunError(err string) string {
	for {
		trimmed := err
		for _, p := range []string{"run the workflow: ", "graph: ", "the fork: "} {
			trimmed = strings.TrimPrefix(trimmed, p)
		}
		if trimmed == err || trimmed == "" {
			return err
		}
		err = trimmed
	}
}

// signalEndings are the words a run's error ends with when a signal
// stopped it, and the signal's name for a reader: gtrag's own causes
// (cmd/gtrag's signalCause, which tells SIGTERM from Ctrl-C) and those of
// signal.NotifyContext, which recordings made before it carry. A
// recording's ExecutionFailedData.Signal, when present, says it without
// reading words.
var signalEndings = []struct{ ending, name string }{
	{"stopped by Ctrl-C", "Ctrl-C"},
	{"stopped by SIGTERM", "SIGTERM"},
	{"interrupt signal received", "Ctrl-C"},
	{"terminated signal received", "SIGTERM"},
	{" signal received", "a signal"},
}

// stoppedBySignal reports whether a run's error says it was stopped by a
// signal (Ctrl-C, or a kill asking it to end) rather than failing.
func stoppedBySignal(err string) bool {
	return signalName(err) != ""
}

// signalName says which signal stopped a run, for a reader: Ctrl-C for
// an interrupt; "" when none did.
func signalName(err string) string {
	for _, e := range signalEndings {
		if strings.HasSuffix(err, e.ending) {
			return e.name
		}
	}
	return ""
}

func (n *Narrator) storeLine() {
	switch {
	case n.countBefore != nil && n.countAfter != nil:
		n.line("knowledge base", storeSpan(*n.countBefore, *n.countAfter))
	case n.countBefore != nil:
		n.line("knowledge base", text.Count(*n.countBefore, "document", "documents"))
	}
}

func (n *Narrator) operationStarted(e Event) {
	var d OperationStartedData
	_ = json.Unmarshal(e.Data, &d)
	if n.cur == nil { // a run-level operation: the store's size around the run
		return
	}
	// An operation is told inside one of another kind still open (the
	// embed of a store query); one of the same kind still open is running
	// beside it (the filter judges a few papers at once), not inside it.
	depth := 0
	for _, o := range n.cur.open {
		if o.kind != d.Kind {
			depth = max(depth, o.depth+1)
		}
	}
	a := &action{depth: depth, kind: d.Kind, text: describeOpIn(e.Node, d, n.question), node: e.Node, start: d}
	n.cur.actions = append(n.cur.actions, a)
	n.cur.open[d.OpID] = a
}

func (n *Narrator) operationEnded(e Event) {
	var id, kind, result string
	var raw json.RawMessage // the result, of an operation that completed
	var added *AddResult
	if e.Type == OperationFailed {
		var d OperationFailedData
		_ = json.Unmarshal(e.Data, &d)
		id, kind, result = d.OpID, d.Kind, "failed: "+d.Error
	} else {
		var d OperationCompletedData
		_ = json.Unmarshal(e.Data, &d)
		id, kind, result, raw = d.OpID, d.Kind, describeResult(d.Kind, d.Result)+retried(d.LLMRequests), d.Result
		switch d.Kind {
		case KindStoreCount:
			var c CountResult
			if json.Unmarshal(d.Result, &c) == nil && n.cur == nil {
				if n.countBefore == nil {
					n.countBefore = &c.Count
					n.printf("  knowledge base: %s\n", text.Count(c.Count, "document", "documents"))
				} else {
					n.countAfter = &c.Count
				}
			}
		case KindStoreAdd:
			var a AddResult
			if json.Unmarshal(d.Result, &a) == nil {
				added = &a
			}
		case KindDecide:
			var r DecideResult
			if json.Unmarshal(d.Result, &r) == nil && n.cur != nil {
				n.cur.impossible = r.Impossible
			}
		}
	}
	if n.cur == nil {
		return
	}
	if added != nil {
		n.cur.update.added(*added)
	}
	a, ok := n.cur.open[id]
	if !ok { // a result without its start: show it anyway
		a = &action{text: kind}
		n.cur.actions = append(n.cur.actions, a)
	}
	delete(n.cur.open, id)
	a.result = result
	if ok {
		if text, llm, offline := describeOffline(a.node, a.start, kind, raw, n.question); offline {
			a.text = text
			if llm.Tool != "" {
				// The LLM was tried (or given up) first, inside this
				// call: told under it, before any operation nested in
				// the offline reasoner's work.
				i := slices.Index(n.cur.actions, a)
				n.cur.actions = slices.Insert(n.cur.actions, i+1, &action{depth: a.depth + 1, text: llm.Tool, result: n.outages.tell(llm.Outcome, n.cur.step)})
			}
		}
	}
}

// flush prints the current step; next is its NEXT line.
func (n *Narrator) flush(next string) {
	b := n.cur
	n.cur = nil
	if len(b.percept) == 0 {
		n.line("PERCEPT", "(no state fields declared)")
	}
	for i, f := range b.percept {
		n.line(firstLabel(i, "PERCEPT"), f.Name+": "+f.Summary)
	}
	// A step the recording stops in never gave its account nor its
	// update: "(the node gave no account)" and "no state change" read as
	// if it had finished, doing nothing (trace --json leaves it out of the
	// path).
	const unfinished = "(not recorded: the step did not finish)"
	switch {
	case b.reasoning != "":
		n.line("REASONING", b.reasoning)
	case b.unfinished:
		n.line("REASONING", unfinished)
	case b.failed == "":
		n.line("REASONING", "(the node gave no account)")
	}
	if len(b.actions) == 0 {
		n.line("ACTION", "none: decided from the state alone")
	}
	for i, a := range b.actions {
		text := strings.Repeat("  ", a.depth) + a.text
		if a.result != "" {
			text += " → " + a.result
		} else {
			text += " → (no result recorded)"
		}
		n.line(firstLabel(i, "ACTION"), text)
	}
	if b.failed != "" {
		n.line("FAILED", b.failed)
		return
	}
	var changes []string
	for _, m := range b.mutations {
		if m.Field == "reasoning" { // shown as REASONING
			continue
		}
		changes = append(changes, fmt.Sprintf("%s: %s → %s", m.Field, Summarize(m.Field, m.Before), Summarize(m.Field, m.After)))
	}
	changes = append(changes, b.update.lines()...)
	// Then what the decision agent changed as it decided, after the
	// node: the next step perceives it too.
	for _, m := range b.agentMutations {
		changes = append(changes, fmt.Sprintf("decision agent set %s: %s → %s", m.Field, Summarize(m.Field, orNull(m.Before)), Summarize(m.Field, orNull(m.After))))
	}
	switch {
	case len(changes) == 0 && b.unfinished:
		changes = []string{unfinished}
	case len(changes) == 0:
		changes = []string{"no state change"}
	}
	for i, c := range changes {
		n.line(firstLabel(i, "ENVIRONMENT UPDATE"), c)
	}
	for i, e := range n.edits[b.step] {
		n.line(firstLabel(i, "TIME TRAVEL"), e)
	}
	if next != "" {
		n.line("NEXT", next)
	}
}

// forkEdits says, by step, what the recording of fork f changed after
// that step: its own edit and those it carries from the forks before it.
func forkEdits(f *ForkInfo) map[int][]string {
	if f == nil {
		return nil
	}
	out := map[int][]string{}
	for _, e := range f.Earlier {
		out[e.Step] = append(out[e.Step], fmt.Sprintf("then an earlier fork set %s=%s, carried into this one; the router decided on that", e.Field, e.Value))
	}
	out[f.Step] = append(out[f.Step], fmt.Sprintf("then the fork set %s=%s; the router decided on that", f.Field, f.Value))
	return out
}

func firstLabel(i int, label string) string {
	if i == 0 {
		return label
	}
	return ""
}

// nextText is a step's NEXT line. impossible says that the step's
// decision agent judged the task impossible: the run then takes the route
// to the answer, which the agent did not choose.
func nextText(d RouteDecidedData, impossible bool) string {
	to := endName(d.To)
	if d.Key == "" {
		return to
	}
	router := d.Router
	if router == "" {
		router = "router"
	}
	if d.DecidedBy == "llm" {
		s := fmt.Sprintf("%s (decision agent chose %s", to, d.Key)
		if impossible {
			s = fmt.Sprintf("%s (decision agent judged the task impossible, so the run takes %s to the answer", to, d.Key)
		}
		if d.Message != "" {
			s += ": " + d.Message
		}
		if d.Reason != "" && d.Reason != d.Message {
			s += " — " + d.Reason
		}
		return s + ")"
	}
	if d.Notice != "" {
		return fmt.Sprintf("%s (%s)", to, d.Notice)
	}
	s := fmt.Sprintf("%s (%s chose %s", to, router, d.Key)
	if d.Reason != "" {
		s += ": " + d.Reason
	}
	return s + ")"
}

// decidedOffline reports whether a reasoner operation's recorded result
// says the offline reasoner decided it, although the run's tool is an
// LLM: the LLM failed, had been given up, or replied unusably, and the
// fallback answered (reasoner.withFallback's notices, Answer.Offline).
//
// why is the notice that says what became of the LLM's call ("LLM
// unavailable (check relevance with the LLM: model runner crashed);
// continuing offline"), or the answer's own account of it ("the LLM
// failed"); "" when the result names none.
func decidedOffline(kind string, raw json.RawMessage) (why string, offline bool) {
	switch kind {
	case KindJudge, KindFilter, KindAnswer:
	default:
		return "", false
	}
	var r struct {
		Notices []string `json:"notices"`
		Offline string   `json:"offline"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return "", false
	}
	if i := slices.IndexFunc(r.Notices, reasoner.DecidedOffline); i >= 0 {
		return reasoner.ShortNotice(r.Notices[i]), true
	}
	if r.Offline != "" {
		return r.Offline, true
	}
	return "", false
}

// describeOffline describes, for the narration and the page, an
// operation of node started as start that completed with result (of its
// kind), when the offline reasoner decided it (decidedOffline): tagged
// [offline], not with the LLM that did not decide it. offline is false,
// and the operation told as it started, otherwise.
//
// llm tells the LLM's part in it, its name and what became of the call
// ("ollama:m" and "LLM unavailable (…: model runner crashed); continuing
// offline"), so that a failed call is one of the step's actions where it
// happened, not only a note line beside the narration. Its Tool is ""
// when the run's tool is not an LLM.
func describeOffline(node string, start OperationStartedData, kind string, result json.RawMessage, question string) (text string, llm llmPart, offline bool) {
	why, offline := decidedOffline(kind, result)
	if !offline {
		return "", llmPart{}, false
	}
	if start.Tool != "" && start.Tool != "offline" {
		llm = llmPart{Tool: start.Tool, Outcome: cmp.Or(why, "not used")}
	}
	if start.Tool != "" {
		start.Tool = "offline"
	}
	return describeOpIn(node, start, question), llm, true
}

// retried says how many requests a call sent its model when it sent more
// than one (OperationCompletedData.LLMRequests), "" otherwise.
func retried(requests int64) string {
	if requests <= 1 {
		return ""
	}
	return fmt.Sprintf(" (%d LLM requests: %s)", requests, text.Count(int(requests-1), "retry", "retries"))
}

// outageLog remembers the LLM outages a run's account has told, by
// notice, with the step that told each.
type outageLog map[string]int

// tell is what to say of an LLM call with outcome in step: the notice
// the first time, and after that that the LLM was not asked. A run pays
// for an outage once (reasoner's breaker): its later steps decided
// offline carry the same notice without having asked the LLM.
func (l *outageLog) tell(outcome string, step int) string {
	if first, told := (*l)[outcome]; told {
		return fmt.Sprintf("not asked: unavailable since step %d", first)
	}
	if *l == nil {
		*l = outageLog{}
	}
	(*l)[outcome] = step
	return outcome
}

// llmPart is what became of the LLM's call in an operation the offline
// reasoner decided (describeOffline).
type llmPart struct {
	Tool    string // the run's LLM: "ollama:m"
	Outcome string // the notice that tells what became of the call
}

// describeOp names an operation of node and its arguments the way a
// student would write the tool call.
func describeOp(node string, d OperationStartedData) string { return describeOpIn(node, d, "") }

// describeOpIn is describeOp in a run of question: the paper filter given
// the question itself, with no abstract, is the topic judge wherever it
// is asked (search_arxiv before searching, generate_response before
// refusing), not a paper being judged.
func describeOpIn(node string, d OperationStartedData, question string) string {
	name := d.Kind
	if d.Tool != "" {
		name += " [" + d.Tool + "]"
	}
	switch d.Kind {
	case KindStoreQuery:
		var p QueryParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s text=%s k=%d", name, quote(p.Text, maxText), p.K)
		}
	case KindStoreAdd:
		var p AddParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s %s of %s", name, text.Count(p.Count, "chunk", "chunks"), summarizeList("paper_ids", p.PaperIDs))
		}
	case KindStoreCount:
		return name
	case KindEmbed:
		var p EmbedParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s %s (%d chars)", name, text.Count(p.Texts, "text", "texts"), p.Chars)
		}
	case KindArxivSearch:
		var p SearchParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s query=%s start=%d max=%d", name, quote(p.Query, maxText*2), p.Start, p.Max)
		}
	case KindJudge:
		// The judge sees only the first passages, and weighs them by
		// similarity (cosine), not by the ranking score the percept shows:
		// name the ones it saw with the number it saw.
		var p JudgeParams
		if json.Unmarshal(d.Params, &p) == nil {
			// "the top": the percept lists every passage retrieved, and
			// the judge sees only the first (nodes.RelevanceChecker).
			s := fmt.Sprintf("%s question=%s with the top %s", name, quote(p.Question, maxText), text.Count(len(p.Passages), "passage", "passages"))
			if len(p.Passages) > 0 {
				s += ": " + judgedPassages(p.Passages)
			}
			return s
		}
	case KindAnswer:
		var p AnswerParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s question=%s with %s", name, quote(p.Question, maxText), text.Count(len(p.Passages), "passage", "passages"))
		}
	case KindDecide:
		var p DecideParams
		if json.Unmarshal(d.Params, &p) == nil {
			keys := make([]string, len(p.Routes))
			for i, r := range p.Routes {
				keys[i] = r.Key
			}
			return fmt.Sprintf("%s at %s, routes %s, after %s, %s in the environment, loop %d",
				name, p.Router, strings.Join(keys, "|"), text.Count(len(p.Steps), "step", "steps"), text.Count(len(p.Environment), "line", "lines"), p.Loops)
		}
	case KindChoose:
		var p ChooseParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s question=%s among %s", name, quote(p.Question, maxText), text.Count(len(p.Titles), "paper", "papers"))
		}
	case KindQueries:
		var p QueriesParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s question=%s", name, quote(p.Question, maxText))
		}
	case KindRank:
		var p RankParams
		if json.Unmarshal(d.Params, &p) == nil {
			return fmt.Sprintf("%s %s against %s", name, text.Count(len(p.DocIDs), "paper", "papers"), quote(p.Query, maxText))
		}
	case KindFilter:
		var p FilterParams
		if json.Unmarshal(d.Params, &p) == nil {
			if node == nodes.SearchArxiv || question != "" && p.Abstract == "" && fold(p.Title) == fold(question) {
				// search_arxiv puts the question itself to the paper
				// filter before it searches (the topic judge): it is no
				// paper.
				return fmt.Sprintf("%s as the topic judge: is the question itself about game theory? question=%s", name, quote(p.Title, maxText))
			}
			s := fmt.Sprintf("%s title=%s", name, quote(p.Title, maxText))
			if p.Abstract == "" {
				s += " (no abstract)"
			}
			return s
		}
	}
	return name + " " + Summarize("params", d.Params)
}

// judgedPassages lists passages as a judge saw them: "ID (similarity
// 0.43), …", the first few and how many more.
func judgedPassages(ps []Passage) string {
	const shown = 3
	var parts []string
	for i, p := range ps {
		if i == shown {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(ps)-shown))
			break
		}
		id := p.ID
		if id == "" {
			id = fmt.Sprintf("[%d]", p.N)
		}
		parts = append(parts, fmt.Sprintf("%s (similarity %.2f)", id, p.Score))
	}
	return strings.Join(parts, ", ")
}

// rankedPapers lists a ranked pool as the narration lists results: "50
// ranked, best first: ID (score), …", the first few and how many more.
func rankedPapers(rs []vectordb.Ranked) string {
	if len(rs) == 0 {
		return "0 ranked"
	}
	const shown = 3
	parts := make([]string, 0, shown+1)
	for i, r := range rs {
		if i == shown {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(rs)-shown))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%.2f)", r.ID, r.Score))
	}
	return fmt.Sprintf("%d ranked, best first: %s", len(rs), strings.Join(parts, ", "))
}

// describeResult says in a few words what an operation returned.
func describeResult(kind string, raw json.RawMessage) string {
	switch kind {
	case KindStoreQuery:
		var r struct {
			Results json.RawMessage `json:"results"`
		}
		if json.Unmarshal(raw, &r) == nil {
			s := Summarize("results", orNull(r.Results))
			if s == "(none)" {
				return "0 results"
			}
			return s
		}
	case KindStoreAdd:
		var r AddResult
		if json.Unmarshal(raw, &r) == nil {
			return fmt.Sprintf("%d new written", r.Added)
		}
	case KindRank:
		var r RankResult
		if json.Unmarshal(raw, &r) == nil {
			return rankedPapers(r.Ranked)
		}
	case KindStoreCount:
		var r CountResult
		if json.Unmarshal(raw, &r) == nil {
			return text.Count(r.Count, "document", "documents")
		}
	case KindEmbed:
		var r EmbedResult
		if json.Unmarshal(raw, &r) == nil {
			return fmt.Sprintf("%s × %d dims", text.Count(r.Vectors, "vector", "vectors"), r.Dims)
		}
	case KindArxivSearch:
		var r struct {
			Papers json.RawMessage `json:"papers"`
			Total  int             `json:"total"`
			Cached bool            `json:"cached"`
		}
		if json.Unmarshal(raw, &r) == nil {
			s := Summarize("papers", orNull(r.Papers))
			if s == "(none)" {
				s = "0 papers"
			}
			if r.Cached {
				return fmt.Sprintf("%s (%d match in all; from the cache, no request sent)", s, r.Total)
			}
			return fmt.Sprintf("%s (%d match in all)", s, r.Total)
		}
	case KindJudge, KindFilter:
		var r VerdictResult
		if json.Unmarshal(raw, &r) == nil {
			s := "no"
			if r.Yes {
				s = "yes"
			}
			if r.Reason != "" {
				s += ": " + r.Reason
			}
			return s
		}
	case KindDecide:
		var r DecideResult
		if json.Unmarshal(raw, &r) == nil {
			s := "route " + r.Route
			if r.Impossible {
				s += ", task impossible"
			}
			if r.Message != "" {
				s += ": " + r.Message
			}
			return s
		}
	case KindQueries:
		// The searches the LLM wrote, as it wrote them: what the run then
		// searched (repaired) is search_arxiv's reasoning.
		var r QueriesResult
		if json.Unmarshal(raw, &r) == nil {
			if len(r.Queries) == 0 {
				return "no searches"
			}
			qs := make([]string, len(r.Queries))
			for i, q := range r.Queries {
				qs[i] = quote(q, maxText)
			}
			return text.Count(len(qs), "search", "searches") + ": " + strings.Join(qs, ", ")
		}
	case KindChoose:
		var r ChooseResult
		if json.Unmarshal(raw, &r) == nil {
			if len(r.Order) == 0 {
				return "none chosen: " + r.Reason
			}
			return "chose paper " + reasoner.Selection{Order: r.Order}.Numbers()
		}
	case KindAnswer:
		var r AnswerResult
		if json.Unmarshal(raw, &r) == nil {
			cited := make([]string, len(r.Cited))
			for i, c := range r.Cited {
				cited[i] = strconv.Itoa(c)
			}
			s := fmt.Sprintf("answer of %d chars", utf8.RuneCountInString(r.Text))
			if len(cited) > 0 {
				// The passages' numbers, in the order first cited: the
				// printed answer numbers its sources 1, 2, … in that order,
				// so [1 3 2] is printed [1] [2] [3].
				s += " citing passages " + strings.Join(cited, ", ")
				if !slices.IsSorted(r.Cited) {
					s += " (renumbered in the answer in that order)"
				}
			}
			return s
		}
	}
	return Summarize("result", raw)
}

func summarizeList(field string, items []string) string {
	raw, _ := json.Marshal(items)
	return Summarize(field, raw)
}

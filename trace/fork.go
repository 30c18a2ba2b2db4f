package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// ForkInfo marks a recording as a fork of another (gtrag replay --fork):
// the recorded run Of was replayed to the end of step Step, Field was set
// to Value, and the run went on from there. RecordedPath is the path the
// original took, so that a viewer can draw both branches.
//
// When the run forked was itself a fork, its own edits made the state the
// fork started from: Earlier carries them, oldest first, so that the
// recording of a fork of a fork replays (see Edits). A recording without
// Earlier — of a fork of an original run, or made before chains were
// recorded — has its one edit.
type ForkInfo struct {
	Of           string          `json:"of"`
	Step         int             `json:"step"`
	Field        string          `json:"field"`
	Value        json.RawMessage `json:"value"`
	RecordedPath []string        `json:"recorded_path"`
	Earlier      []ForkEdit      `json:"earlier,omitempty"`
	// Store is where the fork's own steps wrote (Options.ForkStore):
	// ForkScratch, ForkOffline or ForkKnowledgeBase; empty in recordings
	// made before it was kept. Its answer's footer says so, and a replay
	// of the recording says it again.
	Store string `json:"store,omitempty"`
}

// Where a fork's own steps wrote (ForkInfo.Store).
const (
	// ForkScratch is a live fork's scratch copy of the knowledge base.
	ForkScratch = "scratch"
	// ForkOffline is an offline fork's scratch store, with an arXiv of
	// the recorded papers (PaperStandIn).
	ForkOffline = "offline"
	// ForkKnowledgeBase is the user's knowledge base (--write).
	ForkKnowledgeBase = "knowledge_base"
)

// ForkEdit is one fork's edit: Field set to Value after step Step, by a
// fork of run Of.
type ForkEdit struct {
	Of    string          `json:"of,omitempty"`
	Step  int             `json:"step"`
	Field string          `json:"field"`
	Value json.RawMessage `json:"value"`
}

// Edit is the edit as --set gives it.
func (e ForkEdit) Edit() Edit { return Edit{Field: e.Field, Value: e.Value} }

// Edits is the chain of edits a replay of the recording makes: the
// earlier forks', oldest first, then its own. Two after the same step are
// made in that order. Nil for a recording that is not a fork.
func (f *ForkInfo) Edits() []ForkEdit {
	if f == nil {
		return nil
	}
	return append(slices.Clone(f.Earlier), ForkEdit{Of: f.Of, Step: f.Step, Field: f.Field, Value: f.Value})
}

// ForkEdits is the chain of edits the recorded run was made with (see
// ForkInfo.Edits): none for a run that is not a fork.
func (p *Player) ForkEdits() []ForkEdit { return p.settings.Fork.Edits() }

// CarriedEdits are the recording's edits a fork of it at step at makes
// too: those after steps up to at, which made the state the fork starts
// from. Those after later steps belong to the recorded future the fork
// replaces. The recording of the fork keeps them as ForkInfo.Earlier.
func (p *Player) CarriedEdits(at int) []ForkEdit {
	var out []ForkEdit
	for _, e := range p.ForkEdits() {
		if e.Step <= at {
			out = append(out, e)
		}
	}
	return out
}

// applyEdits makes, in order, the edits after step.
func applyEdits(s nodes.GraphState, edits []ForkEdit, step int) (nodes.GraphState, error) {
	for _, e := range edits {
		if e.Step != step {
			continue
		}
		var err error
		if s, err = e.Edit().Apply(s); err != nil {
			return s, fmt.Errorf("the recorded fork's edit after step %d: %w", step, err)
		}
	}
	return s, nil
}

// Edit is one change to a state field: FIELD=VALUE as `gtrag replay --set`
// takes it, with the field's JSON name and the value as JSON.
type Edit struct {
	Field string
	Value json.RawMessage
}

// ParseEdit reads FIELD=VALUE. VALUE is JSON (false, 3, [], "text"); a
// VALUE that is not JSON is taken as a string, so that
// arxiv_query=nash equilibrium needs no quotes.
func ParseEdit(s string) (Edit, error) {
	field, value, ok := strings.Cut(s, "=")
	field = strings.TrimSpace(field)
	if !ok || field == "" {
		return Edit{}, fmt.Errorf("%q: want FIELD=VALUE, such as relevant_context=false", s)
	}
	if names := stateFieldNames(); !slices.Contains(names, field) {
		// Said with what was typed: "--set no state field …" read as if
		// --set took no field at all.
		return Edit{}, fmt.Errorf("%s: no state field %q (fields: %s)", strings.TrimSpace(s), field, strings.Join(names, ", "))
	}
	raw := json.RawMessage(strings.TrimSpace(value))
	if !json.Valid(raw) {
		raw, _ = json.Marshal(value)
	}
	e := Edit{Field: field, Value: raw}
	if _, err := e.Apply(nodes.NewState("")); err != nil {
		return Edit{}, err
	}
	if err := checkItems(field, raw); err != nil {
		return Edit{}, err
	}
	return e, nil
}

// checkItems refuses a list of objects given to --set whose items are
// not the field's: an item with a key its type does not have, or without
// its identity (its first field: "id", "paper_id", "query"). JSON
// decoding takes both as zero values: chroma_results=[{}] made a fork
// cite a source with no id and no title ("[1]  — arXiv:"). Only what
// --set is given is checked; the edits of a recorded fork are applied as
// they were.
func checkItems(field string, value json.RawMessage) error {
	f, ok := stateField(field)
	if !ok || f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() != reflect.Struct {
		return nil
	}
	var items []map[string]json.RawMessage
	if json.Unmarshal(value, &items) != nil {
		return nil // Apply has said what is wrong with it
	}
	names := jsonNames(f.Type.Elem())
	if len(names) == 0 {
		return nil
	}
	for i, item := range items {
		for _, k := range slices.Sorted(maps.Keys(item)) {
			if !slices.Contains(names, k) {
				return fmt.Errorf("%s=%s: item %d has %q, which an item of %s does not (it has %s)", field, value, i+1, k, field, strings.Join(names, ", "))
			}
		}
		var id string
		if json.Unmarshal(item[names[0]], &id) != nil || strings.TrimSpace(id) == "" {
			return fmt.Errorf("%s=%s: item %d needs its %q, as text", field, value, i+1, names[0])
		}
	}
	return nil
}

// jsonNames are the JSON names of t's fields, in order, those of embedded
// structs in their place.
func jsonNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch {
		case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct:
			names = append(names, jsonNames(sf.Type)...)
		case name != "" && name != "-" && sf.IsExported():
			names = append(names, name)
		}
	}
	return names
}

// Apply returns s with the field set. The field must be one of the state's
// (by its JSON name) and the value must decode as that field's type.
func (e Edit) Apply(s nodes.GraphState) (nodes.GraphState, error) {
	names := stateFieldNames()
	if !slices.Contains(names, e.Field) {
		return s, fmt.Errorf("no state field %q (fields: %s)", e.Field, strings.Join(names, ", "))
	}
	// null decodes into a bool, a number or text as no change at all: the
	// field would silently keep its zero value, and the fork would claim
	// an edit it never made. null stands for none only where there can be
	// none: a list, an object.
	if string(bytes.TrimSpace(e.Value)) == "null" {
		if f, ok := stateField(e.Field); ok {
			switch ft := f.Type; ft.Kind() {
			case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
			default:
				return s, fmt.Errorf("%s=null: %s takes %s, not null", e.Field, e.Field, jsonKind(ft))
			}
		}
	}
	b, err := canonical(s)
	if err != nil {
		return s, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return s, err
	}
	m[e.Field] = e.Value
	if b, err = json.Marshal(m); err != nil {
		return s, err
	}
	var out nodes.GraphState
	if err := json.Unmarshal(b, &out); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Type != nil {
			what, kind := e.Field+" takes", jsonKind(te.Type)
			if f, ok := stateField(e.Field); ok && f.Type != te.Type {
				if te.Type.Kind() == reflect.String {
					kind = "text, as a JSON string" // no bare text inside JSON
				}
				// The mismatch is inside an item: named by its key
				// (te.Field's last part), "score" of chroma_results.
				what = "each item of " + e.Field + " is"
				if key := te.Field[strings.LastIndex(te.Field, ".")+1:]; key != "" && key != e.Field {
					what = fmt.Sprintf("the %q of each item of %s takes", key, e.Field)
				}
			}
			return s, fmt.Errorf("%s=%s: %s %s, not a JSON %s", e.Field, e.Value, what, kind, te.Value)
		}
		return s, fmt.Errorf("%s=%s: %w", e.Field, e.Value, err)
	}
	if f, ok := stateField(e.Field); ok {
		if v := reflect.ValueOf(out).FieldByIndex(f.Index); v.CanInt() && v.Int() < 0 {
			// The state's counts (papers_added) are never negative: a fork
			// from one would report what no run can.
			return s, fmt.Errorf("%s=%s: %s takes a whole number, 0 or more", e.Field, e.Value, e.Field)
		}
	}
	return out, nil
}

// jsonKind says in JSON's words what a state field's type takes, for
// --set errors: a teacher types JSON, not Go.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return `text (bare, or a JSON string such as "text")`
	case reflect.Slice, reflect.Array:
		return "a JSON array ([] for none)"
	case reflect.Map, reflect.Struct:
		return "a JSON object"
	}
	return "a value of type " + t.String()
}

// stateField is the state field with that JSON name.
func stateField(name string) (reflect.StructField, bool) {
	t := reflect.TypeFor[nodes.GraphState]()
	for i := range t.NumField() {
		if n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); n == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

// stateFieldNames lists the state's fields by JSON name, in declaration
// order, omitempty ones too.
func stateFieldNames() []string { return jsonNames(reflect.TypeFor[nodes.GraphState]()) }

// Fork is time travel: it replays the recording to the end of step at
// (steps are numbered as the trace numbers them, from 1), applies edit to
// the state there, lets the router decide again on the edited state, and
// runs the rest with after: the live store, arXiv and LLM, or offline
// stand-ins (see StandIns). Up to step at every effect is answered from the
// recording, so the fork starts exactly where the recorded run was; a
// divergence there is a *DivergenceError as in Run. opts are added to the
// run (a Recorder as observer, say).
//
// wrap, if not nil, wraps the whole of the fork's dependencies, both
// sides: Recorder.Wrap, to record the fork as a run of its own.
func (p *Player) Fork(ctx context.Context, at int, edit Edit, after nodes.Deps, wrap func(nodes.Deps) nodes.Deps, opts ...graph.RunOption) (Outcome, error) {
	recorded := p.RecordedPath()
	if at < 1 || at > len(recorded) {
		return Outcome{}, fmt.Errorf("fork at step %d: the recorded run has steps 1 to %d", at, len(recorded))
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	p.reset(cancel)

	var out Outcome
	var err error
	if out.CountBefore, err = p.count(); err != nil {
		return out, err
	}
	sw := &forkSwitch{at: at}
	carried := p.CarriedEdits(at)
	played := p.Deps()
	queries, chooser := p.ForkUses(at, after)
	if queries {
		// Up to the fork the recording answers, even when it has no such
		// operation: the replayed steps then do not ask (or diverge).
		played.Queries = playedQueries{p}
	}
	if chooser {
		played.Chooser = playedChooser{p}
	}
	deps := sw.deps(played, after, queries, chooser)
	if wrap != nil {
		deps = wrap(deps)
	}
	// The decision agent of a recording with one reads the environment,
	// as the recorded run's did, so the replayed decisions match.
	env := environment.New()
	if rec := recorderIn(deps); rec != nil {
		// The fork is being recorded: its recording tells the replayed
		// steps as the original's did — what each step added to the
		// environment, the embeds inside the store's operations, the
		// store's size — and so the steps after them.
		rec.Environment(env)
		p.mu.Lock()
		p.echo = rec
		p.mu.Unlock()
		rec.countStore()
	}
	deps = env.Wrap(deps)
	deps.Environment = func() []string { return env.Snapshot().Summary() }
	g, err := nodes.Build(deps)
	if err != nil {
		return out, fmt.Errorf("build the workflow: %w", err)
	}
	runOpts := append([]graph.RunOption{
		graph.WithStepLimit(p.settings.MaxSteps),
		graph.WithObserver[nodes.GraphState](p), graph.WithObserver[nodes.GraphState](sw),
		graph.WithEditAfter(func(_ context.Context, step int, _ string, s nodes.GraphState) (nodes.GraphState, error) {
			// A recording of a fork replays its own edits first, as Run
			// does: without them the replayed steps would leave its path.
			s, err := applyEdits(s, carried, step)
			if err != nil {
				return s, err
			}
			if step != at {
				return s, nil
			}
			s, err = edit.Apply(s)
			if err == nil {
				p.mu.Lock()
				p.atFork = &s
				p.mu.Unlock()
			}
			return s, err
		}),
	}, opts...)
	runOpts = append(runOpts, nodes.RunOptions(deps)...)
	final, runErr := g.Run(ctx, p.start(), runOpts...)
	p.mu.Lock()
	div, path := p.divergence, slices.Clone(p.path)
	p.mu.Unlock()
	out.Final, out.Path, out.Environment = final, path, env.Snapshot()
	if div != nil {
		return out, div
	}
	// Up to and including step at, the fork is a replay: it must have
	// taken the recorded path, or the edit went into another run (or
	// into none, when the replay ended first).
	if got := path[:min(at, len(path))]; !slices.Equal(got, recorded[:at]) && (runErr == nil || len(got) < at) {
		return out, &MismatchError{What: fmt.Sprintf("the path up to step %d", at), Recorded: fmt.Sprint(recorded[:at]), Replayed: fmt.Sprint(got)}
	}
	if runErr != nil {
		return out, fmt.Errorf("the fork: %w", runErr)
	}
	return out, nil
}

// StateAtFork is the state the last Fork started its own steps from: the
// recorded state after the fork's step, with the edit made (and the
// edits the recording carries); after Run of a fork's recording, the
// state that fork started its own steps from. false before a Fork or Run
// got there. What the
// fork did itself is its final state less this one: the papers it added,
// the searches it sent.
func (p *Player) StateAtFork() (nodes.GraphState, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.atFork == nil {
		return nodes.GraphState{}, false
	}
	return *p.atFork, true
}

// RecordedPath is the path of the recorded run.
func (p *Player) RecordedPath() []string {
	if p.completed != nil {
		return slices.Clone(p.completed.Path)
	}
	if p.failed != nil {
		return slices.Clone(p.failed.Path)
	}
	return nil
}

// ExecutionID is the recorded run's id.
func (p *Player) ExecutionID() string { return p.execID }

// forkSwitch answers effects from the recording up to step at and from
// the live (or stand-in) dependencies after it. It learns the step as an
// observer; effects happen inside steps.
type forkSwitch struct {
	graph.ObserverBase[nodes.GraphState]
	at   int
	step atomic.Int64
}

func (f *forkSwitch) StepStarted(_ context.Context, step int, _ string, _ nodes.GraphState) {
	f.step.Store(int64(step))
}

func (f *forkSwitch) live() bool { return f.step.Load() > int64(f.at) }

// deps are the fork's dependencies: played's up to the fork, after's
// from it. queries and chooser say whether it has a query writer and a
// paper chooser at all (Player.ForkUses).
func (f *forkSwitch) deps(played, after nodes.Deps, queries, chooser bool) nodes.Deps {
	d := after
	store := switchStore{f, played.Store, after.Store}
	d.Store = store
	ps, ok1 := played.Store.(playedStore)
	_, ok2 := after.Store.(counter)
	if ok1 && ok2 && ps.counts() {
		// Both sides count: so does the fork, for its recording's
		// environment updates ("knowledge base: 0 → 5 documents").
		d.Store = countingSwitchStore{store}
	}
	d.Arxiv = switchSearcher{f, played.Arxiv, after.Arxiv}
	d.Judge = switchJudge{f, played.Judge, after.Judge}
	d.Filter = switchFilter{f, played.Filter, after.Filter}
	if after.Topic != nil {
		// A replay's Filter answers the topic judge's recorded operations.
		d.Topic = switchFilter{f, played.Filter, after.Topic}
	}
	if after.Lead != nil {
		d.Lead = switchFilter{f, played.Filter, after.Lead}
	}
	d.Answerer = switchAnswerer{f, played.Answerer, after.Answerer}
	// The ranker exists before the fork only if the recording used it;
	// after it, only if the live side has it.
	if played.Ranker != nil || after.Ranker != nil {
		d.Ranker = switchRanker{f, played.Ranker, after.Ranker}
	}
	// A recording without a query writer formulated its searches offline;
	// the fork does too, or the replayed steps would differ. One with a
	// writer and a fork without one: the steps after the fork fall back to
	// the offline formulation, with the node's notice.
	d.Queries = nil
	if queries {
		d.Queries = switchQueries{f, played.Queries, after.Queries}
	}
	// The same for the paper chooser: without one in the recording, the
	// fork keeps the pool's ranking too.
	d.Chooser = nil
	if chooser {
		d.Chooser = switchChooser{f, played.Chooser, after.Chooser}
	}
	// A recording routed by a decision agent is routed by it up to the
	// fork, from the recording; from the fork's own step on (the router
	// decides again on the edited state) by the live agent, or, with none,
	// by the rule routers, the agent's fallback, with a notice.
	d.Router, d.Environment = nil, nil
	if played.Router != nil {
		d.Router = switchRouter{f, played.Router, after.Router}
	}
	return d
}

// ForkUses says whether a fork of the recording after step at, whose
// own steps run on after, has a query writer and a paper chooser: those
// of the recorded run, so that the replayed steps ask the recording for
// what it has, and from the fork on after's, as a live ask with the
// recorded settings would. They used to be there only when the recording
// held their operations: a fork of an LLM run answered from the store,
// which never wrote a search nor chose a paper, searched arXiv without
// either, and said nothing.
//
// What the recorded run had is in its settings (Settings.QueryWriter,
// Chooser). A recording made before they were kept is read as far as its
// operations go: one that holds them had it; one whose replayed steps did
// not search arXiv is taken to have had both when its LLM was one, as ask
// has them by default (unless it is a fork's recording, whose LLM is the
// fork's own). Neither is added where after has none (an offline fork)
// and the recording never used it: that fork formulates its searches
// offline and keeps the ranking, as it always has, without a notice.
func (p *Player) ForkUses(at int, after nodes.Deps) (queries, chooser bool) {
	return p.forkUses(KindQueries, p.settings.QueryWriter, at, after.Queries != nil),
		p.forkUses(KindChoose, p.settings.Chooser, at, after.Chooser != nil)
}

func (p *Player) forkUses(kind string, recorded *bool, at int, live bool) bool {
	p.mu.Lock()
	used := len(p.ops[kind]) > 0
	p.mu.Unlock()
	switch {
	case used:
		return true // the recording answers it; after the fork, the live side or the node's notice
	case !live:
		return false
	case recorded != nil:
		return *recorded
	}
	s := p.settings
	path := p.RecordedPath()
	return s.Fork == nil && s.LLM != "" && s.LLM != "offline" && !slices.Contains(path[:min(at, len(path))], nodes.SearchArxiv)
}

// pick returns the side for the current step; a side that is missing is
// an error rather than a nil call.
func pick[T any](f *forkSwitch, played, live T, what string) (T, error) {
	v := played
	if f.live() {
		v = live
	}
	if any(v) == nil {
		var zero T
		return zero, fmt.Errorf("fork: no %s for step %d", what, f.step.Load())
	}
	return v, nil
}

type switchRouter struct {
	f            *forkSwitch
	played, live reasoner.RouteChooser
}

// ChooseRoute decides live from the fork's step on: its decision is the
// first to see the edited state.
func (c switchRouter) ChooseRoute(ctx context.Context, t reasoner.TreeData) (reasoner.Choice, error) {
	r := c.played
	if c.f.step.Load() >= int64(c.f.at) {
		r = c.live
	}
	if r == nil {
		return reasoner.Choice{}, fmt.Errorf("fork: no decision agent for step %d", c.f.step.Load())
	}
	return r.ChooseRoute(ctx, t)
}

type switchStore struct {
	f            *forkSwitch
	played, live nodes.Store
}

func (s switchStore) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	st, err := pick(s.f, s.played, s.live, "store")
	if err != nil {
		return nil, err
	}
	return st.Query(ctx, text, k)
}

func (s switchStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	st, err := pick(s.f, s.played, s.live, "store")
	if err != nil {
		return 0, err
	}
	return st.Add(ctx, docs)
}

// countingSwitchStore is a switchStore whose sides both count (see
// counter): the recorded store up to the fork, the live one after.
type countingSwitchStore struct{ switchStore }

func (s countingSwitchStore) Count() int {
	c, err := pick(s.f, s.played, s.live, "store")
	if err != nil {
		return 0
	}
	if n, ok := c.(counter); ok {
		return n.Count()
	}
	return 0
}

// recorderIn is the Recorder that recorded d's dependencies (Wrap), or
// nil when they are not recorded.
func recorderIn(d nodes.Deps) *Recorder {
	if s, ok := d.Store.(recordedStore); ok {
		return s.r
	}
	if a, ok := d.Arxiv.(recordedSearcher); ok {
		return a.r
	}
	return nil
}

type switchSearcher struct {
	f            *forkSwitch
	played, live nodes.Searcher
}

func (s switchSearcher) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	a, err := pick(s.f, s.played, s.live, "arXiv")
	if err != nil {
		return arxiv.Page{}, err
	}
	return a.Search(ctx, query, start, max, opts)
}

type switchJudge struct {
	f            *forkSwitch
	played, live reasoner.RelevanceJudge
}

func (j switchJudge) JudgeRelevance(ctx context.Context, q string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	r, err := pick(j.f, j.played, j.live, "relevance judge")
	if err != nil {
		return reasoner.Verdict{}, err
	}
	return r.JudgeRelevance(ctx, q, ps)
}

type switchFilter struct {
	f            *forkSwitch
	played, live reasoner.PaperFilter
}

func (x switchFilter) IsGameTheory(ctx context.Context, title, abstract string) (reasoner.Verdict, error) {
	r, err := pick(x.f, x.played, x.live, "paper filter")
	if err != nil {
		return reasoner.Verdict{}, err
	}
	return r.IsGameTheory(ctx, title, abstract)
}

type switchAnswerer struct {
	f            *forkSwitch
	played, live reasoner.Answerer
}

func (a switchAnswerer) Answer(ctx context.Context, q string, ps []reasoner.Passage) (reasoner.Answer, error) {
	r, err := pick(a.f, a.played, a.live, "answerer")
	if err != nil {
		return reasoner.Answer{}, err
	}
	return r.Answer(ctx, q, ps)
}

type switchRanker struct {
	f            *forkSwitch
	played, live nodes.Ranker
}

// Rank with no ranker on this side keeps arXiv's order, as the node does
// without one.
func (k switchRanker) Rank(ctx context.Context, query string, docs []vectordb.Document) ([]vectordb.Ranked, error) {
	r, err := pick(k.f, k.played, k.live, "pool ranker")
	if err != nil {
		out := make([]vectordb.Ranked, len(docs))
		for i, d := range docs {
			out[i] = vectordb.Ranked{ID: d.ID}
		}
		return out, nil
	}
	return r.Rank(ctx, query, docs)
}

type switchQueries struct {
	f            *forkSwitch
	played, live reasoner.QueryWriter
}

func (q switchQueries) WriteQueries(ctx context.Context, question string) (reasoner.Queries, error) {
	r, err := pick(q.f, q.played, q.live, "query writer")
	if err != nil {
		return reasoner.Queries{}, err
	}
	return r.WriteQueries(ctx, question)
}

type switchChooser struct {
	f            *forkSwitch
	played, live reasoner.PaperChooser
}

func (c switchChooser) ChoosePapers(ctx context.Context, question string, cs []reasoner.Passage) (reasoner.Selection, error) {
	r, err := pick(c.f, c.played, c.live, "paper chooser")
	if err != nil {
		return reasoner.Selection{}, err
	}
	return r.ChoosePapers(ctx, question, cs)
}

// RecordedPapers are the papers the recorded run's arXiv searches
// returned, each once, in the order first seen: the arXiv of an offline
// fork (PaperStandIn).
func (p *Player) RecordedPapers() []arxiv.Paper {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []arxiv.Paper
	seen := map[string]bool{}
	for _, op := range p.ops[KindArxivSearch] {
		var r SearchResult
		if op.result == nil || json.Unmarshal(op.result, &r) != nil {
			continue
		}
		for _, paper := range r.Papers {
			if !seen[paper.ID] {
				seen[paper.ID] = true
				out = append(out, paper)
			}
		}
	}
	return out
}

// RecordedDocuments are the documents the recorded run's store queries
// returned, each once: what an offline fork's scratch store starts with,
// the knowledge base as far as the recording saw it.
func (p *Player) RecordedDocuments() []vectordb.Document {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []vectordb.Document
	seen := map[string]bool{}
	for _, op := range p.ops[KindStoreQuery] {
		var r QueryResult
		if op.result == nil || json.Unmarshal(op.result, &r) != nil {
			continue
		}
		for _, res := range r.Results {
			if !seen[res.ID] {
				seen[res.ID] = true
				out = append(out, res.Document)
			}
		}
	}
	return out
}

// RecordedDocumentsAt is RecordedDocuments as the store stood after step
// step: without the documents the recorded run itself first wrote after
// that step (a store.add there that wrote new chunks), unless a query at
// or before the step had already returned them. An offline fork at step 1
// of a run that added papers at step 5 then starts from the store the
// recorded run had at step 1, and its own add_to_chroma writes them anew,
// rather than finding them "already in the store".
func (p *Player) RecordedDocumentsAt(step int) []vectordb.Document {
	docs := p.RecordedDocuments()
	p.mu.Lock()
	later := map[string]bool{}
	for _, op := range p.ops[KindStoreAdd] {
		if op.Step <= step {
			continue
		}
		var r AddResult
		if op.result == nil || json.Unmarshal(op.result, &r) != nil || r.Added == 0 {
			continue
		}
		var a AddParams
		if json.Unmarshal(op.Params, &a) != nil {
			continue
		}
		for _, id := range a.DocIDs {
			later[id] = true
		}
	}
	for _, op := range p.ops[KindStoreQuery] {
		if op.Step > step {
			continue
		}
		var r QueryResult
		if op.result == nil || json.Unmarshal(op.result, &r) != nil {
			continue
		}
		for _, res := range r.Results {
			delete(later, res.ID)
		}
	}
	p.mu.Unlock()
	return slices.DeleteFunc(docs, func(d vectordb.Document) bool { return later[d.ID] })
}

// PaperStandIn is an arXiv that knows only some papers (an offline fork's:
// Player.RecordedPapers) and returns them all, a page at a time, whatever
// the query: the workflow's ranker then orders them against the question,
// as it does a real pool.
type PaperStandIn []arxiv.Paper

func (s PaperStandIn) Search(_ context.Context, _ string, start, max int, _ arxiv.SearchOptions) (arxiv.Page, error) {
	page := arxiv.Page{Total: len(s), Start: start, PerPage: max}
	if start < len(s) {
		page.Papers = slices.Clone(s[start:min(len(s), start+max)])
	}
	return page, nil
}

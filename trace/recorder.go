package trace

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// Options configure a Recorder. The zero value records nothing anywhere; set
// Out, Live or both.
type Options struct {
	// Out receives the events as JSON Lines, buffered; Finish flushes it.
	Out io.Writer
	// Live receives the narration step by step as the run goes.
	Live io.Writer
	// Secrets are values that must never appear in a trace: the API keys
	// found in the environment (provider.Secrets). Patterns (bearer tokens, "sk-" keys) are
	// scrubbed whether listed or not.
	Secrets []string
	// Clock stamps events; nil means time.Now. Tests pass a fixed clock.
	Clock func() time.Time
	// NewID names the execution; nil means 16 random hex digits. Event ids
	// are the execution id and the sequence number, so a fixed NewID makes
	// a trace byte-for-byte reproducible.
	NewID func() string
	// LLM names the reasoners (Settings.LLM), recorded as the tool of every
	// reasoner operation.
	LLM string
	// Sinks receive every event as it is recorded, after redaction: an
	// OpenTelemetry exporter (package trace/otlp), say. An error from a
	// sink is kept like a write error.
	Sinks []EventSink
	// ForkStore, for the recording of a fork, is where the fork's own
	// steps write (ForkScratch, ForkOffline, ForkKnowledgeBase): Start
	// records it in Settings.Fork.Store.
	ForkStore string
	// StoreFlags are the flags a `gtrag ingest` the run's answer suggests
	// is given (the knowledge base's and the arXiv endpoint's, as typed):
	// Start records them in Settings.StoreFlags.
	StoreFlags string
	// ReplayedLLM and ReplayedUntil, for the recording of a fork, are the
	// recorded run's LLM (its Settings.LLM) and the fork's step: the
	// reasoner calls of steps up to it are answered from the recording,
	// so they are recorded with the recorded run's tool, not LLM, and a
	// narration does not credit the fork's reasoners with them. The
	// decision after the fork's step is the fork's own.
	ReplayedLLM   string
	ReplayedUntil int
}

// EventSink receives a run's events one at a time, in order. Narrator is
// one.
type EventSink interface {
	Event(Event) error
}

// Recorder turns a run into events. It is the graph's Observer and wraps the
// workflow's dependencies (Wrap, Embedder) so that it also sees every external
// effect. One Recorder records one run; it is safe for concurrent use, but
// the graph calls it from one goroutine and the events are numbered in the
// order they happen.
type Recorder struct {
	envRec   *environment.Recorder   // the run's environment, for execution_completed (Environment)
	env      environment.Environment // its snapshot at Finish
	opts     Options
	decision *graph.Decision // a decision agent's, until its RouteDecided
	// decisionChanges are the state fields the decision agent changed,
	// until its RouteDecided.
	decisionChanges []Mutation
	redact          *Redactor
	out             *bufio.Writer
	narr            *Narrator

	mu        sync.Mutex
	execID    string
	seq       int64
	step      int
	node      string
	stepStart time.Time
	stepState []jsonField // the state StepStarted encoded: StepCompleted's before
	path      []string
	reads     map[string][]string // node → fields it reads
	routers   map[string]string   // node → the router that runs after it
	counter   counter
	// requests is the run's arXiv request counter (arxiv.CountRequests),
	// found in the context of its first step; Finish records its value.
	requests *atomic.Int64
	// calls is the run's LLM call counter (reasoner.CountCalls), found
	// the same way.
	calls   *atomic.Int64
	running bool  // between Start and Finish: effects outside a run (seeding a new store) are not recorded
	err     error // the first write error; Finish returns it
}

// counter is what a store offers besides the workflow's needs: its size, for
// the environment update the narration shows.
type counter interface{ Count() int }

// New returns a Recorder writing where o says.
func New(o Options) *Recorder {
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.NewID == nil {
		o.NewID = randomID
	}
	r := &Recorder{opts: o, redact: NewRedactor(o.Secrets...)}
	if o.Out != nil {
		r.out = bufio.NewWriterSize(o.Out, 64<<10)
	}
	if o.Live != nil {
		r.narr = NewNarrator(o.Live)
	}
	r.execID = o.NewID()
	return r
}

func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand panics instead)
	return hex.EncodeToString(b[:])
}

// ExecutionID is the id shared by every event of the run.
func (r *Recorder) ExecutionID() string { return r.execID }

// Percept summarises the fields of state named in reads, in that order: what
// a node reading them perceives. gtrag ask --step shows it before a node runs.
func Percept(state nodes.GraphState, reads []string) ([]Field, error) {
	fields, err := objectFields(state)
	if err != nil {
		return nil, fmt.Errorf("encode the state: %w", err)
	}
	return percept(fields, reads), nil
}

func percept(fields []jsonField, reads []string) []Field {
	byName := map[string]json.RawMessage{}
	for _, f := range fields {
		byName[f.name] = f.raw
	}
	out := []Field{}
	for _, name := range reads {
		out = append(out, Field{Name: name, Summary: Summarize(name, orNull(byName[name]))})
	}
	return out
}

// Start records execution_started and the store's size. g is the workflow
// about to run: its metadata says which fields each node perceives.
func (r *Recorder) Start(g *nodes.Graph, question string, s Settings) {
	r.mu.Lock()
	r.reads = map[string][]string{}
	r.requests, r.calls = nil, nil
	r.routers = map[string]string{}
	if g != nil {
		for _, n := range g.Nodes() {
			r.reads[n.Name] = n.Reads
		}
		for _, rt := range g.Routers() {
			r.routers[rt.From] = rt.Name
		}
	}
	r.running = true
	if s.Fork != nil && r.opts.ForkStore != "" {
		f := *s.Fork
		f.Store = r.opts.ForkStore
		s.Fork = &f
	}
	if r.opts.StoreFlags != "" {
		s.StoreFlags = r.opts.StoreFlags
	}
	r.emitLocked(ExecutionStarted, 0, "", ExecutionStartedData{Format: FormatVersion, Question: question, Settings: s})
	r.mu.Unlock()
	r.countStore()
}

// Finish records the end of the run (the store's size, then
// execution_completed or execution_failed), flushes the output and returns
// the first error met while writing. It does not close Out.
func (r *Recorder) Finish(final nodes.GraphState, runErr error) error {
	if r.envRec != nil {
		env := r.envRec.Snapshot()
		r.mu.Lock()
		r.env = env
		r.mu.Unlock()
	}
	r.countStore()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.running = false
	path := append([]string{}, r.path...)
	if runErr != nil {
		var ie *graph.InterruptError
		d := ExecutionFailedData{Error: fold(runErr.Error()), Path: path, Interrupted: errors.As(runErr, &ie)}
		var sig interface{ SignalName() string }
		if !d.Interrupted && errors.As(runErr, &sig) {
			d.Signal = sig.SignalName()
		}
		d.ArxivRequests, d.LLMCalls = r.sent()
		r.emitLocked(ExecutionFailed, 0, "", d)
	} else {
		d := ExecutionCompletedData{
			FinalResponse: final.FinalResponse, Sources: final.Sources, Path: path,
			PapersAdded: final.PapersAdded, Notices: final.Notices, Environment: r.env,
		}
		d.ArxivRequests, d.LLMCalls = r.sent()
		r.emitLocked(ExecutionCompleted, 0, "", d)
	}
	if r.out != nil {
		if err := r.out.Flush(); err != nil && r.err == nil {
			r.err = fmt.Errorf("write the trace: %w", err)
		}
	}
	return r.err
}

// sent is what the run has sent so far: its arXiv requests and LLM calls,
// nil when the recorder was not given the counter.
func (r *Recorder) sent() (requests, calls *int64) {
	if r.requests != nil {
		n := r.requests.Load()
		requests = &n
	}
	if r.calls != nil {
		n := r.calls.Load()
		calls = &n
	}
	return requests, calls
}

// countStore records a store.count operation when the wrapped store counts.
func (r *Recorder) countStore() {
	r.mu.Lock()
	c := r.counter
	r.mu.Unlock()
	if c == nil {
		return
	}
	r.count(c)
}

// count records a store.count of c and returns it.
func (r *Recorder) count(c counter) int {
	n, _ := record(context.Background(), r, KindStoreCount, "", struct{}{}, func(context.Context) (int, error) { return c.Count(), nil },
		func(n int) any { return CountResult{Count: n} })
	return n
}

// StepStarted records the step and its percept.
func (r *Recorder) StepStarted(ctx context.Context, step int, node string, state nodes.GraphState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.requests == nil {
		r.requests = arxiv.RequestCounter(ctx)
	}
	if r.calls == nil {
		r.calls = reasoner.CallCounter(ctx)
	}
	r.step, r.node = step, node
	r.stepStart = r.opts.Clock()
	fields, err := objectFields(state)
	if err != nil {
		r.setErr(fmt.Errorf("encode the state: %w", err))
	}
	r.stepState = fields
	r.emitLocked(StepStarted, step, node, StepStartedData{Node: node, Percept: percept(fields, r.reads[node])})
}

// StepCompleted records the state changes of the step, then its end.
func (r *Recorder) StepCompleted(_ context.Context, step int, node string, before, after nodes.GraphState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	// The graph passes StepCompleted the state it passed StepStarted, so
	// before is already encoded; only a step not seen starting needs it.
	b := r.stepState
	var errB error
	if step != r.step || node != r.node {
		b, errB = objectFields(before)
	}
	a, errA := objectFields(after)
	if err := errors.Join(errB, errA); err != nil {
		r.setErr(fmt.Errorf("encode the state: %w", err))
	}
	r.stepState = nil
	r.emitLocked(StateMutated, step, node, StateMutatedData{Mutations: nonNil(diffFields(b, a))})
	var envChanges []string
	if r.envRec != nil {
		snap := r.envRec.Snapshot()
		envChanges = describeEnvChanges(r.env, snap)
		r.env = snap
	}
	r.emitLocked(StepCompleted, step, node, StepCompletedData{
		Node: node, DurationMS: r.opts.Clock().Sub(r.stepStart).Milliseconds(), Reasoning: after.Reasoning,
		Environment: envChanges,
	})
	r.path = append(r.path, node)
}

// StepFailed records a node's error.
func (r *Recorder) StepFailed(_ context.Context, step int, node string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.emitLocked(StepFailed, step, node, StepFailedData{Node: node, Error: fold(err.Error())})
	r.step, r.node = 0, ""
}

// Environment has execution_completed carry the environment env collects
// (see package environment); call it before the run starts.
func (r *Recorder) Environment(env *environment.Recorder) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.envRec = env
}

// Decided keeps a decision agent's decision for the RouteDecided that
// follows it.
func (r *Recorder) Decided(_ context.Context, _ int, _ string, d graph.Decision) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.decision = &d
}

// DecisionState keeps what a decision agent changed in the state as it
// decided, for the RouteDecided that follows it: the step's state_mutated,
// recorded before the agent ran, does not have it.
func (r *Recorder) DecisionState(_ context.Context, _ int, _ string, before, after nodes.GraphState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, errB := objectFields(before)
	a, errA := objectFields(after)
	if err := errors.Join(errB, errA); err != nil {
		r.setErr(fmt.Errorf("encode the state: %w", err))
	}
	r.decisionChanges = diffFields(b, a)
}

// RouteDecided records the move to the next step.
func (r *Recorder) RouteDecided(_ context.Context, step int, from, key, to, reason string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := RouteDecidedData{From: from, Key: key, To: to, Reason: reason}
	if key != "" {
		d.Router = r.routers[from]
	}
	if dec := r.decision; dec != nil {
		d.DecidedBy, d.Message, d.Notice = dec.By, dec.Message, dec.Notice
		r.decision = nil
	}
	d.Mutations, r.decisionChanges = r.decisionChanges, nil
	r.emitLocked(RouteDecided, step, from, d)
	r.step, r.node = 0, ""
}

var (
	_ graph.Observer[nodes.GraphState]              = (*Recorder)(nil)
	_ graph.DecisionObserver                        = (*Recorder)(nil)
	_ graph.DecisionStateObserver[nodes.GraphState] = (*Recorder)(nil)
)

func (r *Recorder) setErr(err error) {
	if r.err == nil {
		r.err = err
	}
}

// emitLocked encodes, scrubs, numbers and writes one event; r.mu is held.
func (r *Recorder) emitLocked(t Type, step int, node string, data any) Event {
	raw, err := canonical(data)
	if err != nil {
		r.setErr(fmt.Errorf("encode a %s event: %w", t, err))
		raw = []byte(`{}`)
	}
	raw = r.redact.JSON(raw)
	if !json.Valid(raw) { // cannot happen with the patterns we have; never write a broken line
		raw = []byte(`{"redacted":true}`)
	}
	r.seq++
	e := Event{
		ID: r.eventID(r.seq), ExecutionID: r.execID, Seq: r.seq,
		TS: r.opts.Clock().UTC(), Type: t, Step: step, Node: node, Data: raw,
	}
	if r.out != nil {
		line, err := canonical(e)
		if err == nil {
			line = append(r.redact.JSON(line), '\n')
			_, err = r.out.Write(line)
		}
		if err != nil {
			r.setErr(fmt.Errorf("write the trace: %w", err))
		}
	}
	if r.narr != nil {
		if err := r.narr.Event(e); err != nil {
			r.setErr(fmt.Errorf("write the narration: %w", err))
		}
	}
	for _, sink := range r.opts.Sinks {
		if err := sink.Event(e); err != nil {
			r.setErr(err)
		}
	}
	return e
}

func (r *Recorder) eventID(seq int64) string { return fmt.Sprintf("%s-%04d", r.execID, seq) }

// recording reports whether a run is being recorded.
func (r *Recorder) recording() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.running
}

// record runs one external effect between operation_started and
// operation_completed (or operation_failed). params identify the call;
// result turns what it returned into what the trace keeps. ctx is the
// call's: an effect that failed because the run was being stopped (Ctrl-C)
// is recorded as cancelled, so that a replay stops there too rather than
// take it for, say, arXiv being down.
func record[T any](ctx context.Context, r *Recorder, kind, tool string, params any, call func(context.Context) (T, error), result func(T) any) (T, error) {
	pj, err := canonical(params)
	fp := fingerprintOf(pj)
	r.mu.Lock()
	if err != nil {
		r.setErr(fmt.Errorf("fingerprint a %s operation: %w", kind, err))
		fp = ""
	}
	step, node := r.step, r.node
	if r.opts.ReplayedLLM != "" && strings.HasPrefix(kind, "reasoner.") &&
		(step < r.opts.ReplayedUntil || step == r.opts.ReplayedUntil && kind != KindDecide) {
		tool = r.opts.ReplayedLLM
	}
	start := r.opts.Clock()
	ev := r.emitLocked(OperationStarted, step, node, OperationStartedData{
		Kind: kind, Tool: tool, Params: pj, Fingerprint: fp,
		OpID: r.eventID(r.seq + 1), // the id emitLocked is about to give this event
	})
	r.mu.Unlock()

	// The requests a reasoner's call sends its model, counted inside the
	// run's (reasoner.CountCalls nests): a retry is told where it
	// happened. Only reasoners send any; the store's, arXiv's and the
	// embedder's operations are called with ctx as it is.
	var sent atomic.Int64
	callCtx := ctx
	if strings.HasPrefix(kind, "reasoner.") {
		callCtx = reasoner.CountCalls(ctx, &sent)
	}
	v, callErr := call(callCtx)

	r.mu.Lock()
	defer r.mu.Unlock()
	ms := r.opts.Clock().Sub(start).Milliseconds()
	if callErr != nil {
		d := OperationFailedData{OpID: ev.ID, Kind: kind, DurationMS: ms, Error: fold(callErr.Error())}
		var api *arxiv.APIError
		if errors.As(callErr, &api) {
			d.ErrorKind, d.Status, d.Message = errorKindArxivAPI, api.Status, api.Message
		}
		if errors.Is(callErr, reasoner.ErrLLMUnavailable) {
			d.ErrorKind = errorKindLLMUnavailable
		}
		if errors.Is(callErr, reasoner.ErrLLMGivenUp) {
			d.ErrorKind = errorKindLLMGivenUp
		}
		if ctx.Err() != nil {
			d.ErrorKind, d.Status, d.Message = errorKindCancelled, 0, ""
		}
		r.emitLocked(OperationFailed, step, node, d)
		return v, callErr
	}
	rj, err := canonical(result(v))
	if err != nil {
		r.setErr(fmt.Errorf("encode a %s result: %w", kind, err))
		rj = []byte("null")
	}
	d := OperationCompletedData{OpID: ev.ID, Kind: kind, DurationMS: ms, Result: rj}
	if n := sent.Load(); n > 1 {
		d.LLMRequests = n
	}
	r.emitLocked(OperationCompleted, step, node, d)
	return v, nil
}

const errorKindArxivAPI = "arxiv_api"

// errorKindLLMUnavailable marks a call refused because the run had given
// up on its LLM (reasoner.ErrLLMUnavailable): the decision agent's caller
// tells that lasting state from one failed call, and so must a replay.
const errorKindLLMUnavailable = "llm_unavailable"

// errorKindLLMGivenUp marks a decision agent's failure that gave up the
// run's LLM (reasoner.ErrLLMGivenUp): its caller's notice then says that
// the run goes on offline, and so must a replay's.
const errorKindLLMGivenUp = "llm_given_up"

// errorKindCancelled marks an effect cut short because the run was being
// stopped (Ctrl-C, SIGTERM): not a failure of the tool.
const errorKindCancelled = "cancelled"

// oneLine keeps an error message on its event's line.

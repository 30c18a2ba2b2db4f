package trace

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// RecordedOp is one operation of a recording, with its outcome.
type RecordedOp struct {
	Kind        string
	Fingerprint string
	Params      json.RawMessage
	Step        int
	Node        string
	Line        int    // of its operation_started event
	Tool        string // what answered it, as recorded (an embedder's spec, the LLM)

	resultLine int // of its operation_completed or operation_failed event
	// startSeq and endSeq number its start and its end among the
	// recording's events: an operation begun and ended between them (the
	// embed of a store query) happened inside it.
	startSeq, endSeq int64
	result           json.RawMessage
	failed           *OperationFailedData
	used             bool // answered in this replay
}

// Player re-runs a recorded run: the real workflow (nodes.Build), with every
// external effect answered from the recording. Each call the workflow makes
// is matched against the recorded operations of the same kind, in order, by
// fingerprint; the first call that does not match, or that finds no recorded
// operation left, stops the run with a *DivergenceError. Kinds the replay
// never asks for (embeddings: no store is opened) are simply not used.
type Player struct {
	graph.ObserverBase[nodes.GraphState] // StepFailed; the other events it writes below

	// Path names the recording's file in errors that point into it
	// ("path:line: …"); "" gives "line N: …".
	Path string

	execID    string
	question  string
	settings  Settings
	completed *ExecutionCompletedData
	failed    *ExecutionFailedData

	mu         sync.Mutex
	ops        map[string][]*RecordedOp
	step       int
	node       string
	path       []string
	divergence *DivergenceError
	damaged    *FormatError // a recorded result that does not decode
	cancel     context.CancelCauseFunc
	// stopped is the operation the recorded run was stopped during
	// (Ctrl-C), once the replay has reached it: the replay stops there too.
	stopped *RecordedOp
	// atFork is the state a Fork's own steps started from (StateAtFork).
	atFork *nodes.GraphState
	// storeCount is the store's size as the recording has it at this
	// point of the replay: its first store.count (firstCount), then each
	// played add's count after (playedStore.Count).
	storeCount int
	// routes are the recording's route_decided events, in order
	// (RecordedRoutes).
	routes []Event
	// firstCount is the recording's first store.count, nil when it has
	// none: its store did not count.
	firstCount *int
	// echo, when a Fork is being recorded, records again what the
	// recording says happened inside the operations it answers (the
	// embeds of a store query or add), so that the fork's recording of
	// its replayed steps tells what the original's did.
	echo *Recorder
}

// NewPlayer indexes a recording. The recording must be complete: a run that
// did not finish has no answer to reproduce.
func NewPlayer(events []Event) (*Player, error) {
	q, s, err := Start(events)
	if err != nil {
		return nil, err
	}
	if !Complete(events) {
		return nil, errors.New("the trace is incomplete: the recorded run never finished (no execution_completed or execution_failed), so there is no answer to reproduce")
	}
	p := &Player{execID: events[0].ExecutionID, question: q, settings: s, ops: map[string][]*RecordedOp{}}
	byID := map[string]*RecordedOp{}
	for _, e := range events {
		switch e.Type {
		case OperationStarted:
			var d OperationStartedData
			if err := e.Decode(&d); err != nil {
				return nil, lineError(e, err)
			}
			op := &RecordedOp{Kind: d.Kind, Fingerprint: d.Fingerprint, Params: d.Params, Step: e.Step, Node: e.Node, Line: e.Line, Tool: d.Tool, startSeq: e.Seq}
			byID[d.OpID] = op
			p.ops[d.Kind] = append(p.ops[d.Kind], op)
		case OperationCompleted:
			var d OperationCompletedData
			if err := e.Decode(&d); err != nil {
				return nil, lineError(e, err)
			}
			if op := byID[d.OpID]; op != nil {
				op.result, op.resultLine, op.endSeq = d.Result, e.Line, e.Seq
			}
		case OperationFailed:
			var d OperationFailedData
			if err := e.Decode(&d); err != nil {
				return nil, lineError(e, err)
			}
			if op := byID[d.OpID]; op != nil {
				op.failed, op.resultLine, op.endSeq = &d, e.Line, e.Seq
			}
		case RouteDecided:
			p.routes = append(p.routes, e)
		case ExecutionCompleted:
			p.completed = &ExecutionCompletedData{}
			if err := e.Decode(p.completed); err != nil {
				return nil, lineError(e, err)
			}
		case ExecutionFailed:
			p.failed = &ExecutionFailedData{}
			if err := e.Decode(p.failed); err != nil {
				return nil, lineError(e, err)
			}
		}
	}
	if p.settings.Pool == 0 && len(p.ops[KindArxivSearch]) > 0 {
		// Recorded before the pool was a setting: every request of such a
		// run fetched the same number of papers, so its first says what
		// the pool was, and the replay does not take today's default.
		var sp SearchParams
		if json.Unmarshal(p.ops[KindArxivSearch][0].Params, &sp) == nil {
			p.settings.Pool = sp.Max
		}
	}
	if counts := p.ops[KindStoreCount]; len(counts) > 0 && counts[0].result != nil {
		var r CountResult
		if json.Unmarshal(counts[0].result, &r) == nil {
			p.firstCount = &r.Count
		}
	}
	return p, nil
}

func lineError(e Event, err error) error {
	if e.Line > 0 {
		return &FormatError{Line: e.Line, Err: err}
	}
	return err
}

// Question is the recorded question.
func (p *Player) Question() string { return p.question }

// start is the state the recorded run started from: its question, and the
// sentences it was asked without.
func (p *Player) start() nodes.GraphState {
	s := nodes.NewState(p.question)
	s.Told = p.settings.Told
	return s
}

// RecordedRoutes are the recording's route_decided events, in order: in a
// run with a decision agent, who decided each branch (RouteDecidedData's
// DecidedBy).
func (p *Player) RecordedRoutes() []Event { return slices.Clone(p.routes) }

// Settings are the recorded settings.
func (p *Player) Settings() Settings { return p.settings }

// Recorded is the recorded end of the run: exactly one of the two is set.
func (p *Player) Recorded() (*ExecutionCompletedData, *ExecutionFailedData) {
	return p.completed, p.failed
}

// RecordedCounts are what a recording says its run sent out, for a replay
// (which sends nothing) to show beside its own counts.
type RecordedCounts struct {
	// ArxivRequests is the recorded run's arxiv_requests (HTTP requests to
	// arXiv, retries included); nil when the recording does not say: it was
	// made before gtrag kept the count (for a run that was stopped or
	// failed, before it kept it in the failure's event too).
	ArxivRequests *int64
	// LLMCalls is the recorded run's llm_calls (requests to its LLM,
	// retries included; 0 offline); nil when the recording does not say.
	LLMCalls *int64
}

// RecordedCounts counts what the recorded run sent out.
func (p *Player) RecordedCounts() RecordedCounts {
	var requests, calls *int64
	switch {
	case p.completed != nil:
		requests, calls = p.completed.ArxivRequests, p.completed.LLMCalls
	case p.failed != nil:
		requests, calls = p.failed.ArxivRequests, p.failed.LLMCalls
	}
	var c RecordedCounts
	if requests != nil {
		n := *requests
		c.ArxivRequests = &n
	}
	if calls != nil {
		n := *calls
		c.LLMCalls = &n
	}
	return c
}

// RecordedStoreCount is the size of the store the recorded run started
// from (its first store.count), and whether the recording says: one made
// before gtrag counted the store does not. A live fork reads it to start
// from a store like it (gtrag replay --fork).
func (p *Player) RecordedStoreCount() (int, bool) {
	if p.firstCount == nil {
		return 0, false
	}
	return *p.firstCount, true
}

// Deps are the workflow's dependencies answered from the recording, with the
// recorded settings.
//
// The pool ranker and the query writer are there when the recording used
// them: a run recorded without them replays without them.
func (p *Player) Deps() nodes.Deps {
	d := nodes.Deps{
		Store: playedStore{p}, Arxiv: playedSearcher{p},
		Judge: playedJudge{p}, Filter: playedFilter{p}, Answerer: playedAnswerer{p},
		K: p.settings.K, MaxResults: p.settings.MaxResults,
		Pool: p.settings.Pool, MaxSearches: p.settings.MaxSearches,
		Chunking: chunker.Options{Size: p.settings.ChunkSize, Overlap: p.settings.ChunkOverlap},
	}
	p.settings.LoopSettings.Apply(&d)
	// An offline fork's recording searched the recorded papers, and its
	// answer said so (nodes.Deps.ArxivStandIn): its replay says the same.
	d.ArxivStandIn = p.settings.Fork != nil && p.settings.Fork.Store == ForkOffline
	if len(p.ops[KindRank]) > 0 {
		d.Ranker = playedRanker{p}
	}
	if len(p.ops[KindQueries]) > 0 {
		d.Queries = playedQueries{p}
	}
	if len(p.ops[KindChoose]) > 0 {
		d.Chooser = playedChooser{p}
	}
	if p.settings.Router == nodes.RouterLLM {
		d.Router = playedRouter{p}
	}
	return d
}

// Outcome is what a replay produced.
type Outcome struct {
	Final       nodes.GraphState
	Path        []string
	CountBefore int // the store's size, as recorded; 0 when not recorded
	CountAfter  int
	// Environment is the replayed run's results by tool.
	Environment environment.Environment
}

// Run replays the recording: it builds the workflow over Deps, runs it with
// the recorded question and step limit, and checks that it ends as the
// recorded run did. Errors: a *DivergenceError when the workflow asks for
// an operation the recording does not have, a *MismatchError when it
// finishes differently, or the workflow's own error when the recorded run
// failed the same way is not what happened.
func (p *Player) Run(ctx context.Context) (Outcome, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	p.reset(cancel)

	var out Outcome
	var err error
	if out.CountBefore, err = p.count(); err != nil {
		return out, err
	}
	env := environment.New()
	deps := env.Wrap(p.Deps())
	deps.Environment = func() []string { return env.Snapshot().Summary() }
	g, err := nodes.Build(deps)
	if err != nil {
		return out, fmt.Errorf("build the workflow: %w", err)
	}
	opts := append([]graph.RunOption{graph.WithStepLimit(p.settings.MaxSteps), graph.WithObserver[nodes.GraphState](p)},
		nodes.RunOptions(deps)...)
	if edits := p.ForkEdits(); len(edits) > 0 {
		// The recording is of a fork: replay its edits too, the earlier
		// forks' of a fork of a fork included.
		own := p.settings.Fork.Step
		opts = append(opts, graph.WithEditAfter(func(_ context.Context, step int, _ string, s nodes.GraphState) (nodes.GraphState, error) {
			s, err := applyEdits(s, edits, step)
			if err == nil && step == own {
				// Where the recorded fork's own steps started (StateAtFork).
				p.mu.Lock()
				p.atFork = &s
				p.mu.Unlock()
			}
			return s, err
		}))
	}
	if p.failed != nil && p.failed.Interrupted {
		// Someone stopped the recorded run before its next step: stop there too.
		at := len(p.failed.Path) + 1
		opts = append(opts, graph.WithInterruptBefore(func(_ context.Context, step int, _ string, _ nodes.GraphState) error {
			if step == at {
				return errors.New("stopped there in the recording")
			}
			return nil
		}))
	}
	final, runErr := g.Run(ctx, p.start(), opts...)
	p.mu.Lock()
	div, damaged, path := p.divergence, p.damaged, slices.Clone(p.path)
	p.mu.Unlock()
	out.Final, out.Path, out.Environment = final, path, env.Snapshot()
	if damaged != nil {
		return out, damaged
	}
	if div != nil {
		return out, div
	}
	p.mu.Lock()
	stopped := p.stopped
	p.mu.Unlock()
	if runErr != nil {
		// What the store held when the recorded run ended, as far as the
		// recording says: the replay did not get there to ask.
		out.CountAfter = p.recordedCountAfter()
		// The engine's own prefix ("graph: run interrupted before …")
		// names code, not anything the reader did: said without it.
		why := &readableError{msg: readableRunError(runErr.Error()), err: runErr}
		if stopped != nil { // Ctrl-C during a step: the replay stops in the same operation
			return out, &StoppedError{Step: stopped.Step, Node: stopped.Node, Err: why}
		}
		if p.failed != nil && p.failed.Interrupted { // stopped on purpose, at the same place
			return out, fmt.Errorf("the recorded run was stopped before step %d, and so is the replay: %w", len(p.failed.Path)+1, why)
		}
		if p.failed != nil { // the recorded run failed too: same story, same end
			return out, fmt.Errorf("the recorded run failed, and so does the replay: %w", why)
		}
		return out, fmt.Errorf("replay: %w", runErr)
	}
	if out.CountAfter, err = p.count(); err != nil {
		return out, err
	}
	return out, p.compare(out)
}

// reset readies the player for another run: every recorded operation
// unused, no path, cancel to stop the run on a divergence.
func (p *Player) reset(cancel context.CancelCauseFunc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cancel, p.path, p.step, p.node, p.divergence, p.stopped, p.atFork = cancel, nil, 0, "", nil, nil, nil
	p.echo, p.storeCount = nil, 0
	if p.firstCount != nil {
		p.storeCount = *p.firstCount
	}
	for _, q := range p.ops {
		for _, op := range q {
			op.used = false
		}
	}
}

// compare checks the replayed end against the recorded one.
func (p *Player) compare(out Outcome) error {
	if p.completed == nil {
		return &MismatchError{What: "outcome", Recorded: "the run failed: " + p.failed.Error, Replayed: "the run completed"}
	}
	if !slices.Equal(out.Path, p.completed.Path) {
		return &MismatchError{What: "path", Recorded: fmt.Sprint(p.completed.Path), Replayed: fmt.Sprint(out.Path)}
	}
	if out.Final.FinalResponse != p.completed.FinalResponse {
		return &MismatchError{What: "final_response", Recorded: p.completed.FinalResponse, Replayed: out.Final.FinalResponse}
	}
	return nil
}

// recordedCountAfter is the store's size the recording counted after its
// run (its last store.count, when it has one besides the first), or 0.
func (p *Player) recordedCountAfter() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	counts := p.ops[KindStoreCount]
	if len(counts) < 2 {
		return 0
	}
	var r CountResult
	if last := counts[len(counts)-1]; last.result == nil || json.Unmarshal(last.result, &r) != nil {
		return 0
	}
	return r.Count
}

// count replays a store.count of the run itself (before the first step and
// after the last); recordings of stores that cannot count have none.
func (p *Player) count() (int, error) {
	p.mu.Lock()
	none := len(p.ops[KindStoreCount]) == 0
	p.mu.Unlock()
	if none {
		return 0, nil
	}
	var r CountResult
	if err := p.take(KindStoreCount, struct{}{}, &r); err != nil {
		return 0, err
	}
	return r.Count, nil
}

// StepStarted, StepCompleted, StepFailed and RouteDecided let the player
// name the step and node of a divergence.
func (p *Player) StepStarted(_ context.Context, step int, node string, _ nodes.GraphState) {
	p.mu.Lock()
	p.step, p.node = step, node
	p.mu.Unlock()
}

func (p *Player) StepCompleted(_ context.Context, _ int, node string, _, _ nodes.GraphState) {
	p.mu.Lock()
	p.path = append(p.path, node)
	p.mu.Unlock()
}

func (p *Player) RouteDecided(context.Context, int, string, string, string, string) {
	p.mu.Lock()
	p.step, p.node = 0, ""
	p.mu.Unlock()
}

var _ graph.Observer[nodes.GraphState] = (*Player)(nil)

// take answers one operation from the recording, decoding its result into
// result, or returns the recorded failure or a divergence. A recorded
// operation matches params or, failing that, one of older: the same call
// as an earlier gtrag recorded it (see playedFilter). A divergence reports
// params.
func (p *Player) take(kind string, params, result any, older ...any) error {
	_, err := p.takeOp(kind, params, result, older...)
	return err
}

// takeOp is take, returning the recorded operation that answered (nil
// when none did).
func (p *Player) takeOp(kind string, params, result any, older ...any) (*RecordedOp, error) {
	fp, err := Fingerprint(params)
	if err != nil {
		return nil, fmt.Errorf("fingerprint a %s operation: %w", kind, err)
	}
	fps := []string{fp}
	for _, o := range older {
		ofp, err := Fingerprint(o)
		if err != nil {
			return nil, fmt.Errorf("fingerprint a %s operation: %w", kind, err)
		}
		fps = append(fps, ofp)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.damaged != nil { // the run is being stopped; say why again
		return nil, p.damaged
	}
	if p.divergence != nil {
		return nil, p.divergence
	}
	// Operations of one kind are answered in recorded order, except that a
	// call may take a later one with its exact fingerprint: the filter
	// judges a few papers at once, so their calls are recorded in the
	// order they happened to finish.
	queue := p.ops[kind]
	var op, first *RecordedOp
	for _, o := range queue {
		if o.used {
			continue
		}
		if first == nil {
			first = o
		}
		if slices.Contains(fps, o.Fingerprint) {
			op = o
			break
		}
	}
	if op == nil || (op.result == nil && op.failed == nil) {
		if op == nil {
			op = first
		}
		pj, _ := canonical(params)
		p.divergence = &DivergenceError{
			Step: p.step, Node: p.node, Kind: kind, Fingerprint: fp, Params: string(pj),
			Recorded: op, Available: len(queue),
		}
		if p.cancel != nil {
			p.cancel(p.divergence)
		}
		return nil, p.divergence
	}
	op.used = true
	if op.failed != nil {
		err := op.failed.err()
		if p.stoppedBy(op) {
			// The recorded run was being stopped (Ctrl-C) when this
			// operation was cut short, and the run failed in this step.
			// Stop the replay as that run was stopped: a node that takes
			// a failed arXiv search for arXiv being down would otherwise
			// answer from the store, and the replay "finish differently".
			err = &stoppedError{msg: op.failed.Error}
			p.stopped = op
			if p.cancel != nil {
				p.cancel(err)
			}
		}
		return op, err
	}
	if err := json.Unmarshal(op.result, result); err != nil {
		// A damaged recording, not a failure of the operation: stop the
		// run rather than let a node take it for, say, arXiv being down.
		p.damaged = &FormatError{Path: p.Path, Line: op.resultLine, Err: fmt.Errorf("the recorded %s result does not decode: %w", kind, err)}
		if p.cancel != nil {
			p.cancel(p.damaged)
		}
		return op, p.damaged
	}
	return op, nil
}

// echoInside records again, on p.echo, the operations the recording has
// inside op (the embeds of a store query or add), with their recorded
// parameters and results. Nothing without an echo.
func (p *Player) echoInside(ctx context.Context, op *RecordedOp) {
	p.mu.Lock()
	r := p.echo
	var inside []*RecordedOp
	if r != nil && op != nil && op.endSeq > 0 {
		for _, e := range p.ops[KindEmbed] {
			if e.Step == op.Step && e.startSeq > op.startSeq && e.startSeq < op.endSeq {
				inside = append(inside, e)
			}
		}
	}
	p.mu.Unlock()
	for _, e := range inside {
		var params EmbedParams
		if json.Unmarshal(e.Params, &params) != nil {
			continue
		}
		_, _ = record(ctx, r, KindEmbed, e.Tool, params, func(context.Context) (EmbedResult, error) {
			var res EmbedResult
			if e.failed != nil {
				return res, errors.New(e.failed.Error)
			}
			if e.result != nil {
				_ = json.Unmarshal(e.result, &res)
			}
			return res, nil
		}, func(res EmbedResult) any { return res })
	}
}

// stoppedBy reports whether the recorded run was stopped during op: op
// was cut short because the run's context ended, and the run failed in
// op's step. Recordings made before operations were marked cancelled say
// so only in the error's words, which end as a context's do.
func (p *Player) stoppedBy(op *RecordedOp) bool {
	f := op.failed
	if f == nil || p.failed == nil || p.failed.Interrupted || op.Step != len(p.failed.Path)+1 {
		return false
	}
	if f.ErrorKind == errorKindCancelled {
		return true
	}
	return f.ErrorKind == "" && (strings.HasSuffix(f.Error, context.Canceled.Error()) || stoppedBySignal(f.Error))
}

// readableError is err said in other words (msg), still err to errors.Is
// and errors.As.
type readableError struct {
	msg string
	err error
}

func (e *readableError) Error() string { return e.msg }
func (e *readableError) Unwrap() error { return e.err }

// stoppedError is a recorded operation cut short by the run being stopped,
// as a replay rebuilds it: a context.Canceled with the recorded words.
type stoppedError struct{ msg string }

func (e *stoppedError) Error() string { return e.msg }
func (e *stoppedError) Unwrap() error { return context.Canceled }

// err rebuilds a recorded failure, keeping the type the workflow looks at.
func (d *OperationFailedData) err() error {
	switch {
	case d.ErrorKind == errorKindArxivAPI:
		return &arxiv.APIError{Status: d.Status, Message: d.Message}
	case d.ErrorKind == errorKindLLMUnavailable && d.Error == reasoner.ErrRouterGivenUp.Error():
		return reasoner.ErrRouterGivenUp
	case d.ErrorKind == errorKindLLMUnavailable && d.Error == reasoner.ErrLLMGivenUpTold.Error():
		return reasoner.ErrLLMGivenUpTold
	case d.ErrorKind == errorKindLLMGivenUp:
		return reasoner.GivenUp(errors.New(d.Error))
	case d.ErrorKind == errorKindLLMUnavailable || d.ErrorKind == "" && isLLMUnavailable(d.Error):
		// Recordings made before the kind was kept say it in the words.
		if prefix, ok := strings.CutSuffix(d.Error, ": "+reasoner.ErrLLMUnavailable.Error()); ok {
			return fmt.Errorf("%s: %w", prefix, reasoner.ErrLLMUnavailable)
		}
		if d.Error == reasoner.ErrLLMUnavailable.Error() || d.Error == "" {
			return reasoner.ErrLLMUnavailable
		}
		return fmt.Errorf("%s (%w)", d.Error, reasoner.ErrLLMUnavailable)
	}
	return errors.New(d.Error)
}

// isLLMUnavailable reports whether a recorded error is, in its words,
// reasoner.ErrLLMUnavailable, bare or wrapped.
func isLLMUnavailable(msg string) bool {
	u := reasoner.ErrLLMUnavailable.Error()
	return msg == u || strings.HasSuffix(msg, ": "+u)
}

// DivergenceError stops a replay whose workflow asked for an operation the
// recording does not have: the code or its inputs changed since the run was
// recorded. Recorded is the operation the recording had next for that kind,
// nil when it had no more.
type DivergenceError struct {
	Step        int
	Node        string
	Kind        string
	Fingerprint string
	Params      string // canonical JSON of what was asked
	Recorded    *RecordedOp
	Available   int // recorded operations of this kind
}

func (e *DivergenceError) Error() string {
	where := "outside any step"
	if e.Step > 0 {
		where = fmt.Sprintf("step %d (%s)", e.Step, e.Node)
	}
	asked := fmt.Sprintf("replay diverged at %s: the workflow asked for %s %s (fingerprint %s)",
		where, e.Kind, shorten(e.Params, 160), short(e.Fingerprint))
	switch {
	case e.Recorded == nil:
		return fmt.Sprintf("%s, but the recording has no more %s operations (it has %d)", asked, e.Kind, e.Available)
	case e.Recorded.Fingerprint != e.Fingerprint:
		// Both sides cut at the same length read the same when they part
		// late (a query's shared opening): say where they differ.
		next := fmt.Sprintf("the next recorded %s (line %d, step %d %s)", e.Kind, e.Recorded.Line, e.Recorded.Step, e.Recorded.Node)
		if d := paramsDiff(e.Params, string(e.Recorded.Params)); d != "" {
			return fmt.Sprintf("%s, but %s differs in %s (fingerprint %s)", asked, next, d, short(e.Recorded.Fingerprint))
		}
		return fmt.Sprintf("%s, but %s has the same parameters and fingerprint %s", asked, next, short(e.Recorded.Fingerprint))
	default:
		return fmt.Sprintf("%s, but the recorded one (line %d) has no result", asked, e.Recorded.Line)
	}
}

// paramsDiff says where two operations' parameters (JSON objects)
// differ: the first field that differs, with both values, or that one
// side lacks; values too long for a line are quoted from a little before
// where they part. "" when they are the same.
func paramsDiff(asked, recorded string) string {
	a, errA := objectFields(json.RawMessage(asked))
	r, errR := objectFields(json.RawMessage(recorded))
	if errA != nil || errR != nil {
		if asked == recorded {
			return ""
		}
		x, y := differingParts(asked, recorded, 80)
		return fmt.Sprintf("its parameters: asked %s, recorded %s", x, y)
	}
	rec := map[string]json.RawMessage{}
	for _, f := range r {
		rec[f.name] = f.raw
	}
	seen := map[string]bool{}
	for _, f := range a {
		seen[f.name] = true
		rv, ok := rec[f.name]
		switch {
		case !ok:
			return fmt.Sprintf("%s: asked %s, not in the recording", f.name, briefJSON(f.raw))
		case !sameJSON(f.raw, rv):
			x, y := differingValues(f.raw, rv)
			return fmt.Sprintf("%s: asked %s, recorded %s", f.name, x, y)
		}
	}
	for _, f := range r {
		if !seen[f.name] {
			return fmt.Sprintf("%s: recorded %s, not asked", f.name, briefJSON(f.raw))
		}
	}
	return ""
}

// sameJSON reports whether two JSON values are the same value, however
// written: a recording re-saved by another tool ("\u03ba" for "κ") is
// not where a replay diverged, and naming it hid the field that was.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// differingValues shows two JSON values that differ: as they are when
// short, else from a little before where they part (strings as their
// text).
func differingValues(a, b json.RawMessage) (string, string) {
	const n = 80
	if utf8.RuneCount(a) <= n/2 && utf8.RuneCount(b) <= n/2 {
		return string(a), string(b)
	}
	var sa, sb string
	if json.Unmarshal(a, &sa) == nil && json.Unmarshal(b, &sb) == nil {
		return differingParts(sa, sb, n)
	}
	return differingParts(string(a), string(b), n)
}

// briefJSON is a JSON value cut to a line.
func briefJSON(raw json.RawMessage) string { return shorten(string(raw), 80) }

func short(fp string) string {
	if len(fp) > 12 {
		return fp[:12]
	}
	return fp
}

// MismatchError is a replay that ran to the end but not to the recorded end.
type MismatchError struct {
	What               string // "path", "final_response" or "outcome"
	Recorded, Replayed string
}

func (e *MismatchError) Error() string {
	rec, rep := differingParts(e.Recorded, e.Replayed, 120)
	return fmt.Sprintf("replay finished differently from the recording: %s was %s, the replay gave %s",
		e.What, rec, rep)
}

// differingParts quotes a and b, each cut to n runes. When both are
// longer, the cut starts a little before where they first differ: two
// answers that part in their fourth sentence would otherwise print as
// the same text twice.
func differingParts(a, b string, n int) (string, string) {
	a, b = fold(a), fold(b)
	const lead = 40 // runes of shared text kept before the difference
	i, from := parting(a, b, lead)
	if utf8.RuneCountInString(a[:i]) <= n-lead {
		return quote(a, n), quote(b, n)
	}
	return `"…` + shorten(a[from:], n) + `"`, `"…` + shorten(b[from:], n) + `"`
}

type playedStore struct{ p *Player }

func (s playedStore) Query(ctx context.Context, text string, k int) ([]vectordb.Result, error) {
	var r QueryResult
	op, err := s.p.takeOp(KindStoreQuery, queryParams(text, k), &r)
	if err != nil {
		return nil, err
	}
	s.p.echoInside(ctx, op)
	return r.Results, nil
}

func (s playedStore) Add(ctx context.Context, docs []vectordb.Document) (int, error) {
	var r AddResult
	op, err := s.p.takeOp(KindStoreAdd, addParams(docs), &r)
	if err != nil {
		return 0, err
	}
	s.p.echoInside(ctx, op)
	s.p.mu.Lock()
	if r.CountAfter != nil {
		s.p.storeCount = *r.CountAfter
	} else {
		s.p.storeCount += r.Added
	}
	s.p.mu.Unlock()
	return r.Added, nil
}

// Count is the store's size as the recording has it at this point of the
// replay, for a fork's recording of its replayed steps.
func (s playedStore) Count() int {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	return s.p.storeCount
}

// counts reports whether the recording counted its store.
func (s playedStore) counts() bool { return s.p.firstCount != nil }

type playedSearcher struct{ p *Player }

func (s playedSearcher) Search(ctx context.Context, query string, start, max int, opts arxiv.SearchOptions) (arxiv.Page, error) {
	var r SearchResult
	if err := s.p.take(KindArxivSearch, searchParams(query, start, max, opts), &r); err != nil {
		return arxiv.Page{}, err
	}
	if r.Cached {
		arxiv.ServedFromCache(ctx) // as the recorded client did
	}
	return r.page(), nil
}

type playedJudge struct{ p *Player }

func (j playedJudge) JudgeRelevance(_ context.Context, question string, ps []reasoner.Passage) (reasoner.Verdict, error) {
	var r VerdictResult
	if err := j.p.take(KindJudge, judgeParams(question, ps), &r); err != nil {
		return reasoner.Verdict{}, err
	}
	return r.verdict(), nil
}

// playedFilter answers the paper filter's calls. Until round 2 session 23
// the graph handed the filter only the opening of an abstract
// (reasoner.AbstractStart), and its traces hold that: such a recorded call still
// answers the same call made with the whole abstract, so that a run
// recorded then replays now.
type playedFilter struct{ p *Player }

func (f playedFilter) IsGameTheory(_ context.Context, title, abstract string) (reasoner.Verdict, error) {
	var r VerdictResult
	var older []any
	if opening := reasoner.AbstractStart(abstract); opening != abstract {
		older = append(older, filterParams(title, opening))
	}
	if err := f.p.take(KindFilter, filterParams(title, abstract), &r, older...); err != nil {
		return reasoner.Verdict{}, err
	}
	return r.verdict(), nil
}

type playedRanker struct{ p *Player }

func (k playedRanker) Rank(_ context.Context, query string, docs []vectordb.Document) ([]vectordb.Ranked, error) {
	var r RankResult
	if err := k.p.take(KindRank, rankParams(query, docs), &r); err != nil {
		return nil, err
	}
	return r.Ranked, nil
}

type playedQueries struct{ p *Player }

func (q playedQueries) WriteQueries(_ context.Context, question string) (reasoner.Queries, error) {
	var r QueriesResult
	if err := q.p.take(KindQueries, queriesParams(question), &r); err != nil {
		return reasoner.Queries{}, err
	}
	return reasoner.Queries{Queries: r.Queries, Notices: r.Notices}, nil
}

type playedChooser struct{ p *Player }

func (c playedChooser) ChoosePapers(_ context.Context, question string, cs []reasoner.Passage) (reasoner.Selection, error) {
	var r ChooseResult
	if err := c.p.take(KindChoose, chooseParams(question, cs), &r); err != nil {
		return reasoner.Selection{}, err
	}
	return reasoner.Selection{Order: r.Order, Reason: r.Reason, Notices: r.Notices}, nil
}

type playedRouter struct{ p *Player }

func (c playedRouter) ChooseRoute(_ context.Context, t reasoner.TreeData) (reasoner.Choice, error) {
	var r DecideResult
	if err := c.p.take(KindDecide, decideParams(t), &r); err != nil {
		return reasoner.Choice{}, err
	}
	return r.choice(), nil
}

type playedAnswerer struct{ p *Player }

func (a playedAnswerer) Answer(_ context.Context, question string, ps []reasoner.Passage) (reasoner.Answer, error) {
	var r AnswerResult
	if err := a.p.take(KindAnswer, answerParams(question, ps), &r); err != nil {
		return reasoner.Answer{}, err
	}
	return r.answer(), nil
}

// StoppedError is Player.Run's error for a recorded run that someone
// stopped (Ctrl-C) during a step: the replay stops in the same operation,
// with the state it reached, as the recorded run did.
type StoppedError struct {
	Step int
	Node string
	Err  error // what the stopped operation returned in the recording
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("the recorded run was stopped during step %d (%s), and so is the replay: %v", e.Step, e.Node, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

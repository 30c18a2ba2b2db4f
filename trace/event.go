package trace

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/gtrag/gtrag/environment"
	"github.com/gtrag/gtrag/nodes"
)

// FormatVersion is the version of the event format this package writes. A
// reader refuses newer versions instead of misreading them.
const FormatVersion = 1

// Type says what an event reports.
type Type string

// Event types, in the order a run produces them.
const (
	ExecutionStarted   Type = "execution_started"
	StepStarted        Type = "step_started"
	OperationStarted   Type = "operation_started"
	OperationCompleted Type = "operation_completed"
	OperationFailed    Type = "operation_failed"
	StateMutated       Type = "state_mutated"
	StepCompleted      Type = "step_completed"
	StepFailed         Type = "step_failed"
	RouteDecided       Type = "route_decided"
	ExecutionCompleted Type = "execution_completed"
	ExecutionFailed    Type = "execution_failed"
)

func (t Type) known() bool {
	switch t {
	case ExecutionStarted, StepStarted, OperationStarted, OperationCompleted, OperationFailed,
		StateMutated, StepCompleted, StepFailed, RouteDecided, ExecutionCompleted, ExecutionFailed:
		return true
	}
	return false
}

// terminal reports whether t ends a run: a trace without one is incomplete.
func (t Type) terminal() bool { return t == ExecutionCompleted || t == ExecutionFailed }

// Event is one line of a trace. Step is 0 for events of the whole run
// (start, end, the store counts around it) and counts from 1 like the
// graph's steps otherwise; Node is the node of that step.
type Event struct {
	ID          string          `json:"id"`
	ExecutionID string          `json:"execution_id"`
	Seq         int64           `json:"seq"`
	TS          time.Time       `json:"ts"` // encoding/json writes RFC 3339 with nanoseconds
	Type        Type            `json:"type"`
	Step        int             `json:"step"`
	Node        string          `json:"node,omitempty"`
	Data        json.RawMessage `json:"data"`

	// Line is where the reader found the event (1-based); 0 for events that
	// were never read from a file.
	Line int `json:"-"`
}

// Decode unmarshals the event's data into v, one of the *Data types below.
func (e Event) Decode(v any) error {
	if err := json.Unmarshal(e.Data, v); err != nil {
		return fmt.Errorf("%s event (seq %d): %w", e.Type, e.Seq, err)
	}
	return nil
}

// Settings are what a run was configured with; enough for a reader to know
// what produced the trace and for Player to rebuild the same workflow. Keys
// and endpoints with credentials never belong here.
type Settings struct {
	LLM          string `json:"llm"`
	Embedder     string `json:"embedder"`
	K            int    `json:"k"`
	MaxResults   int    `json:"max_results"`
	MaxSteps     int    `json:"max_steps,omitempty"`
	Pool         int    `json:"pool,omitempty"`
	MaxSearches  int    `json:"max_searches,omitempty"`
	ChunkSize    int    `json:"chunk_size,omitempty"`
	ChunkOverlap int    `json:"chunk_overlap,omitempty"`
	// LoopSettings are the loop's own settings, in the JSON of Settings.
	LoopSettings
	// Router is who decided at the conditional edges: empty or
	// nodes.RouterRules for the rule routers, nodes.RouterLLM for a
	// decision agent, whose choices the trace then holds.
	Router  string   `json:"router,omitempty"`
	Version string   `json:"gtrag_version"`
	Notices []string `json:"notices,omitempty"` // said before the run, e.g. "no LLM found, offline"
	// Told are the sentences the run's question was asked without, the
	// user having been told them (nodes.GraphState.Told): its start state.
	Told []string `json:"told,omitempty"`
	// StoreFlags are the global flags, as typed, that chose the run's
	// knowledge base ("--data-dir '/tmp/kb'") and the arXiv it searched
	// (--arxiv-url), empty when none was: ask writes them into every
	// `gtrag ingest` its answer suggests, and replay does too, so that it
	// prints the recorded answer. The name is from before --arxiv-url
	// was among them.
	StoreFlags string `json:"store_flags,omitempty"`
	// Fork is set on the recording of a fork (gtrag replay --fork).
	Fork *ForkInfo `json:"fork,omitempty"`
	// QueryWriter and Chooser say whether the run had an LLM write its
	// arXiv searches (nodes.Deps.Queries) and choose among a search's
	// candidates (nodes.Deps.Chooser; ask --choose), whether or not it
	// came to search: a live fork of the recording goes on with them, or
	// without, as the recorded run would have (Player.ForkUses). nil in
	// recordings made before they were kept.
	QueryWriter *bool `json:"query_writer,omitempty"`
	Chooser     *bool `json:"chooser,omitempty"`
}

// SearchLLM records whether the run has a query writer and a paper
// chooser (QueryWriter, Chooser).
func (s *Settings) SearchLLM(queries, chooser bool) {
	s.QueryWriter, s.Chooser = &queries, &chooser
}

// ExecutionStartedData opens a trace.
type ExecutionStartedData struct {
	Format   int      `json:"format"`
	Question string   `json:"question"`
	Settings Settings `json:"settings"`
}

// Field is one state field as a node perceives it.
type Field struct {
	Name    string `json:"field"`
	Summary string `json:"summary"`
}

// StepStartedData is the percept: the fields the node reads, summarised.
type StepStartedData struct {
	Node    string  `json:"node"`
	Percept []Field `json:"percept"`
}

// OperationStartedData is an external effect about to happen. Fingerprint is
// the SHA-256 of the canonical JSON of Params; Player matches on it.
type OperationStartedData struct {
	OpID        string          `json:"op_id"`
	Kind        string          `json:"kind"`
	Tool        string          `json:"tool,omitempty"`
	Params      json.RawMessage `json:"params"`
	Fingerprint string          `json:"fingerprint"`
}

// OperationCompletedData is an effect's full result.
type OperationCompletedData struct {
	OpID       string          `json:"op_id"`
	Kind       string          `json:"kind"`
	DurationMS int64           `json:"duration_ms"`
	Result     json.RawMessage `json:"result"`
	// LLMRequests is how many requests the call sent its model, retries
	// included, when more than one: a run's llm_calls counts every one,
	// and the narration says which call sent them. Absent for one, none,
	// and in recordings made before gtrag kept it.
	LLMRequests int64 `json:"llm_requests,omitempty"`
}

// OperationFailedData is an effect's error. ErrorKind and Status keep what
// the workflow branches on (an arXiv API error reads differently from a
// network error), so that a replayed failure behaves like the recorded one.
type OperationFailedData struct {
	OpID       string `json:"op_id"`
	Kind       string `json:"kind"`
	DurationMS int64  `json:"duration_ms"`
	Error      string `json:"error"`
	ErrorKind  string `json:"error_kind,omitempty"` // "arxiv_api", "cancelled" (the run was being stopped), "llm_unavailable" (the run had given up on its LLM), "llm_given_up" (this failure gave it up) or empty
	Status     int    `json:"status,omitempty"`
	Message    string `json:"message,omitempty"`
}

// Mutation is one state field a step changed, as JSON before and after.
type Mutation struct {
	Field  string          `json:"field"`
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
}

// StateMutatedData lists the fields a step changed, in GraphState order.
type StateMutatedData struct {
	Mutations []Mutation `json:"mutations"`
}

// StepCompletedData closes a step; Reasoning is the node's own account.
type StepCompletedData struct {
	Node       string `json:"node"`
	DurationMS int64  `json:"duration_ms"`
	Reasoning  string `json:"reasoning,omitempty"`
	// Environment says what the step added to the run's environment (see
	// package environment), one line per tool entry; recordings that do
	// not keep the environment leave it out.
	Environment []string `json:"environment,omitempty"`
}

// StepFailedData is a node's error.
type StepFailedData struct {
	Node  string `json:"node"`
	Error string `json:"error"`
}

// RouteDecidedData is the move to the next step. Router, Key and Reason are
// empty after a fixed edge.
//
// In a run with a decision agent (Settings.Router "llm"), DecidedBy says
// who chose at a conditional edge ("llm", or "rules" when the agent's reply
// could not be used, Notice saying why) and Message is the agent's line for
// the user. Runs of the rule routers leave the three empty.
//
// Mutations are the state fields the decision agent changed as it
// decided (it sets impossible when it judges the task impossible, adds
// notices), in GraphState order: the step's state_mutated lists only the
// node's changes, made before the agent ran. Absent when the agent
// changed nothing, in runs of the rule routers, and in recordings made
// before it was kept.
type RouteDecidedData struct {
	From      string     `json:"from"`
	Router    string     `json:"router,omitempty"`
	Key       string     `json:"key,omitempty"`
	To        string     `json:"to"`
	Reason    string     `json:"reason,omitempty"`
	DecidedBy string     `json:"decided_by,omitempty"`
	Message   string     `json:"message,omitempty"`
	Notice    string     `json:"notice,omitempty"`
	Mutations []Mutation `json:"mutations,omitempty"`
}

// ExecutionCompletedData closes a successful run.
type ExecutionCompletedData struct {
	FinalResponse string         `json:"final_response"`
	Sources       []nodes.Source `json:"sources"`
	Path          []string       `json:"path"`
	PapersAdded   int            `json:"papers_added"`
	Notices       []string       `json:"notices,omitempty"`
	// Environment is every external result of the run by tool (see
	// package environment); absent from recordings that did not keep it.
	Environment environment.Environment `json:"environment,omitempty"`
	// ArxivRequests is the number of HTTP requests the run sent to arXiv,
	// retries included: the arxiv_requests of gtrag ask --json. A search
	// served from the page cache sent none. Absent from recordings made
	// before it was kept, and from runs whose context counted no requests
	// (arxiv.CountRequests).
	ArxivRequests *int64 `json:"arxiv_requests,omitempty"`
	// LLMCalls is the number of requests the run sent to its LLM, retries
	// included: the llm_calls of gtrag ask --json. Absent as ArxivRequests
	// is (reasoner.CountCalls).
	LLMCalls *int64 `json:"llm_calls,omitempty"`
}

// ExecutionFailedData closes a failed run. Interrupted marks a run stopped
// on purpose before a step (gtrag ask --step, then q): the store and the
// state are as the last completed step left them.
//
// Signal names the signal that stopped the run during a step, for a reader
// ("Ctrl-C", "SIGTERM"): the recorder takes it from an error in the run's
// chain with a SignalName method (cmd/gtrag's signal cause). Recordings
// made before it was kept say so only in the error's last words, which
// readers still look at when it is absent.
type ExecutionFailedData struct {
	Error       string   `json:"error"`
	Path        []string `json:"path"`
	Interrupted bool     `json:"interrupted,omitempty"`
	Signal      string   `json:"signal,omitempty"`
	// ArxivRequests and LLMCalls are what the run sent before it ended,
	// as ExecutionCompletedData's; absent from recordings made before a
	// stopped run kept them.
	ArxivRequests *int64 `json:"arxiv_requests,omitempty"`
	LLMCalls      *int64 `json:"llm_calls,omitempty"`
}

// StoppedBy names the signal that stopped the run ("Ctrl-C", "SIGTERM"),
// from Signal or, in a recording made before it was kept, from the error's
// last words; "" when the run was not stopped by one. Every reader of a
// recording (the narration, the page, the OpenTelemetry export) asks it.
func (d ExecutionFailedData) StoppedBy() string {
	if d.Signal != "" {
		return d.Signal
	}
	return signalName(d.Error)
}

// Fingerprint is the SHA-256, in hex, of the canonical JSON of params: the
// encoding/json encoding (struct fields in declaration order, map keys
// sorted) without HTML escaping or a trailing newline.
func Fingerprint(params any) (string, error) {
	b, err := canonical(params)
	if err != nil {
		return "", err
	}
	return fingerprintOf(b), nil
}

// fingerprintOf is Fingerprint of params already in canonical JSON.
func fingerprintOf(canonicalParams []byte) string {
	sum := sha256.Sum256(canonicalParams)
	return hex.EncodeToString(sum[:])
}

func canonical(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

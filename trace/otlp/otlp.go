// Package otlp exports gtrag runs as OpenTelemetry spans over OTLP/HTTP, so
// that Phoenix, Jaeger or any collector shows them: one span per run, a
// child per node (step) and a grandchild per operation (store query, arXiv
// search, LLM call), with the percept, the state changes, the reasoning and
// the router's decision as attributes. The recording of a fork carries its
// edits, every one of a fork of a fork's chain: on the run span as the
// gtrag.fork.edits.* arrays, and as a gtrag.fork.edit event on the span of
// the step after which each was made.
//
// The Exporter is a trace.EventSink: it builds the spans from the events a
// trace.Recorder emits, after the Recorder has redacted them, so a span
// never carries what a trace file would not (API keys, bearer tokens). The
// spans are stamped with the events' times, and exported in a batch when
// the run ends (Shutdown).
package otlp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	oteltrace "go.opentelemetry.io/otel/trace"

	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/trace"
)

// maxAttr caps one attribute: a store query's result can hold whole
// papers, and collectors drop oversized spans.
const maxAttr = 8192

// Endpoint resolves where spans go: flag (--otlp-endpoint) first, then
// the standard OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL), then
// OTEL_EXPORTER_OTLP_ENDPOINT (a base URL). "" means no export. The
// returned URL is the full traces URL: a base URL gains /v1/traces, as the
// OpenTelemetry specification says.
func Endpoint(flag string, getenv func(string) string) string {
	_, _, url := Setting(flag, getenv)
	return url
}

// The standard variables Endpoint reads.
const (
	TracesEndpointVar = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
	EndpointVar       = "OTEL_EXPORTER_OTLP_ENDPOINT"
)

// Setting is Endpoint with what it resolves from: the name that set it
// ("--otlp-endpoint" or one of the variables) and its value as given, so
// that a malformed value is reported under that name, as typed. All three
// are "" when nothing is set.
func Setting(flag string, getenv func(string) string) (from, value, url string) {
	if flag != "" {
		return "--otlp-endpoint", flag, tracesURL(flag)
	}
	if v := getenv(TracesEndpointVar); v != "" {
		return TracesEndpointVar, v, v // the full URL
	}
	if v := getenv(EndpointVar); v != "" {
		return EndpointVar, v, tracesURL(v)
	}
	return "", "", ""
}

// CheckURL reports whether value can be an endpoint: an http or https URL
// with a host.
func CheckURL(value string) error {
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("is not an http(s) URL")
	}
	return nil
}

func tracesURL(base string) string {
	if strings.HasSuffix(strings.TrimRight(base, "/"), "/v1/traces") {
		return base
	}
	return strings.TrimRight(base, "/") + "/v1/traces"
}

// Exporter turns one run's events into spans. Make it with New, hand it to
// trace.Options.Sinks, and call Shutdown when the run is over.
type Exporter struct {
	tp     *sdktrace.TracerProvider
	exp    *failedExporter
	tracer oteltrace.Tracer

	mu   sync.Mutex
	ctx  context.Context // carries the run span
	run  oteltrace.Span
	step oteltrace.Span
	sctx context.Context // carries the step span
	ops  map[string]oteltrace.Span
	// edits is the chain of edits of a fork's recording (see
	// trace.ForkInfo.Edits), oldest first; nil for a run that is no fork.
	edits []trace.ForkEdit
}

// New returns an Exporter sending to the OTLP/HTTP traces URL endpoint
// (see Endpoint); http:// sends in the clear, https:// over TLS.
func New(ctx context.Context, endpoint string) (*Exporter, error) {
	if err := CheckURL(endpoint); err != nil {
		return nil, fmt.Errorf("OTLP endpoint %q %w", endpoint, err)
	}
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(endpoint),
		otlptracehttp.WithTimeout(5*time.Second),
		// A CLI run exports once, at its end: a few quick retries, not the
		// default minute of them.
		otlptracehttp.WithRetry(otlptracehttp.RetryConfig{
			Enabled: true, InitialInterval: 250 * time.Millisecond, MaxInterval: time.Second, MaxElapsedTime: 3 * time.Second,
		}))
	if err != nil {
		return nil, fmt.Errorf("OTLP exporter for %s: %w", endpoint, err)
	}
	return NewWithSpanExporter(exp), nil
}

// quiet keeps the SDK from logging export errors to standard error itself:
// gtrag's output goes through its own boundary, and Shutdown returns the
// error instead (failedExporter).
var quiet sync.Once

// failedExporter remembers the last export error, which the SDK's batcher
// would only log.
type failedExporter struct {
	sdktrace.SpanExporter
	mu  sync.Mutex
	err error
}

func (f *failedExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	err := f.SpanExporter.ExportSpans(ctx, spans)
	if err != nil {
		f.mu.Lock()
		f.err = err
		f.mu.Unlock()
	}
	return err
}

func (f *failedExporter) failure() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// NewWithSpanExporter returns an Exporter over any span exporter (tests
// pass tracetest's in-memory one).
func NewWithSpanExporter(exp sdktrace.SpanExporter) *Exporter {
	quiet.Do(func() { otel.SetErrorHandler(otel.ErrorHandlerFunc(func(error) {})) })
	fe := &failedExporter{SpanExporter: exp}
	res := resource.NewSchemaless(
		semconv.ServiceName("gtrag"),
		semconv.ServiceVersion(version.Version),
	)
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(fe), sdktrace.WithResource(res))
	return &Exporter{tp: tp, exp: fe, tracer: tp.Tracer("github.com/gtrag/gtrag/trace/otlp"), ctx: context.Background(), ops: map[string]oteltrace.Span{}}
}

// Shutdown ends any span still open (a run cut short) and sends what is
// left; it returns the export's error, with the collector's response body
// shortened to one line (readable).
func (x *Exporter) Shutdown(ctx context.Context) error {
	x.mu.Lock()
	for id, s := range x.ops {
		s.End()
		delete(x.ops, id)
	}
	x.endStep()
	if x.run != nil {
		x.run.SetStatus(codes.Error, "the run did not finish")
		x.run.End()
		x.run = nil
	}
	x.mu.Unlock()
	err := x.tp.Shutdown(ctx)
	if err == nil {
		err = x.exp.failure()
	}
	if err != nil {
		return fmt.Errorf("export the run's spans: %w", readable(err))
	}
	return nil
}

// Event turns one event into span starts, attributes and ends.
func (x *Exporter) Event(e trace.Event) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	at := oteltrace.WithTimestamp(e.TS)
	switch e.Type {
	case trace.ExecutionStarted:
		var d trace.ExecutionStartedData
		_ = e.Decode(&d)
		s := d.Settings
		attrs := []attribute.KeyValue{
			attribute.String("gtrag.execution_id", e.ExecutionID),
			attribute.String("gtrag.question", clip(d.Question)),
			attribute.String("gtrag.llm", s.LLM), attribute.String("gtrag.embedder", s.Embedder),
			attribute.Int("gtrag.k", s.K), attribute.Int("gtrag.max_results", s.MaxResults),
			attribute.String("gtrag.version", s.Version),
		}
		if len(s.Notices) > 0 {
			attrs = append(attrs, attribute.StringSlice("gtrag.notices", s.Notices))
		}
		x.edits = nil
		if f := s.Fork; f != nil {
			// gtrag.fork.of, .step and .set are the fork's own edit; the
			// gtrag.fork.edits.* arrays, index for index, are every edit
			// its replay makes, oldest first: those of the forks it
			// descends from (ForkInfo.Earlier), then its own.
			x.edits = f.Edits()
			ofs, steps, sets := make([]string, len(x.edits)), make([]int, len(x.edits)), make([]string, len(x.edits))
			for i, ed := range x.edits {
				ofs[i], steps[i], sets[i] = ed.Of, ed.Step, clip(editString(ed))
			}
			attrs = append(attrs, attribute.String("gtrag.fork.of", f.Of), attribute.Int("gtrag.fork.step", f.Step),
				attribute.String("gtrag.fork.set", clip(editString(x.edits[len(x.edits)-1]))),
				attribute.StringSlice("gtrag.fork.edits.of", ofs), attribute.IntSlice("gtrag.fork.edits.step", steps),
				attribute.StringSlice("gtrag.fork.edits.set", sets))
		}
		x.ctx, x.run = x.tracer.Start(context.Background(), "gtrag.run", at,
			oteltrace.WithSpanKind(oteltrace.SpanKindInternal), oteltrace.WithAttributes(attrs...))
	case trace.StepStarted:
		x.endStep()
		var d trace.StepStartedData
		_ = e.Decode(&d)
		attrs := []attribute.KeyValue{attribute.Int("gtrag.step", e.Step), attribute.String("gtrag.node", e.Node)}
		for _, f := range d.Percept {
			attrs = append(attrs, attribute.String("gtrag.percept."+f.Name, clip(f.Summary)))
		}
		x.sctx, x.step = x.tracer.Start(x.ctx, e.Node, at, oteltrace.WithAttributes(attrs...))
	case trace.OperationStarted:
		var d trace.OperationStartedData
		_ = e.Decode(&d)
		parent := x.ctx
		if x.step != nil && e.Step > 0 {
			parent = x.sctx
		}
		_, s := x.tracer.Start(parent, d.Kind, at, oteltrace.WithAttributes(
			attribute.String("gtrag.op.kind", d.Kind), attribute.String("gtrag.op.tool", d.Tool),
			attribute.String("gtrag.op.params", clip(string(d.Params))),
			attribute.String("gtrag.op.fingerprint", d.Fingerprint),
		))
		x.ops[d.OpID] = s
	case trace.OperationCompleted:
		var d trace.OperationCompletedData
		_ = e.Decode(&d)
		if s := x.ops[d.OpID]; s != nil {
			s.SetAttributes(attribute.Int64("gtrag.op.duration_ms", d.DurationMS), attribute.String("gtrag.op.result", clip(string(d.Result))))
			s.End(at)
			delete(x.ops, d.OpID)
		}
	case trace.OperationFailed:
		var d trace.OperationFailedData
		_ = e.Decode(&d)
		if s := x.ops[d.OpID]; s != nil {
			s.SetAttributes(attribute.Int64("gtrag.op.duration_ms", d.DurationMS), attribute.String("gtrag.op.error", clip(d.Error)))
			s.SetStatus(codes.Error, clip(d.Error))
			s.End(at)
			delete(x.ops, d.OpID)
		}
	case trace.StateMutated:
		var d trace.StateMutatedData
		_ = e.Decode(&d)
		if x.step != nil {
			for _, m := range d.Mutations {
				x.step.SetAttributes(
					attribute.String("gtrag.state."+m.Field+".before", clip(trace.Summarize(m.Field, nullIfEmpty(m.Before)))),
					attribute.String("gtrag.state."+m.Field+".after", clip(trace.Summarize(m.Field, nullIfEmpty(m.After)))),
				)
			}
		}
	case trace.StepCompleted:
		var d trace.StepCompletedData
		_ = e.Decode(&d)
		if x.step != nil {
			x.step.SetAttributes(attribute.String("gtrag.reasoning", clip(d.Reasoning)), attribute.Int64("gtrag.duration_ms", d.DurationMS))
			// The fork's edits after this step, made before the router
			// decides, in the order they are made.
			for _, ed := range x.edits {
				if ed.Step == e.Step {
					x.step.AddEvent("gtrag.fork.edit", at, oteltrace.WithAttributes(
						attribute.String("gtrag.fork.of", ed.Of), attribute.Int("gtrag.fork.step", ed.Step),
						attribute.String("gtrag.fork.set", clip(editString(ed)))))
				}
			}
		}
	case trace.StepFailed:
		var d trace.StepFailedData
		_ = e.Decode(&d)
		if x.step != nil {
			x.step.SetStatus(codes.Error, clip(d.Error))
			x.step.End(at)
			x.step = nil
		}
	case trace.RouteDecided:
		var d trace.RouteDecidedData
		_ = e.Decode(&d)
		if x.step != nil {
			x.step.SetAttributes(attribute.String("gtrag.route.next", d.To))
			if d.Key != "" {
				x.step.SetAttributes(attribute.String("gtrag.route.router", d.Router),
					attribute.String("gtrag.route.key", d.Key), attribute.String("gtrag.route.reason", clip(d.Reason)))
			}
			// What the decision agent changed as it decided, apart from
			// the node's own changes (gtrag.state.*).
			for _, m := range d.Mutations {
				x.step.SetAttributes(
					attribute.String("gtrag.route.state."+m.Field+".before", clip(trace.Summarize(m.Field, nullIfEmpty(m.Before)))),
					attribute.String("gtrag.route.state."+m.Field+".after", clip(trace.Summarize(m.Field, nullIfEmpty(m.After)))),
				)
			}
			x.step.End(at)
			x.step = nil
		}
	case trace.ExecutionCompleted:
		x.endStep()
		var d trace.ExecutionCompletedData
		_ = e.Decode(&d)
		if x.run != nil {
			x.run.SetAttributes(attribute.String("gtrag.outcome", "completed"),
				attribute.StringSlice("gtrag.path", d.Path), attribute.Int("gtrag.papers_added", d.PapersAdded),
				attribute.String("gtrag.final_response", clip(d.FinalResponse)))
			x.run.End(at)
			x.run = nil
		}
	case trace.ExecutionFailed:
		x.endStep()
		var d trace.ExecutionFailedData
		_ = e.Decode(&d)
		if x.run != nil {
			outcome := "failed"
			switch by := d.StoppedBy(); {
			case d.Interrupted:
				outcome = "interrupted"
			case by != "":
				outcome = "stopped"
				x.run.SetAttributes(attribute.String("gtrag.stopped_by", by))
			}
			x.run.SetAttributes(attribute.String("gtrag.outcome", outcome), attribute.StringSlice("gtrag.path", d.Path))
			x.run.SetStatus(codes.Error, clip(d.Error))
			x.run.End(at)
			x.run = nil
		}
	}
	return nil
}

// endStep ends a step span that saw no route (the last step before an
// end event); x.mu is held.
func (x *Exporter) endStep() {
	if x.step != nil {
		x.step.End()
		x.step = nil
	}
}

// editString is an edit as --set gives it: FIELD=VALUE.
func editString(e trace.ForkEdit) string { return e.Field + "=" + string(e.Value) }

func nullIfEmpty(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

// clip caps an attribute at maxAttr bytes, on a rune boundary.
func clip(s string) string {
	if len(s) <= maxAttr {
		return s
	}
	cut := maxAttr
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

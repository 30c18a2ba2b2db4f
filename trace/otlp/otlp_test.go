package otlp

import (
	"context"
	"os"
	"testing"

	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/gtrag/gtrag/trace"
)

func TestEndpoint(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		flag string
		env  map[string]string
		want string
	}{
		{"", nil, ""},
		{"http://localhost:4318", nil, "http://localhost:4318/v1/traces"},
		{"http://phoenix:6006/", nil, "http://phoenix:6006/v1/traces"},
		{"http://c:4318/v1/traces", nil, "http://c:4318/v1/traces"},
		{"", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, "http://c:4318/v1/traces"},
		{"", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://t:1/x"}, "http://t:1/x"},
		{"http://flag:1", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318"}, "http://flag:1/v1/traces"},
	} {
		if got := Endpoint(c.flag, env(c.env)); got != c.want {
			t.Errorf("Endpoint(%q, %v) = %q, want %q", c.flag, c.env, got, c.want)
		}
	}
}

// The fixture run becomes one trace: the run, its eight steps as children,
// every operation under its step, stamped with the events' times.
func TestSpansFromRecordedRun(t *testing.T) {
	f, err := os.Open("../../testdata/trace/run.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	evs, err := trace.ReadEvents(f)
	if err != nil {
		t.Fatal(err)
	}
	mem := tracetest.NewInMemoryExporter()
	x := NewWithSpanExporter(mem)
	for _, e := range evs {
		if err := x.Event(e); err != nil {
			t.Fatal(err)
		}
	}
	// The in-memory exporter forgets its spans on Shutdown: flush and read
	// them first.
	if err := x.tp.ForceFlush(context.Background()); err != nil {
		t.Fatal(err)
	}
	spans := mem.GetSpans()
	if err := x.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	var run tracetest.SpanStub
	steps, ops := 0, 0
	for _, s := range spans {
		if s.Name == "gtrag.run" {
			run = s
		}
	}
	if !run.SpanContext.IsValid() {
		t.Fatalf("no run span among %d", len(spans))
	}
	wantOps := 0
	for _, e := range evs {
		if e.Type == trace.OperationStarted {
			wantOps++
		}
	}
	for _, s := range spans {
		if s.Name == "gtrag.run" {
			continue
		}
		if s.SpanContext.TraceID() != run.SpanContext.TraceID() {
			t.Errorf("%s is in another trace", s.Name)
		}
		isStep := false
		for _, a := range s.Attributes {
			if a.Key == "gtrag.node" {
				isStep = true
			}
		}
		if isStep {
			steps++
			if s.Parent.SpanID() != run.SpanContext.SpanID() {
				t.Errorf("step %s is not a child of the run", s.Name)
			}
		} else {
			ops++
		}
		if s.EndTime.Before(s.StartTime) {
			t.Errorf("%s ends before it starts", s.Name)
		}
	}
	if steps != len(trace.Path(evs)) || ops != wantOps {
		t.Errorf("%d step spans and %d operation spans, want %d and %d", steps, ops, len(trace.Path(evs)), wantOps)
	}
	if !run.StartTime.Equal(evs[0].TS) || !run.EndTime.Equal(evs[len(evs)-1].TS) {
		t.Errorf("the run span runs %v–%v, the events %v–%v", run.StartTime, run.EndTime, evs[0].TS, evs[len(evs)-1].TS)
	}
}

package otlp

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"go.opentelemetry.io/otel/attribute"
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
	evs := readFixture(t, "run.jsonl")
	spans := spansOf(t, evs)
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

// spansOf exports evs and returns the spans.
func spansOf(t *testing.T, evs []trace.Event) []tracetest.SpanStub {
	t.Helper()
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
	return spans
}

func attr(attrs []attribute.KeyValue, key string) (attribute.Value, bool) {
	for _, a := range attrs {
		if string(a.Key) == key {
			return a.Value, true
		}
	}
	return attribute.Value{}, false
}

// The recording of a fork of a fork exports every edit its replay makes,
// oldest first: on the run span as gtrag.fork.edits.*, and as a
// gtrag.fork.edit event on the step after which each was made.
func TestForkOfAForkExportsEveryEdit(t *testing.T) {
	evs := readFixture(t, "fork.jsonl")
	// Make the fixture fork (relevant_context=false after step 7 of run1)
	// the earlier edit of a fork of it that set arxiv_query after step 8.
	var d trace.ExecutionStartedData
	if err := evs[0].Decode(&d); err != nil || d.Settings.Fork == nil {
		t.Fatalf("fork.jsonl does not open as a fork: %v", err)
	}
	fi := *d.Settings.Fork
	if len(trace.Path(evs)) < 8 {
		t.Fatalf("fork.jsonl has %d steps, want 8 or more", len(trace.Path(evs)))
	}
	d.Settings.Fork = &trace.ForkInfo{
		Of: evs[0].ExecutionID, Step: 8, Field: "arxiv_query", Value: json.RawMessage(`"nash equilibrium"`),
		RecordedPath: trace.Path(evs),
		Earlier:      []trace.ForkEdit{{Of: fi.Of, Step: fi.Step, Field: fi.Field, Value: fi.Value}},
	}
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	evs[0].Data = data
	first := fi.Field + "=" + string(fi.Value)
	second := `arxiv_query="nash equilibrium"`

	spans := spansOf(t, evs)
	var run tracetest.SpanStub
	byStep := map[int64]tracetest.SpanStub{}
	for _, s := range spans {
		if s.Name == "gtrag.run" {
			run = s
		}
		if v, ok := attr(s.Attributes, "gtrag.step"); ok {
			byStep[v.AsInt64()] = s
		}
	}
	if !run.SpanContext.IsValid() {
		t.Fatalf("no run span among %d", len(spans))
	}
	for key, want := range map[string]any{
		"gtrag.fork.edits.of":   []string{fi.Of, evs[0].ExecutionID},
		"gtrag.fork.edits.step": []int64{int64(fi.Step), 8},
		"gtrag.fork.edits.set":  []string{first, second},
		"gtrag.fork.of":         evs[0].ExecutionID,
		"gtrag.fork.step":       int64(8),
		"gtrag.fork.set":        second,
	} {
		v, ok := attr(run.Attributes, key)
		if !ok {
			t.Errorf("the run span has no %s", key)
			continue
		}
		if got := v.AsInterface(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", key, got, want)
		}
	}
	for step, want := range map[int64]string{int64(fi.Step): first, 8: second} {
		var sets []string
		for _, ev := range byStep[step].Events {
			if ev.Name == "gtrag.fork.edit" {
				v, _ := attr(ev.Attributes, "gtrag.fork.set")
				sets = append(sets, v.AsString())
			}
		}
		if !reflect.DeepEqual(sets, []string{want}) {
			t.Errorf("step %d's span has the edits %q, want [%q]", step, sets, want)
		}
	}
	for step, s := range byStep {
		if step != int64(fi.Step) && step != 8 && len(s.Events) > 0 {
			t.Errorf("step %d's span has events %v; no edit was made after it", step, s.Events)
		}
	}
}

// readFixture reads a recorded run of testdata/trace.
func readFixture(t *testing.T, name string) []trace.Event {
	t.Helper()
	f, err := os.Open("../../testdata/trace/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	evs, err := trace.ReadEvents(f)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// A run a signal stopped is exported as stopped, with the signal's name;
// so is one recorded before the name was kept, whose error's last words
// say it (as the narration reads them).
func TestSignalStoppedRunSpan(t *testing.T) {
	for _, tc := range []struct {
		d    trace.ExecutionFailedData
		want string
	}{
		{trace.ExecutionFailedData{Error: "context canceled: stopped by Ctrl-C", Signal: "Ctrl-C"}, "Ctrl-C"},
		{trace.ExecutionFailedData{Error: "run the workflow: context canceled: stopped by SIGTERM"}, "SIGTERM"},
	} {
		evs := readFixture(t, "run.jsonl")
		last := evs[len(evs)-1]
		last.Type = trace.ExecutionFailed
		tc.d.Path = trace.Path(evs)
		data, err := json.Marshal(tc.d)
		if err != nil {
			t.Fatal(err)
		}
		last.Data = data
		evs[len(evs)-1] = last
		found := false
		for _, s := range spansOf(t, evs) {
			if s.Name != "gtrag.run" {
				continue
			}
			found = true
			if v, _ := attr(s.Attributes, "gtrag.outcome"); v.AsString() != "stopped" {
				t.Errorf("%s: gtrag.outcome %q, want stopped", tc.d.Error, v.AsString())
			}
			if v, _ := attr(s.Attributes, "gtrag.stopped_by"); v.AsString() != tc.want {
				t.Errorf("%s: gtrag.stopped_by %q, want %s", tc.d.Error, v.AsString(), tc.want)
			}
		}
		if !found {
			t.Fatal("no run span")
		}
	}
}

// What a decision agent changed as it decided is on its step's span, apart
// from the node's changes.
func TestDecisionAgentsChangesOnTheStepSpan(t *testing.T) {
	evs := readFixture(t, "run.jsonl")
	for i, e := range evs {
		if e.Type != trace.RouteDecided {
			continue
		}
		var d trace.RouteDecidedData
		if err := e.Decode(&d); err != nil {
			t.Fatal(err)
		}
		d.DecidedBy = "llm"
		d.Mutations = []trace.Mutation{{Field: "impossible", Before: json.RawMessage("null"), After: json.RawMessage(`"no paper can say"`)}}
		evs[i].Data, _ = json.Marshal(d)
		break
	}
	for _, s := range spansOf(t, evs) {
		if v, ok := attr(s.Attributes, "gtrag.route.state.impossible.after"); ok {
			if got := v.AsString(); got != `"no paper can say"` {
				t.Errorf("gtrag.route.state.impossible.after = %s", got)
			}
			return
		}
	}
	t.Error("no span carries the agent's change")
}

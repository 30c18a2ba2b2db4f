package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/internal/jsonerr"
	"github.com/gtrag/gtrag/internal/lineio"
)

// MaxLineBytes bounds one event line. The largest events hold an arXiv page
// or the passages of an answer: kilobytes, not megabytes.
const MaxLineBytes = 16 << 20

// FormatError says where a trace file is wrong. Line is 1-based. Path, when
// the reader knows it, is the file: the message is then "path:line: …", the
// form editors and compilers use, so that every trace error points the same
// way.
type FormatError struct {
	Path string
	Line int
	Err  error
}

func (e *FormatError) Error() string {
	if e.Path != "" {
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// ReadFile reads the trace at path with ReadEvents; a *FormatError it
// returns carries the path.
func ReadFile(path string) ([]Event, error) {
	evs, _, err := ReadFileCut(path)
	return evs, err
}

// ReadFileCut is ReadFile that also says which line it left out as cut
// short (see ReadEvents): its number, or 0 when the last line was whole.
func ReadFileCut(path string) (events []Event, cut int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("read trace: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, 0, fmt.Errorf("read trace %s: it is a directory, not a file", path)
	}
	evs, cut, err := readEvents(f)
	var fe *FormatError
	if errors.As(err, &fe) {
		fe.Path = path
		return nil, 0, fe
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read trace %s: %w", path, err)
	}
	return evs, cut, nil
}
func (e *FormatError) Unwrap() error { return e.Err }

// ReadEvents reads a trace: one event per line, blank lines ignored. It
// checks what every consumer relies on — a known type, data that decodes as
// that type's data, one execution, sequence numbers 1, 2, 3… in order, a
// first execution_started of a format this package reads and nothing after
// the run's end — and reports the first problem with its line. A trace that
// stops before its end (no execution_completed or execution_failed) is read
// without error; Complete says whether it ended.
//
// A last line cut short — no newline, and its JSON stops mid-value, as a
// crash or a full disk leaves a file being written — is left out, and the
// events before it are read as those of a trace that stops at a line end:
// they are whole, and worth narrating. The same damage on any other line,
// or on a file with no whole event before it, is an error.
func ReadEvents(r io.Reader) ([]Event, error) {
	evs, _, err := readEvents(r)
	return evs, err
}

// readEvents is ReadEvents; cut is the number of the last line when it was
// left out as cut short, else 0.
func readEvents(r io.Reader) (events []Event, cut int, err error) {
	lines := lineio.New(bufio.NewReaderSize(r, 64<<10), MaxLineBytes)
	line := 0
	for {
		b, n, err := lines.ReadLine()
		if n > MaxLineBytes {
			return nil, 0, &FormatError{Line: line + 1, Err: fmt.Errorf("line longer than %d bytes", MaxLineBytes)}
		}
		if n > 0 || err == nil {
			line++
		}
		if err != nil && err != io.EOF {
			return nil, 0, fmt.Errorf("read the trace: %w", err)
		}
		if t := bytes.TrimSpace(b); len(t) > 0 {
			e, perr := parseEvent(t, events)
			if perr != nil {
				if err == io.EOF && len(events) > 0 && jsonerr.CutShort(perr) {
					return events, line, nil // see ReadEvents: what is whole is read
				}
				return nil, 0, &FormatError{Line: line, Err: perr}
			}
			e.Line = line
			events = append(events, e)
		}
		if err == io.EOF {
			break
		}
	}
	if len(events) == 0 {
		return nil, 0, &FormatError{Line: max(line, 1), Err: errors.New("no events: this is not a gtrag trace")}
	}
	return events, 0, nil
}

func parseEvent(b []byte, before []Event) (Event, error) {
	var e Event
	if len(before) == 0 {
		// A newer gtrag's trace may have events this one does not know;
		// say so before finding fault with them.
		var head struct {
			Type Type `json:"type"`
			Data struct {
				Format int `json:"format"`
			} `json:"data"`
		}
		if json.Unmarshal(b, &head) == nil && head.Type == ExecutionStarted && head.Data.Format > FormatVersion {
			return e, fmt.Errorf("%s event: %v", ExecutionStarted, newerFormat(head.Data.Format))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return e, fmt.Errorf("not a trace event: %w", jsonerr.Doc{Unit: "the line"}.Explain(err))
	}
	if dec.More() {
		return e, errors.New("more than one JSON value on the line")
	}
	switch {
	case e.Type == "":
		return e, errors.New(`event without a "type"`)
	case !e.Type.known():
		return e, fmt.Errorf("unknown event type %q", e.Type)
	case e.ID == "":
		return e, errors.New(`event without an "id"`)
	case e.ExecutionID == "":
		return e, errors.New(`event without an "execution_id"`)
	case e.TS.IsZero():
		return e, errors.New(`event without a timestamp ("ts")`)
	case e.Step < 0:
		return e, fmt.Errorf("negative step %d", e.Step)
	case len(e.Data) == 0 || e.Data[0] != '{':
		return e, fmt.Errorf("%s event: data must be a JSON object", e.Type)
	}
	if len(before) == 0 {
		if e.Type != ExecutionStarted {
			return e, fmt.Errorf("the first event is %s; a trace starts with %s", e.Type, ExecutionStarted)
		}
	} else {
		last := before[len(before)-1]
		switch {
		case e.ExecutionID != before[0].ExecutionID:
			return e, fmt.Errorf("execution id %q differs from the trace's %q: two runs in one file?", e.ExecutionID, before[0].ExecutionID)
		case last.Type.terminal():
			return e, fmt.Errorf("%s after the run ended (%s)", e.Type, last.Type)
		case e.Type == ExecutionStarted:
			return e, errors.New("a second execution_started")
		}
	}
	if want := int64(len(before) + 1); e.Seq != want {
		return e, fmt.Errorf("sequence number %d, want %d (a line is missing, repeated or out of order)", e.Seq, want)
	}
	if err := checkData(e); err != nil {
		return e, fmt.Errorf("%s event: %v", e.Type, jsonerr.Doc{Path: "data."}.Explain(err))
	}
	return e, nil
}

// checkData decodes the data as its type's struct, so that a trace that
// reads is one every consumer can use.
func checkData(e Event) error {
	var v any
	switch e.Type {
	case ExecutionStarted:
		var d ExecutionStartedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		switch {
		case d.Format > FormatVersion:
			return newerFormat(d.Format)
		case d.Format < 1:
			return fmt.Errorf("trace format %d is not one gtrag has written; this gtrag reads trace format %s", d.Format, formatRange())
		}
		return nil
	case StepStarted:
		v = &StepStartedData{}
	case OperationStarted:
		var d OperationStartedData
		if err := json.Unmarshal(e.Data, &d); err != nil {
			return err
		}
		if d.OpID == "" || d.Kind == "" {
			return errors.New("operation without op_id or kind")
		}
		return nil
	case OperationCompleted:
		v = &OperationCompletedData{}
	case OperationFailed:
		v = &OperationFailedData{}
	case StateMutated:
		v = &StateMutatedData{}
	case StepCompleted:
		v = &StepCompletedData{}
	case StepFailed:
		v = &StepFailedData{}
	case RouteDecided:
		v = &RouteDecidedData{}
	case ExecutionCompleted:
		v = &ExecutionCompletedData{}
	case ExecutionFailed:
		v = &ExecutionFailedData{}
	}
	return json.Unmarshal(e.Data, v)
}

// newerFormat is the error for a trace of format f, newer than this
// package reads.
func newerFormat(f int) error {
	return fmt.Errorf("written by a newer gtrag (trace format %d); this gtrag reads trace format %s: upgrade gtrag to read it", f, formatRange())
}

// formatRange is the trace formats this package reads, in words.
func formatRange() string {
	if FormatVersion == 1 {
		return "1"
	}
	return fmt.Sprintf("1 to %d", FormatVersion)
}

// Complete reports whether the recorded run reached its end.
func Complete(events []Event) bool {
	return len(events) > 0 && events[len(events)-1].Type.terminal()
}

// Path lists the nodes the recorded run executed, in order; a step that
// failed is included, since it ran.
func Path(events []Event) []string {
	var path []string
	for _, e := range events {
		if e.Type == StepCompleted || e.Type == StepFailed {
			path = append(path, e.Node)
		}
	}
	return path
}

// VisitedPath is Path ending with graph.END when the run got there: what
// graph.Highlight wants, so that a diagram shows a failed run stopping where
// it failed rather than finishing.
func VisitedPath(events []Event) []string {
	return endedAt(events, Path(events))
}

// CompletedPath lists the nodes whose steps completed, in order, ending
// with graph.END when the run got there: the path of `trace --json`. It
// is the path ask --json, replay --json, the narration and the recording's
// own execution_completed or execution_failed give: a step that failed or
// was stopped, and one a recording cut short stops in, are left out.
func CompletedPath(events []Event) []string {
	var path []string
	for _, e := range events {
		if e.Type == StepCompleted {
			path = append(path, e.Node)
		}
	}
	return endedAt(events, path)
}

// endedAt is path with graph.END appended when the run routed there.
func endedAt(events []Event, path []string) []string {
	for _, e := range events {
		var d RouteDecidedData
		if e.Type == RouteDecided && e.Decode(&d) == nil && d.To == graph.END {
			return append(path, graph.END)
		}
	}
	return path
}

// Start returns the recorded question and settings.
func Start(events []Event) (question string, s Settings, err error) {
	if len(events) == 0 || events[0].Type != ExecutionStarted {
		return "", s, errors.New("the trace does not start with execution_started")
	}
	var d ExecutionStartedData
	if err := events[0].Decode(&d); err != nil {
		return "", s, err
	}
	return d.Question, d.Settings, nil
}

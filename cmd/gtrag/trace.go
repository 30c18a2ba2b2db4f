package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/trace/otlp"
	"github.com/gtrag/gtrag/vectordb"
)

// traceJSON is `gtrag trace --json`: the recording's events as read and
// checked, with what a script asks first of a run.
type traceJSON struct {
	Question string `json:"question"`
	// Complete is whether the recording is whole: the run ended (answered,
	// stopped by Ctrl-C or the step limit, or failed) and its last event
	// was written. A file cut short, or a run still being written, is not.
	// How the run ended is in its last event.
	Complete bool `json:"complete"`
	// CutLine is the recording's last line when it is cut short (a crash
	// while writing) and was left out; 0 otherwise.
	CutLine int `json:"cut_line,omitempty"`
	// Path is the steps that completed, in order, as ask --json and the
	// narration list them, with __end__ last when the run got there
	// (trace.CompletedPath). A step that failed or was stopped is left
	// out, as is the one a recording cut short stops in; the events
	// still have them.
	Path   []string      `json:"path"`
	Events []trace.Event `json:"events"`
}

func newTraceCmd(a *app) *cobra.Command {
	var format string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "trace FILE",
		Short: "Render a recorded run: the step-by-step narration, or the graph with the path taken",
		Long: `trace renders a run recorded with gtrag ask --trace-out FILE.

text (the default) is the narration gtrag ask --trace prints live: for every
step what the node perceived, how it reasoned, which tool it called with which
arguments, what changed in the state and in the knowledge base, and where the
run went next. mermaid is the workflow graph with the path taken highlighted,
the loop's nodes and edges marked with how often they were visited. html is
one self-contained page (no network; open it from disk) to step through on a
projector: the workflow drawn with the path taken, a timeline, and for each
step its percept, reasoning, actions, state changes and the router's
decision; ← and → move between steps, and printing it prints every step.`,
		Example: `  gtrag ask --trace-out run.jsonl "Why does tit-for-tat do well?"
  gtrag trace run.jsonl
  gtrag trace --format mermaid run.jsonl > run.mmd
  gtrag trace --format html run.jsonl > run.html
  gtrag trace --json run.jsonl | jq .path`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "mermaid" && format != "html" {
				return usagef("--format %q: want text, mermaid or html", format)
			}
			if asJSON && cmd.Flags().Changed("format") {
				return usagef("--json prints the recording as data; it takes no --format")
			}
			evs, cut, err := trace.ReadFileCut(args[0])
			if err != nil {
				return usageError{err}
			}
			if asJSON {
				q, _, _ := trace.Start(evs) // ReadFileCut has checked the start
				return writeJSON(a.io.Out, traceJSON{Question: q, Complete: trace.Complete(evs), CutLine: cut, Path: nonNil(trace.CompletedPath(evs)), Events: nonNil(evs)})
			}
			switch format {
			case "mermaid", "html":
				g, err := nodes.Build(nodes.Deps{})
				if err != nil {
					return fmt.Errorf("build the workflow: %w", err)
				}
				if format == "mermaid" {
					fmt.Fprint(a.io.Out, g.Mermaid(graph.Highlight(trace.VisitedPath(evs))))
				} else if err := trace.HTML(a.io.Out, g, evs); err != nil {
					return fmt.Errorf("write the html viewer: %w", err)
				}
			default:
				if err := trace.Narrate(a.io.Out, evs); err != nil {
					return fmt.Errorf("write the narration: %w", err)
				}
			}
			switch {
			case cut > 0:
				a.io.Note(fmt.Sprintf("%s ends before the run did: its last line (line %d) is cut short, as a crash leaves a file being written; shown up to the line before it", args[0], cut))
			case !trace.Complete(evs):
				a.io.Note(args[0] + " ends before the run did (it crashed or is still being written)")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "text, mermaid or html")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: question, complete, cut_line, path and the events")
	return cmd
}

// readTraceFile reads a recorded run. A file that cannot be read or is not a
// trace is bad input (exit 2), reported as path:line.
func readTraceFile(path string) ([]trace.Event, error) {
	evs, err := trace.ReadFile(path)
	if err != nil {
		return nil, usageError{err}
	}
	return evs, nil
}

// createTraceFile creates the --trace-out file at path, or returns nil
// without one; input is the recording being replayed (replay --fork), or
// "". Create it before opening the store: a bad --trace-out writes
// nothing, and does not even create the knowledge base. Nothing is written
// under the file's name unless the run ends and the trace is saved whole
// (trace.File).
//
// The trace replaces what is at path when the run ends, so what is there
// must be worth less than the run: --trace-out is refused (exit 2, nothing
// written) when path
//   - is the recording being forked (os.SameFile, so a link to it too): the
//     fork would replace its own input;
//   - exists and is not a regular file (a directory, a named pipe, a device,
//     a socket, /dev/fd/N of a shell's >(…)): the rename would turn it into
//     a regular file, and a pipe would never see the trace;
//   - exists, is not empty and is not a gtrag recording (its first line is
//     not a trace's execution_started, trace.IsRecording): store.db, notes,
//     anything a run could not give back;
//   - is one of the files gtrag keeps in the data directory (dataDir),
//     existing or not: a store not yet made has no file there to refuse,
//     and the run would make it, only for the trace to be refused at the
//     end and left hidden beside it.
//
// Replacing another recording stays allowed: recording again to the same
// file is how people use it. A symbolic link is followed: the trace
// replaces the file it points to, atomically, and the link stays; a link to
// nothing is refused.
func createTraceFile(path, input, dataDir string) (*trace.File, error) {
	switch path {
	case "":
		return nil, nil
	case "-":
		// Standard output carries the answer (or the fork's); a recording
		// mixed into it could be read back by neither.
		return nil, usagef("--trace-out -: standard output carries the answer; give a file name (gtrag trace reads it)")
	}
	if what := dataDirFile(path, dataDir); what != "" {
		return nil, usagef("--trace-out %s: it is %s; give another file name", path, what)
	}
	if input != "" {
		out, err1 := os.Stat(path)
		in, err2 := os.Stat(input)
		if err1 == nil && err2 == nil && os.SameFile(out, in) {
			return nil, usagef("--trace-out %s: it is the recording being forked (%s), which the fork would replace; give another file name", path, input)
		}
	}
	f, err := trace.Create(path)
	var ce *trace.CreateError
	if errors.As(err, &ce) {
		return nil, usagef("--trace-out %s: %v", path, ce.Err)
	}
	if err != nil {
		return nil, usageError{fmt.Errorf("--trace-out: %w", err)}
	}
	return f, nil
}

// dataDirFile names what path is among the files gtrag keeps in dataDir
// (the directory itself, the store's files, the arXiv cache, the chat
// history, ingest's resume files, and any file in those two directories),
// or "" when it is none of them, nor a link to a store file. Paths are compared with their
// directories' symbolic links resolved, where the directories exist.
func dataDirFile(path, dataDir string) string {
	if dataDir == "" {
		return ""
	}
	dir, name := resolvedDir(filepath.Dir(path)), filepath.Base(path)
	data := resolvedDir(dataDir)
	if filepath.Join(dir, name) == data {
		return "the data directory"
	}
	for _, f := range vectordb.FileNames {
		// Another name for a store file (a link to it) is the store file.
		if samePath(filepath.Join(dataDir, f), path) {
			return "the knowledge base's " + f + ", in the data directory"
		}
	}
	// A file inside the directories gtrag keeps there is theirs: a resume
	// file written over is a run's progress lost.
	switch dir {
	case filepath.Join(data, service.IngestStateName):
		return "a file of ingest's resume directory, in the data directory"
	case filepath.Join(data, ArxivCacheDir):
		return "a file of the arXiv cache, in the data directory"
	}
	if dir != data {
		return ""
	}
	switch {
	case slices.Contains(vectordb.FileNames, name):
		return "the knowledge base's " + name + ", in the data directory"
	case name == ArxivCacheDir:
		return "the arXiv cache, in the data directory"
	case name == chatHistoryFile:
		return "the chat history, in the data directory"
	case name == service.IngestStateName:
		return "ingest's resume directory, in the data directory"
	}
	return ""
}

// resolvedDir is dir absolute, its symbolic links resolved if it exists.
// samePath (os.SameFile) would not do: it needs both to exist, and the
// data directory, or the store file named, is often not made yet.
func resolvedDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return filepath.Clean(dir)
}

// askTraced runs one question on svc, recording it as --trace and
// --trace-out (file, from createTraceFile) ask, and saves or discards file.
// saveErr is a run that ended well whose trace could not be saved: the
// answer is still printed, then the command fails with it
// (trace.File.Close says where the trace was kept).
func (a *app) askTraced(ctx context.Context, svc *service.Service, q string, o askOptions, file *trace.File) (res service.Result, saveErr, err error) {
	opts := o.run()
	if !o.trace && file == nil && o.otlp == nil {
		res, err = svc.Ask(ctx, q, opts)
		return res, nil, err
	}
	topts := trace.Options{Secrets: provider.Secrets(a.getenv), LLM: svc.LLM(), StoreFlags: a.ingestFlags()}
	if o.otlp != nil {
		topts.Sinks = append(topts.Sinks, o.otlp)
		defer func() {
			// With --json the note is the object's, as every note is, so
			// that stderr stays empty for scripts.
			if note := exportSpans(ctx, o.otlp, o.otlpURL); note != "" && o.json {
				res.Notices = append(res.Notices, note)
			} else if note != "" {
				a.io.Note(note)
			}
		}()
	}
	if o.trace {
		topts.Live = a.narrationOut()
	}
	if file != nil {
		topts.Out = file
	}
	opts.Trace = trace.New(topts)
	res, err = svc.Ask(ctx, q, opts)
	return res, saveTrace(file, err), err
}

// saveTrace saves or discards file, the --trace-out recording of a run
// that ended with err, and returns the failure to save it for a run that
// otherwise ended well (its answer is printed first; trace.File.Close says
// where the trace was kept). A failed run's trace is complete and kept: it
// shows the failure, and replays to it. Only a trace that could not be
// recorded (a *service.TraceError) goes. A nil file is nothing to save.
func saveTrace(file *trace.File, err error) (saveErr error) {
	if file == nil {
		return nil
	}
	var terr *service.TraceError
	if errors.As(err, &terr) {
		file.Abort()
		return nil
	}
	if cerr := file.Close(); cerr != nil && err == nil {
		return cerr
	}
	return nil
}

// openOTLP makes the span exporter of --otlp-endpoint or the standard
// OTEL_EXPORTER_OTLP_ENDPOINT variables, or returns nil when neither is
// set. A malformed URL is bad usage.
func (a *app) openOTLP(ctx context.Context, flag string) (*otlp.Exporter, string, error) {
	from, value, url := otlp.Setting(flag, a.getenv)
	if from == "" {
		return nil, "", nil
	}
	if err := otlp.CheckURL(value); err != nil {
		return nil, "", usagef("%s %q %v", from, value, err)
	}
	x, err := otlp.New(ctx, url)
	if err != nil {
		return nil, "", usageError{fmt.Errorf("%s: %w", from, err)}
	}
	return x, url, nil
}

// exportSpans sends the run's spans, even after Ctrl-C, within a few
// seconds. A collector that is down costs the spans, not the answer: it
// returns a note, not a failure ("" when the spans went).
func exportSpans(ctx context.Context, x *otlp.Exporter, url string) string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := x.Shutdown(ctx); err != nil {
		return fmt.Sprintf("could not send the run's spans to %s: %v", url, err)
	}
	return ""
}

package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

func newTraceCmd(a *app) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "trace FILE",
		Short: "Render a recorded run: the step-by-step narration, or the graph with the path taken",
		Long: `trace renders a run recorded with gtrag ask --trace-out FILE.

text (the default) is the narration gtrag ask --trace prints live: for every
step what the node perceived, how it reasoned, which tool it called with which
arguments, what changed in the state and in the knowledge base, and where the
run went next. mermaid is the workflow graph with the path taken highlighted,
the loop's nodes and edges marked with how often they were visited.`,
		Example: `  gtrag ask --trace-out run.jsonl "Why does tit-for-tat do well?"
  gtrag trace run.jsonl
  gtrag trace --format mermaid run.jsonl > run.mmd`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "mermaid" {
				return usagef("--format %q: want text or mermaid", format)
			}
			evs, err := readTraceFile(args[0])
			if err != nil {
				return err
			}
			if format == "mermaid" {
				g, err := nodes.Build(nodes.Deps{})
				if err != nil {
					return fmt.Errorf("build the workflow: %w", err)
				}
				fmt.Fprint(a.stdout, g.Mermaid(graph.Highlight(trace.VisitedPath(evs))))
			} else if err := trace.Narrate(a.stdout, evs); err != nil {
				return fmt.Errorf("write the narration: %w", err)
			}
			if !trace.Complete(evs) {
				fmt.Fprintf(a.stderr, "note: %s ends before the run did (it crashed or is still being written)\n", args[0])
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "text or mermaid")
	return cmd
}

// readTraceFile reads a recorded run. A file that cannot be read or is not a
// trace is bad input (exit 2), reported with the line at fault.
func readTraceFile(path string) ([]trace.Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("read trace: %w", err)}
	}
	defer f.Close()
	evs, err := trace.ReadEvents(f)
	var fe *trace.FormatError
	if errors.As(err, &fe) {
		return nil, usageError{fmt.Errorf("%s:%d: %w", path, fe.Line, fe.Err)}
	}
	if err != nil {
		return nil, usageError{fmt.Errorf("read trace %s: %w", path, err)}
	}
	return evs, nil
}

// openRecorder starts the recording that --trace and --trace-out ask for, or
// returns nil when neither is set. Nothing is written under the trace's name
// until the run ends (trace.File).
func (a *app) openRecorder(o askOptions, llm string) (*trace.Recorder, *trace.File, error) {
	if !o.trace && o.traceOut == "" {
		return nil, nil, nil
	}
	opts := trace.Options{Secrets: trace.SecretsFromEnv(a.getenv), LLM: llm}
	if o.trace {
		opts.Live = a.stderr
	}
	var file *trace.File
	if o.traceOut != "" {
		f, err := trace.Create(o.traceOut)
		if err != nil {
			return nil, nil, usageError{fmt.Errorf("--trace-out: %w", err)}
		}
		file, opts.Out = f, f
	}
	return trace.New(opts), file, nil
}

// startTrace records the start of a run of q.
func (s *session) startTrace(q string) {
	s.rec.Start(s.g, q, trace.Settings{
		LLM: s.llm.Name, Embedder: s.db.Info().Embedder,
		K: s.options.k, MaxResults: s.options.maxResults, MaxSteps: s.options.maxSteps,
		Version: version.Version, Notices: s.llm.Notices,
	})
}

// finishTrace records the end of the run and saves the trace file. A session
// records one run: the recorder and the file are done with afterwards.
func (s *session) finishTrace(final nodes.GraphState, runErr error) error {
	err := s.rec.Finish(final, runErr)
	s.rec = nil
	if s.traceFile != nil {
		if err != nil {
			s.closeTrace()
			return err
		}
		err = s.traceFile.Close()
		s.traceFile = nil
	}
	return err
}

// closeTrace discards a trace whose run never ended, on the way out.
func (s *session) closeTrace() {
	if s.traceFile != nil {
		s.traceFile.Abort()
		s.traceFile = nil
	}
}

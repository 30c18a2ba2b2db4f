package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

func newReplayCmd(a *app) *cobra.Command {
	var asJSON bool
	var fo forkOptions
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Re-run a recorded run with no network, no LLM and no store",
		Long: `replay re-runs the workflow of a run recorded with gtrag ask --trace-out FILE.
The nodes and routers are today's code; every store query and add, arXiv search
and LLM call is answered from the recording, matched by kind and by a
fingerprint of its arguments. Nothing is fetched, no model is asked and the
knowledge base is not opened, so a run can be shown to a class offline, and a
bug report becomes a reproducible test.

The answer is printed as gtrag ask printed it. If the code asks for an
operation the recording does not have (it changed since), replay stops with an
error naming the step, the node and the operation, and exits 1.

Time travel: --fork STEP --set FIELD=VALUE replays the recording up to and
including step STEP (numbered as gtrag trace numbers steps), sets one state
field (VALUE is JSON: false, 3, [], "text"; bare text is a string), lets the
router decide again and runs the rest: live (today's store, arXiv and LLM)
or, with --offline, with the offline reasoners, an arXiv that knows only the
recorded papers and a scratch store holding what the recording retrieved. It
never writes to your knowledge base unless --write is given: a live fork
runs on a scratch copy. It prints the recorded and the forked path side by
side, where they diverge, and the fork's answer; --trace-out records the
fork, which gtrag trace --format html shows as a branch.`,
		Example: `  gtrag ask --trace-out run.jsonl "What is a Nash equilibrium?"
  gtrag replay run.jsonl
  gtrag replay run.jsonl --fork 7 --set relevant_context=false --offline
  gtrag replay run.jsonl --fork 3 --set 'arxiv_papers=[]' --offline --trace-out fork.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			evs, err := readTraceFile(args[0])
			if err != nil {
				return err
			}
			p, err := trace.NewPlayer(evs)
			var fe *trace.FormatError
			if errors.As(err, &fe) {
				fe.Path = args[0]
				return usageError{err}
			}
			if err != nil {
				return usageError{fmt.Errorf("replay %s: %w", args[0], err)}
			}
			p.Path = args[0]
			if fo.active() {
				e, err := fo.validate()
				if err != nil {
					return err
				}
				if n := len(p.RecordedPath()); fo.step < 1 || fo.step > n {
					return usagef("--fork %d: the recorded run has steps 1 to %d", fo.step, n)
				}
				return a.fork(cmd.Context(), p, fo, e, asJSON)
			}
			if fo.offline || fo.write || fo.traceOut != "" {
				return usagef("--offline, --write and --trace-out go with --fork")
			}
			res, err := service.Replay(cmd.Context(), p)
			if errors.As(err, &fe) {
				return usageError{err} // a damaged recording is bad input
			}
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(a.io.Out, res)
			}
			for _, n := range res.Notices {
				a.io.Note(n)
			}
			printAnswer(a.io.Out, res)
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print one JSON object, as gtrag ask --json does")
	f.IntVar(&fo.step, "fork", 0, "time travel: replay up to and including step `STEP`, then change the state (--set) and run on")
	f.StringVar(&fo.set, "set", "", "with --fork: the state field to change, as `FIELD=VALUE` (relevant_context=false, 'arxiv_papers=[]')")
	f.BoolVar(&fo.offline, "offline", false, "with --fork: run the rest offline (offline reasoners, the recorded papers, a scratch store)")
	f.BoolVar(&fo.write, "write", false, "with --fork: let a live fork add papers to your knowledge base")
	f.StringVar(&fo.traceOut, "trace-out", "", "with --fork: record the fork to `FILE` (JSON Lines)")
	return cmd
}

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
error naming the step, the node and the operation, and exits 1.`,
		Example: `  gtrag ask --trace-out run.jsonl "What is a Nash equilibrium?"
  gtrag replay run.jsonl`,
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
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object, as gtrag ask --json does")
	return cmd
}

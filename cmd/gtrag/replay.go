package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
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

The answer is printed as gtrag ask printed it, footer included, byte for
byte; a note on standard error says that it is a replay, and that the
footer (arXiv searched, papers added) and the notes are the recorded run's.
If the code asks for an operation the recording does not have (it changed
since), replay stops with an error naming the step, the node, the operation
and the parameter that differs, and exits 1.

With --json, the object is gtrag ask --json's. Its arxiv_requests and
llm_calls are the replay's own: 0, since it sends nothing. Beside them are
what the recording says of the recorded run: recorded_arxiv_requests and
recorded_llm_calls, that run's arxiv_requests and llm_calls (absent from
recordings made before gtrag kept them). Searches served from the arXiv page
cache have "cached": true in searches, as in the recorded run. A recording
that stopped at its step limit still prints the object of the state it
reached, outcome "step_limit", before the error (exit 1), as ask --json
does; one stopped on purpose before a step (ask --step, q) or by Ctrl-C
during one prints it with outcome "interrupted" (exit 130).

Time travel: --fork STEP --set FIELD=VALUE replays the recording up to and
including step STEP (numbered as gtrag trace numbers steps), sets one state
field (VALUE is JSON: false, 3, [], "text"; bare text is a string), lets the
router decide again and runs the rest: live (today's store, arXiv and LLM)
or, with --offline, with the offline reasoners, an arXiv that knows only the
recorded papers and a scratch store holding what the recording retrieved. It
never writes to your knowledge base unless --write is given: a live fork
runs on a scratch copy. It prints the recorded and the forked path side by
side, where they diverge, and the fork's answer; with --json, the fork's
object, whose papers_added, searches, arxiv_requests and llm_calls are what
the fork did after STEP, as its footer says. --trace-out records the
fork, which gtrag trace --format html shows as a branch. --fork, --set and
--trace-out are each given once: a second is refused (exit 2), not taken.`,
		Example: `  gtrag ask --trace-out run.jsonl "What is a Nash equilibrium?"
  gtrag replay run.jsonl
  gtrag replay run.jsonl --fork 2 --set relevant_context=false --offline
  gtrag replay run.jsonl --fork 1 --set 'chroma_results=[]' --offline --trace-out fork.jsonl
  gtrag replay fork.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := emptyFileFlag(cmd.Flags(), "trace-out"); err != nil {
				return err
			}
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
			fo.forkGiven = cmd.Flags().Changed("fork")
			if fo.active() {
				if fo.forkGiven {
					if err := forkStepInRange(fo.step, evs, p.RecordedPath(), p.Settings().MaxSteps); err != nil {
						return err
					}
				}
				e, err := fo.validate()
				if err != nil {
					return err
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
				if asJSON {
					// A recording that stopped at its step limit (or was
					// stopped on purpose) still tells a script what that
					// run did, as ask --json does; the error follows.
					if res.Outcome != "" {
						if werr := writeJSON(a.io.Out, newReplayJSON(p, res)); werr != nil {
							return werr
						}
					}
				}
				return err
			}
			// As ask printed it: its suggestions name the knowledge base
			// the recorded run was asked with.
			res.Answer = withFlags(res.Answer, p.Settings().StoreFlags)
			if asJSON {
				return writeJSON(a.io.Out, newReplayJSON(p, res))
			}
			for _, n := range res.Notices {
				a.runNote(n)
			}
			// stdout is the recorded answer, byte for byte: a fork's with
			// the footer the fork printed.
			if f := p.Settings().Fork; f != nil && f.Store != "" {
				base, ok := p.StateAtFork()
				if !ok {
					return fmt.Errorf("replay %s: the replay never reached the fork's step %d", args[0], f.Step)
				}
				printAnswerWith(a.io.Out, res, forkFooter(res, base, f.Step, f.Store))
			} else {
				printAnswer(a.io.Out, res)
			}
			// Then stderr says that it was a replay: the footer just
			// printed, and the notes, are the recorded run's. Not when the
			// answer could not be written: the error says that alone.
			if a.io.Err() == nil {
				a.io.Note(replayNote(args[0], len(res.Notices) > 0))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print one JSON object, as gtrag ask --json does")
	f.IntVar(&fo.step, "fork", 0, "time travel: replay up to and including step `STEP`, then change the state (--set) and run on")
	f.StringArrayVar(&fo.sets, "set", nil, "with --fork: the state field to change, as `FIELD=VALUE` (relevant_context=false, 'arxiv_papers=[]')")
	f.BoolVar(&fo.offline, "offline", false, "with --fork: run the rest offline (offline reasoners, the recorded papers, a scratch store)")
	f.BoolVar(&fo.write, "write", false, "with --fork: let a live fork add papers to your knowledge base")
	f.StringVar(&fo.traceOut, "trace-out", "", "with --fork: record the fork to `FILE` (JSON Lines)")
	refuseRepeats(f, "fork", "trace-out")
	return cmd
}

// forkStepInRange checks --fork STEP against the recording: a step it
// ran, and not the one that ended it, after which nothing is left to run
// and no router decides again; nor, for a run its step limit (limit, 0
// when unknown) stopped, the step that reached the limit, which a fork
// keeps: no step could run after it.
func forkStepInRange(step int, evs []trace.Event, recorded []string, limit int) error {
	n := len(recorded)
	if n == 0 {
		return usagef("--fork %d: the recorded run stopped before its first step; there is nothing to fork", step)
	}
	last := n
	atLimit := false
	if v := trace.VisitedPath(evs); len(v) > 0 && v[len(v)-1] == graph.END {
		last = n - 1 // step n went to END: a fork after it runs nothing
	} else if limit > 0 && n >= limit {
		last, atLimit = n-1, true // the limit allows no step after n
	}
	forkable := fmt.Sprintf("fork at a step from 1 to %d", last)
	if last == 0 {
		forkable = "it has no step to fork at"
	}
	switch {
	case step < 1:
		return usagef("--fork %d: steps are numbered from 1; the recorded run has steps 1 to %d: %s", step, n, forkable)
	case step > n:
		return usagef("--fork %d: the recorded run has steps 1 to %d only: %s", step, n, forkable)
	case step > last && atLimit:
		return usagef("--fork %d: step %d (%s) reached the recorded run's step limit (%d), which a fork keeps, so nothing can run after it; fork at a step from 1 to %d", step, step, recorded[step-1], limit, last)
	case step > last && last == 0:
		return usagef("--fork %d: step %d (%s) ended the run, so nothing runs after it; the recorded run has no earlier step to fork at", step, step, recorded[step-1])
	case step > last:
		return usagef("--fork %d: step %d (%s) ended the run, so nothing runs after it; fork at a step from 1 to %d", step, step, recorded[step-1], last)
	}
	return nil
}

// withFlags is text with every "gtrag ingest" it suggests given flags, the
// flags that chose a recorded run's knowledge base (trace.Settings.StoreFlags),
// as app.withStoreFlags gave them to the answer the run printed.
func withFlags(text, flags string) string {
	if flags == "" {
		return text
	}
	return strings.ReplaceAll(text, "gtrag ingest ", "gtrag "+flags+" ingest ")
}

// replayJSON is what replay --json prints: the replay's Result, whose
// arxiv_requests and llm_calls are the replay's own (0: it sends nothing),
// and what the recording says the recorded run sent, so that the two are
// not taken for one another.
type replayJSON struct {
	service.Result
	// RecordedArxivRequests is the recorded run's arxiv_requests; absent
	// when the recording does not say (made before gtrag kept it).
	RecordedArxivRequests *int64 `json:"recorded_arxiv_requests,omitempty"`
	// RecordedLLMCalls is the recorded run's llm_calls, absent as
	// RecordedArxivRequests is.
	RecordedLLMCalls *int64 `json:"recorded_llm_calls,omitempty"`
}

// newReplayJSON is replay --json's object for res, the replay of p. The
// replay of a fork's recording counts as replay --fork --json did
// (forkOwn): papers_added and searches are what the fork did after its
// step, as the replayed footer says and as its recorded_arxiv_requests and
// recorded_llm_calls count, where the replayed state also counts the
// steps the fork replayed.
func newReplayJSON(p *trace.Player, res service.Result) replayJSON {
	if f := p.Settings().Fork; f != nil && f.Store != "" {
		if base, ok := p.StateAtFork(); ok {
			res = forkOwn(res, base)
		}
	}
	c := p.RecordedCounts()
	return replayJSON{Result: res, RecordedArxivRequests: c.ArxivRequests, RecordedLLMCalls: c.LLMCalls}
}

// replayNote is the line replay writes on stderr after a replayed
// answer: its footer (arXiv searched, papers added) and its notes are the
// recorded run's, not what the replay did, which sent nothing.
func replayNote(file string, notes bool) string {
	what := "the answer and its footer are the recorded run's"
	if notes {
		what = "the answer, its footer and the notes before it are the recorded run's"
	}
	return fmt.Sprintf("replayed from %s: no network, no LLM; %s", file, what)
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/gtrag/gtrag/chat"
	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/internal/status"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace/otlp"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// askOptions are the ask command's own flags.
type askOptions struct {
	k, maxResults, maxSteps int
	router                  string // --router: nodes.RouterRules or nodes.RouterLLM
	pool, maxSearches       int
	choose                  bool // --choose: with an LLM, let it choose among a search's best
	json                    bool
	trace                   bool   // narrate every step on stderr
	traceOut                string // record the run's events to this file
	step                    bool   // pause before each node (--step)
	beforeStep              service.BeforeStep
	otlpEndpoint            string         // --otlp-endpoint
	otlp                    *otlp.Exporter // made from it or the OTEL_ variables
	otlpURL                 string
	quiet                   bool // no live status line
	interactive             bool // -i: a chat session
	arxivBudget             time.Duration

	// live shows the run on stderr (status line, notices as they happen
	// on a terminal, after the run elsewhere);
	// nil for --json.
	live *status.Run
	// failFast ends arXiv calls at a refused connection: someone is waiting.
	failFast bool
}

func newAskCmd(a *app) *cobra.Command {
	var o askOptions
	cmd := &cobra.Command{
		Use:   "ask [QUESTION | -]",
		Short: "Answer a question, with numbered citations to its sources",
		Long: `ask runs the workflow: it retrieves passages from the knowledge base, judges
whether they answer the question, searches arXiv for game-theory papers when
they do not (adding them to the store), and answers with citations.

The question is the arguments; "-", or no argument with standard input not a
terminal, reads it from standard input. -i starts a conversation (gtrag chat).
On a terminal a status line shows the step running and any wait for arXiv.
arXiv gets --arxiv-budget in all per question; after that, and at once when
it refuses the connection while someone watches (any standard stream a
terminal; a script's run retries it), ask answers from the store and says so.`,
		Example: `  gtrag ask "What is a Nash equilibrium?"
  gtrag ask --json "Why does tit-for-tat do well in the iterated prisoner's dilemma?"
  gtrag ask -k 5 --max-results 5 "How does a Vickrey auction make bidding truthful?"
  gtrag ask --step "Why does tit-for-tat do well?"   # pause before each node
  echo "What is the price of anarchy?" | gtrag ask -
  gtrag ask -i`,
		RunE: func(cmd *cobra.Command, args []string) error {
			a.arxivCache = true // a person waits: a repeated search is answered at once
			o.fitDefaults(cmd.Flags())
			if err := o.validate(); err != nil {
				return err
			}
			if err := emptyFileFlag(cmd.Flags(), "trace-out"); err != nil {
				return err
			}
			if o.interactive {
				if o.json || o.traceOut != "" || o.otlpEndpoint != "" {
					return usagef("-i starts a conversation; it cannot be combined with --json, --trace-out or --otlp-endpoint")
				}
				first := strings.Join(args, " ")
				if len(args) == 1 && args[0] == "-" {
					first = "" // the questions are read from standard input: that is the chat
				}
				return a.runChat(cmd.Context(), chatOptions{askOptions: o}, first)
			}
			if o.step && (len(args) == 0 || len(args) == 1 && args[0] == "-") {
				return usagef("--step reads its answers from standard input, so the question must be an argument: gtrag ask --step \"What is a Nash equilibrium?\"")
			}
			q, err := a.questionFrom(args)
			if err != nil {
				return err
			}
			if chat.MoreRequest(q) {
				// Asked alone it was judged a question, and refused as
				// not about game theory.
				return usagef("%q asks for more of an earlier answer, and ask has none: hold a conversation with gtrag chat (or ask -i)", q)
			}
			if chat.NeedsEarlierQuestion(q) {
				// "why?" alone was searched for nothing and answered "does
				// not appear to be about game theory".
				return usagef("%q follows up on an earlier question, and ask has none: ask the whole question, or hold a conversation with gtrag chat (or ask -i)", q)
			}
			if o.step {
				// Stepping through is for watching: narrate each step too.
				o.trace = true
				o.beforeStep = newStepper(bufio.NewReader(a.io.In), a.io.ErrOut).Before
			}
			if o.otlp, o.otlpURL, err = a.openOTLP(cmd.Context(), o.otlpEndpoint); err != nil {
				return err
			}
			file, err := createTraceFile(o.traceOut, "", a.dataDir)
			if err != nil {
				return err
			}
			svc, err := a.openAskService(cmd.Context(), o.router)
			if err != nil {
				if file != nil {
					file.Abort()
				}
				return err
			}
			defer svc.Close()
			if !o.json {
				o.live = a.liveRun(o.quiet || o.trace)
				if o.trace {
					// The narration's header says them.
					o.live.Said(svc.Reasoners().Notices...)
				} else {
					for _, n := range svc.Reasoners().Notices {
						o.live.Notice(n)
					}
				}
				if n := a.primerBehind(cmd.Context(), svc.Store()); n != "" {
					o.live.Notice(n)
				}
			}
			o.failFast = a.someoneWaits()
			res, saveErr, err := a.askTraced(cmd.Context(), svc, q, o, file)
			if o.live != nil {
				o.live.Finish(res.Notices)
			}
			if o.json && err != nil && res.Outcome != "" {
				// A run stopped early (outcome step_limit or interrupted:
				// service.Ask's Result beside its error) still tells a
				// script what it did, its path and the papers it added;
				// the error line follows on stderr, exit 1 or 130.
				if werr := writeJSON(a.io.Out, res); werr != nil {
					return werr
				}
			}
			if !o.json && err != nil && res.Outcome != "" {
				// The text says it too: the papers it added stay.
				if line := stoppedFooter(res); line != "" {
					fmt.Fprintln(a.io.Out, wrapText(line, proseWidth(a.io.Out)))
				}
			}
			if err != nil {
				if errors.Is(err, context.Canceled) && cmd.Context().Err() != nil {
					// Ctrl-C: said as eval and ingest say it, not as the
					// workflow's error chain (exit 130 all the same).
					return hintError{msg: "ask interrupted before its answer", err: err}
				}
				var stopped *graph.InterruptError
				if errors.As(err, &stopped) {
					// q at the --step prompt: the narration above told it;
					// one line, without the workflow's prefixes.
					return hintError{msg: fmt.Sprintf("ask stopped before step %d (%s): %v", stopped.Step, stopped.Node, stopped.Err), err: err}
				}
				return stepLimitHint(err)
			}
			res.Answer = a.withStoreFlags(res.Answer)
			if o.json {
				if err := writeJSON(a.io.Out, res); err != nil {
					return err
				}
				return saveErr
			}
			printAnswer(a.io.Out, res)
			return saveErr
		},
	}
	f := cmd.Flags()
	o.runFlags(f)
	o.budgetFlag(f)
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.BoolVar(&o.trace, "trace", false, "narrate every step on stderr: percept, reasoning, action, environment update, next")
	f.BoolVar(&o.step, "step", false, "pause before each node, showing its percept: Enter runs it, c continues, q stops (implies --trace)")
	f.StringVar(&o.otlpEndpoint, "otlp-endpoint", "", "export the run as OpenTelemetry spans to this OTLP/HTTP `URL` (Phoenix, Jaeger, a collector: http://localhost:4318); default $OTEL_EXPORTER_OTLP_ENDPOINT")
	f.StringVar(&o.traceOut, "trace-out", "", "record the run's events to `FILE` (JSON Lines) for gtrag trace and gtrag replay")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no live status line on the terminal")
	f.BoolVarP(&o.interactive, "interactive", "i", false, "start a conversation, as gtrag chat")
	// A second --trace-out silently won, recording the run to the last
	// file only, as replay's did.
	refuseRepeats(f, "trace-out")
	return cmd
}

// runFlags defines the flags of one run, shared by ask and eval.
func (o *askOptions) runFlags(f *pflag.FlagSet) {
	f.IntVarP(&o.k, "k", "k", service.DefaultK, fmt.Sprintf("documents to retrieve from the store (1 to %d)", maxK))
	f.IntVar(&o.maxResults, "max-results", service.DefaultMaxResults, fmt.Sprintf("papers added per arXiv search (1 to %d, at most --pool; unless given, at most a smaller --pool)", maxMaxResults))
	f.IntVar(&o.pool, "pool", service.DefaultPool, fmt.Sprintf("papers fetched by a question's first arXiv request and ranked against it (1 to %d); a later request fetches half as many again, at most %d", nodes.MaxPool, nodes.MaxPool))
	f.IntVar(&o.maxSearches, "max-searches", service.DefaultMaxSearches, fmt.Sprintf("arXiv requests per question (1 to %d; one for a question not recognised as game theory); a later one reformulates, never repeats", maxMaxSearches))
	f.IntVar(&o.maxSteps, "max-steps", service.DefaultMaxSteps, fmt.Sprintf("stop a run after this many steps (1 to %d; unless given, raised to fit --max-searches)", maxMaxSteps))
	f.BoolVar(&o.choose, "choose", true, fmt.Sprintf("with an LLM, let it choose among a search's %d best papers; --choose=false keeps the offline ranking's order (one LLM call fewer per search, and the other arm of a comparison)", nodes.ChooseAmong))
	f.StringVar(&o.router, "router", nodes.RouterRules, "who decides at each branch of the workflow: rules, or llm (a decision agent backed by --llm, falling back to the rules)")
}

// budgetFlag defines --arxiv-budget, for the commands a person waits on
// (ask, chat); eval and other batch runs keep the client's own bounds.
func (o *askOptions) budgetFlag(f *pflag.FlagSet) {
	f.DurationVar(&o.arxivBudget, "arxiv-budget", service.DefaultArxivBudget, fmt.Sprintf("time arXiv gets per question, waits and retries included; then answer from the store (0: no limit; at most %s)", shortDuration(maxArxivBudget)))
}

// fitDefaults fits the defaults of the run flags the user did not give to
// those they did. The step limit is raised to what --max-searches needs
// (service.StepLimitFor): "--max-searches 10" alone would otherwise stop every
// run that searches ten times at step 25, with papers added and no answer.
// --max-results shrinks to a --pool smaller than it: "--pool 1" alone was
// refused for a --max-results 3 never given. A value the user gave is
// kept, low as it may be (a --max-steps of 3 is how a teacher shows the
// limit at work), and validate says when two of them disagree.
func (o *askOptions) fitDefaults(f *pflag.FlagSet) {
	if !f.Changed("max-steps") {
		o.maxSteps = service.StepLimitFor(o.maxSearches)
	}
	if !f.Changed("max-results") && o.pool >= 1 && o.pool < o.maxResults {
		o.maxResults = o.pool
	}
}

// run is the service's options for one run.
func (o askOptions) run() service.AskOptions {
	opts := service.AskOptions{
		K: o.k, MaxResults: o.maxResults, MaxSteps: o.maxSteps, Pool: o.pool, MaxSearches: o.maxSearches,
		ArxivBudget: o.arxivBudget, ArxivFailFast: o.failFast, BeforeStep: o.beforeStep,
		Router: o.router, KeepRanking: !o.choose,
	}
	if o.live != nil {
		opts.Observer = o.live
		opts.ArxivWaits = o.live.ArxivWait
	}
	return opts
}

// openAskService opens the service of ask, chat and eval. service.Open
// refuses a --router the LLM cannot serve (Config.Router) before it opens
// the store: a usage error creates no knowledge base.
func (a *app) openAskService(ctx context.Context, router string) (*service.Service, error) {
	cfg := a.config()
	cfg.Router = router
	svc, err := service.Open(ctx, cfg)
	return svc, a.routerError(err)
}

// routerError is a.cliError, with --router llm refused for want of an LLM
// (service.RouterNeedsLLMError) said as the command line says it.
func (a *app) routerError(err error) error {
	var needs *service.RouterNeedsLLMError
	if errors.As(err, &needs) {
		return usagef("--router llm needs an LLM, and this run is %s: set --llm (or GTRAG_LLM), or use --router rules", needs.LLM)
	}
	return a.cliError(err)
}

// The bounds of the run flags (validate), stated in their help (runFlags)
// from the same constants, so that --help and the error cannot disagree.
// --pool's is nodes.MaxPool.
const (
	maxK           = 100
	maxMaxResults  = 50
	maxMaxSteps    = 1000
	maxMaxSearches = 10
)

func (o askOptions) validate() error {
	switch {
	case o.k < 1 || o.k > maxK:
		return usagef("-k %d: want 1 to %d", o.k, maxK)
	case o.maxResults < 1 || o.maxResults > maxMaxResults:
		return usagef("--max-results %d: want 1 to %d", o.maxResults, maxMaxResults)
	case o.maxSteps < 1 || o.maxSteps > maxMaxSteps:
		return usagef("--max-steps %d: want 1 to %d", o.maxSteps, maxMaxSteps)
	case o.pool < 1 || o.pool > nodes.MaxPool:
		return usagef("--pool %d: want 1 to %d", o.pool, nodes.MaxPool)
	case o.maxSearches < 1 || o.maxSearches > maxMaxSearches:
		return usagef("--max-searches %d: want 1 to %d", o.maxSearches, maxMaxSearches)
	case o.arxivBudget < 0 || o.arxivBudget > maxArxivBudget:
		return usagef("--arxiv-budget %s: want 0 (no limit) to %s", o.arxivBudget, shortDuration(maxArxivBudget))
	case o.router != nodes.RouterRules && o.router != nodes.RouterLLM:
		return usagef("--router %q: want %s or %s", o.router, nodes.RouterRules, nodes.RouterLLM)
	case o.maxResults > o.pool:
		return usagef("--max-results %d is more than --pool %d: a search cannot add more papers than it fetches", o.maxResults, o.pool)
	}
	return nil
}

// someoneWaits reports whether a person is watching the run: any of the
// standard streams is a terminal. `echo QUESTION | gtrag ask` typed at a
// terminal has a pipe for standard input and a person all the same, who
// should not wait through retries of a connection arXiv refuses; a script
// (cron, CI, a pipe at both ends) gets them.
func (a *app) someoneWaits() bool {
	return a.io.IsStdinTTY() || a.io.IsStdoutTTY() || a.io.IsStderrTTY()
}

// maxArxivBudget bounds --arxiv-budget: beyond it a value is a typo.
const maxArxivBudget = 10 * time.Minute

// questionFrom is the question of `ask`: its arguments, or standard input
// for "-" and for no argument when standard input is not a terminal.
func (a *app) questionFrom(args []string) (string, error) {
	switch {
	case len(args) == 1 && args[0] == "-":
	case slices.Contains(args, "-"):
		// "-" beside other words would be asked as one of them, and
		// what was piped in never read.
		return "", usagef(`"-" reads the question from standard input and goes alone: gtrag ask - < question.txt (quote a question with a dash in it)`)
	case len(args) > 0:
		return checkQuestion(strings.Join(args, " "))
	case a.io.IsStdinTTY():
		return "", usagef("ask needs a question: gtrag ask \"What is a Nash equilibrium?\" (or gtrag chat for a conversation)")
	}
	// Read past the limit, so that a question's surrounding white space
	// (echo's newline) does not count against it and a longer one is
	// refused with its own length.
	b, err := io.ReadAll(io.LimitReader(a.io.In, maxStdinBytes+1))
	if err != nil {
		return "", fmt.Errorf("read the question from standard input: %w", err)
	}
	if len(b) > maxStdinBytes {
		return "", usagef("the question on standard input is over %d bytes; the limit is %d", maxStdinBytes, maxQuestionBytes)
	}
	q := strings.TrimSpace(string(b))
	if q == "" {
		return "", usagef("ask needs a question, as arguments or on standard input; none was given")
	}
	return checkQuestion(q)
}

// maxStdinBytes bounds what ask reads from standard input for a question,
// as chat bounds a line.
const maxStdinBytes = 4 * maxQuestionBytes

// maxQuestionBytes is service.MaxQuestionBytes.
const maxQuestionBytes = service.MaxQuestionBytes

func checkQuestion(q string) (string, error) {
	q, err := service.CheckQuestion("the question", q)
	if err != nil {
		return "", usageError{err}
	}
	return q, nil
}

// checkText is service.CheckText, refused as bad usage (exit 2).
func checkText(what, s string, limit int) error {
	if err := service.CheckText(what, s, limit); err != nil {
		return usageError{err}
	}
	return nil
}

// printAnswer writes a run's answer, its sources and its footer
// (answerFooter). On a terminal every line is wrapped at spaces (the answer
// and the footer as prose, a source under its title); elsewhere nothing is.
func printAnswer(w io.Writer, r service.Result) {
	printAnswerWith(w, r, answerFooter(r))
}

// printAnswerWith is printAnswer with another footer: a fork's says what
// the fork itself did (forkFooter).
func printAnswerWith(w io.Writer, r service.Result, footer string) {
	width := proseWidth(w) // 0 unless standard output is a terminal
	fmt.Fprintln(w, wrapText(r.Answer, width))
	if len(r.Sources) > 0 {
		fmt.Fprintln(w, "\nSources:")
		printSources(w, r.Sources, lineWidth(w))
	}
	fmt.Fprintf(w, "\n%s\n", wrapText(footer, width))
}

// printSources lists sources as the answer cites them, "  [1] Title —
// arXiv:2301.01234v2 http://arxiv.org/abs/2301.01234v2", one a line. With
// width > 0 (a terminal) a source longer than the line breaks at spaces,
// its continuation lines indented under the title and its URL whole: the
// terminal once cut "a" from "rXiv:1805.67322v2".
func printSources(w io.Writer, sources []nodes.Source, width int) {
	for i, s := range sources {
		line, indent := service.SourceLine(i+1, s)
		fmt.Fprintln(w, iostreams.WrapHanging(line, width, indent))
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// stepLimitHint is err, a run's error, said as ask and chat say a step
// limit: the limit and what to do, one line without the workflow's "run
// the workflow:" prefix.
func stepLimitHint(err error) error {
	var limit *graph.StepLimitError
	if errors.As(err, &limit) {
		return hintError{msg: limit.Error() + "; give a larger --max-steps to let it go on", err: err}
	}
	return err
}

// primerBehind is a hint for the user of an embedded store that holds an
// older gtrag's primer, whose answers quote the primer of that day; "" when
// it holds this one, none, or is a remote store (where comparing costs a
// request per entry: stats says it there). Only a reworded entry says so
// here: an entry missing may have been removed on purpose (papers rm), and
// a note on every ask would nag about it; stats counts those. It reads; a
// failure to read is no reason to fail an ask, and says nothing.
func (a *app) primerBehind(ctx context.Context, store service.Store) string {
	if a.store != "" {
		return ""
	}
	st, err := service.PrimerStatus(ctx, store)
	if err != nil || len(st.Reworded) == 0 {
		return ""
	}
	return a.withStoreFlags(fmt.Sprintf("this knowledge base holds an older gtrag's primer (%d of %d entries in another wording, %d missing): `gtrag ingest --primer` brings it up to date",
		len(st.Reworded), st.Entries, len(st.Missing)))
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/chat"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
	"github.com/gtrag/gtrag/trace"
)

// chatOptions are chat's flags: those of one ask run, for every question.
type chatOptions struct{ askOptions }

func newChatCmd(a *app) *cobra.Command {
	var o chatOptions
	cmd := &cobra.Command{
		Use:   "chat",
		Short: "Talk about game theory: questions and follow-ups, with line editing and history",
		Long: `chat answers questions one after another, as ask does, and understands
follow-ups: "and in the repeated version?" is rewritten into a standalone
question (by the LLM, or offline by carrying the previous question's topic)
and the rewritten question is shown before it runs. A question that names
its own subject ("Why do bidders shade their bids in first-price auctions?")
is asked as typed.

Typed at a terminal, lines can be edited and earlier ones recalled (↑,
Ctrl-R); the history is kept in the data directory. Ctrl-C cancels the
question in flight and keeps the session; Ctrl-D, /quit, quit or exit ends
it. /help lists the commands. With standard output redirected
(gtrag chat > answers.txt) the prompt and the editing stay on the terminal
(standard error, or /dev/tty) and the answers go to the file. With standard
input not a terminal, chat reads one question or command per line and
prints no prompt, and Ctrl-C (SIGINT) ends it, exit 130.`,
		Example: `  gtrag chat
  gtrag ask -i
  printf 'What is the prisoner'\''s dilemma?\nand in the repeated version?\n' | gtrag chat`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			a.arxivCache = true // a person waits: a repeated search is answered at once
			o.fitDefaults(cmd.Flags())
			if err := o.validate(); err != nil {
				return err
			}
			return a.runChat(cmd.Context(), o, "")
		},
	}
	f := cmd.Flags()
	o.runFlags(f)
	o.budgetFlag(f)
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no live status line on the terminal")
	f.BoolVar(&o.trace, "trace", false, "narrate every step of every question on stderr, as /trace on does (/trace off stops it)")
	f.BoolVar(&o.step, "step", false, "pause before each node of every question, showing its percept: Enter runs it, c continues, q stops the question (implies --trace)")
	return cmd
}

// runChat runs a chat session; first, if not empty, is its first question
// (ask -i QUESTION).
func (a *app) runChat(ctx context.Context, o chatOptions, first string) error {
	svc, err := a.openAskService(ctx, o.router)
	if err != nil {
		return err
	}
	defer svc.Close()
	// Line editing needs the keyboard: standard input a terminal. With
	// standard output one too, the prompt is shown there; redirected
	// (gtrag chat > answers.txt) it is shown on standard error, or on
	// /dev/tty, and the answers go to standard output. Standard input not
	// a terminal is a script, read line by line with no prompt and no
	// escapes.
	tty := a.io.IsStdinTTY()
	o.failFast = a.someoneWaits()
	llmNotices := svc.Reasoners().Notices
	s := &chat.Session{
		Ask: func(ctx context.Context, q chat.Query, narrate bool) (service.Result, error) {
			return a.chatAsk(ctx, svc, q, o.askOptions, narrate, llmNotices)
		},
		Rewriter: chat.Offline{},
		Check:    checkQuestion,
		Out:      a.io.Out,
		Width:    func() int { return lineWidth(a.io.Out) },
		Show: func(w io.Writer, r service.Result) {
			r.Answer = a.withStoreFlags(r.Answer)
			printAnswer(w, r)
		},
		Stopped: stoppedFooter, // as ask says it
		Note:    a.io.Note,
		Error: func(err error) {
			if errors.Is(err, errStepStop) {
				// q at a --step prompt: the user's choice, which the
				// narration has shown (INTERRUPTED), not a failure. Any
				// other interrupt (a percept that cannot be shown) is one.
				a.io.Note("question stopped at the --step prompt; ask another, or /quit")
				return
			}
			a.io.Error(stepLimitHint(err))
		},
		Open: a.browser(),
		Store: func() string {
			info := svc.Store().Info()
			return fmt.Sprintf("%d %s from %d %s (%s)", info.Chunks, text.Plural(info.Chunks, "chunk", "chunks"),
				info.Papers, text.Plural(info.Papers, "paper", "papers"), a.dataDir)
		},
	}
	if c := svc.Reasoners().Condense; c != nil {
		s.Rewriter = chat.LLM{Condenser: c}
		// The condense call comes before the question's run, whose
		// narration starts on the rewritten question: without this the
		// call that rewrote it was never shown.
		s.TraceRewrite = func(line string, r chat.Rewrite) {
			a.traceRewrite(svc, line, r)
		}
	}
	for _, n := range llmNotices {
		a.io.Note(n)
	}
	var in chat.LineReader
	// shown is where the prompt is: the welcome and the newline that ends
	// the session go there, not into a file standard output was sent to.
	var shown func(string)
	if tty {
		// A history that cannot be read or saved is said and does without:
		// it is a convenience, not a reason to refuse a conversation.
		var term *chat.Terminal
		term, shown = a.chatTerminal(ctx)
		if term != nil {
			defer term.Close()
			in = term
			ints, stop := interrupts()
			defer stop()
			s.Interrupts = ints
			shown("gtrag chat: ask about game theory. /help for commands, Ctrl-D to leave.")
		} else {
			tty = false
		}
	}
	if !tty {
		in = chat.NewLines(ctx, a.io.In, maxStdinBytes)
	}
	if o.step {
		// The step prompt reads from the session's own lines (see stepper);
		// stepping through is for watching, so each step is narrated, as
		// ask --step does.
		o.beforeStep = newLineStepper(in, a.io.ErrOut).Before
	}
	s.Trace = o.trace || o.step
	// The question of ask -i is the session's first line: "quit" ends it
	// and "/stats" runs, as typed at the prompt.
	quit, err := s.Line(ctx, first)
	if !quit && err == nil {
		err = s.Run(ctx, in)
	}
	if tty {
		shown("") // the line of the last prompt ends
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		// Ctrl-C in a script, or SIGTERM: the session's own end, said as
		// such rather than as "context canceled" (exit 130 all the same).
		return hintError{msg: "chat interrupted", err: err}
	}
	return err
}

// chatTerminal opens the line editor of a chat typed at a terminal, and
// says how to write a line where its prompt is shown. With standard output
// the terminal, that is standard output, wrapped to its width. Redirected,
// it is standard error when that is the terminal, else /dev/tty; when
// neither can show it (no controlling terminal, a system where the editor
// cannot be moved) term is nil, a notice says why, and the chat reads
// plain lines with no prompt, as from a script.
func (a *app) chatTerminal(ctx context.Context) (term *chat.Terminal, shown func(string)) {
	history := filepath.Join(a.dataDir, chatHistoryFile)
	if a.io.IsStdoutTTY() {
		return chat.NewTerminal(ctx, history, a.io.Note), func(s string) {
			fmt.Fprintln(a.io.Out, iostreams.Wrap(s, lineWidth(a.io.Out)))
		}
	}
	display, say := os.Stderr, func(s string) {
		fmt.Fprintln(a.io.ErrOut, iostreams.Wrap(s, a.io.ErrWidth()))
	}
	if !a.io.IsStderrTTY() {
		tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
		if err != nil {
			a.io.Note("standard output is not a terminal and there is no terminal to show the prompt on: no prompt and no line editing; one question or command a line")
			return nil, nil
		}
		display, say = tty, func(s string) {
			fmt.Fprintln(tty, iostreams.Wrap(s, iostreams.TerminalWidth(tty)))
		}
	}
	term, err := chat.NewTerminalShownOn(ctx, history, a.io.Note, display)
	if err != nil {
		if display != os.Stderr {
			display.Close()
		}
		a.io.Note(err.Error() + ": no prompt and no line editing; one question or command a line")
		return nil, nil
	}
	return term, say
}

// chatAsk answers one turn as ask would: live status, notices as they
// happen (the LLM's once per session, not per turn), and the narration
// when /trace is on. With --step each node waits for the user first
// (o.beforeStep, set by runChat).
func (a *app) chatAsk(ctx context.Context, svc *service.Service, q chat.Query, o askOptions, narrate bool, said []string) (service.Result, error) {
	o.live = a.liveRun(o.quiet || narrate)
	o.live.Said(said...)
	opts := o.run()
	opts.Told = q.Told
	if narrate {
		opts.Trace = trace.New(trace.Options{Live: a.narrationOut(), Secrets: provider.Secrets(a.getenv), LLM: svc.LLM()})
	}
	res, err := svc.Ask(ctx, q.Question, opts)
	o.live.Finish(res.Notices)
	return res, err
}

// traceRewrite narrates the LLM's rewrite of a chat line (chat.Rewrite's
// Condensed) where the runs are narrated, in their form, with the secrets
// the runs' traces scrub scrubbed from it.
func (a *app) traceRewrite(svc *service.Service, line string, r chat.Rewrite) {
	c := r.Condensed
	n := trace.Condensation{
		Tool:     svc.LLM(),
		FollowUp: line,
		Sent:     reasoner.CondensedHistory(c.History),
		Earlier:  len(c.History),
		Reply:    c.Reply,
		Question: r.Question,
	}
	switch {
	case c.Cancelled:
		n.Cancelled = true
	case errors.Is(c.Err, reasoner.ErrLLMUnavailable):
		// The Set gave up on the LLM before this line: nothing was sent.
		n.NotAsked = true
	case c.Err != nil:
		n.Error = c.Err.Error()
	}
	_ = trace.NarrateCondensation(a.narrationOut(), n, provider.Secrets(a.getenv)...)
}

// interrupts takes SIGINT over from the process's root context for a chat
// on a terminal: each Ctrl-C while a question runs is delivered on the
// channel (the session cancels that question) instead of ending gtrag. At
// the prompt the line editor reads Ctrl-C as a key. stop hands SIGINT back
// to its default, ending the process: the session is over by then.
func interrupts() (<-chan struct{}, func()) {
	// Reset drops main's signal.NotifyContext registration for SIGINT, so
	// that Ctrl-C no longer cancels every context of the process.
	signal.Reset(os.Interrupt)
	out := make(chan struct{}, 1)
	stop := watchSignals(func(int) {
		select {
		case out <- struct{}{}:
		default:
		}
	}, os.Interrupt)
	return out, stop
}

// browser returns how to open a URL in a browser, or nil when none is
// available: $BROWSER if set, else the desktop's opener when there is a
// desktop (a display on Linux and the BSDs; always on macOS and Windows).
// Over SSH, in a container and in tests there is none, and /open only
// prints the URL.
func (a *app) browser() func(string) error {
	var name string
	var args []string
	switch {
	case a.getenv("BROWSER") != "":
		name = a.getenv("BROWSER")
	case runtime.GOOS == "darwin":
		name = "open"
	case runtime.GOOS == "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler"}
	case a.getenv("DISPLAY") != "" || a.getenv("WAYLAND_DISPLAY") != "":
		name = "xdg-open"
	default:
		return nil
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return nil
	}
	return func(url string) error {
		cmd := exec.Command(path, append(args, url)...)
		if err := cmd.Start(); err != nil {
			return err
		}
		go cmd.Wait() // reap it; the browser outlives nothing of ours
		return nil
	}
}

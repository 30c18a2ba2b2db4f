package chat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// Turn is one question of a conversation.
type Turn struct {
	Input    string // what the user typed
	Question string // the standalone question asked, as the run read it
	Result   service.Result
	// Rewritten is set when Question is a follow-up made standalone, not
	// the line typed: it carried an earlier question's topic.
	Rewritten bool
}

// Session is one conversation. Fill the fields, then call Run.
type Session struct {
	// Ask answers one standalone question; trace asks for the step-by-step
	// narration (/trace on). Required.
	Ask func(ctx context.Context, question string, trace bool) (service.Result, error)
	// Rewriter makes follow-ups standalone; nil means Offline.
	Rewriter Rewriter
	// Check validates and normalizes a question (the command line's rules);
	// nil accepts any non-empty line.
	Check func(string) (string, error)

	// Out receives the conversation: answers, rewritten questions, the
	// output of slash commands. Required.
	Out io.Writer
	// Show writes an answer with its sources to Out; nil writes the answer.
	Show func(w io.Writer, r service.Result)
	// Note prints a notice; Error prints a failed question's one line.
	Note  func(string)
	Error func(error)

	// Open opens a URL in a browser; nil means /open only prints it.
	Open func(url string) error
	// Store describes the knowledge base for /stats: "1234 chunks, 56 papers".
	Store func() string
	// Interrupts cancels the question in flight each time it delivers
	// (Ctrl-C on a terminal). Nil when the process's own interrupt handling
	// applies (a script: Ctrl-C ends the session).
	Interrupts <-chan struct{}

	// Trace narrates every question from the start (chat --trace, --step);
	// /trace on and off change it.
	Trace bool

	history []Turn
}

// Prompt is what the Terminal shows before each line.
const Prompt = "gtrag> "

// ErrInterrupt is what a LineReader returns when the user pressed Ctrl-C at
// the prompt: the line is dropped, the session goes on.
var ErrInterrupt = errors.New("interrupted")

// LineReader reads the user's lines: Terminal or Lines.
type LineReader interface {
	// ReadLine returns the next line without its newline; io.EOF at the
	// end (Ctrl-D), ErrInterrupt for Ctrl-C at the prompt.
	ReadLine(prompt string) (string, error)
}

// History is the conversation so far.
func (s *Session) History() []Turn { return s.history }

// Run reads lines from in until io.EOF or /quit (nil) or until ctx ends
// (ctx's error). A question that fails is reported and the session goes
// on; one cancelled by an interrupt is dropped with a notice.
func (s *Session) Run(ctx context.Context, in LineReader) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := in.ReadLine(Prompt)
		var long *LongLineError
		switch {
		case errors.Is(err, ErrInterrupt):
			continue
		case errors.As(err, &long):
			// Refused as a question of that length would be; the lines
			// after it are the script's next questions.
			s.error(fmt.Errorf("the question is %d bytes; the limit is %d", long.Bytes, service.MaxQuestionBytes))
			continue
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return fmt.Errorf("read a line: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "/") {
			if s.command(line) {
				return nil
			}
			continue
		}
		if err := s.Turn(ctx, line); err != nil {
			return err
		}
	}
}

// Turn asks one line of the conversation: rewritten when it is a
// follow-up, then answered. It returns an error only when ctx ended; a
// failed or interrupted question is reported and forgotten.
func (s *Session) Turn(ctx context.Context, line string) error {
	if Pleasantry(line) {
		// "thanks" is not a question: asked, it searched arXiv for
		// "thanks" and was answered as off-topic.
		fmt.Fprintln(s.Out, NotAQuestion)
		return nil
	}
	qctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.drainInterrupts()
	stop := s.watchInterrupts(qctx, cancel)
	defer stop()

	rw := s.Rewriter
	if rw == nil {
		rw = Offline{}
	}
	r, err := rw.Rewrite(qctx, s.history, line)
	if err != nil {
		return s.failed(ctx, qctx, err)
	}
	for _, n := range r.Notices {
		s.note(n)
	}
	q := r.Question
	if s.Check != nil {
		if q, err = s.Check(q); err != nil {
			s.error(err)
			return nil
		}
	}
	// A rewrite that only capitalises or punctuates the line (an LLM's
	// "What is a core?" for "what is a core") is the line: not shown, and
	// not a follow-up whose topic came from an earlier turn.
	rewritten := !sameQuestion(q, line)
	if rewritten {
		fmt.Fprintf(s.Out, "→ %s\n", q)
	}
	res, err := s.Ask(qctx, q, s.Trace)
	if err != nil {
		return s.failed(ctx, qctx, err)
	}
	asked := q
	if res.Question != "" {
		asked = res.Question // as the run read it: a misspelt term corrected
	}
	s.history = append(s.history, Turn{Input: line, Question: asked, Result: res, Rewritten: rewritten})
	if s.Show != nil {
		s.Show(s.Out, res)
	} else {
		fmt.Fprintln(s.Out, res.Answer)
	}
	return nil
}

// sameQuestion reports whether a and b differ only in case, spacing and
// the punctuation at their ends.
func sameQuestion(a, b string) bool {
	norm := func(s string) string {
		return strings.Trim(strings.ToLower(strings.Join(strings.Fields(s), " ")), "?!.… ")
	}
	return norm(a) == norm(b)
}

// failed reports a question's error; only the session's own end is
// returned.
func (s *Session) failed(ctx, qctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case qctx.Err() != nil:
		s.note("question cancelled; ask another, or /quit")
	default:
		s.error(err)
	}
	return nil
}

func (s *Session) drainInterrupts() {
	for {
		select {
		case <-s.Interrupts:
		default:
			return
		}
	}
}

// watchInterrupts cancels the question when an interrupt arrives while it
// runs; stop ends the watch.
func (s *Session) watchInterrupts(qctx context.Context, cancel context.CancelFunc) (stop func()) {
	if s.Interrupts == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-s.Interrupts:
			cancel()
		case <-done:
		case <-qctx.Done():
		}
	}()
	return func() { close(done) }
}

func (s *Session) note(n string) {
	if s.Note != nil {
		s.Note(n)
	}
}

func (s *Session) error(err error) {
	if s.Error != nil {
		s.Error(err)
	} else {
		fmt.Fprintln(s.Out, "error:", err)
	}
}

// NotAQuestion answers a line that is only thanks, a greeting or an
// acknowledgement (Pleasantry).
const NotAQuestion = "(Not a question, so nothing was asked. Ask about game theory, or /help for the commands.)"

// ackWords are the words of thanks, greetings and acknowledgements; a
// line of them alone, with fillerWords, is no question.
var ackWords = map[string]bool{
	"thanks": true, "thank": true, "thx": true, "ty": true, "cheers": true, "ok": true, "okay": true,
	"cool": true, "great": true, "nice": true, "good": true, "fine": true, "excellent": true, "perfect": true,
	"awesome": true, "interesting": true, "wow": true, "hmm": true, "hm": true, "yes": true, "yeah": true,
	"yep": true, "no": true, "nope": true, "sure": true, "alright": true, "understood": true, "hi": true,
	"hello": true, "hey": true, "bye": true, "goodbye": true,
}

// fillerWords go with ackWords ("thank you very much", "ok I see") and
// make no question of them; they make no pleasantry on their own ("so?",
// "it?" are follow-ups).
var fillerWords = map[string]bool{
	"you": true, "very": true, "much": true, "a": true, "lot": true, "so": true, "oh": true, "ah": true,
	"i": true, "see": true, "got": true, "it": true, "makes": true, "sense": true, "that": true, "helps": true,
	"and": true, "for": true, "the": true, "answer": true, "again": true,
}

// pleasantPhrases are acknowledgements without any of ackWords.
var pleasantPhrases = map[string]bool{"got it": true, "i see": true, "makes sense": true, "that helps": true}

// Pleasantry reports whether line is only thanks, a greeting or an
// acknowledgement ("thanks!", "ok, got it", "hello"): not a question to
// run the workflow on, nor a follow-up to carry a topic into.
func Pleasantry(line string) bool {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(line)) {
		if w = strings.Trim(w, ",.;:!?…'\"“”‘’()"); w != "" {
			words = append(words, w)
		}
	}
	if len(words) == 0 || pleasantPhrases[strings.Join(words, " ")] {
		return len(words) > 0
	}
	ack := false
	for _, w := range words {
		switch {
		case ackWords[w]:
			ack = true
		case !fillerWords[w]:
			return false
		}
	}
	return ack
}

// Help lists the slash commands.
const Help = `Type a question, or a follow-up to the last answer ("and in the repeated version?").
  /sources     the sources of the last answer
  /open N      the URL of source N (opened in a browser when one is available)
  /trace on    narrate every step of the next questions (off to stop)
  /stats       this session and the knowledge base
  /help        this help
  /quit        end the session (or Ctrl-D); Ctrl-C cancels a question in flight`

// command runs a slash command and reports whether the session ends.
func (s *Session) command(line string) (quit bool) {
	f := strings.Fields(line)
	// "/Quit" from a keyboard that capitalises is still /quit.
	name, args := strings.ToLower(f[0]), f[1:]
	switch name {
	case "/quit", "/exit":
		return true
	case "/help":
		fmt.Fprintln(s.Out, Help)
	case "/sources":
		s.sources()
	case "/open":
		s.open(args)
	case "/trace":
		switch {
		case len(args) == 1 && args[0] == "on":
			s.Trace = true
			fmt.Fprintln(s.Out, "trace on: every step is narrated on standard error")
		case len(args) == 1 && args[0] == "off":
			s.Trace = false
			fmt.Fprintln(s.Out, "trace off")
		default:
			s.error(errors.New("/trace wants on or off"))
		}
	case "/stats":
		s.stats()
	default:
		s.error(fmt.Errorf("unknown command %s; /help lists the commands", name))
	}
	return false
}

func (s *Session) last() (service.Result, bool) {
	if len(s.history) == 0 {
		return service.Result{}, false
	}
	return s.history[len(s.history)-1].Result, true
}

func (s *Session) sources() {
	r, ok := s.last()
	switch {
	case !ok:
		fmt.Fprintln(s.Out, "no answer yet: ask a question first")
	case len(r.Sources) == 0:
		fmt.Fprintln(s.Out, "the last answer has no sources")
	default:
		for i, src := range r.Sources {
			title := src.Title
			if title == "" {
				title = src.PaperID
			}
			line := fmt.Sprintf("  [%d] %s — %s", i+1, title, service.CiteID(src.PaperID))
			if src.URL != "" {
				line += " " + src.URL
			}
			fmt.Fprintln(s.Out, line)
		}
	}
}

func (s *Session) open(args []string) {
	r, ok := s.last()
	if !ok {
		s.error(errors.New("no answer yet: ask a question first"))
		return
	}
	n, err := 0, error(nil)
	if len(args) == 1 {
		n, err = strconv.Atoi(args[0])
	}
	if len(args) != 1 || err != nil || n < 1 || n > len(r.Sources) {
		s.error(fmt.Errorf("/open wants a source number from 1 to %d", len(r.Sources)))
		return
	}
	url := r.Sources[n-1].URL
	if url == "" {
		s.error(fmt.Errorf("source %d (%s) has no URL", n, r.Sources[n-1].PaperID))
		return
	}
	fmt.Fprintln(s.Out, url)
	if s.Open != nil {
		if err := s.Open(url); err != nil {
			s.note("could not open a browser: " + err.Error())
		}
	}
}

func (s *Session) stats() {
	var requests int64
	var added int
	for _, t := range s.history {
		requests += t.Result.ArxivRequests
		added += t.Result.PapersAdded
	}
	fmt.Fprintf(s.Out, "this session: %d %s answered, %d arXiv %s, %d %s added\n",
		len(s.history), text.Plural(len(s.history), "question", "questions"),
		requests, text.Plural(int(requests), "request", "requests"), added, text.Plural(added, "paper", "papers"))
	if s.Store != nil {
		fmt.Fprintf(s.Out, "knowledge base: %s\n", s.Store())
	}
}

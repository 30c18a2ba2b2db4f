package chat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
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
	// Unanswered is set for a question that was asked and got no answer:
	// cancelled (Ctrl-C), stopped at the --step prompt, or failed. It is
	// still the conversation's last question, whose topic a follow-up
	// carries ("why?" after a cancelled question asks why about it); the
	// commands about answers (/sources, /open, /stats' count) skip it.
	// Result holds what the run did before it ended (its arXiv requests,
	// the papers it added), which /stats counts.
	Unanswered bool
}

// Session is one conversation. Fill the fields, then call Run.
type Session struct {
	// Ask answers one standalone question; trace asks for the step-by-step
	// narration (/trace on). Required.
	Ask func(ctx context.Context, q Query, trace bool) (service.Result, error)
	// Rewriter makes follow-ups standalone; nil means Offline.
	Rewriter Rewriter
	// Check validates and normalizes a question (the command line's rules):
	// the line as typed, before it is read as a follow-up or a request for
	// more, and then the question it is rewritten to. Nil accepts any
	// non-empty line.
	Check func(string) (string, error)

	// Out receives the conversation: answers, rewritten questions, the
	// output of slash commands. Required.
	Out io.Writer
	// Width is the width to wrap the lines the session writes to Out at
	// (a terminal's); nil or 0 writes every line whole, as a script
	// reading Out wants it. Show wraps the answer itself.
	Width func() int
	// Show writes an answer with its sources to Out; nil writes the answer.
	Show func(w io.Writer, r service.Result)
	// Stopped is the line said in place of an answer when a question
	// stopped before it (its step limit, a Ctrl-C, a step that failed)
	// after adding papers, so that a command says it as its one-shot
	// form does; nil says StoppedLine.
	Stopped func(r service.Result) string
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
	// TraceRewrite narrates, while Trace is on, the model's rewrite of a
	// line (Rewrite.Condensed) as the question's run would narrate an LLM
	// call: the rewrite happens before that run, whose narration starts
	// on the question it was rewritten to. line is the line as typed, r
	// the rewrite (r.Question what the session goes on to ask, unless the
	// rewrite was cancelled). Nil narrates nothing.
	TraceRewrite func(line string, r Rewrite)

	history []Turn
}

// Query is a question Session.Ask asks.
type Query struct {
	Question string
	// Told are the sentences the user was already given on Question, when
	// the line asked for more of it (MoreRequest): the answer leaves them
	// out (service.AskOptions.Told).
	Told []string
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

// A Historian keeps the lines the session reads as questions and commands
// (Terminal: its history file and ↑). Run tells it each such line; a line
// read for anything else from the same reader (an answer at the --step
// prompt: Enter, c, q) is not one, and is not kept.
type Historian interface {
	Remember(line string)
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
		if h, ok := in.(Historian); ok {
			h.Remember(line)
		}
		if quit, err := s.Line(ctx, line); quit || err != nil {
			return err
		}
	}
}

// Line handles one line as Run does: "quit" or "exit" ends the session
// (quit), a slash command runs, anything else is a Turn. Its error is the
// Turn's: ctx ended. The first line of `gtrag ask -i QUESTION` is one.
func (s *Session) Line(ctx context.Context, line string) (quit bool, err error) {
	line = strings.TrimSpace(line)
	switch {
	case line == "":
		return false, nil
	case Farewell(line):
		return true, nil // "quit", "exit": what /quit does, not a question
	case strings.HasPrefix(line, "/"):
		return s.command(line), nil
	}
	return false, s.Turn(ctx, line)
}

// Turn asks one line of the conversation: rewritten when it is a
// follow-up, then answered. It returns an error only when ctx ended; a
// failed or interrupted question is reported and forgotten.
func (s *Session) Turn(ctx context.Context, line string) error {
	if s.Check != nil {
		// The line as typed is checked before anything reads its words:
		// "What is \xff\xfe?" as the first line was read as a follow-up
		// (its bytes no word the readers know) and answered "no earlier
		// question", where ask and a later line say it is not valid
		// UTF-8. The rewrite is checked again below: an LLM's may be
		// longer than the line, or carry what the line did not.
		if _, err := s.Check(line); err != nil {
			s.error(err)
			return nil
		}
	}
	if Pleasantry(line) {
		// "thanks" is not a question: asked, it searched arXiv for
		// "thanks" and was answered as off-topic.
		s.say(0, NotAQuestion) // continued as the footer of an answer is
		return nil
	}
	more := MoreRequest(line)
	if more {
		// Asked as typed, "tell me more" was rewritten onto an earlier
		// topic ("What about auctions and tell me more?") and refused, and
		// "go on" answered from whatever entry shares "go".
		switch last := len(s.history) - 1; {
		case last < 0:
			s.say(0, "no answer yet to say more of: ask a question first")
			return nil
		case s.history[last].Result.Outcome == nodes.OutcomeOffTopic:
			s.say(0, "the last question was not about game theory, so there is no more to say of it: ask another")
			return nil
		}
	}
	if !s.hasTopic() && read(line).needsEarlier() {
		// "why?", "and in the repeated version?" as the first line were
		// asked bare, which may search arXiv, and refused as not about
		// game theory; so were they after questions that were all
		// off-topic, which carry no topic. A whole question ("Why does
		// tit-for-tat do well in the iterated prisoner's dilemma?") is
		// asked.
		if len(s.history) == 0 {
			s.say(0, NoEarlierQuestion)
		} else {
			s.say(0, NoTopicToFollow)
		}
		return nil
	}
	// One run from the rewrite to the answer: an LLM that fails on the
	// rewrite has failed for this question (reasoner.WithRun).
	qctx, cancel := context.WithCancel(reasoner.WithRun(ctx))
	defer cancel()
	s.drainInterrupts()
	stop := s.watchInterrupts(qctx, cancel)
	defer stop()

	// A request for more is asked whatever the rewriter: an LLM's rewrite
	// of "tell me more" is a question of its own words, whose answer may
	// repeat.
	var query Query
	rewritten := more
	if more {
		query = s.more()
		s.say(2, "→ more on: "+query.Question)
	} else {
		rw := s.Rewriter
		if rw == nil {
			rw = Offline{}
		}
		r, err := rw.Rewrite(qctx, s.history, line)
		if s.Trace && s.TraceRewrite != nil && r.Condensed != nil {
			// Before the notice a failed rewrite gives, and the run.
			s.TraceRewrite(line, r)
		}
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
		// "What is a core?" for "what is a core") is the line: not shown,
		// and not a follow-up whose topic came from an earlier turn.
		if rewritten = !sameQuestion(q, line); rewritten {
			s.say(2, "→ "+q) // continued under the question
		}
		query.Question = q
	}
	res, err := s.Ask(qctx, query, s.Trace)
	asked := query.Question
	if res.Question != "" {
		asked = res.Question // as the run read it: a misspelt term corrected
	}
	turn := Turn{Input: line, Question: asked, Result: res, Rewritten: rewritten, Unanswered: err != nil}
	if err != nil {
		if ctx.Err() == nil {
			// Asked all the same: a follow-up refers to it (Unanswered).
			s.history = append(s.history, turn)
			if res.PapersAdded > 0 {
				// The store keeps what the run added before it stopped
				// (its step limit, a Ctrl-C, a step that failed), which
				// the error line alone hid, as it did for ask.
				line := StoppedLine(res.PapersAdded)
				if s.Stopped != nil {
					line = s.Stopped(res)
				}
				s.say(0, line)
			}
		}
		return s.failed(ctx, qctx, err)
	}
	if more {
		if titles := newSources(s.history, asked, res.Sources); titles != "" {
			// "tell me more" ran out of the sources it began with and
			// went on from another ("The game is a standard example …",
			// of the centipede game, after answers on the repeated
			// prisoner's dilemma): the reader is told the subject moved.
			s.say(2, "  now from "+titles)
		}
	}
	s.history = append(s.history, turn)
	if s.Show != nil {
		s.Show(s.Out, res)
	} else {
		s.say(0, res.Answer)
	}
	return nil
}

// more is the query a request for more (MoreRequest) asks: the last
// question, without every sentence its answers so far gave; one cancelled
// or failed before its answer is asked whole. Turn asks it only when there
// is a last question that was not off-topic.
func (s *Session) more() Query {
	q := Query{Question: s.history[len(s.history)-1].Question}
	for _, t := range s.history {
		if !t.Unanswered && t.Question == q.Question {
			q.Told = append(q.Told, reasoner.AnswerSentences(t.Result.Answer)...)
		}
	}
	return q
}

// newSources names the sources an answer to a request for more cites
// when none of them was cited by the earlier answers to its question: the
// answer has moved on from what was being discussed. It is "" when one
// was, or when the earlier answers cited nothing to compare with.
//
// A source is said to be "not cited before" only when no earlier answer of
// the session cited it ("“The centipede game”, a source not cited
// before"); one an answer to another question cited is said to be cited
// earlier in this session. Asked about the centipede game, then about the
// repeated prisoner's dilemma, "tell me more" answered from the centipede
// game entry was announced as a source not cited before, though the
// session's first answer had cited it.
func newSources(history []Turn, question string, cited []nodes.Source) string {
	before, session := map[string]bool{}, map[string]bool{}
	for _, t := range history {
		if t.Unanswered {
			continue // no answer was shown, so nothing was cited
		}
		for _, src := range t.Result.Sources {
			session[src.PaperID] = true
			if t.Question == question {
				before[src.PaperID] = true
			}
		}
	}
	if len(before) == 0 || len(cited) == 0 || slices.ContainsFunc(cited, func(src nodes.Source) bool { return before[src.PaperID] }) {
		return ""
	}
	var fresh, earlier []string
	for i, src := range cited {
		if slices.ContainsFunc(cited[:i], func(o nodes.Source) bool { return o.PaperID == src.PaperID }) {
			continue
		}
		if session[src.PaperID] {
			earlier = append(earlier, "“"+src.Title+"”")
		} else {
			fresh = append(fresh, "“"+src.Title+"”")
		}
	}
	var parts []string
	if len(fresh) > 0 {
		parts = append(parts, strings.Join(fresh, "; ")+", "+text.Plural(len(fresh), "a source", "sources")+" not cited before")
	}
	if len(earlier) > 0 {
		parts = append(parts, strings.Join(earlier, "; ")+", "+text.Plural(len(earlier), "a source", "sources")+" cited earlier in this session")
	}
	return strings.Join(parts, ", and ")
}

// say writes text to Out, each line wrapped to Width at spaces with its
// continuation lines indented hang columns.
func (s *Session) say(hang int, text string) {
	width := 0
	if s.Width != nil {
		width = s.Width()
	}
	fmt.Fprintln(s.Out, iostreams.WrapHanging(text, width, hang))
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
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-s.Interrupts:
			cancel()
		case <-done:
		case <-qctx.Done():
		}
	}()
	// stop waits for the watcher to end: one not yet scheduled when its
	// question ended could otherwise take the next question's Ctrl-C
	// (select picks among ready cases at random) and drop it, and that
	// question ran on uncancelled.
	return func() {
		close(done)
		<-exited
	}
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

// StoppedLine is said in place of an answer when a question stopped
// before its answer after adding papers to the knowledge base.
func StoppedLine(added int) string {
	papers := "papers"
	if added == 1 {
		papers = "paper"
	}
	return fmt.Sprintf("(Stopped before an answer; %d %s added to the knowledge base.)", added, papers)
}

// NotAQuestion answers a line that is only thanks, a greeting or an
// acknowledgement (Pleasantry).
const NotAQuestion = "(Not a question, so nothing was asked. Ask about game theory, or /help for the commands.)"

// NoEarlierQuestion answers a follow-up ("why?", "and in the repeated
// version?") typed before any question it could follow.
const NoEarlierQuestion = "no earlier question to follow up on: ask a whole question, such as “What is the prisoner's dilemma?”, then “and in the repeated version?”"

// NoTopicToFollow answers a follow-up typed after questions that were all
// off-topic: the offline rewriter carries no topic from them.
const NoTopicToFollow = "the questions so far were not about game theory, so there is nothing to follow up on: ask a whole question about game theory"

// hasTopic reports whether the conversation has a question a follow-up
// could carry the topic of (Turn.carriesTopic), as carryTopic looks for.
func (s *Session) hasTopic() bool { return slices.ContainsFunc(s.history, Turn.carriesTopic) }

// carriesTopic reports whether a follow-up may carry this turn's topic:
// its question was typed in full (not a rewritten follow-up, whose own
// words are no topic) and not answered as off-topic.
func (t Turn) carriesTopic() bool {
	return !t.Rewritten && t.Result.Outcome != nodes.OutcomeOffTopic
}

// Farewell reports whether line is "quit" or "exit" typed without the
// slash, in any case, with or without a full stop or an exclamation mark:
// the session ends, as at /quit. Asked as a question, "quit" was answered
// from a paper on English auctions; told it is not a question, a user who
// wants to leave is made to type it again. Only the bare word counts: "exit
// strategies in bargaining?" is a question.
func Farewell(line string) bool {
	switch strings.ToLower(strings.TrimRight(strings.TrimSpace(line), ".! ")) {
	case "quit", "exit":
		return true
	}
	return false
}

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
	words := lineWords(line)
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

// lineWords are the words of line in lower case, without the punctuation
// around them: "Thanks!" and "thanks" are one word to Pleasantry and
// MoreRequest.
func lineWords(line string) []string {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(line)) {
		if w = strings.Trim(w, ",.;:!?…'\"“”‘’()"); w != "" {
			words = append(words, w)
		}
	}
	return words
}

// Help lists the slash commands.
const Help = `Type a question, or a follow-up to the last answer ("and in the repeated version?");
"tell me more" answers the last question again with what was not said yet.
  /sources     the sources of the last answer
  /open N      the URL of source N (opened in a browser when one is available)
  /trace on    narrate every step of the next questions (off to stop)
  /stats       this session and the knowledge base
  /help        this help
  /quit        end the session (or quit, exit, Ctrl-D); Ctrl-C cancels a question in flight`

// command runs a slash command and reports whether the session ends.
func (s *Session) command(line string) (quit bool) {
	f := strings.Fields(line)
	// "/Quit" from a keyboard that capitalises is still /quit.
	name, args := strings.ToLower(f[0]), f[1:]
	switch name {
	case "/quit", "/exit", "/help", "/sources", "/stats":
		if len(args) > 0 {
			// "/stats now" ran as /stats, "/sources 2" listed them all:
			// an argument the command does not read is refused, as
			// "/trace maybe" is.
			s.error(fmt.Errorf("%s takes no argument (%q); /help lists the commands", name, strings.Join(args, " ")))
			return false
		}
	}
	switch name {
	case "/quit", "/exit":
		return true
	case "/help":
		s.help()
	case "/sources":
		s.sources()
	case "/open":
		s.open(args)
	case "/trace":
		switch {
		case len(args) == 1 && args[0] == "on":
			s.Trace = true
			s.say(2, "trace on: every step is narrated on standard error")
		case len(args) == 1 && args[0] == "off":
			s.Trace = false
			fmt.Fprintln(s.Out, "trace off")
		default:
			s.error(errors.New("/trace wants on or off"))
		}
	case "/stats":
		s.stats()
	default:
		// Quoted as typed: the output filter drops control characters,
		// and "/sta\x00ts" from a pipe read "unknown command /stats".
		s.error(fmt.Errorf("unknown command %q; /help lists the commands", f[0]))
	}
	return false
}

// help writes Help, each command's description continuing under itself.
func (s *Session) help() {
	for _, line := range strings.Split(Help, "\n") {
		hang := 0
		if strings.HasPrefix(line, "  /") {
			// The description starts after the first run of two spaces
			// or more past the command ("/open N      the URL…").
			if i := strings.Index(line[2:], "  "); i >= 0 {
				rest := line[2+i:]
				hang = len(line) - len(strings.TrimLeft(rest, " "))
			}
		}
		s.say(hang, line)
	}
}

// last is the result of the last question answered: one cancelled,
// stopped or failed since has none to show.
func (s *Session) last() (service.Result, bool) {
	for i := len(s.history) - 1; i >= 0; i-- {
		if !s.history[i].Unanswered {
			return s.history[i].Result, true
		}
	}
	return service.Result{}, false
}

// Said by /sources and /open alike, on Out: the state of the conversation,
// not a failed command (a wrong source number is one, said as an error).
const (
	noAnswerYet = "no answer yet: ask a question first"
	noSources   = "the last answer has no sources"
)

func (s *Session) sources() {
	r, ok := s.last()
	switch {
	case !ok:
		s.say(0, noAnswerYet)
	case len(r.Sources) == 0:
		s.say(0, noSources)
	default:
		for i, src := range r.Sources {
			line, indent := service.SourceLine(i+1, src)
			s.say(indent, line) // continued under the title, the URL whole
		}
	}
}

func (s *Session) open(args []string) {
	r, ok := s.last()
	switch {
	case !ok:
		s.say(0, noAnswerYet)
		return
	case len(r.Sources) == 0:
		s.say(0, noSources)
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
	s.say(0, url)
	if s.Open != nil {
		if err := s.Open(url); err != nil {
			s.note("could not open a browser: " + err.Error())
		}
	}
}

// stats counts the questions answered and those refused as off-topic
// (no answer, though a reply), and the arXiv requests and papers of every
// question asked: a cancelled one may have searched and added.
func (s *Session) stats() {
	var requests int64
	var added, answered, unanswered, refused int
	for _, t := range s.history {
		requests += t.Result.ArxivRequests
		added += t.Result.PapersAdded
		switch {
		case t.Unanswered:
		case t.Result.Outcome == nodes.OutcomeOffTopic:
			refused++
		case t.Result.Abstained:
			// "arXiv could not be reached … I cannot answer it now", "I
			// have nothing more on this question …" were counted answered.
			unanswered++
		default:
			answered++
		}
	}
	others := ""
	if unanswered > 0 {
		others = fmt.Sprintf(", %d with nothing found to answer", unanswered)
	}
	if refused > 0 {
		others += fmt.Sprintf(", %d refused as off-topic", refused)
	}
	s.say(2, fmt.Sprintf("this session: %d %s answered%s, %d arXiv %s, %d %s added",
		answered, text.Plural(answered, "question", "questions"), others,
		requests, text.Plural(int(requests), "request", "requests"), added, text.Plural(added, "paper", "papers")))
	if s.Store != nil {
		s.say(2, "knowledge base: "+s.Store())
	}
}

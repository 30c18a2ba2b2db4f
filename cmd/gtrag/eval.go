package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/status"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// evalOptions are the eval command's own flags.
type evalOptions struct {
	askOptions
	fresh    bool
	primed   bool // with fresh: each store starts with the primer
	split    string
	baseline string
}

func newEvalCmd(a *app) *cobra.Command {
	var o evalOptions
	cmd := &cobra.Command{
		Use:   "eval FILE",
		Short: "Measure answer quality over a question set",
		Long: `eval runs every question of FILE through the workflow and reports how well
the answers are sourced. FILE is JSON Lines ("-" reads standard input:
zcat questions.jsonl.gz | gtrag eval -):

  {"q": "...", "relevant": ["paper ids"], "split": "dev", "expect": "answer"}
  {"q": "How do I bake bread?", "expect": "off_topic"}

The fields are q, relevant, split, expect, must_contain and topic (a label
nothing measures). A field of another name (a misspelt "relevent" would leave
a question no relevant papers), a relevant id that is neither an arXiv id
nor an entry of the primer ("primer:nash-equilibrium"; a misspelt one names
no paper), relevant papers on a question that expects off_topic or
not_found, and a question asked twice (it would count twice) are refused,
naming the line.

The report: hit rate (a relevant paper among the sources, with its 95%
interval, and the share answered from it where some hits are abstentions
naming it among their closest sources), recall of the relevant ids, how far
the loop took a relevant paper
(the share of questions whose arXiv requests fetched one, whose paper filter
judged one, whose store took one, whose answer cited one: where the shares
drop tells which part of the loop lost it), answers citing only papers that
are not relevant, the share of off-topic questions refused and the papers they
added, answers that misstate what was added, arXiv requests, LLM calls and
steps per question, p50/p95 latency, and the outcomes. When the questions say
what a correct answer must contain ("must_contain": ["a|b", "c"], each entry
case-insensitive, "|" between alternatives) or expect "not_found" (an
abstention that names the missing concept: outcome not_found, or
arxiv_unavailable if arXiv is down), it also reports the share of answers that
pass and the sentences left dangling (opening with a back-reference whose
antecedent the answer left out).

By default the questions are asked in order against one store, so later
questions can use papers earlier ones added, as a user's would. With --fresh
every question starts from its own empty store (no primer), so each one
measures the whole loop: search, ranking, filter, answer. Those stores are
temporary embedded stores, whatever --store or GTRAG_STORE says: a fresh
eval never reads or writes the configured knowledge base. A fresh eval
needs arXiv: if its first request to --arxiv-url gets no answer at all
(connection refused, no such host, or nothing back within
GTRAG_ARXIV_TIMEOUT), it stops with nothing measured. Without --fresh, an
arXiv that never answered is a warning at the top of the report. An arXiv
that answered and then failed (down midway) does not stop the run: the
questions it failed end arxiv_unavailable, and a warning at the top says
how many.

With --fresh --primed each question's own store starts with the primer
instead, as a new user's does: a question the relevance judge finds the
primer answers is not searched for, and counts as a miss if it asks about a
paper the primer does not hold. Each store embeds the primer anew: with a
remote --embedder (ollama:…, openai:…) that is the primer's entries sent to
it once per question.

Ctrl-C stops the run: the report (or --json) covers the questions
completed, marked "interrupted after N of M questions", and eval exits 130.

With --baseline REPORT, an earlier eval --json of the same questions (before
a change, or without --llm), the report also pairs the two question by
question: the hit rates over the questions both asked, the questions gained
and lost, the exact sign test of gains against losses, and the off-topic
controls refused and the papers they added before and after. Two hit rates
over the same few dozen questions can differ by a question or two by chance;
the questions that changed are what says whether the change did anything.
If the two runs were made with different settings (--fresh, -k, --split,
--llm, --embedder, --pool, --max-searches, --max-results, --max-steps,
--choose, --router, --seed or --primed, --arxiv-url), the report names them: they can
gain or lose questions by themselves.`,
		Example: `  gtrag eval testdata/eval/questions.jsonl
  # against the test arXiv of a checkout (go run ./internal/arxivtest/cmd/arxivworld &)
  gtrag --arxiv-url http://127.0.0.1:8089/api/query --arxiv-delay 0 \
      eval --fresh --split heldout testdata/world/questions.jsonl
  gtrag --seed primer --data-dir /tmp/kb eval --json questions.jsonl
  gtrag eval --fresh --primed --split dev questions.jsonl   # as a new user meets it
  gtrag eval --fresh --json --split dev questions.jsonl > before.json
  gtrag eval --fresh --split dev --baseline before.json questions.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.fitDefaults(cmd.Flags())
			if err := o.validate(); err != nil {
				return err
			}
			if o.primed && !o.fresh {
				return usagef("--primed starts each question's own store with the primer; it needs --fresh (without it the questions share the configured store, which --seed decides)")
			}
			// An empty value is a shell variable left unset ("--split
			// $SPLIT"): it asked every question, or compared with
			// nothing, and said not a word.
			if cmd.Flags().Changed("split") && strings.TrimSpace(o.split) == "" {
				return usagef("--split is empty: give a split the file names, such as dev or heldout (or leave --split out for every question)")
			}
			if cmd.Flags().Changed("baseline") && strings.TrimSpace(o.baseline) == "" {
				return usagef("--baseline is empty: give the REPORT an earlier eval --json wrote")
			}
			if o.split != "" && !evaluate.SplitName.MatchString(o.split) {
				return usagef("--split %q: want a split name from the file, such as dev or heldout", o.split)
			}
			qs, err := readEvalFile(args[0], o.split, a.io.In)
			if err != nil {
				return err
			}
			var base *evaluate.Report
			if o.baseline != "" {
				if base, err = readBaseline(o.baseline, qs); err != nil {
					return err
				}
			}
			if o.fresh && a.store != "" {
				a.io.Note(fmt.Sprintf("--fresh asks each question on its own temporary embedded store; the store %s is not used", a.store))
			}
			// A status line on a terminal (not for --json); eval's notices
			// stay as they were.
			opts := o.run()
			line := a.statusLine(o.json)
			live := status.NewRun(line, func(string) {})
			opts.Observer, opts.ArxivWaits = live, live.ArxivWait
			var res evalResult
			if o.fresh {
				res, err = a.evalFresh(cmd.Context(), opts, qs, o.freshSeed())
			} else {
				res, err = a.evalShared(cmd.Context(), opts, qs)
			}
			line.Done()
			if err != nil {
				return err
			}
			rep := evaluate.Summarize(res.runs, opts.K)
			rep.LLM, rep.Embedder, rep.Split, rep.Fresh = res.llm, res.embedder, o.split, o.fresh
			rep.Settings = o.settings(a)
			rep.Planned, rep.Interrupted, rep.Warnings = len(qs), res.interrupted, res.warnings
			if w := rep.OfflineWarning(); w != "" {
				rep.Warnings = append(rep.Warnings, w)
			}
			if w := rep.ArxivWarning(); w != "" && !res.arxivNeverAnswered {
				// An arXiv that failed after it had answered (down
				// midway): its questions are in the figures. One that
				// never answered has its warning already.
				rep.Warnings = append(rep.Warnings, w)
			}
			if evaluate.ChecksAnswers(qs) {
				aq := evaluate.CheckAnswers(res.runs, reasoner.DanglingOpeners)
				rep.AnswerQuality = &aq
			}
			if base != nil {
				c := evaluate.Compare(*base, rep)
				rep.Baseline = &c
			}
			if o.json {
				err = writeJSON(a.io.Out, rep)
			} else {
				err = printEval(a, rep)
			}
			if err == nil && res.interrupted {
				// Exit 130 as any interrupted command, after the report of
				// what was done: a person who stops a long eval still wants
				// the figures so far.
				msg := fmt.Sprintf("eval interrupted after %d of %s; the report covers %s", rep.Questions, questions(rep.Planned), thoseQuestions(rep.Questions))
				if rep.Questions == 0 {
					msg = fmt.Sprintf("eval interrupted before %s completed; nothing measured", firstOf(rep.Planned))
				}
				err = hintError{msg: msg, err: cmd.Context().Err()}
			}
			return err
		},
	}
	f := cmd.Flags()
	o.runFlags(f)
	f.BoolVar(&o.json, "json", false, "print one JSON object")
	f.BoolVar(&o.fresh, "fresh", false, "ask every question from its own empty store (a temporary embedded one, never --store; no primer), against --arxiv-url")
	f.BoolVar(&o.primed, "primed", false, "with --fresh, start each question's store with the primer, as a new user's store starts")
	f.StringVar(&o.split, "split", "", "only the questions of this split (dev, heldout, or any split the file names)")
	f.StringVar(&o.baseline, "baseline", "", "compare with `REPORT`, an earlier eval --json of the same questions: the questions gained and lost")
	return cmd
}

// readEvalFile reads the questions of path, or of stdin when path is "-",
// as ingest --file - reads its papers: `gtrag eval -` said "open -: no
// such file or directory".
func readEvalFile(path, split string, stdin io.Reader) ([]evaluate.Question, error) {
	r, c, _, err := openInput(path, stdin)
	switch {
	case errors.Is(err, errDirectory):
		return nil, usagef("read eval file: %s is a directory; want a JSON Lines file of questions", path)
	case err != nil:
		return nil, usageError{fmt.Errorf("read eval file: %w", err)}
	}
	defer c.Close()
	name := path
	if path == stdinFile {
		name = "standard input"
	}
	qs, err := evaluate.ReadQuestions(r, name, split, checkQuestion)
	if err != nil {
		return nil, usageError{err}
	}
	return qs, nil
}

// readBaseline reads the report --baseline names, which must share
// questions with qs: a report of another set would compare nothing.
func readBaseline(path string, qs []evaluate.Question) (*evaluate.Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("read --baseline: %w", err)}
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, usagef("read --baseline: %s is a directory; want the file an earlier eval --json wrote", path)
	}
	rep, err := evaluate.ReadReport(f)
	if err != nil {
		return nil, usageError{fmt.Errorf("read --baseline %s: %w", path, err)}
	}
	if !evaluate.SharesQuestion(rep, qs) {
		return nil, usagef("--baseline %s shares no question with the questions asked", path)
	}
	return &rep, nil
}

// evalResult is what asking the questions produced.
type evalResult struct {
	runs          []evaluate.Run
	llm, embedder string
	// interrupted: the context was cancelled (Ctrl-C, SIGTERM) before the
	// last question completed; runs are the questions completed before.
	interrupted bool
	// warnings go at the top of the report (evaluate.Report.Warnings).
	warnings []string
	// arxivNeverAnswered: arXiv never answered, and warnings says so.
	arxivNeverAnswered bool
}

// evalShared asks every question against the configured store.
func (a *app) evalShared(ctx context.Context, o service.AskOptions, qs []evaluate.Question) (evalResult, error) {
	svc, err := a.openAskService(ctx, o.Router)
	if err != nil {
		return evalResult{}, err
	}
	defer svc.Close()
	probe := watchArxiv(svc.Arxiv(), false)
	res := evalResult{llm: svc.LLM(), embedder: svc.Embedder()}
	res.runs, res.interrupted, err = askEach(ctx, qs, o, probe, func(ctx context.Context, _ int, q evaluate.Question, o service.AskOptions) (evaluate.Run, error) {
		return svc.EvalRun(ctx, q, o)
	})
	if err != nil {
		return evalResult{}, err
	}
	// Over a shared store a question may be answered from what the store
	// holds, so the run still measures something without arXiv; but the
	// questions that needed a search were all lost to the outage.
	if fault := probe.unreachable(); fault != nil {
		res.warnings = append(res.warnings, fmt.Sprintf("%s: every question that needed a search went without one", fault))
		res.arxivNeverAnswered = true
	}
	return res, nil
}

// evalFresh asks every question against its own new, empty store in a
// temporary directory (freshStoreConfig), with one set of reasoners and one
// arXiv client (so that pacing holds across questions).
//
// Why it stops when arXiv cannot be reached. From an empty store with no
// primer every answer comes from papers the question's search added: with
// no arXiv, every answerable question is a miss, and the report would
// measure the outage, not gtrag (QA saw hit rate 0.00, exit 0, after 15 s
// of retries a question). Keeping on with a warning was the other choice;
// but no question of a fresh eval can be measured without arXiv, so the
// honest result is none, said at once: exit 1, naming the URL. Until arXiv
// has answered once, the first request that gets no response ends the
// eval (arxivProbe): a refused connection in milliseconds, a silent
// address (a port that accepts and never answers, an IP nothing answers
// at) at the client's own timeout, GTRAG_ARXIV_TIMEOUT, rather than after
// its retries, question after question (QA saw 134 s a question, for 137
// questions). That timeout is what the client calls no answer; the probe
// sets none of its own, so a slow arXiv that answers within it is
// measured. Once arXiv has answered, the client retries as usual, and a
// passing fault later in a long run costs a wait, not a question.
func (a *app) evalFresh(ctx context.Context, o service.AskOptions, qs []evaluate.Question, seed string) (evalResult, error) {
	rs, err := a.openReasoners(ctx)
	if err != nil {
		return evalResult{}, err
	}
	defer rs.Close()
	if err := a.routerError(service.CheckRouter(o.Router, rs)); err != nil {
		return evalResult{}, err
	}
	client := a.arxivClient()
	probe := watchArxiv(client, true)
	root, err := os.MkdirTemp("", "gtrag-eval-")
	if err != nil {
		return evalResult{}, fmt.Errorf("make a directory for the fresh stores: %w", err)
	}
	defer os.RemoveAll(root)
	base := a.config() // each question's store differs only as freshStoreConfig says
	res := evalResult{llm: rs.Name}
	res.runs, res.interrupted, err = askEach(ctx, qs, o, probe, func(ctx context.Context, i int, q evaluate.Question, o service.AskOptions) (evaluate.Run, error) {
		cfg := freshStoreConfig(base, root, i, seed)
		db, err := service.OpenStore(ctx, cfg)
		if err != nil {
			return evaluate.Run{}, a.cliError(err)
		}
		svc := service.New(db, rs, client)
		res.embedder = svc.Embedder()
		r, err := svc.EvalRun(ctx, q, o)
		// The reasoners outlive this store: close the store alone.
		err = errors.Join(err, db.Close(), os.RemoveAll(cfg.DataDir))
		// Checked whatever err says: the probe ends the run it stops
		// with an error, the cancellation of ctx.
		if fault := probe.unreachable(); fault != nil {
			return evaluate.Run{}, fmt.Errorf("%s; nothing measured: a fresh eval needs arXiv (start it, or fix --arxiv-url)", fault)
		}
		return r, err
	})
	if err != nil {
		return evalResult{}, err
	}
	return res, nil
}

// freshStoreConfig is the configuration of the store question i of a fresh
// eval runs on: an embedded store of its own under root, starting as seed
// says (service.SeedNone unless --primed).
// Never the configured --store: a Weaviate collection is the user's
// knowledge base, shared by every question, so an eval run on it would be
// neither fresh (each question would see the papers the ones before added,
// and the user's own) nor harmless (it would write the questions' papers
// into it). An embedded store in a temporary directory costs nothing to
// make and remove; the embedder is the configured one.
func freshStoreConfig(cfg service.Config, root string, i int, seed string) service.Config {
	cfg.Store = ""
	cfg.DataDir = filepath.Join(root, fmt.Sprintf("%04d", i))
	cfg.Seed = seed
	return cfg
}

// freshSeed is what each store of a fresh eval starts with. Empty stores
// measure the whole loop, every answer from papers its search found;
// --primed measures what a new user meets, whose store starts with the
// primer: a question the primer is judged to answer is not searched for,
// and is a miss if its paper is what the question asks about. --seed is
// not read: its default, primer, is every other command's, and a fresh
// eval has always meant empty stores.
func (o evalOptions) freshSeed() string {
	if o.primed {
		return service.SeedPrimer
	}
	return service.SeedNone
}

// askEach asks the questions in order with ask, and stops when ctx is
// cancelled (Ctrl-C, SIGTERM): it returns the runs of the questions
// completed before, with interrupted set, and no error. The question in
// flight is left out even if it returned: its run was cut short (a search
// cancelled, an answer from what was there), and counting it would score
// the interruption, not gtrag.
//
// Each question runs under a context of its own (arxivProbe.question), and
// until arXiv has answered once (probe), every run fails fast at a refused
// connection: see evalFresh.
func askEach(ctx context.Context, qs []evaluate.Question, o service.AskOptions, probe *arxivProbe,
	ask func(context.Context, int, evaluate.Question, service.AskOptions) (evaluate.Run, error)) ([]evaluate.Run, bool, error) {
	var runs []evaluate.Run
	for i, q := range qs {
		if ctx.Err() != nil {
			return runs, true, nil
		}
		o := o
		o.ArxivFailFast = !probe.answered()
		if live, ok := o.Observer.(*status.Run); ok {
			// The status line says how far a long eval has gone.
			live.Within(fmt.Sprintf("question %d of %d", i+1, len(qs)))
		}
		qctx, done := probe.question(ctx)
		r, err := ask(qctx, i, q, o)
		done()
		if ctx.Err() != nil {
			return runs, true, nil
		}
		if err != nil {
			return nil, false, err
		}
		runs = append(runs, r)
	}
	return runs, false, nil
}

// arxivProbe watches the arXiv client's requests, so that eval can tell an
// arXiv that answered (whatever it said) from one that never did: the
// run's results say only "arxiv_unavailable", whatever the cause. It sees
// the transport, under the client's retries, and sends no request of its
// own: a check request would cost a pacing delay on the real arXiv.
//
// It does not judge which failures are worth a retry: that is the client's
// business, and once arXiv has answered the probe leaves every failure to
// it. Before that, any request that ends with no HTTP response (refused, no
// such host, no route, no answer within the client's own timeout, a
// connection closed) means arXiv has not been reached yet.
type arxivProbe struct {
	base http.RoundTripper
	url  string // the endpoint the client was given, without a password
	// fatal (a fresh eval): such a failure ends the question in flight at
	// once, rather than after the client's retries.
	fatal bool
	// timeout is the client's bound on one attempt (GTRAG_ARXIV_TIMEOUT).
	timeout time.Duration

	mu      sync.Mutex
	replied bool  // a request got an HTTP response, of any status
	fault   error // the last request's failure, while none has replied
	// stop cancels the question in flight (fatal only), with the fault as
	// its cause.
	stop context.CancelCauseFunc
}

// watchArxiv puts a probe under client's transport; fatal as in arxivProbe.
func watchArxiv(client *arxiv.Client, fatal bool) *arxivProbe {
	p := &arxivProbe{base: http.DefaultTransport, url: provider.RedactURL(cmp.Or(client.BaseURL, arxiv.DefaultBaseURL)), fatal: fatal,
		timeout: cmp.Or(client.RequestTimeout, arxiv.DefaultRequestTimeout)}
	if client.HTTP != nil && client.HTTP.Transport != nil {
		p.base = client.HTTP.Transport
	}
	hc := &http.Client{}
	if client.HTTP != nil {
		*hc = *client.HTTP
	}
	hc.Transport = p
	client.HTTP = hc
	return p
}

func (p *arxivProbe) RoundTrip(r *http.Request) (*http.Response, error) {
	// Whether a connection was made tells a silent server (it accepted,
	// then sent nothing) from an address nothing answers at.
	var connected atomic.Bool
	r = r.WithContext(httptrace.WithClientTrace(r.Context(), &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) { connected.Store(true) },
	}))
	start := time.Now()
	resp, err := p.base.RoundTrip(r)
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case err == nil:
		p.replied, p.fault = true, nil
	case p.replied || errors.Is(r.Context().Err(), context.Canceled):
		// Reached once: a passing fault, for the client's retries. Or
		// the caller's own cancellation (Ctrl-C), no fault of arXiv's.
	default:
		p.fault = p.noAnswer(err, connected.Load(), time.Since(start))
		if p.fatal && p.stop != nil {
			p.stop(p.fault)
		}
	}
	return resp, err
}

// noAnswer says in a few words why a request got no response. A timeout is
// the client's own (GTRAG_ARXIV_TIMEOUT): the probe sets none, so a slow
// arXiv that answers within it is an arXiv that answered.
func (p *arxivProbe) noAnswer(err error, connected bool, took time.Duration) error {
	var dns *net.DNSError
	var timeout net.Error
	var errno syscall.Errno
	why := err.Error()
	if p.timeout > 0 && took > p.timeout-p.timeout/10 && took < p.timeout {
		// The client's deadline starts before this clock does, so an
		// attempt it cut at its timeout measures a little less here
		// (990ms of a 1s timeout on a loaded machine): say the bound.
		took = p.timeout
	}
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		why = "no such host " + dns.Name
	case errors.As(err, &timeout) && timeout.Timeout() && connected:
		return fmt.Errorf("arXiv at %s accepted the connection but did not answer within %s (GTRAG_ARXIV_TIMEOUT)", p.url, roughly(took))
	case errors.As(err, &timeout) && timeout.Timeout():
		why = fmt.Sprintf("no connection within %s", roughly(took))
	case errors.As(err, &errno):
		why = errno.Error() // connection refused, no route to host, …
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("arXiv at %s closed the connection without answering", p.url)
	}
	return fmt.Errorf("arXiv at %s could not be reached (%s)", p.url, why)
}

// roughly is d as a person reads it: whole seconds, or tens of
// milliseconds below one.
func roughly(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(time.Second)
	}
	return d.Round(10 * time.Millisecond)
}

// question is the context a question runs under. In a fresh eval (fatal)
// the probe cancels it at the first request that gets no response while
// arXiv has never answered; done releases it.
func (p *arxivProbe) question(ctx context.Context) (qctx context.Context, done func()) {
	qctx, cancel := context.WithCancelCause(ctx)
	p.mu.Lock()
	p.stop = cancel
	p.mu.Unlock()
	return qctx, func() {
		p.mu.Lock()
		p.stop = nil
		p.mu.Unlock()
		cancel(nil)
	}
}

// answered reports whether arXiv has answered a request.
func (p *arxivProbe) answered() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.replied
}

// unreachable is the error saying arXiv could not be reached or did not
// answer, or nil if it answered or was not asked.
func (p *arxivProbe) unreachable() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.replied {
		return nil
	}
	return p.fault
}

// settings are the run's settings besides those the report has fields for
// (k, --fresh, --split, the LLM and embedder), for --baseline to compare
// (evaluate.Report.Settings).
//
// Not the store: a shared eval's store is the one the user names, and
// two runs on different data directories are routine (a temporary one
// each time), so a difference there would be a false alarm. But what a
// new store starts with (--seed) and the arXiv the questions search
// (--arxiv-url) are: a primer answers questions no search has to, and
// another arXiv (another fake world, a mirror) returns other papers, so
// either gains or loses questions by itself. A --fresh run records what
// its stores start with, whatever --seed says (freshStoreConfig): none,
// or the primer with --primed. Fresh reports written before round 2
// session 35 record no seed, and are compared without it. The URL is written without its
// password, if it has one: a report is a file to pass around.
func (o evalOptions) settings(a *app) map[string]string {
	s := map[string]string{
		"max_results":  strconv.Itoa(o.maxResults),
		"pool":         strconv.Itoa(o.pool),
		"max_searches": strconv.Itoa(o.maxSearches),
		"max_steps":    strconv.Itoa(o.maxSteps),
		"choose":       strconv.FormatBool(o.choose),
		"router":       o.router,
		"arxiv_url":    provider.RedactURL(a.arxivURL),
	}
	s["seed"] = a.seed // validate has made it primer or none
	if o.fresh {
		s["seed"] = o.freshSeed()
	}
	return s
}

func printEval(a *app, r evaluate.Report) error {
	w := tabwriter.NewWriter(a.io.Out, 0, 0, 2, ' ', 0)
	if r.Interrupted {
		if r.Questions == 0 {
			fmt.Fprintf(w, "interrupted before %s completed: nothing measured\n", firstOf(r.Planned))
			return w.Flush() // no figures of nothing
		}
		fmt.Fprintf(w, "interrupted after %d of %s: these figures cover only %s\n", r.Questions, questions(r.Planned), thoseQuestions(r.Questions))
	}
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
	fmt.Fprintf(w, "questions\t%d", r.Questions)
	if r.Split != "" {
		fmt.Fprintf(w, " (%s)", r.Split)
	}
	switch {
	case r.Fresh && r.Settings["seed"] == service.SeedPrimer:
		fmt.Fprintf(w, ", each from its own store with the primer")
	case r.Fresh:
		fmt.Fprintf(w, ", each from an empty store")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "answered\t%.0f%%\n", 100*r.AnsweredRate)
	if r.HitRate != nil && r.HitInterval != nil && r.RecallAtK != nil {
		fmt.Fprintf(w, "hit rate\t%.2f (%d of %d answerable; 95%% interval %.2f–%.2f)\n", *r.HitRate, r.Hits, r.Answerable, r.HitInterval.Low, r.HitInterval.High)
		if r.AnsweredHitRate != nil && r.AnsweredHits < r.Hits {
			// A not_found abstention listing the paper among its closest
			// sources is a hit; the table says how many hits answered.
			rest := "hit"
			if n := r.Hits - r.AnsweredHits; n > 1 {
				rest = fmt.Sprintf("%d hits", n)
			}
			fmt.Fprintf(w, "answered from it\t%.2f (%d of %d answerable; the other %s abstained, naming it)\n", *r.AnsweredHitRate, r.AnsweredHits, r.Answerable, rest)
		}
		// recall_at_k in --json, a name kept for the scripts that read
		// it: it is over every cited source, not the first k.
		fmt.Fprintf(w, "recall (cited sources)\t%.2f\n", *r.RecallAtK)
	} else {
		// 0.00 would read as every answer missing its paper; --json has
		// null (with "answerable": 0).
		fmt.Fprintf(w, "hit rate\tnone measured (no question expects an answer and names a relevant paper)\n")
	}
	if r.Funnel != nil && r.ArxivRate > 0 {
		f := *r.Funnel
		fmt.Fprintf(w, "relevant paper\tfetched %.2f, judged %.2f, added %.2f, cited %.2f\n", f.Fetched, f.Judged, f.Added, f.Cited)
		primed := r.Fresh && r.Settings["seed"] == service.SeedPrimer
		switch {
		case f.Cited <= f.Added:
		case !r.Fresh:
			// Not a fault of the figures: the first three count what each
			// question's own searches did, and over a shared store an
			// answer cites what the store held before it.
			fmt.Fprintf(w, "\t(over a shared store an answer also cites papers the store held before its question: the primer's, or added by an earlier one)\n")
		case primed:
			// A --primed store holds the primer before its question too.
			fmt.Fprintf(w, "\t(each store held the primer before its question, and an answer may cite its entries)\n")
		}
	}
	fmt.Fprintf(w, "wrong sources only\t%d\n", r.WrongSources)
	if r.OffTopicRefused != nil {
		fmt.Fprintf(w, "off-topic refused\t%.0f%% of %d, %d %s added\n", 100**r.OffTopicRefused, r.OffTopicQuestions, r.OffTopicPapersAdded, text.Plural(r.OffTopicPapersAdded, "paper", "papers"))
	}
	fmt.Fprintf(w, "misstated additions\t%d\n", r.MisstatedAdditions)
	fmt.Fprintf(w, "arXiv requests / question\t%.2f (%.0f%% searched)\n", r.ArxivRequestsPerQuestion, 100*r.ArxivRate)
	fmt.Fprintf(w, "LLM calls / question\t%.2f\n", r.LLMCallsPerQuestion)
	fmt.Fprintf(w, "mean steps\t%.1f\n", r.MeanSteps)
	fmt.Fprintf(w, "store growth\t%d %s\n", r.StoreGrowth, text.Plural(r.StoreGrowth, "chunk", "chunks"))
	fmt.Fprintf(w, "latency p50 / p95\t%d ms / %d ms\n", r.P50LatencyMS, r.P95LatencyMS)
	fmt.Fprintf(w, "outcomes\t%s\n", outcomeList(r.Outcomes))
	if q := r.AnswerQuality; q != nil {
		fmt.Fprintf(w, "answers pass\t%.0f%% (%d of %d)\n", 100*q.PassRate, q.Passed, q.Checked)
		fmt.Fprintf(w, "dangling openers\t%d in %d %s\n", q.DanglingOpeners, q.Answers, text.Plural(q.Answers, "answer", "answers"))
		fmt.Fprintf(w, "unfaithful quotes\t%d\n", q.Unfaithful)
	}
	fmt.Fprintf(w, "llm / embedder\t%s / %s\n", r.LLM, r.Embedder)
	if c := r.Baseline; c != nil {
		if c.Paired > 0 {
			fmt.Fprintf(w, "vs baseline\thit rate %.2f → %.2f on %d paired %s: +%d, −%d (sign test p %s)\n", c.Before, c.After, c.Paired, text.Plural(c.Paired, "question", "questions"), len(c.Gained), len(c.Lost), pValue(c.P))
		} else {
			fmt.Fprintf(w, "vs baseline\tno hit rate to compare: no answerable question is in both reports\n")
		}
		if len(c.Settings) > 0 {
			var diffs []string
			for _, d := range c.Settings {
				diffs = append(diffs, fmt.Sprintf("%s %s → %s", d.Setting, d.Before, d.After))
			}
			fmt.Fprintf(w, "\twarning: made with other settings than the baseline (%s): questions may be gained or lost for that alone\n", strings.Join(diffs, ", "))
		}
		if c.Controls > 0 {
			fmt.Fprintf(w, "\tcontrols refused %d → %d of %d, papers added %d → %d\n", c.RefusedBefore, c.RefusedAfter, c.Controls, c.PapersBefore, c.PapersAfter)
		}
		if c.Unpaired > 0 {
			fmt.Fprintf(w, "\t%d %s in only one of the two reports\n", c.Unpaired, text.Plural(c.Unpaired, "question", "questions"))
		}
		for _, q := range c.Gained {
			fmt.Fprintf(w, "  gained\t%s\n", q)
		}
		for _, q := range c.Lost {
			fmt.Fprintf(w, "  lost\t%s\n", q)
		}
	}
	return w.Flush()
}

// thoseQuestions names the n questions an interrupted eval completed:
// "those 24", or "that one" rather than "those 1".
func thoseQuestions(n int) string {
	if n == 1 {
		return "that one"
	}
	return fmt.Sprintf("those %d", n)
}

// questions is n questions, said right for one: "1 question", "137
// questions".
func questions(n int) string {
	return text.Count(n, "question", "questions")
}

// firstOf names the first of n planned questions: "the first of 137
// questions", or "the only question" rather than "the first of 1
// questions".
func firstOf(n int) string {
	if n == 1 {
		return "the only question"
	}
	return "the first of " + questions(n)
}

// pValue is p to two decimals, or a bound below 0.01, where two decimals
// would print a p of 0.
func pValue(p float64) string {
	switch {
	case p < 0.001:
		return "< 0.001"
	case p < 0.01:
		return fmt.Sprintf("%.3f", p)
	}
	return fmt.Sprintf("%.2f", p)
}

// outcomeList lists every outcome of m with its count, the usual ones in
// the order a run reaches them, then any other (impossible, with --router
// llm) by name: the counts add up to the questions.
func outcomeList(m map[string]int) string {
	order := []string{"answered", "answered_with_caveat", "not_found", "off_topic", "arxiv_unavailable", "impossible"}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(order, k) {
			order = append(order, k)
		}
	}
	var parts []string
	for _, k := range order {
		if m[k] > 0 {
			name := k
			if name == "" {
				name = "(none)"
			}
			parts = append(parts, fmt.Sprintf("%s %d", name, m[k]))
		}
	}
	return strings.Join(parts, ", ")
}

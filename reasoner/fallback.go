package reasoner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unicode/utf8"

	"github.com/gtrag/gtrag/internal/ctxerr"
)

// The fallback wrappers keep a run going when the LLM fails: the primary
// (LLM) reasoner is asked first, and when it returns an error (after its own
// retries) the offline reasoner decides instead, with a notice saying so.
// A cancelled context is passed through, never "fallen back" from.
//
// Once the primary has failed, the wrapper stops asking it for the rest of
// the run (WithRun: one question of ask, chat, eval or mcp; WithRunFor:
// one ingest call of mcp): a dead server
// would otherwise cost every paper of a search its full timeouts and
// retries. Open shares that memory across the wrappers of a Set (the
// decision agent's and the chat condenser's included), so one outage is
// paid for once per run. Later runs ask the LLM again after a backoff (see
// breaker): a chat, an MCP server or an eval outlives a server's hiccup,
// and once held every later question offline for one failure.
//
// A model that answers, but never usably (a refusal, junk), is as dead for
// gtrag as one that does not answer, and costs a call per paper the filter
// judges: maxUnusable unusable replies in a row to one prompt give up on
// the LLM the same way an error does. Fewer are tolerated — each is handled
// by the offline reasoner for that call alone (a reply neither yes nor
// no, an answer that cites nothing) — since one odd reply
// says little about the next. The count is per prompt so that a model that
// cannot write searches but judges papers well keeps judging them; a
// usable reply to a prompt starts its count again.

// maxUnusable is how many unusable replies in a row to one prompt make the
// Set give up on the LLM. Two could be one unlucky paper and its
// neighbour; by three the model has shown it will not follow the prompt.
const maxUnusable = 3

// breaker remembers that the primary failed, and why, and counts unusable
// replies. A nil breaker (a wrapper built as a struct literal, a reasoner
// made with NewLLM…) remembers nothing and counts nothing.
//
// Its verdict is per run (WithRun): a run in which the LLM failed stops
// asking it, and another run going on at the same time (an MCP server's
// calls) is not told otherwise. Across runs it backs off: after a run
// whose LLM failed, the next run does not ask it, after a second such run
// in a row the next two do not, then four, up to maxSkip; a run whose LLM
// answers ends the backoff. So a server's hiccup costs one more offline
// question, not the rest of a session, and a dead server that takes its
// timeouts to fail is not paid for at every question of an eval (ten
// questions against one that never answers took 90 s asking each, 9 s
// asking once). Outside a run (a step called on its own) the LLM is not
// asked while runs are being skipped, and the skip is not counted down:
// that is right for a process that does one thing (`gtrag ingest`, whose
// own failure it remembers), but a long-lived one must make each call
// that may ask the LLM a run. An MCP server's ingests once were not: after
// one failed ask, every ingest_ids of the session filtered offline, asking
// nothing and counting nothing down, with a notice that the LLM was
// unavailable. A chat's condenser is in its question's run.
type breaker struct {
	mu     sync.Mutex
	reason string // the last failure's
	// backoff is how many runs the last failure made skip the LLM (1, 2,
	// 4, … maxSkip; 0 once it answers); skip, the runs still to start
	// that will not ask it.
	backoff, skip int
	unusable      map[string]int // prompt name → unusable replies in a row
	// trips counts the failures that tripped the breaker: a run that
	// fails after another tripped it since the run began asking (runs at
	// once, as an MCP server's are) fails in the same outage.
	trips int
}

// maxSkip bounds how many runs in a row skip the LLM.
const maxSkip = 32

// open reports whether the breaker is open for ctx's run, and why, and
// whether the backoff (not a failure in the run) made it so (skipped).
func (b *breaker) open(ctx context.Context) (reason string, down, skipped bool) {
	if b == nil {
		return "", false, false
	}
	run := runOf(ctx)
	b.mu.Lock()
	defer b.mu.Unlock()
	if run == nil {
		return b.reason, b.skip > 0, false
	}
	if v, seen := run.verdict(b); seen {
		return v.reason, v.reason != "", v.skipped
	}
	if b.skip > 0 { // a run starts while the LLM is being let rest
		b.skip--
		run.setVerdict(b, runVerdict{reason: b.reason, skipped: true})
		return b.reason, true, true
	}
	run.setVerdict(b, runVerdict{trips: b.trips})
	return "", false, false
}

// trip records that the LLM failed in ctx's run and returns the reason the
// run goes on offline for.
func (b *breaker) trip(ctx context.Context, err error) string {
	if b == nil {
		return failure(err)
	}
	run := runOf(ctx)
	b.mu.Lock()
	defer b.mu.Unlock()
	if run != nil {
		v, _ := run.verdict(b)
		if v.reason != "" {
			return v.reason // this run's first failure is its reason
		}
		if b.trips > v.trips && b.reason != "" {
			// Another run, asking at the same time, tripped the breaker
			// since this one began: the same outage, which doubled the
			// backoff once per run in flight (six asks at once against a
			// dead server made the next 32 skip an LLM that had
			// recovered).
			run.setVerdict(b, runVerdict{reason: b.reason, trips: b.trips})
			return b.reason
		}
		run.setVerdict(b, runVerdict{reason: failure(err), trips: b.trips + 1})
	} else if b.skip > 0 && b.reason != "" {
		// Outside a run the skip is not counted down (see breaker): the
		// LLM is given up already, and this is a call that was in flight
		// then, failing in the same outage. A new reason was a new
		// notice for each (an ingest said "LLM unavailable (… 4 unusable
		// replies in a row …)", then 5, then 6), and each doubled the
		// backoff.
		return b.reason
	}
	b.reason = failure(err)
	b.trips++
	b.backoff = min(max(2*b.backoff, 1), maxSkip)
	b.skip = b.backoff
	return b.reason
}

// answered records that the LLM answered: the backoff ends.
func (b *breaker) answered() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.backoff, b.skip = 0, 0
}

// runOf is ctx's run (WithRun), or nil.
func runOf(ctx context.Context) *runState {
	r, _ := ctx.Value(runKey{}).(*runState)
	return r
}

// outage is the notice of a step decided offline because the LLM is
// unavailable for reason (skipped: because of the backoff, see open). One
// outage reads as one notice: every step of a Set decided offline gives
// the same words (the breaker keeps the first
// reason), so a run, whose notices drop duplicates, says it once, while
// each step's own result (and a trace of it) still says that it was
// decided offline. A run in which the decision agent or the condenser
// failed first (see WithRun) has its outage told by their callers, whose
// notice quotes their error and says that the run goes on offline
// (ErrLLMGivenUp): a step's notice then only marks the step as decided
// offline (outageTold), and is kept out of the run's notices (ToldAbove).
// A nil breaker does not remember the
// outage, so its notice is for this step alone and names it (used).
//
// The notice quotes reason whole, for --json and the recordings; text
// output shortens it (ShortNotice, shortOutage), so the notice's shapes
// are the constants below, which both use.
func (b *breaker) outage(ctx context.Context, reason, used string, skipped bool) string {
	if b == nil {
		return outageUnavailable + reason + outageUsed + used
	}
	r := runOf(ctx)
	if skipped {
		if r != nil && r.what != "" {
			// Not a question: what failed before may have been of
			// another kind (an ask's answer before an ingest's
			// filter), and this step did not fail at all.
			return outageNotAsked + r.what + ": it failed in an earlier call" + outageLast + reason + outageAskAgain
		}
		return outageNotAsked + "question: it failed for the ones before" + outageLast + reason + outageAskAgain
	}
	if r != nil && r.reasonTold.Load() {
		return outageTold
	}
	return outageUnavailable + reason + outageContinuing
}

// ToldAbove reports whether notice, one of a step's notices, only marks
// the step as decided offline in a run whose outage a notice of its own
// has told (see outage): the run's notices leave it out, as a second
// notice of the same outage. The step's result, and a recording of it,
// keep it.
func ToldAbove(notice string) bool { return notice == outageTold }

// DecidedOffline reports whether notice, one of a step's notices, says
// that the offline reasoner decided the step in the LLM's place: the LLM
// failed, had been given up for the run, was not asked while the backoff
// lasts, or replied unusably (withFallback). The narration tags such a
// step [offline], not with the LLM that did not decide it.
func DecidedOffline(notice string) bool {
	return strings.HasPrefix(notice, outageUnavailable) || notice == outageGivenUp || notice == outageTold ||
		strings.HasPrefix(notice, outageNotAsked) && strings.HasSuffix(notice, outageAskAgain) ||
		strings.Contains(notice, usedOffline)
}

// The parts of the outage notices that quote a reason (see outage).
const (
	outageUnavailable = "LLM unavailable ("
	outageContinuing  = "); continuing offline"
	outageUsed        = ")" + usedOffline
	outageNotAsked    = "LLM not asked for this "
	outageLast        = " (last: "
	outageAskAgain    = "); continuing offline, and asking it again later"
	usedOffline       = "; used offline " // after an unusable reply, or an outage's reason

	// outageTold marks a step decided offline in a run whose outage a
	// notice quoting the error has told (see outage, ToldAbove).
	outageTold = "LLM given up for this run (the notice quoting its error says so); decided offline"
	// outageGivenUp was outageTold in recordings made before that notice
	// said that the run goes on offline: a notice of the run, the
	// outage's second.
	outageGivenUp = "LLM given up for this run (see the notice above); continuing offline"
)

// maxReasonRunes is how much of an outage's reason text output shows.
const maxReasonRunes = 160

// shortOutage is outage notice n as text output shows it: its reason
// (what the LLM's client said, which may carry a whole error page) cut to
// maxReasonRunes, keeping the hint that failure may end it with, so that
// the note stays a line or two on a terminal. ok is false when n is no
// outage notice quoting a reason. The reason is found from both ends of
// the notice: it may hold parentheses of its own ("(at http://…)").
func shortOutage(n string) (short string, ok bool) {
	var head, reason, tail string
	switch {
	case strings.HasPrefix(n, outageUnavailable):
		rest := n[len(outageUnavailable):]
		if r, found := strings.CutSuffix(rest, outageContinuing); found {
			reason, tail = r, outageContinuing
		} else if i := strings.LastIndex(rest, outageUsed); i >= 0 {
			reason, tail = rest[:i], rest[i:]
		} else {
			return n, false
		}
		head = outageUnavailable
	case strings.HasPrefix(n, outageNotAsked) && strings.HasSuffix(n, outageAskAgain):
		i := strings.Index(n, outageLast)
		if i < 0 || i+len(outageLast) > len(n)-len(outageAskAgain) {
			return n, false
		}
		head, tail = n[:i+len(outageLast)], outageAskAgain
		reason = n[len(head) : len(n)-len(tail)]
	default:
		return n, false
	}
	return head + shortReason(reason) + tail, true
}

// shortReason cuts reason to maxReasonRunes, keeping refusedHint.
func shortReason(reason string) string {
	if before, ok := strings.CutSuffix(reason, refusedHint); ok {
		return shortReason(before) + refusedHint
	}
	if utf8.RuneCountInString(reason) > maxReasonRunes {
		return truncateRunes(reason, maxReasonRunes) + "…"
	}
	return reason
}

// runKey marks the context of one run (WithRun).
type runKey struct{}

// runState is what the fallback wrappers remember about one run.
type runState struct {
	// what names the run in a notice of the backoff ("ingest"); "" for a
	// question (WithRun).
	what string
	// reasonTold is set when a step with no offline counterpart (the
	// decision agent, the condenser) failed during the run and tripped
	// the breaker: its caller tells the user its error, reason included,
	// and that the run goes on offline (ErrLLMGivenUp).
	reasonTold atomic.Bool
	// routerGivenUp is set when the decision agent's replies were
	// unusable maxUnusable times in a row (FallbackRouter).
	routerGivenUp atomic.Bool

	mu       sync.Mutex
	verdicts map[*breaker]runVerdict // each breaker's, once asked
}

// runVerdict is a breaker's verdict for one run: reason is why the run
// does not ask the LLM ("" while it does); skipped, that the backoff made
// it so rather than a failure in the run.
type runVerdict struct {
	reason  string
	skipped bool
	trips   int // the breaker's trips when the run began asking (see trip)
}

func (r *runState) verdict(b *breaker) (runVerdict, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.verdicts[b]
	return v, ok
}

func (r *runState) setVerdict(b *breaker, v runVerdict) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.verdicts == nil {
		r.verdicts = map[*breaker]runVerdict{}
	}
	r.verdicts[b] = v
}

// WithRun returns a context for one run of the workflow (one question of
// ask, chat, eval or mcp), under which the Set's outage notices tell the
// reason of an outage once in the run: not again after the decision
// agent's notice has quoted its own failure. Without it (a step called on
// its own) each outage notice gives the reason. Every run of a long
// session gives it anew: the reason is with each question, not only the
// one during which the LLM failed.
//
// A ctx that is in a run already stays in it: a chat turn starts the run
// before its condenser rewrites the follow-up, and the workflow's own
// WithRun (service.Ask) joins it, so that a rewrite that failed is this
// question's failure ("given up for this run"), not one "for the ones
// before".
func WithRun(ctx context.Context) context.Context {
	return WithRunFor(ctx, "")
}

// WithRunFor is WithRun for a run that is no question: one ingest call of
// a long-lived process (an MCP server's ingest_ids or ingest_query), whose
// paper filter may ask the LLM. Such a call must be a run, so that it gives
// the LLM another try after the backoff, as a question does; outside a run
// the filter stayed offline for as long as no question came (see
// breaker). what names the run in the notice of one the backoff keeps
// from asking the LLM ("LLM not asked for this ingest: it failed in an
// earlier call …"); "" is a question, as for WithRun. A ctx already in a
// run stays in it, under its own name.
func WithRunFor(ctx context.Context, what string) context.Context {
	if runOf(ctx) != nil {
		return ctx
	}
	return context.WithValue(ctx, runKey{}, &runState{what: what})
}

// countUnusable records an unusable reply to prompt name and reports
// whether it makes maxUnusable in a row, and how many that is.
func (b *breaker) countUnusable(name string) (int, bool) {
	if b == nil {
		return 1, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.unusable == nil {
		b.unusable = map[string]int{}
	}
	b.unusable[name]++
	n := b.unusable[name]
	return n, n >= maxUnusable
}

// usable ends the run of unusable replies to prompt name.
func (b *breaker) usable(name string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.unusable, name)
}

// unusableError is an LLM reply the reasoner could not use (a refusal, junk,
// an answer citing nothing), short of maxUnusable in a row: the wrapper
// decides this call offline but keeps asking the LLM.
type unusableError struct{ msg string }

func (e *unusableError) Error() string { return e.msg }

func isUnusable(err error) bool {
	var u *unusableError
	return errors.As(err, &u)
}

// ErrLLMUnavailable is what the Set's decision agent (Set.Router) and
// condenser (Set.Condense) return once the Set has given up on the LLM:
// they have no offline counterpart to fall back to, so their caller does
// (the rule router, the offline rewrite), and can tell this lasting state
// from one failed call with errors.Is. It gives no reason: the run's
// outage notice does (see breaker.outage).
var ErrLLMUnavailable = errors.New("LLM unavailable")

// ErrLLMGivenUp marks the error of a call of the decision agent or the
// condenser whose failure gave up the LLM for the rest of the run (see
// guard): errors.Is(err, ErrLLMGivenUp). Its caller's notice, which quotes
// the error, is the outage's one notice, and says that the run goes on
// offline; the steps decided offline after it add none to the run's
// (ToldAbove), and the decision agent is refused with ErrLLMGivenUpTold.
// One LLM that timed out on a route gave three notices: the agent's with
// the error, "LLM given up for this run (see the notice above);
// continuing offline", and "decision agent: the LLM is unavailable; the
// rule routers decide from here on".
var ErrLLMGivenUp = errors.New("LLM given up for this run")

// GivenUp returns err marked ErrLLMGivenUp, its words unchanged: guard
// marks a failure so, and a replay the recorded failure.
func GivenUp(err error) error { return &givenUpError{err: err} }

type givenUpError struct{ err error }

func (e *givenUpError) Error() string   { return e.err.Error() }
func (e *givenUpError) Unwrap() []error { return []error{e.err, ErrLLMGivenUp} }

// ErrLLMGivenUpTold is what the decision agent and the condenser return
// instead of a bare ErrLLMUnavailable in a run whose outage one of their
// callers has told (ErrLLMGivenUp): that caller says nothing more. It is an
// ErrLLMUnavailable.
var ErrLLMGivenUpTold = fmt.Errorf("given up for this run, as told: %w", ErrLLMUnavailable)

// guard is the breaker logic of a step with no offline counterpart: fail at
// once with ErrLLMUnavailable (ErrLLMGivenUpTold) while the breaker is
// open, else ask primary and trip the breaker when it fails (not when it
// was cancelled, nor for an unusableError), marking the error in a run
// (ErrLLMGivenUp).
func guard[T any](ctx context.Context, b *breaker, primary func() (T, error)) (T, error) {
	var zero T
	if _, down, _ := b.open(ctx); down {
		if run := runOf(ctx); run != nil && run.reasonTold.Load() {
			return zero, ErrLLMGivenUpTold
		}
		return zero, ErrLLMUnavailable
	}
	r, err := primary()
	if err == nil {
		b.answered()
	}
	if err != nil && ctx.Err() == nil && !isUnusable(err) {
		b.trip(ctx, err)
		// The caller reports err, which states the reason, and that the
		// run goes on offline; the run's steps need not repeat it.
		if run := runOf(ctx); run != nil {
			run.reasonTold.Store(true)
			err = GivenUp(err)
		}
	}
	return r, err
}

// FallbackRouter is the decision agent of an LLM Set: it asks Primary
// unless the Set has given up on the LLM, in which case it returns
// ErrLLMUnavailable at once and the graph's rule router decides. Without
// it, a router would retry a dead server at every branch while the other
// steps had long gone offline. Its own failure gives up on the LLM for the
// whole Set.
//
// A model that answers but cannot write the route's JSON (maxUnusable
// unusable replies in a row) is given up as the decision agent only, for
// the rest of the run (ErrRouterGivenUp): the rule routers decide, and the
// model still judges, searches and answers. Giving up the whole Set, as
// for the other prompts, made `--router llm` with a small model answer
// worse than `--router rules` with the same model: the decision agent is
// an addition to the workflow, and its prompt the hardest to follow.
type FallbackRouter struct {
	Primary RouteChooser
	b       *breaker
}

// ErrRouterGivenUp is what FallbackRouter returns, for the rest of a run
// (WithRun), once the model's route replies were unusable maxUnusable times
// in a row. It is an ErrLLMUnavailable: the caller's rule router decides.
var ErrRouterGivenUp = fmt.Errorf("the decision agent is not asked again this run: %w", ErrLLMUnavailable)

// ChooseRoute implements RouteChooser.
func (f *FallbackRouter) ChooseRoute(ctx context.Context, t TreeData) (Choice, error) {
	run := runOf(ctx)
	if run != nil && run.routerGivenUp.Load() {
		return Choice{}, ErrRouterGivenUp
	}
	return guard(ctx, f.b, func() (Choice, error) {
		c, err := f.Primary.ChooseRoute(ctx, t)
		if g := (*gaveUpError)(nil); run != nil && errors.As(err, &g) {
			run.routerGivenUp.Store(true)
			// Unusable, so that guard leaves the Set's LLM alone.
			return c, &unusableError{msg: err.Error() + "; it is not asked again this run"}
		}
		return c, err
	})
}

// FallbackCondenser is the follow-up condenser of an LLM Set, sharing its
// breaker as FallbackRouter does; its caller rewrites the follow-up offline
// when it returns an error.
type FallbackCondenser struct {
	Primary Condenser
	b       *breaker
}

// Condense implements Condenser.
func (f *FallbackCondenser) Condense(ctx context.Context, history []Exchange, followUp string) (string, error) {
	return guard(ctx, f.b, func() (string, error) { return f.Primary.Condense(ctx, history, followUp) })
}

// FallbackJudge is a RelevanceJudge that falls back to another one.
type FallbackJudge struct {
	Primary, Fallback RelevanceJudge
	b                 *breaker
}

// JudgeRelevance implements RelevanceJudge.
func (f *FallbackJudge) JudgeRelevance(ctx context.Context, question string, passages []Passage) (Verdict, error) {
	return withFallback(ctx, f.b, "relevance check", "relevance check",
		func() (Verdict, error) { return f.Primary.JudgeRelevance(ctx, question, passages) },
		func() (Verdict, error) { return f.Fallback.JudgeRelevance(ctx, question, passages) },
		func(v *Verdict, notice string, _ bool) { v.Notices = append(v.Notices, notice) })
}

// FallbackFilter is a PaperFilter that falls back to another one.
type FallbackFilter struct {
	Primary, Fallback PaperFilter
	b                 *breaker
}

// IsGameTheory implements PaperFilter.
func (f *FallbackFilter) IsGameTheory(ctx context.Context, title, abstract string) (Verdict, error) {
	return withFallback(ctx, f.b, "paper filter", "paper filter",
		func() (Verdict, error) { return f.Primary.IsGameTheory(ctx, title, abstract) },
		func() (Verdict, error) { return f.Fallback.IsGameTheory(ctx, title, abstract) },
		func(v *Verdict, notice string, _ bool) { v.Notices = append(v.Notices, notice) })
}

// FallbackAnswerer is an Answerer that falls back to another one. An answer
// its fallback wrote says why in Answer.Offline.
type FallbackAnswerer struct {
	Primary, Fallback Answerer
	b                 *breaker
}

// Answer implements Answerer.
func (f *FallbackAnswerer) Answer(ctx context.Context, question string, passages []Passage) (Answer, error) {
	return withFallback(ctx, f.b, "answer", "extractive answer",
		func() (Answer, error) { return f.Primary.Answer(ctx, question, passages) },
		func() (Answer, error) { return f.Fallback.Answer(ctx, question, passages) },
		func(a *Answer, notice string, unusable bool) {
			a.Notices = append(a.Notices, notice)
			a.Offline = OfflineLLMFailed
			if unusable {
				a.Offline = OfflineUnusable
			}
		})
}

// withFallback is the logic the wrappers share: ask primary unless the
// breaker is open, pass a cancellation through, and on any other failure
// trip the breaker and ask fallback, telling note the notice to add to its
// result (see breaker.outage). An unusableError does not trip the breaker:
// that call alone is decided by fallback, with the error as the notice's
// reason, and note hears unusable. what names the offline step in errors,
// used names it in a notice of that step alone.
func withFallback[T any](ctx context.Context, b *breaker, what, used string,
	primary, fallback func() (T, error), note func(r *T, notice string, unusable bool)) (T, error) {
	var zero T
	if err := ctxerr.Of(ctx); err != nil {
		return zero, err
	}
	reason, down, skipped := b.open(ctx)
	var unusable *unusableError
	if !down {
		r, err := primary()
		if err == nil {
			b.answered()
			return r, nil
		}
		if ctx.Err() != nil {
			var f *failedThenStopped
			if errors.As(err, &f) {
				b.trip(ctx, f.failed) // the LLM had failed before the stop
			}
			return zero, err
		}
		if !errors.As(err, &unusable) {
			reason = b.trip(ctx, err)
		}
	}
	r, err := fallback()
	if unusable != nil {
		if err != nil {
			return r, fmt.Errorf("offline %s after an unusable LLM reply (%s): %w", what, unusable, err)
		}
		note(&r, unusable.msg+usedOffline+used, true)
		return r, nil
	}
	if err != nil {
		return r, fmt.Errorf("offline %s after LLM failure (%s): %w", what, reason, err)
	}
	note(&r, b.outage(ctx, reason, used, skipped), false)
	return r, nil
}

// failure is the reason a breaker records: the error on one line, whole.
// The notices quoting it are whole for --json, the recordings and MCP
// results, where a script wants what the server said (a 429's "at
// http://…", the endpoint that refused); text output cuts it to
// maxReasonRunes (ShortNotice). It was once cut here, for every reader.
func failure(err error) string {
	s := fold(err.Error())
	if errors.Is(err, syscall.ECONNREFUSED) {
		// Nothing listens there: the one thing to do is said, as the
		// embedder's error says it.
		s += refusedHint
	}
	return s
}

// refusedHint ends the reason of a connection refused.
const refusedHint = "; is the LLM server running? Start it, or use --llm offline"

package reasoner

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/httpwait"
)

const (
	refusalReply = "I'm sorry, but I can't help with that request."
	junkReply    = "\x00\x01 ### ~~~ lorem ipsum 42 zz"
)

// A condensed follow-up that is a refusal or junk is not a question: the
// condenser says so with an error, and its caller (chat.LLM) rewrites the
// follow-up offline with a notice, instead of asking the refusal.
func TestCondenseRejectsRefusalAndJunk(t *testing.T) {
	for _, reply := range []string{refusalReply, "I’m sorry, I can’t do that.", "Sure! What else?", junkReply, "### ~~~ lorem ipsum 42 zz", "Sorry"} {
		_, ok := parseCondensed(reply)
		require.False(t, ok, "%q", reply)
	}
	for reply, want := range map[string]string{
		"Here is the standalone question: Why does tit-for-tat win?":      "Why does tit-for-tat win?",
		"Surely-winning strategies in the repeated prisoner's dilemma?":   "Surely-winning strategies in the repeated prisoner's dilemma?",
		"What about (b) - the second-price auction?":                      "What about (b) - the second-price auction?",
		"How does tit for tat relate to the iterated prisoner's dilemma?": "How does tit for tat relate to the iterated prisoner's dilemma?",
	} {
		got, ok := parseCondensed(reply)
		require.True(t, ok, "%q", reply)
		require.Equal(t, want, got)
	}

	set := scriptedSet(&scriptedModel{script: []step{{reply: refusalReply}}})
	hist := []Exchange{{Question: "What is tit for tat?", Answer: "A strategy [1]."}}
	_, err := set.Condense.Condense(context.Background(), hist, "why does it win?")
	require.EqualError(t, err, `condense_question: the LLM reply "I'm sorry, but I can't help with that request." is not one question`)
	require.True(t, isUnusable(err), "one refusal does not give up on the LLM")
}

// An answer that cites no source and is not an abstention (a refusal, junk,
// the model's own knowledge) is replaced by the offline answer, with a
// notice, and says so in Answer.Offline for the footer.
func TestUnusableAnswerFallsBack(t *testing.T) {
	for _, reply := range []string{refusalReply, junkReply, "Nash equilibria are stable."} {
		m := &scriptedModel{script: []step{{reply: reply}}}
		set := scriptedSet(m)
		a, err := set.Answerer.Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		require.False(t, a.Abstained, reply)
		require.Equal(t, []int{1}, a.Cited, "the offline answer quotes the passage")
		require.NotContains(t, a.Text, "lorem")
		require.NotContains(t, a.Text, "sorry")
		require.Equal(t, []string{fmt.Sprintf("generate_response: the LLM's answer %s cites no source; used offline extractive answer", quote(reply))}, a.Notices)
		require.Equal(t, OfflineUnusable, a.Offline)
		require.Equal(t, 1, m.Calls())
	}

	// A genuine abstention is not replaced.
	m := &scriptedModel{script: []step{{reply: CannotAnswer + "."}}}
	a, err := scriptedSet(m).Answerer.Answer(context.Background(), "What is Bayesian persuasion?", onePassage)
	require.NoError(t, err)
	require.True(t, a.Abstained)
	require.Empty(t, a.Offline, "the LLM wrote it")
}

// A cited answer with a hedge is an answer; an abstention opens with the
// phrase, or cites nothing.
func TestAbstainsOnlyWhenUncitedOrOpening(t *testing.T) {
	ps := []Passage{onePassage[0], {N: 2, Title: "b", Text: "b"}, {N: 3, Title: "c", Text: "c"}}
	for reply, want := range map[string]bool{
		"Tit-for-tat sustains cooperation [1]. It retaliates at once [3]. Whether it is optimal in every population, I cannot answer from these sources.": false,
		CannotAnswer + ". The closest passages are about reciprocity [1], [2].":                                                                           true,
		"Unfortunately, I can't answer this from these sources; passage [1] is about Nash equilibrium.":                                                   true,
		"Sorry, I am unable to answer the question from the provided passages.":                                                                           true,
		"Nash equilibrium is stable [1]. I cannot answer from these sources whether it is unique [2].":                                                    false,
	} {
		m := &scriptedModel{script: []step{{reply: reply}}}
		a, err := NewLLMAnswerer(m, fast...).Answer(context.Background(), "Why does tit-for-tat do well?", ps)
		require.NoError(t, err)
		require.Equal(t, want, a.Abstained, reply)
	}
}

// A model that never replies usably is given up on like one that fails:
// maxUnusable unreadable replies in a row to one prompt trip the Set's
// breaker, and the rest of the run is offline without another call.
func TestUnusableRepliesGiveUp(t *testing.T) {
	for _, reply := range []string{refusalReply, junkReply} {
		t.Run(quote(reply), func(t *testing.T) {
			m := &scriptedModel{script: []step{{reply: reply}}}
			set := scriptedSet(m)
			ctx := context.Background()
			var notices []string
			for range 50 { // a search's candidates
				v, err := set.Filter.IsGameTheory(ctx, gtPaper[0], gtPaper[1])
				require.NoError(t, err)
				notices = append(notices, v.Notices...)
			}
			require.Equal(t, maxUnusable, m.Calls(), "the filter stops asking after %d unusable replies", maxUnusable)
			require.Contains(t, notices[0], "is neither yes nor no; used offline paper filter")
			outage := fmt.Sprintf("LLM unavailable (classify paper with the LLM: 3 unusable replies in a row, last: LLM reply %s is neither yes nor no); continuing offline", quote(reply))
			require.Equal(t, outage, notices[maxUnusable-1])

			_, err := set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			a, err := set.Answerer.Answer(ctx, "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.Equal(t, []string{outage}, a.Notices)
			require.Equal(t, OfflineLLMFailed, a.Offline, "given up on, as if it had failed")
			_, err = set.Router.ChooseRoute(ctx, TreeData{Question: "q"})
			require.ErrorIs(t, err, ErrLLMUnavailable)
			_, err = set.Condense.Condense(ctx, []Exchange{{Question: "q", Answer: "a"}}, "and?")
			require.ErrorIs(t, err, ErrLLMUnavailable)
			require.Equal(t, maxUnusable, m.Calls(), "no more calls once given up")
		})
	}

	// A usable reply ends the run: unusable replies scattered among good
	// ones are handled one by one.
	m := &scriptedModel{script: []step{{reply: "maybe"}, {reply: "maybe"}, {reply: "yes"}, {reply: "maybe"}, {reply: "maybe"}, {reply: "no"}}}
	set := scriptedSet(m)
	for range 6 {
		v, err := set.Filter.IsGameTheory(context.Background(), gtPaper[0], gtPaper[1])
		require.NoError(t, err)
		for _, n := range v.Notices {
			require.NotContains(t, n, "unavailable")
		}
	}
	require.Equal(t, 6, m.Calls())
}

// The decision agent shares the Set's breaker: once another step has given
// up on the LLM it answers ErrLLMUnavailable without a call, its own
// failure makes the other steps offline, and a junk reply of its own is an
// unusable reply, not an outage.
func TestRouterSharesBreaker(t *testing.T) {
	ctx := context.Background()
	down := &scriptedModel{script: []step{{err: errors.New("connection refused")}}}
	set := scriptedSet(down)
	v, err := set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "connection refused); continuing offline")
	calls := down.Calls()
	for range 4 {
		_, err := set.Router.ChooseRoute(ctx, TreeData{Question: "q"})
		require.ErrorIs(t, err, ErrLLMUnavailable)
		require.EqualError(t, err, "LLM unavailable", "the run's outage notice gives the reason")
	}
	require.Equal(t, calls, down.Calls(), "the router does not retry a server the Set gave up on")

	// The router fails first in a run: its error says that it gave up the
	// LLM, so that the decision agent's notice, which quotes it, is the
	// outage's one notice. The judge then goes offline at once, its
	// notice only marking the step as decided offline (kept out of the
	// run's notices), and the router is refused in words that its caller
	// has told this outage.
	down = &scriptedModel{script: []step{{err: errors.New("connection refused")}}}
	set = scriptedSet(down)
	run := WithRun(ctx)
	_, err = set.Router.ChooseRoute(run, TreeData{Question: "q"})
	require.ErrorContains(t, err, "choose the route with the LLM: 3 attempts, last: connection refused")
	require.False(t, errors.Is(err, ErrLLMUnavailable))
	require.ErrorIs(t, err, ErrLLMGivenUp)
	v, err = set.Judge.JudgeRelevance(run, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []string{outageTold}, v.Notices, "the router failed first: its notice gave why, which may be unusable replies from a model that answers")
	require.True(t, ToldAbove(v.Notices[0]))
	require.True(t, DecidedOffline(v.Notices[0]))
	_, err = set.Router.ChooseRoute(run, TreeData{Question: "q"})
	require.ErrorIs(t, err, ErrLLMGivenUpTold)
	require.ErrorIs(t, err, ErrLLMUnavailable)
	require.Equal(t, 3, down.Calls())
	// The next run lets the LLM rest (the backoff) and says so; the one
	// after asks it again, and says why it fell back.
	v, err = set.Judge.JudgeRelevance(WithRun(ctx), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []string{"LLM not asked for this question: it failed for the ones before (last: choose the route with the LLM: 3 attempts, last: connection refused); continuing offline, and asking it again later"}, v.Notices)
	require.Equal(t, 3, down.Calls(), "the next run does not ask")
	v, err = set.Judge.JudgeRelevance(WithRun(ctx), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []string{"LLM unavailable (check relevance with the LLM: 3 attempts, last: connection refused); continuing offline"}, v.Notices)
	require.Equal(t, 6, down.Calls(), "the run after it asks again")

	junk := &scriptedModel{script: []step{{reply: "search arXiv"}, {reply: "yes"}}}
	set = scriptedSet(junk)
	_, err = set.Router.ChooseRoute(ctx, TreeData{Question: "q"})
	require.EqualError(t, err, `choose the route with the LLM: the LLM reply "search arXiv" holds no JSON object`, "said as the user reads it, not by the prompt's name")
	v, err = set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, "LLM replied \"yes\"", v.Reason, "one junk route does not give up on the LLM")
}

// A model that answers but cannot write the route's JSON is given up as
// the decision agent only, for the rest of the run: the rule routers
// decide, and the same model still judges and answers. The next run asks
// it again, and gives up at its first unusable reply, the fourth in a row.
func TestRouterUnusableGivesUpTheRouterOnly(t *testing.T) {
	ctx := context.Background()
	m := &scriptedModel{script: []step{{reply: "I would search arXiv."}, {reply: "I would search arXiv."}, {reply: "I would search arXiv."}, {reply: "yes"}, {reply: "I would search arXiv."}, {reply: "yes"}}}
	set := scriptedSet(m)
	run := WithRun(ctx)
	for i := range 2 {
		_, err := set.Router.ChooseRoute(run, TreeData{Question: "q"})
		require.ErrorContains(t, err, "holds no JSON object", "reply %d", i+1)
		require.False(t, errors.Is(err, ErrLLMUnavailable))
	}
	_, err := set.Router.ChooseRoute(run, TreeData{Question: "q"})
	require.EqualError(t, err, `choose the route with the LLM: 3 unusable replies in a row, last: the LLM reply "I would search arXiv." holds no JSON object; it is not asked again this run`)
	for range 3 {
		_, err = set.Router.ChooseRoute(run, TreeData{Question: "q"})
		require.ErrorIs(t, err, ErrRouterGivenUp)
		require.ErrorIs(t, err, ErrLLMUnavailable, "the caller's rule router decides")
	}
	require.Equal(t, 3, m.Calls(), "not asked again this run")
	v, err := set.Judge.JudgeRelevance(run, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, `LLM replied "yes"`, v.Reason, "the model still judges")
	require.Empty(t, v.Notices)

	next := WithRun(ctx)
	_, err = set.Router.ChooseRoute(next, TreeData{Question: "q"})
	require.ErrorContains(t, err, "4 unusable replies in a row")
	require.Equal(t, 5, m.Calls(), "asked once in the next run")
	v, err = set.Judge.JudgeRelevance(next, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, `LLM replied "yes"`, v.Reason)
}

// One outage reads as one notice: every step decided offline gives the
// same words, the reason included, so that a run's notices (which drop
// duplicates) hold it once while each step's result says it was decided
// offline; a later run of the same Set (the next question of a chat) is
// told the reason again.
func TestOutageIsOneNotice(t *testing.T) {
	set := scriptedSet(&scriptedModel{script: []step{{err: errors.New("internal boom")}}})
	const outage = "LLM unavailable (classify paper with the LLM: 3 attempts, last: internal boom); continuing offline"
	// The run after a failed one does not ask (the backoff), and says so,
	// once too.
	const rest = "LLM not asked for this question: it failed for the ones before (last: classify paper with the LLM: 3 attempts, last: internal boom); continuing offline, and asking it again later"
	for run := range 2 {
		ctx := WithRun(context.Background())
		var notices []string
		v, err := set.Filter.IsGameTheory(ctx, gtPaper[0], gtPaper[1])
		require.NoError(t, err)
		notices = append(notices, v.Notices...)
		q, err := set.Queries.WriteQueries(ctx, "q")
		require.NoError(t, err)
		notices = append(notices, q.Notices...)
		c, err := set.Choose.ChoosePapers(ctx, "q", onePassage)
		require.NoError(t, err)
		notices = append(notices, c.Notices...)
		v, err = set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		notices = append(notices, v.Notices...)
		a, err := set.Answerer.Answer(ctx, "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		notices = append(notices, a.Notices...)
		want := outage
		if run == 1 {
			want = rest
		}
		require.Equal(t, []string{want, want, want, want, want}, notices, "run %d", run)
		require.Equal(t, OfflineLLMFailed, a.Offline)
		_, err = set.Condense.Condense(ctx, []Exchange{{Question: "q", Answer: "a"}}, "and?")
		require.EqualError(t, err, "LLM unavailable", "the condenser's caller need not repeat the reason")
	}
}

// A reply cut to the size limit ends at a sentence, a citation or a word,
// never inside a citation.
func TestCutReply(t *testing.T) {
	huge := strings.Repeat("Nash equilibrium [1]. ", 20000)
	cut := cutReply(huge, DefaultMaxReplyBytes)
	require.LessOrEqual(t, cut, DefaultMaxReplyBytes)
	require.True(t, strings.HasSuffix(huge[:cut], "[1]."), "%q", huge[cut-20:cut])

	// No sentence end near the limit: after the last citation.
	s := strings.Repeat("x", 90) + " y [12] zzzz"
	require.Equal(t, "x", s[:cutReply(s, 99)][:1])
	require.True(t, strings.HasSuffix(s[:cutReply(s, 99)], "[12]"), "%q", s[:cutReply(s, 99)])
	// No boundary at all: never end on an open citation.
	s = strings.Repeat("é", 60) + "[12345"
	require.Equal(t, strings.Repeat("é", 60), s[:cutReply(s, 123)])
}

// A 429's Retry-After is honoured between attempts (langchaingo drops the
// header; gtrag's transport reads it), and one longer than maxRetryAfter
// ends the retries at once.
func TestRetryAfterHonoured(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(n int) fakeReply {
				if n == 0 {
					return fakeReply{Status: 429, ErrBody: "rate limited", Header: map[string]string{"Retry-After": "1"}}
				}
				return fakeReply{}
			}
			set := openFake(t, provider, f) // backoff 1 ms
			start := time.Now()
			v, err := set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.True(t, v.Yes)
			require.Empty(t, v.Notices)
			require.Len(t, f.Requests(), 2)
			require.GreaterOrEqual(t, time.Since(start), time.Second, "waited for Retry-After, not the 1 ms backoff")

			f = newFakeLLM(t)
			f.reply = func(int) fakeReply {
				return fakeReply{Status: 429, ErrBody: "rate limited", Header: map[string]string{"Retry-After": "3600"}}
			}
			set = openFake(t, provider, f)
			v, err = set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.Len(t, f.Requests(), 1, "no retry the server asked to be put off for an hour")
			require.Contains(t, v.Notices[0], "check relevance with the LLM: the server asks to retry after 1h0m0s (more than 30s), last: ")
		})
	}
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"": 0, "1": time.Second, "0.5": 500 * time.Millisecond, "-3": 0, "soon": 0, "NaN": 0,
		now.Add(4 * time.Second).Format("Mon, 02 Jan 2006 15:04:05 GMT"): 4 * time.Second,
	} {
		require.Equal(t, want, httpwait.RetryAfter(in, now), "%q", in)
	}
}

// scriptedSet is the Set Open builds, around a scripted model.
func scriptedSet(m *scriptedModel) Set { return llmSet(m, "scripted:m", nil, fast) }

// A server that failed in one run and recovered answers again after the
// backoff: the run after the failure does not ask it, the one after that
// does (a chat, an MCP server or an eval once stayed offline after one
// hiccup), and an answer ends the backoff.
func TestBreakerHoldsForItsRunOnly(t *testing.T) {
	hiccup := &scriptedModel{script: []step{
		{err: errors.New("internal server error")}, {err: errors.New("internal server error")}, {err: errors.New("internal server error")},
		{reply: "yes"},
	}}
	set := scriptedSet(hiccup)
	first := WithRun(context.Background())
	v, err := set.Judge.JudgeRelevance(first, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "internal server error); continuing offline")
	_, err = set.Judge.JudgeRelevance(first, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, 3, hiccup.Calls(), "the run that saw the failure does not ask again")

	v, err = set.Judge.JudgeRelevance(WithRun(context.Background()), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "LLM not asked for this question")
	require.Equal(t, 3, hiccup.Calls(), "the next run lets it rest")

	for range 2 {
		v, err = set.Judge.JudgeRelevance(WithRun(context.Background()), "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		require.Empty(t, v.Notices)
		require.Equal(t, "LLM replied \"yes\"", v.Reason, "the runs after are judged by the LLM")
	}
	require.Equal(t, 5, hiccup.Calls())
}

// Runs going on at once keep their own verdicts: one whose LLM failed does
// not ask it again when another run, begun before, goes on asking it (two
// concurrent MCP calls once kept resetting each other's, 33 requests to a
// dead server instead of 6).
func TestBreakerVerdictsArePerRun(t *testing.T) {
	m := &scriptedModel{script: []step{
		{reply: "yes"},
		{err: errors.New("internal server error")}, {err: errors.New("internal server error")}, {err: errors.New("internal server error")},
		{reply: "yes"},
	}}
	set := scriptedSet(m)
	a, b := WithRun(context.Background()), WithRun(context.Background())
	_, err := set.Judge.JudgeRelevance(b, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	v, err := set.Judge.JudgeRelevance(a, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "continuing offline")
	require.Equal(t, 4, m.Calls())
	_, err = set.Judge.JudgeRelevance(b, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, 5, m.Calls(), "b, begun before a's failure, asks on")
	v, err = set.Judge.JudgeRelevance(a, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "continuing offline")
	require.Equal(t, 5, m.Calls(), "a does not ask again, whatever b did")
}

// A refused connection's notice says what to do: nothing listens there.
func TestRefusedConnectionNoticeSaysWhatToDo(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	require.True(t, strings.HasSuffix(failure(fmt.Errorf("check relevance with the LLM: %w", refused)), "; is the LLM server running? Start it, or use --llm offline"))
	require.NotContains(t, failure(errors.New("internal server error")), "is the LLM server running")
}

// An LLM error that does not say which server failed is told the endpoint;
// one that names it, or carries a key, is not given it twice, and the key
// never shows.
func TestModelErrorsNameTheEndpoint(t *testing.T) {
	ctx := context.Background()
	quiet := &redactingModel{Model: &scriptedModel{script: []step{{err: errors.New("network error: failed to reach API server")}}}, endpoint: "http://127.0.0.1:1/v1"}
	_, err := quiet.GenerateContent(ctx, nil)
	require.EqualError(t, err, "network error: failed to reach API server (at http://127.0.0.1:1/v1)")

	named := &redactingModel{Model: &scriptedModel{script: []step{{err: errors.New(`Post "http://127.0.0.1:1/v1/chat": refused`)}}}, endpoint: "http://127.0.0.1:1/v1"}
	_, err = named.GenerateContent(ctx, nil)
	require.EqualError(t, err, `Post "http://127.0.0.1:1/v1/chat": refused`)

	keyed := &redactingModel{Model: &scriptedModel{script: []step{{err: errors.New("invalid key sk-secret-1234")}}}, secrets: []string{"sk-secret-1234"}, endpoint: "https://api.example"}
	_, err = keyed.GenerateContent(ctx, nil)
	require.EqualError(t, err, "invalid key [redacted] (at https://api.example)")
}

// Outside a run, calls in flight when the LLM is given up fail in the same
// outage: they keep its reason (one notice, not one per call with a
// climbing count) and do not double the backoff again.
func TestInFlightFailuresShareTheOutage(t *testing.T) {
	b := &breaker{}
	ctx := context.Background()
	first := b.trip(ctx, errors.New("3 unusable replies in a row"))
	require.Equal(t, first, b.trip(ctx, errors.New("4 unusable replies in a row")))
	require.Equal(t, first, b.trip(ctx, errors.New("5 unusable replies in a row")))
	require.Equal(t, 1, b.backoff)
}

// Runs asking at once that fail in one outage double the backoff once:
// six asks at once against a dead server (an MCP client's) made the next
// 32 runs skip an LLM that had recovered. A run that begins asking after
// the trip and fails is a failure in a row, and doubles it.
func TestConcurrentRunsShareTheOutage(t *testing.T) {
	b := &breaker{}
	var runs []context.Context
	for range 6 {
		ctx := WithRun(context.Background())
		_, down, _ := b.open(ctx)
		require.False(t, down)
		runs = append(runs, ctx)
	}
	first := b.trip(runs[0], errors.New("HTTP 500"))
	for _, ctx := range runs[1:] {
		require.Equal(t, first, b.trip(ctx, errors.New("HTTP 502")))
	}
	require.Equal(t, 1, b.backoff, "one outage, one doubling")

	skipped := WithRun(context.Background())
	_, down, wasSkipped := b.open(skipped)
	require.True(t, down && wasSkipped, "the next run rests the LLM")
	later := WithRun(context.Background())
	_, down, _ = b.open(later)
	require.False(t, down)
	b.trip(later, errors.New("HTTP 500"))
	require.Equal(t, 2, b.backoff, "a failure after the rest doubles it")
}

// A question stopped (an MCP client's cancel) after an attempt to the LLM
// had failed records the failure: the next question rests the LLM and
// says why. Nothing was recorded, so a client that cancels each question
// before the retries run out had every question hang as long again.
func TestAStoppedCallRecordsTheFailureBeforeIt(t *testing.T) {
	m := &scriptedModel{script: []step{{err: errors.New("no reply within 3s")}, {delay: time.Minute}}}
	set := scriptedSet(m)
	ctx, cancel := context.WithCancel(WithRun(context.Background()))
	go func() {
		for m.Calls() < 2 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, "check relevance with the LLM: context canceled", err.Error(), "said as the stop")

	v, err := set.Judge.JudgeRelevance(WithRun(context.Background()), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, strings.Join(v.Notices, "\n"), "no reply within 3s")
	require.Equal(t, 2, m.Calls(), "the LLM rests for the next question")
}

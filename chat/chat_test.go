package chat

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

func turn(q string) []Turn { return []Turn{{Question: q}} }

func TestOfflineRewrite(t *testing.T) {
	pd := "What is the Nash equilibrium of the prisoner's dilemma?"
	for _, tc := range []struct {
		name, prev, line, want string
	}{
		{"a preposition carries the topic", pd, "and in the repeated version?", "What about the Nash equilibrium of the prisoner's dilemma in the repeated version?"},
		{"a back-reference is replaced", pd, "Why does it work?", "Why does the Nash equilibrium of the prisoner's dilemma work?"},
		{"a possessive back-reference", "How is the Shapley value computed?", "what are its properties?", "What are the Shapley value's properties?"},
		// "Why in Nash equilibrium of the prisoner's dilemma?" was no
		// sentence; a bare question word asks its usual question of the
		// topic (askAgain).
		{"a bare question word", pd, "and why?", "Why does the Nash equilibrium of the prisoner's dilemma matter?"},
		{"the previous question's own question word", "Why do bidders shade their bids in first-price auctions?", "and why?", "Why do bidders shade their bids in first-price auctions?"},
		{"a connective with a plain noun phrase", "What is a Nash equilibrium?", "what about large populations?", "What about Nash equilibrium and large populations?"},
		{"a connective with a new glossary term", "What is a Nash equilibrium?", "what about mixed strategies?", "what about mixed strategies?"},
		{"a new glossary topic stands alone", pd, "and what about the Shapley value?", "and what about the Shapley value?"},
		{"a standalone question is unchanged", pd, "How do bidders shade bids in first-price auctions?", "How do bidders shade bids in first-price auctions?"},
		{"a line naming the topic is unchanged", pd, "and in the repeated prisoner's dilemma?", "and in the repeated prisoner's dilemma?"},
		{"a one-concept topic", "What is the prisoner's dilemma?", "and in the repeated version?", "What about the prisoner's dilemma in the repeated version?"},
		{"no history, nothing to carry", "", "and in the repeated version?", "and in the repeated version?"},
		// "Can you give an example in the Shapley value?" asked for
		// something in it.
		{"an example is of the topic", "What is the Shapley value?", "Can you give an example?", "Can you give an example of the Shapley value?"},
		{"a question ending otherwise is in it", "What is the Shapley value?", "Can you compute it by hand?", "Can you compute the Shapley value by hand?"},
		{"what about with a back-reference", "What is the Shapley value?", "what about its axioms?", "What about the Shapley value's axioms?"},
		// "what about" is the subject of "makes", and "it" its complement's
		// equilibrium: the Shapley value was put in its place.
		{"what about as the subject of a verb", "What is the Shapley value?", "What about the Nash equilibrium of matching pennies makes it mixed?", "What about the Nash equilibrium of matching pennies makes it mixed?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hist []Turn
			if tc.prev != "" {
				hist = turn(tc.prev)
			}
			r, err := Offline{}.Rewrite(context.Background(), hist, tc.line)
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Question)
		})
	}
}

// A second question that names its own subject stands alone, pronouns
// and all: the pronoun refers to that subject, "that" opens a clause, "it"
// stands for what follows. Each of these once had the previous topic glued
// on ("Why do bidders shade Nash equilibrium's bids …?").
func TestOfflineRewriteLeavesStandaloneQuestionsAlone(t *testing.T) {
	for _, line := range []string{
		"Why do bidders shade their bids in first-price auctions?",
		"Why do firms in a cartel cheat on their agreements?",
		"What is backward induction and when does it fail?",
		"Who invented the Shapley value, and why is it fair?",
		"How do auctioneers set reserve prices and why do they matter?",
		"Why do people cooperate in public goods games when they could free ride?",
		"How does the Vickrey auction ensure that bidding your value is optimal?",
		"What is a strategy that is never a best response called?",
		"Is it rational to cooperate in a one-shot prisoner's dilemma?",
		"Is it true that every finite game has a mixed equilibrium?",
		"What does it mean for a mechanism to be strategy-proof?",
		"Why is it that people reject low offers in the ultimatum game?",
	} {
		t.Run(line, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), turn("What is a Nash equilibrium?"), line)
			require.NoError(t, err)
			require.Equal(t, line, r.Question)
		})
	}
}

// A follow-up is still carried: a pronoun that nothing before it in the
// line can stand for (a subject or an object is not its own clause's
// noun), and an elliptical fragment.
func TestOfflineRewriteCarriesRealFollowUps(t *testing.T) {
	ne := "What is a Nash equilibrium?"
	for _, tc := range []struct{ prev, line, want string }{
		{ne, "Who proved it?", "Who proved Nash equilibrium?"},
		{ne, "Does it always exist?", "Does Nash equilibrium always exist?"},
		{ne, "Is it related to correlated equilibrium?", "Is Nash equilibrium related to correlated equilibrium?"},
		{ne, "Does that hold for mixed strategies too?", "Does Nash equilibrium hold for mixed strategies too?"},
		{ne, "Does that hold this year?", "Does Nash equilibrium hold this year?"},
		{ne, "Why do players in a repeated game use it?", "Why do players in a repeated game use Nash equilibrium?"},
		{ne, "Under what conditions does it exist?", "Under what conditions does Nash equilibrium exist?"},
		{ne, "In zero-sum games, is it unique?", "In zero-sum games, is Nash equilibrium unique?"},
		{ne, "Is it true that it always exists?", "Is it true that Nash equilibrium always exists?"},
		{ne, "In first-price auctions?", "What about Nash equilibrium in first-price auctions?"},
		{ne, "and in first-price auctions?", "What about Nash equilibrium in first-price auctions?"},
		// The topic is the previous question's concepts, not the verb
		// between them.
		{"How does the Vickrey auction make truthful bidding a dominant strategy?", "Why does it work?", "Why does Vickrey auction work?"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), turn(tc.prev), tc.line)
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Question)
		})
	}
}

type fakeCondenser struct {
	reply string
	err   error
	got   []reasoner.Exchange
}

func (f *fakeCondenser) Condense(_ context.Context, h []reasoner.Exchange, _ string) (string, error) {
	f.got = h
	return f.reply, f.err
}

// The LLM rewriter sends the conversation and, when the model fails, falls
// back to the offline rewrite with a notice.
// A follow-up of a follow-up carries the topic of the question asked in
// full, not the words of the rewrite ("Shapley value fair").
func TestOfflineRewriteCarriesTheTopicAskedInFull(t *testing.T) {
	hist := []Turn{
		{Input: "What is the Shapley value?", Question: "What is the Shapley value?"},
		{Input: "and why is it fair?", Question: "Why is Shapley value fair?", Rewritten: true},
	}
	r, err := Offline{}.Rewrite(context.Background(), hist, "what about its axioms?")
	require.NoError(t, err)
	require.Equal(t, "What about the Shapley value's axioms?", r.Question)
}

func TestLLMRewrite(t *testing.T) {
	hist := []Turn{{Question: "What is the prisoner's dilemma?", Result: service.Result{Answer: "A game [1]."}}}
	c := &fakeCondenser{reply: "What is the repeated prisoner's dilemma?"}
	r, err := LLM{Condenser: c}.Rewrite(context.Background(), hist, "and repeated?")
	require.NoError(t, err)
	require.Equal(t, "What is the repeated prisoner's dilemma?", r.Question)
	require.Equal(t, []reasoner.Exchange{{Question: "What is the prisoner's dilemma?", Answer: "A game [1]."}}, c.got)

	r, err = LLM{Condenser: &fakeCondenser{err: errors.New("no reply within 1m")}}.Rewrite(context.Background(), hist, "and in the repeated version?")
	require.NoError(t, err)
	require.Equal(t, "What about the prisoner's dilemma in the repeated version?", r.Question)
	require.Len(t, r.Notices, 1)
	require.Contains(t, r.Notices[0], "no reply within 1m")
}

// A rewrite the LLM was not asked for, because it failed earlier and is
// resting (reasoner.ErrLLMUnavailable), is noted as not asked, as chat
// --trace narrates it ("ACTION none: no call to the LLM"); the note said
// "the LLM could not rewrite the follow-up (LLM unavailable)", as for a
// call that failed. A call that did fail still says why.
func TestLLMRewriteNoticeSaysWhetherTheLLMWasAsked(t *testing.T) {
	hist := []Turn{{Question: "What is the prisoner's dilemma?", Result: service.Result{Answer: "A game [1]."}}}
	for _, tc := range []struct {
		err        error
		line, want string
	}{
		{reasoner.ErrLLMUnavailable, "and in the repeated version?",
			"the LLM was not asked to rewrite the follow-up (it failed earlier and is resting); carried the previous topic instead"},
		{reasoner.ErrLLMUnavailable, "Why do people cooperate?",
			"the LLM was not asked to rewrite the line (it failed earlier and is resting); asked it as typed"},
		{errors.New("no reply within 1m"), "and in the repeated version?",
			"the LLM could not rewrite the follow-up (no reply within 1m); carried the previous topic instead"},
		{errors.New("no reply within 1m"), "Why do people cooperate?",
			"the LLM could not rewrite the line (no reply within 1m); asked it as typed"},
		// A failure that gave the LLM up for the question is the outage's
		// one note: it was followed by "LLM given up for this run (see
		// the notice above); continuing offline".
		{reasoner.GivenUp(errors.New("empty reply")), "and in the repeated version?",
			"the LLM could not rewrite the follow-up (empty reply); carried the previous topic instead; the LLM is given up for this question, which is answered offline"},
	} {
		r, err := LLM{Condenser: &fakeCondenser{err: tc.err}}.Rewrite(context.Background(), hist, tc.line)
		require.NoError(t, err)
		require.Equal(t, []string{tc.want}, r.Notices, "%v, %q", tc.err, tc.line)
	}
}

// A question that stands alone is not sent to the model to be condensed:
// a model that obliges glues the previous topic on. A line the rule leaves
// open still goes to the model, and when the model fails and nothing is
// carried, the notice does not say that the topic was.
func TestLLMRewriteLeavesStandaloneQuestionsAlone(t *testing.T) {
	hist := []Turn{{Question: "What is a Nash equilibrium?", Result: service.Result{Answer: "A profile of best responses [1]."}}}
	for _, line := range []string{
		"How does the Vickrey auction make truthful bidding a dominant strategy?",
		"Why does tit-for-tat do well in the iterated prisoner's dilemma?",
	} {
		c := &fakeCondenser{reply: "What is the Nash equilibrium of the question: " + line}
		r, err := LLM{Condenser: c}.Rewrite(context.Background(), hist, line)
		require.NoError(t, err)
		require.Equal(t, line, r.Question)
		require.Empty(t, r.Notices)
		require.Nil(t, c.got, "not sent to the model")
	}

	c := &fakeCondenser{err: errors.New("no reply within 1m")}
	r, err := LLM{Condenser: c}.Rewrite(context.Background(), hist, "Why do people cooperate?")
	require.NoError(t, err)
	require.NotNil(t, c.got, "a line without a glossary term of its own goes to the model")
	require.Equal(t, "Why do people cooperate?", r.Question)
	require.Len(t, r.Notices, 1)
	require.NotContains(t, r.Notices[0], "carried the previous topic")
	require.Contains(t, r.Notices[0], "asked it as typed")
}

// script is a LineReader over fixed lines; a "^C" line is Ctrl-C at the
// prompt.
type script []string

func (s *script) ReadLine(string) (string, error) {
	if len(*s) == 0 {
		return "", io.EOF
	}
	l := (*s)[0]
	*s = (*s)[1:]
	if l == "^C" {
		return "", ErrInterrupt
	}
	return l, nil
}

type recorder struct {
	out            bytes.Buffer
	notes, errs    []string
	asked          []string
	traced         []bool
	opened         []string
	ask            func(ctx context.Context, q string) (service.Result, error)
	told           [][]string // each question's Query.Told
	interruptsChan chan struct{}
}

func (r *recorder) session() *Session {
	return &Session{
		Ask: func(ctx context.Context, query Query, trace bool) (service.Result, error) {
			q := query.Question
			r.asked = append(r.asked, q)
			r.told = append(r.told, query.Told)
			r.traced = append(r.traced, trace)
			if r.ask != nil {
				return r.ask(ctx, q)
			}
			return service.Result{Question: q, Answer: "answer to " + q, ArxivRequests: 1, PapersAdded: 2,
				Sources: []nodes.Source{{PaperID: "2301.00001v1", Title: "A paper", URL: "http://arxiv.org/abs/2301.00001v1"}}}, nil
		},
		Out:        &r.out,
		Note:       func(n string) { r.notes = append(r.notes, n) },
		Error:      func(err error) { r.errs = append(r.errs, err.Error()) },
		Open:       func(u string) error { r.opened = append(r.opened, u); return nil },
		Store:      func() string { return "10 chunks from 5 papers" },
		Interrupts: r.interruptsChan,
	}
}

// TestStatsCountsInTheSingular: one question is "1 question answered".
func TestStatsCountsInTheSingular(t *testing.T) {
	var r recorder
	lines := script{"What is the prisoner's dilemma?", "/stats", "/quit"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Contains(t, r.out.String(), "this session: 1 question answered, 1 arXiv request, 2 papers added\n")
}

// Two questions and a follow-up: the follow-up is rewritten, shown, and
// asked; slash commands act on the last answer.
func TestSessionRun(t *testing.T) {
	var r recorder
	s := r.session()
	lines := script{
		"What is the prisoner's dilemma?", "", "^C", "How do auctions work?",
		"/sources", "/open 1", "/open 7", "/trace on", "and why?", "/trace off", "/stats", "/nope", "/quit", "never read",
	}
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Equal(t, []string{"What is the prisoner's dilemma?", "How do auctions work?", "Why do auctions work?"}, r.asked)
	require.Equal(t, []bool{false, false, true}, r.traced)
	require.Equal(t, script{"never read"}, lines, "/quit ends the session")
	out := r.out.String()
	require.Contains(t, out, "→ Why do auctions work?\n", "the question word takes the place of the previous one's")
	require.NotContains(t, out, "→ How do auctions work?", "a standalone question is not shown again")
	require.Contains(t, out, "  [1] A paper — arXiv:2301.00001v1 http://arxiv.org/abs/2301.00001v1\n")
	require.Equal(t, []string{"http://arxiv.org/abs/2301.00001v1"}, r.opened)
	require.Contains(t, out, "this session: 3 questions answered, 3 arXiv requests, 6 papers added\nknowledge base: 10 chunks from 5 papers\n")
	require.Len(t, r.errs, 2)
	require.Contains(t, r.errs[0], "from 1 to 1")
	require.Contains(t, r.errs[1], `unknown command "/nope"`)
	require.Len(t, s.History(), 3)
}

// /sources spells ids as ask's answer does (README: "[1] Title —
// arXiv:2504.70688v1 http://…"): arXiv ids with their prefix, primer ids
// as they are and without a URL, an untitled source under its bare id.
func TestSourcesCiteIDsAsAskDoes(t *testing.T) {
	var r recorder
	r.ask = func(ctx context.Context, q string) (service.Result, error) {
		return service.Result{Question: q, Answer: "an answer", Sources: []nodes.Source{
			{PaperID: "primer:nash-equilibrium", Title: "Nash equilibrium"},
			{PaperID: "2504.70688v1", Title: "Auctions", URL: "http://arxiv.org/abs/2504.70688v1"},
			{PaperID: "cs/0112004v1", URL: "http://arxiv.org/abs/cs/0112004v1"},
		}}, nil
	}
	lines := script{"What is a Nash equilibrium?", "/sources", "/quit"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	out := r.out.String()
	require.Contains(t, out, "  [1] Nash equilibrium — primer:nash-equilibrium\n")
	require.Contains(t, out, "  [2] Auctions — arXiv:2504.70688v1 http://arxiv.org/abs/2504.70688v1\n")
	require.Contains(t, out, "  [3] cs/0112004v1 — arXiv:cs/0112004v1 http://arxiv.org/abs/cs/0112004v1\n")
	require.NotContains(t, out, "arXiv:primer:")
}

// An interrupt cancels the question in flight; the session goes on with
// the next line. The cancelled question stays in the history as
// unanswered: a follow-up carries its topic, /sources and /stats skip it.
func TestSessionInterrupt(t *testing.T) {
	r := recorder{interruptsChan: make(chan struct{}, 1)}
	r.ask = func(ctx context.Context, q string) (service.Result, error) {
		if strings.Contains(q, "slow") {
			r.interruptsChan <- struct{}{} // Ctrl-C while it runs
			select {
			case <-ctx.Done():
				return service.Result{}, ctx.Err()
			case <-time.After(10 * time.Second):
				return service.Result{}, errors.New("not cancelled")
			}
		}
		return service.Result{Question: q, Answer: "fine"}, nil
	}
	s := r.session()
	lines := script{"a slow question about auctions", "What is a Nash equilibrium?"}
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Equal(t, []string{"question cancelled; ask another, or /quit"}, r.notes)
	require.Empty(t, r.errs)
	require.Len(t, s.History(), 2)
	require.True(t, s.History()[0].Unanswered)
	require.Equal(t, "What is a Nash equilibrium?", s.History()[1].Question)
	require.False(t, s.History()[1].Unanswered)
}

// A failed question is reported and the session goes on; the end of the
// session's own context ends Run with its error.
func TestSessionErrors(t *testing.T) {
	var r recorder
	r.ask = func(context.Context, string) (service.Result, error) {
		return service.Result{}, errors.New("store is damaged")
	}
	s := r.session()
	lines := script{"q one about auctions", "q two about auctions"}
	require.NoError(t, s.Run(context.Background(), &lines))
	require.Equal(t, []string{"store is damaged", "store is damaged"}, r.errs)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lines = script{"q three"}
	require.ErrorIs(t, s.Run(ctx, &lines), context.Canceled)
}

// Lines reads a script's lines, no prompt written anywhere.
func TestLines(t *testing.T) {
	l := NewLines(context.Background(), strings.NewReader("one\n\ntwo"), 100)
	var got []string
	for {
		s, err := l.ReadLine(Prompt)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, s)
	}
	require.Equal(t, []string{"one", "", "two"}, got)
}

// A line naming the previous topic by its head with "the" is read as the
// whole topic; an indefinite mention, or one with a modifier of its own,
// is asked as typed. The topic keeps its definite article.
func TestOfflineRewriteReadsTheHeadAsTheTopic(t *testing.T) {
	core := "What is the core of a cooperative game?"
	pd := "What is the Nash equilibrium of the prisoner's dilemma?"
	for _, tc := range []struct{ prev, line, want string }{
		{core, "When does the core apply?", "When does the core of a cooperative game apply?"},
		{core, "Is the core always non-empty?", "Is the core of a cooperative game always non-empty?"},
		{core, "How does it work?", "How does the core of a cooperative game work?"},
		{pd, "Is the Nash equilibrium unique?", "Is the Nash equilibrium of the prisoner's dilemma unique?"},
		// Asked as typed.
		{pd, "Does every game have a Nash equilibrium?", "Does every game have a Nash equilibrium?"},
		{core, "What is the core of a market?", "What is the core of a market?"},
		{core, "When does the core of a cooperative game apply?", "When does the core of a cooperative game apply?"},
		{"What is the Shapley value?", "Why is the Shapley value fair?", "Why is the Shapley value fair?"},
		{"What is a Nash equilibrium?", "Does the Nash equilibrium always exist?", "Does the Nash equilibrium always exist?"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), turn(tc.prev), tc.line)
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Question)
		})
	}
}

// A topic that opens with the subject's verb is carried as a gerund.
func TestOfflineRewriteTopicOpeningWithAVerb(t *testing.T) {
	for _, tc := range []struct{ prev, line, want string }{
		{"Why do people cooperate in the prisoner's dilemma?", "In auctions?", "What about cooperating in the prisoner's dilemma in auctions?"},
		{"Why do bidders shade bids in first-price auctions?", "and in the repeated version?", "What about shading bids in first-price auctions in the repeated version?"},
		{"What is the price of anarchy of selfish routing?", "In auctions?", "What about the price of anarchy of selfish routing in auctions?"},
	} {
		t.Run(tc.prev+" "+tc.line, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), turn(tc.prev), tc.line)
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Question)
		})
	}
}

func TestGerund(t *testing.T) {
	for v, want := range map[string]string{
		"cooperate": "cooperating", "shade": "shading", "bid": "bidding", "tie": "tying",
		"defect": "defecting", "agree": "agreeing", "bargain": "bargaining", "win": "winning",
		"play": "playing", "vote": "voting", "collude": "colluding", "fix": "fixing",
	} {
		require.Equal(t, want, gerund(v), v)
	}
}

// A question refused as off-topic got a reply, not an answer: /stats
// counted it among the questions answered.
func TestStatsCountsOffTopicRefusalsApart(t *testing.T) {
	r := recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		if q == "How do I bake bread?" {
			return service.Result{Question: q, Answer: "not game theory", Outcome: nodes.OutcomeOffTopic}, nil
		}
		return service.Result{Question: q, Answer: "An answer [1].", Outcome: nodes.OutcomeAnswered}, nil
	}}
	lines := script{"What is the prisoner's dilemma?", "How do I bake bread?", "/stats"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Contains(t, r.out.String(), "this session: 1 question answered, 1 refused as off-topic, 0 arXiv requests, 0 papers added\n")
}

// A reply that says nothing answers (arXiv unreachable and nothing stored,
// "I have nothing more on this question …") is no answer either.
func TestStatsCountsAbstentionsApart(t *testing.T) {
	r := recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		if q == "What is a zorblax equilibrium?" {
			return service.Result{Question: q, Answer: "arXiv could not be reached …", Outcome: nodes.OutcomeArxivUnavailable, Abstained: true, ArxivRequests: 1}, nil
		}
		return service.Result{Question: q, Answer: "An answer [1].", Outcome: nodes.OutcomeAnswered}, nil
	}}
	lines := script{"What is the prisoner's dilemma?", "What is a zorblax equilibrium?", "How do I bake bread?", "/stats"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Contains(t, r.out.String(), "this session: 2 questions answered, 1 with nothing found to answer, 1 arXiv request, 0 papers added\n")
}

// A topic that only its answer's first source names in full is carried in
// full: "When does it apply?" after "What is the core?", answered from
// "The core of a cooperative game", was asked "When does the core apply?"
// and refused as off-topic (an apple has a core). A source whose title
// says more, or names another subject, leaves the topic as typed.
func TestOfflineRewriteWidensTheTopicByItsSource(t *testing.T) {
	coreSource := []nodes.Source{{PaperID: "primer:core", Title: "The core of a cooperative game"}}
	tft := []nodes.Source{{PaperID: "primer:tft", Title: "Tit-for-tat, Axelrod's tournaments and the iterated prisoner's dilemma"}}
	for _, tc := range []struct {
		prev    string
		sources []nodes.Source
		line    string
		want    string
	}{
		{"What is the core?", coreSource, "When does it apply?", "When does the core of a cooperative game apply?"},
		{"What is a core?", coreSource, "and why?", "Why does the core of a cooperative game matter?"},
		{"What is the core?", coreSource, "When does the core apply?", "When does the core of a cooperative game apply?"},
		{"What is the core?", nil, "When does it apply?", "When does the core apply?"},
		{"What is tit-for-tat?", tft, "Why does it win?", "Why does tit-for-tat win?"},
		{"What is the core?", []nodes.Source{{PaperID: "x", Title: "The core of a market, and its stability"}}, "When does it apply?", "When does the core apply?"},
		{"What is the core?", []nodes.Source{{PaperID: "x", Title: "The coreless game of chance"}}, "When does it apply?", "When does the core apply?"},
	} {
		t.Run(tc.prev+" "+tc.line, func(t *testing.T) {
			require.Equal(t, tc.want, rewriteAfter(t, tc.prev, tc.sources, tc.line))
		})
	}
}

// rewriteAfter is the offline rewrite of line after prev, answered from
// sources.
func rewriteAfter(t *testing.T, prev string, sources []nodes.Source, line string) string {
	t.Helper()
	history := []Turn{{Question: prev, Result: service.Result{Question: prev, Outcome: nodes.OutcomeAnswered, Sources: sources}}}
	r, err := Offline{}.Rewrite(context.Background(), history, line)
	require.NoError(t, err)
	return r.Question
}

// A question in a student's own words, naming no glossary term, gives a
// follow-up the glossary term its answer's first source names in its
// title, as the glossary names it: its own first phrase made "Does lots of
// programmers always hold?". A question naming a glossary term keeps its
// own topic, and a title naming none leaves the question's phrase.
func TestOfflineRewriteTakesAnUnnamedTopicFromTheSource(t *testing.T) {
	bystander := "When lots of programmers could report a flaw in shared code, how long does it take before someone finally steps up?"
	attrition := []nodes.Source{{PaperID: "2510.72437v1", Title: "The War of Attrition: Timing Games, Exit and the Cost of Waiting"}}
	for _, tc := range []struct {
		prev    string
		sources []nodes.Source
		line    string
		want    string
	}{
		{bystander, attrition, "Does it always hold?", "Does war of attrition always hold?"},
		{bystander, attrition, "why?", "Why does war of attrition matter?"},
		{"What is the core?", attrition, "When does it apply?", "When does the core apply?"},
		{bystander, []nodes.Source{{PaperID: "x", Title: "Internal and External Stability of Groups"}}, "Does it always hold?", "Does lots of programmers always hold?"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			require.Equal(t, tc.want, rewriteAfter(t, tc.prev, tc.sources, tc.line))
		})
	}
}

// A slash command that reads no argument refuses one, as /trace refuses
// "maybe": "/stats now" ran as /stats, "/quit now" ended the session.
func TestSlashCommandsRefuseArgumentsTheyDoNotRead(t *testing.T) {
	var r recorder
	lines := script{"What is a core?", "/sources 2", "/stats now", "/help me", "/quit now", "still here?"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Equal(t, []string{
		`/sources takes no argument ("2"); /help lists the commands`,
		`/stats takes no argument ("now"); /help lists the commands`,
		`/help takes no argument ("me"); /help lists the commands`,
		`/quit takes no argument ("now"); /help lists the commands`,
	}, r.errs)
	require.Equal(t, []string{"What is a core?", "still here?"}, r.asked, "the session went on")
	require.NotContains(t, r.out.String(), "this session:")
}

// A question that stops before its answer (its step limit, a failed step)
// after adding papers says how many the store kept, as ask does; /stats
// counts them. One that added none says only its error.
func TestAStoppedQuestionSaysThePapersItAdded(t *testing.T) {
	r := recorder{ask: func(_ context.Context, q string) (service.Result, error) {
		added := 3
		if strings.Contains(q, "none") {
			added = 0
		}
		return service.Result{Question: q, ArxivRequests: 1, PapersAdded: added}, errors.New("step limit 5 reached")
	}}
	lines := script{"What are mean field games?", "What are none games?", "/stats", "/quit"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	out := r.out.String()
	require.Equal(t, 1, strings.Count(out, "(Stopped before an answer;"), out)
	require.Contains(t, out, "(Stopped before an answer; 3 papers added to the knowledge base.)\n")
	require.Equal(t, []string{"step limit 5 reached", "step limit 5 reached"}, r.errs)
	require.Contains(t, out, "this session: 0 questions answered, 2 arXiv requests, 3 papers added\n", "/stats counts them")
	require.Equal(t, "(Stopped before an answer; 1 paper added to the knowledge base.)", StoppedLine(1))
}

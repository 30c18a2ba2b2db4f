package chat

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// keeping is a script that keeps what the session remembers, as the
// Terminal's history does.
type keeping struct {
	script
	kept []string
}

func (k *keeping) Remember(line string) { k.kept = append(k.kept, line) }

// Answers typed at the --step prompt (Enter, c, q) are read from the
// session's own reader but are no questions: only the questions and the
// commands are kept in the history. They once were all saved in
// chat_history, and ↑ recalled "c".
func TestStepAnswersAreNotRemembered(t *testing.T) {
	in := &keeping{script: script{"What is a Nash equilibrium?", "", "c", "/stats", "Does it always exist?", "q", "/quit"}}
	var r recorder
	r.ask = func(_ context.Context, q string) (service.Result, error) {
		// The stepper reads its answers from the same reader, as
		// newLineStepper does: a first Enter, then c; or q.
		for {
			a, err := in.ReadLine("  [Enter] run this step · c continue to the end · q stop > ")
			require.NoError(t, err)
			switch a {
			case "q":
				return service.Result{}, errors.New("stopped at the --step prompt")
			case "c":
				return service.Result{Question: q, Answer: "an answer"}, nil
			}
		}
	}
	require.NoError(t, r.session().Run(context.Background(), in))
	require.Equal(t, []string{"What is a Nash equilibrium?", "/stats", "Does it always exist?", "/quit"}, in.kept)
}

// "quit" and "exit" typed without the slash end the session as /quit
// does: asked as a question, "quit" was answered from a paper on English
// auctions. Only the bare word counts.
func TestQuitWithoutTheSlashEndsTheSession(t *testing.T) {
	for _, word := range []string{"quit", "exit", "Quit", "EXIT.", "exit!", "  quit  "} {
		t.Run(word, func(t *testing.T) {
			var r recorder
			lines := script{"What is a Nash equilibrium?", word, "never read"}
			require.NoError(t, r.session().Run(context.Background(), &lines))
			require.Equal(t, script{"never read"}, lines, "the session ended at %q", word)
			require.Equal(t, []string{"What is a Nash equilibrium?"}, r.asked)
			require.Empty(t, r.errs)
		})
	}
	var r recorder
	lines := script{"exit strategies in bargaining?", "quit smoking games?"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Equal(t, []string{"exit strategies in bargaining?", "quit smoking games?"}, r.asked, "a question that holds the word is asked")
}

// A follow-up that is a bare question word becomes a well-formed
// question: they read "Why in Nash equilibrium?" and, after "How do
// low-latency auction servers handle bid requests?", "Why in low-latency
// auction servers handle bid requests?".
func TestOfflineRewriteOfABareQuestionWord(t *testing.T) {
	ne := "What is a Nash equilibrium?"
	servers := "How do low-latency auction servers handle bid requests?"
	for _, tc := range []struct{ prev, line, want string }{
		{ne, "why?", "Why does Nash equilibrium matter?"},
		{ne, "and why?", "Why does Nash equilibrium matter?"},
		{ne, "How?", "How does Nash equilibrium work?"},
		{ne, "when?", "When does Nash equilibrium apply?"},
		{ne, "and where?", "Where is Nash equilibrium used?"},
		{ne, "who?", "Who introduced Nash equilibrium?"},
		{"What are mixed strategies?", "why?", "Why do mixed strategies matter?"},
		{servers, "and why?", "Why do low-latency auction servers handle bid requests?"},
		{servers, "why?", "Why do low-latency auction servers handle bid requests?"},
		{"When does a Nash equilibrium exist?", "why?", "Why does a Nash equilibrium exist?"},
		{"When does a Nash equilibrium exist?", "and when?", "When does a Nash equilibrium exist?"},
		{"Why do bidders shade their bids in first-price auctions?", "and how?", "How do bidders shade their bids in first-price auctions?"},
	} {
		t.Run(tc.prev+" "+tc.line, func(t *testing.T) {
			r, err := Offline{}.Rewrite(context.Background(), turn(tc.prev), tc.line)
			require.NoError(t, err)
			require.Equal(t, tc.want, r.Question)
		})
	}
}

// A follow-up after a question that got no answer — cancelled with
// Ctrl-C, stopped at the --step prompt, failed — carries that question's
// topic: it is the last one asked. "why?" once carried the topic from
// before the cancelled question, or, with nothing before it, was sent as
// typed. /sources and /stats still speak of the last answer.
func TestFollowUpAfterAnUnansweredQuestionCarriesItsTopic(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail func(ctx context.Context, ints chan struct{}) error
	}{
		{"cancelled", func(ctx context.Context, ints chan struct{}) error {
			ints <- struct{}{} // Ctrl-C while it runs
			<-ctx.Done()
			return ctx.Err()
		}},
		{"stopped at the step prompt", func(context.Context, chan struct{}) error {
			return errors.New("stopped at the --step prompt")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, first := range [][]string{nil, {"What is the prisoner's dilemma?"}} {
				r := recorder{interruptsChan: make(chan struct{}, 1)}
				r.ask = func(ctx context.Context, q string) (service.Result, error) {
					if strings.Contains(q, "auction servers") && !strings.HasPrefix(q, "Why") {
						return service.Result{ArxivRequests: 1}, tc.fail(ctx, r.interruptsChan)
					}
					return service.Result{Question: q, Answer: "an answer", ArxivRequests: 1, Outcome: nodes.OutcomeAnswered}, nil
				}
				s := r.session()
				lines := script(append(first, "How do low-latency auction servers handle bid requests?", "why?", "/stats"))
				require.NoError(t, s.Run(context.Background(), &lines))
				require.Equal(t, "Why do low-latency auction servers handle bid requests?", r.asked[len(r.asked)-1])
				require.Contains(t, r.out.String(), "→ Why do low-latency auction servers handle bid requests?\n")
				answered := len(first) + 1
				require.Contains(t, r.out.String(), "this session: "+map[int]string{1: "1 question", 2: "2 questions"}[answered]+" answered")
			}
		})
	}
}

// The sources of the last answer are those of the last question answered:
// one cancelled since has none to show, and does not hide them.
func TestSourcesAfterACancelledQuestionAreTheLastAnswers(t *testing.T) {
	r := recorder{interruptsChan: make(chan struct{}, 1)}
	r.ask = func(ctx context.Context, q string) (service.Result, error) {
		if strings.Contains(q, "slow") {
			r.interruptsChan <- struct{}{}
			<-ctx.Done()
			return service.Result{}, ctx.Err()
		}
		return service.Result{Question: q, Answer: "an answer",
			Sources: []nodes.Source{{PaperID: "2301.00001v1", Title: "A paper", URL: "http://arxiv.org/abs/2301.00001v1"}}}, nil
	}
	lines := script{"What is a Nash equilibrium?", "a slow question about auctions", "/sources", "/open 1"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Contains(t, r.out.String(), "  [1] A paper — arXiv:2301.00001v1 http://arxiv.org/abs/2301.00001v1\n")
	require.Equal(t, []string{"http://arxiv.org/abs/2301.00001v1"}, r.opened)
}

// /sources and /open say that there is no answer yet, or that the last
// one has no sources, in the same words and on the same stream: /sources
// said "no answer yet: ask a question first" on standard output, /open 1
// "gtrag: no answer yet: ask a question first" on standard error, and
// after an answer without sources /open 1 wanted "a source number from 1
// to 0".
func TestNoAnswerYetIsSaidOneWay(t *testing.T) {
	var r recorder
	r.ask = func(_ context.Context, q string) (service.Result, error) {
		return service.Result{Question: q, Answer: "off topic"}, nil
	}
	lines := script{"/sources", "/open 1", "What is the best banana bread?", "/sources", "/open 1"}
	require.NoError(t, r.session().Run(context.Background(), &lines))
	require.Empty(t, r.errs)
	require.Equal(t, 2, strings.Count(r.out.String(), "no answer yet: ask a question first\n"))
	require.Equal(t, 2, strings.Count(r.out.String(), "the last answer has no sources\n"))
}

// On a terminal (Width set) every line the session writes is wrapped at
// spaces, continuation lines indented under what they continue; a source
// keeps its URL whole. Off a terminal nothing changes.
func TestSessionLinesWrapToTheTerminal(t *testing.T) {
	run := func(width int) string {
		var r recorder
		r.ask = func(_ context.Context, q string) (service.Result, error) {
			return service.Result{Question: q, Answer: "an answer", Sources: []nodes.Source{{
				PaperID: "1805.67322v2", Title: "A low-latency auction server for serving auctions under latency limits",
				URL: "http://arxiv.org/abs/1805.67322v2"}}}, nil
		}
		s := r.session()
		s.Width = func() int { return width }
		lines := script{"/sources", "/help", "/stats", "How do low-latency auction servers handle bid requests?", "/sources", "thanks", "why?"}
		require.NoError(t, s.Run(context.Background(), &lines))
		return r.out.String()
	}
	plain := run(0)
	require.Contains(t, plain, "  [1] A low-latency auction server for serving auctions under latency limits — arXiv:1805.67322v2 http://arxiv.org/abs/1805.67322v2\n")
	require.Contains(t, plain, Help+"\n", "off a terminal the help is as written")
	require.Equal(t, plain, run(200), "lines that fit are left alone")

	narrow := run(39)
	for line := range strings.SplitSeq(strings.TrimSuffix(narrow, "\n"), "\n") {
		require.LessOrEqual(t, len([]rune(line)), 39, "%q", line)
	}
	require.Equal(t, strings.Fields(plain), strings.Fields(narrow), "only spaces change")
	require.Contains(t, narrow, "  [1] A low-latency auction server for\n      serving auctions under latency\n      limits — arXiv:1805.67322v2\n      http://arxiv.org/abs/1805.67322v2\n")
	require.Contains(t, narrow, "  /quit        end the session (or\n               quit, exit, Ctrl-D);\n               Ctrl-C cancels a\n")
	require.Contains(t, narrow, "this session: 0 questions answered, 0\n  arXiv requests, 0 papers added\n")
	require.Contains(t, narrow, "→ Why do low-latency auction servers\n  handle bid requests?\n")
	require.Contains(t, narrow, "(Not a question, so nothing was asked.\nAsk about game theory")
}

package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chat"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// gtragStdin runs gtrag with stdin as standard input.
func gtragStdin(t *testing.T, env map[string]string, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := MainIO(context.Background(), args, strings.NewReader(stdin), &out, &errOut, func(k string) string { return env[k] })
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// `ask -`, and `ask` with no argument and a pipe on stdin, read the
// question from stdin, with the rules of a question given as arguments.
func TestAskReadsStdin(t *testing.T) {
	env := testEnv(t)
	want := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, want.code, want.stderr)
	for _, args := range [][]string{{"ask", "-"}, {"ask"}} {
		r := gtragStdin(t, env, "What is a Nash\n  equilibrium?\n", args...)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, want.stdout, r.stdout, "%v answers as the question given as arguments", args)
	}

	for _, tc := range []struct{ name, stdin, msg string }{
		{"empty", "  \n", "ask needs a question"},
		{"too long", strings.Repeat("nash ", 1000), "the limit is 4096"},
		{"control characters", "What is \x1b[2J a game?", "control character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := gtragStdin(t, env, tc.stdin, "ask", "-")
			require.Equal(t, exitUsage, r.code)
			require.Empty(t, r.stdout)
			require.Contains(t, r.stderr, tc.msg)
		})
	}

	// "-" beside other words was asked as one of them ("- What is"),
	// and the question piped in was never read.
	for _, args := range [][]string{{"ask", "--json", "-", "What is"}, {"ask", "What is", "-"}} {
		r := gtragStdin(t, env, "What is a core?\n", args...)
		require.Equal(t, exitUsage, r.code, "%v", args)
		require.Empty(t, r.stdout)
		require.Equal(t, "gtrag: \"-\" reads the question from standard input and goes alone: gtrag ask - < question.txt (quote a question with a dash in it)\n", r.stderr)
	}
}

// chat in a script: one line per question or command, no prompt and no
// escape sequences; a follow-up is rewritten and the rewrite shown.
func TestChatScript(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is the prisoner's dilemma?\n\nand in the repeated version?\n/sources\n/stats\n/open 9\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "gtrag> ", "no prompt in a script")
	require.NotContains(t, r.stdout+r.stderr, "\x1b", "no escape sequences in a script")
	require.Contains(t, r.stdout, "→ What about the prisoner's dilemma in the repeated version?\n")
	require.Equal(t, 2, strings.Count(r.stdout, "\nSources:\n"), "two answers")
	require.Contains(t, r.stdout, "this session: 2 questions answered")
	require.Contains(t, r.stderr, "gtrag: /open wants a source number from 1 to")
	repeated := r.stdout[strings.Index(r.stdout, "→"):]
	require.Contains(t, strings.ToLower(repeated), "repeated", "the follow-up's answer is about repeated games")

	// ask -i is the same session.
	r2 := gtragStdin(t, env, "and in the repeated version?\n", "ask", "-i", "What is the prisoner's dilemma?")
	require.Equal(t, 0, r2.code, r2.stderr)
	require.Contains(t, r2.stdout, "→ What about the prisoner's dilemma in the repeated version?\n")
}

// A follow-up typed before any question, in a chat or as the question of
// ask -i, is not asked: it was, bare, and refused as not about game
// theory, with an arXiv request spent on "and in the repeated version?".
// The chat says there is no earlier question and goes on.
func TestChatFollowUpBeforeAnyQuestion(t *testing.T) {
	env := testEnv(t)
	for _, run := range []result{
		gtragStdin(t, env, "why?\nand in the repeated version?\n/stats\n", "chat"),
		gtragStdin(t, env, "and in the repeated version?\n/stats\n", "ask", "-i", "why?"),
	} {
		require.Equal(t, 0, run.code, run.stderr)
		require.Equal(t, 2, strings.Count(run.stdout, chat.NoEarlierQuestion+"\n"), run.stdout)
		require.NotContains(t, run.stdout, "about game theory")
		require.Contains(t, run.stdout, "this session: 0 questions answered, 0 arXiv requests, 0 papers added\n", "nothing asked")
		require.NotContains(t, run.stderr, "arXiv")
	}
}

// A line that is not valid UTF-8 is refused as such wherever it comes in
// a chat: as the first line it was read as a follow-up and answered "no
// earlier question", while ask and a later line said it was not valid
// UTF-8. The chat goes on to the next line, and a script's session ends
// 0, as after any other refused line.
func TestChatRefusesInvalidUTF8OnAnyLine(t *testing.T) {
	env := testEnv(t)
	const bad = "What is \xff\xfe?"
	for name, run := range map[string]result{
		"first line":      gtragStdin(t, env, bad+"\nWhat is a Nash equilibrium?\n/stats\n", "chat"),
		"later line":      gtragStdin(t, env, "What is a Nash equilibrium?\n"+bad+"\n/stats\n", "chat"),
		"ask -i question": gtragStdin(t, env, "What is a Nash equilibrium?\n/stats\n", "ask", "-i", bad),
	} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, 0, run.code, run.stderr)
			require.Equal(t, 1, strings.Count(run.stderr, "gtrag: the question is not valid UTF-8\n"), run.stderr)
			require.NotContains(t, run.stdout, chat.NoEarlierQuestion)
			require.Contains(t, run.stdout, "this session: 1 question answered", "the good question is answered")
		})
	}
}

// A follow-up carries the topic as the run read it: a misspelt term
// corrected, not the misspelling, which would be refused as off-topic.
func TestChatFollowUpCarriesTheCorrectedTerm(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a nash equilibirum?\nwhat about its refinements?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ What about nash equilibrium's refinements?\n")
	require.NotContains(t, r.stdout, "does not appear to be about game theory")
	require.Equal(t, 1, strings.Count(r.stderr, `read "equilibirum" as "equilibrium"`), "said once: %s", r.stderr)
}

// "tell me more" asks the last question again for what its answer did
// not say: it was rewritten "What about Nash equilibrium and tell me
// more?" and answered with the same sentences word for word.
func TestChatTellMeMoreSaysSomethingNew(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\ntell me more\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ more on: What is a Nash equilibrium?\n")
	require.NotContains(t, r.stdout, "tell me more?")
	first, more, ok := strings.Cut(r.stdout, "→ more on:")
	require.True(t, ok)
	require.Equal(t, 1, strings.Count(more, "\nSources:\n"), "answered: %s", more)
	answer := func(out string) string { a, _, _ := strings.Cut(out, "\nSources:"); return a }
	for _, s := range strings.SplitAfter(answer(first), "]. ") {
		if s = strings.TrimSpace(s); len(s) > 20 {
			require.NotContains(t, more, s, "told again")
		}
	}
}

// ask has no earlier answer to say more of: a request for more is bad
// usage, refused in one line before anything is written, where it was
// answered as a question not about game theory.
func TestAskRefusesARequestForMore(t *testing.T) {
	env := testEnv(t)
	for _, args := range [][]string{{"ask", "tell me more"}, {"ask", "Could you elaborate?"}} {
		r := gtrag(t, env, args...)
		require.Equal(t, exitUsage, r.code, "%v", args)
		require.Empty(t, r.stdout)
		require.Contains(t, r.stderr, "asks for more of an earlier answer, and ask has none: hold a conversation with gtrag chat")
		require.Equal(t, 1, strings.Count(strings.TrimSpace(r.stderr), "\n")+1, "one line: %q", r.stderr)
	}
	r := gtragStdin(t, env, "go on\n", "ask", "-")
	require.Equal(t, exitUsage, r.code)
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "nothing written")
	ok := gtrag(t, env, "ask", "Tell me more about the core of a cooperative game")
	require.Equal(t, 0, ok.code, "a question of its own: %s", ok.stderr)
}

// ask has no earlier question for a follow-up to go on from: "why?" alone
// was searched for nothing and answered as not about game theory. It is
// bad usage, refused in one line before anything is written; a whole
// question whose "it" points inside it is asked.
func TestAskRefusesABareFollowUp(t *testing.T) {
	env := testEnv(t)
	for _, q := range []string{"why?", "and in the repeated version?", "Does it always exist?"} {
		r := gtrag(t, env, "ask", q)
		require.Equal(t, exitUsage, r.code, q)
		require.Empty(t, r.stdout)
		require.Contains(t, r.stderr, "follows up on an earlier question, and ask has none: ask the whole question")
		require.Equal(t, 1, strings.Count(strings.TrimSpace(r.stderr), "\n")+1, "one line: %q", r.stderr)
	}
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.True(t, os.IsNotExist(err), "nothing written")
	ok := gtrag(t, env, "ask", "--json", "Why does a Stackelberg leader earn more than it would in Cournot competition?")
	require.Equal(t, 0, ok.code, ok.stderr)
	require.Contains(t, ok.stdout, `"outcome": "answered`)
}

// A second question that names its own subject is asked as typed, not
// made about the first question's topic; a real follow-up still is.
func TestChatLeavesAStandaloneQuestionAlone(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\nWhy do bidders shade their bids in first-price auctions?\nand with two bidders?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "→ Why do bidders", "a standalone question is not rewritten")
	require.NotContains(t, r.stdout, "Nash equilibrium's bids")
	require.Contains(t, r.stdout, "→ What about bids in first-price auctions with two bidders?\n", "the follow-up carries the new topic")
}

// With an LLM, a standalone question is not sent to be condensed, so a
// model that glues the previous topic onto every line cannot change it;
// a follow-up still is.
func TestChatWithAnLLMLeavesAStandaloneQuestionAlone(t *testing.T) {
	llm := newLLMServer(t)
	llm.answer = func(user string) string {
		switch {
		case strings.Contains(user, "Follow-up:") && strings.Contains(user, "and why?"):
			return "Why is truthful bidding a dominant strategy in the Vickrey auction?"
		case strings.Contains(user, "Follow-up:"):
			return "How does the Vickrey auction make truthful bidding a dominant strategy in a Nash equilibrium?"
		case strings.Contains(user, "arXiv searches"):
			return "Vickrey auction truthful bidding"
		}
		return "Bidding one's value is a dominant strategy in a second-price auction [1]."
	}
	env := auctionChatEnv(t, llm)

	r := gtragStdin(t, env, "What is a Nash equilibrium?\nHow does the Vickrey auction make truthful bidding a dominant strategy?\nand why?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, "in a Nash equilibrium?", "the standalone question is asked as typed")
	require.Contains(t, r.stdout, "→ Why is truthful bidding a dominant strategy in the Vickrey auction?\n")
	condensed := llm.prompting("Follow-up:")
	require.Len(t, condensed, 1, "only the follow-up is condensed")
	require.Contains(t, condensed[0], "and why?")
}

// With an LLM, a follow-up is condensed by the model from the conversation.
func TestChatWithAnLLM(t *testing.T) {
	llm := newLLMServer(t)
	llm.answer = func(user string) string {
		switch {
		case strings.Contains(user, "Follow-up:"):
			return "How much do bidders shade their bids in all-pay auctions?"
		case strings.Contains(user, "arXiv searches"):
			return "sealed-bid auction bid shading"
		}
		return "Bidders shade their bids below their valuations [1]."
	}
	env := auctionChatEnv(t, llm)

	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\nand in the all-pay version?\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ How much do bidders shade their bids in all-pay auctions?\n")
	condensed := llm.prompting("Follow-up:")
	require.Len(t, condensed, 1, "one follow-up, one condensation")
	require.Contains(t, condensed[0], "User: How much do bidders shade their bids in sealed-bid auctions?")
	require.Contains(t, condensed[0], "and in the all-pay version?")
}

// chat --trace narrates the LLM call that condenses a follow-up, in the
// form of the run's own LLM calls, before the run on the rewritten
// question: what was sent, what came back, and the question the run is
// asked; or that the call failed and which question was asked instead.
// The call used to be narrated nowhere: the trace went from the first
// run's END to a run on a question the user never typed.
func TestChatTraceNarratesTheCondenseCall(t *testing.T) {
	const (
		first   = "How much do bidders shade their bids in sealed-bid auctions?"
		allPay  = "How much do bidders shade their bids in all-pay auctions?"
		session = first + "\nand in the all-pay version?\n"
	)
	for _, tc := range []struct {
		name, reply   string
		action, asked string
		update        string
	}{
		{
			name: "rewritten", reply: allPay,
			action: `  ACTION              reasoner.condense_question [openai:test-model] follow_up="and in the all-pay version?" with 1 exchange → "` + allPay + `"` + "\n",
			update: `  ENVIRONMENT UPDATE  question: "and in the all-pay version?" → "` + allPay + `"` + "\n",
			asked:  allPay,
		},
		{
			name: "refused", reply: refusal,
			action: `  ACTION              reasoner.condense_question [openai:test-model] follow_up="and in the all-pay version?" with 1 exchange → failed: condense_question: the LLM reply "I'm sorry, but I can't help with that request." is not one question` + "\n",
			update: `(the LLM's rewrite was not used: rewritten offline, carrying the previous question's topic)` + "\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			llm := newLLMServer(t)
			llm.answer = func(user string) string {
				switch {
				case strings.Contains(user, "Follow-up:"):
					return tc.reply
				case strings.Contains(user, "arXiv searches"):
					return "sealed-bid auction bid shading"
				}
				return "Bidders shade their bids below their valuations [1]."
			}
			env := auctionChatEnv(t, llm)

			r := gtragStdin(t, env, session, "chat", "--trace")
			require.Equal(t, 0, r.code, r.stderr)
			require.Len(t, llm.prompting("Follow-up:"), 1)
			out := r.stderr
			require.Contains(t, out, "chat follow-up · condense_question, before the run\n")
			require.Contains(t, out, `  PERCEPT             follow_up: "and in the all-pay version?"`+"\n")
			require.Contains(t, out, `conversation: 1 earlier exchange, sent as its question and the head of its answer: "`+first+`"`+"\n")
			require.Contains(t, out, tc.action)
			require.Contains(t, out, tc.update)
			require.NotContains(t, out, env["OPENAI_API_KEY"])

			// Told between the first run's end and the second run, which
			// is on the question the block says it is asked.
			block := strings.Index(out, "chat follow-up · condense_question")
			require.Less(t, strings.Index(out, "\nEND after"), block, "after the first run")
			runs := strings.Split(out, "gtrag run ")
			require.Len(t, runs, 3, "two runs narrated:\n%s", out)
			second := strings.Index(out, "gtrag run "+strings.SplitN(runs[2], " ", 2)[0])
			require.Less(t, block, second, "before the second run")
			asked := tc.asked
			if asked == "" { // the offline rewrite, as stdout shows it
				line := r.stdout[strings.Index(r.stdout, "→ ")+len("→ "):]
				asked = line[:strings.Index(line, "\n")]
				require.NotEqual(t, "and in the all-pay version?", asked)
			}
			require.Contains(t, out, " → \""+asked+"\"", "the block names the question asked")
			require.True(t, strings.HasPrefix(runs[2][strings.Index(runs[2], " · ")+len(" · "):], "\""+asked+"\""), "the second run asks it:\n%s", runs[2])
		})
	}

	// Without --trace, nothing is narrated.
	llm := newLLMServer(t)
	llm.answer = func(user string) string {
		if strings.Contains(user, "Follow-up:") {
			return allPay
		}
		return "Bidders shade their bids below their valuations [1]."
	}
	r := gtragStdin(t, auctionChatEnv(t, llm), session, "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ "+allPay+"\n")
	require.NotContains(t, r.stderr, "condense_question")
}

// With an LLM, "tell me more" is not sent to be condensed: the last
// question is asked again, and the answer prompt shows the model what its
// first answer said, for it to say what the passages add.
func TestChatTellMeMoreWithAnLLM(t *testing.T) {
	llm := newLLMServer(t)
	llm.answer = func(user string) string {
		switch {
		case strings.Contains(user, "Follow-up:"):
			return "What about Vickrey auctions and tell me more?"
		case strings.Contains(user, "arXiv searches"):
			return "sealed-bid auction bid shading"
		case strings.Contains(user, "already been told"):
			return "Shading grows with the number of rivals [1]."
		}
		return "Bidders shade their bids below their valuations [1]."
	}
	env := auctionChatEnv(t, llm)

	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\ntell me more\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ more on: How much do bidders shade their bids in sealed-bid auctions?\n")
	require.Contains(t, r.stdout, "Shading grows with the number of rivals [1].")
	require.Empty(t, llm.prompting("Follow-up:"), "nothing to condense")
	told := llm.prompting("already been told")
	require.Len(t, told, 1, "the second answer's prompt only")
	require.Contains(t, told[0], "Bidders shade their bids below their valuations.", "the first answer, without its citation")
}

// A stalled arXiv costs ask its --arxiv-budget, then the store answers
// with a notice.
func TestAskArxivBudget(t *testing.T) {
	stall := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(stall.Close)
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = stall.URL
	env["GTRAG_SEED"] = "none"
	start := time.Now()
	r := gtrag(t, env, "ask", "--arxiv-budget", "500ms", "How do bidders shade bids in first-price auctions?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Less(t, time.Since(start), 15*time.Second)
	require.Contains(t, r.stderr, "arXiv did not answer within this question's 500ms budget")

	bad := gtrag(t, env, "ask", "--arxiv-budget", "-1s", "What is a game?")
	require.Equal(t, exitUsage, bad.code)
	require.Contains(t, bad.stderr, "--arxiv-budget")
}

// ask -i is a conversation: a flag for one answer is bad usage with it.
func TestAskInteractiveRejectsOneShotFlags(t *testing.T) {
	env := testEnv(t)
	for _, flag := range []string{"--json", "--trace-out=run.jsonl"} {
		r := gtragStdin(t, env, "What is a game?\n", "ask", "-i", flag)
		require.Equal(t, exitUsage, r.code, flag)
		require.Empty(t, r.stdout)
		require.Contains(t, r.stderr, "-i starts a conversation")
	}
}

// Without $BROWSER or a desktop (as in tests, over SSH, in a container)
// /open only prints the URL: there is no opener.
func TestNoBrowserWithoutADesktop(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("a desktop is always assumed there")
	}
	a := &app{getenv: func(string) string { return "" }}
	require.Nil(t, a.browser())
	a = &app{getenv: func(k string) string { return map[string]string{"BROWSER": "/nonexistent/browser"}[k] }}
	require.Nil(t, a.browser(), "a $BROWSER that does not exist is no browser")
}

// auctionChatEnv is a chat's environment with the scripted LLM llm and an
// arXiv holding two auction papers.
func auctionChatEnv(t *testing.T, llm *llmServer) map[string]string {
	t.Helper()
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_LLM"] = "openai:test-model"
	env["OPENAI_BASE_URL"] = llm.URL + "/v1"
	env["OPENAI_API_KEY"] = "sk-test-0123456789"
	return env
}

// A chat question stopped by --max-steps says so as ask does: the limit
// and what to do, one line, without the workflow's "run the workflow:"
// prefix (found by an exploratory review).
func TestChatStepLimitSaysWhatToDo(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\n", "chat", "--max-steps", "3")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "gtrag: step limit 3 reached")
	require.Contains(t, r.stderr, "give a larger --max-steps to let it go on")
	require.NotContains(t, r.stderr, "run the workflow:")
}

// A gtrag ingest command an answer suggests names the knowledge base the
// run used when a flag chose it: copied as it was, it filled the default
// knowledge base instead (found by an exploratory review).
func TestSuggestedIngestNamesTheDataDirFlag(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the flag under test is --data-dir, of the embedded store")
	}
	dir := filepath.Join(t.TempDir(), "my kb")
	lines := "What is the Shapley value?\ntell me more\ngo on\ncould you elaborate?\ntell me more\n"
	r := gtragStdin(t, env, lines, "--data-dir", dir, "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "gtrag --data-dir '"+dir+"' ingest --query ")
	require.NotContains(t, r.stdout, ": gtrag ingest ")

	// From the environment, the shell that runs the suggestion has it too.
	env["GTRAG_DATA_DIR"] = dir
	r = gtragStdin(t, env, lines, "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, ": gtrag ingest --query ")
}

func TestShellQuote(t *testing.T) {
	require.Equal(t, "/tmp/kb-1", shellQuote("/tmp/kb-1"))
	require.Equal(t, "'/tmp/my kb'", shellQuote("/tmp/my kb"))
	require.Equal(t, `'it'\''s'`, shellQuote("it's"))
	require.Equal(t, "''", shellQuote(""))
}

// Ctrl-C or SIGTERM ends a chat script waiting for its next line too: with
// its input a pipe that stays open (a program feeding it, a FIFO), the
// signal went unheard until a line came, and an input that then ended
// exited 0. The answers given before stay.
func TestChatScriptInterruptedWhileWaitingForALine(t *testing.T) {
	env := testEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	defer pw.Close()
	answered := make(chan struct{})
	out := &watchWriter{want: "\nSources:\n", seen: answered}
	var errOut strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- MainIO(ctx, []string{"chat"}, pr, out, &errOut, func(k string) string { return env[k] })
	}()
	_, err := io.WriteString(pw, "What is a Nash equilibrium?\n")
	require.NoError(t, err)
	select {
	case <-answered:
	case <-time.After(30 * time.Second):
		t.Fatal("no answer")
	}
	cancel() // Ctrl-C while chat waits for the next line
	select {
	case c := <-code:
		require.Equal(t, exitInterrupted, c, errOut.String())
		require.Equal(t, "gtrag: chat interrupted\n", errOut.String())
	case <-time.After(10 * time.Second):
		t.Fatal("chat still waits for a line after Ctrl-C")
	}
}

// watchWriter closes seen once what was written holds want.
type watchWriter struct {
	mu   sync.Mutex
	buf  strings.Builder
	want string
	seen chan struct{}
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), w.want)
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), w.want) {
		close(w.seen)
	}
	return len(p), nil
}

// The question given to ask -i is the session's first line, read as a
// line typed is: "quit" ends the session at once and a slash command runs.
// Both were asked as questions: "quit" was answered from a paper on
// English auctions, and "/stats" searched arXiv for "stats".
func TestAskInteractiveFirstLineIsALineOfTheChat(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\n", "ask", "-i", "quit")
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stdout, "nothing asked, and the session over before the line piped in")

	r = gtragStdin(t, env, "", "ask", "-i", "/stats")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "this session: 0 questions answered, 0 arXiv requests, 0 papers added\n")
	require.NotContains(t, r.stdout, "game theory")

	r = gtragStdin(t, env, "", "ask", "-i", "/nonsense")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "gtrag: unknown command \"/nonsense\"; /help lists the commands\n", r.stderr)
}

// A slash command with a control character in it is named as typed, the
// character escaped: the output filter dropped a NUL, and "/sta\x00ts"
// was refused as "unknown command /stats", a command that exists.
func TestChatUnknownCommandShowsWhatWasTyped(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "/sta\x00ts\n/Sta\x1bts now\n/stats\n", "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "gtrag: unknown command \"/sta\\x00ts\"; /help lists the commands\n"+
		"gtrag: unknown command \"/Sta\\x1bts\"; /help lists the commands\n", r.stderr)
	require.Contains(t, r.stdout, "this session: 0 questions answered", "/stats itself runs")
}

// A chat whose LLM failed on the question before lets it rest for the
// next one, condense call included: nothing is sent, and the narration
// says the LLM was not asked, not that a call failed. So does the note
// under it, which said "the LLM could not rewrite the follow-up (LLM
// unavailable)" right after "ACTION none: no call to the LLM".
func TestChatTraceSaysTheRestingLLMWasNotAsked(t *testing.T) {
	llm := newFaultyLLM(t)
	llm.fault = func(_, user string) llmFault {
		if strings.Contains(user, "Follow-up:") {
			return answerSensibly
		}
		return status500
	}
	var condense atomic.Int32
	llm.reply = func(_, user string) (string, bool) {
		if !strings.Contains(user, "Follow-up:") {
			return "", false
		}
		condense.Add(1)
		return "How much do bidders shade their bids in all-pay auctions?", true
	}
	env := llmEnv(t, llm, "openai", auctionPaper, oldStyleAuction)
	r := gtragStdin(t, env, "How much do bidders shade their bids in sealed-bid auctions?\nand in the all-pay version?\n", "chat", "--trace")
	require.Equal(t, 0, r.code, r.stderr)
	require.Zero(t, condense.Load(), "nothing sent to condense")
	require.NotEmpty(t, llm.seen(), "the first question asked the LLM")
	require.Contains(t, r.stderr, "chat follow-up · condense_question, before the run\n")
	require.Contains(t, r.stderr, "  ACTION              none: no call to the LLM\n")
	require.Contains(t, r.stderr, "(the LLM was not asked: rewritten offline")
	require.NotContains(t, r.stderr, "→ failed: LLM unavailable")
	require.Contains(t, r.stderr, "\nnote: the LLM was not asked to rewrite the follow-up (it failed earlier and is resting); carried the previous topic instead\n")
	require.NotContains(t, r.stderr, "could not rewrite")
}

package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
)

// A question piped with echo's newline counts its text, not the newline:
// a question of exactly the limit is asked as it would be as an argument,
// and a longer one is refused with its own length.
func TestAskStdinQuestionAtTheLimit(t *testing.T) {
	env := testEnv(t)
	q := "What is a core" + strings.Repeat(" ", maxQuestionBytes-len("What is a core?")) + "?"
	require.Len(t, q, maxQuestionBytes)
	r := gtragStdin(t, env, q+"\n", "ask", "-")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Sources:")

	r = gtragStdin(t, env, strings.Repeat("nash ", 1000)+"\n", "ask", "-")
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "gtrag: the question is 4999 bytes; the limit is 4096\n", r.stderr)

	r = gtragStdin(t, env, strings.Repeat("nash ", 10_000), "ask", "-")
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "gtrag: the question on standard input is over 16384 bytes; the limit is 4096\n", r.stderr)
	require.Empty(t, r.stdout)
}

// ask -i - reads the conversation from standard input: "-" is not a
// question to ask first.
func TestAskInteractiveDashIsStandardInput(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\n/stats\n", "ask", "-i", "-")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "this session: 1 question answered", "only the piped question was asked")
	require.NotContains(t, r.stdout, "does not appear to be about game theory")
}

// -i refuses the flags a conversation would silently drop, as it refuses
// --json: --otlp-endpoint exports one run, and a chat has many.
func TestAskInteractiveRefusesOTLP(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\n", "ask", "-i", "--otlp-endpoint", "http://127.0.0.1:1")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Empty(t, r.stdout)
	require.Equal(t, "gtrag: -i starts a conversation; it cannot be combined with --json, --trace-out or --otlp-endpoint\n", r.stderr)
}

// --router llm with no LLM is bad usage, and bad usage writes nothing: no
// knowledge base is created in a new data directory, by ask or by chat.
func TestRouterLLMRefusedBeforeTheStoreIsCreated(t *testing.T) {
	for _, args := range [][]string{
		{"ask", "--router", "llm", "What is a Nash equilibrium?"},
		{"chat", "--router", "llm"},
		{"ask", "-i", "--router", "llm"},
	} {
		env := testEnv(t)
		r := gtragStdin(t, env, "What is a Nash equilibrium?\n", args...)
		require.Equal(t, exitUsage, r.code, "%v: %s", args, r.stderr)
		require.Contains(t, r.stderr, "--router llm needs an LLM")
		require.Empty(t, r.stdout)
		if env["GTRAG_STORE"] == "" {
			_, err := os.Stat(env["GTRAG_DATA_DIR"])
			require.True(t, os.IsNotExist(err), "%v created %s", args, env["GTRAG_DATA_DIR"])
		}
	}
}

// Ctrl-C while ask searches arXiv ends it with exit 130 and one plain
// line, not the workflow's error chain. With --json a script still gets
// the object, as for a run stopped at its step limit: outcome
// interrupted, no answer, the steps that completed.
func TestAskInterruptedSaysSo(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	srv := auctionServer(t, env)
	for _, asJSON := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		srv.OnRequest(func(arxivtest.Request) { cancel() })
		args := []string{"ask", "How does a second-price auction make bidding truthful?"}
		if asJSON {
			args = append(args, "--json")
		}
		r := gtragCtx(ctx, t, env, args...)
		require.Equal(t, exitInterrupted, r.code, r.stderr)
		require.Equal(t, "gtrag: ask interrupted before its answer\n", r.stderr)
		if !asJSON {
			require.Empty(t, r.stdout)
			continue
		}
		var out service.Result
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
		require.Equal(t, service.OutcomeInterrupted, out.Outcome)
		require.Empty(t, out.Answer)
		require.Equal(t, []string{"pull_from_chroma", "check_relevance"}, out.Path, "search_arxiv did not complete")
		require.Zero(t, out.PapersAdded)
		require.Equal(t, out.StoreCountBefore, out.StoreCountAfter)
	}
}

// q at the --step prompt stops ask before a step; with --json the object
// says what the run did up to there (exit 130, the line on stderr).
func TestAskStepStopPrintsTheObject(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "\nq\n", "ask", "--step", "--json", "What is a Nash equilibrium?")
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Contains(t, r.stderr, "gtrag: ask stopped before step 2 (check_relevance)")
	var out service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), r.stdout)
	require.Equal(t, service.OutcomeInterrupted, out.Outcome)
	require.Equal(t, []string{"pull_from_chroma"}, out.Path)
	require.Empty(t, out.Answer)
}

// A line of a chat script longer than chat reads is refused like a
// question too long, and the session goes on with the next line.
func TestChatScriptOverlongLine(t *testing.T) {
	env := testEnv(t)
	script := strings.Repeat("What is a Nash equilibrium? ", 1000) + "\nWhat is a Nash equilibrium?\n/stats\n"
	r := gtragStdin(t, env, script, "chat")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "gtrag: the question is 28000 bytes; the limit is 4096\n", r.stderr)
	require.Contains(t, r.stdout, "this session: 1 question answered")
}

// Ctrl-C ends a chat script (exit 130) with a line that says so.
func TestChatScriptInterruptedSaysSo(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	srv := auctionServer(t, env)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest(func(arxivtest.Request) { cancel() })
	var out, errOut strings.Builder
	code := MainIO(ctx, []string{"chat"}, strings.NewReader("How does a second-price auction make bidding truthful?\nWhat is a core?\n"),
		&out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, exitInterrupted, code, errOut.String())
	require.Equal(t, "gtrag: chat interrupted\n", errOut.String())
}

// q at a chat --step prompt stops that question, which is the user's
// choice: a note, not an error line.
func TestChatStepStopIsANote(t *testing.T) {
	env := testEnv(t)
	r := gtragStdin(t, env, "What is a Nash equilibrium?\nq\n", "chat", "--step")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "note: question stopped at the --step prompt; ask another, or /quit\n")
	require.NotContains(t, r.stderr, "gtrag: ")
}

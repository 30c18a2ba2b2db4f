package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// gtragWithStdin runs gtrag as its own process (the test binary playing
// gtrag, see TestStoreChildProcess) with env as its whole environment and
// stdin as its standard input: the prompt of --step reads the real stdin.
func gtragWithStdin(t *testing.T, env map[string]string, stdin string, args ...string) result {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	a, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^TestStoreChildProcess$")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Env = append(cmd.Env, storeChildEnv+"=gtrag", storeChildArgsEnv+"="+string(a), "GOCOVERDIR="+t.TempDir())
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
	}
	return result{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
}

func stepEnv(t *testing.T) map[string]string {
	t.Helper()
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	return env
}

func storeCount(t *testing.T, env map[string]string) int {
	t.Helper()
	var st struct {
		Chunks int `json:"chunks"`
	}
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &st)
	return st.Chunks
}

// q before add_to_chroma stops the run there: nothing of that step ran, the
// store holds nothing, and the trace is complete and says interrupted.
func TestAskStepQuitStopsCleanlyBeforeTheNode(t *testing.T) {
	env := stepEnv(t)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtragWithStdin(t, env, "\n\n\n\nq\n", "ask", "--step", "--trace-out", file, "--max-results", "3", traceQuestion)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Empty(t, r.stdout, "no answer: the run never got there")
	require.Equal(t, 5, strings.Count(r.stderr, "⏸ before step"), r.stderr)
	for i, node := range []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers, nodes.AddToChroma} {
		require.Contains(t, r.stderr, "⏸ before step "+itoa(i+1)+" · "+node)
	}
	// The percept shows the state as it is: the question before step 1, the
	// kept papers before add_to_chroma.
	require.Contains(t, r.stderr, "percept    user_query = \""+traceQuestion[:20])
	require.Regexp(t, `before step 5 · add_to_chroma\n(.*\n)*?  percept    arxiv_papers = [1-9] papers?:`, r.stderr)
	require.Contains(t, r.stderr, "step 4 · filter_game_theory_papers", "--step narrates the steps it runs")
	require.NotContains(t, r.stderr, "\nstep 5 · add_to_chroma", "add_to_chroma never started")
	require.Contains(t, r.stderr, "stopped at the --step prompt")
	require.Equal(t, 1, strings.Count(strings.TrimSpace(r.stderr[strings.LastIndex(r.stderr, "INTERRUPTED"):]), "gtrag: "), r.stderr)

	require.Equal(t, 0, storeCount(t, env), "the papers were found but never added")

	evs := traceEvents(t, file)
	require.True(t, trace.Complete(evs))
	var end trace.ExecutionFailedData
	require.NoError(t, evs[len(evs)-1].Decode(&end))
	require.True(t, end.Interrupted, "%+v", end)
	require.Equal(t, []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers}, end.Path)

	tr := gtrag(t, env, "trace", file)
	require.Contains(t, tr.stdout, "INTERRUPTED after 4 steps")
	h := gtrag(t, env, "trace", "--format", "html", file)
	require.Equal(t, 0, h.code, h.stderr)
	require.Contains(t, h.stdout, `<span class="outcome-interrupted">interrupted</span>`)
	require.Contains(t, h.stdout, "Stopped on purpose: ")
	// The recording replays to the same stop.
	rp := gtrag(t, env, "replay", file)
	require.Equal(t, exitInterrupted, rp.code, rp.stderr)
	require.Contains(t, rp.stderr, "before step 5 (add_to_chroma)")
	// Stopped on purpose is not a failure, in the replay's words too.
	require.Contains(t, rp.stderr, "the recorded run was stopped before step 5, and so is the replay")
	require.NotContains(t, rp.stderr, "failed")
}

// c runs the rest without asking; the run ends as any run does.
func TestAskStepContinueRunsToTheEnd(t *testing.T) {
	env := stepEnv(t)
	r := gtragWithStdin(t, env, "\nc\n", "ask", "--step", "--max-results", "3", traceQuestion)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 2, strings.Count(r.stderr, "⏸ before step"), r.stderr)
	require.Contains(t, r.stdout, "Sources:")
	require.Contains(t, r.stderr, "END after 8 steps")
	require.Positive(t, storeCount(t, env))
}

// A script that runs out of answers stops; a wrong answer asks again.
func TestAskStepEndOfInputStops(t *testing.T) {
	env := stepEnv(t)
	r := gtragWithStdin(t, env, "x\n", "ask", "--step", traceQuestion)
	require.Equal(t, exitInterrupted, r.code, r.stderr)
	require.Contains(t, r.stderr, "type Enter, c or q")
	require.Contains(t, r.stderr, "(end of input)")
	require.Equal(t, 1, strings.Count(r.stderr, "⏸ before step"))
	require.Empty(t, r.stdout)
}

func itoa(i int) string { return strings.TrimSpace(string(rune('0' + i))) }

// chat --step asks before every node of every question, reading the
// answers from the session's own lines: "c" lets the first question run
// on, then the next question asks again from step 1 and "q" stops it
// without ending the session.
func TestChatStep(t *testing.T) {
	env := stepEnv(t)
	script := traceQuestion + "\n\nc\nWhat is a Nash equilibrium?\nq\n/quit\n"
	r := gtragWithStdin(t, env, script, "chat", "--step", "--max-results", "3")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 3, strings.Count(r.stderr, "⏸ before step"), r.stderr)
	require.Equal(t, 2, strings.Count(r.stderr, "⏸ before step 1 · pull_from_chroma"), "each question asks from step 1")
	require.Contains(t, r.stdout, "Sources:", "the first question ran to its answer")
	require.Contains(t, r.stderr, "stopped at the --step prompt", "the second was stopped")
	require.Positive(t, storeCount(t, env), "what the first question added stays")
	// As with ask --step: each step run is narrated, and a script's
	// transcript shows the prompt each answer was read at.
	require.Contains(t, r.stderr, "step 1 · pull_from_chroma\n  PERCEPT")
	require.Equal(t, 3, strings.Count(r.stderr, stepPrompt), r.stderr)
}

// ask -i is chat: --step and --trace work there as they do in chat.
func TestAskInteractiveStepsAndNarrates(t *testing.T) {
	env := stepEnv(t)
	r := gtragWithStdin(t, env, "What is a Nash equilibrium?\nq\n", "ask", "-i", "--step")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, "⏸ before step 1 · pull_from_chroma")
	require.Contains(t, r.stderr, "stopped at the --step prompt")

	r = gtragWithStdin(t, env, "What is a Nash equilibrium?\n/trace off\nWhat is a Nash equilibrium?\n", "ask", "-i", "--trace")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "step 1 · pull_from_chroma\n  PERCEPT"), "narrated until /trace off: %s", r.stderr)
}

func TestAskStepNeedsTheQuestionAsAnArgument(t *testing.T) {
	r := gtragWithStdin(t, testEnv(t), "What is a Nash equilibrium?\n", "ask", "--step", "-")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "the question must be an argument")
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// shellWords splits a command line as sh would for the examples' needs:
// words, '…' and "…" quoting; a "#" comment, a "> file" redirection or a
// pipe ends the command.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(line[i+1:], c)
			require.GreaterOrEqual(t, j, 0, "unclosed quote in %q", line)
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case (c == '#' || c == '>' || c == '|' || c == '<' || c == ';' || c == '&') && !inWord:
			return words
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// runExamples runs gtrag command lines in order, as a teacher would type
// them one after another in one directory (dir): every file name ending in
// .jsonl is taken in dir. Each must succeed.
func runExamples(t *testing.T, env map[string]string, dir string, lines []string) {
	t.Helper()
	for _, line := range lines {
		words := shellWords(t, line)
		require.NotEmpty(t, words, line)
		require.Equal(t, "gtrag", words[0], line)
		args := words[1:]
		for i, a := range args {
			if strings.HasSuffix(a, ".jsonl") {
				args[i] = filepath.Join(dir, a)
			}
		}
		r := gtrag(t, env, args...)
		require.Equal(t, 0, r.code, "%s\nstderr: %s", line, r.stderr)
	}
}

// replay --help showed, after recording "What is a Nash equilibrium?",
// `--fork 7 …` and `--fork 3 …`: that run answers from the primer in three
// steps, so both were usage errors ("the recorded run has steps 1 to 3",
// "step 3 (generate_response) ended the run"). The examples now run as
// written, in order.
func TestQAReplayHelpExamplesRunAsWritten(t *testing.T) {
	env := testEnv(t)
	cmd := newReplayCmd(&app{})
	var lines []string
	for _, l := range strings.Split(cmd.Example, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	require.GreaterOrEqual(t, len(lines), 3)
	require.Contains(t, lines[0], "gtrag ask --trace-out run.jsonl")
	runExamples(t, env, t.TempDir(), lines)
}

// The same for the README's block of commands for teachers: those that
// use the recording the block makes, and the graph.
func TestQAReadmeTeacherExamplesRunAsWritten(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	readme := string(b)
	i := strings.Index(readme, "## Watching the agent think")
	require.GreaterOrEqual(t, i, 0, "the README has no section for teachers")
	block := readme[i:]
	start := strings.Index(block, "```sh\n")
	require.GreaterOrEqual(t, start, 0)
	block = block[start+len("```sh\n"):]
	block = block[:strings.Index(block, "```")]
	var lines []string
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimSpace(l)
		// --step waits for a person, --otlp-endpoint for a collector, and
		// --trace on its own asks a question that needs arXiv.
		if l == "" || strings.Contains(l, "--step") || strings.Contains(l, "--otlp-endpoint") || strings.Contains(l, "ask --trace ") {
			continue
		}
		lines = append(lines, l)
	}
	require.GreaterOrEqual(t, len(lines), 5, "commands of the block: %q", lines)
	runExamples(t, testEnv(t), t.TempDir(), lines)
}

// recordNash records "What is a Nash equilibrium?" answered from the
// primer (three steps, no network) and returns the environment and file.
func recordNash(t *testing.T) (map[string]string, string) {
	t.Helper()
	env := testEnv(t)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	return env, file
}

// --set of a field the state does not have said "--set no state field
// "bogus" (…)", as if --set had been given no field; it now names what was
// typed. Usage errors: exit 2, one line, nothing on standard output.
func TestQAForkSetErrorsNameWhatWasTyped(t *testing.T) {
	env, file := recordNash(t)
	for _, c := range []struct{ set, want string }{
		{"bogus=1", `gtrag: --set bogus=1: no state field "bogus" (fields: user_query, `},
		{"relevant_context=null", `gtrag: --set relevant_context=null: relevant_context takes true or false, not null`},
	} {
		r := gtrag(t, env, "replay", file, "--fork", "2", "--set", c.set, "--offline")
		require.Equal(t, 2, r.code, c.set)
		require.Empty(t, r.stdout, c.set)
		require.True(t, strings.HasPrefix(r.stderr, c.want), "%s: %q", c.set, r.stderr)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "%s: not one line: %q", c.set, r.stderr)
	}
}

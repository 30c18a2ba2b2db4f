package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// startPTYOutToFile runs gtrag typed at a terminal with standard output
// sent to a file, as `gtrag chat > out.txt` does; standard error is the
// terminal too unless errFile is set, and the terminal is the process's
// controlling terminal (/dev/tty). It returns the session and the paths of
// the files.
func startPTYOutToFile(t *testing.T, env map[string]string, errFile bool, args ...string) (p *ptySession, out, errPath string) {
	t.Helper()
	dir := t.TempDir()
	out = filepath.Join(dir, "out.txt")
	stdout, err := os.Create(out)
	require.NoError(t, err)
	defer stdout.Close()
	o := ptyOptions{cols: 100, stdout: stdout}
	if errFile {
		errPath = filepath.Join(dir, "err.txt")
		stderr, err := os.Create(errPath)
		require.NoError(t, err)
		defer stderr.Close()
		o.stderr = stderr
	}
	return startPTYWith(t, env, o, args...), out, errPath
}

// `gtrag chat > out.txt` typed at a terminal is still a conversation: the
// prompt and the line editing are on the terminal (standard error, or
// /dev/tty when that is redirected too), ↑ recalls, Ctrl-C at the prompt
// clears the line, the history is saved, and the answers, only they, go to
// the file. It once printed no prompt, read ↑ as raw escape bytes ("the
// question contains a control character (U+001B)"), ended the session at
// Ctrl-C and saved no history.
func TestChatWithOutputToAFileKeepsTheLineEditor(t *testing.T) {
	for _, errFile := range []bool{false, true} {
		name := map[bool]string{false: "prompt on standard error", true: "prompt on /dev/tty"}[errFile]
		t.Run(name, func(t *testing.T) {
			env := testEnv(t)
			p, out, errPath := startPTYOutToFile(t, env, errFile, "chat")
			p.waitFor("gtrag> ", 1)
			p.send("What is a Nash equilibrium?\r")
			p.waitFor("gtrag> ", 2)
			p.send("\x1b[A") // ↑
			p.waitFor("What is a Nash equilibrium?", 2)
			p.send("\x03") // Ctrl-C at the prompt: the line goes, the session stays
			p.waitFor("gtrag> ", 3)
			p.send("/quit\r")
			require.Equal(t, 0, p.exit(), p.screen())

			screen := p.screen()
			require.Contains(t, screen, "gtrag chat: ask about game theory.")
			require.NotContains(t, screen, "Sources:", "the answer went to the file")
			require.NotContains(t, screen, "control character")
			b, err := os.ReadFile(out)
			require.NoError(t, err)
			answer := string(b)
			require.Contains(t, answer, "Nash equilibrium")
			require.Contains(t, answer, "\nSources:\n")
			require.NotContains(t, answer, "gtrag> ", "no prompt in the file")
			require.NotContains(t, answer, "gtrag chat:", "the welcome is for the terminal")
			require.NotContains(t, answer, "\x1b", "no escape sequence in the file")
			require.NotContains(t, answer, "\r")
			hist, err := os.ReadFile(filepath.Join(env["GTRAG_DATA_DIR"], "chat_history"))
			require.NoError(t, err)
			require.Equal(t, "What is a Nash equilibrium?\n/quit\n", string(hist))
			if errFile {
				e, err := os.ReadFile(errPath)
				require.NoError(t, err)
				require.NotContains(t, string(e), "gtrag> ", "the prompt is on the terminal, not in standard error's file")
			}
		})
	}
}

// Ctrl-C while a question runs cancels that question, not the session,
// with standard output sent to a file as on the terminal.
func TestChatWithOutputToAFileCtrlCCancelsTheQuestion(t *testing.T) {
	env, requests := stallingArxivEnv(t)
	p, out, _ := startPTYOutToFile(t, env, false, "chat")
	p.waitFor("gtrag> ", 1)
	p.send("How do bidders shade bids in first-price auctions?\r")
	select {
	case <-requests:
	case <-time.After(30 * time.Second):
		t.Fatalf("arXiv was never asked; the terminal shows:\n%s", p.screen())
	}
	p.send("\x03")
	p.waitFor("note: question cancelled; ask another, or /quit", 1)
	p.waitFor("gtrag> ", 2)
	p.send("/stats\r")
	p.waitFor("gtrag> ", 3)
	p.send("/quit\r")
	require.Equal(t, 0, p.exit(), p.screen())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(b), "this session: 0 questions answered")
}

// Answers typed at the --step prompt (Enter, c) are not kept in the chat
// history: ↑ once recalled "c" before the question.
func TestChatStepAnswersAreNotInTheHistory(t *testing.T) {
	env := testEnv(t)
	p := startPTY(t, env, "chat", "--step")
	p.waitFor("gtrag> ", 1)
	p.send("What is a Nash equilibrium?\r")
	p.waitFor("run this step", 1)
	p.send("\r")
	p.waitFor("run this step", 2)
	p.send("c\r")
	p.waitFor("Sources:", 1)
	p.waitFor("gtrag> ", 2)
	p.send("/quit\r")
	require.Equal(t, 0, p.exit(), p.screen())
	hist, err := os.ReadFile(filepath.Join(env["GTRAG_DATA_DIR"], "chat_history"))
	require.NoError(t, err)
	require.Equal(t, "What is a Nash equilibrium?\n/quit\n", string(hist))
}

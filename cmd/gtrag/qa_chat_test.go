package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/require"
)

// A chat history that cannot be read (here a directory where the file
// should be) is a notice, and the chat on a terminal goes on: it once
// ended with exit 1 before the first prompt.
func TestChatOnATerminalWithoutItsHistory(t *testing.T) {
	env := testEnv(t)
	require.NoError(t, os.MkdirAll(filepath.Join(env["GTRAG_DATA_DIR"], "chat_history"), 0o755))
	p := startPTY(t, env, "chat")
	p.waitFor("gtrag> ", 1)
	p.send("What is a Nash equilibrium?\r")
	p.waitFor("Sources:", 1)
	p.waitFor("gtrag> ", 2)
	p.send("\x04") // Ctrl-D
	require.Equal(t, 0, p.exit(), p.screen())
	require.Contains(t, p.screen(), "note: read the chat history: ")
	require.Contains(t, p.screen(), "the chat goes on, and this session's lines are not saved")
}

// runOnTerminalOutput runs gtrag with stdin as a pipe and standard output
// and error on a pseudo-terminal, as `echo QUESTION | gtrag ask` typed at
// a terminal does, and returns what the terminal showed.
func runOnTerminalOutput(t *testing.T, env map[string]string, stdin string, args ...string) (string, int) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	a, err := json.Marshal(args)
	require.NoError(t, err)
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	defer ptmx.Close()
	require.NoError(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: 120}))
	cmd := exec.Command(exe, "-test.run=^TestPTYChild$")
	cmd.Env = []string{"TERM=xterm", ptyChildArgs + "=" + string(a), "GOCOVERDIR=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Stdout, cmd.Stderr = tty, tty
	require.NoError(t, cmd.Start())
	tty.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { io.Copy(&out, ptmx); close(done) }() // ends with EIO once the child is gone
	werr := cmd.Wait()
	<-done
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) {
		t.Fatal(werr)
	}
	return out.String(), cmd.ProcessState.ExitCode()
}

// A person who pipes the question in at a terminal is waiting as much as
// one who types it: a refused connection is not retried (README: "On a
// terminal a refused connection is not retried at all"). It once was,
// four times, because only standard input was asked whether it was a
// terminal.
func TestAskPipedAtATerminalDoesNotRetryARefusedArxiv(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	for _, args := range [][]string{{"ask"}, {"chat"}} {
		t.Run(args[0], func(t *testing.T) {
			screen, code := runOnTerminalOutput(t, env, "How do poachers respond to ranger patrols in green security games?\n", args...)
			require.Equal(t, 0, code, screen)
			require.Contains(t, screen, "arXiv refused the connection")
			require.NotContains(t, screen, "attempt", "no retry was made or announced")
		})
	}
}

// SIGTERM while the prompt waits for a line ends the chat at once, as it
// does while a question runs (exit 143, the shell's code for SIGTERM;
// "chat interrupted"): it once went unheard until someone pressed Enter,
// the terminal held all that time.
func TestChatOnATerminalEndsAtSIGTERM(t *testing.T) {
	p := startPTY(t, testEnv(t), "chat")
	p.waitFor("gtrag> ", 1)
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	start := time.Now()
	require.Equal(t, 128+int(syscall.SIGTERM), p.exit(), p.screen())
	require.Less(t, time.Since(start), 10*time.Second)
	require.Contains(t, p.screen(), "gtrag: chat interrupted")
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/require"
)

// The chat tests below run gtrag as a real process on a pseudo-terminal:
// line editing, Ctrl-C and the status line only exist there. The process
// is this test binary, re-run as gtrag by TestPTYChild.

const ptyChildArgs = "GTRAG_PTY_CHILD_ARGS"

// TestPTYChild is gtrag when a pseudo-terminal test starts this binary;
// otherwise it has nothing to do.
func TestPTYChild(t *testing.T) {
	raw := os.Getenv(ptyChildArgs)
	if raw == "" {
		t.Skip("gtrag's body for the pseudo-terminal tests; runs only as their child")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		panic(err)
	}
	os.Exit(run(args))
}

// ptySession is gtrag running on a pseudo-terminal.
type ptySession struct {
	t    *testing.T
	cmd  *exec.Cmd
	tty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer // everything the terminal showed
	read chan struct{}
}

func startPTY(t *testing.T, env map[string]string, args ...string) *ptySession {
	t.Helper()
	return startPTYWith(t, env, ptyOptions{cols: 120}, args...)
}

// ptyOptions shape the terminal a pseudo-terminal test runs gtrag on.
type ptyOptions struct {
	cols uint16 // the terminal's width; 50 rows
	// stdout and stderr, when set, replace the terminal for that stream
	// (`gtrag chat > out.txt`, `gtrag chat | head -1`); the terminal stays
	// standard input and the process's controlling terminal (/dev/tty).
	stdout, stderr *os.File
	// opened, when set, sees the terminal before gtrag starts on it.
	opened func(ptmx *os.File)
}

// startPTYWith runs gtrag (args) on a pseudo-terminal shaped by o.
func startPTYWith(t *testing.T, env map[string]string, o ptyOptions, args ...string) *ptySession {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	a, err := json.Marshal(args)
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^TestPTYChild$")
	cmd.Env = []string{"TERM=xterm", ptyChildArgs + "=" + string(a), "GOCOVERDIR=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	require.NoError(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: o.cols}))
	if o.opened != nil {
		o.opened(ptmx)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	if o.stdout != nil {
		cmd.Stdout = o.stdout
	}
	if o.stderr != nil {
		cmd.Stderr = o.stderr
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	require.NoError(t, cmd.Start())
	tty.Close()
	p := &ptySession{t: t, cmd: cmd, tty: ptmx, read: make(chan struct{})}
	go func() {
		defer close(p.read)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			p.mu.Lock()
			p.out.Write(buf[:n])
			p.mu.Unlock()
			if err != nil {
				return // EIO once the child has gone
			}
		}
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		ptmx.Close()
	})
	return p
}

func (p *ptySession) screen() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// waitFor waits until s has appeared n times on the terminal.
func (p *ptySession) waitFor(s string, n int) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for strings.Count(p.screen(), s) < n {
		if time.Now().After(deadline) {
			p.t.Fatalf("%q did not appear %d times; the terminal shows:\n%s", s, n, p.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// after is what the terminal showed after the n-th s.
func (p *ptySession) after(s string, n int) string {
	out := p.screen()
	for range n {
		i := strings.Index(out, s)
		if i < 0 {
			return ""
		}
		out = out[i+len(s):]
	}
	return out
}

func (p *ptySession) send(keys string) {
	p.t.Helper()
	_, err := io.WriteString(p.tty, keys)
	require.NoError(p.t, err)
}

// exit waits for gtrag to end and returns its exit code.
func (p *ptySession) exit() int {
	p.t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			p.t.Fatal(err)
		}
		<-p.read
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(30 * time.Second):
		p.t.Fatalf("gtrag did not exit; the terminal shows:\n%s", p.screen())
		return -1
	}
}

// Two questions and a follow-up on a terminal; Ctrl-D ends the session
// with 0, and the next session recalls the lines with ↑.
func TestChatOnATerminal(t *testing.T) {
	env := testEnv(t)
	p := startPTY(t, env, "chat")
	p.waitFor("gtrag> ", 1)
	p.send("What is the prisoner's dilemma?\r")
	p.waitFor("Sources:", 1)
	p.waitFor("gtrag> ", 2)
	p.send("How do bidders shade bids in first-price auctions?\r")
	p.waitFor("gtrag> ", 3)
	p.send("and in the repeated version?\r")
	p.waitFor("gtrag> ", 4)
	p.send("\x04") // Ctrl-D
	require.Equal(t, 0, p.exit(), p.screen())

	third := p.after("gtrag> ", 3)
	require.Contains(t, third, "→ What about shading bids in first-price auctions in the repeated version?", "the follow-up is rewritten and shown")
	require.Contains(t, third, "Sources:")

	hist, err := os.ReadFile(filepath.Join(env["GTRAG_DATA_DIR"], "chat_history"))
	require.NoError(t, err)
	require.Equal(t, "What is the prisoner's dilemma?\nHow do bidders shade bids in first-price auctions?\nand in the repeated version?\n", string(hist))

	// A new session: ↑ recalls the last line, ↑ again the one before; Ctrl-C
	// at the prompt drops the line and keeps the session.
	p2 := startPTY(t, env, "chat")
	p2.waitFor("gtrag> ", 1)
	p2.send("\x1b[A")
	p2.waitFor("and in the repeated version?", 1)
	p2.send("\x1b[A")
	p2.waitFor("How do bidders shade bids in first-price auctions?", 1)
	p2.send("\x03")
	p2.waitFor("gtrag> ", 2)
	p2.send("/quit\r")
	require.Equal(t, 0, p2.exit(), p2.screen())
	require.NotContains(t, p2.screen(), "Sources:", "the recalled line was dropped, not asked")
}

// Ctrl-C while arXiv stalls cancels that question, at once, and keeps the
// session; the status line said what it was waiting for.
func TestChatCtrlCDuringSlowArxiv(t *testing.T) {
	env, requests := stallingArxivEnv(t)
	p := startPTY(t, env, "chat")
	p.waitFor("gtrag> ", 1)
	p.send("How do bidders shade bids in first-price auctions?\r")
	select {
	case <-requests:
	case <-time.After(30 * time.Second):
		t.Fatalf("arXiv was never asked; the terminal shows:\n%s", p.screen())
	}
	p.waitFor("searching arXiv", 1)
	start := time.Now()
	p.send("\x03") // Ctrl-C
	p.waitFor("note: question cancelled; ask another, or /quit", 1)
	require.Less(t, time.Since(start), 5*time.Second, "the question stopped at once, not at the arXiv budget")
	p.waitFor("gtrag> ", 2)
	p.send("/stats\r")
	p.waitFor("this session: 0 questions answered", 1)
	p.send("/quit\r")
	require.Equal(t, 0, p.exit(), p.screen())
}

// stallingArxivEnv is a test environment whose arXiv accepts every request
// and never answers it, and an empty store, so that a question waits on
// arXiv; requests tells each request as it arrives.
func stallingArxivEnv(t *testing.T) (env map[string]string, requests <-chan struct{}) {
	t.Helper()
	seen := make(chan struct{}, 10)
	stall := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- struct{}{}
		<-r.Context().Done()
	}))
	t.Cleanup(stall.Close)
	env = testEnv(t)
	env["GTRAG_ARXIV_URL"] = stall.URL
	env["GTRAG_SEED"] = "none"
	return env, seen
}

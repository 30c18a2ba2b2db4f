package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// `gtrag chat | head -1` typed at a terminal: once the reader has gone, the
// next answer ends the process as a broken pipe does (exit 141), and the
// terminal is given back in its own mode. The line editor holds it without
// echo and out of canonical mode for the whole chat, and the process once
// died with it so.
func TestChatIntoAPipeThatClosesGivesTheTerminalBack(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	a, err := json.Marshal([]string{"chat"})
	require.NoError(t, err)
	ptmx, tty, err := pty.Open()
	require.NoError(t, err)
	require.NoError(t, pty.Setsize(ptmx, &pty.Winsize{Rows: 50, Cols: 100}))
	before, err := unix.IoctlGetTermios(int(ptmx.Fd()), unix.TCGETS)
	require.NoError(t, err)
	require.NotZero(t, before.Lflag&unix.ECHO)
	r, w, err := os.Pipe()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^TestPTYChild$")
	cmd.Env = []string{"TERM=xterm", ptyChildArgs + "=" + string(a), "GOCOVERDIR=" + t.TempDir()}
	for k, v := range testEnv(t) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, w, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	require.NoError(t, cmd.Start())
	tty.Close()
	w.Close()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		ptmx.Close()
	})
	go func() { // the terminal's screen is read and dropped
		buf := make([]byte, 4096)
		for {
			if _, err := ptmx.Read(buf); err != nil {
				return
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	_, err = ptmx.Write([]byte("What is a Nash equilibrium?\r"))
	require.NoError(t, err)
	line, err := bufio.NewReader(r).ReadString('\n')
	require.NoError(t, err)
	require.NotEmpty(t, line)
	r.Close() // head -1 has its line
	_, err = ptmx.Write([]byte("What is the core?\r"))
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("chat did not end when its output pipe closed")
	}
	require.Equal(t, 141, cmd.ProcessState.ExitCode())
	after, err := unix.IoctlGetTermios(int(ptmx.Fd()), unix.TCGETS)
	require.NoError(t, err)
	require.NotZero(t, after.Lflag&unix.ECHO, "echo is back")
	require.NotZero(t, after.Lflag&unix.ICANON, "canonical mode is back")
}

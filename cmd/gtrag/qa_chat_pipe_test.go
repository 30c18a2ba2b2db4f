package main

import (
	"bufio"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// `gtrag chat | head -1` typed at a terminal: once the reader has gone, the
// next answer ends the process as a broken pipe does (exit 141), and the
// terminal is given back in its own mode. The line editor holds it without
// echo and out of canonical mode for the whole chat, and the process once
// died with it so.
func TestChatIntoAPipeThatClosesGivesTheTerminalBack(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	p := startPTYWith(t, testEnv(t), ptyOptions{cols: 100, stdout: w, opened: func(ptmx *os.File) {
		before, err := unix.IoctlGetTermios(int(ptmx.Fd()), unix.TCGETS)
		require.NoError(t, err)
		require.NotZero(t, before.Lflag&unix.ECHO)
	}}, "chat")
	w.Close()
	ptmx := p.tty
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
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("chat did not end when its output pipe closed")
	}
	require.Equal(t, 141, p.cmd.ProcessState.ExitCode())
	after, err := unix.IoctlGetTermios(int(ptmx.Fd()), unix.TCGETS)
	require.NoError(t, err)
	require.NotZero(t, after.Lflag&unix.ECHO, "echo is back")
	require.NotZero(t, after.Lflag&unix.ICANON, "canonical mode is back")
}

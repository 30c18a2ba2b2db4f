//go:build unix

package chat

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// stdoutSwap shows the line editor on a terminal other than standard
// output. The editor (github.com/peterh/liner) asks file descriptor 1
// whether it is a terminal and how wide it is, and writes the prompt and
// its redrawing to os.Stdout, that is descriptor 1 too; with standard
// output a file it refuses to edit (liner.ErrNotTerminalOutput). So while
// the editor is at work — made, and reading a line — descriptor 1 is the
// display terminal, and between lines it is standard output again: what
// the session writes (answers, the output of commands) goes there, never
// to the terminal, and the prompt never into the file.
type stdoutSwap struct {
	mu      sync.Mutex
	display *os.File // the display terminal, kept open (not ours to close)
	saved   int      // a duplicate of the real standard output
	shown   bool
}

func newStdoutSwap(display *os.File) (*stdoutSwap, error) {
	if !term.IsTerminal(int(display.Fd())) {
		return nil, fmt.Errorf("show the prompt on %s: not a terminal", display.Name())
	}
	saved, err := unix.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("show the prompt on %s: %w", display.Name(), err)
	}
	unix.CloseOnExec(saved)
	return &stdoutSwap{display: display, saved: saved}, nil
}

// show makes descriptor 1 the display terminal.
func (s *stdoutSwap) show() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shown {
		return nil
	}
	if err := unix.Dup2(int(s.display.Fd()), 1); err != nil {
		return fmt.Errorf("show the prompt: %w", err)
	}
	s.shown = true
	return nil
}

// hide gives descriptor 1 back to standard output.
func (s *stdoutSwap) hide() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shown && unix.Dup2(s.saved, 1) == nil {
		s.shown = false
	}
}

// close gives descriptor 1 back for good.
func (s *stdoutSwap) close() error {
	s.hide()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.saved < 0 {
		return nil
	}
	err := unix.Close(s.saved)
	s.saved = -1
	return err
}

// outputGone reports whether standard output is a pipe whose reader has
// gone (poll says POLLERR of a pipe's writing end with no reader). Asked
// before each prompt, it is what the chat knows for certain, at once,
// where the SIGPIPE of a failed write reaches pipeWatch's goroutine a
// moment later.
func (s *stdoutSwap) outputGone() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.saved < 0 {
		return false
	}
	fds := []unix.PollFd{{Fd: int32(s.saved), Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&unix.POLLERR != 0
}

// pipeWatch makes a broken pipe (standard output a pipe whose reader has
// gone: `gtrag chat | head -1`) restore the terminal before it ends the
// process, as it would have ended it: the editor holds the terminal out of
// canonical mode and without echo for the whole chat, and the process used
// to die with it so.
//
// Two things see the pipe break, and both end the process the same way
// (exit): the SIGPIPE of a write, on the watch's goroutine, and the chat
// itself before its next prompt (Terminal.ReadLine asks outputGone). The
// second is what makes the restored mode stay: the signal arrives a moment
// after the failed write, while the chat goes on to its next prompt, and
// the line editor sets its own mode again as each prompt starts. A chat
// that only the signal ended once left the terminal without echo when the
// editor's prompt started between the restore and the exit.
type pipeWatch struct {
	restore  func()
	restored sync.Once
	stopped  sync.Once
	ch       chan os.Signal
	done     chan struct{}
}

// watchBrokenPipe starts watching for SIGPIPE; restore gives the terminal
// back. stop ends the watch.
func watchBrokenPipe(restore func()) *pipeWatch {
	w := &pipeWatch{restore: restore, ch: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(w.ch, syscall.SIGPIPE)
	go func() {
		select {
		case <-w.ch:
			w.exit()
		case <-w.done:
		}
	}()
	return w
}

// exit restores the terminal, once whoever calls it first, and ends the
// process with the exit a SIGPIPE would have given (a shell reads 141 as
// it): Go ignores a SIGPIPE sent by kill rather than by a write, so
// re-raising it would not end the process. Nothing is left half-written:
// the store commits in transactions.
func (w *pipeWatch) exit() {
	w.restored.Do(w.restore)
	os.Exit(128 + int(syscall.SIGPIPE))
}

func (w *pipeWatch) stop() {
	w.stopped.Do(func() {
		signal.Stop(w.ch)
		close(w.done)
	})
}

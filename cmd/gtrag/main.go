// Command gtrag answers game-theory questions from arXiv papers.
//
// Run `gtrag --help` for the commands; ../../README.md for a tour.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run is main without the exit: the process's signals, streams and
// environment. Tests that need a real process (a pseudo-terminal) run it.
func run(args []string) int {
	ctx, stop := signalContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Main(ctx, args, os.Stdout, os.Stderr, os.Getenv)
}

// signalContext is signal.NotifyContext whose cause is the signal
// (a signalCause), so that the exit code can say which one stopped the
// process: 130 for Ctrl-C, 143 for a SIGTERM from a supervisor.
func signalContext(parent context.Context, sigs ...os.Signal) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			cancel(signalCause{s})
			// Later signals get their default action (a second Ctrl-C
			// ends the process at once), as with signal.NotifyContext.
			signal.Stop(ch)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// signalCause is the cause of a context a signal cancelled. It is a
// context.Canceled, so that code reading the cause (context.Cause) still
// sees a cancellation.
type signalCause struct{ sig os.Signal }

func (c signalCause) Error() string { return "stopped by " + c.SignalName() }

func (c signalCause) Unwrap() error { return context.Canceled }

// SignalName names the signal for a reader; a run's recording keeps it
// (trace.ExecutionFailedData.Signal).
func (c signalCause) SignalName() string {
	if c.sig == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "Ctrl-C"
}

// signalExit is the shell's exit code for a process a signal stopped:
// 128 plus the signal's number.
func signalExit(ctx context.Context) int {
	var c signalCause
	if errors.As(context.Cause(ctx), &c) {
		if s, ok := c.sig.(syscall.Signal); ok {
			return 128 + int(s)
		}
	}
	return exitInterrupted
}

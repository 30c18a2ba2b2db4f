package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// countSignals numbers the signals in the order they come, one call at a
// time, and calls nothing once stop has returned.
func TestCountSignals(t *testing.T) {
	c := make(chan os.Signal)
	got := make(chan int)
	stop := countSignals(c, func(n int) { got <- n })
	for want := 1; want <= 3; want++ {
		c <- os.Interrupt
		require.Equal(t, want, <-got)
		time.Sleep(2 * signalEcho) // a second Ctrl-C, not an echo
	}
	stop()
	select {
	case c <- os.Interrupt:
		t.Fatal("a signal was read after stop")
	case <-time.After(20 * time.Millisecond):
	}
}

// A signal sent twice at once, as timeout(1) sends it (to the command,
// then to its process group), is one interrupt: counted as two, one
// `timeout -s INT` on an ingest from a pipe said "stopping now: the 50
// papers in hand, not stored, …" and stored none of them, two runs in
// three. A signal after the echo's window is counted.
func TestCountSignalsTakesAnEchoForOne(t *testing.T) {
	c := make(chan os.Signal, 4)
	got := make(chan int, 4)
	stop := countSignals(c, func(n int) { got <- n })
	defer stop()
	c <- os.Interrupt
	c <- os.Interrupt
	require.Equal(t, 1, <-got)
	select {
	case n := <-got:
		t.Fatalf("the echo was counted as signal %d", n)
	case <-time.After(2 * signalEcho):
	}
	c <- os.Interrupt
	require.Equal(t, 2, <-got, "a signal after the window is the next one")
}

// stop waits for a call of handle in progress.
func TestCountSignalsStopWaitsForHandle(t *testing.T) {
	c := make(chan os.Signal, 1)
	var running, finished atomic.Bool
	release := make(chan struct{})
	stop := countSignals(c, func(int) {
		running.Store(true)
		<-release
		finished.Store(true)
	})
	c <- os.Interrupt
	require.Eventually(t, running.Load, 5*time.Second, time.Millisecond)
	stopped := make(chan struct{})
	go func() {
		stop()
		close(stopped)
	}()
	select {
	case <-stopped:
		t.Fatal("stop returned while handle ran")
	case <-time.After(20 * time.Millisecond):
	}
	close(release)
	<-stopped
	require.True(t, finished.Load())
}

// watchSignals sees the process's own signals, counted, until stop; stop
// may be called twice.
func TestWatchSignals(t *testing.T) {
	// A second registration keeps the process alive whatever arrives
	// after stop, as main's signal.NotifyContext does.
	guard := make(chan os.Signal, 8)
	signal.Notify(guard, syscall.SIGUSR1)
	defer signal.Stop(guard)

	got := make(chan int, 8)
	stop := watchSignals(func(n int) { got <- n }, syscall.SIGUSR1)
	for want := 1; want <= 2; want++ {
		time.Sleep(2 * signalEcho) // a second signal, not an echo
		require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR1))
		select {
		case n := <-got:
			require.Equal(t, want, n)
		case <-time.After(5 * time.Second):
			t.Fatalf("signal %d not seen", want)
		}
	}
	stop()
	stop()
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR1))
	for range 3 { // the last one has been delivered
		<-guard
	}
	select {
	case n := <-got:
		t.Fatalf("handle called after stop (n=%d)", n)
	case <-time.After(20 * time.Millisecond):
	}
}

// A signal's exit code is the shell's, 128 plus its number: 130 for
// Ctrl-C, 143 for a supervisor's SIGTERM (which once exited 130 too). The
// cause is still a cancellation for code that reads it.
func TestSignalContextExitCode(t *testing.T) {
	ctx, stop := signalContext(context.Background(), syscall.SIGUSR1)
	defer stop()
	require.Equal(t, exitInterrupted, signalExit(ctx), "not cancelled: the default")
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR1))
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the signal did not cancel the context")
	}
	require.Equal(t, 128+int(syscall.SIGUSR1), signalExit(ctx))
	require.ErrorIs(t, context.Cause(ctx), context.Canceled)
	require.Equal(t, 128+int(syscall.SIGUSR1), exitCode(ctx, fmt.Errorf("search arXiv: %w", context.Canceled)))
}

// The signal cause names its signal for a run's recording
// (trace.ExecutionFailedData.Signal) as its message does for the user.
func TestSignalCauseNamesItsSignal(t *testing.T) {
	for sig, want := range map[os.Signal]string{os.Interrupt: "Ctrl-C", syscall.SIGTERM: "SIGTERM"} {
		c := signalCause{sig}
		require.Equal(t, want, c.SignalName())
		require.Equal(t, "stopped by "+want, c.Error())
	}
}

// An error a signal's cancellation caused is said as the user caused it,
// and keeps the signal's exit code; other errors keep their words.
func TestStoppedIsSaidAsTheSignal(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	deleted := fmt.Errorf("delete paper 2403.00437v1: %w", context.Canceled)
	require.Same(t, deleted, saidAsStopped(ctx, deleted), "not stopped: as it was")
	cancel(signalCause{os.Interrupt})
	err := saidAsStopped(ctx, deleted)
	require.EqualError(t, err, "delete paper 2403.00437v1: stopped by Ctrl-C")
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, 128+int(syscall.SIGINT), exitCode(ctx, err))
	other := errors.New("open the knowledge base: disk full")
	require.Same(t, other, saidAsStopped(ctx, other))
	require.NoError(t, saidAsStopped(ctx, nil))
}

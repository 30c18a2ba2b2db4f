package main

import (
	"os"
	"os/signal"
	"sync"
	"time"
)

// signalEcho is how soon after a signal another one is taken for the same
// event, delivered twice, rather than a second Ctrl-C. timeout(1) sends
// its signal to the command and then to its own process group, which
// holds the command, so that `timeout -s INT 1h gtrag ingest …` delivers
// SIGINT twice within microseconds: counted as two, the one interrupt
// gave up the papers in hand as a second Ctrl-C does. A person pressing
// Ctrl-C twice takes a tenth of a second or more between the two.
const signalEcho = 50 * time.Millisecond

// watchSignals calls handle with the number of sigs received so far (1 for
// the first, 2 for the second, …) each time one arrives, until stop is
// called; one that arrives within signalEcho of the last one counted is
// that one's echo, and is not counted. It is how a command sees Ctrl-C beside main's
// signal.NotifyContext, which sees it as well (unless the command has
// taken SIGINT over with signal.Reset, as a chat on a terminal does): an
// ingest stops at once on the second, a chat cancels the question running
// at each.
//
// handle runs on a goroutine of its own, one call at a time, and never
// after stop has returned; stop waits for a call in progress, so handle
// must not wait for what stop's caller holds. stop may be called more than
// once.
func watchSignals(handle func(n int), sigs ...os.Signal) (stop func()) {
	c := make(chan os.Signal, 4)
	signal.Notify(c, sigs...)
	end := countSignals(c, handle)
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(c)
			end()
		})
	}
}

// countSignals is watchSignals on a channel of signals already registered.
func countSignals(c <-chan os.Signal, handle func(n int)) (stop func()) {
	done := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		var last time.Time
		for n := 1; ; {
			select {
			case <-done:
				return
			case <-c:
				select {
				case <-done: // stop came first
					return
				default:
				}
				now := time.Now()
				if n > 1 && now.Sub(last) < signalEcho {
					continue // the same signal, sent twice
				}
				last = now
				handle(n)
				n++
			}
		}
	}()
	return func() {
		close(done)
		<-exited
	}
}

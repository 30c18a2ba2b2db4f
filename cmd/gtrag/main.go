// Command gtrag answers game-theory questions from arXiv papers.
//
// Run `gtrag --help` for the commands; ../../README.md for a tour.
package main

import (
	"context"
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Main(ctx, args, os.Stdout, os.Stderr, os.Getenv)
}

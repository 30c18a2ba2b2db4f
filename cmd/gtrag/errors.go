package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/trace"
)

// Exit codes: the command-line contract.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// usageError marks bad usage or input: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// asUsage wraps err as a usage error, keeping nil nil.
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// exitCode maps an error from a command to the process exit code.
func exitCode(ctx context.Context, err error) int {
	var u usageError
	var stopped *graph.InterruptError
	var stoppedDuring *trace.StoppedError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &u):
		return exitUsage
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return signalExit(ctx)
	case errors.As(err, &stopped), errors.As(err, &stoppedDuring):
		return exitInterrupted
	case strings.HasPrefix(err.Error(), "unknown command"), strings.HasPrefix(err.Error(), "unknown flag"):
		return exitUsage
	}
	return exitFailure
}

// saidAsStopped says an error that a signal's cancellation caused as the
// user caused it: "delete paper 2403.00437v1: stopped by Ctrl-C", not
// "…: context canceled". It is still err to errors.Is and errors.As, so
// the exit code is the signal's.
func saidAsStopped(ctx context.Context, err error) error {
	cause := context.Cause(ctx)
	if err == nil || cause == nil || cause == context.Canceled || !errors.Is(err, context.Canceled) {
		return err
	}
	msg, ok := strings.CutSuffix(err.Error(), context.Canceled.Error())
	if !ok {
		return err
	}
	return &stoppedMessage{msg: msg + cause.Error(), err: err}
}

// stoppedMessage is err said in other words.
type stoppedMessage struct {
	msg string
	err error
}

func (e *stoppedMessage) Error() string { return e.msg }
func (e *stoppedMessage) Unwrap() error { return e.err }

// args validators that report usage errors.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		return argsError(cmd, args, check(cmd, args))
	}
}

// unknownCommand rewords cobra's error for a command the root does not
// have (`unknown command "aks" for "gtrag"` followed by a "Did you mean
// this?" block, which reads as one run-on line once flattened) into one
// sentence with the suggestion and where the commands are listed.
func unknownCommand(root *cobra.Command, err error) error {
	const prefix = "unknown command "
	var u usageError
	if err == nil || errors.As(err, &u) || !strings.HasPrefix(err.Error(), prefix) {
		return err
	}
	quoted, qerr := strconv.QuotedPrefix(strings.TrimPrefix(err.Error(), prefix))
	name, uerr := strconv.Unquote(quoted)
	if qerr != nil || uerr != nil {
		return asUsage(err)
	}
	help := "see `" + root.Name() + " --help` for the commands"
	for _, c := range root.Commands() {
		// A subcommand's name typed alone ("gtrag ls") is that command's,
		// not the nearest by spelling ("did you mean ask?").
		if slices.Contains(c.SuggestFor, name) {
			return usagef("unknown command %q: did you mean `%s %s %s`? (%s)", snippet(name, 40), root.Name(), c.Name(), name, help)
		}
	}
	if s := root.SuggestionsFor(name); len(s) > 0 {
		return usagef("unknown command %q: did you mean %s? (%s)", snippet(name, 40), strings.Join(s, " or "), help)
	}
	return usagef("unknown command %q (%s)", snippet(name, 40), help)
}

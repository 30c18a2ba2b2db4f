package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/graph"
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
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &u):
		return exitUsage
	case errors.Is(err, context.Canceled) && ctx.Err() != nil, errors.As(err, &stopped):
		return exitInterrupted
	case strings.HasPrefix(err.Error(), "unknown command"), strings.HasPrefix(err.Error(), "unknown flag"):
		return exitUsage
	}
	return exitFailure
}

// args validators that report usage errors.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		return argsError(cmd, args, check(cmd, args))
	}
}

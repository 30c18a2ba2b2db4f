package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
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
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &u):
		return exitUsage
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return exitInterrupted
	case strings.HasPrefix(err.Error(), "unknown command"), strings.HasPrefix(err.Error(), "unknown flag"):
		return exitUsage
	}
	return exitFailure
}

// maxLineRunes bounds the line users see: errors quote what was typed, and
// what was typed can be a 100 KB flag value.
const maxLineRunes = 800

// oneLine flattens an error into the single line users see: one line of
// valid UTF-8 with no control characters (a path or flag value holding an
// escape sequence must not drive the terminal), at most maxLineRunes long.
// A long message keeps its head and its tail, which is usually the hint.
func oneLine(err error) string {
	s := strings.ToValidUTF8(err.Error(), "\uFFFD")
	s = strings.Join(strings.Fields(s), " ")
	if strings.ContainsFunc(s, unicode.IsControl) {
		var b strings.Builder
		for _, r := range s {
			if unicode.IsControl(r) {
				q := strconv.QuoteRuneToASCII(r) // '\x1b'
				b.WriteString(q[1 : len(q)-1])
				continue
			}
			b.WriteRune(r)
		}
		s = b.String()
	}
	if r := []rune(s); len(r) > maxLineRunes {
		const head, tail = maxLineRunes / 2, maxLineRunes/2 - 10
		s = string(r[:head]) + " … " + string(r[len(r)-tail:])
	}
	return s
}

// args validators that report usage errors.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		return asUsage(check(cmd, args))
	}
}

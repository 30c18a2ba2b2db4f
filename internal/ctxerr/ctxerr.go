// Package ctxerr says why a context ended, for the calls that wait on a
// server (arXiv, an LLM, a remote embedder) and must tell a stop from a
// failure.
package ctxerr

import (
	"context"
	"errors"
	"fmt"
)

// Of is the error of a call whose context ended, nil while it has not:
// the context's cause when it has one, so that a step Ctrl-C cut short
// says "…: stopped by Ctrl-C" and carries the cause (cmd/gtrag's signal
// cause, a context.Canceled with a SignalName) for errors.As. With
// ctx.Err() alone a run's recording cannot tell the stop from a failure
// ("FAILED … context canceled"). errors.Is(err, context.Canceled) (or
// DeadlineExceeded) still holds.
func Of(ctx context.Context) error {
	err := ctx.Err()
	if err == nil {
		return nil
	}
	cause := context.Cause(ctx)
	switch {
	case cause == nil || cause == err:
		return err
	case errors.Is(cause, err):
		return cause
	}
	return fmt.Errorf("%w: %w", err, cause)
}

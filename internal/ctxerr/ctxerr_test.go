package ctxerr

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// signalStop is a cause like cmd/gtrag's signal cause: a context.Canceled
// that names its signal, which a run's recording looks for in the error.
type signalStop struct{}

func (signalStop) Error() string      { return "stopped by Ctrl-C" }
func (signalStop) Unwrap() error      { return context.Canceled }
func (signalStop) SignalName() string { return "Ctrl-C" }

// (Moved from reasoner's TestContextErrKeepsTheCause when ContextErr
// became this package's Of, and merged with this package's own test.)
func TestOfKeepsTheCause(t *testing.T) {
	require.NoError(t, Of(context.Background()), "not ended")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Equal(t, context.Canceled, Of(ctx), "no cause: the context's error")

	ctx, cancelCause := context.WithCancelCause(context.Background())
	cancelCause(signalStop{})
	err := Of(ctx)
	require.ErrorIs(t, err, context.Canceled)
	require.EqualError(t, err, "stopped by Ctrl-C")
	require.Equal(t, signalStop{}, err, "a cause that is a cancellation is the error")

	ctx, cancelCause = context.WithCancelCause(context.Background())
	other := errors.New("the replay diverged") // a cause that is no cancellation
	cancelCause(other)
	err = Of(ctx)
	require.ErrorIs(t, err, context.Canceled, "still a cancellation to errors.Is")
	require.ErrorIs(t, err, other)
	require.EqualError(t, err, "context canceled: the replay diverged")
}

package ctxerr

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

type signal struct{}

func (signal) Error() string        { return "stopped by Ctrl-C" }
func (signal) Is(target error) bool { return target == context.Canceled }

func TestOf(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	require.NoError(t, Of(ctx), "not ended")

	cancel(nil)
	require.Equal(t, context.Canceled, Of(ctx), "no cause: the context's error")

	ctx, cancel = context.WithCancelCause(context.Background())
	cancel(signal{})
	require.Equal(t, signal{}, Of(ctx), "a cause that is a cancellation is the error")

	ctx, cancel = context.WithCancelCause(context.Background())
	other := errors.New("server shutting down")
	cancel(other)
	err := Of(ctx)
	require.EqualError(t, err, "context canceled: server shutting down")
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorIs(t, err, other)
}

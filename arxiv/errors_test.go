package arxiv

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// arXiv's error feed and any HTTP 400 are refusals, wrapped or not; a 429,
// a 5xx, a 404 and other errors are not.
func TestRefused(t *testing.T) {
	require.True(t, Refused(&APIError{Status: 400, Message: "malformed"}))
	require.True(t, Refused(&APIError{Status: 200, Message: "incorrect id format"}))
	require.True(t, Refused(fmt.Errorf("search: %w", &StatusError{Status: 400, Message: "bad query"})))
	for _, status := range []int{404, 429, 503} {
		require.False(t, Refused(&StatusError{Status: status}), status)
	}
	require.False(t, Refused(transient(&StatusError{Status: 500})))
	require.False(t, Refused(errors.New("connection refused")))
	require.False(t, Refused(nil))
}

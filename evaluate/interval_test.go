package evaluate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n      int
		low, high float64
	}{
		// 0 of 10 and 10 of 10: the published bounds, 0.2775 and 0.7225.
		{0, 10, 0, 0.27753},
		{10, 10, 0.72247, 1},
		{53, 59, 0.79536, 0.95255},
		{22, 31, 0.53408, 0.83904},
		{1, 2, 0.09453, 0.90547},
	} {
		got := Wilson(tc.k, tc.n)
		require.InDelta(t, tc.low, got.Low, 1e-4, "%d of %d", tc.k, tc.n)
		require.InDelta(t, tc.high, got.High, 1e-4, "%d of %d", tc.k, tc.n)
		require.LessOrEqual(t, got.Low, float64(tc.k)/float64(tc.n))
		require.GreaterOrEqual(t, got.High, float64(tc.k)/float64(tc.n))
	}
	require.Equal(t, Interval{}, Wilson(0, 0), "no questions, no interval")
	require.Equal(t, Interval{}, Wilson(3, 2), "more hits than questions is no sample")
	// More questions at the same rate narrow the interval.
	small, large := Wilson(9, 10), Wilson(900, 1000)
	require.Less(t, large.High-large.Low, small.High-small.Low)
}

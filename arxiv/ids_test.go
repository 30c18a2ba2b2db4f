package arxiv

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A failed lookup names its batch as it is: one id was said "ids
// 2406.00005…", as if more had been asked.
func TestIDsNamed(t *testing.T) {
	require.Equal(t, "arXiv id 2406.00005", idsNamed([]string{"2406.00005"}))
	require.Equal(t, "arXiv ids 2406.00005 and cs/0112004", idsNamed([]string{"2406.00005", "cs/0112004"}))
	require.Equal(t, "arXiv ids 2406.00005 to 2406.00007 (3)", idsNamed([]string{"2406.00005", "2406.00006", "2406.00007"}))
}

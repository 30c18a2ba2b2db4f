package service_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
)

// White space around a question does not count against its limit: a
// 4096-byte question padded with spaces on the command line is accepted,
// as it is on standard input; one byte more is refused with its length.
func TestCheckQuestionLimitLeavesSurroundingSpaceOut(t *testing.T) {
	q := "What is a core? " + strings.Repeat("a", service.MaxQuestionBytes-len("What is a core? "))
	got, err := service.CheckQuestion("the question", "   "+q+" \n")
	require.NoError(t, err)
	require.Equal(t, q, got)

	_, err = service.CheckQuestion("the question", "  "+q+"a  ")
	require.EqualError(t, err, "the question is 4097 bytes; the limit is 4096")

	_, err = service.CheckQuestion("the question", " \t\n ")
	require.EqualError(t, err, "the question is empty")
}

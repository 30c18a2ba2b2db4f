package chat

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A line longer than Lines accepts is refused with its length, and the
// lines after it are read as usual: a script's next questions are not
// lost to one overlong line.
func TestLinesRefuseAnOverlongLineAndGoOn(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	l := NewLines(strings.NewReader("one\r\n"+long+"\r\ntwo\n"+strings.Repeat("y", 10)+"\nthree\r"), 10)
	var got []string
	var errs []error
	for {
		s, err := l.ReadLine(Prompt)
		if err == io.EOF {
			break
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		got = append(got, s)
	}
	require.Equal(t, []string{"one", "two", "yyyyyyyyyy", "three"}, got, "a line of exactly the limit is kept")
	require.Len(t, errs, 1)
	var le *LongLineError
	require.True(t, errors.As(errs[0], &le))
	require.Equal(t, 10_000, le.Bytes)
}

// In a session, the overlong line is reported as a question too long and
// the next line is asked.
func TestSessionGoesOnAfterAnOverlongLine(t *testing.T) {
	var r recorder
	in := NewLines(strings.NewReader(strings.Repeat("What is a core? ", 2000)+"\nWhat is a Nash equilibrium?\n"), 16384)
	require.NoError(t, r.session().Run(context.Background(), in))
	require.Equal(t, []string{"What is a Nash equilibrium?"}, r.asked)
	require.Equal(t, []string{"the question is 32000 bytes; the limit is 4096"}, r.errs)
}

package chat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A line longer than Lines accepts is refused with its length, and the
// lines after it are read as usual: a script's next questions are not
// lost to one overlong line.
func TestLinesRefuseAnOverlongLineAndGoOn(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	l := NewLines(context.Background(), strings.NewReader("one\r\n"+long+"\r\ntwo\n"+strings.Repeat("y", 10)+"\nthree\r"), 10)
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
	in := NewLines(context.Background(), strings.NewReader(strings.Repeat("What is a core? ", 2000)+"\nWhat is a Nash equilibrium?\n"), 16384)
	require.NoError(t, r.session().Run(context.Background(), in))
	require.Equal(t, []string{"What is a Nash equilibrium?"}, r.asked)
	require.Equal(t, []string{"the question is 32000 bytes; the limit is 4096"}, r.errs)
}

// A line's length is counted without its end, "\r\n" or a "\r" the input
// ends with: a line of exactly the limit so ended is kept, one byte more is
// refused with its length, and a last line needs no newline.
func TestLinesCountALineWithoutItsEnd(t *testing.T) {
	x := func(n int) string { return strings.Repeat("x", n) }
	l := NewLines(context.Background(), strings.NewReader(x(10)+"\r\n"+x(11)+"\r\n\r\n"+x(10)+"\r"), 10)
	for _, want := range []string{x(10), "long 11", "", x(10)} {
		s, err := l.ReadLine(Prompt)
		var le *LongLineError
		if errors.As(err, &le) {
			s, err = fmt.Sprintf("long %d", le.Bytes), nil
		}
		require.NoError(t, err)
		require.Equal(t, want, s)
	}
	_, err := l.ReadLine(Prompt)
	require.Equal(t, io.EOF, err)

	l = NewLines(context.Background(), strings.NewReader(x(11)+"\r"), 10)
	_, err = l.ReadLine(Prompt)
	var le *LongLineError
	require.ErrorAs(t, err, &le)
	require.Equal(t, 11, le.Bytes, "the last line, without its \\r")
	_, err = l.ReadLine(Prompt)
	require.Equal(t, io.EOF, err)
}

// The end of the session's context ends a read that waits for a line: a
// script whose input stays open (a pipe from a program, a FIFO) was deaf
// to Ctrl-C and SIGTERM until its next line came, and then exited 0.
func TestLinesEndWithTheirContext(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	l := NewLines(ctx, pr, 100)
	go func() { fmt.Fprint(pw, "one\n") }()
	s, err := l.ReadLine(Prompt)
	require.NoError(t, err)
	require.Equal(t, "one", s)

	time.AfterFunc(50*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := l.ReadLine(Prompt)
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("ReadLine still waits for a line after its context ended")
	}
	_, err = l.ReadLine(Prompt)
	require.ErrorIs(t, err, context.Canceled, "and reads nothing more")

	var r recorder
	require.ErrorIs(t, r.session().Run(ctx, l), context.Canceled)
}

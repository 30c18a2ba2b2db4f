package lineio

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// got is one ReadLine result.
type got struct {
	Line string
	N    int
	EOF  bool
}

// readAll reads in through a Reader of the given limit and a bufio buffer
// of size bytes (16, bufio's least, to cross its edge), to io.EOF.
func readAll(t *testing.T, in string, limit, size int) []got {
	t.Helper()
	r := New(bufio.NewReaderSize(strings.NewReader(in), size), limit)
	var out []got
	for range len(in) + 2 {
		line, n, err := r.ReadLine()
		if err != nil && err != io.EOF {
			t.Fatalf("ReadLine: %v", err)
		}
		require.LessOrEqual(t, len(line), max(limit, 0)+2, "it holds at most limit+2 bytes")
		out = append(out, got{string(line), n, err == io.EOF})
		if err == io.EOF {
			return out
		}
	}
	t.Fatal("no io.EOF")
	return nil
}

func TestReadLine(t *testing.T) {
	x := func(n int) string { return strings.Repeat("x", n) }
	for _, tc := range []struct {
		name  string
		in    string
		limit int
		want  []got
	}{
		{"empty input", "", 10, []got{{"", 0, true}}},
		{"lines", "one\ntwo\n", 10, []got{{"one", 3, false}, {"two", 3, false}, {"", 0, true}}},
		{"blank lines", "\n\r\n\n", 10, []got{{"", 0, false}, {"", 0, false}, {"", 0, false}, {"", 0, true}}},
		{"missing final newline", "one\ntwo", 10, []got{{"one", 3, false}, {"two", 3, true}}},
		{`"\r\n" dropped`, "one\r\ntwo\r\n", 10, []got{{"one", 3, false}, {"two", 3, false}, {"", 0, true}}},
		{`a "\r" elsewhere kept`, "a\rb\nc\r", 10, []got{{"a\rb", 3, false}, {"c\r", 2, true}}},
		{"exactly the limit", x(10) + "\n" + x(10) + "\r\n" + x(10), 10,
			[]got{{x(10), 10, false}, {x(10), 10, false}, {x(10), 10, true}}},
		{"one past the limit", x(11) + "\n" + x(11) + "\r\n", 10,
			[]got{{x(11), 11, false}, {x(11), 11, false}, {"", 0, true}}},
		{"long lines: their start and true length", x(10_000) + "\r\nnext\n" + x(5000), 10,
			[]got{{x(12), 10_000, false}, {"next", 4, false}, {x(12), 5000, true}}},
		{"limit 0", "ab\n\n", 0, []got{{"ab", 2, false}, {"", 0, false}, {"", 0, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{16, 4096} {
				require.Equal(t, tc.want, readAll(t, tc.in, tc.limit, size), "bufio buffer of %d bytes", size)
			}
		})
	}
}

// A line longer than bufio's buffer is read to its end across many
// chunks, and its "\r\n" found even when the chunks split it.
func TestReadLineAcrossTheBuffer(t *testing.T) {
	for _, n := range []int{15, 16, 17, 31, 32, 33, 100} {
		line := strings.Repeat("y", n)
		require.Equal(t, []got{{line, n, false}, {"z", 1, false}, {"", 0, true}},
			readAll(t, line+"\r\nz\n", 1000, 16), "a line of %d bytes", n)
		require.Equal(t, []got{{line[:7], n, false}, {"z", 1, false}, {"", 0, true}},
			readAll(t, line+"\r\nz\n", 5, 16), "a line of %d bytes, limit 5", n)
	}
}

// Input that comes a byte at a time reads as input read whole.
func TestReadLineOneByteAtATime(t *testing.T) {
	in := "first line\r\n" + strings.Repeat("w", 50) + "\nlast"
	r := New(bufio.NewReaderSize(iotest.OneByteReader(strings.NewReader(in)), 16), 20)
	var out []got
	for {
		line, n, err := r.ReadLine()
		out = append(out, got{string(line), n, err == io.EOF})
		if err != nil {
			require.ErrorIs(t, err, io.EOF)
			break
		}
	}
	require.Equal(t, []got{{"first line", 10, false}, {strings.Repeat("w", 22), 50, false}, {"last", 4, true}}, out)
}

// A read error other than the end is returned with what was read of the
// line.
func TestReadLineError(t *testing.T) {
	boom := errors.New("boom")
	r := New(bufio.NewReaderSize(io.MultiReader(strings.NewReader("ok\npart"), iotest.ErrReader(boom)), 16), 10)
	line, n, err := r.ReadLine()
	require.NoError(t, err)
	require.Equal(t, "ok", string(line))
	require.Equal(t, 2, n)
	line, n, err = r.ReadLine()
	require.ErrorIs(t, err, boom)
	require.Equal(t, "part", string(line))
	require.Equal(t, 4, n)
}

// Between lines the Reader keeps nothing: its bufio.Reader may be read by
// others, as arxiv's sniffing of a file's format does.
func TestReadLineSharesItsReader(t *testing.T) {
	br := bufio.NewReaderSize(strings.NewReader("a\nbc\nd\n"), 16)
	r := New(br, 10)
	line, _, err := r.ReadLine()
	require.NoError(t, err)
	require.Equal(t, "a", string(line))
	b, err := br.ReadByte()
	require.NoError(t, err)
	require.Equal(t, byte('b'), b)
	line, _, err = r.ReadLine()
	require.NoError(t, err)
	require.Equal(t, "c", string(line))
}

package iostreams

import (
	"strings"
	"testing"
)

// Each line is wrapped as it completes, continuation lines at the column
// hang gives; with no width, lines go on as they are.
func TestLineWrapper(t *testing.T) {
	var b strings.Builder
	width := 30
	lw := NewLineWrapper(&b, func() int { return width }, func(line string) int {
		if strings.HasPrefix(line, "  LABEL") {
			return 10
		}
		return -1
	})
	_, _ = lw.Write([]byte("  LABEL   one two three four five six\n  other line that is long enough to wrap"))
	if err := lw.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "  LABEL   one two three four\n          five six\n  other line that is long\n  enough to wrap"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}

	b.Reset()
	width = 0
	line := "  LABEL   one two three four five six seven eight nine ten\n"
	_, _ = lw.Write([]byte(line[:12]))
	_, _ = lw.Write([]byte(line[12:]))
	if b.String() != line {
		t.Errorf("no width: got %q", b.String())
	}
}

package text

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 papers", 1: "1 paper", 2: "2 papers"} {
		if got := Count(n, "paper", "papers"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

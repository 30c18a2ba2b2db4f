package trace

import "testing"

// Two parameters that are the same value written two ways ("\u03ba" for
// "κ", as a recording re-saved by another tool writes it) do not differ:
// the field that does is named.
func TestParamsDiffReadsJSONValues(t *testing.T) {
	got := paramsDiff(`{"question":"plus κ times","k":3}`, `{"question":"plus \u03ba times","k":4}`)
	if want := "k: asked 3, recorded 4"; got != want {
		t.Errorf("paramsDiff = %q, want %q", got, want)
	}
	if got := paramsDiff(`{"a":"κ"}`, `{"a":"\u03ba"}`); got != "" {
		t.Errorf("the same value written two ways: %q", got)
	}
}

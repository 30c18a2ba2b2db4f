package trace

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
)

// Every field of a verdict survives its recording, so that a replay takes
// the branches the run took: Verdict.Neutral, not recorded at first, let
// the replay of "How do I fix a segmentation fault in my C program?"
// answer from the store where the run had refused it. The test sets every
// field, so a field added to reasoner.Verdict and not to VerdictResult
// fails it.
func TestVerdictRoundTripsEveryField(t *testing.T) {
	var v reasoner.Verdict
	rv := reflect.ValueOf(&v).Elem()
	for i := range rv.NumField() {
		f := rv.Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.String:
			f.SetString("a reason")
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"a notice"}))
		default:
			t.Fatalf("Verdict.%s: a field of a kind this test does not set", rv.Type().Field(i).Name)
		}
	}
	require.Equal(t, v, verdictResult(v).verdict())
}

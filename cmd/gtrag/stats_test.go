package main

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/service"
)

// A primer entry removed with `papers rm` is counted as missing: stats
// said "65 of 66 entries, 0 in an older wording", a count of nothing
// that hid the one entry it was about.
func TestStatsPrimerSaysEntriesMissing(t *testing.T) {
	env := testEnv(t)
	primer, err := data.Primer()
	require.NoError(t, err)
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?") // seeds the primer
	require.Equal(t, 0, r.code, r.stderr)
	r = gtrag(t, env, "papers", "rm", "primer:battle-of-the-sexes")
	require.Equal(t, 0, r.code, r.stderr)

	r = gtrag(t, env, "stats")
	require.Equal(t, 0, r.code, r.stderr)
	n := len(primer)
	require.Contains(t, r.stdout, "primer:         "+strconv.Itoa(n-1)+" of "+strconv.Itoa(n)+" entries, 1 missing; `gtrag")
	require.Contains(t, r.stdout, "ingest --primer` adds it\n")
	require.NotContains(t, r.stdout, "older wording", "no entry is worded otherwise")

	var stats struct {
		Primer service.PrimerState `json:"primer"`
	}
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &stats)
	require.Equal(t, n-1, stats.Primer.Stored)
	require.Equal(t, []string{"primer:battle-of-the-sexes"}, stats.Primer.Missing)
	require.Empty(t, stats.Primer.Reworded)
}

// The primer line counts only what there is, and names what the ingest
// does for it.
func TestPrimerLineCountsWhatThereIs(t *testing.T) {
	for _, tt := range []struct {
		st   service.PrimerState
		want string
	}{
		{service.PrimerState{Entries: 66, Stored: 66, Reworded: []string{"a"}, Missing: []string{}},
			"66 of 66 entries, 1 in an older wording; `gtrag ingest --primer` brings it up to date"},
		{service.PrimerState{Entries: 66, Stored: 64, Reworded: []string{}, Missing: []string{"a", "b"}},
			"64 of 66 entries, 2 missing; `gtrag ingest --primer` adds them"},
		{service.PrimerState{Entries: 66, Stored: 65, Reworded: []string{"a"}, Missing: []string{"b"}},
			"65 of 66 entries, 1 missing, 1 in an older wording; `gtrag ingest --primer` brings it up to date"},
	} {
		require.Equal(t, "primer:         "+tt.want+"\n", primerLine(tt.st))
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/version"
)

func TestVersion(t *testing.T) {
	env := testEnv(t)
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := gtrag(t, env, args...)
		require.Equal(t, 0, r.code, r.stderr)
		require.True(t, strings.HasPrefix(r.stdout, "gtrag "+version.Version+" ("), r.stdout)
		require.Contains(t, r.stdout, "go1.")
	}
	// version works whatever the setup: it checks no flag and opens nothing.
	r := gtrag(t, env, "--seed", "bogus", "version")
	require.Equal(t, 0, r.code, r.stderr)
	require.NoDirExists(t, env["GTRAG_DATA_DIR"])
}

// Every flag type gets a plain sentence naming the flag and what it wants.
func TestFlagErrorsArePlain(t *testing.T) {
	env := testEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "-k", "abc", "q"}, `gtrag: -k must be a whole number, got "abc"` + "\n"},
		{[]string{"search", "-k"}, "gtrag: -k needs a value: a whole number\n"},
		{[]string{"ask", "--arxiv-budget", "soon", "q"}, `gtrag: --arxiv-budget must be a duration such as 30s, 2m or 1h30m, got "soon"` + "\n"},
		{[]string{"stats", "--json=2"}, `gtrag: --json must be true or false, got "2"` + "\n"},
		{[]string{"stats", "--nope"}, "gtrag: gtrag stats has no flag --nope (see `gtrag stats --help`)\n"},
		{[]string{"search", "---x", "q"}, "gtrag: ---x is not a flag: flags are written --name or -n (see `gtrag search --help`)\n"},
	} {
		r := gtrag(t, env, tc.args...)
		require.Equal(t, 2, r.code, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
		require.Empty(t, r.stdout)
	}
}

func TestDataDirTildeIsExpanded(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the data dir holds the store only for the embedded backend")
	}
	var info struct {
		Path string `json:"path"`
	}
	decodeJSON(t, gtrag(t, env, "--data-dir", "~/kb2", "stats", "--json"), &info)
	require.Equal(t, filepath.Join(env["HOME"], "kb2", "store.db"), info.Path)
	require.NoDirExists(t, "~")
}

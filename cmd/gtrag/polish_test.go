package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
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
// (and so do the argument counts)
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
		{[]string{"papers", "show"}, "gtrag: gtrag papers show needs an argument (usage: gtrag papers show ID)\n"},
		{[]string{"papers", "show", "a", "b"}, "gtrag: gtrag papers show got 2 arguments (usage: gtrag papers show ID)\n"},
		{[]string{"papers", "list", "x"}, "gtrag: gtrag papers list takes no arguments, got \"x\" (usage: gtrag papers list)\n"},
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
	env["GTRAG_DATA_DIR"] = filepath.Join(env["HOME"], "kb2")
	createStore(t, env)
	decodeJSON(t, gtrag(t, env, "--data-dir", "~/kb2", "stats", "--json"), &info)
	require.Equal(t, filepath.Join(env["HOME"], "kb2", "store.db"), info.Path)
	require.NoDirExists(t, "~")
}

// createStore makes the embedded store of env as a first ask or ingest
// would (with the primer unless GTRAG_SEED is none), for tests that start
// with a read-only command, which no longer creates one. A Weaviate
// collection is created by any command that opens it.
func createStore(t *testing.T, env map[string]string) {
	t.Helper()
	ctx := context.Background()
	if env["GTRAG_STORE"] != "" {
		// A Weaviate collection, made as ask would make it: the commands
		// that only read a store no longer create one.
		seed := env["GTRAG_SEED"]
		if seed == "" {
			seed = service.SeedPrimer
		}
		db, err := service.OpenStore(ctx, service.Config{Store: env["GTRAG_STORE"], DataDir: env["GTRAG_DATA_DIR"], Embedder: "offline", Seed: seed, Getenv: func(string) string { return "" }})
		require.NoError(t, err)
		require.NoError(t, db.Close())
		return
	}
	db, err := vectordb.Open(ctx, env["GTRAG_DATA_DIR"], vectordb.NewOfflineEmbedder())
	require.NoError(t, err)
	defer db.Close()
	if env["GTRAG_SEED"] != "none" {
		require.NoError(t, service.SeedWithPrimer(ctx, db))
	}
}

// stats, search and papers list on a data dir with no store say so, exit
// 2, and create nothing.
func TestReadOnlyCommandsCreateNoStore(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("a Weaviate collection is created on open")
	}
	for _, args := range [][]string{{"stats"}, {"search", "nash"}, {"papers", "list"}, {"papers", "export"}} {
		r := gtrag(t, env, args...)
		require.Equal(t, 2, r.code, args)
		require.Equal(t, "gtrag: no knowledge base in "+env["GTRAG_DATA_DIR"]+" yet: `gtrag ask` or `gtrag ingest` creates one (or choose another --data-dir)\n", r.stderr)
		require.NoDirExists(t, env["GTRAG_DATA_DIR"], args)
	}
}

// The shells get the values of the word-valued flags (cobra's __complete
// is what the completion scripts call).
func TestFlagValueCompletion(t *testing.T) {
	env := testEnv(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "--llm", ""}, []string{"auto", "offline", "ollama:", "openai:"}},
		{[]string{"__complete", "--seed", ""}, []string{"primer", "none"}},
		{[]string{"__complete", "papers", "export", "--format", ""}, []string{"jsonl", "bibtex"}},
		{[]string{"__complete", "graph", "--format", ""}, []string{"ascii", "mermaid", "dot", "explain"}},
		{[]string{"__complete", "ingest", "--sort", ""}, []string{"relevance", "submitted", "updated"}},
	} {
		r := gtrag(t, env, tc.args...)
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		require.Subset(t, lines, tc.want, tc.args)
		require.True(t, strings.HasPrefix(lines[len(lines)-1], ":"), "the directive comes last: %q", r.stdout)
	}
	r := gtrag(t, env, "completion", "bash")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "bash completion")
}

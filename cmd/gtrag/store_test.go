package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// TestStoreRollbackIsRefusedThenRecovered (issue 15.1), through the real
// entry point: with one bit of the newest commit record flipped, every
// command stops with exit 1 and one line naming the file and the way back;
// nothing is written; `store recover` without --accept-rollback is bad
// usage; with it the store goes back one commit and works again.
func TestStoreRollbackIsRefusedThenRecovered(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	dir := env["GTRAG_DATA_DIR"]
	file := filepath.Join(dir, vectordb.StoreFileName)
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "a.jsonl", storeCommitted)).code)
	last := storeJSONL(t, t.TempDir(), "b.jsonl", arxivtest.Paper(4))
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", last).code)

	m := storetest.Newest(t, storetest.Metas(t, file))
	storetest.FlipMetaBit(t, file, m, storetest.OffFreelist)
	damaged, err := os.ReadFile(file)
	require.NoError(t, err)
	for _, args := range [][]string{{"stats"}, {"search", "Nash equilibrium"}, {"ingest", "--no-filter", "--file", last}} {
		line := storeRequireOneLine(t, gtrag(t, env, args...), exitFailure, file, "go back to the commit before", "store recover --accept-rollback")
		require.NotContains(t, line, "\n")
	}
	now, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, damaged, now, "nothing was written")

	storeRequireOneLine(t, gtrag(t, env, "store", "recover"), exitUsage, "--accept-rollback")
	r := gtrag(t, env, "store", "recover", "--accept-rollback")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "went back to its previous commit: ")
	var info vectordb.Info
	require.NoError(t, json.Unmarshal([]byte(gtrag(t, env, "stats", "--json").stdout), &info))
	require.Equal(t, 1, info.Papers, "the first ingest is there, the last one is not")
	r = gtrag(t, env, "store", "recover", "--accept-rollback")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "intact; nothing to recover")

	// Where there is no store, there is nothing to recover, and none is
	// made (a later command would take it for a new one).
	empty := testEnv(t)
	storeRequireOneLine(t, gtrag(t, empty, "store", "recover", "--accept-rollback"), exitUsage, "no knowledge base")
	entries, err := os.ReadDir(empty["GTRAG_DATA_DIR"])
	if !os.IsNotExist(err) {
		require.NoError(t, err)
		require.Empty(t, entries, "nothing was written")
	}
}

// TestStoreFormat1IsUpgraded: a data directory holding a store written by
// the last format-1 gtrag is upgraded by the first command and answers.
func TestStoreFormat1IsUpgraded(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	dir := env["GTRAG_DATA_DIR"]
	storetest.WriteFormat1(t, filepath.Join(dir, vectordb.StoreFileName))

	var info vectordb.Info
	r := gtrag(t, env, "stats", "--json")
	require.Zero(t, r.code, r.stderr)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &info))
	require.Equal(t, vectordb.FormatVersion, info.FormatVersion)
	require.Equal(t, 7, info.Chunks)
	require.Equal(t, 3, info.Papers)
	r = gtrag(t, env, "search", "-k", "1", "Vickrey auction truthful")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "cs/0112004v1_chunk_0")
}

// TestStoreCompact: `store compact` counts the unused vector slots that
// removing papers left, gives their disk back without changing what search
// finds, finds nothing more to free when run again, and is bad usage where
// there is no store in the data directory to compact.
func TestStoreCompact(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	var papers []arxiv.Paper
	for i := 1; i <= 6; i++ {
		papers = append(papers, arxivtest.Paper(i))
	}
	require.Zero(t, gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "p.jsonl", papers...)).code)
	chunks := func() int {
		var info vectordb.Info
		require.NoError(t, json.Unmarshal([]byte(gtrag(t, env, "stats", "--json").stdout), &info))
		return info.Chunks
	}
	all := chunks()
	r := gtrag(t, env, "papers", "rm", papers[1].ID, papers[2].ID, papers[3].ID)
	require.Zero(t, r.code, r.stderr)
	left := chunks()
	require.Less(t, left, all)
	search := func() string {
		r := gtrag(t, env, "search", "--json", "-k", "10", "equilibrium auction mechanism")
		require.Zero(t, r.code, r.stderr)
		return r.stdout
	}
	before := search()
	require.Contains(t, before, "_chunk_", "search finds passages to compare")

	var res vectordb.CompactResult
	r = gtrag(t, env, "store", "compact", "--json")
	require.Zero(t, r.code, r.stderr)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res))
	require.Equal(t, all-left, res.Holes, "one unused slot per removed chunk")
	require.Equal(t, before, search())
	r = gtrag(t, env, "store", "compact")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("%d unused vector slots, 0 B of disk given back", all-left))
	// stats no longer sends the user to a compact with nothing left to
	// do; a paper removed since is for the next one.
	r = gtrag(t, env, "stats")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("deleted slots:  %d (their disk given back by `gtrag store compact`)", all-left))
	require.Zero(t, gtrag(t, env, "papers", "rm", papers[4].ID).code)
	r = gtrag(t, env, "stats")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "(see `gtrag store compact`)")

	storeRequireOneLine(t, gtrag(t, env, "--data-dir", t.TempDir(), "store", "compact"), exitUsage, "no knowledge base in")
	storeRequireOneLine(t, gtrag(t, env, "--store", "weaviate://127.0.0.1:1", "store", "compact"), exitUsage, "--data-dir")
	// recover says so too, before asking for --accept-rollback.
	storeRequireOneLine(t, gtrag(t, env, "--store", "weaviate://127.0.0.1:1", "store", "recover"), exitUsage, "works on the store in --data-dir, not on --store")
}

// TestStoreCopyDirectoryFlags: --from and --to are read as --data-dir is.
// A file where a directory belongs is bad usage naming the flag typed (not
// --data-dir, which was not typed), before anything is opened; a quoted
// '~/kb' is the home directory's kb, not a directory named "~".
func TestStoreCopyDirectoryFlags(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("directories only")
	}
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	src := env["GTRAG_DATA_DIR"]
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))

	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", src, "--to", file), exitUsage,
		"gtrag: --to: "+file+" is a file, not a directory")
	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", src, "--to", filepath.Join(file, "kb")), exitUsage,
		"gtrag: --to: "+filepath.Join(file, "kb")+" is under a file, not a directory")
	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", file, "--to", filepath.Join(t.TempDir(), "kb")), exitUsage,
		"gtrag: --from: "+file+" is a file, not a directory")

	cwd := t.TempDir() // where a regression would make its "~"
	t.Chdir(cwd)
	r := gtrag(t, env, "store", "copy", "--from", src, "--to", "~/copied")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "→ "+filepath.Join(env["HOME"], "copied"))
	_, err := os.Stat(filepath.Join(env["HOME"], "copied", vectordb.StoreFileName))
	require.NoError(t, err, "copied into $HOME/copied")
	_, err = os.Stat(filepath.Join(cwd, "~"))
	require.True(t, os.IsNotExist(err), "no directory named ~ in the working directory")
}

// TestStoreCopyRefusesAMistypedURL: a --to or --from with a URL's scheme
// that is not Weaviate's ("weavite://…", a typo) is bad usage, not a
// directory named "weavite:" in the working directory that the copy then
// reports as done.
func TestStoreCopyRefusesAMistypedURL(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("directories only")
	}
	in, _ := papersFile(t)
	require.Equal(t, 2, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	src := env["GTRAG_DATA_DIR"]
	cwd := t.TempDir()
	t.Chdir(cwd)
	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", src, "--to", "weavite://localhost:8080/Gtrag"), exitUsage,
		`gtrag: --to: "weavite://localhost:8080/Gtrag" is not a store URL: want weaviate://HOST:PORT[/Collection], weaviates://…, or a directory`)
	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", "https://TOKEN@db:8080/Gtrag", "--to", filepath.Join(t.TempDir(), "kb")), exitUsage,
		`gtrag: --from: "https://xxxxx@db:8080/Gtrag" is not a store URL: want weaviate://HOST:PORT[/Collection], weaviates://…, or a directory`)
	entries, err := os.ReadDir(cwd)
	require.NoError(t, err)
	require.Empty(t, entries, "nothing was written in the working directory")
}

// TestStoreMaintenanceOnADataDirThatIsAFile: compact and recover say that
// --data-dir is a file as stats and papers do, as bad usage (exit 2), not
// as a failure to open a store (exit 1).
func TestStoreMaintenanceOnADataDirThatIsAFile(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	for _, args := range [][]string{{"stats"}, {"store", "compact"}, {"store", "recover", "--accept-rollback"}} {
		storeRequireOneLine(t, gtrag(t, env, append([]string{"--data-dir", file}, args...)...), exitUsage,
			"gtrag: --data-dir: "+file+" is a file, not a directory")
	}
}

// TestStoreMaintenanceWithoutAStore: recover, compact and copy --from on a
// data directory without a store, missing or empty, are bad usage (exit 2)
// with the same line each, and create nothing there: the library reports
// the missing store (vectordb.ErrNoStore) before it would make one.
func TestStoreMaintenanceWithoutAStore(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	for _, dir := range []string{filepath.Join(t.TempDir(), "missing"), t.TempDir()} {
		storeRequireOneLine(t, gtrag(t, env, "--data-dir", dir, "store", "recover", "--accept-rollback"), exitUsage,
			"gtrag: no knowledge base in "+dir+": nothing to recover (or choose another --data-dir)")
		storeRequireOneLine(t, gtrag(t, env, "--data-dir", dir, "store", "compact"), exitUsage,
			"gtrag: no knowledge base in "+dir+": nothing to compact (or choose another --data-dir)")
		storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", dir, "--to", filepath.Join(t.TempDir(), "kb")), exitUsage,
			"gtrag: --from "+dir+": no knowledge base there")
		entries, err := os.ReadDir(dir)
		if !os.IsNotExist(err) {
			require.NoError(t, err)
			require.Empty(t, entries, "nothing was written in %s", dir)
		}
	}
}

// TestStoreHintsNameTheDataDirGiven: a command gtrag suggests about the
// store works on the store it was given when copied. stats said "(see
// `gtrag store compact`)" after `gtrag --data-dir DIR stats`, which
// compacts the default store; the rollback hint named DIR unquoted, which
// a shell splits at a space.
func TestStoreHintsNameTheDataDirGiven(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	env["GTRAG_SEED"] = "none"
	dir := filepath.Join(t.TempDir(), "my kb")
	quoted := "'" + dir + "'"
	papers := []arxiv.Paper{arxivtest.Paper(1), arxivtest.Paper(2)}
	r := gtrag(t, env, "--data-dir", dir, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "p.jsonl", papers...))
	require.Zero(t, r.code, r.stderr)
	r = gtrag(t, env, "--data-dir", dir, "papers", "rm", papers[0].ID)
	require.Zero(t, r.code, r.stderr)
	r = gtrag(t, env, "--data-dir", dir, "stats")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "(see `gtrag --data-dir "+quoted+" store compact`)")
	// From the environment the copied line finds it too: no flag added.
	envDir := maps.Clone(env)
	envDir["GTRAG_DATA_DIR"] = dir
	r = gtrag(t, envDir, "stats")
	require.Zero(t, r.code, r.stderr)
	require.Contains(t, r.stdout, "(see `gtrag store compact`)")

	file := filepath.Join(dir, vectordb.StoreFileName)
	storetest.FlipMetaBit(t, file, storetest.Newest(t, storetest.Metas(t, file)), storetest.OffFreelist)
	storeRequireOneLine(t, gtrag(t, env, "--data-dir", dir, "stats"), exitFailure,
		"run `gtrag --data-dir "+quoted+" store recover --accept-rollback`")
}

// A damaged paper's hint, which the store writes without knowing the
// flags ("`gtrag papers rm 2301.01234v1`"), names the --data-dir given.
func TestStoreDamageHintNamesTheDataDirGiven(t *testing.T) {
	globals := pflag.NewFlagSet("gtrag", pflag.ContinueOnError)
	globals.String("data-dir", "", "")
	globals.String("store", "", "")
	require.NoError(t, globals.Set("data-dir", "/tmp/my kb"))
	a := &app{dataDir: "/tmp/my kb", globals: globals, getenv: func(string) string { return "" }}
	damaged := &vectordb.CorruptError{Path: "/tmp/my kb/store.vec", Err: errors.New("a checksum does not match"),
		Fix: "restore a backup, or remove paper 2301.01234v1 (`gtrag papers rm 2301.01234v1`) and ingest it again"}
	err := a.hint(fmt.Errorf("search the store: %w", damaged))
	require.ErrorAs(t, err, new(*vectordb.CorruptError))
	require.Contains(t, err.Error(), "(`gtrag --data-dir '/tmp/my kb' papers rm 2301.01234v1`)")
}

// TestStoreCopyTargetErrorsNameTo: what keeps a copy from its target is
// said of --to, as bad usage, before anything is written. A target on a
// read-only file system was "--data-dir: data directory … cannot be
// created" (a flag not typed), or, for one that existed, exit 1 after
// the first batch with "run the same command again to resume"; a target
// built with another embedder said "Use --embedder offline, or choose
// another --data-dir", neither of which a copy can use.
func TestStoreCopyTargetErrorsNameTo(t *testing.T) {
	emb := newEmbedServer(t)
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("copies between data directories")
	}
	env["GTRAG_SEED"] = "none"
	src := env["GTRAG_DATA_DIR"]
	file := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Paper(1), arxivtest.Paper(2))
	r := gtrag(t, env, "ingest", "--no-filter", "--file", file)
	require.Zero(t, r.code, r.stderr)

	// A target made with another embedder.
	other := filepath.Join(t.TempDir(), "ollama-kb")
	withOllama := maps.Clone(env)
	withOllama["OLLAMA_HOST"] = emb.URL
	r = gtrag(t, withOllama, "--data-dir", other, "--embedder", "ollama:emb", "ingest", "--no-filter", "--file", file)
	require.Zero(t, r.code, r.stderr)
	storeRequireOneLine(t, gtrag(t, env, "store", "copy", "--from", src, "--to", other), exitUsage,
		"gtrag: --to "+other+` was built with embedder "ollama:emb", the source with "offline": copy into a new directory or collection`)

	// Targets on a read-only file system: one to make, one already there.
	ro := t.TempDir()
	there := filepath.Join(ro, "kb")
	r = gtrag(t, env, "store", "copy", "--from", src, "--to", there)
	require.Zero(t, r.code, r.stderr)
	storeMount(t, ro, ro, "", syscall.MS_BIND, "")
	require.NoError(t, syscall.Mount("", ro, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
	r = gtrag(t, env, "store", "copy", "--from", src, "--to", filepath.Join(ro, "new"))
	storeRequireOneLine(t, r, exitUsage, "gtrag: --to: data directory "+filepath.Join(ro, "new")+" cannot be created: "+ro+" is on a read-only file system")
	require.NotContains(t, r.stderr, "--data-dir")
	// The source has a paper the target lacks: a copy would write.
	r = gtrag(t, env, "ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(3)))
	require.Zero(t, r.code, r.stderr)
	r = gtrag(t, env, "store", "copy", "--from", src, "--to", there)
	storeRequireOneLine(t, r, exitUsage, "gtrag: --to: store "+filepath.Join(there, vectordb.StoreFileName)+" is on a read-only file system")
	require.NotContains(t, r.stderr, "run the same command again")
}

// A usage error names the command typed, not one to copy: it keeps its
// words whatever --data-dir was given.
func TestStoreUsageErrorsKeepTheCommandsName(t *testing.T) {
	env := testEnv(t)
	dir := t.TempDir()
	for args, want := range map[string]string{
		"papers rm":         "gtrag: gtrag papers rm needs an argument (usage: gtrag papers rm ID...)",
		"store compact x":   `gtrag: gtrag store compact takes no arguments, got "x" (usage: gtrag store compact)`,
		"ingest --bogus":    "gtrag: gtrag ingest has no flag --bogus (see `gtrag ingest --help`)",
		"papers list extra": `gtrag: gtrag papers list takes no arguments, got "extra" (usage: gtrag papers list)`,
	} {
		r := gtrag(t, env, append([]string{"--data-dir", dir}, strings.Fields(args)...)...)
		require.Equal(t, exitUsage, r.code, args)
		require.Equal(t, want+"\n", r.stderr, args)
	}
}

// store copy's summary gives each count its noun: a store of one paper
// was "source: 2 chunks, 1 papers".
func TestStoreCopySummarySaysOnePaper(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("directories only")
	}
	env["GTRAG_SEED"] = "none"
	in := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Papers(0, 1)...)
	require.Equal(t, 1, ingestJSON(t, env, "--file", in, "--no-filter").KeptN)
	r := gtrag(t, env, "store", "copy", "--from", env["GTRAG_DATA_DIR"], "--to", filepath.Join(t.TempDir(), "kb"))
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 3, r.stdout)
	var chunks int
	_, err := fmt.Sscanf(lines[1], "source: %d", &chunks)
	require.NoError(t, err, lines[1])
	c := fmt.Sprintf("%d chunks", chunks)
	if chunks == 1 {
		c = "1 chunk"
	}
	require.Equal(t, "source: "+c+", 1 paper", lines[1])
	require.Equal(t, "target: "+c+", 1 paper ("+c+" written, 0 already there)", lines[2])
}

package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// requireRefused checks the shape of a refused command: exit 2, one line
// on stderr that is want, nothing on stdout.
func requireRefused(t *testing.T, r result, want string) {
	t.Helper()
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Empty(t, r.stdout)
	require.Equal(t, want+"\n", r.stderr)
}

// A data directory of blanks was taken as a relative path: `ask` made a
// directory named "  " wherever it ran and kept the knowledge base there.
func TestQAConfigBlankDataDirIsRefused(t *testing.T) {
	cwd := t.TempDir()
	t.Chdir(cwd)
	env := testEnv(t)
	r := gtrag(t, env, "--data-dir", "  ", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: --data-dir is empty")
	env["GTRAG_DATA_DIR"] = " \t"
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: GTRAG_DATA_DIR is empty")
	entries, err := os.ReadDir(cwd)
	require.NoError(t, err)
	require.Empty(t, entries, "nothing is created where the command ran")
}

// A data directory the system will not make, for a reason other than a
// permission (mkdir under /proc: no such file or directory), was an error
// of the run: exit 1, "gtrag: open the knowledge base: create data
// directory …". It is a setting to change, refused as a file or a path
// under a file is: exit 2, one --data-dir line, nothing on stdout and
// nothing made. A directory under a dangling link fails the mkdir on any
// system, as root too (file exists).
func TestQAConfigDataDirThatCannotBeMadeIsRefused(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_STORE") // the embedded store's directory
	tmp := t.TempDir()
	link := filepath.Join(tmp, "link")
	require.NoError(t, os.Symlink(filepath.Join(tmp, "gone"), link))
	cases := map[string]string{
		filepath.Join(link, "kb"): "mkdir " + link + ": file exists",
	}
	if fi, err := os.Stat("/proc/self"); err == nil && fi.IsDir() {
		cases["/proc/gtrag-no-such-dir"] = "mkdir /proc/gtrag-no-such-dir: no such file or directory"
	}
	for dir, sys := range cases {
		r := gtrag(t, env, "--data-dir", dir, "ask", "What is a Nash equilibrium?")
		requireRefused(t, r, "gtrag: --data-dir: open the knowledge base: create data directory "+dir+": "+sys+"; choose another --data-dir")
	}
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing made beside the link")
}

// "~user/kb" was made as a directory named "~user" where the command
// ran; a shell would have expanded it to that user's home. gtrag does not
// look users up, and says so: exit 2, nothing made.
func TestQAConfigOtherUsersHomeIsRefused(t *testing.T) {
	cwd := t.TempDir()
	t.Chdir(cwd)
	env := testEnv(t)
	delete(env, "GTRAG_DATA_DIR")
	r := gtrag(t, env, "--data-dir", "~nobody/kb", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, `gtrag: --data-dir "~nobody/kb": gtrag expands ~ and ~/ but not ~user; give the full path`)
	r = gtrag(t, env, "store", "copy", "--from", "~nobody/kb", "--to", filepath.Join(cwd, "copy"))
	requireRefused(t, r, `gtrag: --from "~nobody/kb": gtrag expands ~ and ~/ but not ~user; give the full path`)
	entries, err := os.ReadDir(cwd)
	require.NoError(t, err)
	require.Empty(t, entries, "nothing is created where the command ran")
}

// With no HOME the default data directory was "gtrag-data" under the
// current directory: each directory a command ran in got a knowledge base
// of its own, and '~/kb' became a directory named "~". A relative
// XDG_DATA_HOME, which the XDG spec says to ignore, was used as given.
func TestQAConfigNoHomeHasNoDefaultDataDir(t *testing.T) {
	run, err := filepath.Abs(filepath.Join("..", "..", "testdata", "trace", "run.jsonl"))
	require.NoError(t, err)
	cwd := t.TempDir()
	t.Chdir(cwd)
	env := map[string]string{
		"GTRAG_LLM":       "offline",
		"GTRAG_ARXIV_URL": "http://127.0.0.1:1/api/query",
		"OLLAMA_HOST":     "http://127.0.0.1:1",
	}
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: no data directory: HOME is not set; give one with --data-dir or GTRAG_DATA_DIR")
	r = gtrag(t, env, "--data-dir", "~/kb", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, `gtrag: --data-dir "~/kb": HOME is not set, so ~ cannot be expanded; give the full path`)
	entries, err := os.ReadDir(cwd)
	require.NoError(t, err)
	require.Empty(t, entries, "nothing is created where the command ran")

	// What opens no knowledge base still works: the diagram, and a replay,
	// which answers from the recording; a live fork goes on against
	// today's store, which has no place here.
	r = gtrag(t, env, "graph")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "pull_from_chroma")
	r = gtrag(t, env, "replay", run)
	require.Equal(t, 0, r.code, r.stderr)
	require.NotEmpty(t, r.stdout)
	r = gtrag(t, env, "replay", run, "--fork", "7", "--set", "relevant_context=false")
	requireRefused(t, r, "gtrag: no data directory: HOME is not set; give one with --data-dir or GTRAG_DATA_DIR")

	env["HOME"] = "/home/someone"
	env["XDG_DATA_HOME"] = "relative/data"
	r = gtrag(t, env, "--help")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, unwrapped(r.stdout), `(default "/home/someone/.local/share/gtrag")`)
}

// `--llm "$MODEL"` with MODEL unset was read as auto: a script meant to
// name its model got whichever LLM auto found, a paid API among them. An
// empty --embedder was already refused.
func TestQAConfigEmptyLLMIsRefused(t *testing.T) {
	env := testEnv(t)
	valid := "auto, offline, ollama:MODEL, openai:MODEL, anthropic:MODEL, googleai:MODEL"
	r := gtrag(t, env, "--llm", "", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: --llm is empty: want "+valid)
	env["GTRAG_LLM"] = "  "
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: GTRAG_LLM is empty: want "+valid)
	require.NoDirExists(t, env["GTRAG_DATA_DIR"])
}

// A password in a URL (a --store, an --arxiv-url, OLLAMA_HOST,
// OPENAI_BASE_URL) was printed back in the error about it, and in --help
// as the flag's default when the URL came from the environment.
func TestQAConfigURLPasswordsAreNotPrinted(t *testing.T) {
	const pw = "s3cretPW"
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{args: []string{"--store", "weaviate://me:" + pw + "@127.0.0.1:8080/G", "stats"}, want: "weaviate://xxxxx@127.0.0.1:8080/G"},
		{args: []string{"--store", "http://me:" + pw + "@127.0.0.1:8080/G", "stats"}, want: "http://xxxxx@127.0.0.1:8080/G"},
		{args: []string{"--arxiv-url", "ftp://me:" + pw + "@arxiv.example/api", "stats"}, want: "ftp://me:xxxxx@arxiv.example/api"},
		{args: []string{"--llm", "ollama:m", "ask", "What is a Nash equilibrium?"},
			env: map[string]string{"OLLAMA_HOST": "http://me:" + pw + "@127.0.0.1:99999"}, want: "http://me:xxxxx@127.0.0.1:99999"},
		{args: []string{"--llm", "openai:m", "ask", "What is a Nash equilibrium?"},
			env: map[string]string{"OPENAI_BASE_URL": "http://me:" + pw + "@[::1"}, want: "http://me:xxxxx@[::1"},
	} {
		env := testEnv(t)
		for k, v := range c.env {
			env[k] = v
		}
		r := gtrag(t, env, c.args...)
		require.Equal(t, exitUsage, r.code, "%v: %s", c.args, r.stderr)
		require.NotContains(t, r.stderr, pw, c.args)
		require.Contains(t, r.stderr, c.want, c.args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
	}

	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = "http://me:" + pw + "@127.0.0.1:1/api/query"
	r := gtrag(t, env, "--help")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout, pw)
	require.Contains(t, unwrapped(r.stdout), `(default "http://me:xxxxx@127.0.0.1:1/api/query")`)
}

// A mistyped command read `unknown command "aks" for "gtrag" Did you mean
// this? ask`: cobra's three lines run together.
func TestQAConfigUnknownCommandIsOneSentence(t *testing.T) {
	env := testEnv(t)
	requireRefused(t, gtrag(t, env, "aks", "x"), "gtrag: unknown command \"aks\": did you mean ask? (see `gtrag --help` for the commands)")
	requireRefused(t, gtrag(t, env, "frobnicate"), "gtrag: unknown command \"frobnicate\" (see `gtrag --help` for the commands)")
	// A papers subcommand typed alone is that subcommand, not "ask" by
	// spelling (found by an exploratory review).
	requireRefused(t, gtrag(t, env, "ls"), "gtrag: unknown command \"ls\": did you mean `gtrag papers ls`? (see `gtrag --help` for the commands)")
}

// `gtrag -- stats` printed the root's help and exited 0, as if no command
// had been given; words after "--" are arguments, and the root takes none.
// A command's own "--" still ends its flags.
func TestRootRefusesArgumentsAfterDashDash(t *testing.T) {
	env := testEnv(t)
	requireRefused(t, gtrag(t, env, "--", "stats"),
		"gtrag: \"stats\" after \"--\" is an argument, and gtrag takes none: the command goes first (gtrag stats)")
	requireRefused(t, gtrag(t, env, "--llm", "offline", "--", "frobnicate"),
		"gtrag: \"frobnicate\" after \"--\" is an argument, and gtrag takes none (see `gtrag --help` for the commands)")
	r := gtrag(t, env, "--")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "Available Commands:")
	r = gtrag(t, env, "ask", "--json", "--", "-what is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `"question": "-what is a Nash equilibrium?"`)
}

// `gtrag help` is the page `gtrag --help` prints: it left out --version,
// which cobra adds only when the root itself runs.
func TestHelpCommandIsTheRootsHelp(t *testing.T) {
	env := testEnv(t)
	viaCommand, viaFlag := gtrag(t, env, "help"), gtrag(t, env, "--help")
	require.Equal(t, 0, viaCommand.code, viaCommand.stderr)
	require.Contains(t, viaCommand.stdout, "-v, --version")
	require.Equal(t, viaFlag.stdout, viaCommand.stdout)
}

// A string flag with no value said it needed "a valid string", which
// tells no one what to give.
func TestQAConfigMissingValueSaysWhatTheFlagTakes(t *testing.T) {
	env := testEnv(t)
	requireRefused(t, gtrag(t, env, "--llm"),
		"gtrag: --llm needs a value: auto, offline, ollama:MODEL, openai:MODEL, anthropic:MODEL, googleai:MODEL (see `gtrag --help`)")
	requireRefused(t, gtrag(t, env, "stats", "--data-dir"),
		"gtrag: --data-dir needs a value: knowledge base directory (see `gtrag stats --help`)")
	requireRefused(t, gtrag(t, env, "trace", "--format"),
		"gtrag: --format needs a value: text, mermaid or html (see `gtrag trace --help`)")
}

// Completion offered files for --router, and put no space after "offline"
// or "auto", as if a model name were to follow. --data-dir completes
// directories only.
func TestQAConfigCompletionValues(t *testing.T) {
	env := testEnv(t)
	for _, cmd := range []string{"ask", "chat", "eval"} {
		r := gtrag(t, env, "__complete", cmd, "--router", "")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "rules\nllm\n:4\n", r.stdout, cmd)
	}
	r := gtrag(t, env, "__complete", "--llm", "of")
	require.Equal(t, "offline\n:4\n", r.stdout, "a whole word: a space after it")
	r = gtrag(t, env, "__complete", "--llm", "oll")
	require.Equal(t, "ollama:\n:6\n", r.stdout, "a provider: the model follows, no space")
	r = gtrag(t, env, "__complete", "--embedder", "")
	require.Equal(t, "offline\nollama:\nopenai:\n:6\n", r.stdout)
	r = gtrag(t, env, "__complete", "--data-dir", "")
	require.Equal(t, ":16\n", r.stdout, "directories only")
}

// With --llm left to auto, a malformed OLLAMA_HOST was reported as
// "--llm: cannot use LLM "auto": …", pointing at a flag nobody typed.
func TestQAConfigAutoErrorNamesTheVariableNotTheFlag(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_LLM")
	env["OLLAMA_HOST"] = "ftp://gpu-box"
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, `gtrag: cannot use LLM "auto": OLLAMA_HOST "ftp://gpu-box": the scheme must be http or https (want a host, host:port or http(s) URL)`)
	r = gtrag(t, env, "--llm", "auto", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, `gtrag: --llm: cannot use LLM "auto": OLLAMA_HOST "ftp://gpu-box": the scheme must be http or https (want a host, host:port or http(s) URL)`)
}

// A data directory the system refuses without a "fix its permissions" of
// gtrag's own (mkdir: operation not permitted) ended "…: operation not
// permitted, or choose another --data-dir": an "or" with nothing before it.
func TestQAConfigPermissionHintReads(t *testing.T) {
	a := &app{dataDir: "/sys/kb", getenv: func(string) string { return "" }}
	sysErr := &fs.PathError{Op: "mkdir", Path: "/sys/kb", Err: syscall.EPERM}
	err := a.hint(usageError{fmt.Errorf("--data-dir: open the knowledge base: create data directory /sys/kb: %w", sysErr)})
	require.EqualError(t, err, "--data-dir: open the knowledge base: create data directory /sys/kb: mkdir /sys/kb: operation not permitted; choose another --data-dir")

	nw := &service.NotWritableError{What: "data directory", Path: "/ro/kb", Where: "/ro", Err: fs.ErrPermission}
	a.dataDir = filepath.Join("/ro", "kb")
	err = a.hint(usageError{fmt.Errorf("--data-dir: %w", nw)})
	require.True(t, strings.HasSuffix(err.Error(), "fix its permissions, or choose another --data-dir"), err.Error())
}

// unwrapped is help text with its lines joined: a flag's description wraps
// at 100 columns, so its default may begin a line of its own.
func unwrapped(help string) string {
	return strings.Join(strings.Fields(help), " ")
}

// An embedder mismatch names what to change for the store it is about:
// store copy's --to may be a Weaviate collection while --store is unset,
// and the hint said to choose another --data-dir.
func TestMismatchHintFitsTheStoreItNames(t *testing.T) {
	a := &app{dataDir: "/kb", getenv: func(string) string { return "" }}
	toCollection := &vectordb.MismatchError{Dir: "weaviate://127.0.0.1:8480/Emb16", StoredSpec: "openai:fake16", StoredDim: 16, AskedSpec: "offline"}
	require.True(t, strings.HasSuffix(a.hint(toCollection).Error(), "or another collection (weaviate://HOST:PORT/Name)"), a.hint(toCollection).Error())
	toDir := &vectordb.MismatchError{Dir: "/kb2", StoredSpec: "openai:fake16", StoredDim: 16, AskedSpec: "offline"}
	require.True(t, strings.HasSuffix(a.hint(toDir).Error(), "or choose another --data-dir"), a.hint(toDir).Error())
}

// A data directory that exists but takes no new files (/proc, to root as
// to anyone) passed the access check, so ingest asked arXiv and then
// failed to open its store (exit 1), and ask failed the same way. Both are
// refused before anything is asked: exit 2, one line, no request.
func TestQAConfigDataDirThatTakesNoFilesIsRefused(t *testing.T) {
	if fi, err := os.Stat("/proc/self"); err != nil || !fi.IsDir() {
		t.Skip("no /proc here")
	}
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper})
	env := testEnv(t)
	delete(env, "GTRAG_STORE")
	env["GTRAG_ARXIV_URL"] = srv.URL
	r := gtrag(t, env, "--data-dir", "/proc", "ingest", "--query", "cat:cs.GT", "--max", "5")
	requireRefused(t, r, "gtrag: store /proc/store.db cannot be created: /proc does not take new files (no such file or directory); choose another place")
	require.Empty(t, srv.Requests(), "arXiv was not asked")
	r = gtrag(t, env, "--data-dir", "/proc", "ask", "What is a Nash equilibrium?")
	requireRefused(t, r, "gtrag: --data-dir: data directory /proc does not take new files (no such file or directory); choose another place")
}

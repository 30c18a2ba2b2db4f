//go:build unix

package main

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// --trace-out replaces what is at its path when the run ends. These tests
// hold it to createTraceFile's rule: what it refuses exits 2 with one line
// naming the flag and the path, and writes nothing — the target is
// byte-identical, no temporary file is left, no knowledge base is made.

// traceOutQuestion is answered from the primer, with arXiv unreachable.
const traceOutQuestion = "What is a Nash equilibrium?"

// dirEntries maps every name in dir to its mode and content (a link's
// target for a link), to prove a refused --trace-out changed nothing there.
func dirEntries(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	m := map[string]string{}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		fi, err := os.Lstat(p)
		require.NoError(t, err)
		v := fi.Mode().String()
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			require.NoError(t, err)
			v += " -> " + to
		case fi.Mode().IsRegular():
			b, err := os.ReadFile(p)
			require.NoError(t, err)
			v += " " + string(b)
		}
		m[e.Name()] = v
	}
	return m
}

// traceOutRefused checks one refused --trace-out: exit 2, exactly line on
// stderr, nothing on stdout, and no knowledge base made.
func traceOutRefused(t *testing.T, env map[string]string, r result, line string) {
	t.Helper()
	storeRequireOneLine(t, r, exitUsage)
	require.Equal(t, line+"\n", r.stderr)
	require.Empty(t, r.stdout)
	_, err := os.Stat(env["GTRAG_DATA_DIR"])
	require.ErrorIs(t, err, fs.ErrNotExist, "a refused --trace-out creates no knowledge base")
}

// A fork recorded over the recording it forks would replace its own
// input; through a symbolic link to it too.
func TestTraceOutRefusesTheRecordingBeingForked(t *testing.T) {
	env, file, _ := traceRecorded(t)
	dir := filepath.Dir(file)
	alias := filepath.Join(dir, "alias.jsonl")
	require.NoError(t, os.Symlink("run.jsonl", alias))
	before := dirEntries(t, dir)
	kb := dirSnapshot(t, env["GTRAG_DATA_DIR"])

	for _, out := range []string{file, alias} {
		r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", out)
		storeRequireOneLine(t, r, exitUsage)
		require.Equal(t, "gtrag: --trace-out "+out+": it is the recording being forked ("+file+"), which the fork would replace; give another file name\n", r.stderr)
		require.Empty(t, r.stdout)
		require.Equal(t, before, dirEntries(t, dir), "the recording is untouched, no temporary file left")
		require.Equal(t, kb, dirSnapshot(t, env["GTRAG_DATA_DIR"]))
	}
}

// The knowledge base's files, or any file that is not a recording, are
// refused before the store is opened: stats still reads the store after.
func TestTraceOutRefusesAFileThatIsNotARecording(t *testing.T) {
	env := testEnv(t)
	delete(env, "GTRAG_STORE") // the local store: its files are what is at stake
	data := env["GTRAG_DATA_DIR"]

	// The store's files are refused by name before the store is made, so
	// that the run does not make them only for the trace to be refused at
	// the end; the data directory too.
	for _, target := range []string{filepath.Join(data, "store.db"), filepath.Join(data, "store.vec"), data} {
		what := "the knowledge base's " + filepath.Base(target) + ", in the data directory"
		if target == data {
			what = "the data directory"
		}
		traceOutRefused(t, env, gtrag(t, env, "ask", "--trace-out", target, traceOutQuestion),
			"gtrag: --trace-out "+target+": it is "+what+"; give another file name")
	}

	require.Equal(t, exitOK, gtrag(t, env, "ask", traceOutQuestion).code)
	kb := dirSnapshot(t, data)
	for _, name := range []string{"store.db", "store.vec"} {
		target := filepath.Join(data, name)
		r := gtrag(t, env, "ask", "--trace-out", target, traceOutQuestion)
		storeRequireOneLine(t, r, exitUsage)
		require.Equal(t, "gtrag: --trace-out "+target+": it is the knowledge base's "+name+", in the data directory; give another file name\n", r.stderr)
		require.Equal(t, kb, dirSnapshot(t, data), "%s and the rest of the knowledge base are byte-identical", name)
	}
	require.Equal(t, exitOK, gtrag(t, env, "stats").code)

	// Another file, with a knowledge base not made yet: none is made.
	env = testEnv(t)
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.jsonl")
	require.NoError(t, os.WriteFile(notes, []byte(`{"note":"mine"}`+"\n"), 0o644))
	before := dirEntries(t, dir)
	traceOutRefused(t, env, gtrag(t, env, "ask", "--trace-out", notes, traceOutQuestion),
		"gtrag: --trace-out "+notes+": the file exists and is not a gtrag recording; give a new file name (gtrag replaces only a recording)")
	require.Equal(t, before, dirEntries(t, dir))
}

// A named pipe, a device, a directory, a link to nothing or to a file that
// is not a recording: each is refused and stays what it was. (Devices: a
// node made here with /dev/null's numbers, never a real one.)
func TestTraceOutRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.jsonl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "target.txt"), []byte("hello\n"), 0o644))
	link := filepath.Join(dir, "link.jsonl")
	require.NoError(t, os.Symlink("target.txt", link))
	dangling := filepath.Join(dir, "dangling.jsonl")
	require.NoError(t, os.Symlink("nowhere.jsonl", dangling))
	cases := map[string]string{
		fifo:     "not a regular file (a named pipe); give a file path",
		sub:      "not a regular file (a directory); give a file path",
		link:     "a symbolic link to " + filepath.Join(dir, "target.txt") + ", which is not a gtrag recording; give a new file name (gtrag replaces only a recording)",
		dangling: "a symbolic link to nowhere.jsonl, which does not exist; give a file path",
	}
	dev := filepath.Join(dir, "null")
	if runtime.GOOS == "linux" && syscall.Mknod(dev, syscall.S_IFCHR|0o644, 1<<8|3) == nil {
		cases[dev] = "not a regular file (a device); give a file path"
	} else {
		t.Log("no character device made (not root, or not Linux): devices untested")
	}
	before := dirEntries(t, dir)
	for target, why := range cases {
		env := testEnv(t)
		traceOutRefused(t, env, gtrag(t, env, "ask", "--trace-out", target, traceOutQuestion), "gtrag: --trace-out "+target+": "+why)
		require.Equal(t, before, dirEntries(t, dir), target)
	}
}

// A shell's >(…) is /dev/fd/N, a pipe: refused as one, not as a missing
// directory, and the pipe gets nothing.
func TestTraceOutRefusesAPipe(t *testing.T) {
	if _, err := os.Stat("/dev/fd"); err != nil {
		t.Skip("no /dev/fd")
	}
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	target := "/dev/fd/" + strconv.Itoa(int(pw.Fd()))
	env := testEnv(t)
	r := gtrag(t, env, "ask", "--trace-out", target, traceOutQuestion)
	require.NoError(t, pw.Close())
	traceOutRefused(t, env, r, "gtrag: --trace-out "+target+": not a regular file (a named pipe); give a file path")
	got, err := io.ReadAll(pr)
	require.NoError(t, err)
	require.Empty(t, got)
}

// A directory that exists but takes no new file is said to be one, not to
// be missing.
func TestTraceOutDirectoryThatRefusesFiles(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("uses /proc")
	}
	env := testEnv(t)
	target := "/proc/gtrag-trace-out-test.jsonl"
	traceOutRefused(t, env, gtrag(t, env, "ask", "--trace-out", target, traceOutQuestion),
		"gtrag: --trace-out "+target+": directory /proc exists but a file cannot be created in it (no such file or directory); give a path in a writable directory")
}

// Recording again to the same file is how people use --trace-out: a
// recording (or an empty file) is replaced, through a symbolic link too,
// which stays a link.
func TestTraceOutRecordsAgainOverARecording(t *testing.T) {
	env, file, _ := traceRecorded(t)
	dir := filepath.Dir(file)

	// A fork recorded twice to the same file.
	fork := filepath.Join(dir, "fork.jsonl")
	for range 2 {
		r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--offline", "--trace-out", fork)
		require.Equal(t, exitOK, r.code, r.stderr)
		traceEvents(t, fork)
	}

	old, err := os.ReadFile(file)
	require.NoError(t, err)
	r := gtrag(t, env, "ask", "--trace-out", file, traceQuestion)
	require.Equal(t, exitOK, r.code, r.stderr)
	again := traceEvents(t, file)
	oldEvents := traceEvents(t, writeTemp(t, old))
	require.NotEqual(t, oldEvents[0].ExecutionID, again[0].ExecutionID, "the new run replaced the old recording")

	// Through a link: the file it points to gets the trace.
	link := filepath.Join(dir, "link.jsonl")
	require.NoError(t, os.Symlink("run.jsonl", link))
	prev, err := os.ReadFile(file)
	require.NoError(t, err)
	r = gtrag(t, env, "ask", "--trace-out", link, traceQuestion)
	require.Equal(t, exitOK, r.code, r.stderr)
	to, err := os.Readlink(link)
	require.NoError(t, err, "the link is still a link")
	require.Equal(t, "run.jsonl", to)
	now, err := os.ReadFile(file)
	require.NoError(t, err)
	require.False(t, bytes.Equal(prev, now), "the recording the link points to was replaced")
	traceEvents(t, file)

	// An empty file (mktemp's) has nothing to lose.
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	r = gtrag(t, env, "ask", "--trace-out", empty, traceQuestion)
	require.Equal(t, exitOK, r.code, r.stderr)
	traceEvents(t, empty)
}

func writeTemp(t *testing.T, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "copy.jsonl")
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return p
}

// A file saved at --trace-out's path while the run was going (here, while
// arXiv was being asked) is not replaced when the run ends: the answer is
// printed, the command fails with one line saying where the trace was
// kept, and the user's file is unchanged.
func TestTraceOutKeepsAFileSavedDuringTheRun(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "run.jsonl")
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = notesSavingArxiv(t, target)
	env["GTRAG_SEED"] = "none"

	r := gtrag(t, env, "ask", "--trace-out", target, "Why does tit-for-tat do well in the iterated prisoner's dilemma?")
	requireNotesKept(t, r, target)
	require.NotContains(t, strings.TrimSuffix(r.stderr, "\n"), "\n", "one line on stderr")
	require.Contains(t, r.stdout, "Searched arXiv for", "the answer is printed before the failure")
}

// A fork that goes live after its step (no --offline) runs as long as an
// ask; a file saved at its --trace-out meanwhile is kept as well: the
// fork's paths and answer are printed, then the one line naming the hidden
// file that holds the fork's recording (exit 1).
func TestForkTraceOutKeepsAFileSavedDuringTheRun(t *testing.T) {
	env, file, _ := traceRecorded(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "fork.jsonl")
	env["GTRAG_ARXIV_URL"] = notesSavingArxiv(t, target)

	r := gtrag(t, env, "replay", file, "--fork", "7", "--set", "relevant_context=false", "--trace-out", target)
	requireNotesKept(t, r, target)
	require.Contains(t, r.stdout, "the paths diverge at step 8", "the fork is printed before the failure")
}

// requireNotesKept checks that run r, recording to target while
// notesSavingArxiv saved notes there, failed (exit 1) leaving the notes as
// they were, its whole recording in one hidden file beside them, and, as
// its last line on stderr, the error that names that file.
func requireNotesKept(t *testing.T, r result, target string) {
	t.Helper()
	require.Equal(t, exitFailure, r.code, r.stderr)
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "my notes\n", string(b), "the file saved during the run was replaced")
	kept, err := filepath.Glob(filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".partial-*"))
	require.NoError(t, err)
	require.Len(t, kept, 1)
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	require.Equal(t, "gtrag: save trace "+target+": a file that is not a gtrag recording was saved there during the run, and gtrag replaces only a recording; the trace is kept in "+kept[0], lines[len(lines)-1])
	traceEvents(t, kept[0]) // a whole recording, replayable under its own name
}

// notesSavingArxiv starts an arXiv that, asked anything, first saves a
// user's notes at path, as a user might while a run goes on, then answers
// with no results. It returns the server's URL; the server stops with the
// test.
func notesSavingArxiv(t *testing.T, path string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = os.WriteFile(path, []byte("my notes\n"), 0o644)
		w.Header().Set("Content-Type", "application/atom+xml")
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"><opensearch:totalResults>0</opensearch:totalResults></feed>`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

package trace

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFileAppearsOnlyWhenClosed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	f := startTrace(t, path, "{}\n")
	_, err := os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist, "the trace must not exist under its name before Close")
	partial, err := filepath.Glob(filepath.Join(dir, ".run.jsonl.partial-*"))
	require.NoError(t, err)
	require.Len(t, partial, 1)

	require.NoError(t, f.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "{}\n", string(b))
	left, _ := filepath.Glob(filepath.Join(dir, ".*partial*"))
	require.Empty(t, left)
}

func TestFileAbort(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "run.jsonl"))
	require.NoError(t, err)
	require.NoError(t, f.Abort())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entries)
}

func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(dir)
	require.ErrorContains(t, err, "directory")
	_, err = Create(filepath.Join(dir, "missing", "run.jsonl"))
	require.Error(t, err)
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		field string
		v     any
		want  string
	}{
		{"user_query", "What is a\n Nash   equilibrium?", `"What is a Nash equilibrium?"`},
		{"relevant_context", true, "true"},
		{"papers_added", 2, "2"},
		{"chroma_results", nil, "(none)"},
		{"chroma_results", []any{}, "(none)"},
		{"chroma_results", []map[string]any{{"id": "a_chunk_0", "score": 0.7123}}, "1 result: a_chunk_0 (0.71)"},
		{"arxiv_papers", []map[string]any{{"id": "2301.01234v2", "title": "Games"}, {"id": "cs/0112004v1", "title": "More"}}, `2 papers: 2301.01234v2 "Games", cs/0112004v1 "More"`},
		{"papers_seen", []string{"a", "b", "c", "d", "e"}, "5 ids: a, b, c, … (2 more)"},
		{"notices", []string{"arXiv search failed, answering from the local store"}, `1 notice: "arXiv search failed, answering from the…"`},
		{"final_response", "", `""`},
		{"other", map[string]int{"a": 1, "b": 2}, "{a: 1, b: 2}"},
	}
	for _, tt := range tests {
		raw, err := json.Marshal(tt.v)
		require.NoError(t, err)
		require.Equal(t, tt.want, Summarize(tt.field, raw), "%s %s", tt.field, raw)
	}
	long := make([]byte, 200)
	for i := range long {
		long[i] = 'a'
	}
	raw, _ := json.Marshal(string(long))
	require.Equal(t, maxText+2, len([]rune(Summarize("final_response", raw))))
	require.Equal(t, "(unreadable)", Summarize("x", json.RawMessage("{")))
}

func TestDiffFieldsIgnoresNilVersusEmpty(t *testing.T) {
	type s struct {
		A []string `json:"a"`
		B int      `json:"b"`
		C string   `json:"c,omitempty"`
	}
	before, err := objectFields(s{A: nil})
	require.NoError(t, err)
	after, err := objectFields(s{A: []string{}, B: 1, C: "x"})
	require.NoError(t, err)
	muts := diffFields(before, after)
	require.Len(t, muts, 2)
	require.Equal(t, "b", muts[0].Field)
	require.Equal(t, "c", muts[1].Field)
	require.Equal(t, "null", string(muts[1].Before))
}

// A --trace-out in a missing directory names the directory, never the
// temporary file the user did not ask for; a directory given to read is
// said to be one, once.
func TestFileErrorsNameWhatTheUserGave(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(filepath.Join(dir, "missing", "run.jsonl"))
	require.ErrorContains(t, err, "directory "+filepath.Join(dir, "missing")+": no such file or directory")
	require.NotContains(t, err.Error(), ".partial-")
	_, err = ReadFile(dir)
	require.EqualError(t, err, "read trace "+dir+": it is a directory, not a file")
}

// A file saved at the trace's path while the run was going is not replaced
// when the trace is closed: the trace stays beside it and the error says
// where.
func TestFileCloseKeepsAFileThatAppearedDuringTheRun(t *testing.T) {
	for name, appear := range map[string]func(t *testing.T, path string){
		"notes": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, []byte("my notes\n"), 0o644))
		},
		"directory": func(t *testing.T, path string) {
			require.NoError(t, os.Mkdir(path, 0o755))
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "run.jsonl")
			f := startTrace(t, path, "{}\n")
			appear(t, path)

			err := f.Close()
			require.ErrorContains(t, err, "save trace "+path)
			require.ErrorContains(t, err, "was saved there during the run")
			if name == "notes" {
				b, rerr := os.ReadFile(path)
				require.NoError(t, rerr)
				require.Equal(t, "my notes\n", string(b), "the user's file was replaced")
			}
			kept, _ := filepath.Glob(filepath.Join(dir, ".run.jsonl.partial-*"))
			require.Len(t, kept, 1)
			require.ErrorContains(t, err, kept[0])
			b, err := os.ReadFile(kept[0])
			require.NoError(t, err)
			require.Equal(t, "{}\n", string(b))
		})
	}
}

// A recording at the path, as Create found it, is still replaced.
func TestFileCloseReplacesARecording(t *testing.T) {
	_, path := recordingAt(t)
	f := startTrace(t, path, "new\n")
	require.NoError(t, f.Close())
	requireContent(t, path, "new\n")
}

// placeNew is how Close moves a trace to a path that was free when it
// checked: a file that appears there after the check (the window the
// check cannot close) is kept, not replaced, and the trace stays in its
// temporary file; with the path still free, the trace moves there whole.
func TestPlaceNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	tmp, path := filepath.Join(dir, ".run.jsonl.partial-1"), filepath.Join(dir, "run.jsonl")
	require.NoError(t, os.WriteFile(tmp, []byte("trace\n"), 0o644))
	require.NoError(t, os.WriteFile(path, []byte("my notes\n"), 0o644))

	require.ErrorIs(t, placeNew(tmp, path), os.ErrExist)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "my notes\n", string(b), "the file that appeared was replaced")
	b, err = os.ReadFile(tmp)
	require.NoError(t, err)
	require.Equal(t, "trace\n", string(b), "the trace was lost")

	require.NoError(t, os.Remove(path))
	require.NoError(t, placeNew(tmp, path))
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "trace\n", string(b))
	_, err = os.Stat(tmp)
	require.ErrorIs(t, err, os.ErrNotExist, "the temporary file stays behind")
}

// startTrace creates the trace of path and writes content to it.
func startTrace(t *testing.T, path, content string) *File {
	t.Helper()
	f, err := Create(path)
	require.NoError(t, err)
	_, err = f.Write([]byte(content))
	require.NoError(t, err)
	return f
}

// swapBeforeMove makes the next Close find content saved at path, by
// another program's rename, after its last check and before its move.
func swapBeforeMove(t *testing.T, path, content string) {
	t.Helper()
	beforeMove = func() {
		other := path + ".other"
		require.NoError(t, os.WriteFile(other, []byte(content), 0o644))
		require.NoError(t, os.Rename(other, path))
	}
	t.Cleanup(func() { beforeMove = nil })
}

// requireExchange skips a test of the swap-back where the system cannot
// exchange two files in one step (not Linux, or a file system without
// RENAME_EXCHANGE): there Close renames, as its doc says.
func requireExchange(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	require.NoError(t, os.WriteFile(a, []byte("a"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("b"), 0o644))
	if err := exchange(a, b); errors.Is(err, errors.ErrUnsupported) {
		t.Skipf("no atomic exchange here (%s): %v", runtime.GOOS, err)
	} else {
		require.NoError(t, err)
	}
	got, err := os.ReadFile(a)
	require.NoError(t, err)
	require.Equal(t, "b", string(got), "exchange did not swap the files")
}

// A recording Close may replace, swapped for the user's notes between its
// check and its move, is put back: the notes stay at the path and the
// trace in the temporary file the error names.
func TestFileCloseKeepsNotesSwappedInBeforeTheMove(t *testing.T) {
	requireExchange(t)
	dir, path := recordingAt(t)
	f := startTrace(t, path, "new\n")
	swapBeforeMove(t, path, "my notes\n")

	err := f.Close()
	require.Error(t, err)
	require.Contains(t, err.Error(), "not a gtrag recording")
	requireContent(t, path, "my notes\n", "the notes were replaced")
	kept := err.Error()[strings.LastIndex(err.Error(), " ")+1:]
	require.Equal(t, dir, filepath.Dir(kept), "the error names no file beside the path: %v", err)
	requireContent(t, kept, "new\n", "the trace was lost")
	entries, rerr := os.ReadDir(dir)
	require.NoError(t, rerr)
	require.Len(t, entries, 2, "only the notes and the kept trace should be left")
}

// Another recording swapped in meanwhile is one Close may replace, and it
// does, leaving no temporary file behind.
func TestFileCloseReplacesARecordingSwappedIn(t *testing.T) {
	dir, path := recordingAt(t)
	f := startTrace(t, path, "new\n")
	swapBeforeMove(t, path, aRecording)

	require.NoError(t, f.Close())
	requireContent(t, path, "new\n")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "a temporary file stayed behind")
}

// A recording removed between the check and the move leaves the path free:
// the trace goes there.
func TestFileCloseRecordingRemovedBeforeTheMove(t *testing.T) {
	_, path := recordingAt(t)
	f := startTrace(t, path, "new\n")
	beforeMove = func() { require.NoError(t, os.Remove(path)) }
	t.Cleanup(func() { beforeMove = nil })

	require.NoError(t, f.Close())
	requireContent(t, path, "new\n")
}

// aRecording is the first line of a trace, which Close may replace.
const aRecording = `{"id":"e1","execution_id":"x","type":"execution_started","data":{"format":1}}` + "\n"

// recordingAt makes a directory holding a recording at run.jsonl.
func recordingAt(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "run.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(aRecording), 0o644))
	return dir, path
}

// requireContent fails unless the file at path holds want.
func requireContent(t *testing.T, path, want string, msg ...any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, want, string(b), msg...)
}

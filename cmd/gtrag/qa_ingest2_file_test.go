package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

// An ingest --file into a store that cannot be written read, filtered and
// chunked the whole file, then failed with exit 1 and "lost 721"; --query
// and --ids were refused at once. --file is now refused the same way:
// exit 2, one line naming the store and what to do, before any paper is
// read, nothing written.
//
// As root, permission bits do not stop writes, so this runs on a real
// read-only mount in a mount namespace of the test's own, and under the
// user nobody (as TestIngestUnwritableStoreFailsBeforeAnyRequest).
func TestQAIngest2FileIntoUnwritableStoreIsRefusedFirst(t *testing.T) {
	seeded := func(t *testing.T, dir string) map[string]string {
		env := testEnv(t)
		delete(env, "GTRAG_STORE")
		env["GTRAG_DATA_DIR"] = dir
		env["GTRAG_SEED"] = "none"
		r := gtrag(t, env, "ingest", "--file", storeJSONL(t, t.TempDir(), "one.jsonl", arxivtest.Paper(0)))
		require.Equal(t, exitOK, r.code, r.stderr)
		return env
	}
	check := func(t *testing.T, run storeRunner, env map[string]string, papers string, want ...string) {
		t.Helper()
		dir := env["GTRAG_DATA_DIR"]
		before := dirSnapshot(t, dir)
		for _, args := range [][]string{
			{"ingest", "--no-filter", "--file", papers},
			{"ingest", "--json", "--file", papers},
		} {
			r := run(env, args...)
			storeRequireOneLine(t, r, exitUsage, append(want, "or choose another --data-dir")...)
			require.Empty(t, r.stdout, "%v: no summary of a run that did not start", args)
			require.NotContains(t, r.stderr, "lost")
		}
		require.Equal(t, before, dirSnapshot(t, dir), "nothing was written")
	}
	t.Run("read-only file system", func(t *testing.T) {
		t.Parallel()
		if !storeInMountNamespace(t) {
			return
		}
		env := seeded(t, filepath.Join(t.TempDir(), "kb"))
		papers := storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Papers(1, 50)...)
		dir := env["GTRAG_DATA_DIR"]
		storeMount(t, dir, dir, "", syscall.MS_BIND, "")
		require.NoError(t, syscall.Mount("", dir, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
		check(t, storeInProcess(t), env, papers,
			"gtrag: store "+filepath.Join(dir, vectordb.StoreFileName)+" is on a read-only file system; remount it read-write")
	})
	t.Run("not writable by the user", func(t *testing.T) {
		t.Parallel()
		shared := storeSharedDir(t)
		env := seeded(t, filepath.Join(shared, "kb"))
		papers := storeJSONL(t, shared, "more.jsonl", arxivtest.Papers(1, 50)...)
		require.NoError(t, os.Chmod(papers, 0o644))
		dir := env["GTRAG_DATA_DIR"]
		want := "gtrag: store " + filepath.Join(dir, vectordb.StoreFileName) + " is not writable (permission denied); fix its permissions"
		if os.Geteuid() != 0 {
			require.NoError(t, os.Chmod(filepath.Join(dir, vectordb.StoreFileName), 0o444))
			require.NoError(t, os.Chmod(dir, 0o555))
			t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
			check(t, storeInProcess(t), env, papers, want)
			return
		}
		check(t, storeRunAsNobody(t, shared), env, papers, want)
	})
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/storetest"
	"github.com/gtrag/gtrag/vectordb"
)

// Storage faults, through the real entry point: a data directory that
// cannot be written, a full disk, a damaged store file, a store from a newer
// gtrag, the wrong embedder, and another process holding the store. Each
// ends with one readable line on stderr that says what to do, never a stack
// trace, and whatever was committed before stays readable.
//
// Tests run as root here and in CI, where permission bits do not stop
// writes. So a read-only file system and a full disk are real mounts (a
// read-only bind mount, a small tmpfs) made in a mount namespace of the
// test's own (storeInMountNamespace), which vanishes with the test process
// whatever happens; and "not writable by this user" runs gtrag as a child
// process under the user nobody (storeRunAsNobody).

// storeQuestion is about game theory but not covered by the primer well
// enough for the offline judge, so ask searches arXiv and adds
// storeFeePaper, which is about it.
const storeQuestion = "How do miners bid in equilibrium of blockchain transaction fee auctions?"

var storeFeePaper = arxiv.Paper{
	ID:    "2305.00001v1",
	Title: "Equilibrium bidding in blockchain transaction fee auctions",
	Summary: "Users bid for block space and miners choose transactions: we apply game theory to transaction fee auctions " +
		"and characterise the Bayesian Nash equilibrium of first-price fee bidding.",
	PrimaryCategory: "cs.GT", Categories: []string{"cs.GT"},
}

// storeCommitted is the paper every test ingests before the fault: what
// "committed before" means. Its id is old style, with a slash.
var storeCommitted = arxivtest.Paper(3)

// TestStoreReadOnlyDataDir: on a store that cannot be written, stats,
// search and an ask that the store answers all work and change nothing. An
// ask that has to add the papers it found on arXiv cannot, says why in a
// notice, and answers from the store; an ingest stops with exit 1 and one
// line saying the store is not writable.
func TestStoreReadOnlyDataDir(t *testing.T) {
	t.Run("read-only file system", func(t *testing.T) {
		t.Parallel()
		if !storeInMountNamespace(t) {
			return
		}
		env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
		dir := env["GTRAG_DATA_DIR"]
		storeMount(t, dir, dir, "", syscall.MS_BIND, "")
		require.NoError(t, syscall.Mount("", dir, "", syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY, ""))
		storeCheckReadOnly(t, env, storeInProcess(t), "on a read-only file system", "remount it read-write")
	})
	t.Run("not writable by the user", func(t *testing.T) {
		t.Parallel()
		shared := storeSharedDir(t)
		env := storeSeeded(t, filepath.Join(shared, "kb"))
		dir := env["GTRAG_DATA_DIR"]
		if os.Geteuid() != 0 {
			require.NoError(t, os.Chmod(filepath.Join(dir, vectordb.StoreFileName), 0o444))
			require.NoError(t, os.Chmod(dir, 0o555))
			t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
			storeCheckReadOnly(t, env, storeInProcess(t), "is not writable", "permission denied", "fix its permissions")
			return
		}
		storeCheckReadOnly(t, env, storeRunAsNobody(t, shared), "is not writable", "permission denied", "fix its permissions")
	})
}

// storeCheckReadOnly runs the read-only scenario against the seeded store
// in env, through run. want is what the line about a refused write says.
func storeCheckReadOnly(t *testing.T, env map[string]string, run storeRunner, want ...string) {
	dir := env["GTRAG_DATA_DIR"]
	file := filepath.Join(dir, vectordb.StoreFileName)
	before := dirSnapshot(t, dir)

	var stats vectordb.Info
	decodeJSON(t, run(env, "stats", "--json"), &stats)
	require.Equal(t, vectordb.FormatVersion, stats.FormatVersion)
	require.Equal(t, file, stats.Path)
	storeRequireFinds(t, run, env, storeCommitted)

	r := run(env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "primer:nash-equilibrium")

	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, storeFeePaper}, arxivtest.MatchAll())
	arxivEnv := storeWith(env, "GTRAG_ARXIV_URL", srv.URL)
	r = run(arxivEnv, "ask", storeQuestion)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotEmpty(t, r.stdout, "the store still answers")
	require.Contains(t, r.stderr, "could not add papers to the knowledge base")
	for _, w := range append([]string{file}, want...) {
		require.Contains(t, r.stderr, w)
	}
	require.NotContains(t, r.stderr, "goroutine ")
	require.Len(t, srv.Requests(), 1, "ask searched arXiv once, and not again once the store refused what it found")
	require.NotContains(t, r.stdout, "none of the papers found answers", "the papers were found, not stored")
	require.NotContains(t, r.stdout, "gtrag ingest", "an ingest into the same store would fail too")

	// Refused before the file is read, as --query and --ids are: bad
	// input, exit 2 (it once read and filtered the whole file, then lost
	// it all with exit 1).
	papers := storeJSONL(t, filepath.Dir(dir), "more.jsonl", arxivtest.Paper(4))
	r = run(env, "ingest", "--file", papers)
	storeRequireOneLine(t, r, exitUsage, append([]string{file}, want...)...)

	require.Equal(t, before, dirSnapshot(t, dir), "nothing in the data directory changed")
}

// TestStoreFullDisk: an ingest that fills the disk fails with exit 1 and
// one line naming the store and the full disk; the store then opens and
// answers with everything committed before, and nothing of the failed
// batch; and once there is room again the same ingest succeeds. The disk is
// a 16 MiB tmpfs, filled to the last block before the ingest.
func TestStoreFullDisk(t *testing.T) {
	t.Parallel()
	if !storeInMountNamespace(t) {
		return
	}
	disk := t.TempDir()
	storeMount(t, "gtrag-test", disk, "tmpfs", 0, "size=16m,mode=0755")
	env := storeSeeded(t, filepath.Join(disk, "kb"))
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	var before vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &before)

	many := arxivtest.Papers(100, 40)
	big := storeJSONL(t, t.TempDir(), "big.jsonl", many...)
	filler := filepath.Join(disk, "filler")
	storeFillDisk(t, filler)

	r := gtrag(t, env, "ingest", "--file", big)
	storeRequireOneLine(t, r, exitFailure, file, "no space left on device", "once that is fixed, run the same command again")
	storeRequireConsistent(t, file)
	// The summary reports what happened: a failure, with the papers read.
	require.Contains(t, r.stdout, "FAILED")
	require.Contains(t, r.stdout, "fetched   40 papers")
	require.Contains(t, r.stdout, "lost      40 (fetched but not committed when the run stopped)")

	var after vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &after)
	require.Equal(t, before.Chunks, after.Chunks, "nothing of the failed batch is visible")
	require.Equal(t, before.Papers, after.Papers)
	storeRequireFinds(t, storeInProcess(t), env, storeCommitted)
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "primer:nash-equilibrium")

	require.NoError(t, os.Remove(filler))
	r = gtrag(t, env, "ingest", "--file", big)
	require.Equal(t, exitOK, r.code, r.stderr)
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &after)
	require.Equal(t, before.Papers+len(many), after.Papers, "the retry stored every paper")
	storeRequireFinds(t, storeInProcess(t), env, many[len(many)-1])
	storeRequireConsistent(t, file)
}

// TestStoreDamagedFile: a truncated or damaged store file makes every
// command that needs the damaged part exit 1 with one line that names the
// file and says what to do; nothing panics, and nothing touches the file
// (it is the evidence, or the thing to restore).
func TestStoreDamagedFile(t *testing.T) {
	t.Parallel()
	env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
	good, err := os.ReadFile(filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName))
	require.NoError(t, err)
	pageSize, freelist := storeBoltLayout(t, good)
	// The vector files beside store.db, copied intact with the damaged file.
	vectorFiles := map[string][]byte{}
	for _, name := range []string{vectordb.VectorFileName, vectordb.CompactFileName} {
		b, err := os.ReadFile(filepath.Join(env["GTRAG_DATA_DIR"], name))
		require.NoError(t, err)
		vectorFiles[name] = b
	}
	papers := storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(4))

	overwrite := storetest.Overwrite
	tests := []struct {
		name   string
		damage func(b []byte) []byte
		// readsWork: stats, search and ask never read the damaged part.
		readsWork bool
	}{
		{name: "truncated to half", damage: func(b []byte) []byte { return b[:len(b)/2] }},
		{name: "truncated inside the second meta page", damage: func(b []byte) []byte { return b[:pageSize+pageSize/2] }},
		{name: "truncated inside the first meta page", damage: func(b []byte) []byte { return b[:100] }},
		{name: "both meta pages overwritten", damage: func(b []byte) []byte {
			overwrite(b, 0, []byte{0xAB}, 2*pageSize)
			return b
		}},
		{name: "every page header overwritten", damage: func(b []byte) []byte {
			for off := 2 * pageSize; off < len(b); off += pageSize {
				overwrite(b, off, []byte{0xFF}, 16)
			}
			return b
		}},
		{name: "freelist page overwritten", readsWork: true, damage: func(b []byte) []byte {
			overwrite(b, freelist*pageSize, []byte{0xFF, 0x13}, pageSize)
			return b
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := storeWith(env, "GTRAG_DATA_DIR", filepath.Join(t.TempDir(), "kb"))
			file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
			require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
			damaged := tt.damage(bytes.Clone(good))
			require.NoError(t, os.WriteFile(file, damaged, 0o644))
			for name, b := range vectorFiles {
				require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(file), name), b, 0o644))
			}

			for _, args := range [][]string{
				{"stats"},
				{"search", "Nash equilibrium"},
				{"ask", "What is a Nash equilibrium?"},
				{"ingest", "--file", papers},
			} {
				r := gtrag(t, env, args...)
				if tt.readsWork && args[0] != "ingest" {
					require.Equal(t, exitOK, r.code, "%s: %s", args[0], r.stderr)
					continue
				}
				line := storeRequireOneLine(t, r, exitFailure, "store file "+file+" is damaged", "move it away (or restore a backup) and re-ingest")
				require.Equal(t, 1, strings.Count(line, file), "the file is named once")
			}
			now, err := os.ReadFile(file)
			require.NoError(t, err)
			require.True(t, bytes.Equal(damaged, now), "the damaged file was left as it was")
		})
	}
}

// TestStoreScribbledVectorCopy: random bytes written inside store.f16, its
// size unchanged, would change what search ranks first without a word; a
// search finds the damaged vector by its checksum and stops with exit 1 and
// one line naming the file and what to do. Done as it says (the file moved
// away), search answers again, and the next ingest writes the file anew.
func TestStoreScribbledVectorCopy(t *testing.T) {
	t.Parallel()
	env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store only")
	}
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.CompactFileName)
	fi, err := os.Stat(file)
	require.NoError(t, err)
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt([]byte{0x7b, 0x3c, 0x00, 0xfc, 0x11, 0x5c, 0xff, 0x3b}, 4096+(fi.Size()-4096)/2)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	storeRequireOneLine(t, gtrag(t, env, "search", "Nash equilibrium"), exitFailure,
		"store file "+file+" is damaged", "does not match the checksum", "move it away")
	require.NoError(t, os.Rename(file, file+".damaged"))
	r := gtrag(t, env, "search", "Nash equilibrium")
	require.Equal(t, exitOK, r.code, r.stderr)
	r = gtrag(t, env, "ingest", "--file", storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(4)))
	require.Equal(t, exitOK, r.code, r.stderr)
	_, err = os.Stat(file)
	require.NoError(t, err, "the ingest wrote the copy anew")
	r = gtrag(t, env, "search", "Nash equilibrium")
	require.Equal(t, exitOK, r.code, r.stderr)
}

// TestStoreNewerFormatIsRefused: a store written by a newer gtrag, in a
// format this one cannot read, is refused by every command with exit 1 and
// a line that names the version that wrote it and what to do; the file is
// not touched.
func TestStoreNewerFormatIsRefused(t *testing.T) {
	t.Parallel()
	env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	newer := vectordb.FormatVersion + 1
	// The meta bucket's keys, as vectordb/format.go lays them out.
	b, err := bolt.Open(file, 0o644, &bolt.Options{Timeout: time.Second})
	require.NoError(t, err)
	require.NoError(t, b.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket([]byte("meta"))
		require.NotNil(t, meta)
		require.NoError(t, meta.Put([]byte("written_by"), []byte("v9.9.9")))
		return meta.Put([]byte("format"), binary.BigEndian.AppendUint64(nil, uint64(newer)))
	}))
	require.NoError(t, b.Close())
	before := dirSnapshot(t, env["GTRAG_DATA_DIR"])
	papers := storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(4))

	for _, args := range [][]string{
		{"stats"},
		{"search", "Nash equilibrium"},
		{"ask", "What is a Nash equilibrium?"},
		{"ingest", "--file", papers},
	} {
		r := gtrag(t, env, args...)
		storeRequireOneLine(t, r, exitFailure, file,
			fmt.Sprintf("format version %d (written by gtrag v9.9.9)", newer),
			fmt.Sprintf("this gtrag reads format %d", vectordb.FormatVersion),
			fmt.Sprintf("use a gtrag release that supports format %d", newer))
	}
	require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]))
}

// TestStoreEmbedderMismatch: an offline store opened with another embedder,
// by flag or environment, is a usage error (exit 2) whose line says which
// --embedder to use; nothing is embedded or written.
func TestStoreEmbedderMismatch(t *testing.T) {
	t.Parallel()
	env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
	before := dirSnapshot(t, env["GTRAG_DATA_DIR"])
	papers := storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(4))
	byEnv := storeWith(env, "GTRAG_EMBEDDER", "ollama:nomic-embed-text")
	for _, tc := range []struct {
		env   map[string]string
		flags []string
		asked string
		hint  string
	}{
		{env, []string{"--embedder", "ollama:x"}, "ollama:x", "Use --embedder offline, or choose another --data-dir"},
		// Set in the environment, the hint names the variable too.
		{byEnv, nil, "ollama:nomic-embed-text", "Use --embedder offline (or set GTRAG_EMBEDDER=offline), or choose another --data-dir"},
		{storeWith(env, "OPENAI_API_KEY", "sk-test"), []string{"--embedder", "openai:text-embedding-3-small"}, "openai:text-embedding-3-small", "Use --embedder offline, or choose another --data-dir"},
	} {
		for _, args := range [][]string{
			// stats and papers never embed: they open the store as it is
			// (TestOnlyCommandsThatEmbedRefuseAnotherEmbedder).
			{"search", "Nash equilibrium"},
			{"ask", "What is a Nash equilibrium?"},
			{"ingest", "--file", papers},
		} {
			r := gtrag(t, tc.env, append(tc.flags, args...)...)
			storeRequireOneLine(t, r, exitUsage, `built with embedder "offline"`, `you asked for "`+tc.asked+`"`, tc.hint)
		}
	}
	require.Equal(t, before, dirSnapshot(t, env["GTRAG_DATA_DIR"]))
}

// TestStoreLockHeldByAnotherProcess: while another process holds the
// store's write lock, search says once that it is waiting, and then either
// answers when the lock is released, or gives up after GTRAG_LOCK_TIMEOUT
// with a line that says what to do.
func TestStoreLockHeldByAnotherProcess(t *testing.T) {
	t.Parallel()
	env := storeSeeded(t, filepath.Join(t.TempDir(), "kb"))
	file := filepath.Join(env["GTRAG_DATA_DIR"], vectordb.StoreFileName)
	const waiting = "is being written by another gtrag process; waiting…"

	t.Run("waits, then answers when the lock is released", func(t *testing.T) {
		release := storeHoldLock(t, file)
		var stdout bytes.Buffer
		stderr := &storeSyncBuffer{}
		done := make(chan int, 1)
		go func() {
			done <- Main(context.Background(), []string{"search", "--json", "Nash equilibrium"}, &stdout, stderr,
				func(k string) string { return env[k] })
		}()
		require.Eventually(t, func() bool { return strings.Contains(stderr.String(), waiting) }, 20*time.Second, 10*time.Millisecond)
		time.Sleep(300 * time.Millisecond) // several lock polls: still waiting, said once
		select {
		case code := <-done:
			t.Fatalf("search ended (exit %d) while the lock was held: %s", code, stderr.String())
		default:
		}
		release()
		var code int
		select {
		case code = <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("search did not go on after the lock was released")
		}
		require.Equal(t, exitOK, code, stderr.String())
		require.Equal(t, []string{"store " + file + " " + waiting}, storeLines(stderr.String()), "one notice, said once")
		var res struct{ Results []vectordb.Result }
		require.NoError(t, json.Unmarshal(stdout.Bytes(), &res))
		require.NotEmpty(t, res.Results)
	})
	t.Run("gives up after GTRAG_LOCK_TIMEOUT", func(t *testing.T) {
		release := storeHoldLock(t, file)
		defer release()
		start := time.Now()
		r := gtrag(t, storeWith(env, "GTRAG_LOCK_TIMEOUT", "1s"), "search", "Nash equilibrium")
		require.Less(t, time.Since(start), 15*time.Second)
		require.Equal(t, exitFailure, r.code, r.stderr)
		lines := storeLines(r.stderr)
		require.Len(t, lines, 2, "the wait notice, then the error: %q", r.stderr)
		require.Equal(t, "store "+file+" "+waiting, lines[0])
		storeRequireOneLine(t, result{stderr: lines[1], code: r.code}, exitFailure,
			file, "is locked by another gtrag process (waited 1s)", "try again when it has finished")

		// ingest waits once too: its check of the store's files before any
		// request waited out the timeout, then the run's open again.
		papers := storeJSONL(t, t.TempDir(), "one.jsonl", arxivtest.Paper(5))
		r = gtrag(t, storeWith(env, "GTRAG_LOCK_TIMEOUT", "1s"), "ingest", "--no-filter", "--file", papers)
		lines = storeLines(r.stderr)
		require.Len(t, lines, 2, "one wait notice, then the error: %q", r.stderr)
		require.Equal(t, "store "+file+" "+waiting, lines[0])
		storeRequireOneLine(t, result{stderr: lines[1], code: r.code}, exitFailure, "is locked by another gtrag process (waited 1s)")

		// --json lists the wait among its notices, as every note the run
		// wrote on stderr: it was said on stderr only.
		r = gtrag(t, storeWith(env, "GTRAG_LOCK_TIMEOUT", "1s"), "ingest", "--json", "--no-filter", "--file", papers)
		require.Equal(t, exitFailure, r.code, r.stderr)
		var obj struct{ Notices []string }
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &obj), r.stdout)
		require.Equal(t, []string{"store " + file + " " + waiting}, obj.Notices)
	})
	t.Run("a malformed GTRAG_LOCK_TIMEOUT is a usage error", func(t *testing.T) {
		r := gtrag(t, storeWith(env, "GTRAG_LOCK_TIMEOUT", "soon"), "search", "Nash equilibrium")
		storeRequireOneLine(t, r, exitUsage, `GTRAG_LOCK_TIMEOUT "soon"`)
	})
}

// TestStoreChildProcess is not a test but the other end of storeRunAsNobody
// and storeHoldLock: run again with storeChildEnv set, the test binary
// becomes gtrag (Main with the arguments in storeChildArgsEnv), or a
// process holding a store's write lock until its stdin closes.
func TestStoreChildProcess(t *testing.T) {
	switch os.Getenv(storeChildEnv) {
	case "":
		return
	case "gtrag":
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv(storeChildArgsEnv)), &args); err != nil {
			os.Stderr.WriteString("bad " + storeChildArgsEnv + ": " + err.Error() + "\n")
			os.Exit(3)
		}
		os.Exit(Main(context.Background(), args, os.Stdout, os.Stderr, os.Getenv))
	case "hold-lock":
		// A bbolt writer is exactly what a gtrag in mid-write holds.
		b, err := bolt.Open(os.Getenv(storeChildArgsEnv), 0o644, &bolt.Options{Timeout: 10 * time.Second})
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(3)
		}
		os.Stdout.WriteString("locked\n")
		_, _ = io.Copy(io.Discard, os.Stdin)
		_ = b.Close()
		os.Exit(0)
	}
}

// Environment variables of the child processes.
const (
	storeChildEnv     = "GTRAG_TEST_STORE_CHILD"     // "gtrag" or "hold-lock"
	storeChildArgsEnv = "GTRAG_TEST_STORE_CHILD_ARG" // JSON arguments, or the store file
	storeNamespaceEnv = "GTRAG_TEST_STORE_NAMESPACE" // the test to run in its own mount namespace
)

// storeInMountNamespace runs the calling test again in a child process
// with a mount namespace of its own, so that the mounts the test makes are
// private to it and vanish with it, even if it is killed. It returns true
// in that child, which goes on with the test; in the parent it returns false
// once the child has finished, having failed the test if the child failed
// and skipped it if the child skipped.
func storeInMountNamespace(t *testing.T) bool {
	t.Helper()
	if os.Getenv(storeNamespaceEnv) == t.Name() {
		return true
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(exe, "-test.run="+strings.Join(parts, "/"), "-test.v", "-test.count=1", "-test.timeout=2m")
	cmd.Env = append(os.Environ(), storeNamespaceEnv+"="+t.Name())
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Fatalf("the test failed in its mount namespace:\n%s", out)
	case err != nil:
		t.Skipf("cannot give the test a mount namespace of its own (this needs root, or CAP_SYS_ADMIN, as in CI): %v", err)
	case bytes.Contains(out, []byte("--- SKIP: "+t.Name())):
		t.Skipf("skipped in its mount namespace:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+t.Name())):
		t.Fatalf("the test did not run in its mount namespace:\n%s", out)
	}
	return false
}

// storeMount mounts, in the test's own mount namespace, and unmounts when
// the test ends, before its temporary directories are removed.
func storeMount(t *testing.T, source, target, fstype string, flags uintptr, data string) {
	t.Helper()
	if err := syscall.Mount(source, target, fstype, flags, data); err != nil {
		if errors.Is(err, syscall.EPERM) {
			t.Skipf("mount %s on %s: %v (this needs CAP_SYS_ADMIN, as root has in CI)", source, target, err)
		}
		require.NoError(t, err, "mount %s on %s", source, target)
	}
	t.Cleanup(func() { _ = syscall.Unmount(target, syscall.MNT_DETACH) })
}

// storeSharedDir is a temporary directory that the user nobody can enter
// (t.TempDir's are private to their owner).
func storeSharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "gtrag-store-test-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	return dir
}

// storeRunner runs gtrag with env as its whole environment.
type storeRunner func(env map[string]string, args ...string) result

// storeInProcess runs gtrag's entry point in the test process.
func storeInProcess(t *testing.T) storeRunner {
	return func(env map[string]string, args ...string) result {
		t.Helper()
		return gtrag(t, env, args...)
	}
}

// storeRunAsNobody runs gtrag as a separate process under the user nobody
// (65534), with env as its whole environment: a store
// owned by root is then readable and not writable, as for any user's
// read-only data directory. The test binary plays gtrag
// (TestStoreChildProcess); it is copied into shared, which nobody can
// enter, since go test keeps it in a private directory.
func storeRunAsNobody(t *testing.T, shared string) storeRunner {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	bin := filepath.Join(shared, "gtrag.test")
	in, err := os.Open(exe)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
	// Built with -cover, the child would warn on stderr that it has nowhere
	// to write its coverage: give it somewhere.
	cover := filepath.Join(shared, "cover")
	require.NoError(t, os.Mkdir(cover, 0o777))
	require.NoError(t, os.Chmod(cover, 0o777))

	return func(env map[string]string, args ...string) result {
		t.Helper()
		a, err := json.Marshal(args)
		require.NoError(t, err)
		cmd := exec.Command(bin, "-test.run=^TestStoreChildProcess$")
		cmd.Dir = "/"
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		cmd.Env = append(cmd.Env, storeChildEnv+"=gtrag", storeChildArgsEnv+"="+string(a), "GOCOVERDIR="+cover)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err = cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Skipf("cannot run gtrag as the user nobody: %v", err)
		}
		return result{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	}
}

// storeHoldLock starts a process that holds the write lock of the store
// file, as a gtrag in the middle of a write does, and returns the function
// that makes it let go (and waits for it to end). The test ends it anyway.
func storeHoldLock(t *testing.T, file string) (release func()) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^TestStoreChildProcess$")
	cmd.Env = append(os.Environ(), storeChildEnv+"=hold-lock", storeChildArgsEnv+"="+file)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	stderr := &storeSyncBuffer{}
	cmd.Stderr = stderr
	require.NoError(t, cmd.Start())
	var once sync.Once
	release = func() {
		once.Do(func() {
			_ = stdin.Close()
			require.NoError(t, cmd.Wait(), stderr.String())
		})
	}
	t.Cleanup(release)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err, "the lock holder did not start: %s", stderr.String())
	require.Equal(t, "locked\n", line)
	return release
}

// storeSeeded makes a store in dir holding the primer and storeCommitted,
// and returns the environment that uses it.
func storeSeeded(t *testing.T, dir string) map[string]string {
	t.Helper()
	env := storeWith(testEnv(t), "GTRAG_DATA_DIR", dir)
	papers := storeJSONL(t, t.TempDir(), "committed.jsonl", storeCommitted)
	r := gtrag(t, env, "ingest", "--file", papers)
	require.Equal(t, exitOK, r.code, r.stderr)
	var info vectordb.Info
	decodeJSON(t, gtrag(t, env, "stats", "--json"), &info)
	require.Greater(t, info.Papers, 1, "the primer and the committed paper")
	return env
}

// storeJSONL writes papers as an `ingest --file` file in dir.
func storeJSONL(t *testing.T, dir, name string, papers ...arxiv.Paper) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, arxivtest.WriteJSONL(&b, papers))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	return path
}

// storeRequireFinds checks that search, through run, finds p by its title.
func storeRequireFinds(t *testing.T, run storeRunner, env map[string]string, p arxiv.Paper) {
	t.Helper()
	r := run(env, "search", "--json", "-k", "10", p.Title)
	require.Equal(t, exitOK, r.code, r.stderr)
	var res struct{ Results []vectordb.Result }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), r.stdout)
	var ids []string
	for _, x := range res.Results {
		ids = append(ids, x.Metadata["paper_id"])
	}
	require.Contains(t, ids, p.ID, "search finds the paper")
}

// storeRequireOneLine checks that a command failed with code and said so
// in exactly one readable line on stderr, holding every want, and returns
// the line.
func storeRequireOneLine(t *testing.T, r result, code int, want ...string) string {
	t.Helper()
	require.Equal(t, code, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	lines := storeLines(r.stderr)
	require.Len(t, lines, 1, "one line on stderr: %q", r.stderr)
	line := lines[0]
	t.Log(line)
	require.True(t, strings.HasPrefix(line, "gtrag: "), line)
	require.True(t, utf8.ValidString(line), line)
	for _, bad := range []string{"goroutine ", "panic", "runtime error", ".go:"} {
		require.NotContains(t, line, bad, "no stack trace")
	}
	for _, w := range want {
		require.Contains(t, line, w)
	}
	return line
}

// storeRequireConsistent runs bbolt's own consistency check on the file.
func storeRequireConsistent(t *testing.T, file string) {
	t.Helper()
	b, err := bolt.Open(file, 0o644, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() {
			errs = append(errs, err)
		}
		return errors.Join(errs...)
	}))
}

// storeFillDisk writes path until its file system is full, to the last
// block.
func storeFillDisk(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	for _, size := range []int{1 << 20, 4 << 10, 512} {
		buf := make([]byte, size)
		for {
			if _, err := f.Write(buf); err != nil {
				require.ErrorIs(t, err, syscall.ENOSPC)
				break
			}
		}
	}
	var st syscall.Statfs_t
	require.NoError(t, syscall.Statfs(filepath.Dir(path), &st))
	require.Zero(t, st.Bavail, "the disk is full")
}

// storeBoltLayout returns the page size and the freelist page of the
// newest commit of a bbolt file.
func storeBoltLayout(t *testing.T, b []byte) (pageSize, freelist int) {
	t.Helper()
	page, size := storetest.FreelistPage(t, b)
	return size, int(page)
}

// storeWith is a copy of env with k set to v.
func storeWith(env map[string]string, k, v string) map[string]string {
	out := make(map[string]string, len(env)+1)
	for key, val := range env {
		out[key] = val
	}
	out[k] = v
	return out
}

// storeLines splits stderr into its non-empty lines.
func storeLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// storeSyncBuffer is a bytes.Buffer that a running command can write while
// the test reads it.
type storeSyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *storeSyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *storeSyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

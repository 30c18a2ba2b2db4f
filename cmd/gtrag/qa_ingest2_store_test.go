package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/vectordb"
)

// qaIngest2Env is ingestEnv on the embedded store (the files in the data
// directory are the point), with a fake arXiv of 30 papers.
func qaIngest2Env(t *testing.T) (map[string]string, *arxivtest.Server) {
	t.Helper()
	srv := arxivtest.New(t, arxivtest.Papers(0, 30), arxivtest.MatchAll())
	env := ingestEnv(t, srv)
	delete(env, "GTRAG_STORE")
	return env, srv
}

// A store.vec cut short (truncate -s) was found by search only: stats said
// nothing, and ingest wrote on top of it, the lost slots becoming zeros of
// the right length that hundreds of chunks then failed their checksums
// on. stats now says so (exit 1, one line, what to do), and ingest refuses
// before any arXiv request, writing nothing; the way out it names, store
// copy, works. store recover and compact say it as stats does.
func TestQAIngest2TruncatedVectorFileIsFoundFirst(t *testing.T) {
	env, srv := qaIngest2Env(t)
	dir := env["GTRAG_DATA_DIR"]
	r := gtrag(t, env, "ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "30", "--page-size", "10")
	require.Equal(t, exitOK, r.code, r.stderr)
	vec := filepath.Join(dir, vectordb.VectorFileName)
	require.NoError(t, os.Truncate(vec, 8192))
	before := dirSnapshot(t, dir)
	asked := len(srv.Requests())

	want := []string{"store file " + vec + " is damaged", "truncated", "gtrag store copy --from " + dir + " --to NEWDIR", "or restore a backup"}
	storeRequireOneLine(t, gtrag(t, env, "stats"), exitFailure, want...)
	for _, args := range [][]string{
		{"ingest", "--no-filter", "--query", "cat:cs.GT AND ti:more", "--max", "10"},
		{"ingest", "--ids", arxivtest.ID(40, 1)},
		{"ingest", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(41))},
	} {
		r := gtrag(t, env, args...)
		storeRequireOneLine(t, r, exitFailure, want...)
		require.Empty(t, r.stdout, "%v: no summary of a run that did not start", args)
	}
	// The store maintenance commands say it too: recover was "intact;
	// nothing to recover" and compact "0 unused vector slots", exit 0.
	for _, args := range [][]string{{"store", "recover", "--accept-rollback"}, {"store", "recover", "--accept-rollback", "--json"}, {"store", "compact"}} {
		r := gtrag(t, env, args...)
		storeRequireOneLine(t, r, exitFailure, want...)
		require.Empty(t, r.stdout, "%v", args)
	}
	require.Contains(t, gtrag(t, env, "store", "recover", "--accept-rollback").stderr, "nothing to roll back, the commit records are intact; but store file")
	// With --json, the failed run's object, its error said (stdout was
	// empty, where every other failed ingest prints one).
	r = gtrag(t, env, "ingest", "--json", "--no-filter", "--file", storeJSONL(t, t.TempDir(), "more.jsonl", arxivtest.Paper(41)))
	out := decodeFailedIngest(t, r)
	require.Empty(t, out.Kept)
	require.Contains(t, out.Error, "is damaged")
	require.Nil(t, out.StoreCount)
	require.Equal(t, asked, len(srv.Requests()), "arXiv was not asked")
	require.Equal(t, before, dirSnapshot(t, dir), "nothing was written")

	// The documents are whole: a copy embeds them again, and answers.
	to := filepath.Join(t.TempDir(), "kb2")
	r = gtrag(t, env, "store", "copy", "--from", dir, "--to", to)
	require.Equal(t, exitOK, r.code, r.stderr)
	env2 := storeWith(env, "GTRAG_DATA_DIR", to)
	var info vectordb.Info
	decodeJSON(t, gtrag(t, env2, "stats", "--json"), &info)
	require.Equal(t, 30, info.Papers)
	storeRequireFinds(t, storeInProcess(t), env2, arxivtest.Paper(7))
}

// What is in the way of an ingest's files is refused before any arXiv
// request, in one line naming it, exit 2, and left as it is. An empty
// store.vec directory was deleted by the run that failed on it (exit 1);
// one with a file in it gave two errors run together; a store.db
// directory was found only after an arXiv request; a file where the
// progress directory goes gave a summary of six lines and "not a
// directory".
func TestQAIngest2PathsInTheWayAreRefusedFirst(t *testing.T) {
	query := []string{"ingest", "--no-filter", "--query", "cat:cs.GT", "--max", "10"}
	for _, c := range []struct {
		name string
		make func(t *testing.T, dir string) string // returns the path in the way
		want string
	}{
		{"empty store.vec directory", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, vectordb.VectorFileName)
			require.NoError(t, os.MkdirAll(p, 0o755))
			return p
		}, " is a directory, not a file; move it away"},
		{"store.vec directory with a file", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, vectordb.VectorFileName)
			require.NoError(t, os.MkdirAll(p, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(p, "keep.txt"), []byte("mine\n"), 0o644))
			return p
		}, " is a directory, not a file; move it away"},
		{"store.f16 directory", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, vectordb.CompactFileName)
			require.NoError(t, os.MkdirAll(p, 0o755))
			return p
		}, " is a directory, not a file; move it away"},
		{"store.db directory", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, vectordb.StoreFileName)
			require.NoError(t, os.MkdirAll(p, 0o755))
			return p
		}, " is a directory, not a file; move it away"},
		{"file where the progress directory goes", func(t *testing.T, dir string) string {
			require.NoError(t, os.MkdirAll(dir, 0o755))
			p := filepath.Join(dir, "ingest")
			require.NoError(t, os.WriteFile(p, []byte("x\n"), 0o644))
			return p
		}, " is a file, not a directory: ingest keeps its progress there; move it away"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env, srv := qaIngest2Env(t)
			dir := env["GTRAG_DATA_DIR"]
			path := c.make(t, dir)
			before := dirSnapshot(t, dir)
			for _, args := range [][]string{query, {"ingest", "--ids", arxivtest.ID(1, 1)}} {
				r := gtrag(t, env, args...)
				line := storeRequireOneLine(t, r, exitUsage, path+c.want)
				require.Equal(t, "gtrag: "+path+c.want, line)
				require.Empty(t, r.stdout)
			}
			require.Empty(t, srv.Requests(), "arXiv was not asked")
			require.Equal(t, before, dirSnapshot(t, dir), "nothing was written")
			_, err := os.Stat(path)
			require.NoError(t, err, "what was in the way is still there")
		})
	}

	// A file ingest keeps no progress: a file named ingest is not in its
	// way; a directory where a store file goes is.
	env, _ := qaIngest2Env(t)
	dir := env["GTRAG_DATA_DIR"]
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ingest"), []byte("x\n"), 0o644))
	papers := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Paper(1))
	r := gtrag(t, env, "ingest", "--no-filter", "--json", "--file", papers)
	require.Equal(t, exitOK, r.code, r.stderr)
	var rep ingestReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
	require.Equal(t, 1, rep.KeptN)
	vecDir := filepath.Join(t.TempDir(), "kb")
	require.NoError(t, os.MkdirAll(filepath.Join(vecDir, vectordb.VectorFileName), 0o755))
	r = gtrag(t, storeWith(env, "GTRAG_DATA_DIR", vecDir), "ingest", "--no-filter", "--file", papers)
	storeRequireOneLine(t, r, exitUsage, filepath.Join(vecDir, vectordb.VectorFileName)+" is a directory, not a file; move it away")
	_, err := os.Stat(filepath.Join(vecDir, vectordb.StoreFileName))
	require.ErrorIs(t, err, os.ErrNotExist, "no store made beside it")

	// ask, which makes a store too, no longer deletes the directory.
	r = gtrag(t, storeWith(storeWith(env, "GTRAG_DATA_DIR", vecDir), "GTRAG_SEED", "primer"), "ask", "What is a Nash equilibrium?")
	require.NotEqual(t, exitOK, r.code)
	fi, err := os.Stat(filepath.Join(vecDir, vectordb.VectorFileName))
	require.NoError(t, err)
	require.True(t, fi.IsDir(), "the user's directory is still there")
}

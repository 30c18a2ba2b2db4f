package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// result is what one gtrag invocation produced.
type result struct {
	stdout, stderr string
	code           int
}

// testEnv is a hermetic environment: its own data dir and home, no LLM
// probing, and arXiv pointed at a closed port unless a test sets it.
func testEnv(t *testing.T) map[string]string {
	t.Helper()
	home := t.TempDir()
	env := map[string]string{
		"HOME":              home,
		"GTRAG_DATA_DIR":    filepath.Join(home, "kb"),
		"GTRAG_LLM":         "offline",
		"GTRAG_ARXIV_URL":   "http://127.0.0.1:1/api/query",
		"GTRAG_ARXIV_DELAY": "10ms",
		"OLLAMA_HOST":       "http://127.0.0.1:1",
	}
	withTestStore(t, env) // weaviate_test.go: the same tests on a Weaviate store
	return env
}

// gtrag runs the real entry point with env as the whole environment.
func gtrag(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	return gtragCtx(context.Background(), t, env, args...)
}

func gtragCtx(ctx context.Context, t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	// An empty standard input, not the test process's: `ask` with no
	// argument reads its question from a standard input that is not a
	// terminal.
	code := MainIO(ctx, args, strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// decodeJSON decodes a command's --json output into v.
func decodeJSON(t *testing.T, r result, v any) {
	t.Helper()
	require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.NoError(t, json.Unmarshal([]byte(r.stdout), v), r.stdout)
}

// dirSnapshot maps every file under dir to its content, to prove a command
// changed nothing.
func dirSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	_ = filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		snap[path] = string(b)
		return nil
	})
	return snap
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
)

// store copy --json stopped by Ctrl-C after a batch was written prints
// what it read and wrote, with the error, and exits 130: stdout was empty,
// and a script could not tell how far the copy had gone.
func TestStoreCopyJSONStoppedSaysWhatItCopied(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("copies between two data directories")
	}
	// The model embeds freely until armed; armed, it hangs once the first
	// batch of the copy is embedded, and says so on hung.
	var armed atomic.Bool
	var texts atomic.Int64
	hung := make(chan struct{}, 1)
	emb := ollamatest.New(t, ollamatest.Script{
		Embed: func(ctx context.Context, in []string) ([][]float32, error) {
			if armed.Load() && texts.Add(int64(len(in)))-int64(len(in)) >= copyBatch {
				select {
				case hung <- struct{}{}:
				default:
				}
				<-ctx.Done()
				return nil, ctx.Err()
			}
			vecs := make([][]float32, len(in))
			for i, x := range in {
				vecs[i] = []float32{float32(len(x)%7) + 1, 1, 0.5, float32(strings.Count(x, "e")%5) + 1}
			}
			return vecs, nil
		},
	})
	env["GTRAG_EMBEDDER"] = "ollama:emb"
	env["OLLAMA_HOST"] = emb.URL
	env["GTRAG_SEED"] = "none"
	in := storeJSONL(t, t.TempDir(), "p.jsonl", arxivtest.Papers(0, copyBatch+100)...)
	r := gtrag(t, env, "ingest", "--no-filter", "--file", in)
	require.Equal(t, exitOK, r.code, r.stderr)

	armed.Store(true)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		<-hung
		cancel(signalCause{os.Interrupt})
	}()
	to := filepath.Join(t.TempDir(), "kb")
	var out, errOut bytes.Buffer
	code := MainIO(ctx, []string{"store", "copy", "--json", "--from", env["GTRAG_DATA_DIR"], "--to", to}, strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
	require.Equal(t, exitInterrupted, code, errOut.String())

	var rep struct {
		From         string `json:"from"`
		To           string `json:"to"`
		SourceChunks int    `json:"source_chunks_read"`
		Written      int    `json:"written"`
		Error        string `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep), "stdout: %q; stderr: %s", out.String(), errOut.String())
	require.Equal(t, env["GTRAG_DATA_DIR"], rep.From)
	require.Equal(t, to, rep.To)
	require.Equal(t, copyBatch, rep.Written, "the first batch was written")
	require.Greater(t, rep.SourceChunks, copyBatch)
	require.Contains(t, rep.Error, "store copy interrupted after ")
	lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
	require.Equal(t, "gtrag: "+rep.Error, lines[len(lines)-1])
}

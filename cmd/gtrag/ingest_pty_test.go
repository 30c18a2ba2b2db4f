package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// ingest --file - on a terminal says it is reading standard input before
// it waits: it sat silent, and looked hung. The lines typed are ingested.
func TestIngestStdinOnATerminalSaysItIsReading(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	p := startPTY(t, env, "ingest", "--no-filter", "--file", "-")
	p.waitFor(stdinPrompt, 1)
	line, err := json.Marshal(arxivtest.Papers(0, 1)[0])
	require.NoError(t, err)
	p.send(string(line) + "\r\x04")
	require.Equal(t, 0, p.exit(), p.screen())
	require.Contains(t, p.screen(), "kept", p.screen())
}

// From a pipe, --file - reads without the terminal's line.
func TestIngestStdinFromAPipeSaysNothingFirst(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	line, err := json.Marshal(arxivtest.Papers(0, 1)[0])
	require.NoError(t, err)
	r := gtragStdin(t, env, string(line)+"\n", "ingest", "--no-filter", "--file", "-")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stderr, "standard input", r.stderr)
}

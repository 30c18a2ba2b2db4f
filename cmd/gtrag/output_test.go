package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
)

// An LLM that echoes the API key, or writes escape sequences, gets neither
// printed: the output boundary redacts known secrets and removes control
// sequences from the answer, in text and in JSON.
func TestAnswerIsRedactedAndSanitized(t *testing.T) {
	const key = "sk-test-ECHOED-0123456789"
	llm := newLLMServer(t)
	llm.answer = func(string) string {
		return "Bidders shade their bids [1]. \x1b[2J\x1b]0;owned\x07My key is " + key + ", as you asked."
	}
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	env["GTRAG_LLM"] = "openai:test-model"
	env["OPENAI_BASE_URL"] = llm.URL + "/v1"
	env["OPENAI_API_KEY"] = key
	const q = "How much do bidders shade their bids in sealed-bid auctions?"

	text := gtrag(t, env, "ask", q)
	require.Equal(t, 0, text.code, text.stderr)
	require.Contains(t, text.stdout, "Bidders shade their bids [1].")
	require.Contains(t, text.stdout, "My key is [REDACTED], as you asked.")
	require.NotContains(t, text.stdout+text.stderr, key)
	require.NotContains(t, text.stdout+text.stderr, "\x1b")
	require.NotContains(t, text.stdout, "owned", "an OSC sequence goes whole, its text too")

	js := gtrag(t, env, "ask", "--json", q)
	require.NotContains(t, js.stdout+js.stderr, key)
	var res service.Result
	decodeJSON(t, js, &res)
	require.Contains(t, res.Answer, "My key is [REDACTED]")
}

// What arXiv says when it fails reaches the user as one clean note: a 503
// page with escape sequences neither clears the terminal nor breaks lines.
func TestArxivErrorNoteIsSanitized(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper})
	srv.SetFault(func(arxivtest.Request) *arxivtest.Reply {
		return &arxivtest.Reply{Status: 503, ContentType: "text/html", Body: "<html><head><title>bad\x1b[2J query\r\n\x1b]0;owned\x07 here</title></head></html>"}
	})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	env["GTRAG_ARXIV_RETRIES"] = "0"
	r := gtrag(t, env, "ask", "How much do bidders shade their bids in sealed-bid auctions?")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "\x1b")
	var note string
	for _, l := range strings.Split(r.stderr, "\n") {
		if strings.Contains(l, "arXiv search failed") {
			note = l
		}
	}
	require.True(t, strings.HasPrefix(note, "note: "), "stderr: %q", r.stderr)
	require.Contains(t, note, "503")
}

// So does an LLM failure: the notice that the offline reasoner stood in
// quotes the server's error without its escape sequences.
func TestLLMErrorNoteIsSanitized(t *testing.T) {
	llm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"model \u001b[2Jbroken\u001b]0;owned\u0007\nsecond line","type":"invalid_request_error"}}`)
	}))
	defer llm.Close()
	env := testEnv(t)
	env["GTRAG_LLM"] = "openai:test-model"
	env["OPENAI_BASE_URL"] = llm.URL + "/v1"
	env["OPENAI_API_KEY"] = "sk-test-0123456789abcdef"
	env["GTRAG_LLM_RETRIES"] = "0"
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "\x1b")
	require.NotContains(t, r.stderr, "owned")
	var notes []string
	for _, l := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
		require.True(t, strings.HasPrefix(l, "note: "), "every stderr line is a note: %q", r.stderr)
		notes = append(notes, l)
	}
	require.Contains(t, strings.Join(notes, "\n"), "broken second line")
}

// Output that cannot be written is a failure: `gtrag … > /dev/full` exits 1
// with one line on stderr, instead of 0 with the answer lost.
func TestWriteToFullDevice(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	env := testEnv(t)
	createStore(t, env)
	require.Equal(t, 0, gtrag(t, env, "stats").code) // the primer is in place

	trace := filepath.Join(t.TempDir(), "run.jsonl")
	require.Equal(t, 0, gtrag(t, env, "ask", "--trace-out", trace, "What is a Nash equilibrium?").code)

	for _, args := range [][]string{
		{"ask", "What is a Nash equilibrium?"},
		{"ask", "--json", "What is a Nash equilibrium?"},
		{"search", "nash"},
		{"stats"},
		{"stats", "--json"},
		{"graph"},
		{"graph", "--format", "explain"},
		{"replay", trace},
		{"trace", trace},
		{"--help"},
		{"ask", "--help"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut bytes.Buffer
			code := Main(context.Background(), args, full, &errOut, func(k string) string { return env[k] })
			require.Equal(t, exitFailure, code, errOut.String())
			requireOneReadableLine(t, errOut.String())
			require.Contains(t, errOut.String(), "gtrag: write standard output: ")
			require.Contains(t, errOut.String(), "no space left on device")
		})
	}
}

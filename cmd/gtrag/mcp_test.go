package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/reasoner"
)

// TestMCPBinaryOverStdio builds gtrag, starts `gtrag mcp` as an MCP client
// would (settings in the environment only), and drives it with the SDK's
// client: list the tools, ask offline, ingest by id from the fake arXiv,
// and see the store grow. Standard output must carry nothing but protocol,
// or the client's decoding fails.
func TestMCPBinaryOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "gtrag")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	papers := arxivtest.Papers(0, 3)
	srv := arxivtest.New(t, papers)
	data := t.TempDir()

	cmd := exec.Command(bin, "mcp")
	cmd.Env = append(os.Environ(),
		"GTRAG_DATA_DIR="+data, "GTRAG_LLM=offline", "GTRAG_EMBEDDER=offline",
		"GTRAG_ARXIV_URL="+srv.URL, "GTRAG_ARXIV_DELAY=0s")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr: %s", err, stderr.String())
	}
	defer func() {
		if err := cs.Close(); err != nil {
			t.Errorf("close: %v\nstderr: %s", err, stderr.String())
		}
	}()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	for _, want := range []string{"ask", "search", "ingest_ids", "ingest_query", "list_papers", "get_paper", "stats"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("tool %s not listed: %v", want, names)
		}
	}

	call := func(name string, args map[string]any) map[string]any {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v\nstderr: %s", name, err, stderr.String())
		}
		if res.IsError {
			t.Fatalf("%s: tool error: %s", name, res.Content[0].(*mcp.TextContent).Text)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var out map[string]any
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		return out
	}

	ans := call("ask", map[string]any{"question": "What is a Nash equilibrium?"})
	if a, _ := ans["answer"].(string); a == "" {
		t.Errorf("ask: no answer: %v", ans)
	}
	if srcs, _ := ans["sources"].([]any); len(srcs) == 0 {
		t.Errorf("ask: no sources: %v", ans)
	}

	before := call("stats", nil)["chunks"].(float64)
	rep := call("ingest_ids", map[string]any{"ids": []string{papers[0].ID, papers[1].ID}})
	after := call("stats", nil)["chunks"].(float64)
	if kept, _ := rep["kept"].([]any); len(kept) < 1 || after <= before || rep["store_count"].(float64) != after {
		t.Errorf("ingest_ids: %v; chunks %v before, %v after", rep, before, after)
	}
	if n := len(srv.Requests()); n < 1 {
		t.Errorf("the fake arXiv saw %d requests", n)
	}
}

// A script pipes its requests into `gtrag mcp` and closes the input: each
// one is answered, on standard output, before the command exits 0.
func TestMCPAnswersAPipedScript(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_LLM"] = "offline"
	script := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"stats","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask","arguments":{"question":"What is a Nash equilibrium?"}}}`,
	}, "\n") + "\n"
	r := gtragStdin(t, env, script, "mcp")
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3, r.stdout)
	for i, line := range lines {
		var m struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		require.Equal(t, i+1, m.ID)
		require.NotEmpty(t, m.Result, line)
	}
	require.Contains(t, lines[2], "Nash equilibrium")
}

// A script whose last call adds papers is told so before `gtrag mcp`
// exits: notifications/resources/list_changed, which the SDK sends 10 ms
// after the change, was lost when the input ended first.
func TestMCPPipedScriptIsToldOfAddedPapers(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	srv := arxivtest.New(t, papers)
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_ARXIV_DELAY"] = "0s"
	script := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ingest_ids","arguments":{"ids":["` + papers[0].ID + `","` + papers[1].ID + `"]}}}`,
	}, "\n") + "\n"
	for _, c := range []struct {
		name    string
		changed int
	}{{"papers added", 1}, {"nothing added", 0}} { // the second run finds them stored
		t.Run(c.name, func(t *testing.T) {
			r := gtragStdin(t, env, script, "mcp")
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, r.stdout, `"id":2,"result"`)
			require.Equal(t, c.changed, strings.Count(r.stdout, `"method":"notifications/resources/list_changed"`), r.stdout)
		})
	}
}

// The ask tool's result says, in "offline", when the answer was written
// offline although the server has an LLM: one that does not listen (a dead
// OLLAMA_HOST) failed, one that answers without citing anything answered
// unusably. "llm" still names the LLM configured. With no LLM, or one that
// answered, "offline" is absent. The text content (the result's JSON, for
// clients that do not read structured content) says the same.
func TestMCPAskSaysWhenTheLLMDidNotAnswer(t *testing.T) {
	const question = "How much do bidders shade their bids in sealed-bid auctions?"
	junk := newFaultyLLM(t)
	junk.reply = func(prompt, _ string) (string, bool) {
		return "Bidders shade their bids.", prompt == reasoner.PromptGenerateResponse
	}
	sensible := newFaultyLLM(t)
	cases := []struct {
		name    string
		env     func() map[string]string
		llm     string
		offline string
	}{
		{"dead LLM", func() map[string]string {
			env := testEnv(t) // OLLAMA_HOST is a port nothing listens on
			env["GTRAG_LLM"] = "ollama:llama3.2"
			env["GTRAG_LLM_RETRIES"] = "1"
			env["GTRAG_LLM_BACKOFF"] = "10ms"
			return env
		}, "ollama:llama3.2", reasoner.OfflineLLMFailed},
		{"unusable answer", func() map[string]string { return llmEnv(t, junk, "ollama", auctionPaper, oldStyleAuction) },
			"ollama:test-model", reasoner.OfflineUnusable},
		{"LLM answered", func() map[string]string { return llmEnv(t, sensible, "ollama", auctionPaper, oldStyleAuction) },
			"ollama:test-model", ""},
		{"no LLM", func() map[string]string { return testEnv(t) }, "offline", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{"question":"` + question + `"}}}`,
			}, "\n") + "\n"
			r := gtragStdin(t, c.env(), script, "mcp")
			require.Equal(t, 0, r.code, r.stderr)
			// The answers, and a list_changed when the ask added papers.
			const listChanged = `{"jsonrpc":"2.0","method":"notifications/resources/list_changed","params":{}}`
			var lines []string
			changed := 0
			for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				if line == listChanged {
					changed++
				} else {
					lines = append(lines, line)
				}
			}
			require.Len(t, lines, 2, r.stdout)
			var m struct {
				ID     int `json:"id"`
				Result struct {
					IsError bool `json:"isError"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
					Structured map[string]any `json:"structuredContent"`
				} `json:"result"`
			}
			require.NoError(t, json.Unmarshal([]byte(lines[1]), &m), lines[1])
			require.Equal(t, 2, m.ID)
			require.False(t, m.Result.IsError, lines[1])
			got := m.Result.Structured
			require.NotEmpty(t, got["answer"], lines[1])
			if added, _ := got["papers_added"].(float64); added > 0 {
				require.Equal(t, 1, changed, r.stdout)
			} else {
				require.Zero(t, changed, r.stdout)
			}
			require.Equal(t, c.llm, got["llm"])
			off, has := got["offline"]
			if c.offline == "" {
				require.False(t, has, "offline = %v; notices %v", off, got["notices"])
			} else {
				require.Equal(t, c.offline, off, "notices %v", got["notices"])
			}
			require.Len(t, m.Result.Content, 1, lines[1])
			var text map[string]any
			require.NoError(t, json.Unmarshal([]byte(m.Result.Content[0].Text), &text))
			textOff, textHas := text["offline"]
			require.Equal(t, has, textHas, "the text content and the structured result disagree")
			require.Equal(t, off, textOff)
		})
	}
}

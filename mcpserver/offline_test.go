package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// newScriptedOllama is an Ollama server that replies what reply says to
// each chat request's system and user text; a reply of "" is an HTTP 500,
// as from a crashed model runner.
func newScriptedOllama(t *testing.T, reply func(system, user string) string) *ollamatest.Server {
	t.Helper()
	return ollamatest.New(t, ollamatest.Script{
		Chat: func(_ context.Context, system, user string) string { return reply(system, user) },
	})
}

// newLLMFixture is newFixture with the LLM ollama:test-model at llm, each
// call tried once.
func newLLMFixture(t *testing.T, llm *ollamatest.Server) *fixture {
	t.Helper()
	srv := arxivtest.New(t, nil)
	env := map[string]string{"OLLAMA_HOST": llm.URL}
	svc, err := service.Open(context.Background(), service.Config{
		DataDir: t.TempDir(), LLM: "ollama:test-model", Embedder: "offline",
		Getenv:    func(k string) string { return env[k] },
		LLMTuning: service.LLMTuning{Timeout: 10 * time.Second, Retries: -1},
		Arxiv:     service.ArxivConfig{URL: srv.URL, Delay: -1, Backoff: time.Millisecond, MaxAttempts: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	return &fixture{svc: svc, arxiv: srv, session: connect(t, New(svc, Options{Version: "test"}))}
}

// askRaw calls ask and returns its result decoded and its structured
// content and text content as sent.
func askRaw(t *testing.T, f *fixture, question string) (got AskResult, structured map[string]any, text string) {
	t.Helper()
	res, err := f.session.CallTool(context.Background(), &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{"question": question}})
	if err != nil {
		t.Fatalf("ask: protocol error: %v", err)
	}
	if res.IsError || len(res.Content) == 0 {
		t.Fatalf("ask: tool error or no content: %+v", res)
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &structured); err != nil {
		t.Fatal(err)
	}
	return got, structured, res.Content[0].(*mcp.TextContent).Text
}

// The ask tool says when the answer was written offline although the
// server has an LLM, and why, as `gtrag ask --json` does: "llm" names the
// LLM configured, which did not write it. The text content a client without
// structured output reads says so too. An LLM that answered, or none
// configured (the answer is offline by design), leaves "offline" out.
func TestAskSaysWhenTheLLMDidNotAnswer(t *testing.T) {
	const question = "What is a Nash equilibrium?"
	cases := []struct {
		name  string
		reply func(system, user string) string // nil: no LLM
		llm   string
		want  string
	}{
		{"failed", func(string, string) string { return "" }, "ollama:test-model", reasoner.OfflineLLMFailed},
		// The judge says yes; the answer cites nothing, which is junk.
		{"unusable", func(system, _ string) string {
			if strings.Contains(system, "retrieved passages") {
				return "Yes."
			}
			return "Equilibria are nice."
		}, "ollama:test-model", reasoner.OfflineUnusable},
		{"answered", func(system, _ string) string {
			if strings.Contains(system, "retrieved passages") {
				return "Yes."
			}
			return "A Nash equilibrium is a profile of strategies from which no player gains by deviating alone [1]."
		}, "ollama:test-model", ""},
		{"no LLM", nil, "offline", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f *fixture
			var llm *ollamatest.Server
			if c.reply != nil {
				llm = newScriptedOllama(t, c.reply)
				f = newLLMFixture(t, llm)
			} else {
				f = newFixture(t, -1)
			}
			got, structured, text := askRaw(t, f, question)
			if llm != nil && llm.Chats() == 0 {
				t.Fatal("the LLM was never asked")
			}
			if got.Answer == "" {
				t.Fatalf("no answer: %+v", got)
			}
			if got.LLM != c.llm {
				t.Errorf("llm = %q, want %q", got.LLM, c.llm)
			}
			// Read from the result as sent: "offline" absent, not empty.
			off, has := structured["offline"]
			switch {
			case c.want == "" && has:
				t.Errorf("offline = %v, want it absent (notices %q)", off, got.Notices)
			case c.want != "" && off != c.want:
				t.Errorf("offline = %v, want %q (notices %q)", off, c.want, got.Notices)
			}
			var fromText map[string]any
			if err := json.Unmarshal([]byte(text), &fromText); err != nil {
				t.Fatalf("the text content is not the result's JSON: %v\n%s", err, text)
			}
			if textOff, textHas := fromText["offline"]; textOff != off || textHas != has {
				t.Errorf("the text content says offline %v, the structured result %v", textOff, off)
			}
		})
	}
}

// The ask tool's output schema, which a client's model reads, describes
// offline, optional, and does not call llm the LLM that answered.
func TestAskOutputSchemaDescribesOffline(t *testing.T) {
	f := newFixture(t, -1)
	var schema struct {
		Properties map[string]struct {
			Type        any    `json:"type"`
			Description string `json:"description"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	raw := askOutputSchema(t, f, &schema)
	off, ok := schema.Properties["offline"]
	if !ok {
		t.Fatalf("ask's output schema has no offline: %s", raw)
	}
	if off.Type != "string" {
		t.Errorf("offline has type %v, want string", off.Type)
	}
	for _, why := range []string{reasoner.OfflineLLMFailed, reasoner.OfflineUnusable} {
		if !strings.Contains(off.Description, why) {
			t.Errorf("offline's description does not say %q: %q", why, off.Description)
		}
	}
	for _, r := range schema.Required {
		if r == "offline" {
			t.Errorf("offline is required: %s", raw)
		}
	}
	if llm := schema.Properties["llm"].Description; strings.Contains(llm, "that answered") || !strings.Contains(llm, "offline") {
		t.Errorf("llm's description %q: it names the LLM configured, which may not have answered", llm)
	}
}

// askOutputSchema decodes the output schema of the ask tool the fixture's
// server lists into schema, and returns it as JSON.
func askOutputSchema(t *testing.T, f *fixture, schema any) []byte {
	t.Helper()
	res, err := f.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name != "ask" {
			continue
		}
		raw, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, schema); err != nil {
			t.Fatal(err)
		}
		return raw
	}
	t.Fatal("no ask tool listed")
	return nil
}

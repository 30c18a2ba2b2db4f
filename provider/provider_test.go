package provider

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func envOf(m map[string]string) Getenv { return func(k string) string { return m[k] } }

// One rule for OLLAMA_HOST, Ollama's own, for --llm and --embedder alike.
// (Before the table, --llm read "http://gpu-box" as port 11434 and
// --embedder as port 80, and only --llm mapped 0.0.0.0 to this machine.)
func TestOllamaHost(t *testing.T) {
	for in, want := range map[string]string{
		"":                                      DefaultOllamaHost,
		"  ":                                    DefaultOllamaHost,
		"127.0.0.1":                             "http://127.0.0.1:11434",
		"0.0.0.0":                               "http://127.0.0.1:11434",
		"gpu-box":                               "http://gpu-box:11434",
		"gpu-box:8080":                          "http://gpu-box:8080",
		"localhost:8080":                        "http://localhost:8080",
		":9999":                                 "http://127.0.0.1:9999",
		"[::1]":                                 "http://[::1]:11434",
		"[::1]:9000":                            "http://[::1]:9000",
		"[::]:11434":                            "http://[::1]:11434",
		"http://gpu-box":                        "http://gpu-box:80",
		"http://gpu-box:11434/":                 "http://gpu-box:11434",
		"https://ollama.example":                "https://ollama.example:443",
		"https://ollama.example.com:8443/proxy": "https://ollama.example.com:8443/proxy",
		"http://u:p@host:1/path/":               "http://u:p@host:1/path",
	} {
		got, err := OllamaHost(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for bad, why := range map[string]string{
		"ftp://host":    "scheme",
		"http://":       "no host",
		"::bad::":       "OLLAMA_HOST",
		"gpu-box:port":  "bad port",
		"gpu-box:70000": "bad port",
	} {
		_, err := OllamaHost(bad)
		require.ErrorContains(t, err, why, bad)
		require.ErrorAs(t, err, new(*ConfigError), bad)
	}
}

// One grammar for both kinds: the same spec means the same for --llm and
// --embedder, and the same mistakes get the same reasons.
func TestParse(t *testing.T) {
	for _, tt := range []struct {
		spec      string
		llm, emb  string // canonical spec, or "" for an error
		llmReason string // for an LLM error
		embReason string // for an embedder error
	}{
		{spec: "offline", llm: "offline", emb: "offline"},
		{spec: "OFFLINE", llm: "offline", emb: "offline"},
		{spec: " offline ", llm: "offline", emb: "offline"},
		{spec: "Offline", llm: "offline", emb: "offline"},
		{spec: "", llm: "auto", embReason: "no embedder given"},
		{spec: "AUTO", llm: "auto", embReason: "auto chooses an LLM, not an embedder"},
		{spec: "ollama:llama3.2", llm: "ollama:llama3.2", emb: "ollama:llama3.2"},
		{spec: "Ollama:llama3.2:8b", llm: "ollama:llama3.2:8b", emb: "ollama:llama3.2:8b"},
		{spec: "ollama:hf.co/org/model:Q4_K_M", llm: "ollama:hf.co/org/model:Q4_K_M", emb: "ollama:hf.co/org/model:Q4_K_M"},
		{spec: "OpenAI:text-embedding-3-small", llm: "openai:text-embedding-3-small", emb: "openai:text-embedding-3-small"},
		{spec: "anthropic:claude", llm: "anthropic:claude", embReason: "anthropic has no embedding models"},
		{spec: "googleai:gemini", llm: "googleai:gemini", embReason: "googleai has no embedding models"},
		{spec: "ollama", llmReason: "expected PROVIDER:MODEL", embReason: "expected PROVIDER:MODEL"},
		{spec: "ollama:", llmReason: "needs a model name", embReason: "needs a model name"},
		{spec: "ollama: nomic", llmReason: "spaces or control characters", embReason: "spaces or control characters"},
		{spec: "ollama:m\t", llm: "ollama:m", emb: "ollama:m"}, // surrounding white space is ignored
		{spec: "ollama:a\x1b[2J", llmReason: "spaces or control characters", embReason: "spaces or control characters"},
		{spec: "ollama:\xff", llmReason: "not valid UTF-8", embReason: "not valid UTF-8"},
		{spec: "ollama:" + strings.Repeat("m", 201), llmReason: "too long", embReason: "too long"},
		{spec: "offline:x", llmReason: "offline takes no model", embReason: "offline takes no model"},
		{spec: "auto:x", llmReason: "auto takes no model", embReason: "auto takes no model"},
		{spec: "foo:bar", llmReason: `unknown provider "foo"`, embReason: `unknown provider "foo"`},
		{spec: ":model", llmReason: `unknown provider ""`, embReason: `unknown provider ""`},
	} {
		t.Run(tt.spec, func(t *testing.T) {
			for _, k := range []Kind{LLM, Embedder} {
				want, reason := tt.llm, tt.llmReason
				if k == Embedder {
					want, reason = tt.emb, tt.embReason
				}
				s, err := Parse(k, tt.spec)
				if want != "" {
					require.NoError(t, err, k)
					require.Equal(t, want, s.String(), k)
					continue
				}
				var se *SpecError
				require.ErrorAs(t, err, &se, k)
				require.Equal(t, k, se.Kind)
				require.ErrorContains(t, err, reason, k)
				require.ErrorContains(t, err, ValidSpecs(k), "the error lists the valid forms")
			}
		})
	}
}

func TestValidSpecsAndHelpComeFromTheTable(t *testing.T) {
	require.Equal(t, "auto, offline, ollama:MODEL, openai:MODEL, anthropic:MODEL, googleai:MODEL", ValidSpecs(LLM))
	require.Equal(t, "offline, ollama:MODEL, openai:MODEL", ValidSpecs(Embedder))
	for _, p := range table {
		require.Equal(t, p.NewChat != nil, strings.Contains(Help(LLM), p.Name+":MODEL"), p.Name)
		require.Equal(t, p.NewEmbedder != nil, strings.Contains(Help(Embedder), p.Name+":MODEL"), p.Name)
		require.Equal(t, p.NewChat != nil, p.LLMHelp != "", "%s: help for what it offers", p.Name)
		require.Equal(t, p.NewEmbedder != nil, p.EmbedderHelp != "", "%s: help for what it offers", p.Name)
		require.Same(t, p, Lookup(p.Name))
		require.Equal(t, strings.ToLower(p.Name), p.Name)
	}
}

func TestSecrets(t *testing.T) {
	names := SecretEnv()
	for _, p := range table {
		for _, n := range p.SecretEnv {
			require.Contains(t, names, n)
		}
	}
	require.Contains(t, names, "HF_TOKEN")
	require.Contains(t, names, "WEAVIATE_API_KEY", "a store key is a secret too")
	got := Secrets(envOf(map[string]string{"OPENAI_API_KEY": "sk-1", "GOOGLE_API_KEY": " g-2 ", "PATH": "/bin"}))
	require.ElementsMatch(t, []string{"sk-1", "g-2"}, got)
	require.Empty(t, Secrets(nil))
}

// Missing or malformed settings are ConfigErrors naming the variable.
func TestProviderSettings(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		run  func() error
		want string
	}{
		{"openai chat without key", func() error { _, err := openAIProvider.NewChat(ctx, "m", nil, nil); return err }, "OPENAI_API_KEY is not set"},
		{"openai embedder without key", func() error { _, err := openAIProvider.NewEmbedder("m", nil); return err }, "OPENAI_API_KEY is not set"},
		{"openai bad base URL", func() error {
			_, err := openAIProvider.NewEmbedder("m", envOf(map[string]string{"OPENAI_BASE_URL": "localhost:1234"}))
			return err
		}, "OPENAI_BASE_URL"},
		{"anthropic without key", func() error { _, err := anthropicProvider.NewChat(ctx, "m", nil, nil); return err }, "ANTHROPIC_API_KEY is not set"},
		{"anthropic bad base URL", func() error {
			_, err := anthropicProvider.NewChat(ctx, "m", envOf(map[string]string{"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": "nope"}), nil)
			return err
		}, "ANTHROPIC_BASE_URL"},
		{"googleai without key", func() error { _, err := googleAIProvider.NewChat(ctx, "m", nil, nil); return err }, "GOOGLE_API_KEY is not set"},
		{"ollama bad host", func() error {
			_, err := ollamaProvider.NewEmbedder("m", envOf(map[string]string{"OLLAMA_HOST": "ftp://x"}))
			return err
		}, "OLLAMA_HOST"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			require.ErrorContains(t, err, tt.want)
			var ce *ConfigError
			require.True(t, errors.As(err, &ce), "%v", err)
		})
	}
}

func TestProviderClients(t *testing.T) {
	ctx := context.Background()
	c, err := openAIProvider.NewChat(ctx, "m", envOf(map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1/v1/"}), nil)
	require.NoError(t, err)
	require.Empty(t, c.Secrets, "a local server gets a placeholder key, which is no secret")
	e, err := openAIProvider.NewEmbedder("m", envOf(map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1/v1/"}))
	require.NoError(t, err)
	require.Equal(t, "http://127.0.0.1:1/v1", e.Endpoint)
	e, err = ollamaProvider.NewEmbedder("nomic-embed-text", envOf(map[string]string{"OLLAMA_HOST": "gpu-box"}))
	require.NoError(t, err)
	require.Equal(t, "http://gpu-box:11434", e.Endpoint)
	require.Contains(t, e.Hint, "ollama pull nomic-embed-text")
	g, err := googleAIProvider.NewChat(ctx, "gemini-2.0-flash", envOf(map[string]string{"GOOGLE_API_KEY": "g-test-key"}), nil)
	require.NoError(t, err)
	require.NoError(t, g.Closer.Close())

	require.Equal(t, defaultAnthropicURL, anthropicBase(""))
	require.Equal(t, "https://proxy.example/v1", anthropicBase("https://proxy.example"))
	require.Equal(t, "https://proxy.example/v1", anthropicBase("https://proxy.example/v1/"))
}

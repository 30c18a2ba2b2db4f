package vectordb

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseEmbedder(t *testing.T) {
	env := envMap(map[string]string{"OPENAI_API_KEY": "sk-x", "OLLAMA_HOST": "gpu-box:11434"})
	tests := []struct {
		spec     string
		wantSpec string // "" when an error is expected
		errHas   string
	}{
		{"offline", "offline", ""},
		{"ollama:nomic-embed-text", "ollama:nomic-embed-text", ""},
		{"ollama:nomic-embed-text:latest", "ollama:nomic-embed-text:latest", ""},
		{"ollama:hf.co/org/model:Q4_K_M", "ollama:hf.co/org/model:Q4_K_M", ""},
		{"openai:text-embedding-3-small", "openai:text-embedding-3-small", ""},
		// One grammar with --llm (package provider): the provider's name is
		// case-insensitive and surrounding white space is ignored.
		{"Offline", "offline", ""},
		{" offline", "offline", ""},
		{"offline ", "offline", ""},
		{"Ollama:nomic-embed-text", "ollama:nomic-embed-text", ""},
		{"ollama:m\t", "ollama:m", ""},
		{"", "", "no embedder given"},
		{"offline:x", "", "takes no model"},
		{"offline:", "", "takes no model"},
		{"ollama", "", "expected PROVIDER:MODEL"},
		{"ollama:", "", "needs a model name"},
		{"openai:", "", "needs a model name"},
		{"ollama: nomic", "", "spaces or control characters"},
		{"openai:text embedding", "", "spaces or control characters"},
		{"anthropic:claude", "", "anthropic has no embedding models"},
		{"huggingface:x", "", "unknown provider"},
		{":model", "", "unknown provider"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			e, err := ParseEmbedder(tt.spec, env)
			if tt.wantSpec == "" {
				require.Error(t, err)
				require.Nil(t, e, "no typed nil inside the interface")
				require.Contains(t, err.Error(), tt.errHas)
				for _, form := range []string{"offline", "ollama:MODEL", "openai:MODEL"} {
					require.Contains(t, err.Error(), form, "the error lists the valid forms")
				}
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.wantSpec, e.Spec())
		})
	}
}

func TestParseEmbedderNilEnv(t *testing.T) {
	e, err := ParseEmbedder("ollama:nomic-embed-text", nil)
	require.NoError(t, err, "nil env reads nothing: Ollama's default address")
	require.Equal(t, "ollama:nomic-embed-text", e.Spec())
	e, err = ParseEmbedder("offline", nil)
	require.NoError(t, err)
	require.IsType(t, &OfflineEmbedder{}, e)
}

func TestParseEmbedderEnvErrors(t *testing.T) {
	tests := []struct {
		name, spec string
		env        map[string]string
		errHas     string
	}{
		{"openai without key or base URL", "openai:m", nil, "OPENAI_API_KEY"},
		{"openai with a bad base URL", "openai:m", map[string]string{"OPENAI_BASE_URL": "localhost:1234"}, "OPENAI_BASE_URL"},
		{"ollama with a bad host", "ollama:m", map[string]string{"OLLAMA_HOST": "ftp://x"}, "OLLAMA_HOST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ParseEmbedder(tt.spec, envMap(tt.env))
			require.ErrorContains(t, err, tt.errHas)
			require.Nil(t, e)
		})
	}
}

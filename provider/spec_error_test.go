package provider

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A well-formed spec whose provider lacks a setting (an API key, a usable
// OLLAMA_HOST) is not called invalid, and the valid forms are not listed:
// "invalid LLM spec "openai:gpt-4o": OPENAI_API_KEY is not set (valid:
// auto, offline, …, openai:MODEL, …)" sent people to fix a spec that was
// right. A malformed spec still lists them.
func TestProviderSpecErrorMissingSetting(t *testing.T) {
	err := &SpecError{Kind: LLM, Spec: "openai:gpt-4o", Reason: "OPENAI_API_KEY is not set"}
	require.Equal(t, `cannot use LLM "openai:gpt-4o": OPENAI_API_KEY is not set`, err.Error())
	err = &SpecError{Kind: Embedder, Spec: "ollama:nomic-embed-text", Reason: `OLLAMA_HOST "ftp://x": the scheme must be http or https`}
	require.Equal(t, `cannot use embedder "ollama:nomic-embed-text": OLLAMA_HOST "ftp://x": the scheme must be http or https`, err.Error())

	_, perr := Parse(LLM, "gpt")
	require.EqualError(t, perr, `invalid LLM spec "gpt": expected PROVIDER:MODEL (valid: `+ValidSpecs(LLM)+`)`)
	_, perr = Parse(Embedder, "anthropic:claude")
	require.EqualError(t, perr, `invalid embedder spec "anthropic:claude": anthropic has no embedding models (valid: `+ValidSpecs(Embedder)+`)`)
}

// The variables that choose auto's model are in the help: they were read
// but documented nowhere a user could see.
func TestProviderHelpNamesAutoModelVariables(t *testing.T) {
	h := Help(LLM)
	require.Contains(t, h, "GTRAG_OPENAI_MODEL (default gpt-4o-mini)")
	require.Contains(t, h, "GTRAG_OLLAMA_MODEL")
}

// An endpoint is named in messages ("embed with ollama:x at …"): a
// password in OLLAMA_HOST or OPENAI_BASE_URL must not be in it.
func TestProviderEmbedderEndpointHidesPassword(t *testing.T) {
	e, err := ollamaProvider.NewEmbedder("m", envOf(map[string]string{"OLLAMA_HOST": "http://u:pwSECRET@127.0.0.1:1"}))
	require.NoError(t, err)
	require.Equal(t, "http://u:xxxxx@127.0.0.1:1", e.Endpoint)
	e, err = openAIProvider.NewEmbedder("m", envOf(map[string]string{"OPENAI_BASE_URL": "http://u:pwSECRET@127.0.0.1:1/v1"}))
	require.NoError(t, err)
	require.NotContains(t, e.Endpoint, "pwSECRET")
}

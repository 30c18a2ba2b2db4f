package provider

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/redact"
)

// A password in a malformed OLLAMA_HOST or OPENAI_BASE_URL was quoted back
// in the error about it; url.Redacted cannot hide what does not parse.
func TestQAConfigSettingErrorsHidePasswords(t *testing.T) {
	_, err := OllamaHost("http://me:pwSECRET@127.0.0.1:99999")
	require.EqualError(t, err, `OLLAMA_HOST "http://me:xxxxx@127.0.0.1:99999": bad port "99999" (want a host, host:port or http(s) URL)`)
	_, err = openAIProvider.NewEmbedder("m", envOf(map[string]string{"OPENAI_BASE_URL": "http://me:pwSECRET@[::1"}))
	require.EqualError(t, err, `OPENAI_BASE_URL "http://me:xxxxx@[::1" is not an http(s) URL such as http://localhost:1234/v1`)

	require.Equal(t, "at weaviate://u:xxxxx@h:1/G and http://v:xxxxx@[::1",
		redact.URLs("at weaviate://u:p@h:1/G and http://v:w%2Fx@[::1"))
	require.Equal(t, "http://h:8080/a:b@c", redact.URLs("http://h:8080/a:b@c"), "a path is not user information")
	require.Equal(t, `"https://xxxxx@h/X" is not a store URL`, redact.URLs(`"https://TOKENsecret@h/X" is not a store URL`), "a bare token before '@'")
}

// The error named a variable the user had not set (OPENAI_BASE_URL for a
// bad OPENAI_API_BASE), or a value they had not written
// (ANTHROPIC_BASE_URL "example.com/v1" for example.com, with an LM Studio
// URL as the example).
func TestQAConfigBaseURLErrorsNameWhatWasSet(t *testing.T) {
	_, err := openAIProvider.NewEmbedder("m", envOf(map[string]string{"OPENAI_API_BASE": "localhost:1234"}))
	require.EqualError(t, err, `OPENAI_API_BASE "localhost:1234" is not an http(s) URL such as http://localhost:1234/v1`)
	_, err = anthropicProvider.NewChat(context.Background(), "m",
		envOf(map[string]string{"ANTHROPIC_API_KEY": "k", "ANTHROPIC_BASE_URL": "example.com"}), nil)
	require.EqualError(t, err, `ANTHROPIC_BASE_URL "example.com" is not an http(s) URL such as https://api.anthropic.com`)
}

// GEMINI_API_KEY, the name Google's documentation uses, was treated as a
// secret but never read: googleai:MODEL said GOOGLE_API_KEY is not set.
func TestQAConfigGoogleAIReadsGeminiKey(t *testing.T) {
	c, err := googleAIProvider.NewChat(context.Background(), "gemini-2.0-flash", envOf(map[string]string{"GEMINI_API_KEY": "gk"}), nil)
	require.NoError(t, err)
	require.Equal(t, []string{"gk"}, c.Secrets)
	if c.Closer != nil {
		require.NoError(t, c.Closer.Close())
	}
	_, err = googleAIProvider.NewChat(context.Background(), "gemini-2.0-flash", envOf(nil), nil)
	require.EqualError(t, err, "GOOGLE_API_KEY is not set (nor GEMINI_API_KEY)")
}

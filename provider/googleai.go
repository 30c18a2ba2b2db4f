package provider

import (
	"context"
	"net/http"

	"github.com/tmc/langchaingo/llms/googleai"
)

// googleAIProvider is Google's Gemini API with GOOGLE_API_KEY (or
// GEMINI_API_KEY). Its
// endpoint cannot be redirected, and it takes no custom HTTP client (the client would then
// skip the API key).
var googleAIProvider = Provider{
	Name:      "googleai",
	LLMHelp:   "Google AI (Gemini) with GOOGLE_API_KEY (or GEMINI_API_KEY)",
	SecretEnv: []string{"GOOGLE_API_KEY", "GEMINI_API_KEY"},
	NewChat: func(ctx context.Context, model string, env Getenv, _ *http.Client) (Chat, error) {
		// GEMINI_API_KEY is the name Google's own documentation and SDKs
		// now use; a key set under it was redacted as a secret but never read.
		key := env.get("GOOGLE_API_KEY")
		if key == "" {
			key = env.get("GEMINI_API_KEY")
		}
		if key == "" {
			return Chat{}, configErrorf("GOOGLE_API_KEY is not set (nor GEMINI_API_KEY)")
		}
		g, err := googleai.New(ctx, googleai.WithAPIKey(key), googleai.WithDefaultModel(model))
		if err != nil {
			return Chat{Secrets: []string{key}}, err
		}
		return Chat{Model: g, Closer: g, Secrets: []string{key}}, nil
	},
}

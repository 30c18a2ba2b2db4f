package provider

import (
	"context"
	"net/http"

	"github.com/tmc/langchaingo/llms/googleai"
)

// googleAIProvider is Google's Gemini API with GOOGLE_API_KEY. Its
// endpoint cannot be redirected, and it takes no custom HTTP client (the client would then
// skip the API key).
var googleAIProvider = Provider{
	Name:      "googleai",
	LLMHelp:   "Google AI (Gemini) with GOOGLE_API_KEY",
	SecretEnv: []string{"GOOGLE_API_KEY", "GEMINI_API_KEY"},
	NewChat: func(ctx context.Context, model string, env Getenv, _ *http.Client) (Chat, error) {
		key := env.get("GOOGLE_API_KEY")
		if key == "" {
			return Chat{}, configErrorf("GOOGLE_API_KEY is not set")
		}
		g, err := googleai.New(ctx, googleai.WithAPIKey(key), googleai.WithDefaultModel(model))
		if err != nil {
			return Chat{Secrets: []string{key}}, err
		}
		return Chat{Model: g, Closer: g, Secrets: []string{key}}, nil
	},
}

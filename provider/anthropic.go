package provider

import (
	"context"
	"net/http"
	"strings"

	"github.com/tmc/langchaingo/llms/anthropic"
)

// defaultAnthropicURL is Anthropic's API, unless ANTHROPIC_BASE_URL says otherwise.
const defaultAnthropicURL = "https://api.anthropic.com/v1"

// anthropicProvider is Anthropic's API with ANTHROPIC_API_KEY (and
// ANTHROPIC_BASE_URL to point elsewhere). It has no embedding models.
var anthropicProvider = Provider{
	Name:      "anthropic",
	LLMHelp:   "Anthropic with ANTHROPIC_API_KEY (ANTHROPIC_BASE_URL to point elsewhere)",
	SecretEnv: []string{"ANTHROPIC_API_KEY"},
	NewChat: func(_ context.Context, model string, env Getenv, hc *http.Client) (Chat, error) {
		key := env.get("ANTHROPIC_API_KEY")
		if key == "" {
			return Chat{}, configErrorf("ANTHROPIC_API_KEY is not set")
		}
		base := anthropicBase(env.get("ANTHROPIC_BASE_URL"))
		if err := checkBaseURL("ANTHROPIC_BASE_URL", env.get("ANTHROPIC_BASE_URL"), base); err != nil {
			return Chat{}, err
		}
		opts := []anthropic.Option{anthropic.WithToken(key), anthropic.WithModel(model), anthropic.WithBaseURL(base)}
		if hc != nil {
			opts = append(opts, anthropic.WithHTTPClient(hc))
		}
		m, err := anthropic.New(opts...)
		return Chat{Model: m, Secrets: []string{key}}, err
	},
}

// anthropicBase accepts ANTHROPIC_BASE_URL with or without the /v1 that
// langchaingo's client expects (Anthropic's own SDKs use it without).
func anthropicBase(raw string) string {
	raw = strings.TrimRight(strings.TrimSpace(raw), "/")
	if raw == "" {
		return defaultAnthropicURL
	}
	if !strings.HasSuffix(raw, "/v1") {
		raw += "/v1"
	}
	return raw
}

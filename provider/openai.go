package provider

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/tmc/langchaingo/llms/openai"

	"github.com/gtrag/gtrag/internal/redact"
)

// defaultOpenAIURL is OpenAI's API, unless OPENAI_BASE_URL says otherwise.
const defaultOpenAIURL = "https://api.openai.com/v1"

// placeholderKey is sent to OpenAI-compatible servers that need no key (LM
// Studio, vLLM, llama.cpp): langchaingo refuses an empty one.
const placeholderKey = "not-needed"

// openAIProvider is OpenAI's API, or any OpenAI-compatible server (LM
// Studio, vLLM, llama.cpp) at OPENAI_BASE_URL, where the key may be absent.
var openAIProvider = Provider{
	Name:         "openai",
	LLMHelp:      "OpenAI with OPENAI_API_KEY, or an OpenAI-compatible server at OPENAI_BASE_URL",
	EmbedderHelp: "an OpenAI embedding model (or a compatible server's), e.g. openai:text-embedding-3-small",
	SecretEnv:    []string{"OPENAI_API_KEY"},
	NewChat: func(_ context.Context, model string, env Getenv, hc *http.Client) (Chat, error) {
		key, base, err := openAISettings(env)
		if err != nil {
			return Chat{}, err
		}
		opts := []openai.Option{openai.WithToken(key), openai.WithModel(model), openai.WithBaseURL(base),
			openai.WithOrganization(env.get("OPENAI_ORGANIZATION"))}
		if hc != nil {
			opts = append(opts, openai.WithHTTPClient(hc))
		}
		m, err := openai.New(opts...)
		c := Chat{Model: m, Endpoint: RedactURL(base)}
		if key != placeholderKey {
			c.Secrets = []string{key}
		}
		return c, err
	},
	NewEmbedder: func(model string, env Getenv) (Embedding, error) {
		key, base, err := openAISettings(env)
		if err != nil {
			return Embedding{}, err
		}
		m, err := openai.New(openai.WithToken(key), openai.WithBaseURL(base), openai.WithEmbeddingModel(model),
			openai.WithOrganization(env.get("OPENAI_ORGANIZATION")))
		return Embedding{Client: m, Endpoint: RedactURL(base), Hint: "check OPENAI_BASE_URL, OPENAI_API_KEY and the model name"}, err
	},
}

// openAISettings reads the key and base URL. Every setting is passed to the
// client explicitly: langchaingo would otherwise read the process
// environment behind env's back.
func openAISettings(env Getenv) (key, base string, err error) {
	key = env.get("OPENAI_API_KEY")
	base, baseVar := env.get("OPENAI_BASE_URL"), "OPENAI_BASE_URL"
	if base == "" {
		base, baseVar = env.get("OPENAI_API_BASE"), "OPENAI_API_BASE"
	}
	if key == "" && base == "" {
		return "", "", configErrorf("OPENAI_API_KEY is not set (set OPENAI_BASE_URL instead for an OpenAI-compatible server such as LM Studio or vLLM)")
	}
	if base == "" {
		base = defaultOpenAIURL
	}
	if err := checkBaseURL(baseVar, base, base); err != nil {
		return "", "", err
	}
	if key == "" {
		key = placeholderKey
	}
	return key, strings.TrimRight(base, "/"), nil
}

// checkBaseURL checks the URL a client will use (u), and names the value
// as the user set it (raw), its password hidden.
func checkBaseURL(name, raw, use string) error {
	u, err := url.Parse(use)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return configErrorf("%s %s is not an http(s) URL such as %s", name, quote(redact.URLs(raw)), exampleURL[name])
	}
	return nil
}

// exampleURL is the example each base URL's message gives.
var exampleURL = map[string]string{
	"OPENAI_BASE_URL":    "http://localhost:1234/v1",
	"OPENAI_API_BASE":    "http://localhost:1234/v1",
	"ANTHROPIC_BASE_URL": "https://api.anthropic.com",
}

package vectordb

import (
	"errors"
	"fmt"

	"github.com/gtrag/gtrag/provider"
)

// ParseEmbedder returns the embedder a spec names, as the user types it in
// --embedder or GTRAG_EMBEDDER; the grammar and the providers are package
// provider's, shared with --llm:
//
//	offline          the built-in OfflineEmbedder
//	ollama:MODEL     an Ollama model; env("OLLAMA_HOST") locates the server
//	openai:MODEL     an OpenAI (or compatible) model; env("OPENAI_API_KEY"),
//	                 env("OPENAI_BASE_URL")
//
// env reads configuration (os.Getenv in the CLI, a map in tests); nil reads
// nothing. A malformed spec is a *provider.SpecError; a provider setting
// that is missing or malformed names the variable. No network request is
// made.
func ParseEmbedder(spec string, env func(string) string) (Embedder, error) {
	s, err := provider.Parse(provider.Embedder, spec)
	if err != nil {
		return nil, err
	}
	if s.Provider == provider.Offline {
		return NewOfflineEmbedder(), nil
	}
	e, err := provider.Lookup(s.Provider).NewEmbedder(s.Model, env)
	if err != nil {
		var ce *provider.ConfigError
		if errors.As(err, &ce) {
			return nil, &provider.SpecError{Kind: provider.Embedder, Spec: s.String(), Reason: ce.Reason}
		}
		return nil, fmt.Errorf("%s embedder: %w", s, err)
	}
	// Not a typed nil in a non-nil interface.
	r, err := newRemoteEmbedder(s.String(), e)
	if err != nil {
		return nil, err
	}
	return r, nil
}

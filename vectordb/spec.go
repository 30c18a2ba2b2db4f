package vectordb

import (
	"fmt"
	"strings"
)

// embedderForms is the list of valid specs that every parse error repeats.
const embedderForms = `valid embedders: "offline" (built in, no model), "ollama:MODEL" (for example ollama:nomic-embed-text; ` +
	`server from OLLAMA_HOST), "openai:MODEL" (for example openai:text-embedding-3-small; OPENAI_API_KEY, OPENAI_BASE_URL)`

// ParseEmbedder returns the embedder a spec names, as the user types it in
// --embedder or GTRAG_EMBEDDER:
//
//	offline          the built-in OfflineEmbedder
//	ollama:MODEL     an Ollama model; env("OLLAMA_HOST") locates the server
//	openai:MODEL     an OpenAI (or compatible) model; env("OPENAI_API_KEY"),
//	                 env("OPENAI_BASE_URL")
//
// env reads configuration (os.Getenv in the CLI, a map in tests); nil reads
// nothing. Everything after the first colon is the model name, which may
// itself hold colons ("ollama:nomic-embed-text:latest"). Specs are
// case-sensitive and may not hold spaces. No network request is made.
func ParseEmbedder(spec string, env func(string) string) (Embedder, error) {
	if env == nil {
		env = func(string) string { return "" }
	}
	provider, model, hasModel := strings.Cut(spec, ":")
	switch {
	case spec == OfflineSpec:
		return NewOfflineEmbedder(), nil
	case spec == "":
		return nil, fmt.Errorf("no embedder given; %s", embedderForms)
	case provider == OfflineSpec:
		return nil, fmt.Errorf("embedder %q: the offline embedder takes no model; %s", spec, embedderForms)
	case provider != "ollama" && provider != "openai":
		return nil, fmt.Errorf("unknown embedder %q; %s", spec, embedderForms)
	case !hasModel || model == "":
		return nil, fmt.Errorf("embedder %q needs a model name after %q; %s", spec, provider+":", embedderForms)
	}
	if err := checkModelName(model); err != nil {
		return nil, fmt.Errorf("embedder %q: %w; %s", spec, err, embedderForms)
	}
	var (
		e   *RemoteEmbedder
		err error
	)
	if provider == "ollama" {
		e, err = NewOllamaEmbedder(model, env("OLLAMA_HOST"))
	} else {
		e, err = NewOpenAIEmbedder(model, env("OPENAI_BASE_URL"), env("OPENAI_API_KEY"))
	}
	if err != nil {
		// Not a typed nil in a non-nil interface.
		return nil, err
	}
	return e, nil
}

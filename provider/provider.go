package provider

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms"
)

// The providers, in the order help lists them.
var table = []*Provider{&ollamaProvider, &openAIProvider, &anthropicProvider, &googleAIProvider}

// Kind is what a spec names: a chat model (LLM) or an embedding model.
type Kind int

const (
	LLM Kind = iota
	Embedder
)

func (k Kind) String() string {
	if k == Embedder {
		return "embedder"
	}
	return "LLM"
}

// The specs that name no provider.
const (
	Offline = "offline" // the built-in reasoners or embedder: no model, no network
	Auto    = "auto"    // LLMs only: the first of OpenAI (a key is set), Ollama (a server answers), offline
)

// Getenv reads an environment variable; nil reads nothing.
type Getenv func(string) string

func (g Getenv) get(name string) string {
	if g == nil {
		return ""
	}
	return strings.TrimSpace(g(name))
}

// Provider is one entry of the table.
type Provider struct {
	// Name is the spec prefix, lower case: "ollama".
	Name string
	// LLMHelp and EmbedderHelp describe the provider's models in one line
	// each for --help; empty when it offers none of that kind.
	LLMHelp, EmbedderHelp string
	// SecretEnv names the environment variables that hold its credentials:
	// their values are redacted wherever gtrag prints or records.
	SecretEnv []string
	// NewChat builds a chat model; nil when the provider has none. hc sends
	// its requests (nil: a default client) unless the provider's client
	// cannot take one.
	NewChat func(ctx context.Context, model string, env Getenv, hc *http.Client) (Chat, error)
	// NewEmbedder builds an embedding client; nil when the provider has
	// none.
	NewEmbedder func(model string, env Getenv) (Embedding, error)
}

// Chat is a provider's chat model, ready to use.
type Chat struct {
	Model llms.Model
	// Closer releases the client, if it holds anything (googleai does).
	Closer io.Closer
	// Secrets are the credential values the client sends: they must not
	// appear in an error.
	Secrets []string
	// Endpoint is the server's base URL, credentials masked, for errors
	// that do not name it ("network error: failed to reach API server");
	// "" when the client's own errors name it.
	Endpoint string
}

// Embedding is a provider's embedding client, ready to use.
type Embedding struct {
	Client embeddings.EmbedderClient
	// Endpoint is the server's base URL, for messages.
	Endpoint string
	// Hint says what to try when the server cannot be reached.
	Hint string
}

// Lookup returns the provider of that (lower-case) name, or nil. The
// Provider is the table's own: read it, do not change it.
func Lookup(name string) *Provider {
	for _, p := range table {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Spec is a parsed spec: Provider is Offline, Auto or a provider's name;
// Model is empty for the first two.
type Spec struct {
	Provider, Model string
}

// String is the canonical spelling: "offline", "ollama:llama3.2".
func (s Spec) String() string {
	if s.Model == "" {
		return s.Provider
	}
	return s.Provider + ":" + s.Model
}

// SpecError is a spec that names nothing gtrag can use, or a provider whose
// settings are missing (see ConfigError): the user fixes it by changing a
// flag or the environment.
type SpecError struct {
	Kind   Kind
	Spec   string
	Reason string
}

func (e *SpecError) Error() string {
	if _, err := Parse(e.Kind, e.Spec); err == nil {
		// The spec is well formed; what is missing is the provider's
		// setting (an API key, a valid OLLAMA_HOST). Listing the valid
		// forms would send the user to fix what is not wrong.
		return fmt.Sprintf("cannot use %s %s: %s", e.Kind, quote(e.Spec), e.Reason)
	}
	return fmt.Sprintf("invalid %s spec %s: %s (valid: %s)", e.Kind, quote(e.Spec), e.Reason, ValidSpecs(e.Kind))
}

// ConfigError is a provider setting that is missing or malformed, such as
// an unset API key or an OLLAMA_HOST that is not a host.
type ConfigError struct{ Reason string }

func (e *ConfigError) Error() string { return e.Reason }

func configErrorf(format string, args ...any) error {
	return &ConfigError{Reason: fmt.Sprintf(format, args...)}
}

// maxModelName bounds a model name: longer is a paste accident.
const maxModelName = 200

// Parse reads a spec of kind k (see the package doc). For an LLM, "" means
// Auto; for an embedder it is an error. It reads no environment and makes
// no client.
func Parse(k Kind, spec string) (Spec, error) {
	fail := func(format string, args ...any) (Spec, error) {
		return Spec{}, &SpecError{Kind: k, Spec: spec, Reason: fmt.Sprintf(format, args...)}
	}
	s := strings.TrimSpace(spec)
	switch strings.ToLower(s) {
	case Offline:
		return Spec{Provider: Offline}, nil
	case "", Auto:
		if k == LLM {
			return Spec{Provider: Auto}, nil
		}
		if s == "" {
			return fail("no %s given", k)
		}
		return fail("auto chooses an LLM, not an embedder")
	}
	name, model, ok := strings.Cut(s, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	if !ok {
		return fail("expected PROVIDER:MODEL")
	}
	if name == Offline || name == Auto {
		return fail("%s takes no model", name)
	}
	p := Lookup(name)
	switch {
	case p == nil:
		return fail("unknown provider %s", quote(name))
	case k == LLM && p.NewChat == nil:
		return fail("%s has no chat models", name)
	case k == Embedder && p.NewEmbedder == nil:
		return fail("%s has no embedding models", name)
	}
	if reason := checkModel(model); reason != "" {
		return fail("%s", reason)
	}
	return Spec{Provider: name, Model: model}, nil
}

func checkModel(m string) string {
	switch {
	case m == "":
		return "needs a model name after the colon"
	case len(m) > maxModelName:
		return "the model name is too long"
	case !utf8.ValidString(m):
		return "the model name is not valid UTF-8"
	case strings.ContainsFunc(m, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
		return "the model name contains spaces or control characters"
	}
	return ""
}

// ValidSpecs lists the forms of kind k: "auto, offline, ollama:MODEL, …".
func ValidSpecs(k Kind) string {
	forms := []string{Offline}
	if k == LLM {
		forms = []string{Auto, Offline}
	}
	for _, p := range table {
		if (k == LLM && p.NewChat != nil) || (k == Embedder && p.NewEmbedder != nil) {
			forms = append(forms, p.Name+":MODEL")
		}
	}
	return strings.Join(forms, ", ")
}

// Help describes the specs of kind k, one per line, for --help.
//
// Each line is "  FORM  description", the description starting at column
// HelpIndent, so that the command layer can wrap it under itself.
func Help(k Kind) string {
	var b strings.Builder
	line := func(form, help string) { fmt.Fprintf(&b, "  %-18s %s\n", form, help) }
	if k == LLM {
		line(Auto, "OpenAI if OPENAI_API_KEY is set, else Ollama if a server answers at OLLAMA_HOST, else offline;")
		line("", "the model is GTRAG_OPENAI_MODEL (default gpt-4o-mini), or GTRAG_OLLAMA_MODEL")
		line("", "(default the server's first chat model)")
		line(Offline, "extractive answers from the store, no model and no network")
	} else {
		line(Offline, "the built-in embedder, no model and no network")
	}
	for _, p := range table {
		help := p.LLMHelp
		if k == Embedder {
			help = p.EmbedderHelp
		}
		if help != "" {
			line(p.Name+":MODEL", help)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// HelpIndent is where a line of Help's description starts.
const HelpIndent = 21

// otherSecretEnv names credentials that no provider of the table reads but
// that gtrag (a Weaviate store's key), the libraries it uses, or its users
// may have set.
var otherSecretEnv = []string{
	"WEAVIATE_API_KEY",
	"GEMINI_API_KEY", "OLLAMA_API_KEY", "HF_TOKEN", "HUGGINGFACEHUB_API_TOKEN", "MISTRAL_API_KEY",
	"GROQ_API_KEY", "TOGETHER_API_KEY", "AZURE_OPENAI_API_KEY", "GTRAG_API_KEY",
}

// SecretEnv names every environment variable whose value must never be
// printed or recorded: the table's and a few more.
func SecretEnv() []string {
	var names []string
	for _, p := range table {
		names = append(names, p.SecretEnv...)
	}
	for _, n := range otherSecretEnv {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// Secrets returns the values of the SecretEnv variables that are set.
func Secrets(env Getenv) []string {
	var out []string
	for _, name := range SecretEnv() {
		if v := env.get(name); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// quote shows a user's text in a message: quoted, escapes visible, long
// text cut.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		s = string(r[:60]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// RedactURL hides a password in a URL (OLLAMA_HOST=http://user:pass@host)
// so that a message or a report naming the endpoint does not print it
// (url.URL.Redacted); a URL that does not parse is returned as it is.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Redacted()
}

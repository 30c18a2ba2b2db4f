package provider

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/ollama"

	"github.com/gtrag/gtrag/internal/redact"
)

// DefaultOllamaHost is where an Ollama server listens unless OLLAMA_HOST
// says otherwise.
const DefaultOllamaHost = "http://127.0.0.1:11434"

// ollamaProvider is a local or remote Ollama server, located by OLLAMA_HOST.
var ollamaProvider = Provider{
	Name:         "ollama",
	LLMHelp:      "a chat model of the Ollama server at OLLAMA_HOST (default " + DefaultOllamaHost + ")",
	EmbedderHelp: "an embedding model of the Ollama server at OLLAMA_HOST, e.g. ollama:nomic-embed-text",
	SecretEnv:    []string{"OLLAMA_API_KEY"},
	NewChat: func(_ context.Context, model string, env Getenv, hc *http.Client) (Chat, error) {
		m, err := ollamaClient(model, env, hc)
		if err != nil {
			return Chat{}, err
		}
		return Chat{Model: streamedOllama{m}}, nil
	},
	NewEmbedder: func(model string, env Getenv) (Embedding, error) {
		m, err := ollamaClient(model, env, nil)
		if err != nil {
			return Embedding{}, err
		}
		host, _ := OllamaHost(env.get("OLLAMA_HOST")) // checked by ollamaClient
		return Embedding{Client: m, Endpoint: RedactURL(host),
			Hint: "is Ollama running there? Start it with `ollama serve`, set OLLAMA_HOST, and fetch the model with `ollama pull " + model + "`"}, nil
	},
}

// streamedOllama asks Ollama for its replies streamed, as a sequence of
// small NDJSON lines, and hands on the whole reply as one.
//
// Why. Asked without streaming, Ollama sends the reply as a single line,
// and langchaingo's client reads lines with a bufio.Scanner limited to
// 512,000 bytes whose error it never checks: a longer reply (a model
// stuck repeating itself until its context is full) came back empty, was
// taken for a model that said nothing and was retried. Streamed, every
// line is one chunk of a few tokens, and the client joins them.
//
// A stream that ends before Ollama's last line (done: true), a dropped
// connection or a proxy's timeout, leaves langchaingo with no reply and
// no error, which read as a model that said nothing ("empty reply").
// When text did arrive, that is said as what it is, an error retried
// like any failed request.
type streamedOllama struct{ *ollama.LLM }

func (m streamedOllama) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	streamed := 0
	opts = append(slices.Clip(opts), llms.WithStreamingFunc(func(_ context.Context, chunk []byte) error {
		streamed += len(chunk)
		return nil
	}))
	resp, err := m.LLM.GenerateContent(ctx, msgs, opts...)
	if err == nil && streamed > 0 && (resp == nil || len(resp.Choices) == 0 || resp.Choices[0] == nil || resp.Choices[0].Content == "") {
		return nil, fmt.Errorf("the reply stopped after %d bytes, before Ollama said it was done (a dropped connection?)", streamed)
	}
	return resp, err
}

func (m streamedOllama) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, m, prompt, opts...)
}

func ollamaClient(model string, env Getenv, hc *http.Client) (*ollama.LLM, error) {
	host, err := OllamaHost(env.get("OLLAMA_HOST"))
	if err != nil {
		return nil, err
	}
	opts := []ollama.Option{ollama.WithModel(model), ollama.WithServerURL(host)}
	if hc != nil {
		opts = append(opts, ollama.WithHTTPClient(hc))
	}
	return ollama.New(opts...)
}

// OllamaHost turns OLLAMA_HOST into a base URL by Ollama's own rule, so that
// a value that works for the ollama command works here, for --llm and
// --embedder alike:
//
//   - empty: http://127.0.0.1:11434;
//   - no scheme ("gpu-box", "gpu-box:8080", ":9999"): http, port 11434
//     unless given;
//   - an explicit scheme: http or https only, and the scheme's own port
//     unless given — "http://gpu-box" is port 80, "https://…" port 443;
//   - a missing host, or a bind address (0.0.0.0, ::), means this machine.
//
// A path is kept (a proxy may serve Ollama under one); a trailing slash,
// query and fragment are dropped.
func OllamaHost(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return DefaultOllamaHost, nil
	}
	bad := func(why string) error {
		return configErrorf("OLLAMA_HOST %s: %s (want a host, host:port or http(s) URL)", quote(redact.URLs(raw)), why)
	}
	defaultPort := "11434"
	scheme, rest, ok := strings.Cut(raw, "://")
	switch {
	case !ok:
		scheme, rest = "http", raw
	case scheme == "http":
		defaultPort = "80"
	case scheme == "https":
		defaultPort = "443"
	default:
		return "", bad("the scheme must be http or https")
	}
	// The port first: url.Parse would only say "invalid port".
	authority, _, _ := strings.Cut(rest, "/")
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		authority = authority[i+1:]
	}
	if _, p, err := net.SplitHostPort(authority); err == nil {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", bad(fmt.Sprintf("bad port %q", p))
		}
	}
	u, err := url.Parse(scheme + "://" + rest)
	if err != nil {
		return "", bad("not a URL")
	}
	if ok && u.Host == "" {
		return "", bad("no host")
	}
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = defaultPort
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	u.Host = net.JoinHostPort(host, port)
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath, u.RawQuery, u.Fragment = "", "", ""
	return u.String(), nil
}

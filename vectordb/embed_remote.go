package vectordb

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

// OllamaDefaultURL is where an Ollama server listens unless OLLAMA_HOST
// says otherwise.
const OllamaDefaultURL = "http://127.0.0.1:11434"

// RemoteEmbedder embeds with a model behind an HTTP API (Ollama's
// /api/embed, or an OpenAI-compatible /v1/embeddings) through langchaingo.
// Its dimension is whatever the model returns, learned on the first call.
// It is safe for concurrent use.
type RemoteEmbedder struct {
	spec     string // "ollama:nomic-embed-text"
	endpoint string // base URL, for error messages
	hint     string // what to try when the server cannot be reached
	emb      embeddings.Embedder
	dim      atomic.Int64
}

// NewOllamaEmbedder returns an embedder for an Ollama model. host is
// OLLAMA_HOST as Ollama reads it: empty (http://127.0.0.1:11434),
// "host", "host:port" or a URL ("https://gpu-box:443"). No request is sent
// until Embed.
func NewOllamaEmbedder(model, host string) (*RemoteEmbedder, error) {
	if err := checkModelName(model); err != nil {
		return nil, fmt.Errorf("ollama embedder: %w", err)
	}
	base, err := ollamaBaseURL(host)
	if err != nil {
		return nil, fmt.Errorf("ollama embedder: %w", err)
	}
	llm, err := ollama.New(ollama.WithModel(model), ollama.WithServerURL(base))
	if err != nil {
		return nil, fmt.Errorf("ollama embedder: %w", err)
	}
	return newRemoteEmbedder("ollama:"+model, base,
		"is Ollama running there? Start it with `ollama serve`, set OLLAMA_HOST, and fetch the model with `ollama pull "+model+"`",
		llm)
}

// NewOpenAIEmbedder returns an embedder for an OpenAI embedding model, or
// for any server speaking the OpenAI embeddings API (LM Studio, vLLM,
// llama.cpp) when baseURL is set. baseURL is OPENAI_BASE_URL (empty:
// https://api.openai.com/v1) and apiKey OPENAI_API_KEY, which the OpenAI
// service requires and local servers usually do not. No request is sent
// until Embed.
func NewOpenAIEmbedder(model, baseURL, apiKey string) (*RemoteEmbedder, error) {
	if err := checkModelName(model); err != nil {
		return nil, fmt.Errorf("openai embedder: %w", err)
	}
	endpoint := openAIDefaultURL
	if baseURL != "" {
		u, err := url.Parse(baseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("openai embedder: OPENAI_BASE_URL %q is not an http(s) URL such as http://localhost:1234/v1", baseURL)
		}
		endpoint = strings.TrimSuffix(baseURL, "/")
	}
	if apiKey == "" {
		if baseURL == "" {
			return nil, errors.New("openai embedder: set OPENAI_API_KEY, or OPENAI_BASE_URL for a local OpenAI-compatible server")
		}
		// langchaingo refuses an empty key; servers that do not check one
		// accept any.
		apiKey = "none"
	}
	llm, err := openai.New(
		openai.WithToken(apiKey),
		openai.WithBaseURL(endpoint),
		openai.WithEmbeddingModel(model),
		// Explicit, so that langchaingo does not read the process
		// environment behind the caller's back.
		openai.WithOrganization(""),
	)
	if err != nil {
		return nil, fmt.Errorf("openai embedder: %w", err)
	}
	return newRemoteEmbedder("openai:"+model, endpoint,
		"check OPENAI_BASE_URL, OPENAI_API_KEY and the model name", llm)
}

const openAIDefaultURL = "https://api.openai.com/v1"

func newRemoteEmbedder(spec, endpoint, hint string, client embeddings.EmbedderClient) (*RemoteEmbedder, error) {
	// langchaingo strips newlines by default, rewriting the caller's slice
	// in place; current models read newlines fine.
	emb, err := embeddings.NewEmbedder(client, embeddings.WithStripNewLines(false))
	if err != nil {
		return nil, fmt.Errorf("%s embedder: %w", spec, err)
	}
	return &RemoteEmbedder{spec: spec, endpoint: endpoint, hint: hint, emb: emb}, nil
}

// Spec returns the embedder's spec, "ollama:MODEL" or "openai:MODEL".
func (e *RemoteEmbedder) Spec() string { return e.spec }

// Dim returns the model's vector length, or 0 before the first successful
// Embed.
func (e *RemoteEmbedder) Dim() int { return int(e.dim.Load()) }

// Embed returns one unit vector per text. An error names the spec and the
// server; when ctx is done it wraps ctx's error.
func (e *RemoteEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("embed with %s: %w", e.spec, err)
	}
	vecs, err := e.emb.EmbedDocuments(ctx, texts)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			// The clients replace context errors with their own messages.
			return nil, fmt.Errorf("embed with %s: %w", e.spec, cerr)
		}
		return nil, fmt.Errorf("embed with %s at %s: %w (%s)", e.spec, e.endpoint, err, e.hint)
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("embed with %s at %s: got %d vectors for %d texts", e.spec, e.endpoint, len(vecs), len(texts))
	}
	want := int(e.dim.Load())
	for i, v := range vecs {
		if len(v) == 0 {
			return nil, fmt.Errorf("embed with %s at %s: vector %d is empty", e.spec, e.endpoint, i)
		}
		if want == 0 {
			want = len(v)
		}
		if len(v) != want {
			return nil, fmt.Errorf("embed with %s at %s: vector %d has dimension %d, expected %d (did the model change?)", e.spec, e.endpoint, i, len(v), want)
		}
		if !embedUnit(v) {
			return nil, fmt.Errorf("embed with %s at %s: vector %d is zero or not finite", e.spec, e.endpoint, i)
		}
	}
	// Concurrent first calls agree unless the server changed models between
	// them; the loser reports that like any later mismatch.
	if !e.dim.CompareAndSwap(0, int64(want)) && e.dim.Load() != int64(want) {
		return nil, fmt.Errorf("embed with %s at %s: vectors have dimension %d, expected %d (did the model change?)", e.spec, e.endpoint, want, e.dim.Load())
	}
	return vecs, nil
}

// checkModelName accepts any non-empty name without spaces or control
// characters: Ollama names hold ':' and '/' ("hf.co/org/model:Q4_K_M").
func checkModelName(model string) error {
	if model == "" {
		return errors.New("empty model name")
	}
	for _, r := range model {
		if r <= ' ' || r == 0x7f || r == '\u00a0' || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("model name %q holds whitespace or control characters", model)
		}
	}
	return nil
}

// ollamaBaseURL turns OLLAMA_HOST into a base URL the way Ollama's own
// client does: scheme http unless given, port 11434 unless given (80 or
// 443 for an explicit http:// or https:// without one), host 127.0.0.1
// unless given.
func ollamaBaseURL(host string) (string, error) {
	host = strings.TrimSpace(host)
	if host == "" {
		return OllamaDefaultURL, nil
	}
	defaultPort := "11434"
	scheme, hostport, ok := strings.Cut(host, "://")
	switch {
	case !ok:
		scheme, hostport = "http", host
	case scheme == "http":
		defaultPort = "80"
	case scheme == "https":
		defaultPort = "443"
	default:
		return "", fmt.Errorf("OLLAMA_HOST %q: scheme must be http or https", host)
	}
	hostport, path, _ := strings.Cut(hostport, "/")
	h, port, err := net.SplitHostPort(hostport)
	if err != nil {
		h, port = hostport, defaultPort
		if ip := net.ParseIP(strings.Trim(hostport, "[]")); ip != nil {
			h = ip.String()
		}
	}
	if h == "" {
		h = "127.0.0.1"
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return "", fmt.Errorf("OLLAMA_HOST %q: bad port %q", host, port)
	}
	u := url.URL{Scheme: scheme, Host: net.JoinHostPort(h, port)}
	if path != "" {
		u.Path = "/" + path
	}
	if _, err := url.Parse(u.String()); err != nil {
		return "", fmt.Errorf("OLLAMA_HOST %q: %w", host, err)
	}
	return u.String(), nil
}

package reasoner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/googleai"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

// Defaults for Open.
const (
	DefaultOllamaHost   = "http://127.0.0.1:11434"
	DefaultOllamaModel  = "llama3.2"
	DefaultOpenAIModel  = "gpt-4o-mini"
	DefaultAnthropicURL = "https://api.anthropic.com/v1"
	DefaultOpenAIURL    = "https://api.openai.com/v1"

	// OfflineNotice is the notice of Open("auto") when no LLM is found.
	OfflineNotice = "offline: no LLM configured (set --llm or OPENAI_API_KEY, or start Ollama); answers are extractive"

	// placeholderKey is sent to OpenAI-compatible servers that need no
	// key (LM Studio, vLLM, llama.cpp): langchaingo refuses an empty one.
	placeholderKey = "not-needed"
	// maxResponseBytes bounds what an LLM server may send in one HTTP
	// response, before the reply itself is capped (WithMaxReplyBytes).
	maxResponseBytes = 8 << 20
)

// Set is the three reasoners of one LLM choice. For an LLM provider each
// reasoner falls back to its offline counterpart when the LLM fails (see
// JudgeWithFallback); a failure makes all three use the offline path for
// the rest of the Set's life.
type Set struct {
	Judge    RelevanceJudge
	Filter   PaperFilter
	Answerer Answerer
	// Queries writes arXiv searches; nil for offline Sets, whose searches
	// are formulated without a model.
	Queries QueryWriter
	// Name is the resolved spec: "offline", "ollama:llama3.2",
	// "openai:gpt-4o-mini". It never holds a key.
	Name string
	// Notices are one-line messages for the user, such as OfflineNotice.
	Notices []string

	closer io.Closer
}

// Close releases the provider's client, if it holds one (googleai does).
// The zero Set and offline Sets need no Close, but it is safe to call.
func (s Set) Close() error {
	if s.closer == nil {
		return nil
	}
	return s.closer.Close()
}

// SpecError is a malformed or unusable LLM spec, or a provider missing its
// configuration (an API key, a valid server URL): a usage error that the
// user fixes by changing flags or environment.
type SpecError struct {
	Spec   string
	Reason string
}

// ValidSpecs lists the forms Open accepts.
const ValidSpecs = "auto, offline, ollama:MODEL, openai:MODEL, anthropic:MODEL, googleai:MODEL"

func (e *SpecError) Error() string {
	return fmt.Sprintf("invalid LLM spec %s: %s (valid: %s)", quote(e.Spec), e.Reason, ValidSpecs)
}

// Open resolves an LLM spec into reasoners:
//
//   - "offline": the offline reasoners.
//   - "ollama:MODEL": an Ollama server at OLLAMA_HOST (default
//     http://127.0.0.1:11434).
//   - "openai:MODEL": OpenAI with OPENAI_API_KEY, or any OpenAI-compatible
//     server (LM Studio, vLLM) at OPENAI_BASE_URL, where the key may be
//     absent.
//   - "anthropic:MODEL": Anthropic with ANTHROPIC_API_KEY (and
//     ANTHROPIC_BASE_URL to point elsewhere).
//   - "googleai:MODEL": Google AI with GOOGLE_API_KEY.
//   - "auto" or "": OpenAI if OPENAI_API_KEY is set (model
//     GTRAG_OPENAI_MODEL, default gpt-4o-mini); else Ollama if a server
//     answers at OLLAMA_HOST within the probe timeout (model
//     GTRAG_OLLAMA_MODEL, else the first chat model it lists, else
//     llama3.2); else offline, with OfflineNotice.
//
// env looks up environment variables (os.Getenv in the CLI; nil means an
// empty environment). Open creates clients but sends no request, except
// the Ollama probe of "auto". A malformed spec or missing configuration is a
// *SpecError; keys never appear in Name, Notices or errors.
func Open(ctx context.Context, spec string, env func(string) string, opts ...Option) (Set, error) {
	if env == nil {
		env = func(string) string { return "" }
	}
	s := newSettings(opts)
	provider, model, err := parseSpec(spec)
	if err != nil {
		return Set{}, err
	}
	switch provider {
	case "auto":
		return openAuto(ctx, env, s, opts)
	case "offline":
		return offlineSet(), nil
	}
	return openProvider(ctx, provider, model, env, s, opts)
}

// CheckSpec reports, as a *SpecError, whether spec is malformed, without
// reading the environment or creating a client: a command that never asks
// the LLM can still reject a typo in --llm. Missing configuration (an API
// key) is Open's to report.
func CheckSpec(spec string) error {
	_, _, err := parseSpec(spec)
	return err
}

// parseSpec splits spec into a lower-case provider ("auto", "offline",
// "ollama", …) and a model name.
func parseSpec(spec string) (provider, model string, err error) {
	spec = strings.TrimSpace(spec)
	switch strings.ToLower(spec) {
	case "", "auto":
		return "auto", "", nil
	case "offline":
		return "offline", "", nil
	}
	provider, model, ok := strings.Cut(spec, ":")
	provider = strings.ToLower(strings.TrimSpace(provider))
	model = strings.TrimSpace(model)
	if !ok {
		return "", "", &SpecError{Spec: spec, Reason: "expected PROVIDER:MODEL"}
	}
	if reason := checkModelName(model); reason != "" {
		return "", "", &SpecError{Spec: spec, Reason: reason}
	}
	switch provider {
	case "ollama", "openai", "anthropic", "googleai":
	default:
		return "", "", &SpecError{Spec: spec, Reason: fmt.Sprintf("unknown provider %s", quote(provider))}
	}
	return provider, model, nil
}

func checkModelName(m string) string {
	switch {
	case m == "":
		return "the model name is empty"
	case len(m) > 200:
		return "the model name is too long"
	case !utf8.ValidString(m):
		return "the model name is not valid UTF-8"
	}
	for _, r := range m {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return "the model name contains spaces or control characters"
		}
	}
	return ""
}

func offlineSet() Set {
	return Set{
		Judge:    NewOfflineJudge(),
		Filter:   NewOfflineFilter(),
		Answerer: NewOfflineAnswerer(),
		Name:     "offline",
	}
}

func openAuto(ctx context.Context, env func(string) string, s settings, opts []Option) (Set, error) {
	if env("OPENAI_API_KEY") != "" {
		model := orDefault(env("GTRAG_OPENAI_MODEL"), DefaultOpenAIModel)
		return openProvider(ctx, "openai", model, env, s, opts)
	}
	host, err := ollamaHost(env("OLLAMA_HOST"))
	if err != nil {
		return Set{}, &SpecError{Spec: "auto", Reason: err.Error()}
	}
	models, up := probeOllama(ctx, s, host)
	if !up {
		set := offlineSet()
		set.Notices = []string{OfflineNotice}
		return set, nil
	}
	model := env("GTRAG_OLLAMA_MODEL")
	var notices []string
	if model == "" {
		model = firstChatModel(models)
	}
	if model == "" {
		model = DefaultOllamaModel
		notices = append(notices, fmt.Sprintf("the Ollama server at %s lists no chat model; trying %s (run `ollama pull %s`)",
			redactURL(host), model, model))
	}
	set, err := openProvider(ctx, "ollama", model, env, s, opts)
	set.Notices = append(notices, set.Notices...)
	return set, err
}

func orDefault(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return strings.TrimSpace(v)
}

// openProvider builds the LLM-backed Set for a validated provider and model.
func openProvider(ctx context.Context, provider, model string, env func(string) string, s settings, opts []Option) (Set, error) {
	name := provider + ":" + model
	if reason := checkModelName(model); reason != "" {
		return Set{}, &SpecError{Spec: name, Reason: reason}
	}
	client := limitedClient(s.httpClient)
	var (
		m       llms.Model
		closer  io.Closer
		err     error
		secrets []string
	)
	switch provider {
	case "ollama":
		var host string
		host, err = ollamaHost(env("OLLAMA_HOST"))
		if err != nil {
			return Set{}, &SpecError{Spec: name, Reason: err.Error()}
		}
		m, err = ollama.New(ollama.WithModel(model), ollama.WithServerURL(host), ollama.WithHTTPClient(client))
	case "openai":
		key := env("OPENAI_API_KEY")
		base := orDefault(env("OPENAI_BASE_URL"), env("OPENAI_API_BASE"))
		if key == "" && base == "" {
			return Set{}, &SpecError{Spec: name, Reason: "OPENAI_API_KEY is not set (set OPENAI_BASE_URL instead for an OpenAI-compatible server such as LM Studio or vLLM)"}
		}
		if base == "" {
			base = DefaultOpenAIURL
		}
		if err := checkBaseURL("OPENAI_BASE_URL", base); err != nil {
			return Set{}, &SpecError{Spec: name, Reason: err.Error()}
		}
		if key == "" {
			key = placeholderKey
		}
		secrets = append(secrets, key)
		// Every setting is passed explicitly: langchaingo would otherwise
		// read the process environment behind env's back.
		m, err = openai.New(openai.WithToken(key), openai.WithModel(model), openai.WithBaseURL(base),
			openai.WithOrganization(env("OPENAI_ORGANIZATION")), openai.WithHTTPClient(client))
	case "anthropic":
		key := env("ANTHROPIC_API_KEY")
		if key == "" {
			return Set{}, &SpecError{Spec: name, Reason: "ANTHROPIC_API_KEY is not set"}
		}
		base := anthropicBase(env("ANTHROPIC_BASE_URL"))
		if err := checkBaseURL("ANTHROPIC_BASE_URL", base); err != nil {
			return Set{}, &SpecError{Spec: name, Reason: err.Error()}
		}
		secrets = append(secrets, key)
		m, err = anthropic.New(anthropic.WithToken(key), anthropic.WithModel(model), anthropic.WithBaseURL(base),
			anthropic.WithHTTPClient(client))
	case "googleai":
		key := env("GOOGLE_API_KEY")
		if key == "" {
			return Set{}, &SpecError{Spec: name, Reason: "GOOGLE_API_KEY is not set"}
		}
		secrets = append(secrets, key)
		// No custom HTTP client here: the Google client would then skip
		// the API key.
		var g *googleai.GoogleAI
		g, err = googleai.New(ctx, googleai.WithAPIKey(key), googleai.WithDefaultModel(model))
		if err == nil {
			m, closer = g, g
		}
	}
	if err != nil {
		return Set{}, fmt.Errorf("create %s client: %s", name, redact(err.Error(), secrets))
	}
	m = &redactingModel{Model: m, secrets: secrets}
	b := &breaker{}
	return Set{
		Judge:    &FallbackJudge{Primary: NewLLMJudge(m, opts...), Fallback: NewOfflineJudge(), b: b},
		Filter:   &FallbackFilter{Primary: NewLLMFilter(m, opts...), Fallback: NewOfflineFilter(), b: b},
		Answerer: &FallbackAnswerer{Primary: NewLLMAnswerer(m, opts...), Fallback: NewOfflineAnswerer(), b: b},
		Queries:  &FallbackQueryWriter{Primary: NewLLMQueryWriter(m, opts...), b: b},
		Name:     name,
		closer:   closer,
	}, nil
}

// ollamaHost turns OLLAMA_HOST, in any of the forms Ollama itself accepts
// ("", "host", "host:port", "http://host:port"), into a base URL. A bind
// address (0.0.0.0) means this machine.
func ollamaHost(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return DefaultOllamaHost, nil
	}
	withScheme := raw
	if !strings.Contains(raw, "://") {
		withScheme = "http://" + raw
	}
	u, err := url.Parse(withScheme)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("OLLAMA_HOST %s is not a host or http(s) URL", quote(raw))
	}
	host, port := u.Hostname(), u.Port()
	switch host {
	case "0.0.0.0", "":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	if port == "" {
		port = "11434"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	u.Host = net.JoinHostPort(host, port)
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// anthropicBase accepts ANTHROPIC_BASE_URL with or without the /v1 that
// langchaingo's client expects (Anthropic's own SDKs use it without).
func anthropicBase(raw string) string {
	raw = strings.TrimRight(strings.TrimSpace(raw), "/")
	if raw == "" {
		return DefaultAnthropicURL
	}
	if !strings.HasSuffix(raw, "/v1") {
		raw += "/v1"
	}
	return raw
}

func checkBaseURL(name, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("%s %s is not an http(s) URL", name, quote(raw))
	}
	return nil
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Redacted()
}

// probeOllama lists the models of an Ollama server (GET /api/tags); up is
// false when nothing answers like Ollama within the probe timeout.
func probeOllama(ctx context.Context, s settings, host string) (models []string, up bool) {
	pctx, cancel := context.WithTimeout(ctx, s.probeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(pctx, http.MethodGet, host+"/api/tags", nil)
	if err != nil {
		return nil, false
	}
	resp, err := limitedClient(s.httpClient).Do(req)
	if err != nil {
		return nil, false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, false
	}
	var tags struct {
		Models []struct {
			Name  string `json:"name"`
			Model string `json:"model"`
		} `json:"models"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&tags); err != nil {
		return nil, false
	}
	for _, m := range tags.Models {
		name := m.Name
		if name == "" {
			name = m.Model
		}
		if name != "" {
			models = append(models, name)
		}
	}
	return models, true
}

// firstChatModel picks the first listed model that is not an embedding
// model (those cannot chat), without the default ":latest" tag.
func firstChatModel(models []string) string {
	for _, m := range models {
		l := strings.ToLower(m)
		if strings.Contains(l, "embed") || strings.Contains(l, "minilm") || strings.HasPrefix(l, "bge") {
			continue
		}
		if checkModelName(m) != "" {
			continue
		}
		return strings.TrimSuffix(m, ":latest")
	}
	return ""
}

// redactingModel keeps API keys out of error messages: some providers echo
// the key they rejected.
type redactingModel struct {
	llms.Model
	secrets []string
}

func (r *redactingModel) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	resp, err := r.Model.GenerateContent(ctx, msgs, opts...)
	if err != nil {
		if msg := redact(err.Error(), r.secrets); msg != err.Error() {
			// The original is dropped, not wrapped: unwrapping would
			// bring the key back.
			return resp, errors.New(msg)
		}
	}
	return resp, err
}

func (r *redactingModel) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, r, prompt, opts...)
}

func redact(s string, secrets []string) string {
	for _, k := range secrets {
		if len(k) >= 4 && k != placeholderKey {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return s
}

// limitedClient returns a copy of c (or a default client) whose responses
// fail once they exceed maxResponseBytes, so a hostile or broken server
// cannot make the process hold an unbounded reply in memory.
func limitedClient(c *http.Client) *http.Client {
	var cp http.Client
	if c != nil {
		cp = *c
	}
	next := cp.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	cp.Transport = &limitedTransport{next: next, max: maxResponseBytes}
	return &cp
}

type limitedTransport struct {
	next http.RoundTripper
	max  int64
}

func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: t.max, max: t.max}
	return resp, nil
}

type limitedBody struct {
	rc        io.ReadCloser
	left, max int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// At the limit: fine if the body ends here, an error if not.
		var one [1]byte
		n, err := b.rc.Read(one[:])
		if n > 0 {
			return 0, fmt.Errorf("LLM server response exceeds %d bytes", b.max)
		}
		return 0, err
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }

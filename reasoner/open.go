package reasoner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/provider"
	"github.com/tmc/langchaingo/llms"
)

// Defaults for Open("auto").
const (
	DefaultOllamaModel = "llama3.2"
	DefaultOpenAIModel = "gpt-4o-mini"

	// OfflineNotice is the notice of Open("auto") when no LLM is found.
	OfflineNotice = "offline: no LLM configured (set --llm or OPENAI_API_KEY, or start Ollama)" + offlineAnswers

	// offlineAnswers ends the notices of an Open("auto") that found no
	// LLM: what the offline reasoners mean for an answer (see
	// OfflineNoticeFor).
	offlineAnswers = "; answers are extractive"

	// maxResponseBytes bounds what an LLM server may send in one HTTP
	// response, before the reply itself is capped (WithMaxReplyBytes).
	maxResponseBytes = 8 << 20
)

// Set is the reasoners of one LLM choice. For an LLM provider each
// reasoner falls back to its offline counterpart when the LLM fails (see
// FallbackJudge); a failure, or maxUnusable unusable replies in a row to
// one prompt, makes every step use the offline path for the rest of the
// Set's life (the decision agent and the condenser then return
// ErrLLMUnavailable, and their callers decide without them).
type Set struct {
	Judge    RelevanceJudge
	Filter   PaperFilter
	Answerer Answerer
	// Queries writes arXiv searches; nil for offline Sets, whose searches
	// are formulated without a model.
	Queries QueryWriter
	// Choose picks, among an arXiv search's best candidates, those that
	// answer the question; nil for offline Sets, whose searches keep the
	// pool's ranking.
	Choose PaperChooser
	// Condense rewrites a conversation's follow-up as a standalone
	// question (gtrag chat); nil for offline Sets.
	Condense Condenser
	// Router is the decision agent of `--router llm`; nil for offline
	// Sets, which have only the rule routers.
	Router RouteChooser
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
// user fixes by changing flags or environment. It is the provider table's.
type SpecError = provider.SpecError

// Open resolves an LLM spec (the grammar and the providers are package
// provider's) into reasoners:
//
//   - "offline": the offline reasoners.
//   - "PROVIDER:MODEL": that provider's chat model, each reasoner falling
//     back to its offline counterpart when the model fails.
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
	parsed, err := provider.Parse(provider.LLM, spec)
	if err != nil {
		return Set{}, err
	}
	switch parsed.Provider {
	case provider.Auto:
		return openAuto(ctx, env, s, opts)
	case provider.Offline:
		return offlineSet(), nil
	}
	return openProvider(ctx, parsed, env, opts)
}

// CheckSpec reports, as a *SpecError, whether spec is malformed, without
// reading the environment or creating a client: a command that never asks
// the LLM can still reject a typo in --llm. Missing configuration (an API
// key) is Open's to report.
func CheckSpec(spec string) error {
	_, err := provider.Parse(provider.LLM, spec)
	return err
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
		return openModel(ctx, "openai", model, "GTRAG_OPENAI_MODEL", env, opts)
	}
	host, err := provider.OllamaHost(env("OLLAMA_HOST"))
	if err != nil {
		return Set{}, &SpecError{Kind: provider.LLM, Spec: "auto", Reason: err.Error()}
	}
	models, up := probeOllama(ctx, s, host)
	if !up {
		set := offlineSet()
		set.Notices = []string{OfflineNotice}
		if env("OLLAMA_HOST") != "" {
			// Ollama was configured, not missing: "no LLM configured …
			// start Ollama" would send the user looking for the wrong fault.
			set.Notices = []string{OllamaDownNotice(host)}
		}
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
			provider.RedactURL(host), model, model))
	}
	set, err := openModel(ctx, "ollama", model, "GTRAG_OLLAMA_MODEL", env, opts)
	set.Notices = append(notices, set.Notices...)
	return set, err
}

func orDefault(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return strings.TrimSpace(v)
}

// openModel opens a model that "auto" chose: the spec is checked like one
// the user typed. A model the variable from named that does not pass is
// said as that variable's fault: the user typed no "openai:gpt 4".
func openModel(ctx context.Context, name, model, from string, env func(string) string, opts []Option) (Set, error) {
	parsed, err := provider.Parse(provider.LLM, name+":"+model)
	var spec *SpecError
	if errors.As(err, &spec) && env(from) != "" {
		return Set{}, &SpecError{Kind: provider.LLM, Spec: provider.Auto, Reason: fmt.Sprintf("%s %q: %s", from, env(from), spec.Reason)}
	}
	if err != nil {
		return Set{}, err
	}
	return openProvider(ctx, parsed, env, opts)
}

// openProvider builds the LLM-backed Set of a parsed provider spec.
func openProvider(ctx context.Context, spec provider.Spec, env func(string) string, opts []Option) (Set, error) {
	name := spec.String()
	chat, err := provider.Lookup(spec.Provider).NewChat(ctx, spec.Model, env, limitedClient())
	if err != nil {
		var ce *provider.ConfigError
		if errors.As(err, &ce) {
			return Set{}, &SpecError{Kind: provider.LLM, Spec: name, Reason: ce.Reason}
		}
		return Set{}, fmt.Errorf("create %s client: %s", name, redact(err.Error(), chat.Secrets))
	}
	m := llms.Model(&redactingModel{Model: chat.Model, secrets: chat.Secrets, endpoint: chat.Endpoint})
	return llmSet(m, name, chat.Closer, opts), nil
}

// llmSet builds the Set of a model: each step its LLM reasoner, wrapped to
// fall back offline.
func llmSet(m llms.Model, name string, closer io.Closer, opts []Option) Set {
	// One breaker for the Set: an outage, or a run of unusable replies,
	// seen by any step makes every step offline.
	b := &breaker{}
	opts = append(slices.Clip(opts), sharing(b))
	return Set{
		Judge:    &FallbackJudge{Primary: NewLLMJudge(m, opts...), Fallback: NewOfflineJudge(), b: b},
		Filter:   &FallbackFilter{Primary: NewLLMFilter(m, opts...), Fallback: NewOfflineFilter(), b: b},
		Answerer: &FallbackAnswerer{Primary: NewLLMAnswerer(m, opts...), Fallback: NewOfflineAnswerer(), b: b},
		Queries:  &FallbackQueryWriter{Primary: NewLLMQueryWriter(m, opts...), b: b},
		Choose:   &FallbackPaperChooser{Primary: NewLLMPaperChooser(m, opts...), b: b},
		Condense: &FallbackCondenser{Primary: NewLLMCondenser(m, opts...), b: b},
		Router:   &FallbackRouter{Primary: NewLLMRouter(m, opts...), b: b},
		Name:     name,
		closer:   closer,
	}
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
	resp, err := limitedClient().Do(req)
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
		if _, err := provider.Parse(provider.LLM, "ollama:"+m); err != nil {
			continue
		}
		return strings.TrimSuffix(m, ":latest")
	}
	return ""
}

// redactingModel keeps API keys out of error messages: some providers echo
// the key they rejected. An error that does not say which server failed
// (langchaingo's OpenAI client: "network error: failed to reach API
// server") is told the endpoint (provider.Chat.Endpoint).
type redactingModel struct {
	llms.Model
	secrets  []string
	endpoint string
}

func (r *redactingModel) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	resp, err := r.Model.GenerateContent(ctx, msgs, opts...)
	if err == nil {
		return resp, nil
	}
	if msg := redact(err.Error(), r.secrets); msg != err.Error() {
		// The original is dropped, not wrapped: unwrapping would
		// bring the key back.
		err = errors.New(msg)
	}
	if r.endpoint != "" && ctx.Err() == nil && !strings.Contains(err.Error(), r.endpoint) {
		err = fmt.Errorf("%w (at %s)", err, r.endpoint)
	}
	return resp, err
}

func (r *redactingModel) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, r, prompt, opts...)
}

func redact(s string, secrets []string) string {
	for _, k := range secrets {
		if len(k) >= 4 {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return s
}

// limitedClient returns a client whose responses fail once they exceed
// maxResponseBytes, so a hostile or broken server cannot make the process
// hold an unbounded reply in memory.
func limitedClient() *http.Client {
	return &http.Client{Transport: &limitedTransport{next: http.DefaultTransport, max: maxResponseBytes}}
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
	noteResponse(req.Context(), resp)
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

// OllamaDownNotice is the notice of Open("auto") when OLLAMA_HOST names a
// server that does not answer as Ollama: the LLM is configured, and down.
func OllamaDownNotice(host string) string {
	return "offline: no Ollama answered at " + provider.RedactURL(host) + " (OLLAMA_HOST)" + offlineAnswers
}

// OfflineNoticeFor is notice, one of a Set's Notices, as a command that
// writes no answer says it: the clause of OfflineNotice and
// OllamaDownNotice that says what going offline means for the answer
// ("answers are extractive") gives way to use, what it means for that
// command ("papers are filtered offline"). Any other notice is returned
// as it is.
func OfflineNoticeFor(notice, use string) string {
	if rest, ok := strings.CutSuffix(notice, offlineAnswers); ok {
		return rest + "; " + use
	}
	return notice
}

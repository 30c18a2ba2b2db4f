package vectordb

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeVector is what the fake servers return for a text: not unit length
// (the embedder must normalise) and different per text.
func fakeVector(text string, dim int) []float32 {
	v := make([]float32, dim)
	for i := range v {
		v[i] = 1
	}
	v[0] = float32(len(text)) + 1
	v[1] = float32(strings.Count(text, "a"))
	return v
}

// decodeInput accepts the "input" of both APIs: a string or a list of them.
func decodeInput(raw json.RawMessage) ([]string, error) {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	err := json.Unmarshal(raw, &many)
	return many, err
}

// fakeOllama speaks Ollama's POST /api/embed, the endpoint langchaingo
// v0.1.14's ollama client calls (one request per text).
type fakeOllama struct {
	models   map[string]int // model → dimension
	mu       sync.Mutex
	inputs   []string
	requests atomic.Int64
	zero     bool // answer with zero vectors
}

func (f *fakeOllama) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	if r.Method != http.MethodPost || r.URL.Path != "/api/embed" {
		http.NotFound(w, r)
		return
	}
	var req struct {
		Model     string          `json:"model"`
		Input     json.RawMessage `json:"input"`
		KeepAlive string          `json:"keep_alive"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":%q}`, err.Error())
		return
	}
	dim, ok := f.models[req.Model]
	if !ok {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		msg, _ := json.Marshal(map[string]string{"error": fmt.Sprintf("model %q not found, try pulling it first", req.Model)})
		_, _ = w.Write(msg)
		return
	}
	inputs, err := decodeInput(req.Input)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":"invalid input type"}`)
		return
	}
	f.mu.Lock()
	f.inputs = append(f.inputs, inputs...)
	f.mu.Unlock()
	resp := struct {
		Model           string      `json:"model"`
		Embeddings      [][]float32 `json:"embeddings"`
		TotalDuration   int64       `json:"total_duration"`
		LoadDuration    int64       `json:"load_duration"`
		PromptEvalCount int         `json:"prompt_eval_count"`
	}{Model: req.Model, TotalDuration: 14143917, LoadDuration: 1019500, PromptEvalCount: 8}
	for _, in := range inputs {
		v := fakeVector(in, dim)
		if f.zero {
			v = make([]float32, dim)
		}
		resp.Embeddings = append(resp.Embeddings, v)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// fakeOpenAI speaks POST /v1/embeddings of the OpenAI API.
type fakeOpenAI struct {
	key      string // "" accepts any
	dim      atomic.Int64
	requests atomic.Int64
	block    chan struct{} // when set, requests wait for the client to give up
}

func (f *fakeOpenAI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	if f.block != nil {
		select {
		case <-r.Context().Done():
		case <-f.block:
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"message":"Invalid URL","type":"invalid_request_error","param":null,"code":null}}`)
		return
	}
	if f.key != "" && r.Header.Get("Authorization") != "Bearer "+f.key {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":{"message":"Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`)
		return
	}
	var req struct {
		Model string          `json:"model"`
		Input json.RawMessage `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	inputs, err := decodeInput(req.Input)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	type datum struct {
		Object    string    `json:"object"`
		Embedding []float32 `json:"embedding"`
		Index     int       `json:"index"`
	}
	resp := struct {
		Object string  `json:"object"`
		Data   []datum `json:"data"`
		Model  string  `json:"model"`
		Usage  struct {
			PromptTokens int `json:"prompt_tokens"`
			TotalTokens  int `json:"total_tokens"`
		} `json:"usage"`
	}{Object: "list", Model: req.Model}
	for i, in := range inputs {
		resp.Data = append(resp.Data, datum{Object: "embedding", Embedding: fakeVector(in, int(f.dim.Load())), Index: i})
		resp.Usage.PromptTokens += len(strings.Fields(in))
	}
	resp.Usage.TotalTokens = resp.Usage.PromptTokens
	_ = json.NewEncoder(w).Encode(resp)
}

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestOllamaEmbedder(t *testing.T) {
	fake := &fakeOllama{models: map[string]int{"nomic-embed-text": 6, "nomic-embed-text:latest": 6}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()

	t.Run("embeds through the real client and learns the dimension", func(t *testing.T) {
		e, err := ParseEmbedder("ollama:nomic-embed-text", envMap(map[string]string{"OLLAMA_HOST": srv.URL}))
		require.NoError(t, err)
		require.Equal(t, "ollama:nomic-embed-text", e.Spec())
		require.Zero(t, e.Dim())

		texts := []string{"Title: Auctions\n\nAbstract: bidders bid.", "a banana", "x"}
		before := append([]string(nil), texts...)
		vecs, err := e.Embed(ctx, texts)
		require.NoError(t, err)
		require.Equal(t, before, texts, "caller's texts untouched")
		require.Len(t, vecs, 3)
		require.Equal(t, 6, e.Dim())
		for i, v := range vecs {
			require.Len(t, v, 6)
			requireUnit(t, v)
			want := fakeVector(texts[i], 6)
			require.True(t, embedUnit(want))
			require.InDeltaSlice(t, want, v, 1e-6, "vector %d in order", i)
		}
		fake.mu.Lock()
		require.Contains(t, fake.inputs, texts[0], "text sent as given, newlines kept")
		fake.mu.Unlock()

		empty, err := e.Embed(ctx, nil)
		require.NoError(t, err)
		require.Empty(t, empty)
	})

	t.Run("OLLAMA_HOST without a scheme, model with a tag", func(t *testing.T) {
		e, err := ParseEmbedder("ollama:nomic-embed-text:latest", envMap(map[string]string{"OLLAMA_HOST": strings.TrimPrefix(srv.URL, "http://")}))
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"hello"})
		require.NoError(t, err)
	})

	t.Run("unknown model says how to get it", func(t *testing.T) {
		e, err := ParseEmbedder("ollama:nope", envMap(map[string]string{"OLLAMA_HOST": srv.URL}))
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"hello"})
		require.Error(t, err)
		require.Contains(t, err.Error(), "ollama:nope")
		require.Contains(t, err.Error(), `model "nope" not found`)
		require.Contains(t, err.Error(), "ollama pull nope")
		require.Zero(t, e.Dim())
	})

	t.Run("unreachable server says what to check", func(t *testing.T) {
		dead := httptest.NewServer(http.NotFoundHandler())
		url := dead.URL
		dead.Close()
		e, err := ParseEmbedder("ollama:nomic-embed-text", envMap(map[string]string{"OLLAMA_HOST": url}))
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"hello"})
		require.Error(t, err)
		require.Contains(t, err.Error(), url)
		require.Contains(t, err.Error(), "ollama serve")
	})

	t.Run("zero vectors are refused, not stored as NaN", func(t *testing.T) {
		zero := &fakeOllama{models: map[string]int{"m": 3}, zero: true}
		zsrv := httptest.NewServer(zero)
		defer zsrv.Close()
		e, err := ParseEmbedder("ollama:m", envMap(map[string]string{"OLLAMA_HOST": zsrv.URL}))
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"hello"})
		require.ErrorContains(t, err, "zero or not finite")
	})
}

func TestOpenAIEmbedder(t *testing.T) {
	fake := &fakeOpenAI{key: "sk-test"}
	fake.dim.Store(5)
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()
	env := envMap(map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "sk-test"})

	t.Run("batches, keeps order, learns the dimension", func(t *testing.T) {
		e, err := ParseEmbedder("openai:text-embedding-3-small", env)
		require.NoError(t, err)
		require.Equal(t, "openai:text-embedding-3-small", e.Spec())
		require.Zero(t, e.Dim())
		texts := make([]string, 513) // langchaingo sends 512 per request
		for i := range texts {
			texts[i] = strings.Repeat("a", i%7) + strings.Repeat("b", i)
		}
		fake.requests.Store(0)
		vecs, err := e.Embed(ctx, texts)
		require.NoError(t, err)
		require.EqualValues(t, 2, fake.requests.Load())
		require.Len(t, vecs, len(texts))
		require.Equal(t, 5, e.Dim())
		for i, v := range vecs {
			want := fakeVector(texts[i], 5)
			require.True(t, embedUnit(want))
			require.InDeltaSlice(t, want, v, 1e-6, "vector %d", i)
		}
	})

	t.Run("a model that changes dimension is an error", func(t *testing.T) {
		e, err := ParseEmbedder("openai:m", env)
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"one"})
		require.NoError(t, err)
		fake.dim.Store(7)
		defer fake.dim.Store(5)
		_, err = e.Embed(ctx, []string{"two"})
		require.ErrorContains(t, err, "dimension 7, expected 5")
	})

	t.Run("wrong key is a clear error", func(t *testing.T) {
		e, err := ParseEmbedder("openai:m", envMap(map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "sk-bad"}))
		require.NoError(t, err)
		_, err = e.Embed(ctx, []string{"x"})
		require.Error(t, err)
		require.Contains(t, err.Error(), "openai:m")
		require.Contains(t, err.Error(), "401")
		require.Contains(t, err.Error(), "Incorrect API key")
	})

	t.Run("a local server needs no key", func(t *testing.T) {
		open := &fakeOpenAI{}
		open.dim.Store(3)
		osrv := httptest.NewServer(open)
		defer osrv.Close()
		e, err := ParseEmbedder("openai:local-model", envMap(map[string]string{"OPENAI_BASE_URL": osrv.URL + "/v1/"}))
		require.NoError(t, err)
		v, err := e.Embed(ctx, []string{"x"})
		require.NoError(t, err)
		require.Len(t, v[0], 3)
	})

	t.Run("the OpenAI service needs a key", func(t *testing.T) {
		_, err := ParseEmbedder("openai:text-embedding-3-small", envMap(nil))
		require.ErrorContains(t, err, "OPENAI_API_KEY")
		_, err = ParseEmbedder("openai:text-embedding-3-small", nil)
		require.ErrorContains(t, err, "OPENAI_API_KEY")
	})

	t.Run("cancellation surfaces as the context's error", func(t *testing.T) {
		slow := &fakeOpenAI{block: make(chan struct{})}
		ssrv := httptest.NewServer(slow)
		defer ssrv.Close()
		defer close(slow.block)
		e, err := ParseEmbedder("openai:m", envMap(map[string]string{"OPENAI_BASE_URL": ssrv.URL + "/v1", "OPENAI_API_KEY": "k"}))
		require.NoError(t, err)
		cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		_, err = e.Embed(cctx, []string{"x"})
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.Contains(t, err.Error(), "openai:m")
	})
}

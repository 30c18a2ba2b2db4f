// Package ollamatest is a scripted Ollama server for tests: an httptest
// server that speaks the parts of Ollama's HTTP API gtrag's clients use
// (langchaingo's ollama client, and the OLLAMA_HOST probe) and answers each
// request as the test's Script says.
//
//   - POST /api/chat: the reply as one NDJSON line, done; Script.Chat
//     decides it from the request's system and user text.
//   - POST /api/embed (input: one text or a list) and POST /api/embeddings
//     (prompt: one text): the vectors of Script.Embed.
//   - GET /api/tags: the models of Script.Models.
//
// An endpoint the script leaves nil answers 404, as does any other path.
// Every request's body is read to the end, so that the server sees a
// client that gives up and a reply waiting on its context returns.
package ollamatest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// CrashedRunner is the error a Chat reply of "" answers with (HTTP 500), as
// Ollama does when its model runner has crashed.
const CrashedRunner = "model runner crashed"

// Script says what the server answers.
type Script struct {
	// Chat answers a chat request: system is the text of its system
	// messages, user that of all the others. A reply of "" is an HTTP 500
	// with the error CrashedRunner. ctx is the request's: a reply may wait
	// on it to stand for a model that stops answering.
	Chat func(ctx context.Context, system, user string) string
	// Embed answers an embedding request with one vector per text; an
	// error is an HTTP 500 with its text as Ollama's error.
	Embed func(ctx context.Context, texts []string) ([][]float32, error)
	// Models are the names GET /api/tags lists; nil answers 404.
	Models []string
}

// Server is a running scripted Ollama server; its URL is for OLLAMA_HOST.
// It is closed when the test ends.
type Server struct {
	*httptest.Server
	script Script
	chats  atomic.Int64
	embeds atomic.Int64
}

// New starts a server that answers as s says.
func New(t testing.TB, s Script) *Server {
	t.Helper()
	srv := &Server{script: s}
	srv.Server = httptest.NewServer(http.HandlerFunc(srv.serve))
	t.Cleanup(srv.Close)
	return srv
}

// Chats is the number of chat requests the server has received.
func (s *Server) Chats() int { return int(s.chats.Load()) }

// Embeds is the number of embedding requests the server has received.
func (s *Server) Embeds() int { return int(s.embeds.Load()) }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	defer func() { _, _ = io.Copy(io.Discard, r.Body) }()
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/api/tags" && s.script.Models != nil:
		s.tags(w)
	case r.Method == http.MethodPost && r.URL.Path == "/api/chat" && s.script.Chat != nil:
		s.chat(w, r)
	case r.Method == http.MethodPost && (r.URL.Path == "/api/embed" || r.URL.Path == "/api/embeddings") && s.script.Embed != nil:
		s.embed(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) tags(w http.ResponseWriter) {
	models := make([]map[string]string, len(s.script.Models))
	for i, m := range s.script.Models {
		models[i] = map[string]string{"name": m, "model": m}
	}
	writeJSON(w, http.StatusOK, map[string]any{"models": models})
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var system, user string
	for _, m := range req.Messages {
		if m.Role == "system" {
			system += m.Content
		} else {
			user += m.Content
		}
	}
	s.chats.Add(1)
	// Drained before the reply is decided, so that a client that goes is
	// seen (the request's context ends) while the reply waits.
	_, _ = io.Copy(io.Discard, r.Body)
	text := s.script.Chat(r.Context(), system, user)
	if text == "" {
		writeError(w, http.StatusInternalServerError, CrashedRunner)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
		"message": map[string]string{"role": "assistant", "content": text}, "done": true,
	})
}

func (s *Server) embed(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model  string          `json:"model"`
		Input  json.RawMessage `json:"input"`
		Prompt string          `json:"prompt"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var texts []string
	if r.URL.Path == "/api/embeddings" {
		texts = []string{req.Prompt}
	} else {
		var one string
		if json.Unmarshal(req.Input, &texts) != nil {
			if err := json.Unmarshal(req.Input, &one); err != nil {
				writeError(w, http.StatusBadRequest, "invalid input type")
				return
			}
			texts = []string{one}
		}
	}
	s.embeds.Add(1)
	_, _ = io.Copy(io.Discard, r.Body)
	vecs, err := s.script.Embed(r.Context(), texts)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if r.URL.Path == "/api/embeddings" {
		var v []float32
		if len(vecs) > 0 {
			v = vecs[0]
		}
		writeJSON(w, http.StatusOK, map[string]any{"embedding": v})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"model": req.Model, "embeddings": vecs})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError answers as Ollama does: {"error": msg}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

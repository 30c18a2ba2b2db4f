package reasoner

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeLLM is an httptest server that speaks the Ollama chat API
// (/api/chat, NDJSON stream, /api/tags), OpenAI chat completions
// (/v1/chat/completions) and Anthropic messages (/v1/messages), so that the
// real langchaingo clients can be driven against it. By default it decides
// like a tiny model would, from the prompt: see decide.
type fakeLLM struct {
	*httptest.Server
	mu       sync.Mutex
	requests []fakeRequest
	// reply overrides decide for the n-th request (0-based); nil or a
	// zero fakeReply means decide.
	reply func(n int) fakeReply
	tags  string // body of GET /api/tags; "" means 404
}

type fakeRequest struct {
	Path, Model, System, User, Auth string
}

type fakeReply struct {
	Status   int    // HTTP status; 0 means 200
	Text     string // reply text, used when Set
	Set      bool
	Hang     bool // never answer (until the client gives up)
	CloseMid bool // send half a response and drop the connection
	ErrBody  string
	Header   map[string]string // extra response headers (Retry-After)
}

func newFakeLLM(t *testing.T) *fakeLLM {
	f := &fakeLLM{}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeLLM) Requests() []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeRequest(nil), f.requests...)
}

// decide answers the three gtrag prompts the way a sensible model would:
// papers mentioning Nash, auctions or bargaining are game theory; context
// is sufficient when question and passages both mention equilibrium; the
// answer cites passage 1 and a passage that does not exist.
func decide(user string) string {
	data := ""
	if i := strings.Index(user, fenceOpen+"\n"); i >= 0 {
		data = strings.ToLower(user[i:])
	}
	switch {
	case strings.Contains(user, "Is this paper related to GAME THEORY"):
		for _, w := range []string{"nash", "auction", "bargaining"} {
			if strings.Contains(data, w) {
				return "Yes"
			}
		}
		return "No."
	case strings.Contains(user, "sufficient to answer"):
		q, _, _ := strings.Cut(user, "\n")
		if strings.Contains(strings.ToLower(q), "equilibrium") && strings.Contains(data, "equilibrium") {
			return "yes"
		}
		return "no"
	case strings.Contains(user, "Answer the question"):
		return "A Nash equilibrium is a profile where nobody gains by deviating [1]. See also [9]."
	}
	return "I do not understand."
}

func (f *fakeLLM) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/api/tags" {
		if f.tags == "" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, f.tags)
		return
	}
	body, _ := io.ReadAll(r.Body)
	req := fakeRequest{Path: r.URL.Path, Auth: r.Header.Get("Authorization") + r.Header.Get("X-Api-Key")}
	var payload struct {
		Model    string          `json:"model"`
		System   json.RawMessage `json:"system"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &payload); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	req.Model = payload.Model
	req.System = textOf(payload.System)
	for _, m := range payload.Messages {
		switch m.Role {
		case "system":
			req.System += textOf(m.Content)
		case "user":
			req.User += textOf(m.Content)
		}
	}
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()

	var rep fakeReply
	if f.reply != nil {
		rep = f.reply(n)
	}
	if !rep.Set {
		rep.Text = decide(req.User)
	}
	switch {
	case rep.Hang:
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return
	case rep.Status >= 400:
		for k, v := range rep.Header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.Status)
		msg := rep.ErrBody
		if msg == "" {
			msg = "internal error"
		}
		if r.URL.Path == "/api/chat" {
			json.NewEncoder(w).Encode(map[string]string{"error": msg}) // Ollama's shape
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"message": msg, "type": "server_error"}})
		return
	}

	var out string
	contentType := "application/json"
	switch r.URL.Path {
	case "/api/chat":
		contentType = "application/x-ndjson"
		var b strings.Builder
		// Ollama streams a reply in pieces; keep each line well under the
		// client's 512 KB line limit.
		text := rep.Text
		for len(text) > 0 || b.Len() == 0 {
			piece := text[:min(len(text), 32<<10)]
			text = text[len(piece):]
			line, _ := json.Marshal(map[string]any{"model": payload.Model, "created_at": "2025-01-01T00:00:00Z",
				"message": map[string]string{"role": "assistant", "content": piece}, "done": false})
			b.Write(line)
			b.WriteByte('\n')
			if piece == "" {
				break
			}
		}
		line, _ := json.Marshal(map[string]any{"model": payload.Model, "created_at": "2025-01-01T00:00:00Z",
			"message": map[string]string{"role": "assistant", "content": ""}, "done": true, "done_reason": "stop"})
		b.Write(line)
		b.WriteByte('\n')
		out = b.String()
	case "/v1/chat/completions":
		js, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": payload.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]string{"role": "assistant", "content": rep.Text}}},
			"usage": map[string]int{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
		out = string(js)
	case "/v1/messages":
		js, _ := json.Marshal(map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": payload.Model,
			"content":     []any{map[string]string{"type": "text", "text": rep.Text}},
			"stop_reason": "end_turn", "usage": map[string]int{"input_tokens": 1, "output_tokens": 1}})
		out = string(js)
	default:
		http.NotFound(w, r)
		return
	}
	if rep.CloseMid {
		hj, ok := w.(http.Hijacker)
		if !ok {
			panic("no hijacker")
		}
		conn, buf, err := hj.Hijack()
		if err != nil {
			panic(err)
		}
		half := out[:len(out)/2]
		if r.URL.Path == "/api/chat" {
			// One whole line that is not the last, then half of the next.
			first, _, _ := strings.Cut(out, "\n")
			half = first + "\n" + `{"model":"m","message":{"role":"assis`
		}
		fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", contentType, len(out), half)
		buf.Flush()
		conn.Close()
		return
	}
	w.Header().Set("Content-Type", contentType)
	io.WriteString(w, out)
}

// textOf reads a message content that is either a string or a list of
// parts with "text" fields (OpenAI and Anthropic accept both).
func textOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

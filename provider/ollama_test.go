package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"
)

// Ollama sends a reply asked without streaming as one NDJSON line, and
// langchaingo's client drops a line over 512,000 bytes without an error:
// such a reply came back empty. The chat client asks for the reply
// streamed, in small lines, and gets all of it. The server here answers
// as Ollama does, both ways.
func TestOllamaChatGetsALongReplyWhole(t *testing.T) {
	reply := strings.Repeat("All work and no play makes Jack a dull boy. ", 15000) // 660,000 bytes
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model  string `json:"model"`
			Stream bool   `json:"stream"`
		}
		require.NoError(t, json.NewDecoder(r.Body).Decode(&req))
		w.Header().Set("Content-Type", "application/x-ndjson")
		enc := json.NewEncoder(w)
		line := func(content string, done bool) {
			enc.Encode(map[string]any{"model": req.Model, "created_at": "2026-01-01T00:00:00Z",
				"message": map[string]string{"role": "assistant", "content": content}, "done": done})
		}
		if !req.Stream {
			line(reply, true)
			return
		}
		for rest := reply; rest != ""; {
			piece := rest[:min(len(rest), 4096)]
			rest = rest[len(piece):]
			line(piece, false)
		}
		line("", true)
	}))
	defer srv.Close()

	c, err := ollamaProvider.NewChat(context.Background(), "tiny", envOf(map[string]string{"OLLAMA_HOST": srv.URL}), nil)
	require.NoError(t, err)
	resp, err := c.Model.GenerateContent(context.Background(), []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "hi")})
	require.NoError(t, err)
	require.Len(t, resp.Choices, 1)
	require.Equal(t, len(reply), len(resp.Choices[0].Content))
	require.Equal(t, reply, resp.Choices[0].Content)
}

// A stream cut before Ollama's last line (done: true) gave langchaingo no
// reply and no error, and gtrag said "empty reply", as if the model had
// said nothing. It is an error that says the reply stopped.
func TestOllamaChatStreamCutShortIsAnError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-ndjson")
		enc := json.NewEncoder(w)
		for _, piece := range []string{"Tit-for-tat ", "is nice, "} {
			enc.Encode(map[string]any{"model": "tiny", "created_at": "2026-01-01T00:00:00Z",
				"message": map[string]string{"role": "assistant", "content": piece}, "done": false})
		}
		// and the connection ends, with no done line
	}))
	defer srv.Close()

	c, err := ollamaProvider.NewChat(context.Background(), "tiny", envOf(map[string]string{"OLLAMA_HOST": srv.URL}), nil)
	require.NoError(t, err)
	_, err = c.Model.GenerateContent(context.Background(), []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, "hi")})
	require.EqualError(t, err, "the reply stopped after 21 bytes, before Ollama said it was done (a dropped connection?)")
}

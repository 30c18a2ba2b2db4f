package ollamatest_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/ollamatest"
)

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServerAnswersAsScripted(t *testing.T) {
	s := ollamatest.New(t, ollamatest.Script{
		Chat: func(_ context.Context, system, user string) string {
			if user == "crash" {
				return ""
			}
			return system + "|" + user
		},
		Embed: func(_ context.Context, texts []string) ([][]float32, error) {
			if texts[0] == "fail" {
				return nil, errors.New("model runner has unexpectedly stopped")
			}
			vecs := make([][]float32, len(texts))
			for i, x := range texts {
				vecs[i] = []float32{float32(len(x))}
			}
			return vecs, nil
		},
		Models: []string{"tiny:latest"},
	})

	code, body := post(t, s.URL+"/api/chat", `{"model":"m","messages":[{"role":"system","content":"S"},{"role":"user","content":"U"}]}`)
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, `"message":{"content":"S|U","role":"assistant"}`)
	require.Contains(t, body, `"done":true`)
	code, body = post(t, s.URL+"/api/chat", `{"model":"m","messages":[{"role":"user","content":"crash"}]}`)
	require.Equal(t, http.StatusInternalServerError, code)
	require.JSONEq(t, `{"error":"model runner crashed"}`, body)
	require.Equal(t, 2, s.Chats())

	code, body = post(t, s.URL+"/api/embed", `{"model":"e","input":["ab","abc"]}`)
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"model":"e","embeddings":[[2],[3]]}`, body)
	code, body = post(t, s.URL+"/api/embed", `{"model":"e","input":"abcd"}`)
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"model":"e","embeddings":[[4]]}`, body)
	code, body = post(t, s.URL+"/api/embeddings", `{"model":"e","prompt":"a"}`)
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"embedding":[1]}`, body)
	code, body = post(t, s.URL+"/api/embed", `{"model":"e","input":"fail"}`)
	require.Equal(t, http.StatusInternalServerError, code)
	require.JSONEq(t, `{"error":"model runner has unexpectedly stopped"}`, body)
	require.Equal(t, 4, s.Embeds())

	resp, err := http.Get(s.URL + "/api/tags")
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.JSONEq(t, `{"models":[{"name":"tiny:latest","model":"tiny:latest"}]}`, string(b))
}

// What the script leaves nil, and any other path, is not found.
func TestServerNotFound(t *testing.T) {
	s := ollamatest.New(t, ollamatest.Script{})
	for _, path := range []string{"/api/chat", "/api/embed", "/api/generate"} {
		code, _ := post(t, s.URL+path, `{}`)
		require.Equal(t, http.StatusNotFound, code, path)
	}
	resp, err := http.Get(s.URL + "/api/tags")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

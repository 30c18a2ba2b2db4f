package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// llmServer speaks the Ollama chat API and OpenAI chat completions, and
// decides like a small, sensible model from the prompt it is sent. judge, when
// set, replaces the relevance decision, to feed the client malformed replies;
// answer, when set, replaces the answer.
type llmServer struct {
	*httptest.Server
	mu      sync.Mutex
	prompts []string // system + user text of each chat request
	auth    []string
	judge   func(user string) string
	answer  func(user string) string
	// decide, when set, answers the decision agent's prompt (--router llm;
	// decision_test.go); it may block until ctx is done, to time out.
	decide func(ctx context.Context, user string) string
}

func newLLMServer(t *testing.T) *llmServer {
	s := &llmServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// chatRequest is what the Ollama chat API and OpenAI chat completions have
// in common: a model and messages.
type chatRequest struct {
	Model        string
	System, User string
}

// decodeChat reads a chat request of either protocol, or answers 400.
func decodeChat(w http.ResponseWriter, r *http.Request) (chatRequest, bool) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return chatRequest{}, false
	}
	c := chatRequest{Model: req.Model}
	for _, m := range req.Messages {
		if m.Role == "system" {
			c.System += fmt.Sprint(m.Content)
		} else {
			c.User += fmt.Sprint(m.Content)
		}
	}
	return c, true
}

func (s *llmServer) serve(w http.ResponseWriter, r *http.Request) {
	req, ok := decodeChat(w, r)
	if !ok {
		return
	}
	system, user := req.System, req.User
	s.mu.Lock()
	s.prompts = append(s.prompts, system+"\n"+user)
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	judge, answer, decide := s.judge, s.answer, s.decide
	s.mu.Unlock()

	reply := decideLike(system, user, judge)
	if decide != nil && strings.Contains(system, "decision agent") {
		reply = decide(r.Context(), user)
	}
	if answer != nil && !strings.Contains(system, "retrieved passages") && !strings.Contains(system, "classify scientific papers") {
		reply = answer(user)
	}
	switch r.URL.Path {
	case "/api/chat":
		w.Header().Set("Content-Type", "application/x-ndjson")
		json.NewEncoder(w).Encode(map[string]any{
			"model": req.Model, "created_at": time.Now().UTC().Format(time.RFC3339Nano),
			"message": map[string]string{"role": "assistant", "content": reply}, "done": true,
		})
	case "/v1/chat/completions":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop",
				"message": map[string]string{"role": "assistant", "content": reply}}},
			"usage": map[string]int{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
		})
	default:
		http.NotFound(w, r)
	}
}

func decideLike(system, user string, judge func(string) string) string {
	u := strings.ToLower(user)
	switch {
	case strings.Contains(system, "retrieved passages"):
		if judge != nil {
			return judge(u)
		}
		if strings.Contains(u, "shade") {
			return "Yes."
		}
		return "No"
	case strings.Contains(system, "classify scientific papers"):
		if strings.Contains(u, "auction") && !strings.Contains(u, "rendering") {
			return "yes"
		}
		return "no"
	case strings.Contains(system, "searches for the arXiv"):
		return "sealed-bid auction bid shading\nfirst-price auction equilibrium"
	case strings.Contains(system, "You choose papers"):
		return chooseLike(user)
	default:
		return "Bidders shade their bids below their valuations [1]. Expected revenue is the same as in a second-price auction [2, 1]. See also [9]."
	}
}

// chooseLike answers the paper chooser as a model would that knows bid
// shading is a first-price matter: the candidates whose title says
// first-price, by their numbers in the prompt, or none.
func chooseLike(user string) string {
	var picked []string
	for _, line := range strings.Split(user, "\n") {
		n, title, ok := strings.Cut(line, "] ")
		if ok && strings.HasPrefix(n, "[") && strings.Contains(strings.ToLower(title), "first-price") {
			picked = append(picked, strings.TrimPrefix(n, "["))
		}
	}
	if len(picked) == 0 {
		return "none"
	}
	return strings.Join(picked, ", ")
}

func (s *llmServer) seen() (prompts, auth []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.prompts...), append([]string(nil), s.auth...)
}

// prompting is the prompts the server was sent that hold sub.
func (s *llmServer) prompting(sub string) []string {
	prompts, _ := s.seen()
	return slices.DeleteFunc(prompts, func(p string) bool { return !strings.Contains(p, sub) })
}

func TestAskWithAnLLM(t *testing.T) {
	const key = "sk-test-SECRET-0123456789"
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			llm := newLLMServer(t)
			srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
			env := testEnv(t)
			env["GTRAG_ARXIV_URL"] = srv.URL
			env["GTRAG_SEED"] = "none"
			env["GTRAG_LLM"] = provider + ":test-model"
			env["OLLAMA_HOST"] = llm.URL
			env["OPENAI_BASE_URL"] = llm.URL + "/v1"
			env["OPENAI_API_KEY"] = key

			r := gtrag(t, env, "ask", "--json", "--max-results", "3", "How much do bidders shade their bids in sealed-bid auctions?")
			require.NotContains(t, r.stdout+r.stderr, key)
			var res service.Result
			decodeJSON(t, r, &res)
			require.Equal(t, provider+":test-model", res.LLM)
			require.Equal(t, []string{
				nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers,
				nodes.AddToChroma, nodes.PullFromChroma, nodes.CheckRelevance, nodes.GenerateResponse,
			}, res.Path)
			require.Equal(t, 2, res.PapersAdded)
			require.Contains(t, res.Answer, "shade their bids below their valuations [1]")
			require.NotContains(t, res.Answer, "[9]")
			require.Contains(t, res.Answer, "second-price auction [2, 1].", "lists are renumbered with the rest")
			require.Len(t, res.Sources, 2)
			require.True(t, strings.Contains(strings.Join(res.Notices, "\n"), "[9]"), "the dropped citation is reported: %v", res.Notices)

			prompts, auth := llm.seen()
			// The question's topic, the searches, the choice among the
			// pool's best, filter ×2 (the rendering paper is not about the
			// question), judge once (the first pull found nothing), answer
			// once.
			require.Len(t, prompts, 7)
			require.Equal(t, int64(len(prompts)), res.LLMCalls, "llm_calls counts what the server received")
			require.Contains(t, prompts[2], "Which of the 2 papers answer the question", "the chooser sees the candidates about the question")
			for _, p := range prompts {
				require.Contains(t, p, "<data>", "untrusted text is fenced")
			}
			if provider == "openai" {
				require.Equal(t, "Bearer "+key, auth[0], "the key goes to the server, and only there")
			}
		})
	}
}

// TestChooseFalseKeepsTheRanking: --choose=false is the other arm of a
// comparison: the same run with the model asked everything but the choice.
func TestChooseFalseKeepsTheRanking(t *testing.T) {
	llm := newLLMServer(t)
	env := decisionEnv(t, "ollama", llm) // arXiv serves TestAskWithAnLLM's papers

	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--choose=false", "How much do bidders shade their bids in sealed-bid auctions?"), &res)
	require.Equal(t, 2, res.PapersAdded)
	prompts, _ := llm.seen()
	require.Len(t, prompts, 6, "the run of TestAskWithAnLLM without its choice")
	require.Equal(t, int64(6), res.LLMCalls)
	for _, p := range prompts {
		require.NotContains(t, p, "You choose papers")
	}
}

func TestAskWithAMalformedLLMReply(t *testing.T) {
	llm := newLLMServer(t)
	llm.judge = func(string) string { return "Maybe, it depends on the bidders." }
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	env["GTRAG_LLM"] = "ollama:test-model"
	env["OLLAMA_HOST"] = llm.URL

	var res service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "How much do bidders shade their bids in sealed-bid auctions?"), &res)
	// An unparseable verdict is decided offline, with a notice; it was
	// counted as no.
	require.True(t, res.RelevantContext, "the offline judge found the added papers relevant")
	require.Equal(t, nodes.GenerateResponse, res.Path[len(res.Path)-1])
	require.Contains(t, strings.Join(res.Notices, "\n"), `"Maybe, it depends on the bidders." is neither yes nor no; used offline relevance check`)
	require.NotEmpty(t, res.Answer)
}

package reasoner

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gtrag/gtrag/provider"
	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

const testKey = "sk-test-SECRET-0123456789abcdef"

func envOf(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

// providerEnv points a provider at the fake server.
func providerEnv(provider, url string) map[string]string {
	switch provider {
	case "ollama":
		return map[string]string{"OLLAMA_HOST": url}
	case "openai":
		return map[string]string{"OPENAI_API_KEY": testKey, "OPENAI_BASE_URL": url + "/v1"}
	case "anthropic":
		return map[string]string{"ANTHROPIC_API_KEY": testKey, "ANTHROPIC_BASE_URL": url}
	}
	panic(provider)
}

func openFake(t *testing.T, provider string, f *fakeLLM, opts ...Option) Set {
	t.Helper()
	set, err := Open(context.Background(), provider+":m", envOf(providerEnv(provider, f.URL)), append(fast, opts...)...)
	require.NoError(t, err)
	require.Equal(t, provider+":m", set.Name)
	require.Empty(t, set.Notices)
	return set
}

// rawModel builds a langchaingo client for f without Open's fallback, to
// see the LLM reasoners' own errors.
func rawModel(t *testing.T, provider string, f *fakeLLM) llms.Model {
	t.Helper()
	var (
		m   llms.Model
		err error
	)
	switch provider {
	case "ollama":
		m, err = ollama.New(ollama.WithServerURL(f.URL), ollama.WithModel("m"))
	case "openai":
		m, err = openai.New(openai.WithToken(testKey), openai.WithBaseURL(f.URL+"/v1"), openai.WithModel("m"))
	}
	require.NoError(t, err)
	return m
}

var (
	gtPaper    = [2]string{"Bargaining with outside options", "Two players bargain over a surplus; we characterize the Nash bargaining solution."}
	videoPaper = [2]string{"Procedural levels for platform games", "We generate video game levels with diffusion models. " + injection}
)

// TestProvidersDecide drives each provider's real client against the fake
// server: the server decides from the prompt, the reasoners must report
// what it decided, and the prompt must fence the untrusted text.
func TestProvidersDecide(t *testing.T) {
	for _, provider := range []string{"ollama", "openai", "anthropic"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			set := openFake(t, provider, f)
			ctx := context.Background()

			v, err := set.Filter.IsGameTheory(ctx, gtPaper[0], gtPaper[1])
			require.NoError(t, err)
			require.True(t, v.Yes, v.Reason)
			require.Equal(t, `LLM replied "Yes"`, v.Reason)

			v, err = set.Filter.IsGameTheory(ctx, videoPaper[0], videoPaper[1])
			require.NoError(t, err)
			require.False(t, v.Yes, v.Reason)
			require.Empty(t, v.Notices)

			v, err = set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.True(t, v.Yes, v.Reason)
			v, err = set.Judge.JudgeRelevance(ctx, "How do I bake sourdough bread?", onePassage)
			require.NoError(t, err)
			require.False(t, v.Yes, v.Reason)

			a, err := set.Answerer.Answer(ctx, "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.Equal(t, "A Nash equilibrium is a profile where nobody gains by deviating [1].", a.Text)
			require.Equal(t, []int{1}, a.Cited)
			require.Len(t, a.Notices, 1)
			require.Contains(t, a.Notices[0], "cited [9]")

			reqs := f.Requests()
			require.Len(t, reqs, 5)
			for _, r := range reqs {
				require.Equal(t, "m", r.Model)
				require.Contains(t, r.System, dataRule, "the data rule is in the system prompt")
			}
			injected := reqs[1].User
			data := fencedData(t, injected)
			require.Contains(t, data, injection, "the injection sentence travels inside the fence")
			require.NotContains(t, strings.Replace(injected, data, "", 1), injection)
			if provider != "ollama" {
				require.Contains(t, reqs[0].Auth, testKey, "the key is sent to the server")
			}
		})
	}
}

func TestProvidersMalformedReply(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(int) fakeReply { return fakeReply{Set: true, Text: "Maybe."} }
			set := openFake(t, provider, f)
			v, err := set.Filter.IsGameTheory(context.Background(), gtPaper[0], gtPaper[1])
			require.NoError(t, err)
			require.True(t, v.Yes, "judged by the offline filter, as after a failed call: a game-theory paper")
			require.Equal(t, []string{PromptFilterPapers + `: LLM reply "Maybe." is neither yes nor no; used offline paper filter`}, v.Notices)
			require.Len(t, f.Requests(), 1)
		})
	}
}

func TestProvidersRetryAfter500(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(n int) fakeReply {
				if n == 0 {
					return fakeReply{Status: 500}
				}
				return fakeReply{}
			}
			set := openFake(t, provider, f)
			v, err := set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.True(t, v.Yes, v.Reason)
			require.Empty(t, v.Notices, "a retried call is not a fallback")
			require.Len(t, f.Requests(), 2)
		})
	}
}

// TestProvidersFailures: each way a server can fail ends, after the
// retries, in an error from the LLM reasoner and in an offline decision
// with a notice from the Set, which then stops calling the server.
func TestProvidersFailures(t *testing.T) {
	tests := []struct {
		name    string
		reply   fakeReply
		wantErr string
	}{
		{"timeout", fakeReply{Hang: true}, "no reply within 150ms"},
		{"empty reply", fakeReply{Set: true, Text: ""}, "empty reply"},
		{"500 forever", fakeReply{Status: 500}, "internal error"},
		{"closes mid-response", fakeReply{CloseMid: true}, "attempts"},
	}
	for _, provider := range []string{"ollama", "openai"} {
		for _, tt := range tests {
			t.Run(provider+"/"+tt.name, func(t *testing.T) {
				f := newFakeLLM(t)
				f.reply = func(int) fakeReply { return tt.reply }
				ctx := context.Background()

				opts := append(fast, WithTimeout(shortTimeout))
				_, err := NewLLMJudge(rawModel(t, provider, f), opts...).JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
				require.ErrorContains(t, err, "check relevance with the LLM: 3 attempts")
				require.ErrorContains(t, err, tt.wantErr)
				require.Len(t, f.Requests(), 3)

				set := openFake(t, provider, f, WithTimeout(shortTimeout))
				v, err := set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
				require.NoError(t, err)
				require.True(t, v.Yes, "the offline judge decided: %s", v.Reason)
				require.Contains(t, v.Reason, "key-term coverage")
				require.Len(t, v.Notices, 1)
				require.Regexp(t, `^LLM unavailable \(.+\); continuing offline$`, v.Notices[0])
				require.Len(t, f.Requests(), 6)

				// The outage is remembered across the Set, and told in
				// the same words.
				fv, err := set.Filter.IsGameTheory(ctx, videoPaper[0], videoPaper[1])
				require.NoError(t, err)
				require.False(t, fv.Yes)
				require.Equal(t, v.Notices, fv.Notices)
				a, err := set.Answerer.Answer(ctx, "What is a Nash equilibrium?", onePassage)
				require.NoError(t, err)
				require.Equal(t, []int{1}, a.Cited)
				require.Equal(t, v.Notices, a.Notices)
				require.Equal(t, OfflineLLMFailed, a.Offline)
				require.Len(t, f.Requests(), 6, "no more calls to a server that failed")
			})
		}
	}
}

func TestProvidersHugeReply(t *testing.T) {
	huge := "Yes. " + strings.Repeat("blah ", 1<<20/5) // about 1 MB
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(int) fakeReply { return fakeReply{Set: true, Text: huge} }
			set := openFake(t, provider, f)
			v, err := set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.True(t, v.Yes)
			require.Len(t, v.Notices, 1)
			// 64 KiB falls inside "blah", so the cut is at the space
			// before it (cutReply).
			require.Contains(t, v.Notices[0], "kept the first 65534")

			a, err := set.Answerer.Answer(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.NoError(t, err)
			require.LessOrEqual(t, len(a.Text), DefaultMaxReplyBytes)
		})
	}
}

func TestProviderResponseLimit(t *testing.T) {
	f := newFakeLLM(t)
	f.reply = func(int) fakeReply { return fakeReply{Set: true, Text: strings.Repeat("y", maxResponseBytes+10)} }
	set := openFake(t, "openai", f, WithRetries(0))
	v, err := set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Contains(t, v.Notices[0], "exceeds")
}

func TestOpenNeverLeaksKeys(t *testing.T) {
	f := newFakeLLM(t)
	f.reply = func(int) fakeReply {
		return fakeReply{Status: 401, ErrBody: "Incorrect API key provided: " + testKey + ". You can find your key at …"}
	}
	for _, provider := range []string{"openai", "anthropic"} {
		set := openFake(t, provider, f)
		var texts []string
		v, err := set.Judge.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		texts = append(texts, set.Name, v.Reason)
		texts = append(texts, v.Notices...)
		texts = append(texts, set.Notices...)

		_, err = NewLLMJudge(set.Judge.(*FallbackJudge).Primary.(*LLMJudge).c.model, fast...).
			JudgeRelevance(context.Background(), "q", onePassage)
		require.Error(t, err)
		texts = append(texts, err.Error())
		require.Contains(t, err.Error(), "[redacted]", "the server's message is kept, without the key")
		for _, s := range texts {
			require.NotContains(t, s, testKey)
			require.NotContains(t, s, "SECRET")
		}
	}
	// Errors of Open itself.
	_, err := Open(context.Background(), "openai:m", envOf(map[string]string{"OPENAI_API_KEY": testKey, "OPENAI_BASE_URL": "ftp://x"}))
	require.Error(t, err)
	require.NotContains(t, err.Error(), testKey)
}

// closedAddr is an address where nothing listens.
func closedAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return "http://" + addr
}

// A model auto takes from GTRAG_OPENAI_MODEL or GTRAG_OLLAMA_MODEL that is
// no model name is that variable's fault, said as such: the user typed no
// "openai:gpt 4", and the list of valid --llm forms is no help.
func TestOpenAutoBlamesTheModelVariable(t *testing.T) {
	ollamaUp := newFakeLLM(t)
	ollamaUp.tags = `{"models":[{"name":"qwen2.5:latest","model":"qwen2.5:latest"}]}`
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"OPENAI_API_KEY": testKey, "GTRAG_OPENAI_MODEL": "gpt 4"},
			`cannot use LLM "auto": GTRAG_OPENAI_MODEL "gpt 4": the model name contains spaces or control characters`},
		{map[string]string{"OLLAMA_HOST": ollamaUp.URL, "GTRAG_OLLAMA_MODEL": "llama 3"},
			`cannot use LLM "auto": GTRAG_OLLAMA_MODEL "llama 3": the model name contains spaces or control characters`},
	} {
		_, err := Open(context.Background(), "auto", envOf(tt.env), append(fast, WithProbeTimeout(time.Second))...)
		var spec *SpecError
		require.ErrorAs(t, err, &spec, "a setting error (exit 2)")
		require.EqualError(t, err, tt.want)
	}
}

func TestOpenAuto(t *testing.T) {
	ollamaUp := newFakeLLM(t)
	ollamaUp.tags = `{"models":[{"name":"nomic-embed-text:latest","model":"nomic-embed-text:latest"},{"name":"qwen2.5:latest","model":"qwen2.5:latest"}]}`
	ollamaEmpty := newFakeLLM(t)
	ollamaEmpty.tags = `{"models":[]}`
	notOllama := newFakeLLM(t) // answers, but 404 on /api/tags
	openaiSrv := newFakeLLM(t)
	down := closedAddr(t)

	tests := []struct {
		name     string
		env      map[string]string
		want     string
		notices  []string
		decides  bool // the set answers through the server
		provider *fakeLLM
	}{
		{"openai key", map[string]string{"OPENAI_API_KEY": testKey, "OPENAI_BASE_URL": openaiSrv.URL + "/v1", "OLLAMA_HOST": ollamaUp.URL},
			"openai:gpt-4o-mini", nil, true, openaiSrv},
		{"openai model from env", map[string]string{"OPENAI_API_KEY": testKey, "OPENAI_BASE_URL": openaiSrv.URL + "/v1", "GTRAG_OPENAI_MODEL": "gpt-x"},
			"openai:gpt-x", nil, false, nil},
		{"ollama answering", map[string]string{"OLLAMA_HOST": ollamaUp.URL}, "ollama:qwen2.5", nil, true, ollamaUp},
		{"ollama model from env", map[string]string{"OLLAMA_HOST": ollamaUp.URL, "GTRAG_OLLAMA_MODEL": "llama3.1:8b"}, "ollama:llama3.1:8b", nil, false, nil},
		{"ollama without models", map[string]string{"OLLAMA_HOST": strings.TrimPrefix(ollamaEmpty.URL, "http://")}, "ollama:llama3.2",
			[]string{"lists no chat model; trying llama3.2"}, false, nil},
		// OLLAMA_HOST set: Ollama is configured and down, not missing.
		{"not ollama", map[string]string{"OLLAMA_HOST": notOllama.URL}, "offline", []string{"offline: no Ollama answered at " + notOllama.URL + " (OLLAMA_HOST)"}, false, nil},
		{"nothing", map[string]string{"OLLAMA_HOST": down}, "offline", []string{"offline: no Ollama answered at " + down + " (OLLAMA_HOST)"}, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := Open(context.Background(), "auto", envOf(tt.env), append(fast, WithProbeTimeout(time.Second))...)
			require.NoError(t, err)
			require.Equal(t, tt.want, set.Name)
			require.Len(t, set.Notices, len(tt.notices))
			for i, n := range tt.notices {
				require.Contains(t, set.Notices[i], n)
			}
			if tt.decides {
				before := len(tt.provider.Requests())
				v, err := set.Filter.IsGameTheory(context.Background(), gtPaper[0], gtPaper[1])
				require.NoError(t, err)
				require.True(t, v.Yes)
				require.Empty(t, v.Notices)
				require.Len(t, tt.provider.Requests(), before+1)
			}
			if tt.want == "offline" {
				require.IsType(t, &OfflineJudge{}, set.Judge)
				require.IsType(t, &OfflineFilter{}, set.Filter)
				require.IsType(t, &OfflineAnswerer{}, set.Answerer)
			}
			require.NoError(t, set.Close())
		})
	}
	// "" means auto.
	set, err := Open(context.Background(), "  ", envOf(map[string]string{"OLLAMA_HOST": down}))
	require.NoError(t, err)
	require.Equal(t, "offline", set.Name)
}

func TestOpenSpecs(t *testing.T) {
	good := map[string]string{"OPENAI_API_KEY": testKey, "ANTHROPIC_API_KEY": testKey, "GOOGLE_API_KEY": testKey}
	tests := []struct {
		spec    string
		env     map[string]string
		name    string // "" means a *SpecError
		problem string
	}{
		{"offline", nil, "offline", ""},
		{"OFFLINE", nil, "offline", ""},
		{"ollama:llama3.2", nil, "ollama:llama3.2", ""},
		{"Ollama:llama3.2:8b", nil, "ollama:llama3.2:8b", ""},
		{"openai:gpt-4o", good, "openai:gpt-4o", ""},
		{"openai:local-model", map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1234/v1"}, "openai:local-model", ""},
		{"anthropic:claude-3-5-haiku-latest", good, "anthropic:claude-3-5-haiku-latest", ""},
		{"bogus", nil, "", "expected PROVIDER:MODEL"},
		{"ollama", nil, "", "expected PROVIDER:MODEL"},
		{"ollama:", nil, "", "needs a model name"},
		{"foo:bar", nil, "", `unknown provider "foo"`},
		{"ollama:two words", nil, "", "spaces or control characters"},
		{"ollama:bad\x01", nil, "", "spaces or control characters"},
		{"ollama:" + strings.Repeat("m", 300), nil, "", "too long"},
		{"openai:gpt-4o", nil, "", "OPENAI_API_KEY is not set"},
		{"openai:gpt-4o", map[string]string{"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "not a url"}, "", "OPENAI_BASE_URL"},
		{"anthropic:claude", nil, "", "ANTHROPIC_API_KEY is not set"},
		{"googleai:gemini-2.0-flash", nil, "", "GOOGLE_API_KEY is not set"},
		{"ollama:m", map[string]string{"OLLAMA_HOST": "ftp://x"}, "", "OLLAMA_HOST"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			set, err := Open(context.Background(), tt.spec, envOf(tt.env))
			if tt.name != "" {
				require.NoError(t, err)
				require.Equal(t, tt.name, set.Name)
				require.NotNil(t, set.Judge)
				require.NotNil(t, set.Filter)
				require.NotNil(t, set.Answerer)
				return
			}
			var se *SpecError
			require.True(t, errors.As(err, &se), "want *SpecError, got %v", err)
			require.Contains(t, err.Error(), tt.problem)
			if strings.Contains(tt.problem, "_") {
				// A well-formed spec missing a setting (a key, a host) is
				// not an invalid spec: the valid forms are no help there.
				require.Contains(t, err.Error(), `cannot use LLM "`)
				require.NotContains(t, err.Error(), provider.ValidSpecs(provider.LLM))
			} else {
				require.Contains(t, err.Error(), provider.ValidSpecs(provider.LLM))
			}
			require.NotContains(t, err.Error(), "\x01")
		})
	}
}

// TestOpenGoogleAI only builds the client: Google's endpoint cannot be
// redirected to a test server through langchaingo's options.
func TestOpenGoogleAI(t *testing.T) {
	set, err := Open(context.Background(), "googleai:gemini-2.0-flash", envOf(map[string]string{"GOOGLE_API_KEY": testKey}))
	require.NoError(t, err)
	require.Equal(t, "googleai:gemini-2.0-flash", set.Name)
	require.NoError(t, set.Close())
}

// OLLAMA_HOST itself is parsed by the provider table (provider.OllamaHost);
// what Open adds is keeping credentials in it out of notices.
func TestRedactURL(t *testing.T) {
	require.Equal(t, "http://u:xxxxx@host:1", provider.RedactURL("http://u:p@host:1"))
}

// A status that says the request itself is wrong (a bad key, a model the
// server lacks) is not retried: the same request gets the same answer. A
// server error is, as before.
func TestFinalStatusIsNotRetried(t *testing.T) {
	for _, tc := range []struct {
		status int
		calls  int
	}{
		{401, 1},
		{404, 1},
		{500, 3},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(int) fakeReply { return fakeReply{Status: tc.status, ErrBody: "no"} }
			set := openFake(t, "openai", f, WithRetries(2), WithBackoff(time.Millisecond))
			_, err := set.Judge.(*FallbackJudge).Primary.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
			require.Error(t, err)
			require.Len(t, f.Requests(), tc.calls, err.Error())
			if tc.calls == 1 {
				require.Contains(t, err.Error(), fmt.Sprintf("HTTP %d, not retried", tc.status))
			}
		})
	}
}

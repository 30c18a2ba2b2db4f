package trace

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRedactorJSON(t *testing.T) {
	const secret = "s3cr3t-VALUE-42"
	tests := []struct {
		name     string
		in       any
		gone     []string // must not survive
		kept     []string // must survive
		secrets  []string
		redacted bool
	}{
		{"a listed secret", map[string]string{"q": "my key is " + secret + "!"}, []string{secret}, []string{"my key is "}, []string{secret}, true},
		{"a listed secret with JSON-escaped characters", map[string]string{"q": `a"b<` + secret + `>`}, []string{secret, `\"b`}, []string{`{"q":"a`, `>"}`}, []string{`"b<` + secret}, true},
		{"a bearer token", map[string]string{"e": "401: Authorization: Bearer abcdef123456789"}, []string{"abcdef123456789"}, []string{"401:"}, nil, true},
		{"an OpenAI key", map[string]string{"e": "invalid key sk-proj-ABCDEFGHIJKLMNOPQRSTUV"}, []string{"ABCDEFGHIJKLMNOPQRSTUV"}, []string{"invalid key"}, nil, true},
		{"a Google key in a URL", map[string]string{"e": "GET https://example.com/v1?alt=sse&key=AIzaSyA1234567890abcdefghijklmnopqrstu failed"}, []string{"AIzaSyA1234567890"}, []string{"alt=sse", "failed"}, nil, true},
		{"an api key header", map[string]string{"e": "x-api-key: abc123secret"}, []string{"abc123secret"}, []string{"x-api-key"}, nil, true},
		{"game theory text stays", map[string]string{"q": "risk-averse players and task-oriented bargaining, basic idea"}, nil, []string{"risk-averse players and task-oriented bargaining, basic idea"}, nil, false},
		{"a paper's basic solutions stay", map[string]string{"q": "a path of almost-complementary basic solutions; Basic Research Program"}, nil, []string{"basic solutions", "Basic Research"}, nil, false},
		{"basic credentials", map[string]string{"e": "Authorization: Basic dXNlcjpwYXNzd29yZA=="}, []string{"dXNlcjpwYXNzd29yZA"}, nil, nil, true},
		{"a bearer token of letters alone", map[string]string{"e": "Bearer abcdefghijklmnopqrstuvwxyz"}, []string{"abcdefghijklmnopqrstuvwxyz"}, nil, nil, true},
		{"short values are not secrets", map[string]string{"q": "a b c"}, nil, []string{"a b c"}, []string{"a", " "}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := canonical(tt.in)
			require.NoError(t, err)
			got := NewRedactor(tt.secrets...).JSON(raw)
			require.True(t, json.Valid(got), "redaction broke the JSON: %s", got)
			for _, g := range tt.gone {
				require.NotContains(t, string(got), g)
			}
			for _, k := range tt.kept {
				require.Contains(t, string(got), k)
			}
			require.Equal(t, tt.redacted, strings.Contains(string(got), Redacted))
		})
	}
}

func TestRedactorString(t *testing.T) {
	r := NewRedactor("topsecret99")
	require.Equal(t, "key "+Redacted+" rejected", r.String("key topsecret99 rejected"))
	require.Equal(t, "line\nbreak", r.String("line\nbreak"))
}

// A run that meets a secret everywhere it could — in the question, in an
// error from arXiv, in the answer — writes it neither to the trace nor to the
// narration.
func TestTraceRedaction(t *testing.T) {
	const sentinel = "sk-SENTINEL0123456789abcdefXYZ"
	const plain = "plainsentinel42" // matches no pattern: only the listed value catches it
	w := newWorld()
	w.arxiv.err = errors.New("POST https://api.example.com?key=" + plain + ": 401 Authorization: Bearer " + sentinel)
	w.llm.answer = "The key " + plain + " is not an answer [1]."
	w.llm.judgeNo = true
	w.store.docs = append(w.store.docs, testDoc("primer:x_chunk_0", "primer:x", "X"))
	out, live, final, err := recordRun(t, w, "why does "+plain+" cooperate in games?", Options{Secrets: []string{plain, "", "x"}})
	require.NoError(t, err)
	require.Contains(t, final.FinalResponse, plain, "the run itself saw the secret")
	for _, s := range []string{sentinel, plain, "SENTINEL0123456789"} {
		require.NotContains(t, out, s)
		require.NotContains(t, live, s)
	}
	require.Contains(t, out, Redacted)
	require.Contains(t, live, Redacted)
	readString(t, out) // still a valid trace
}

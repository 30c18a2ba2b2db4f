package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/internal/ollamatest"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// In one session the LLM failed an ask's answer (HTTP 500) and was then
// healthy again; the session's ingest_ids calls that followed sent it no
// request, however many, each saying "paper filter: LLM unavailable (…
// the answer's failure …); continuing offline": an ingest was kept from
// the LLM by the backoff but did not count it down, and its notice said
// the filter had failed. An ingest call is now a run of the backoff, as an
// ask is: the first after the failure lets the LLM rest, saying that an
// earlier call failed, and the next ones ask it again.
func TestIngestsAskTheLLMAgainAfterTheBackoff(t *testing.T) {
	var failing atomic.Bool
	failing.Store(true)
	llm := ollamatest.New(t, ollamatest.Script{Chat: func(_ context.Context, system, _ string) string {
		switch {
		case strings.HasPrefix(system, "You answer questions"):
			if failing.Load() {
				return "" // HTTP 500
			}
			return "A Nash equilibrium is a profile of strategies from which no player gains by deviating alone [1]."
		case strings.HasPrefix(system, "You classify scientific"), strings.HasPrefix(system, "You check whether retrieved"):
			return "Yes."
		}
		return "game theory"
	}})
	papers := arxivtest.Papers(0, 4)
	f := newLLMPapersFixture(t, llm, papers...)

	got, _, _ := askRaw(t, f, "What is a Nash equilibrium?")
	require.Equal(t, reasoner.OfflineLLMFailed, got.Offline, "notices %q", got.Notices)
	failing.Store(false)

	ingest := func(id string) (IngestResult, int) {
		t.Helper()
		before := llm.Chats()
		var rep IngestResult
		mustCall(t, f, "ingest_ids", map[string]any{"ids": []string{id}}, &rep)
		require.Equal(t, 1, rep.Fetched, "%+v", rep)
		return rep, llm.Chats() - before
	}
	rep, asked := ingest(papers[0].ID)
	require.Zero(t, asked, "the call after the failed one lets the LLM rest")
	require.Len(t, rep.Notices, 1, "%q", rep.Notices)
	require.Contains(t, rep.Notices[0], "paper filter: LLM not asked for this ingest: it failed in an earlier call (last: generate the answer with the LLM")
	require.NotContains(t, rep.Notices[0], "LLM unavailable", "the filter did not fail: it was not asked")

	for _, p := range papers[1:] {
		rep, asked = ingest(p.ID)
		require.Equal(t, 1, asked, "%s: the filter asks the LLM again", p.ID)
		require.Empty(t, rep.Notices)
	}
	got, _, _ = askRaw(t, f, "What is a correlated equilibrium?")
	require.Empty(t, got.Offline, "an answer ended the backoff: notices %q", got.Notices)
}

// newLLMPapersFixture is newLLMFixture with arXiv holding papers.
func newLLMPapersFixture(t *testing.T, llm *ollamatest.Server, papers ...arxiv.Paper) *fixture {
	t.Helper()
	srv := arxivtest.New(t, papers)
	env := map[string]string{"OLLAMA_HOST": llm.URL}
	svc, err := service.Open(context.Background(), service.Config{
		DataDir: t.TempDir(), LLM: "ollama:test-model", Embedder: "offline",
		Getenv:    func(k string) string { return env[k] },
		LLMTuning: service.LLMTuning{Timeout: 10 * time.Second, Retries: -1},
		Arxiv:     service.ArxivConfig{URL: srv.URL, Delay: -1, Backoff: time.Millisecond, MaxAttempts: 1},
	})
	require.NoError(t, err)
	t.Cleanup(func() { svc.Close() })
	return &fixture{svc: svc, arxiv: srv, session: connect(t, New(svc, Options{Version: "test"}))}
}

// ingest_ids's input schema declared ids ["null", "array"], and required,
// though {"ids": null} was refused ("no arXiv ids given"). No tool's input
// schema allows null now; ids is an array of strings, required, and null
// is refused by the schema's validation, in plain words.
func TestIngestIDsSchemaSaysAnArray(t *testing.T) {
	f := newFixture(t, -1)
	res, err := f.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var ids json.RawMessage
	for _, tool := range res.Tools {
		raw, err := json.Marshal(tool.InputSchema)
		require.NoError(t, err)
		require.NotContains(t, string(raw), `"null"`, "%s: %s", tool.Name, raw)
		if tool.Name != "ingest_ids" {
			continue
		}
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		require.NoError(t, json.Unmarshal(raw, &s))
		require.Equal(t, []string{"ids"}, s.Required)
		ids = s.Properties["ids"]
	}
	require.NotNil(t, ids, "no ingest_ids tool listed")
	var p struct {
		Type  any `json:"type"`
		Items struct {
			Type any `json:"type"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(ids, &p))
	require.Equal(t, "array", p.Type, "%s", ids)
	require.Equal(t, "string", p.Items.Type, "%s", ids)

	var out any
	require.Equal(t, "ids: want a JSON array; found null", f.call(t, context.Background(), "ingest_ids", map[string]any{"ids": nil}, &out))
	require.Equal(t, `missing argument "ids"`, f.call(t, context.Background(), "ingest_ids", map[string]any{}, &out))
	require.Contains(t, f.call(t, context.Background(), "ingest_ids", map[string]any{"ids": []string{}}, &out), "no arXiv ids", "an empty list is gtrag's to refuse, as the command line does")
}

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/trace"
)

// `gtrag --data-dir DIR ask` names DIR in every `gtrag ingest` its answer
// suggests ("To fetch more papers: gtrag --data-dir DIR ingest …"), but
// gtrag replay printed the node's answer, "gtrag ingest …", so the replay
// was not the recorded answer byte for byte, and its suggestion filled the
// default knowledge base. The recording keeps the flags; replay, --json
// and the replay of a fork's recording put them back.
func TestQATeach4ReplayKeepsTheStoreFlagsOfItsHint(t *testing.T) {
	srv := arxivtest.New(t, nil) // arXiv has nothing: the answer suggests an ingest
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_SEED"] = "none"
	dir := filepath.Join(t.TempDir(), "class kb")
	file := filepath.Join(t.TempDir(), "run.jsonl")
	ask := gtrag(t, env, "--data-dir", dir, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, 0, ask.code, ask.stderr)
	want := "gtrag --data-dir '" + dir + "' ingest --query "
	require.Contains(t, ask.stdout, want)
	srv.Close()
	env["GTRAG_ARXIV_URL"] = "http://127.0.0.1:1/api/query"

	r := gtrag(t, env, "replay", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, ask.stdout, r.stdout, "the recorded answer, byte for byte")

	var replayJSON map[string]any
	j := gtrag(t, env, "replay", "--json", file)
	decodeJSON(t, j, &replayJSON)
	require.Contains(t, replayJSON["answer"], want)

	// A fork says it as the ask would, and its recording replays to it.
	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	f := gtrag(t, env, "--data-dir", dir, "replay", file, "--fork", "1", "--set", "chroma_results=[]", "--offline", "--trace-out", fork)
	require.Equal(t, 0, f.code, f.stderr)
	require.Contains(t, f.stdout, want)
	rf := gtrag(t, env, "replay", fork)
	require.Equal(t, 0, rf.code, rf.stderr)
	require.Contains(t, f.stdout, rf.stdout, "the fork's answer, byte for byte")
}

// An offline fork of a run that an LLM judged and steered recorded the
// replayed steps' reasoner calls as the fork's tool: the narration of
// the fork said "reasoner.decide_route [offline] … → route not_relevant:
// <the model's message>", crediting the offline reasoners, which cannot
// be a decision agent at all, with the model's choices. The steps the
// fork replays keep the recorded run's tool; the fork's own say offline.
func TestQATeach4OfflineForkKeepsTheReplayedStepsTool(t *testing.T) {
	llm := newLLMServer(t)
	llm.judge = func(string) string { return "no" }
	sc := &script{replies: map[string][]string{
		"route_after_relevance_check": {
			choice(nodes.NotRelevant, "nothing stored yet; searching arXiv"),
			choice(nodes.Relevant, "the added papers are enough; answering"),
		},
		"route_after_paper_filter": {choice(nodes.PapersKept, "adding the papers")},
	}}
	llm.decide = sc.decide
	env := decisionEnv(t, "openai", llm)
	file := filepath.Join(t.TempDir(), "run.jsonl")
	r := gtrag(t, env, "ask", "--router", "llm", "--trace-out", file, decisionQuestion)
	require.Equal(t, 0, r.code, r.stderr)

	fork := filepath.Join(t.TempDir(), "fork.jsonl")
	f := gtrag(t, env, "replay", file, "--fork", "4", "--set", "arxiv_papers=[]", "--offline", "--trace-out", fork)
	require.Equal(t, 0, f.code, f.stderr)
	for _, e := range traceEvents(t, fork) {
		if e.Type != trace.OperationStarted {
			continue
		}
		var d trace.OperationStartedData
		require.NoError(t, json.Unmarshal(e.Data, &d))
		if d.Kind == trace.KindEmbed {
			require.Equal(t, "offline", d.Tool, "step %d: the embedder, not a reasoner", e.Step)
		}
		if !strings.HasPrefix(d.Kind, "reasoner.") {
			continue
		}
		want := "openai:test-model" // replayed from the recording
		if e.Step > 4 || e.Step == 4 && d.Kind == trace.KindDecide {
			want = "offline" // the fork's own: the decision after the edit too
		}
		require.Equal(t, want, d.Tool, "step %d %s", e.Step, d.Kind)
	}
}

// A suggested ingest searches arXiv, so it names the endpoint the run
// searched when a flag chose it: `gtrag --arxiv-url MIRROR ask …`
// suggested an ingest that searched export.arxiv.org. Set in the
// environment, the shell that runs the suggestion has it too. A replay
// prints the suggestion as the run did.
func TestSuggestedIngestNamesTheArxivURLFlag(t *testing.T) {
	srv := arxivtest.New(t, nil) // arXiv has nothing: the answer suggests an ingest
	env := testEnv(t)
	env["GTRAG_SEED"] = "none"
	file := filepath.Join(t.TempDir(), "run.jsonl")
	ask := gtrag(t, env, "--arxiv-url", srv.URL, "ask", "--trace-out", file, "What is a Nash equilibrium?")
	require.Equal(t, 0, ask.code, ask.stderr)
	require.Contains(t, ask.stdout, "gtrag --arxiv-url "+srv.URL+" ingest --query ")

	r := gtrag(t, env, "replay", file)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, ask.stdout, r.stdout, "the recorded answer, byte for byte")

	env["GTRAG_ARXIV_URL"] = srv.URL
	fromEnv := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, fromEnv.code, fromEnv.stderr)
	require.Contains(t, fromEnv.stdout, ": gtrag ingest --query ")
	require.NotContains(t, fromEnv.stdout, "--arxiv-url")
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// gtrag replay printed the recorded answer and footer ("arXiv searched, 3
// papers added to the knowledge base") and never said it was a replay,
// which searched nothing and added nothing. Standard output stays the
// recorded answer byte for byte; one note on standard error says whose
// the answer, its footer and its notes are. --json says it with its
// recorded_* counters, and has no note.
func TestQATeach3ReplaySaysItIsAReplay(t *testing.T) {
	env, file, ask := traceRecorded(t)
	note := "note: replayed from " + file + ": no network, no LLM; the answer and its footer are the recorded run's\n"
	for _, tc := range []struct {
		name string
		args []string
		out  func(t *testing.T, stdout string)
		err  func(t *testing.T, stderr string)
	}{
		{
			name: "text",
			args: []string{"replay", file},
			out: func(t *testing.T, stdout string) {
				require.Equal(t, ask.stdout, stdout, "the recorded answer, byte for byte")
			},
			err: func(t *testing.T, stderr string) { require.Equal(t, note, stderr) },
		},
		{
			name: "json",
			args: []string{"replay", "--json", file},
			out: func(t *testing.T, stdout string) {
				var m map[string]any
				require.NoError(t, json.Unmarshal([]byte(stdout), &m))
				require.Contains(t, m, "recorded_arxiv_requests")
			},
			err: func(t *testing.T, stderr string) { require.Empty(t, stderr) },
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := gtrag(t, env, tc.args...)
			require.Equal(t, 0, r.code, r.stderr)
			tc.out(t, r.stdout)
			tc.err(t, r.stderr)
		})
	}
}

// The recorded notes ("offline: no LLM configured …") come before the
// answer, as ask printed them; the replay's note, after it, says they are
// the recording's.
func TestQATeach3ReplayNotesAreTheRecordings(t *testing.T) {
	env, file, _ := traceRecorded(t)
	evs := traceEvents(t, file)
	var d map[string]any
	require.NoError(t, json.Unmarshal(evs[0].Data, &d))
	d["settings"].(map[string]any)["notices"] = []string{"offline: no LLM configured (set --llm or OPENAI_API_KEY, or start Ollama); answers are extractive"}
	evs[0].Data, _ = json.Marshal(d)
	edited := filepath.Join(t.TempDir(), "run.jsonl")
	writeEvents(t, edited, evs)

	r := gtrag(t, env, "replay", edited)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "note: offline: no LLM configured (set --llm or OPENAI_API_KEY, or start Ollama); answers are extractive\n"+
		"note: replayed from "+edited+": no network, no LLM; the answer, its footer and the notes before it are the recorded run's\n", r.stderr)
}

// replay --json printed nothing for a recording its step limit stopped
// (exit 1), or one stopped on purpose at the --step prompt (exit 130),
// though ask --json prints the state a step-limited run reached, outcome
// step_limit. The replay prints that object too, before the same error.
func TestQATeach3ReplayJSONOfARunThatStopped(t *testing.T) {
	for _, tc := range []struct {
		name    string
		record  func(t *testing.T, env map[string]string, file string) []string // the path recorded
		code    int
		outcome string
		stderr  string
	}{
		{
			name: "step limit",
			record: func(t *testing.T, env map[string]string, file string) []string {
				r := gtrag(t, env, "ask", "--json", "--trace-out", file, "--max-steps", "3", traceQuestion)
				require.Equal(t, exitFailure, r.code, r.stderr)
				var res service.Result
				require.NoError(t, json.Unmarshal([]byte(r.stdout), &res))
				require.Equal(t, evaluate.OutcomeStepLimit, res.Outcome)
				return res.Path
			},
			code: exitFailure, outcome: evaluate.OutcomeStepLimit, stderr: "step limit 3",
		},
		{
			name: "stopped at the --step prompt",
			record: func(t *testing.T, env map[string]string, file string) []string {
				r := gtragWithStdin(t, env, "\n\n\n\nq\n", "ask", "--step", "--trace-out", file, "--max-results", "3", traceQuestion)
				require.Equal(t, exitInterrupted, r.code, r.stderr)
				return []string{nodes.PullFromChroma, nodes.CheckRelevance, nodes.SearchArxiv, nodes.FilterGameTheoryPapers}
			},
			code: exitInterrupted, outcome: "interrupted", stderr: "before step 5 (add_to_chroma)",
		},
		{
			// README: a recording of a run that "was interrupted replays
			// to the same stop, and replay --json still prints its
			// object"; for Ctrl-C during a step it printed nothing (exit 1).
			name: "Ctrl-C while arXiv was asked",
			record: func(t *testing.T, env map[string]string, file string) []string {
				asked := make(chan struct{})
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					close(asked)
					<-r.Context().Done() // arXiv answers only after the user gave up
				}))
				t.Cleanup(srv.Close)
				env["GTRAG_ARXIV_URL"] = srv.URL
				ctx, cancel := context.WithCancel(context.Background())
				go func() { <-asked; cancel() }()
				var out, errOut bytes.Buffer
				code := MainIO(ctx, []string{"ask", "--trace-out", file, traceQuestion}, strings.NewReader(""), &out, &errOut, func(k string) string { return env[k] })
				require.Equal(t, exitInterrupted, code, errOut.String())
				return []string{nodes.PullFromChroma, nodes.CheckRelevance} // the steps completed
			},
			code: exitInterrupted, outcome: "interrupted", stderr: "stopped during step 3 (search_arxiv)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := stepEnv(t)
			file := filepath.Join(t.TempDir(), "run.jsonl")
			path := tc.record(t, env, file)

			r := gtrag(t, env, "replay", "--json", file)
			require.Equal(t, tc.code, r.code, r.stderr)
			require.Contains(t, r.stderr, tc.stderr)
			require.NotContains(t, r.stderr, "graph: ", "said without the engine's prefix")
			var res map[string]any
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &res), "stdout: %q", r.stdout)
			require.Equal(t, tc.outcome, res["outcome"])
			require.Equal(t, toAny(path), res["path"])
			require.EqualValues(t, 0, res["arxiv_requests"], "the replay's own: it sends nothing")
			require.Contains(t, res, "searches")
			require.Contains(t, res, "environment")
		})
	}
}

// A fork's footer said "arXiv searched, 6 papers added to the knowledge
// base" of a knowledge base it never touched (the fork writes to a
// scratch store unless --write), counting the papers the replayed steps
// took from the recording. It says what the fork itself did after the
// fork point, and where that went; a replay of the fork's recording says
// the same.
func TestQATeach3ForkFooterSaysWhatTheForkDid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		live  bool
		want  string
		notIn []string
	}{
		{
			name: "offline",
			args: []string{"--offline"},
			want: "after step 7, the recording's papers searched offline (no request sent), no papers added.)",
		},
		{
			name: "live, on a scratch copy",
			live: true,
			want: "after step 7, arXiv searched, 1 paper added to the fork's scratch store.)",
		},
		{
			name: "live, --write",
			args: []string{"--write"},
			live: true,
			want: "after step 7, arXiv searched, 1 paper added to the knowledge base.)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, file, _ := traceRecorded(t)
			if tc.live {
				srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, shadingPaper}, arxivtest.MatchAll())
				env["GTRAG_ARXIV_URL"] = srv.URL
			}
			out := filepath.Join(t.TempDir(), "fork.jsonl")
			args := append([]string{"replay", file, "--fork", "7", "--set", "relevant_context=false", "--trace-out", out}, tc.args...)
			r := gtrag(t, env, args...)
			require.Equal(t, 0, r.code, r.stderr)
			require.Contains(t, r.stdout, tc.want)
			require.NotContains(t, r.stdout, "3 papers added", "the recorded part's papers are not the fork's")

			// The recording of the fork replays to the same answer and footer.
			rp := gtrag(t, env, "replay", out)
			require.Equal(t, 0, rp.code, rp.stderr)
			require.True(t, strings.HasSuffix(r.stdout, rp.stdout), "%s\nvs\n%s", r.stdout, rp.stdout)
			_, set, err := trace.Start(traceEvents(t, out))
			require.NoError(t, err)
			require.NotEmpty(t, set.Fork.Store)
		})
	}
}

func TestQATeach3ForkFooter(t *testing.T) {
	recorded := []nodes.Search{{Query: "ti:auction", Returned: 3}}
	res := func(added int, searches ...nodes.Search) service.Result {
		return service.Result{LLM: "offline", Embedder: "offline", PapersAdded: added, Searches: append(append([]nodes.Search{}, recorded...), searches...),
			Sources: []nodes.Source{{PaperID: "2301.01234v2"}}}
	}
	base := nodes.GraphState{PapersAdded: 3, Searches: recorded}
	const head = "(Answered offline without an LLM, from sentences of the sources; passages found with the offline embedder; "
	for _, tc := range []struct {
		name  string
		res   service.Result
		base  nodes.GraphState
		store string
		want  string
	}{
		{"scratch", res(6, nodes.Search{Query: "ti:bids", Returned: 3}), base, trace.ForkScratch,
			head + "after step 7, arXiv searched, 3 papers added to the fork's scratch store.)"},
		{"offline", res(4, nodes.Search{Query: "ti:bids", Returned: 3}), base, trace.ForkOffline,
			head + "after step 7, the recording's papers searched offline (no request sent), 1 paper added to the fork's scratch store.)"},
		{"write", res(6, nodes.Search{Query: "ti:bids", Returned: 3}), base, trace.ForkKnowledgeBase,
			head + "after step 7, arXiv searched, 3 papers added to the knowledge base.)"},
		{"no search after the fork", res(3), base, trace.ForkScratch,
			head + "after step 7, arXiv not searched.)"},
		{"an edit of papers_added", res(5), nodes.GraphState{PapersAdded: 5, Searches: recorded}, trace.ForkOffline,
			head + "after step 7, arXiv not searched.)"},
		// Forked between search_arxiv and add_to_chroma: the fork added the
		// recorded search's papers without a search of its own.
		{"added what was found before", res(3), nodes.GraphState{Searches: recorded}, trace.ForkOffline,
			head + "after step 7, arXiv not searched, 3 papers found before added to the fork's scratch store.)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, forkFooter(tc.res, tc.base, 7, tc.store))
		})
	}
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func writeEvents(t *testing.T, file string, evs []trace.Event) {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		line, err := json.Marshal(e)
		require.NoError(t, err)
		b.Write(line)
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(file, []byte(b.String()), 0o644))
}

// A recording whose settings no longer match what it did (pool 100 edited
// to 40) diverges at the search: the error printed both searches cut at
// the same length, the same text twice. It names the parameter that
// differs, with both values.
func TestQATeach3DivergenceSaysWhatDiffers(t *testing.T) {
	env, file, _ := traceRecorded(t)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"pool", `"pool":100`, `"pool":40`, []string{"replay diverged at step 3 (search_arxiv)", "differs in max: asked 40, recorded 100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, string(b), tc.from)
			edited := filepath.Join(t.TempDir(), "edited.jsonl")
			require.NoError(t, os.WriteFile(edited, []byte(strings.Replace(string(b), tc.from, tc.to, 1)), 0o644))
			r := gtrag(t, env, "replay", edited)
			require.Equal(t, exitFailure, r.code, r.stderr)
			for _, w := range tc.want {
				require.Contains(t, r.stderr, w)
			}
			requireOneReadableLine(t, r.stderr)
		})
	}
}

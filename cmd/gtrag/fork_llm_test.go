package main

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// A live fork of a run recorded with an LLM counts, in replay --fork
// --json, what the fork did itself after its step, as its footer does:
// llm_calls are the requests the LLM server saw during the fork (it said
// 0 after six), arxiv_requests those arXiv saw, papers_added and searches
// what the fork added and sent (papers_added counted the recorded run's
// papers too: 6, where the footer said "3 papers added to the fork's
// scratch store"). A replay of the fork's recording says the same.
func TestReplayForkLiveWithAnLLMCountsItsOwnWork(t *testing.T) {
	llm := newFaultyLLM(t)
	env := llmEnv(t, llm, "openai")
	delete(env, "GTRAG_STORE") // a live fork copies the embedded store
	then := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env["GTRAG_ARXIV_URL"] = then.URL
	file := filepath.Join(t.TempDir(), "run.jsonl")
	var asked service.Result
	decodeJSON(t, gtrag(t, env, "ask", "--json", "--trace-out", file, "--max-results", "3", traceQuestion), &asked)
	require.Equal(t, 2, asked.PapersAdded, "the recorded run added the two auction papers: %+v", asked)
	require.Positive(t, asked.LLMCalls)

	// Told at its last relevance check that the passages do not answer,
	// the fork searches today's arXiv, where one paper is new.
	recorded := trace.Path(traceEvents(t, file))
	step := 0
	for i, n := range recorded {
		if n == nodes.CheckRelevance {
			step = i + 1
		}
	}
	require.Equal(t, nodes.GenerateResponse, recorded[len(recorded)-1])
	require.Equal(t, len(recorded)-1, step, "the recorded run answered after its last check: %v", recorded)
	today := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, shadingPaper}, arxivtest.MatchAll())
	env["GTRAG_ARXIV_URL"] = today.URL
	fork := []string{"replay", file, "--fork", strconv.Itoa(step), "--set", "relevant_context=false"}

	sentBefore := len(llm.seen())
	forkFile := filepath.Join(t.TempDir(), "fork.jsonl")
	var j struct {
		DivergesAt int            `json:"diverges_at"`
		Fork       service.Result `json:"fork"`
	}
	decodeJSON(t, gtrag(t, env, append(fork, "--json", "--trace-out", forkFile)...), &j)
	sent := len(llm.seen()) - sentBefore
	require.Equal(t, step+1, j.DivergesAt)
	require.Equal(t, nodes.SearchArxiv, j.Fork.Path[step], "the fork searched again")
	require.Positive(t, sent, "the fork asked the LLM")
	require.EqualValues(t, sent, j.Fork.LLMCalls, "llm_calls: the requests the fork sent, as ask counts them")
	require.EqualValues(t, len(today.Requests()), j.Fork.ArxivRequests)
	require.Equal(t, 1, j.Fork.PapersAdded, "the fork's own paper, not the recorded run's two as well: %+v", j.Fork)
	require.Len(t, j.Fork.Searches, 1, "the fork's own search, not the recorded run's as well")
	require.Equal(t, recorded[:step], j.Fork.Path[:step], "the path is the run's from its start, as recorded_path")

	// The footer counts the same.
	r := gtrag(t, env, fork...)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "after step "+strconv.Itoa(step)+", arXiv searched, 1 paper added to the fork's scratch store.)")

	// The fork's recording keeps its llm_calls, and its replay says what
	// the fork printed.
	var rj struct {
		service.Result
		RecordedArxivRequests *int64 `json:"recorded_arxiv_requests"`
		RecordedLLMCalls      *int64 `json:"recorded_llm_calls"`
	}
	decodeJSON(t, gtrag(t, env, "replay", "--json", forkFile), &rj)
	require.Zero(t, rj.LLMCalls, "the replay's own")
	require.NotNil(t, rj.RecordedLLMCalls)
	require.Equal(t, j.Fork.LLMCalls, *rj.RecordedLLMCalls)
	require.NotNil(t, rj.RecordedArxivRequests)
	require.Equal(t, j.Fork.ArxivRequests, *rj.RecordedArxivRequests)
	require.Equal(t, j.Fork.PapersAdded, rj.PapersAdded)
	require.Equal(t, j.Fork.Searches, rj.Searches)
}

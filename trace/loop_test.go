package trace

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// The loop settings are written inline, where and as they were before they
// had a type of their own: recordings read the same both ways.
func TestLoopSettingsAreWrittenInline(t *testing.T) {
	set := Settings{LLM: "offline", Embedder: "offline", K: 3, MaxResults: 3, ChunkOverlap: 1,
		LoopSettings: LoopSettings{Candidates: 10, RunnersUp: 2, LaterBest: true, UnrecognisedSearches: 1, Preview: true, BeyondPrimer: true, FoundK: true, SeekBest: true}, Router: "llm", Version: "v"}
	b, err := json.Marshal(set)
	require.NoError(t, err)
	require.Equal(t, `{"llm":"offline","embedder":"offline","k":3,"max_results":3,"chunk_overlap":1,"candidates":10,"runners_up":2,"later_best":true,"unrecognised_searches":1,"preview":true,"beyond_primer":true,"found_k":true,"seek_best":true,"router":"llm","gtrag_version":"v"}`, string(b))

	var back Settings
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, set, back)
}

// What a run's Deps record is what a replay or fork applies; a recording
// made before re-ranking replays without a reranker, whatever the deps had.
func TestLoopSettingsApplyWhatTheyRecorded(t *testing.T) {
	run := nodes.Deps{Candidates: 10, Reranker: reasoner.NewOfflineReranker(), RunnersUp: 2, LaterBest: true, UnrecognisedSearches: 1, Preview: true, BeyondPrimer: true, FoundK: true, SeekBest: true}
	var replayed nodes.Deps
	Loop(run).Apply(&replayed)
	require.Equal(t, Loop(run), Loop(replayed))
	require.NotNil(t, replayed.Reranker, "re-ranking recorded: the offline reranker, which is deterministic")

	old := nodes.Deps{Candidates: 10, Reranker: reasoner.NewOfflineReranker(), RunnersUp: 2, LaterBest: true, UnrecognisedSearches: 1, Preview: true, BeyondPrimer: true, FoundK: true, SeekBest: true}
	LoopSettings{}.Apply(&old)
	require.Equal(t, LoopSettings{}, Loop(old))
	require.Nil(t, old.Reranker, "recorded before re-ranking: none")
}

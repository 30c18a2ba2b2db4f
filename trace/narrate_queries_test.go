package trace

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
)

// The LLM's searches are narrated as it wrote them: a teacher reading
// `ask --trace` sees what the model proposed, not "{1 field}".
func TestNarrationShowsTheLLMsSearches(t *testing.T) {
	params, err := json.Marshal(QueriesParams{Question: "Why does tit-for-tat do well?"})
	require.NoError(t, err)
	require.Equal(t, `reasoner.search_arxiv [ollama:tiny] question="Why does tit-for-tat do well?"`,
		describeOp(nodes.SearchArxiv, OperationStartedData{Kind: KindQueries, Tool: "ollama:tiny", Params: params}))

	res, err := json.Marshal(QueriesResult{Queries: []string{"tit for tat iterated prisoner's dilemma", "Axelrod tournament"}})
	require.NoError(t, err)
	require.Equal(t, `2 searches: "tit for tat iterated prisoner's dilemma", "Axelrod tournament"`, describeResult(KindQueries, res))

	none, err := json.Marshal(QueriesResult{})
	require.NoError(t, err)
	require.Equal(t, "no searches", describeResult(KindQueries, none))
}

// A narration line wraps under its text: past the label column, past an
// action's nesting, under a note's text; other lines keep their indent.
func TestNarrationHang(t *testing.T) {
	for line, want := range map[string]int{
		"  PERCEPT             user_query: \"Why?\"":         22,
		"                      runners_up: (none) → 2 items": 22,
		"                        embed [offline] 1 text":     24,
		"  note: offline: no LLM configured":                 8,
		"step 1 · pull_from_chroma":                          -1,
		"  llm offline · embedder offline · k 3":             -1,
	} {
		if got := NarrationHang(line); got != want {
			t.Errorf("NarrationHang(%q) = %d, want %d", line, got, want)
		}
	}
}

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

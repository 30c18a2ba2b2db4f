package trace

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
	"github.com/gtrag/gtrag/nodes"
)

func TestExplainCoversEveryNodeAndRouter(t *testing.T) {
	g, err := nodes.Build(nodes.Deps{})
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, Explain(&b, g))
	out := b.String()

	for i, n := range g.Nodes() {
		section := sectionOf(t, out, fmt.Sprintf("## %d. %s (node)", i+1, n.Name))
		require.Contains(t, section, "Perceives  "+strings.Join(n.Reads, ", "))
		require.Contains(t, section, "Decides    "+n.Description)
		require.Contains(t, section, "Does       "+strings.Join(n.Tools, ", "))
		require.Contains(t, section, "Changes    "+strings.Join(n.Writes, ", "))
	}
	for _, r := range g.Routers() {
		section := sectionOf(t, out, fmt.Sprintf("### %s (router after %s)", r.Name, r.From))
		require.Contains(t, section, "Perceives  "+strings.Join(r.Reads, ", "))
		require.Contains(t, section, r.Description)
		for key, to := range r.Routes {
			require.Contains(t, section, key+" → "+to)
		}
	}
	require.Contains(t, out, "Entry: START → pull_from_chroma")
	require.Contains(t, out, "Loop:  pull_from_chroma → check_relevance → search_arxiv → filter_game_theory_papers → add_to_chroma → pull_from_chroma")
	require.Regexp(t, `chroma_results\s+changed by pull_from_chroma; perceived by check_relevance, generate_response`, out)
}

// sectionOf returns the text from heading to the next heading.
func sectionOf(t *testing.T, doc, heading string) string {
	t.Helper()
	i := strings.Index(doc, heading+"\n")
	require.GreaterOrEqual(t, i, 0, "no section %q", heading)
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n#"); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// Explain follows the metadata: a graph without any still gets an account,
// and a graph without loops reports none.
func TestExplainSparseGraph(t *testing.T) {
	sg := graph.New[int]()
	sg.AddNode("only", func(_ context.Context, s int) (int, error) { return s, nil })
	sg.AddEdge(graph.START, "only")
	sg.AddEdge("only", graph.END)
	g, err := sg.Compile()
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, Explain(&b, g))
	out := b.String()
	require.Contains(t, out, "## 1. only (node)")
	require.Contains(t, out, "Perceives  nothing declared")
	require.Contains(t, out, "Does       nothing outside the state (no tools)")
	require.Contains(t, out, "Next       END")
	require.NotContains(t, out, "Loop:")
}

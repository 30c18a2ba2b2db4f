package nodes

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/graph"
)

var update = flag.Bool("update", false, "rewrite nodes/testdata/*.golden from the current output")

// TestWorkflowDiagrams pins the diagrams of gtrag's workflow as gtrag graph
// draws them: the nodes, their routes and the loop. (The graph package's
// own goldens draw a generic workflow; these are gtrag's.)
func TestWorkflowDiagrams(t *testing.T) {
	g, err := Build(Deps{})
	require.NoError(t, err)
	loop := []string{
		PullFromChroma, CheckRelevance, SearchArxiv, FilterGameTheoryPapers,
		AddToChroma, PullFromChroma, CheckRelevance, GenerateResponse, graph.END,
	}
	for _, tt := range []struct {
		file   string
		render func() string
	}{
		{"workflow.mermaid.golden", func() string { return g.Mermaid() }},
		{"workflow_loop.mermaid.golden", func() string { return g.Mermaid(graph.Highlight(loop)) }},
		{"workflow.dot.golden", g.DOT},
		{"workflow.ascii.golden", g.ASCII},
	} {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			got := tt.render()
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./nodes -update to create it")
			require.Equal(t, string(want), got, "golden %s differs; if the change is intended run go test ./nodes -update", tt.file)
		})
	}
}

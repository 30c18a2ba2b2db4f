package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/evaluate"
	"github.com/gtrag/gtrag/internal/arxivtest"
)

// eval --fresh follows each question's relevant paper through the loop:
// fetched by a request, judged by the filter, taken by the store, cited.
func TestEvalFreshFollowsTheRelevantPaper(t *testing.T) {
	srv := arxivtest.New(t, []arxiv.Paper{auctionPaper, oldStyleAuction, videoGamePaper})
	env := testEnv(t)
	env["GTRAG_ARXIV_URL"] = srv.URL
	env["GTRAG_ARXIV_DELAY"] = "0"
	file := filepath.Join(t.TempDir(), "q.jsonl")
	require.NoError(t, os.WriteFile(file, []byte(
		`{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["`+auctionPaper.ID+`", "`+oldStyleAuction.ID+`"]}
{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["2399.99999v1"]}
{"q": "How much do bidders shade their bids in sealed-bid auctions?", "relevant": ["`+videoGamePaper.ID+`"]}
`), 0o644))

	var rep evaluate.Report
	decodeJSON(t, gtrag(t, env, "eval", "--fresh", "--json", file), &rep)
	require.Equal(t, 3, rep.Answerable)
	var stages []string
	for _, q := range rep.PerQuestion {
		stages = append(stages, q.Stage)
	}
	require.Equal(t, []string{evaluate.StageCited, evaluate.StageNotFetched, evaluate.StageFetched}, stages,
		"the auction papers are cited; the missing paper is never fetched; the rendering paper is fetched and not judged about the question")
	require.Equal(t, evaluate.Funnel{Fetched: 2.0 / 3, Judged: 1.0 / 3, Added: 1.0 / 3, Cited: 1.0 / 3}, rep.Funnel)

	text := gtrag(t, env, "eval", "--fresh", file)
	require.Equal(t, 0, text.code, text.stderr)
	require.Regexp(t, `(?m)^relevant paper +fetched 0\.67, judged 0\.33, added 0\.33, cited 0\.33$`, text.stdout)
}

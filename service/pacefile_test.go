package service

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

// One server, one pace file, however its URL is written: two processes
// given arXiv's URL in different spellings must still wait for each
// other. Another server, or another port, keeps its own.
func TestPaceFileIsTheServers(t *testing.T) {
	dir := t.TempDir()
	arxivs := PaceFileFor(dir, "")
	for _, u := range []string{
		arxiv.DefaultBaseURL,
		"http://export.arxiv.org/api/query",
		"https://export.arxiv.org/api/query",
		"https://export.arxiv.org/api/query/",
		"http://EXPORT.arxiv.org:80/api/query",
		"https://export.arxiv.org:443/api/query?",
		" http://export.arxiv.org/api/query ",
	} {
		require.Equal(t, arxivs, PaceFileFor(dir, u), u)
	}
	for _, u := range []string{
		"http://127.0.0.1:8400/api/query",
		"http://export.arxiv.org:8080/api/query",
		"https://export.arxiv.org:80/api/query",
		"http://arxiv.example/api/query",
	} {
		require.NotEqual(t, arxivs, PaceFileFor(dir, u), u)
	}
	require.NotEqual(t, PaceFileFor(dir, "http://127.0.0.1:8400/api/query"), PaceFileFor(dir, "http://127.0.0.1:8401/api/query"))
	require.Empty(t, PaceFileFor("", arxiv.DefaultBaseURL), "no cache directory: pacing within the process")
}

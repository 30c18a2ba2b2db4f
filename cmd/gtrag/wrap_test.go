package main

import (
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

func TestWrapText(t *testing.T) {
	text := "A Nash equilibrium is a strategy profile in which every player's strategy is a best response [1].\n\n" +
		"  indented line that goes on and on past the width of the terminal window\n" +
		"see https://arxiv.org/abs/2301.01234v2/a-very-long-url-that-cannot-be-broken ok 纳什均衡纳什均衡纳什均衡"
	for _, width := range []int{20, 33, 60} {
		got := wrapText(text, width)
		require.Equal(t, strings.Fields(text), strings.Fields(got), "only spaces change")
		for line := range strings.SplitSeq(got, "\n") {
			if len(strings.Fields(line)) > 1 { // one word wider than the line stays whole
				require.LessOrEqual(t, runewidth.StringWidth(line), width, "%q", line)
			}
		}
		require.Contains(t, got, "\n\n", "paragraph breaks stay")
		require.Contains(t, got, "\n  ", "continuation lines keep the indent")
	}
	require.Equal(t, text, wrapText(text, 0), "no terminal: unchanged")
}

func TestAnswerFooterIsPlain(t *testing.T) {
	src := []nodes.Source{{PaperID: "primer:nash-equilibrium"}}
	r := service.Result{LLM: "offline", Embedder: "offline", PapersAdded: 0, Path: []string{"pull_from_chroma", "generate_response"}, Sources: src}
	require.Equal(t, "(Answered offline without an LLM, from sentences of the sources; passages found with the offline embedder; arXiv not searched.)", answerFooter(r))
	r.Sources, r.Outcome = nil, nodes.OutcomeOffTopic
	require.Equal(t, "(Offline, without an LLM; knowledge base searched with the offline embedder; arXiv not searched.)", answerFooter(r),
		"a reply that quotes nothing does not claim to be made of sources' sentences")
	r.Sources, r.Outcome, r.Abstained = src, nodes.OutcomeNotFound, true
	require.Equal(t, "(Offline, without an LLM; knowledge base searched with the offline embedder; arXiv not searched.)", answerFooter(r),
		"a not-found reply lists the closest sources but quotes none")
	r.Outcome, r.Searches = nodes.OutcomeArxivUnavailable, []nodes.Search{{Query: "ti:auction", Failed: "connection refused"}}
	require.Equal(t, "(Offline, without an LLM; knowledge base searched with the offline embedder; arXiv could not be reached.)", answerFooter(r),
		"an abstention while arXiv is down quotes none either")
	r.Abstained = false
	require.Equal(t, "(Answered offline without an LLM, from sentences of the sources; passages found with the offline embedder; arXiv could not be reached.)", answerFooter(r),
		"an answer from the store while arXiv is down quotes its sources")
	r.Searches = nil
	r = service.Result{LLM: "ollama:llama3.2", Embedder: "ollama:nomic-embed-text", PapersAdded: 2, Path: []string{"pull_from_chroma", nodes.SearchArxiv, "add_to_chroma"}, Sources: src,
		Searches: []nodes.Search{{Query: "ti:auction", Returned: 30}}}
	require.Equal(t, "(Answered by ollama:llama3.2; passages found with the ollama:nomic-embed-text embedder; arXiv searched, 2 papers added to the knowledge base.)", answerFooter(r))
	r.PapersAdded = 1
	require.Contains(t, answerFooter(r), "; arXiv searched, 1 paper added")
	r.PapersAdded = 0
	require.Contains(t, answerFooter(r), "; arXiv searched, no papers added.)")
	require.NotContains(t, answerFooter(r), "pull_from_chroma", "node names are for --trace")
	r.Searches = []nodes.Search{{Query: "ti:auction", Failed: "connection refused"}}
	require.Contains(t, answerFooter(r), "; arXiv could not be reached.)", "a failed request searched nothing")
	r.Searches = nil
	require.Contains(t, answerFooter(r), "; arXiv not searched.)", "search_arxiv ran but sent nothing (the topic judge said no)")
}

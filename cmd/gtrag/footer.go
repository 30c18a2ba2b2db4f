package main

import (
	"fmt"
	"strings"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// answerFooter says in plain words who wrote the answer, which embedder
// found its passages, whether arXiv was searched (or could not be reached)
// and what the run added to the knowledge base. The
// workflow's node names are for --trace; a reader of the answer wants to
// know whether an LLM was involved and whether arXiv was.
func answerFooter(r service.Result) string {
	var parts []string
	// An off-topic reply has no sources; an abstention lists the closest
	// as such and quotes none of them.
	quoted := len(r.Sources) > 0 && !r.Abstained
	// With an LLM configured, the answer may still be the offline one: the
	// LLM failed, or its answer was unusable. Result.LLM names what was
	// configured, Result.Offline why the offline answerer wrote it.
	why := offlineWhy(r.Offline, r.LLM)
	switch llm := r.LLM; {
	case (llm == "" || llm == "offline") && quoted:
		parts = append(parts, "answered offline without an LLM, from sentences of the sources")
	case llm == "" || llm == "offline":
		parts = append(parts, "offline, without an LLM")
	case r.Offline != "" && quoted:
		parts = append(parts, "answered offline from sentences of the sources, as "+why)
	case r.Offline != "":
		parts = append(parts, "answered offline, as "+why)
	default:
		parts = append(parts, "answered by "+llm)
	}
	switch {
	case r.Embedder != "" && quoted:
		parts = append(parts, "passages found with the "+r.Embedder+" embedder")
	case r.Embedder != "":
		parts = append(parts, "knowledge base searched with the "+r.Embedder+" embedder")
	}
	// A request that failed searched nothing: the topic judge may have
	// kept search_arxiv from asking, or arXiv may not have answered.
	sent := 0
	for _, x := range r.Searches {
		if x.Failed == "" {
			sent++
		}
	}
	switch {
	case sent == 0 && len(r.Searches) > 0:
		parts = append(parts, "arXiv could not be reached")
	case sent == 0:
		parts = append(parts, "arXiv not searched")
	case r.PapersAdded == 0:
		parts = append(parts, "arXiv searched, no papers added")
	case r.PapersAdded == 1:
		parts = append(parts, "arXiv searched, 1 paper added to the knowledge base")
	default:
		parts = append(parts, fmt.Sprintf("arXiv searched, %d papers added to the knowledge base", r.PapersAdded))
	}
	s := strings.Join(parts, "; ")
	return "(" + strings.ToUpper(s[:1]) + s[1:] + ".)"
}

// offlineWhy says why the offline answerer wrote the answer, naming the
// LLM: "the LLM ollama:llama3.2 failed". A reason this footer does not
// know is said as the reasoner wrote it.
func offlineWhy(offline, llm string) string {
	switch offline {
	case reasoner.OfflineLLMFailed:
		return "the LLM " + llm + " failed"
	case reasoner.OfflineUnusable:
		return "the LLM " + llm + "'s answer was unusable"
	}
	return offline
}

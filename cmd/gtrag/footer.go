package main

import (
	"fmt"
	"strings"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/text"
)

// answerFooter says in plain words who wrote the answer, which embedder
// found its passages, whether arXiv was searched (or could not be reached,
// or the search was served from the page cache with no request sent) and
// what the run added to the knowledge base. The
// workflow's node names are for --trace; a reader of the answer wants to
// know whether an LLM was involved and whether arXiv was.
func answerFooter(r service.Result) string {
	return footerSentence(append(answerParts(r), arxivPart(r, "arXiv searched", "the knowledge base")))
}

// stoppedFooter is the line ask prints in place of an answer's footer
// when the run stopped before its answer (its step limit, an interrupt, a
// step that failed) after adding papers: the store keeps them, and the
// error line alone ("step limit 5 reached: … add_to_chroma → …") hid
// what --json says as papers_added. "" when the run added none: the error
// line then says all there is, and a line saying "no papers added" after
// every early stop would be noise.
func stoppedFooter(r service.Result) string {
	if r.PapersAdded == 0 {
		return ""
	}
	return footerSentence([]string{"stopped before an answer", arxivPart(r, "arXiv searched", "the knowledge base")})
}

// answerParts are the footer's clauses before arXiv's: who wrote the
// answer, and which embedder found its passages.
func answerParts(r service.Result) []string {
	var parts []string
	// An off-topic reply has no sources; an abstention lists the closest
	// as such and quotes none of them.
	quoted := len(r.Sources) > 0 && !r.Abstained
	// With an LLM configured, the answer may still be the offline one: the
	// LLM failed, or its answer was unusable. Result.LLM names what was
	// configured, Result.Offline why the offline answerer wrote it.
	why := offlineWhy(r.Offline, r.LLM)
	switch llm := r.LLM; {
	case r.Outcome == nodes.OutcomeImpossible:
		// No answerer wrote "I stopped without an answer: …": the
		// decision agent judged the task impossible.
		parts = append(parts, "no answer: the decision agent ("+llm+") judged the task impossible")
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
	return parts
}

// arxivPart is the footer's last clause: whether arXiv was searched and
// what the run added. searched is how a search that sent its request is
// said ("arXiv searched"), into where the papers it added went ("the
// knowledge base"); a fork says both its own way (forkFooter).
func arxivPart(r service.Result, searched, into string) string {
	// A request that failed searched nothing: the topic judge may have
	// kept search_arxiv from asking, or arXiv may not have answered. A
	// search answered from the page cache (arxiv.FileCache) sent no
	// request: "arXiv searched" would not be true of it.
	sent, cached := 0, 0
	for _, x := range r.Searches {
		if x.Failed == "" {
			sent++
			if x.Cached {
				cached++
			}
		}
	}
	switch {
	case cached > 0 && cached == sent && sent == 1:
		searched = "arXiv search served from the cache"
	case cached > 0 && cached == sent:
		searched = "arXiv searches served from the cache"
	case cached > 0:
		searched += fmt.Sprintf(" (%d of %d searches served from the cache)", cached, sent)
	}
	switch {
	case sent == 0 && len(r.Searches) > 0:
		return "arXiv could not be reached"
	case sent == 0 && r.PapersAdded > 0:
		// A fork from between a search and add_to_chroma adds the papers
		// the recorded search found; it said "arXiv not searched" and left
		// them out.
		return fmt.Sprintf("arXiv not searched, %d %s found before added to %s",
			r.PapersAdded, text.Plural(r.PapersAdded, "paper", "papers"), into)
	case sent == 0:
		return "arXiv not searched"
	case r.PapersAdded == 0:
		return searched + ", no papers added"
	case r.PapersAdded == 1:
		return searched + ", 1 paper added to " + into
	default:
		return fmt.Sprintf("%s, %d papers added to %s", searched, r.PapersAdded, into)
	}
}

// footerSentence joins a footer's clauses into its one parenthesised
// sentence.
func footerSentence(parts []string) string {
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

package reasoner

import (
	"context"
	"strings"
)

// Passage is a retrieved chunk shown to a reasoner. N is its citation number
// (1-based) in the answer.
type Passage struct {
	N       int
	ID      string // chunk id, e.g. "2301.01234v2_chunk_0" or "primer:nash-equilibrium"
	PaperID string
	Title   string
	Text    string
	Score   float64 // retrieval similarity in [0,1]
	// Found is set on a passage of a paper the run's arXiv search judged
	// about the question and added: evidence, besides the passage's words,
	// that it is on the student's question however the student put it.
	Found bool
	// MidSentence is set on a passage that starts inside a sentence (a
	// chunk the chunker started at a word, chunker.KeyMidSentence): its
	// first words are no sentence of their own.
	MidSentence bool
}

// Verdict is a yes/no decision with a reason a student can read.
type Verdict struct {
	Yes bool
	// Contrary is set by a paper filter whose "no" rests on evidence
	// against game theory (look-alikes such as chess, video games or
	// chemical equilibrium; an LLM's clear no), not on the mere absence of
	// game-theory terms. search_arxiv does not search for a question judged
	// so; it does search, more warily, for one the filter only failed to
	// recognise.
	Contrary bool
	// Neutral is set by a paper filter whose no rests on nothing either
	// way: the offline filter's score of 0, no cue at all or cues that
	// cancel ("How do I fix a segmentation fault in my C program?").
	// generate_response refuses such a question when the store's
	// passages share only a word or two with it (see nodes.Responder).
	Neutral bool
	Reason  string   // e.g. "top score 0.71 ≥ 0.35; 3/4 key terms covered"
	Notices []string // problems worth telling the user (unparseable reply, fallback)
}

// Answer is the final text with [n] citations referring to Passage.N.
type Answer struct {
	Text  string
	Cited []int // citation numbers used in Text, in order of first use
	// Abstained reports that the passages do not answer the question: the
	// offline answerer found no passage about its focal concept, or the
	// LLM said it cannot answer from these sources (CannotAnswer). Text
	// then says so, and Cited lists at most the closest sources, which
	// are not an answer.
	Abstained bool
	// Concepts names what the question is about, main concept first
	// ("Bayesian persuasion"), as the offline answerer found it; when it
	// abstained, the concepts no passage was about.
	Concepts []string
	Notices  []string
	// Offline says, in a few words for a footer, why the offline answerer
	// wrote this answer although an LLM was configured: OfflineLLMFailed
	// or OfflineUnusable, set by FallbackAnswerer. It is empty when the
	// LLM wrote the answer, and when no LLM is configured.
	Offline string
	// Quotes are the sentences of an extractive answer, in order, when
	// Text is nothing but them, each cited (CiteQuotes(Quotes, nil) ==
	// Text); nil for an LLM's answer or an abstention. Whoever renumbers
	// the citations must rewrite Quotes, not Text: a quoted sentence may
	// hold brackets a pattern would take for a citation ("uniform on
	// [0, 1]"), and rewriting those would misquote the source.
	Quotes []Quote
}

// The values of Answer.Offline; the CLI's footer words each with the
// model's name.
const (
	OfflineLLMFailed = "the LLM failed"
	OfflineUnusable  = "the LLM's answer was unusable"
)

// Quote is one sentence of an extractive answer, verbatim from passage N.
type Quote struct {
	Text string
	N    int
}

// CiteQuotes writes quotes as an answer, each followed by its citation,
// number(q.N) when number is not nil. A number below 1 writes the sentence
// without a citation.
func CiteQuotes(quotes []Quote, number func(n int) int) string {
	var b strings.Builder
	for i, q := range quotes {
		if i > 0 {
			b.WriteByte(' ')
		}
		n := q.N
		if number != nil {
			n = number(n)
		}
		if n < 1 {
			b.WriteString(q.Text)
			continue
		}
		b.WriteString(citeSentence(q.Text, n))
	}
	return b.String()
}

// RelevanceJudge decides whether passages suffice to answer a question.
type RelevanceJudge interface {
	JudgeRelevance(ctx context.Context, question string, passages []Passage) (Verdict, error)
}

// PaperFilter decides whether a paper is about game theory, from its title and
// the start of its abstract.
type PaperFilter interface {
	IsGameTheory(ctx context.Context, title, abstract string) (Verdict, error)
}

// Answerer writes an answer grounded in passages, citing them as [n].
type Answerer interface {
	Answer(ctx context.Context, question string, passages []Passage) (Answer, error)
}

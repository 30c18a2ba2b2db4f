package reasoner

import "context"

// Passage is a retrieved chunk shown to a reasoner. N is its citation number
// (1-based) in the answer.
type Passage struct {
	N       int
	ID      string // chunk id, e.g. "2301.01234v2_chunk_0" or "primer:nash-equilibrium"
	PaperID string
	Title   string
	Text    string
	Score   float64 // retrieval similarity in [0,1]
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
	Reason   string   // e.g. "top score 0.71 ≥ 0.35; 3/4 key terms covered"
	Notices  []string // problems worth telling the user (unparseable reply, fallback)
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

// Package text is gtrag's one place for words: how text becomes terms, which
// words say nothing, and what a question is about. The store (package
// vectordb), the reasoners and the arXiv query builder share it, so a term
// the relevance judge counts is a term retrieval matched on and a phrase the
// arXiv search asks for is a phrase the judge will look for.
//
// The API:
//
//   - Tokenize(s) and Scanner: the stemmed terms the offline embedder
//     hashes and BM25 indexes (lower-case, diacritics folded, stop words
//     dropped, Porter-stemmed). They are part of the store's on-disk format.
//   - Words(s): the lower-case words of s as written, hyphens and
//     apostrophes inside a word kept, nothing stemmed.
//   - StopWords, QuestionWords, GenericWords: named word sets (WordSet.Has):
//     function words, words that frame a question ("explain",
//     "difference"), and words every game-theory text contains ("game",
//     "player", "equilibrium").
//   - Focal(question) []Concept: the concepts the question is about, most
//     telling first, each with its Variants and In(passage), which tests
//     whether a passage mentions it as a phrase.
//   - Expand(phrase): the phrase and its other forms from a small
//     game-theory glossary (acronyms such as IPD, ESS, SPE, PBE, BNE, VCG,
//     PoA, CE, CCE, MARL, NE), hyphenation ("tit-for-tat" / "tit for tat")
//     and British/American spelling.
//   - Evoked and Evocations(question): the glossary terms a question
//     describes in everyday words without naming them (the cues of
//     cues*.go); Related and RelatedPhrases, the phrases papers on a term
//     use; Kin and FieldWords, a word's everyday kin and the words papers
//     write for it; CorrectSpelling, a misspelt term put right.
//   - Interaction, CollectiveAct, ForeignName, AboutAWork, NewsAnchor,
//     ResultLookup and the errands (AuctionErrand, PurchaseErrand, …): what
//     the topic judge reads to keep or refuse a question.
//
// # Why phrases, not keywords
//
// A passage answers "What are mean field games?" only if it talks about
// mean field games. Counting keywords cannot tell: "The field was founded
// by von Neumann … games" holds both content words. So the question is
// reduced to noun phrases — the runs of words between stop words,
// punctuation and question words, with glossary terms matched first so that
// "price of anarchy" survives its "of" — and a passage must hold one of a
// phrase's forms as consecutive terms. Matching on stemmed terms keeps
// plurals, possessives and hyphenation from mattering; the glossary covers
// what stemming cannot (acronyms, "Vickrey auction" for "second-price
// auction"). The cost is recall on paraphrase: a passage that says "the
// anarchy cost" does not mention "price of anarchy". The glossary is the
// place to fix such a miss, not a looser match.
package text

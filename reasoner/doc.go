// Package reasoner makes the three judgement calls of the gtrag graph: is
// the retrieved context enough to answer the question (check_relevance), is
// a paper about game theory (filter_game_theory_papers), and what is the
// answer, with [n] citations (generate_response).
//
// # Choosing an implementation
//
// Call Open with the --llm spec and the environment; it returns a Set with
// all three. "offline" needs no model and no network; "ollama:MODEL",
// "openai:MODEL" (also LM Studio, vLLM and other servers at
// OPENAI_BASE_URL), "anthropic:MODEL" and "googleai:MODEL" go through
// langchaingo's llms.Model; "auto" picks OpenAI if OPENAI_API_KEY is set,
// else an Ollama server if one answers, else offline with a notice. A bad
// spec or a missing key is a *SpecError (exit code 2 in the CLI).
//
// # The offline path
//
// OfflineJudge and OfflineAnswerer start from what the question is about:
// its focal concepts (text.Focal) and its shape (a definition, an
// explanation, a comparison, a yes/no question). A glossary idea the
// question describes in everyday words (text.Evocations) joins them: after
// the concepts it names, or first when the phrases it names are the
// description ("road" and "traffic worse" for Braess's paradox), and then
// the sentence that names the idea leads the answer. The judge says yes when
// the passages carry the focal concept — a glossary term or quoted text as
// a phrase, another phrase by its specific words in one sentence — or,
// for a question with no specific concept, when they hold half of its key
// terms; the best retrieval score must clear a low floor. The answerer
// quotes sentences shaped by the question (see OfflineAnswerer), or, when
// no passage carries the concept, abstains in one line and sets
// Answer.Abstained. DanglingOpeners finds the sentences of any answer that
// open with a back-reference whose antecedent it left out. OfflineFilter
// scores title and abstract opening against a weighted lexicon of
// game-theory phrases with negative cues for look-alikes (video games,
// gamification, chemical equilibrium, graph colouring, sports
// analytics…). All three are deterministic and explain themselves in
// Verdict.Reason. They were tuned on the dev splits of the labelled sets in
// testdata/filter, testdata/judge and testdata/answers; the tests report
// held-out figures (TestOfflineJudgeOnPrimer, TestAnswerSet). The
// answer-set tests ask each question through the whole workflow with
// service.EvalRun and score it with evaluate.CheckAnswers, as `gtrag eval`
// does: calling the judge and answerer directly once reported a figure the
// command did not reproduce, since the graph also decides (a question the
// judge rejects meets the topic judge in search_arxiv).
//
// # The LLM path
//
// The answer prompt asks for a citation [n] on every sentence and, when
// the passages do not answer, for the fixed phrase CannotAnswer, which
// LLMAnswerer detects and reports as Answer.Abstained when the answer opens
// with it or cites nothing (a cited answer that hedges one point is still
// an answer). An answer that cites nothing and does not abstain (a
// refusal, junk) is unusable: the Set answers offline instead, with a
// notice, and says so in Answer.Offline, which a footer reads.
//
// Two calls exist only with an LLM, both asked by search_arxiv: the
// searches a model writes for the question (LLMQueryWriter, prompt
// search_arxiv) and its choice among a search's best candidates
// (LLMPaperChooser, prompt choose_papers: numbers, best first, or none).
// Either one's unusable reply, or failure, leaves the offline formulation
// or the pool's ranking in place, with a notice.
//
// Each call has a timeout (60 s) and bounded retries with backoff (2),
// waiting longer when a 429 or 503 asks to (Retry-After, up to 30 s; a
// longer wait ends the retries); an empty reply counts as a failure and an
// oversized one is cut to 64 KiB, at a sentence, citation or word
// boundary, with a notice. A reasoning model's <think> block is taken off
// a reply; a reply that is only thinking, closed or never finished, is
// read once as an unusable reply, not retried. Yes/no replies are read
// strictly: the first word must be yes or no; anything else is an
// unusable reply, which the offline reasoner decides, with a notice. The answerer keeps only citations of passages that
// exist, says each sentence once (a looping model's repeats, and, asked
// for more, what the reader was told, go: all of it told is an
// abstention). The chat's condenser refuses markup, data (a JSON object
// is read for its "question") and a rewrite sharing no word with the
// follow-up or the conversation. When the
// retries are exhausted the LLM reasoner returns an error; the Set's
// reasoners are wrapped with FallbackJudge, FallbackFilter and
// FallbackAnswerer (one breaker shared by the Set, its decision agent and
// condenser included, so an outage is paid for once), which then decide
// offline, each adding the same notice, "LLM unavailable (…); continuing
// offline", which a run's notices hold once; an answer written offline
// says why in Answer.Offline. Three unusable replies in a row to one
// prompt (a model that refuses or babbles) trip the same breaker: such a
// model otherwise cost a call per candidate paper.
//
// # Prompt injection
//
// Abstracts and chunks are written by strangers. In prompts they sit
// between <data> and </data>, the instructions say that text there is
// untrusted data never to be obeyed, and fence markers inside the data are
// defused so that a paper cannot close the fence and speak as the user. A
// model can still be fooled, which is why its reply is parsed strictly and
// its citations are checked. The offline reasoners are immune by
// construction: they count words and never read text as instructions, and
// the answerer refuses to quote sentences addressed to a model.
//
// API keys never appear in a Set's Name, in notices or in errors: provider
// errors are scrubbed of the keys Open passed in.
package reasoner

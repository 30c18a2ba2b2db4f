package reasoner

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tmc/langchaingo/llms"

	"github.com/gtrag/gtrag/text"
)

// PromptSearchArxiv is the prompt that asks for arXiv searches; it is run
// by the search_arxiv node.
const PromptSearchArxiv = "search_arxiv"

// MaxQueries is how many searches a QueryWriter's reply may propose; more
// are ignored.
const MaxQueries = 3

// LLMQueryWriter asks a model for 1–3 short keyword searches for a question
// (prompt "search_arxiv"), as PaperQA2 does: a model knows the words papers
// use for what a student describes. Each line of the reply that reads as a
// search is kept; a reply with none (a refusal, an essay, arXiv syntax the
// model made up) yields no queries and a notice, and the caller uses its
// offline formulation.
type LLMQueryWriter struct{ c caller }

// NewLLMQueryWriter returns a query writer backed by m.
func NewLLMQueryWriter(m llms.Model, opts ...Option) *LLMQueryWriter {
	return &LLMQueryWriter{caller{model: m, s: newSettings(opts)}}
}

const queriesSystem = `You write searches for the arXiv paper archive for questions about game theory.
Reply with 1 to 3 searches, one per line. Each search is 2 to 6 keywords: the technical terms that a paper answering the question would use in its title or abstract, for example: Vickrey auction truthful bidding
Write no numbering, quotes, operators or explanations.
` + dataRule

// WriteQueries implements QueryWriter.
func (w *LLMQueryWriter) WriteQueries(ctx context.Context, question string) (Queries, error) {
	user := "Question:\n" + fence(fold(question)) + "\n\nWrite 1 to 3 arXiv searches for the question between <data> and </data>, one per line."
	reply, notices, err := w.c.call(ctx, PromptSearchArxiv, queriesSystem, user)
	if err != nil {
		return Queries{}, fmt.Errorf("write arXiv searches with the LLM: %w", err)
	}
	qs, unrelated := onQuestion(parseQueries(reply), question)
	if len(unrelated) > 0 && len(qs) > 0 { // with none left, the notice below says it
		// Quoted whole: --json hands the notice to scripts, and the
		// dropped searches are nowhere else in its object. Text output
		// cuts the quote (ShortNotice).
		notices = append(notices, fmt.Sprintf("%s%q, which shares no word with the question and few with the field", droppedSearches, fold(strings.Join(unrelated, "; "))))
	}
	if len(qs) == 0 {
		what := fmt.Sprintf("the LLM reply %s holds no usable search", quote(reply))
		if err := w.c.giveUp(PromptSearchArxiv, what); err != nil {
			return Queries{}, fmt.Errorf("write arXiv searches with the LLM: %w", err)
		}
		notices = append(notices, PromptSearchArxiv+": "+what+"; used the offline formulation")
	} else {
		w.c.usable(PromptSearchArxiv)
	}
	return Queries{Queries: qs, Notices: notices}, nil
}

// droppedSearches begins the notice of the searches WriteQueries dropped;
// their quote follows.
const droppedSearches = PromptSearchArxiv + ": dropped the LLM's search "

// ShortNotice is notice n as text output shows it: in the notice of the
// LLM's dropped searches, the searches cut to 60 runes, as a quoted reply
// is, and in an LLM outage notice, the LLM's error cut to 160 runes
// (shortOutage), so that the note stays a line on a terminal. The notice
// itself quotes them whole, for --json, where a script wants what the LLM
// wrote or its server said and nobody reads it on a terminal; keeping the
// two apart here, rather than a notice type with a text and a full form,
// leaves the notices the plain strings that the state, the recordings and
// the MCP results carry. Any other notice is returned as it is.
func ShortNotice(n string) string {
	if short, ok := shortOutage(n); ok {
		return short
	}
	rest, ok := strings.CutPrefix(n, droppedSearches)
	if !ok {
		return n
	}
	quoted, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return n
	}
	searches, err := strconv.Unquote(quoted)
	if err != nil {
		return n
	}
	return droppedSearches + quote(searches) + rest[len(quoted):]
}

// parseQueries keeps the lines of a reply that read as keyword searches:
// list markers and quotes stripped (a phrase quoted inside a line too:
// `"tit for tat" iterated prisoner` was dropped whole, the run's one
// search on its subject, with no notice), 1 to 8 words of letters, digits,
// hyphens and apostrophes, no sentence (a refusal, a preamble ending in a
// colon) and no arXiv syntax. At most MaxQueries, without repeats.
func parseQueries(reply string) []string {
	var out []string
	for _, line := range strings.Split(stripThinking(reply), "\n") {
		q := strings.TrimSpace(line)
		if strings.HasPrefix(q, "```") || strings.HasPrefix(q, "~~~") {
			// A Markdown fence, with its language ("```text"): the
			// tag was kept as a search and dropped with a notice that
			// the model had proposed a search called "text".
			continue
		}
		q = strings.TrimLeft(q, "-*•·0123456789.)] \t")
		q = strings.Trim(q, "\"'`“”‘’ \t")
		q = strings.TrimSpace(phraseQuotes.Replace(q))
		if q == "" || strings.HasSuffix(q, ":") || strings.ContainsAny(q, ":()[]{}*?") {
			continue
		}
		q = strings.TrimRight(q, ".;,")
		ws := strings.Fields(q)
		if len(ws) == 0 || len(ws) > 8 || utf8.RuneCountInString(q) > 100 || refusal(q) {
			continue
		}
		ok := true
		for _, w := range ws {
			for _, r := range w {
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\'' && r != '’' {
					ok = false
				}
			}
			if w == "AND" || w == "OR" || w == "ANDNOT" {
				ok = false
			}
		}
		if !ok {
			continue
		}
		q = strings.Join(ws, " ")
		if !containsFold(out, q) {
			out = append(out, q)
		}
		if len(out) == MaxQueries {
			break
		}
	}
	return out
}

// phraseQuotes are the quotation marks a model puts around a phrase
// inside a search line; apostrophes ("prisoner's") are no quotes.
var phraseQuotes = strings.NewReplacer(`"`, "", "“", "", "”", "", "`", "", "«", "", "»", "")

// onQuestion splits searches into those that share a term (text.Tokenize)
// with the question, or whose terms are at least half the field's (the
// words of the glossary's names and variants, text.GameTheoryForms), and
// the rest. The rest are junk, not paraphrases: a model that answered
// "lorem ipsum dolor sit amet" had its reply sent to arXiv as the run's
// first search. A paraphrase the question needs ("second price auction"
// for Vickrey, "prisoner's dilemma" for two suspects who confess) is the
// field's words. One field word is not enough: the glossary's names hold
// everyday words ("bar" of the El Farol bar problem, "price", "second"),
// and "foo bar baz" passed on "bar".
func onQuestion(queries []string, question string) (kept, unrelated []string) {
	asked := map[string]bool{}
	for _, t := range text.Tokenize(question) {
		asked[t] = true
	}
	field := fieldTerms()
	for _, q := range queries {
		terms := text.Tokenize(q)
		inField := 0
		for _, t := range terms {
			if field[t] {
				inField++
			}
		}
		if slices.ContainsFunc(terms, func(t string) bool { return asked[t] }) || inField > 0 && 2*inField >= len(terms) {
			kept = append(kept, q)
		} else {
			unrelated = append(unrelated, q)
		}
	}
	return kept, unrelated
}

// fieldTerms is the set of terms of the glossary's game-theory forms.
var fieldTerms = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, f := range text.GameTheoryForms() {
		for _, t := range text.Tokenize(f) {
			set[t] = true
		}
	}
	return set
})

// refusal spots the usual openings of a model declining or chatting. The
// opening must end at a word boundary: "Surely" and "Sorrya" are not "sure"
// and "sorry".
func refusal(s string) bool {
	l := strings.ToLower(strings.ReplaceAll(s, "’", "'"))
	for _, p := range []string{"i cannot", "i can't", "i can not", "i'm sorry", "i am sorry", "sorry", "as an ai", "i won't", "unable to", "here are", "here is", "sure"} {
		if rest, ok := strings.CutPrefix(l, p); ok {
			if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// FallbackQueryWriter is a QueryWriter that, when its LLM fails, proposes
// nothing (so the caller uses its offline formulation) and says so.
type FallbackQueryWriter struct {
	Primary QueryWriter
	b       *breaker
}

// QueryWriterWithFallback returns a query writer that asks primary and,
// when it fails, returns no queries with a notice.
func QueryWriterWithFallback(primary QueryWriter) *FallbackQueryWriter {
	return &FallbackQueryWriter{Primary: primary, b: &breaker{}}
}

// WriteQueries implements QueryWriter.
func (f *FallbackQueryWriter) WriteQueries(ctx context.Context, question string) (Queries, error) {
	return withFallback(ctx, f.b, "search formulation", "arXiv search formulation",
		func() (Queries, error) { return f.Primary.WriteQueries(ctx, question) },
		func() (Queries, error) { return Queries{}, nil },
		func(q *Queries, notice string, _ bool) { q.Notices = append(q.Notices, notice) })
}

package arxivtest

import (
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/text"
)

// token is one analysed term and its position in the field. Positions count
// every word, stop words included, as Lucene's StopFilter does (it leaves a
// gap), so that the phrase "tit for tat" still needs "tat" two places after
// "tit".
type token struct {
	term string
	pos  int32
}

// analyzer turns field text into terms the way an English Lucene analyzer
// does: words are split at anything that is not a letter, a digit or an
// apostrophe inside a word (hyphens and dots split, as Lucene's
// StandardTokenizer does), then each word is lower-cased, folded, filtered
// for stop words and stemmed by the project's own tokenizer, so that the fake
// and the store agree on what a word is.
//
// Splitting before calling the project tokenizer matters: that tokenizer
// keeps "tit-for-tat" as one extra joined term, which Lucene does not, and
// phrases are matched on positions this type assigns.
//
// An analyzer caches the terms of each word it has seen; it is not safe for
// concurrent use.
type analyzer struct {
	cache map[string][]string
}

func newAnalyzer() *analyzer { return &analyzer{cache: map[string][]string{}} }

// analyze calls emit for each term of field with its position.
func (a *analyzer) analyze(field string, emit func(token)) {
	var pos int32
	forEachWord(field, func(w string) {
		terms, ok := a.cache[w]
		if !ok {
			terms = text.Tokenize(w)
			a.cache[w] = terms
		}
		if len(terms) == 0 {
			pos++ // a stop word leaves a gap
			return
		}
		for _, t := range terms {
			emit(token{term: t, pos: pos})
			pos++
		}
	})
}

// terms is analyze collected into a slice.
func (a *analyzer) terms(text string) []token {
	var out []token
	a.analyze(text, func(t token) { out = append(out, t) })
	return out
}

// forEachWord calls f with each word of text: a maximal run of letters,
// digits and combining marks, where an apostrophe between two letters stays
// in the word ("don't", "prisoner's": the project tokenizer removes the
// possessive, as Lucene's EnglishPossessiveFilter does).
func forEachWord(text string, f func(string)) {
	start := -1
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) && start >= 0
		if !inWord && (r == '\'' || r == '\u2019') && start >= 0 {
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			inWord = unicode.IsLetter(next)
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			f(text[start:i])
			start = -1
		}
		i += size
	}
	if start >= 0 {
		f(text[start:])
	}
}

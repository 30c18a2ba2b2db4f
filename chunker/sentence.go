package chunker

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// endsSentence decides whether word ends a sentence, given the text that
// follows it from the next word on. A sentence ends at '.', '?', '!' or '…'
// (closing quotes and brackets may follow) when the next word starts with
// something other than a lowercase letter, or with a name in mixed case
// that starts in lower case ("eBay's", "iPhone") — and, for '.', when the word is
// not an abbreviation ("e.g.", "et al.", "Fig."), an initial ("J. Nash") or
// "No." before a number. Decimals ("0.5") never reach here: their dot is
// inside a word. "etc." is deliberately not an abbreviation: it ends
// sentences about as often as not.
func endsSentence(word, rest string) bool {
	if word == "" {
		return false
	}
	// Most words end in a letter: settle them without decoding anything.
	if c := word[len(word)-1]; c < utf8.RuneSelf && c != '.' && c != '?' && c != '!' && !isCloser(rune(c)) {
		return false
	}
	for word != "" {
		r, size := utf8.DecodeLastRuneInString(word)
		if !isCloser(r) {
			break
		}
		word = word[:len(word)-size]
	}
	last, _ := utf8.DecodeLastRuneInString(word)
	if last != '.' && last != '?' && last != '!' && last != '…' && !isCJKTerminator(last) {
		return false
	}
	next, nextAt := utf8.RuneError, len(rest)
	for i, r := range rest {
		if !isOpener(r) {
			next, nextAt = r, i
			break
		}
	}
	if !(unicode.IsDigit(next) || next == '$' || next == '\\' || unicode.IsLetter(next) && !unicode.IsLower(next) || startsMixedCase(rest[nextAt:])) {
		return false
	}
	if last != '.' {
		return true
	}
	for word != "" {
		r, size := utf8.DecodeRuneInString(word)
		if !isOpener(r) {
			break
		}
		word = word[size:]
	}
	if isInitials(word) && !isVariable(word, next) {
		return false
	}
	switch abbreviation(word) {
	case alwaysAbbrev:
		return false
	case numberAbbrev:
		return !unicode.IsDigit(next)
	}
	return true
}

// isVariable reports whether w, a lone lower-case letter and its dot,
// ends a sentence before next, a capital: "…the minimum over y of the
// maximum over x. A strategy that…". An initial is a capital ("J. Nash"),
// and lower-case abbreviations come in pairs ("e.g.") or are words
// ("cf."); "v." (versus, "Roe v. Wade") is the exception kept.
func isVariable(w string, next rune) bool {
	return len(w) == 2 && w[0] >= 'a' && w[0] <= 'z' && w[0] != 'v' && unicode.IsUpper(next)
}

// isInitials matches letter-dot pairs: "J.", "J.F.", "e.g.", "U.S.".
func isInitials(w string) bool {
	if w == "" {
		return false
	}
	for w != "" {
		r, size := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) || len(w) == size || w[size] != '.' {
			return false
		}
		w = w[size+1:]
	}
	return true
}

type abbrevKind int

const (
	notAbbrev    abbrevKind = iota
	alwaysAbbrev            // never ends a sentence: "Fig.", "et al."
	numberAbbrev            // does not end a sentence before a number: "No. 5"
)

// abbreviation classifies w (ending in '.') without allocating: the common
// case — a long or non-ASCII word — is rejected by length before any work.
func abbreviation(w string) abbrevKind {
	var buf [8]byte
	if len(w) > len(buf) {
		return notAbbrev
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c // non-ASCII bytes simply match nothing below
	}
	switch string(buf[:len(w)]) {
	case "al.", "fig.", "figs.", "eq.", "eqs.", "eqn.", "eqns.", "ref.", "refs.",
		"sec.", "secs.", "sect.", "ch.", "chap.", "vs.", "cf.", "viz.", "resp.",
		"approx.", "vol.", "vols.", "pp.", "thm.", "thms.", "prop.", "lem.",
		"def.", "defn.", "cor.", "app.", "appx.", "alg.", "tab.", "ed.", "eds.",
		"dr.", "mr.", "mrs.", "ms.", "prof.", "st.", "jr.", "sr.", "inc.",
		"ltd.", "co.", "corp.", "dept.", "univ.", "ibid.", "ca.", "esp.", "eg.", "ie.":
		return alwaysAbbrev
	case "no.", "nos.":
		return numberAbbrev
	}
	return notAbbrev
}

func isCloser(r rune) bool {
	switch r {
	case ')', ']', '}', '"', '\'', '”', '’', '»', '」', '』', '）', '】', '》':
		return true
	}
	return false
}

func isOpener(r rune) bool {
	switch r {
	case '(', '[', '{', '"', '\'', '“', '‘', '«', '「', '『', '（', '【', '《':
		return true
	}
	return false
}

// startsMixedCase reports whether s opens with a word that starts with a
// lower-case letter and has a capital further on, before any character
// other than a letter or an apostrophe: a name written that way ("eBay's",
// "iPhone", "d'Aspremont") opens a sentence as a capital would. A word in
// lower case throughout ("e.g. the", "i.e. when") does not.
func startsMixedCase(s string) bool {
	for i, r := range s {
		switch {
		case i == 0 && !unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			return true
		case !unicode.IsLetter(r) && r != '\'' && r != '’':
			return false
		}
	}
	return false
}

// Sentences splits text, its white space collapsed, into sentences where
// the chunker's own pass (newSplitter) finds them: the reasoners pick and
// judge sentences of the passages this package cut, so a passage and its
// sentences never disagree on where one ends. Text without an end of
// sentence is one sentence.
func Sentences(text string) []string {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return nil
	}
	s := newSplitter(text, Options{})
	var out []string
	start := 0
	for p := 1; p < s.n; p++ {
		if s.flags[p]&startSent != 0 {
			out = append(out, strings.TrimRight(text[start:s.off[p]], " "))
			start = int(s.off[p])
		}
	}
	return append(out, text[start:])
}

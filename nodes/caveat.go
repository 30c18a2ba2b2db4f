package nodes

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/text"
)

// caveat is the notice of an answer from the closest sources, which may
// not answer the question. It names what the question names that none of
// the passages does, so that the student sees what is missing: for "What
// is the Zorblax equilibrium of hyperbolic bargaining games?" the answer
// came from two bargaining papers, and "may not fully answer" alone did
// not say that neither mentions a Zorblax equilibrium.
//
// Only names are told (see names): the question's other words were
// measured in round 2 session 56 on 70 dev questions answered with a
// caveat, and were mostly a student's own words that the paper on the
// subject puts differently ("keep interacting", "obviously", "lab
// experiments" for a paper on laboratory sessions). Told that no source
// mentions them, a student would doubt a paper that is on the subject.
func caveat(question string, ps []reasoner.Passage) string {
	const plain = "the sources found may not fully answer this question"
	missing := unmentioned(question, ps)
	if len(missing) == 0 {
		return plain
	}
	return fmt.Sprintf("%s (none of them mentions %s)", plain, orList(missing))
}

// maxUnmentioned bounds the names a caveat tells.
const maxUnmentioned = 3

// unmentioned are the names of the question that no passage's title or
// text holds, at most maxUnmentioned, in question order. A name is held
// when the passages hold each of its stems, or those of one of its
// glossary forms ("DMP" as "Diamond-Mortensen-Pissarides").
func unmentioned(question string, ps []reasoner.Passage) []string {
	held := map[string]bool{}
	for _, p := range ps {
		for _, stem := range text.Tokenize(p.Title + "\n" + p.Text) {
			held[stem] = true
		}
	}
	holds := func(s string) bool {
		stems := text.Tokenize(s)
		return len(stems) > 0 && !slices.ContainsFunc(stems, func(s string) bool { return !held[s] })
	}
	var out []string
	for _, name := range names(question) {
		if holds(name) || slices.ContainsFunc(text.Expand(name), holds) || slices.Contains(out, name) {
			continue
		}
		if out = append(out, name); len(out) == maxUnmentioned {
			break
		}
	}
	return out
}

// word is a word of a question, with inner hyphens and apostrophes.
var word = regexp.MustCompile(`[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*`)

// names are the words a question writes as names: capitalised words and
// acronyms that do not open a sentence ("Zorblax", "Wuhan", "EU", "5G"), a
// possessive's "'s" dropped. Of a hyphenated word only its capitalised
// parts are a name ("Uber" of "Uber-style"), unless every part is
// ("Wi-Fi", "Gale-Shapley"). One letter ("I", the "Q" of "Q-learning") is
// no name.
func names(question string) []string {
	var out []string
	for _, loc := range word.FindAllStringIndex(question, -1) {
		if before := strings.TrimRight(question[:loc[0]], " \t\n\"“'‘("); before == "" || strings.ContainsAny(before[len(before)-1:], ".?!:;") {
			continue // a sentence's first word
		}
		w := question[loc[0]:loc[1]]
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		parts := strings.Split(w, "-")
		var caps []string
		for _, p := range parts {
			if isName(p) {
				caps = append(caps, p)
			}
		}
		if len(caps) == len(parts) && len(parts) > 1 {
			caps = []string{w}
		}
		for _, c := range caps {
			if utf8.RuneCountInString(c) > 1 {
				out = append(out, c)
			}
		}
	}
	return out
}

// isName reports whether part starts with a capital letter, or is a
// number with letters ("5G").
func isName(part string) bool {
	r, _ := utf8.DecodeRuneInString(part)
	if unicode.IsUpper(r) {
		return true
	}
	return unicode.IsDigit(r) && strings.IndexFunc(part, unicode.IsLetter) >= 0
}

// orList quotes words and joins them with commas and a final "or".
func orList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = `"` + w + `"`
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

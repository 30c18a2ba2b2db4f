package nodes

import (
	"fmt"
	"slices"
	"strings"

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
// Only names are told (text.Names): the question's other words were
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
		return len(stems) > 0 && countIn(stems, held, nil) == len(stems)
	}
	var out []string
	for _, name := range text.Names(question) {
		if holds(name) || slices.ContainsFunc(text.Expand(name), holds) || slices.Contains(out, name) {
			continue
		}
		if out = append(out, name); len(out) == maxUnmentioned {
			break
		}
	}
	return out
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

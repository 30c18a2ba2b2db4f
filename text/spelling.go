package text

import (
	"slices"
	"strings"
	"sync"
)

// Correction is one word CorrectSpelling changed.
type Correction struct {
	Word, As string
}

// CorrectSpelling returns question with the misspelt words of the field's
// terms corrected, and what it changed: "What is a nash equilibirum?"
// becomes "What is a nash equilibrium?". Without it that question named no
// glossary term, the topic judge found no game theory in it, and gtrag
// answered that it was not about game theory.
//
// A word is corrected only when all of these hold, so that a word the
// question meant is never changed:
//
//   - it is written in lower case and has at least seven letters;
//   - the field's vocabulary (the glossary, the cues, the related phrases
//     and field words) holds neither it nor any word of its stem;
//   - one glossary word is one edit away from it (a letter added, dropped,
//     changed, or two neighbours swapped);
//   - and the correction completes a glossary term of two words or more
//     that the question did not name before ("nash equilibirum",
//     "prisoners dilemna", "shapely value", "vickrey auctoin").
//
// The last rule is what makes it safe without an English dictionary, which
// gtrag does not ship: English words one edit from a glossary word are
// many ("bedding" and "bidding", "contiguous" and "continuous", "shaping"
// and "sharing"), and changing them would turn a question about patio
// slabs into one about auctions. Among the 3,066 questions and controls of
// testdata, none is changed; a misspelt word standing alone ("Why is the
// equilibirum unique?") is not corrected either.
func CorrectSpelling(question string) (string, []Correction) {
	var fixes []Correction
	for _, w := range Words(question) {
		if len([]rune(w)) < 7 || strings.ToLower(w) != w || knownWord(w) {
			continue
		}
		var as string
		for _, tw := range spellingTargets() {
			if editDistance1(w, tw) {
				if as != "" {
					as = "" // two targets: not this word's to guess
					break
				}
				as = tw
			}
		}
		if as == "" || !completesTerm(question, w, as) {
			continue
		}
		question = replaceWord(question, w, as)
		fixes = append(fixes, Correction{Word: w, As: as})
	}
	return question, fixes
}

// knownWord reports whether the field's vocabulary holds w or a word of
// its stem.
func knownWord(w string) bool {
	if fieldVocabulary()[w] {
		return true
	}
	stems := vocabularyStems()
	for _, s := range Tokenize(w) {
		if !stems[s] {
			return false
		}
	}
	return true
}

var vocabularyStems = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range fieldVocabulary() {
		for _, s := range Tokenize(w) {
			m[s] = true
		}
	}
	return m
})

// spellingTargets are the words of seven letters or more of the glossary's
// names, variants and acronyms, lower-cased.
var spellingTargets = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	var out []string
	for i := range glossary {
		for _, f := range glossary[i].forms() {
			for _, w := range Words(f) {
				w = strings.ToLower(w)
				if len([]rune(w)) >= 7 && !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
})

// completesTerm reports whether writing as for w names a glossary term of
// two words or more, holding as, that the question did not name.
func completesTerm(question, w, as string) bool {
	named := map[string]bool{}
	for _, c := range Focal(question) {
		if c.Known {
			named[c.Name] = true
		}
	}
	for _, c := range Focal(replaceWord(question, w, as)) {
		if !c.Known || named[c.Name] {
			continue
		}
		for _, f := range append([]string{c.Name}, c.Variants...) {
			words := Words(strings.ToLower(f))
			if len(words) >= 2 && slices.Contains(words, as) {
				return true
			}
		}
	}
	return false
}

// replaceWord replaces the first whole-word w in s.
func replaceWord(s, w, as string) string {
	done := false
	var b strings.Builder
	last := 0
	eachWord(s, func(start, end int) {
		if done || s[start:end] != w {
			return
		}
		b.WriteString(s[last:start])
		b.WriteString(as)
		last, done = end, true
	})
	b.WriteString(s[last:])
	return b.String()
}

// editDistance1 reports whether a and b are one edit apart: a letter
// inserted, deleted or substituted, or two neighbouring letters swapped
// (optimal string alignment distance 1).
func editDistance1(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		var diff []int
		for i := range ra {
			if ra[i] != rb[i] {
				diff = append(diff, i)
				if len(diff) > 2 {
					return false
				}
			}
		}
		switch len(diff) {
		case 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && ra[i] == rb[j] && ra[j] == rb[i]
		}
		return false
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i+1:]) == string(rb[i:])
	}
	return false
}

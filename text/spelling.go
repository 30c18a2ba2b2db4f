package text

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
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
//   - it has at least seven letters and is written in lower case or with
//     a capital first letter ("Nash Equilibirum"); each part of a
//     hyphenated word counts as a word, and a possessive ending is left
//     as it is ("equilibirum's");
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
	spans := spellingCandidates(question)
	// From the last word to the first, so that a correction's change of
	// length moves no span still to be read.
	for i := len(spans) - 1; i >= 0; i-- {
		sp := spans[i]
		word := question[sp.start:sp.end]
		var as string
		for _, tw := range spellingTargets() {
			if editDistance1(strings.ToLower(word), tw) {
				if as != "" {
					as = "" // two targets: not this word's to guess
					break
				}
				as = tw
			}
		}
		if as == "" {
			continue
		}
		if word != strings.ToLower(word) {
			as = strings.ToUpper(as[:1]) + as[1:] // "Equilibirum" → "Equilibrium"
		}
		fixed := question[:sp.start] + as + question[sp.end:]
		if !completesTerm(question, fixed, strings.ToLower(as)) {
			continue
		}
		question = fixed
		c := Correction{Word: word, As: as}
		if !slices.Contains(fixes, c) {
			fixes = slices.Insert(fixes, 0, c)
		}
	}
	return question, fixes
}

// span is a word's bytes in a text.
type span struct{ start, end int }

// spellingCandidates are the words of question CorrectSpelling may change:
// the parts of a hyphenated word ("nash-equilibirum") each, without a
// possessive ending ("equilibirum's"), of seven letters or more, written in
// lower case or with a capital first letter ("Nash Equilibirum"), and
// unknown to the field's vocabulary.
func spellingCandidates(question string) []span {
	var out []span
	eachWord(question, func(start, end int) {
		w := question[start:end]
		for off := 0; off <= len(w); {
			n := strings.IndexByte(w[off:], '-')
			if n < 0 {
				n = len(w) - off
			}
			part := w[off : off+n]
			for _, pos := range []string{"'s", "’s"} {
				part = strings.TrimSuffix(part, pos)
			}
			if spellable(part) {
				out = append(out, span{start + off, start + off + len(part)})
			}
			off += n + 1
		}
	})
	return out
}

// spellable reports whether part may be a misspelt word of the field.
func spellable(part string) bool {
	if utf8.RuneCountInString(part) < 7 {
		return false
	}
	lower := strings.ToLower(part)
	first, size := utf8.DecodeRuneInString(part)
	if part != lower && (strings.ToLower(part[size:]) != part[size:] || !unicode.IsUpper(first)) {
		return false // "VCG", "McKelvey": not a word's misspelling
	}
	return !knownWord(lower)
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

// completesTerm reports whether fixed, question with one word corrected to
// as, names a glossary term of two words or more, holding as, that
// question did not name.
func completesTerm(question, fixed, as string) bool {
	named := map[string]bool{}
	for _, c := range Focal(question) {
		if c.Known {
			named[c.Name] = true
		}
	}
	for _, c := range Focal(fixed) {
		if !c.Known || named[c.Name] {
			continue
		}
		for _, f := range append([]string{c.Name}, c.Variants...) {
			words := Words(strings.ToLower(f))
			for i, w := range words {
				words[i] = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s") // "nash equilibrium's"
			}
			if len(words) >= 2 && slices.Contains(words, as) {
				return true
			}
		}
	}
	return false
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

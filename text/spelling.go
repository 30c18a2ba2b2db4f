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
	var named []Concept // the question's glossary terms, found when first needed
	spans := spellingCandidates(question)
	// From the last word to the first, so that a correction's change of
	// length moves no span still to be read.
	for i := len(spans) - 1; i >= 0; i-- {
		sp := spans[i]
		word := question[sp.start:sp.end]
		lower := strings.ToLower(word)
		as := oneEditFrom(lower)
		// The vocabulary last: most long words are one edit from no
		// glossary word, and the vocabulary's tables cost some 15 ms to
		// build, which a question answered from the store need not pay.
		if as == "" || knownWord(lower) {
			continue
		}
		if word != lower {
			as = strings.ToUpper(as[:1]) + as[1:] // "Equilibirum" → "Equilibrium"
		}
		fixed := question[:sp.start] + as + question[sp.end:]
		if named == nil {
			named = knownConcepts(question)
		}
		after := knownConcepts(fixed)
		if !completesTerm(named, after, strings.ToLower(as)) {
			continue
		}
		question, named = fixed, after
		c := Correction{Word: word, As: as}
		if !slices.Contains(fixes, c) {
			fixes = slices.Insert(fixes, 0, c)
		}
	}
	return question, fixes
}

// oneEditFrom is the one glossary word one edit from w, or "" when there
// is none, or more than one to choose from.
func oneEditFrom(w string) string {
	n := utf8.RuneCountInString(w)
	as := ""
	for _, length := range []int{n - 1, n, n + 1} {
		for _, tw := range spellingTargets()[length] {
			if editDistance1(w, tw) {
				if as != "" {
					return "" // two targets: not this word's to guess
				}
				as = tw
			}
		}
	}
	return as
}

// span is a word's bytes in a text.
type span struct{ start, end int }

// spellingCandidates are the words of question CorrectSpelling may change:
// each part of a joined word ("nash-equilibirum", the "equilibirum" of
// "equilibirum's"), of seven letters or more, written in lower case or
// with a capital first letter ("Nash Equilibirum").
func spellingCandidates(question string) []span {
	var out []span
	eachWord(question, func(start, end int) {
		part := start // a part of the word ends at a joiner: "-", "'", …
		for i, r := range question[start:end] {
			if isJoiner(r) {
				out = appendSpellable(out, question, part, start+i)
				part = start + i + utf8.RuneLen(r)
			}
		}
		out = appendSpellable(out, question, part, end)
	})
	return out
}

// appendSpellable appends the span of question[start:end] to spans when it
// is spellable.
func appendSpellable(spans []span, question string, start, end int) []span {
	if spellable(question[start:end]) {
		spans = append(spans, span{start, end})
	}
	return spans
}

// spellable reports whether part is shaped like a word CorrectSpelling
// may change: long enough, and in lower case or with a capital first
// letter.
func spellable(part string) bool {
	if utf8.RuneCountInString(part) < 7 {
		return false
	}
	first, size := utf8.DecodeRuneInString(part)
	// "VCG", "McKelvey": not a word's misspelling.
	return part == strings.ToLower(part) || unicode.IsUpper(first) && strings.ToLower(part[size:]) == part[size:]
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
// names, variants and acronyms, lower-cased, by their length in runes: a
// word is compared with those one rune shorter, as long, or longer only.
var spellingTargets = sync.OnceValue(func() map[int][]string {
	seen := map[string]bool{}
	out := map[int][]string{}
	for i := range glossary {
		for _, f := range glossary[i].forms() {
			for _, w := range Words(f) {
				w = strings.ToLower(w)
				if n := utf8.RuneCountInString(w); n >= 7 && !seen[w] {
					seen[w] = true
					out[n] = append(out[n], w)
				}
			}
		}
	}
	return out
})

// knownConcepts are the glossary terms q names.
func knownConcepts(q string) []Concept {
	out := []Concept{}
	for _, c := range Focal(q) {
		if c.Known {
			out = append(out, c)
		}
	}
	return out
}

// completesTerm reports whether after, the glossary terms of a question
// with one word corrected to as, holds a term of two words or more,
// holding as, that before, the question's terms, did not.
func completesTerm(before, after []Concept, as string) bool {
	for _, c := range after {
		if slices.ContainsFunc(before, func(b Concept) bool { return b.Name == c.Name }) {
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
	if d := len(a) - len(b); d > utf8.UTFMax || d < -utf8.UTFMax {
		return false // one rune more or less changes the length by 4 bytes at most
	}
	if isASCII(a) && isASCII(b) {
		return edit1([]byte(a), []byte(b)) // the glossary's words: no rune decoding
	}
	return edit1([]rune(a), []rune(b))
}

func edit1[T byte | rune](a, b []T) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	switch len(a) - len(b) {
	case 0:
		first, second := -1, -1
		for i := range a {
			if a[i] == b[i] {
				continue
			}
			switch {
			case first < 0:
				first = i
			case second < 0:
				second = i
			default:
				return false
			}
		}
		switch {
		case first >= 0 && second < 0:
			return true
		case second >= 0:
			return second == first+1 && a[first] == b[second] && a[second] == b[first]
		}
		return false
	case 1:
		i := 0
		for i < len(b) && a[i] == b[i] {
			i++
		}
		return slices.Equal(a[i+1:], b[i:])
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

package service

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
)

// joinChunks puts consecutive chunks of one text back together: the text
// chunker.Split cut, which the store keeps only as its chunks, without
// where they were cut or the options they were cut with. A chunk may repeat
// the end of the one before (the overlap); chunks that share nothing were
// separated by white space, which the chunker collapsed to one space.
//
// At each seam the longest repeat that starts a word of the first chunk
// and ends a word of the second is dropped (overlap). For a text cut with
// the default options, as every store gtrag writes is, that is provably
// the chunker's own cut when the seam is plain (plainSeam): nearly every
// seam of a real abstract is, and costs nothing more. A text that repeats
// itself over more than the overlap (the same sentence three hundred
// times), CJK text or a word of hundreds of runes is re-derived instead
// (asChunked): the repeats the chunker could have made are tried, and a
// join is taken only when chunker.Split cuts it into exactly the stored
// chunks. A text that no such join reproduces (cut with other options, or
// not by the chunker) keeps the longest-repeat join.
func joinChunks(texts []string) string {
	plain := true
	var b strings.Builder
	for i, t := range texts {
		if i == 0 {
			b.WriteString(t)
			continue
		}
		k := overlap(b.String(), t)
		plain = plain && plainSeam(texts[i-1], t, k)
		if k == 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t[k:])
	}
	if plain || len(texts) < 2 {
		return b.String()
	}
	if text, ok := asChunked(texts); ok {
		return text
	}
	return b.String()
}

// overlap is the length of the longest prefix of next that ends acc, starts
// a word in acc and ends a word in next.
func overlap(acc, next string) int {
	for k := min(len(acc), len(next)); k > 0; k-- {
		if !strings.HasSuffix(acc, next[:k]) {
			continue
		}
		startsWord := k == len(acc) || isSpaceByte(acc[len(acc)-k-1])
		endsWord := k == len(next) || isSpaceByte(next[k])
		if startsWord && endsWord && !unicode.IsSpace(rune(next[0])) {
			return k
		}
	}
	return 0
}

// wordRepeat reports whether next[:k] ends prev after a space of prev
// and before a space of next: a repeat that starts and ends at a word.
func wordRepeat(prev, next string, k int) bool {
	return k < len(prev) && k < len(next) && isSpaceByte(next[k]) &&
		isSpaceByte(prev[len(prev)-k-1]) && strings.HasSuffix(prev, next[:k])
}

// longWord is a word long enough to make the chunker cut it at the end
// of a chunk, or start the next chunk later than its overlap allows so as
// not to cut it: either leaves at least Size−Overlap−2 runes of one word
// at the end of a chunk (798 with the defaults; the next chunk then ends
// with the word it would not cut). Half of that, in bytes, leaves room for
// the combining marks the chunker does not cut before.
const longWord = (chunker.DefaultSize - chunker.DefaultOverlap) / 2

// endsLong reports whether chunk ends in a word of longWord bytes or more.
func endsLong(chunk string) bool { return len(lastWord(chunk)) >= longWord }

// lastWord is the word chunk ends with.
func lastWord(chunk string) string { return chunk[strings.LastIndexAny(chunk, " \n")+1:] }

// plainSeam reports whether k, the longest word-aligned repeat of chunk
// prev at the start of chunk next (overlap), is certainly the overlap
// chunker.Split made if it cut them with the default options: when
// 0 < k < len(prev), next[:k] is at most DefaultOverlap runes, no other
// word-aligned repeat is half that long or longer, neither chunk ends in
// a long word (endsLong), and neither the last DefaultOverlap+1 runes of
// prev nor the first DefaultOverlap+1 of next are CJK (chunker.MayCutNextTo).
//
// The chunker starts the next chunk inside prev, after its first rune and
// no more than DefaultOverlap runes before its end (a long word after the
// cut could move that bound, and next would end in it), at the earliest
// sentence start that shares at least DefaultOverlap/2 runes, else at the
// earliest word start; and it did not cut a word (prev would end in it).
// Without CJK a word starts exactly after a space and ends exactly before
// one, so the chunker's repeat is word-aligned and within the bound, and
// every word-aligned repeat within the bound starts at a word it could
// have taken. Taken at the earliest word start, its repeat is the longest
// of them; at a sentence start it shares at least DefaultOverlap/2 runes,
// and is the only one that long.
func plainSeam(prev, next string, k int) bool {
	if k == 0 || k >= len(prev) || k >= len(next) || endsLong(prev) || endsLong(next) {
		return false
	}
	head, cjk := headRunes(next, chunker.DefaultOverlap+1)
	if cjk || k >= head || utf8.RuneCountInString(next[:k]) > chunker.DefaultOverlap {
		return false
	}
	if tailCJK(prev, chunker.DefaultOverlap+1) {
		return false
	}
	if half, _ := headRunes(next, chunker.DefaultOverlap/2); k >= half {
		for j := k - 1; j >= half; j-- {
			if wordRepeat(prev, next, j) {
				return false
			}
		}
	}
	return true
}

// headRunes is the length in bytes of the first n runes of s (or of s),
// and whether one of them is CJK (chunker.MayCutNextTo).
func headRunes(s string, n int) (size int, cjk bool) {
	for ; size < len(s) && n > 0; n-- {
		if s[size] < utf8.RuneSelf {
			size++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[size:])
		cjk = cjk || chunker.MayCutNextTo(r)
		size += w
	}
	return size, cjk
}

// tailCJK reports whether one of the last n runes of s is CJK (chunker.MayCutNextTo).
func tailCJK(s string, n int) bool {
	for i := len(s); i > 0 && n > 0; n-- {
		if s[i-1] < utf8.RuneSelf {
			i--
			continue
		}
		r, w := utf8.DecodeLastRuneInString(s[:i])
		if chunker.MayCutNextTo(r) {
			return true
		}
		i -= w
	}
	return false
}

// maxJoinTries bounds the re-splits asChunked makes for one paper (some
// 100 µs each for a 10,000-rune abstract); a repetitive text needs one.
const maxJoinTries = 256

// asChunked is the text that chunker.Split, with the default options, cuts
// into exactly texts, found among the joins of texts at the overlaps the
// chunker could have made (seamCandidates); ok is false when none is
// found. Such a join is the text the chunks were cut from: the chunker
// picks where a chunk starts from the text before that point and the
// length of the word after it, so two texts with the same chunks agree
// from seam to seam (unless a run of about Size−Overlap runes lets a word
// be cut).
//
// The search goes seam by seam, from the first: with the overlaps before
// seam i fixed, an overlap at seam i is followed only when the re-split
// gives chunks 0..i as stored, since the later seams only move text the
// chunker reads for the chunks after i.
func asChunked(texts []string) (string, bool) {
	s := joinSearch{texts: texts, tries: maxJoinTries}
	s.cands = make([][]int, len(texts)-1)
	s.pick = make([]int, len(texts)-1)
	for i := range s.cands {
		s.cands[i] = seamCandidates(texts[i], texts[i+1])
	}
	if m := s.check(); m == len(texts) || s.solve(0, m) {
		return s.text(), true
	}
	return "", false
}

// joinSearch is asChunked's state: the overlaps to try at each seam and
// the one tried now. An overlap of 0 joins with a space; gapNewlines with
// the "\n\n" before "Abstract: ".
type joinSearch struct {
	texts []string
	cands [][]int
	pick  []int
	tries int
}

const gapNewlines = -1

// seamCandidates lists the overlaps the chunker could have made between
// chunks prev and next with the default options, in the order to try
// them: the repeats of prev's end at next's start that are at most
// DefaultOverlap runes and start after prev's first rune, longer before
// shorter (the chunker shares as much as it can); first those that start
// and end at a space, then those that start or end inside a word, which
// the chunker does only next to CJK or in a word it cut (endsInLongWord);
// then no overlap.
func seamCandidates(prev, next string) []int {
	gaps := []int{0}
	if strings.HasPrefix(next, "Abstract: ") { // after the title's last chunk, which starts "Title: " unless a title of one long word was cut
		gaps = append(gaps, gapNewlines)
	}
	if next == "" || unicode.IsSpace(rune(next[0])) {
		return gaps
	}
	end, _ := headRunes(next, chunker.DefaultOverlap) // bytes of next's first DefaultOverlap runes
	cut := endsInLongWord(prev)
	var words, others []int
	for k := min(end, len(prev)-1, len(next)-1); k > 0; k-- {
		if !utf8.RuneStart(next[k]) || !strings.HasSuffix(prev, next[:k]) {
			continue
		}
		if wordRepeat(prev, next, k) {
			words = append(words, k)
		} else if cut || nextToCJK(prev[:len(prev)-k], next) && nextToCJK(next[:k], next[k:]) {
			others = append(others, k)
		}
	}
	return append(append(words, others...), gaps...)
}

// nextToCJK reports whether the chunker may cut between a and b: at a
// space, or next to CJK (chunker.MayCutNextTo).
func nextToCJK(a, b string) bool {
	last, _ := utf8.DecodeLastRuneInString(a)
	first, _ := utf8.DecodeRuneInString(b)
	return a == "" || b == "" || unicode.IsSpace(last) || unicode.IsSpace(first) || chunker.MayCutNextTo(last) || chunker.MayCutNextTo(first)
}

// endsInLongWord reports whether chunk ends in a word long enough that
// the chunker may have cut it there: a cut leaves at least Size−Overlap−2
// runes of one word at the end of a chunk (798 with the defaults), fewer
// only by combining marks it would not cut before.
func endsInLongWord(chunk string) bool {
	return utf8.RuneCountInString(lastWord(chunk)) >= chunker.DefaultSize-chunker.DefaultOverlap-2
}

// text is the join of the overlaps picked now.
func (s *joinSearch) text() string {
	var b strings.Builder
	b.WriteString(s.texts[0])
	for i, c := range s.pick {
		next := s.texts[i+1]
		switch k := s.cands[i][c]; k {
		case 0:
			b.WriteByte(' ')
			b.WriteString(next)
		case gapNewlines:
			b.WriteString("\n\n")
			b.WriteString(next)
		default:
			b.WriteString(next[k:])
		}
	}
	return b.String()
}

// check re-splits the join picked now and returns the index of the first
// chunk that differs from the stored ones: len(s.texts) when all are
// equal, -1 when the join is no text the chunker makes.
func (s *joinSearch) check() int {
	s.tries--
	p, ok := paperOfText(s.text())
	if !ok {
		return -1
	}
	chunks := chunker.Split(p, chunker.Options{})
	for i, c := range chunks {
		if i == len(s.texts) {
			return i - 1 // the last stored chunk does not end the text
		}
		if c.Text != s.texts[i] {
			return i
		}
	}
	return len(chunks)
}

// solve looks for the overlaps from seam i on, those before it fixed and
// those after it at their first candidate; m is check's answer for the
// join picked now (with seam i at its first candidate). A join that is no
// chunker text (-1) says nothing of which seam is wrong, so it prunes
// nothing.
func (s *joinSearch) solve(i, m int) bool {
	for c := range s.cands[i] {
		if c > 0 {
			if s.tries <= 0 {
				break
			}
			s.pick[i] = c
			m = s.check()
		}
		if m == len(s.texts) {
			return true
		}
		if (m > i || m < 0) && i+1 < len(s.cands) && s.solve(i+1, m) {
			return true
		}
	}
	s.pick[i] = 0
	return false
}

// paperOfText is the paper whose text chunker.Split cuts is text ("Title:
// T\n\nAbstract: S", "Title: T" or "Abstract: S", T and S cleaned and
// within the caps); ok is false when text is no such text.
func paperOfText(text string) (p arxiv.Paper, ok bool) {
	if rest, found := strings.CutPrefix(text, "Title: "); found {
		p.Title, p.Summary, _ = strings.Cut(rest, "\n\nAbstract: ")
		if p.Title == "" || p.Summary == "" && strings.Contains(rest, "\n\nAbstract: ") {
			return arxiv.Paper{}, false
		}
	} else if p.Summary, found = strings.CutPrefix(text, "Abstract: "); !found || p.Summary == "" {
		return arxiv.Paper{}, false
	}
	for _, f := range []struct {
		s   string
		max int
	}{{p.Title, chunker.MaxTitleRunes}, {p.Summary, chunker.MaxSummaryRunes}} {
		if !utf8.ValidString(f.s) || f.s != strings.Join(strings.Fields(f.s), " ") || utf8.RuneCountInString(f.s) > f.max {
			return arxiv.Paper{}, false
		}
	}
	return p, true
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

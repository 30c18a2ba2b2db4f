package chunker

import (
	"unicode"
	"unicode/utf8"
)

// span is one chunk's place in the text: rune positions for the size rules,
// byte offsets for slicing.
type span struct {
	start, end         int // runes, end exclusive
	startByte, endByte int
	// midSentence: the span starts at a word inside a sentence, where no
	// sentence start shared enough of the overlap.
	midSentence bool
}

// Boundary flags for a position p, which sits between rune p-1 and rune p.
const (
	endWord   uint8 = 1 << iota // a chunk may end here: a word ends
	endSent                     // ... and so does a sentence
	startWord                   // a chunk may start here: a word starts
	startSent                   // ... and so does a sentence
	nonSpace                    // rune p is not white space
)

// splitter holds the text and its boundary flags; one per call, so Split is
// safe for concurrent use.
type splitter struct {
	text  string
	off   []int32 // off[p] is the byte offset of rune p; off[n] == len(text)
	flags []uint8 // len n+1
	n     int     // runes
	size  int
	ovl   int
}

// split cuts text (already cleaned: no leading or trailing space, valid
// UTF-8) into spans no longer than opt.Size runes.
//
// A chunk ends at the last sentence end that keeps it at least half full,
// else at the last word end, else (one token longer than Size) at Size runes.
// The next chunk starts inside the previous one so that they share at most
// opt.Overlap runes: at the earliest sentence start that still shares at least
// half the overlap, else at the earliest word start, else — inside a token
// that had to be cut — at the earliest rune; but never so early that the next
// word, if it fits in a chunk, would have to be cut. Every step ends later
// than the last, so the loop always finishes.
func split(text string, opt Options) []span {
	if text == "" {
		return nil
	}
	s := newSplitter(text, opt)
	spans := make([]span, 0, s.n/(opt.Size-opt.Overlap)+1)
	start, prevEnd := 0, 0
	for {
		end := s.pickEnd(start, prevEnd)
		spans = append(spans, span{start: start, end: end, startByte: int(s.off[start]), endByte: int(s.off[end]), midSentence: s.flags[start]&startSent == 0})
		if end >= s.n {
			return spans
		}
		start, prevEnd = s.pickStart(start, end), end
	}
}

// newSplitter marks every boundary in one pass over the text. A word's
// sentence end is decided when the next word starts, because it depends on
// how that word begins.
func newSplitter(text string, opt Options) *splitter {
	// Sized by bytes, which bound the runes: one pass instead of counting
	// runes first.
	off, fl := make([]int32, len(text)+1), make([]uint8, len(text)+1)
	var (
		prev      rune
		prevSpace = true
		wordStart = 0  // byte offset of the current (or last) word
		wordEnd   = -1 // rune position of the last word end, until decided
		wordEndB  = 0
		newline   bool
	)
	p := 0
	for i := 0; i < len(text); p++ {
		c := text[i]
		r, size := rune(c), 1
		var space bool
		if c < utf8.RuneSelf {
			space = c == ' ' || c >= '\t' && c <= '\r'
		} else {
			r, size = utf8.DecodeRuneInString(text[i:])
			space = unicode.IsSpace(r)
		}
		off[p] = int32(i)
		switch {
		case space:
			if !prevSpace {
				fl[p] |= endWord
				wordEnd, wordEndB, newline = p, i, false
			}
			newline = newline || r == '\n'
		case prevSpace:
			fl[p] |= nonSpace | startWord
			if p == 0 || wordEnd >= 0 && (newline || endsSentence(text[wordStart:wordEndB], text[i:])) {
				fl[p] |= startSent
				if wordEnd >= 0 {
					fl[wordEnd] |= endSent
				}
			}
			wordStart, wordEnd = i, -1
		default:
			fl[p] |= nonSpace
			// Scripts written without spaces still need places to cut.
			if prev >= utf8.RuneSelf || r >= utf8.RuneSelf {
				if isCJKTerminator(prev) && !isCloser(r) {
					fl[p] |= endWord | endSent | startWord | startSent
				} else if (isCJK(prev) || isCJK(r)) && !isCloser(r) && !isOpener(prev) && !isCJKPunct(r) {
					fl[p] |= endWord | startWord
				}
			}
		}
		prev, prevSpace = r, space
		i += size
	}
	n := p
	off[n] = int32(len(text))
	if !prevSpace {
		fl[n] |= endWord | endSent
	} else if wordEnd >= 0 {
		fl[wordEnd] |= endSent
	}
	return &splitter{text: text, off: off[:n+1], flags: fl[:n+1], n: n, size: opt.Size, ovl: opt.Overlap}
}

// pickEnd chooses where the chunk that starts at start ends; it must end
// after minEnd so that every chunk adds text.
func (s *splitter) pickEnd(start, minEnd int) int {
	limit := start + s.size
	if limit >= s.n {
		return s.n
	}
	lo := max(start, minEnd)
	half := start + s.size/2
	lastWord := -1
	for e := limit; e > lo; e-- {
		f := s.flags[e]
		if f&endSent != 0 && e >= half {
			return e
		}
		if f&endWord != 0 && lastWord < 0 {
			lastWord = e
		}
		if e < half && lastWord >= 0 {
			break // only sentence ends could be better, and they are too early now
		}
	}
	if lastWord >= 0 {
		return lastWord
	}
	// One token fills the whole window: cut it, but not between a character
	// and what modifies it (accents, emoji joiners, skin tones).
	e := limit
	for e-1 > lo && s.clings(e) && s.flags[e-2]&nonSpace != 0 {
		e--
	}
	if s.clings(e) {
		return limit // no clean cut in reach: a split cluster beats an empty chunk
	}
	return e
}

// pickStart chooses where the chunk after [start, end) begins.
func (s *splitter) pickStart(start, end int) int {
	next := end
	for next < s.n && s.flags[next]&nonSpace == 0 {
		next++
	}
	if s.ovl > 0 {
		// The next chunk must reach past the white space after end, and, if
		// the word there fits in a chunk, to that word's end: overlap is
		// worth less than a word cut in two.
		reach := next + 1
		for q := next + 1; q <= min(s.n, next+s.size); q++ {
			if s.flags[q]&endWord != 0 {
				reach = q
				break
			}
		}
		lo := max(start+1, end-s.ovl, reach-s.size)
		halfOvl := end - s.ovl/2 // sentence starts at or before this share at least half
		cutToken := s.flags[end]&endWord == 0
		firstWord, firstRune := -1, -1
		for p := lo; p < end; p++ {
			f := s.flags[p]
			if f&startSent != 0 && p <= halfOvl {
				return p
			}
			if f&startWord != 0 && firstWord < 0 {
				firstWord = p
			}
			if cutToken && firstRune < 0 && f&nonSpace != 0 && !s.clings(p) {
				firstRune = p
			}
			if p >= halfOvl && firstWord >= 0 {
				break
			}
		}
		if firstWord >= 0 {
			return firstWord
		}
		if firstRune >= 0 {
			return firstRune
		}
	}
	return next
}

// clings reports whether rune p belongs to the character before it, so that
// cutting at p would separate them.
func (s *splitter) clings(p int) bool {
	if p <= 0 || p >= s.n {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s.text[s.off[p]:])
	before, _ := utf8.DecodeLastRuneInString(s.text[:s.off[p]])
	return before == '\u200d' || r == '\u200d' ||
		(r >= '\ufe00' && r <= '\ufe0f') || (r >= 0x1f3fb && r <= 0x1f3ff) ||
		(r >= 0xe0020 && r <= 0xe007f) || unicode.In(r, unicode.Mn, unicode.Me)
}

// cjkBound is the first rune of the CJK blocks (Han, kana, Hangul and
// their punctuation); no rune below it is a boundary without white space.
const cjkBound = 0x2e80

// MayCutNextTo reports whether the chunker may find a word or sentence
// boundary next to r without white space: never below the CJK blocks. It
// is a bound, cheap to test, for a reader of chunks that must tell where
// a cut can have fallen (service's join of a paper's chunks); the
// chunker's own rules (isCJK, isCJKTerminator, isCJKPunct) are finer.
func MayCutNextTo(r rune) bool { return r >= cjkBound }

// isCJK: Han, kana and Hangul syllables. Cheap for ASCII.
func isCJK(r rune) bool {
	if r < cjkBound {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

func isCJKTerminator(r rune) bool {
	return r == '。' || r == '！' || r == '？' || r == '｡'
}

// isCJKPunct covers the commas and stops that must stay with the word before.
func isCJKPunct(r rune) bool {
	return r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xff65 && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

package text

import (
	"unicode"
	"unicode/utf8"
)

// Tokenize turns text into the terms that the offline embedder hashes and
// that BM25 indexes, so a question and a paper that use the same words in
// different forms ("Prisoner's Dilemmas", "prisoner dilemma") meet on the
// same terms. The steps, in order:
//
//   - Words are maximal runs of Unicode letters and digits. Everything else
//     separates words, except an apostrophe or hyphen between two word
//     characters (see below). Combining marks are dropped and Latin letters
//     lose their diacritics ("Hervé" → "herve", "Groß" → "gross").
//   - Text is lower-cased.
//   - A possessive is removed ("prisoner's" → "prisoner", "players'" →
//     "players"); other apostrophes inside a word are dropped ("don't" →
//     "dont").
//   - A hyphenated word yields the joined word first and then each part:
//     "tit-for-tat" → "titfortat", "tit", "tat" ("for" is a stop word). The
//     joined form matches the unhyphenated spelling, the parts match the
//     spelled-out one, and the order keeps "zero-sum game" and "zero sum
//     game" sharing the bigrams the embedder hashes.
//   - English stop words (StopWords) and one-character words are dropped, and so are
//     words longer than 64 bytes (identifiers, URLs run together, noise).
//   - Han, Hiragana and Katakana characters are single-character terms,
//     since those scripts do not separate words with spaces.
//   - ASCII words are stemmed with the Porter (1980) algorithm, after a
//     small table of Latin plurals ("equilibria" → "equilibrium"). Words
//     holding digits or non-Latin letters are left as they are.
//
// The result is deterministic. Changing any of these rules changes the
// vectors of the "offline" embedder, which stores keep on disk: treat it as
// a format change (TestOfflineEmbedderGolden guards against accidents).
func Tokenize(text string) []string {
	var out []string
	var sc Scanner
	sc.Scan(text, func(tok []byte) {
		out = append(out, string(tok))
	})
	return out
}

// MaxTermLen is the longest term Tokenize keeps, in bytes.
const MaxTermLen = 64

// A Scanner tokenizes like Tokenize but hands each term to a callback and
// keeps its scratch space between calls, so that a hot loop (the offline
// embedder, BM25 indexing) can tokenize many texts without allocating. The
// zero value is ready; a Scanner must not be used by two goroutines at once.
type Scanner struct {
	word  []byte // the compound word being read, parts concatenated
	parts []int  // end offsets of each part in word
	tok   []byte // the term handed to emit
}

// Scan calls emit with each term of text in order, exactly the terms
// Tokenize returns. The slice passed to emit is only valid during the call.
func (s *Scanner) Scan(text string, emit func(tok []byte)) {
	s.word = s.word[:0]
	s.parts = s.parts[:0]
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
				s.word = append(s.word, c)
				i++
				continue
			case 'A' <= c && c <= 'Z':
				s.word = append(s.word, c+('a'-'A'))
				i++
				continue
			case c == '\'':
				i = s.apostrophe(text, i, 1, emit)
				continue
			case c == '-':
				i = s.hyphen(text, i, 1, emit)
				continue
			}
			s.flush(emit)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\u2019': // right single quotation mark, the typographic apostrophe
			i = s.apostrophe(text, i, size, emit)
			continue
		case r == '\u2010' || r == '\u2011': // hyphen, non-breaking hyphen
			i = s.hyphen(text, i, size, emit)
			continue
		case isIdeograph(r):
			s.flush(emit)
			s.tok = utf8.AppendRune(s.tok[:0], r)
			emit(s.tok)
		case unicode.IsLetter(r):
			s.appendLetter(r)
		case unicode.IsDigit(r):
			s.word = utf8.AppendRune(s.word, r)
		case unicode.Is(unicode.Mn, r) && len(s.word) > 0:
			// A combining accent on the previous letter: drop it, stay in the word.
		default:
			s.flush(emit)
		}
		i += size
	}
	s.flush(emit)
}

// apostrophe handles an apostrophe of size bytes at text[i] and returns where
// scanning resumes.
func (s *Scanner) apostrophe(text string, i, size int, emit func([]byte)) int {
	if s.partLen() == 0 {
		s.flush(emit)
		return i + size
	}
	next := i + size
	// Possessive 's: drop it and end the word.
	if next < len(text) && (text[next] == 's' || text[next] == 'S') && !isWordByteAt(text, next+1) {
		s.flush(emit)
		return next + 1
	}
	// Contraction (don't): drop the apostrophe, keep the word going.
	if isWordByteAt(text, next) {
		return next
	}
	// Trailing apostrophe (players'): ends the word.
	s.flush(emit)
	return next
}

// hyphen handles a hyphen of size bytes at text[i]: between two word
// characters it starts a new part of a compound, anywhere else it separates.
func (s *Scanner) hyphen(text string, i, size int, emit func([]byte)) int {
	if s.partLen() > 0 && isWordByteAt(text, i+size) {
		s.parts = append(s.parts, len(s.word))
	} else {
		s.flush(emit)
	}
	return i + size
}

// partLen is the length of the part being read.
func (s *Scanner) partLen() int {
	if len(s.parts) == 0 {
		return len(s.word)
	}
	return len(s.word) - s.parts[len(s.parts)-1]
}

// isWordByteAt reports whether a word character starts at text[i].
func isWordByteAt(text string, i int) bool {
	if i >= len(text) {
		return false
	}
	c := text[i]
	if c < utf8.RuneSelf {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isIdeograph(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)
}

// appendLetter lower-cases r, folds Latin diacritics and appends it.
func (s *Scanner) appendLetter(r rune) {
	if r >= 0xC0 && r < 0x180 {
		if f := latinFold[r-0xC0]; f != "" {
			s.word = append(s.word, f...)
			return
		}
	}
	s.word = utf8.AppendRune(s.word, unicode.ToLower(r))
}

// flush emits the compound word read so far: the joined word, then its
// parts when there is more than one.
func (s *Scanner) flush(emit func([]byte)) {
	// A compound cut short by a character that is not part of a word
	// ("game-中") leaves an empty last part behind.
	for len(s.parts) > 0 && s.parts[len(s.parts)-1] == len(s.word) {
		s.parts = s.parts[:len(s.parts)-1]
	}
	if len(s.word) == 0 {
		s.parts = s.parts[:0]
		return
	}
	s.emitTerm(s.word, emit)
	if len(s.parts) > 0 {
		start := 0
		for _, end := range s.parts {
			s.emitTerm(s.word[start:end], emit)
			start = end
		}
		s.emitTerm(s.word[start:], emit)
	}
	s.word = s.word[:0]
	s.parts = s.parts[:0]
}

// emitTerm filters and stems one word and emits it.
func (s *Scanner) emitTerm(w []byte, emit func([]byte)) {
	if len(w) > MaxTermLen || utf8.RuneCount(w) < 2 {
		return
	}
	if StopWords.Has(string(w)) {
		return
	}
	s.tok = append(s.tok[:0], w...)
	if isASCIILetters(s.tok) {
		if base, ok := latinPlurals[string(s.tok)]; ok {
			s.tok = append(s.tok[:0], base...)
		}
		s.tok = s.tok[:porterStem(s.tok)]
	}
	emit(s.tok)
}

func isASCIILetters(b []byte) bool {
	for _, c := range b {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// latinFold maps U+00C0..U+017F to lower-case ASCII without diacritics; ""
// marks the two symbols in that range (× and ÷), which are not letters.
var latinFold = [...]string{
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", // U+00C0
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss", // U+00D0
	"a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i", // U+00E0
	"d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y", // U+00F0
	"a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d", // U+0100
	"d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g", // U+0110
	"g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i", // U+0120
	"i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l", // U+0130
	"l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o", // U+0140
	"o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s", // U+0150
	"s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u", // U+0160
	"u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s", // U+0170
}

// latinPlurals are irregular plurals common in papers that the Porter rules
// leave apart from their singular.
var latinPlurals = map[string]string{
	"equilibria":  "equilibrium",
	"criteria":    "criterion",
	"phenomena":   "phenomenon",
	"indices":     "index",
	"matrices":    "matrix",
	"vertices":    "vertex",
	"analyses":    "analysis",
	"hypotheses":  "hypothesis",
	"theses":      "thesis",
	"maxima":      "maximum",
	"minima":      "minimum",
	"optima":      "optimum",
	"curricula":   "curriculum",
	"strata":      "stratum",
	"spectra":     "spectrum",
	"automata":    "automaton",
	"simplices":   "simplex",
	"loci":        "locus",
	"foci":        "focus",
	"radii":       "radius",
	"nuclei":      "nucleus",
	"stimuli":     "stimulus",
	"appendices":  "appendix",
	"bases":       "basis",
	"syntheses":   "synthesis",
	"parentheses": "parenthesis",
}

// porterStem stems the lower-case ASCII word b in place with M. F. Porter's
// 1980 algorithm ("An algorithm for suffix stripping") and returns the
// stem's length. It was chosen over lighter plural-only stemmers because
// questions and abstracts differ most in derivation ("cooperate",
// "cooperative", "cooperation"), and over Porter2 because the original is
// short enough to own and test here.
func porterStem(b []byte) int {
	if len(b) <= 2 {
		return len(b)
	}
	p := porter{b: b, k: len(b) - 1}
	p.step1ab()
	if p.k > 0 {
		p.step1c()
		p.step2()
		p.step3()
		p.step4()
		p.step5()
	}
	return p.k + 1
}

// porter is the state of one stemming: b[0..k] is the current word and j
// marks the end of the stem before a matched suffix.
type porter struct {
	b    []byte
	k, j int
}

// cons reports whether b[i] is a consonant ('y' is one unless it follows a
// consonant).
func (p *porter) cons(i int) bool {
	switch p.b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !p.cons(i-1)
	}
	return true
}

// m measures b[0..j]: the number of vowel-consonant sequences in [C](VC)^m[V].
func (p *porter) m() int {
	n, i := 0, 0
	for ; i <= p.j && p.cons(i); i++ {
	}
	for i <= p.j {
		for ; i <= p.j && !p.cons(i); i++ {
		}
		if i > p.j {
			break
		}
		n++
		for ; i <= p.j && p.cons(i); i++ {
		}
	}
	return n
}

// vowelInStem reports whether b[0..j] has a vowel.
func (p *porter) vowelInStem() bool {
	for i := 0; i <= p.j; i++ {
		if !p.cons(i) {
			return true
		}
	}
	return false
}

// doubleCons reports whether b[i-1..i] is a double consonant.
func (p *porter) doubleCons(i int) bool {
	return i >= 1 && p.b[i] == p.b[i-1] && p.cons(i)
}

// cvc reports whether b[i-2..i] is consonant-vowel-consonant with the last
// not w, x or y: the shape of short words such as "hop" or "cav(e)".
func (p *porter) cvc(i int) bool {
	if i < 2 || !p.cons(i) || p.cons(i-1) || !p.cons(i-2) {
		return false
	}
	switch p.b[i] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

// ends reports whether b[0..k] ends with s and sets j to the stem's end.
func (p *porter) ends(s string) bool {
	n := len(s)
	if n > p.k+1 || string(p.b[p.k+1-n:p.k+1]) != s {
		return false
	}
	p.j = p.k - n
	return true
}

// setTo replaces b[j+1..k] with s.
func (p *porter) setTo(s string) {
	p.k = p.j + copy(p.b[p.j+1:], s)
}

// r replaces the suffix with s when the stem has a measure above zero.
func (p *porter) r(s string) {
	if p.m() > 0 {
		p.setTo(s)
	}
}

// setTo never grows the word past its original length: every replacement in
// the algorithm is no longer than the suffix it replaces, except "at" →
// "ate", "bl" → "ble" and "iz" → "ize" after "ed"/"ing" were removed, which
// leaves at least two bytes free.

func (p *porter) step1ab() {
	if p.b[p.k] == 's' {
		switch {
		case p.ends("sses"):
			p.k -= 2
		case p.ends("ies"):
			p.setTo("i")
		case p.b[p.k-1] != 's':
			p.k--
		}
	}
	if p.ends("eed") {
		if p.m() > 0 {
			p.k--
		}
		return
	}
	if (p.ends("ed") || p.ends("ing")) && p.vowelInStem() {
		p.k = p.j
		switch {
		case p.ends("at"):
			p.setTo("ate")
		case p.ends("bl"):
			p.setTo("ble")
		case p.ends("iz"):
			p.setTo("ize")
		case p.doubleCons(p.k):
			switch p.b[p.k] {
			case 'l', 's', 'z':
			default:
				p.k--
			}
		default:
			p.j = p.k
			if p.m() == 1 && p.cvc(p.k) {
				p.setTo("e")
			}
		}
	}
}

func (p *porter) step1c() {
	if p.ends("y") && p.vowelInStem() {
		p.b[p.k] = 'i'
	}
}

func (p *porter) step2() {
	if p.k < 1 {
		return
	}
	switch p.b[p.k-1] {
	case 'a':
		if p.ends("ational") {
			p.r("ate")
		} else if p.ends("tional") {
			p.r("tion")
		}
	case 'c':
		if p.ends("enci") {
			p.r("ence")
		} else if p.ends("anci") {
			p.r("ance")
		}
	case 'e':
		if p.ends("izer") {
			p.r("ize")
		}
	case 'l':
		switch {
		case p.ends("bli"):
			p.r("ble")
		case p.ends("alli"):
			p.r("al")
		case p.ends("entli"):
			p.r("ent")
		case p.ends("eli"):
			p.r("e")
		case p.ends("ousli"):
			p.r("ous")
		}
	case 'o':
		switch {
		case p.ends("ization"):
			p.r("ize")
		case p.ends("ation"):
			p.r("ate")
		case p.ends("ator"):
			p.r("ate")
		}
	case 's':
		switch {
		case p.ends("alism"):
			p.r("al")
		case p.ends("iveness"):
			p.r("ive")
		case p.ends("fulness"):
			p.r("ful")
		case p.ends("ousness"):
			p.r("ous")
		}
	case 't':
		switch {
		case p.ends("aliti"):
			p.r("al")
		case p.ends("iviti"):
			p.r("ive")
		case p.ends("biliti"):
			p.r("ble")
		}
	case 'g':
		if p.ends("logi") {
			p.r("log")
		}
	}
}

func (p *porter) step3() {
	switch p.b[p.k] {
	case 'e':
		switch {
		case p.ends("icate"):
			p.r("ic")
		case p.ends("ative"):
			p.r("")
		case p.ends("alize"):
			p.r("al")
		}
	case 'i':
		if p.ends("iciti") {
			p.r("ic")
		}
	case 'l':
		if p.ends("ical") {
			p.r("ic")
		} else if p.ends("ful") {
			p.r("")
		}
	case 's':
		if p.ends("ness") {
			p.r("")
		}
	}
}

func (p *porter) step4() {
	if p.k < 1 {
		return
	}
	var found bool
	switch p.b[p.k-1] {
	case 'a':
		found = p.ends("al")
	case 'c':
		found = p.ends("ance") || p.ends("ence")
	case 'e':
		found = p.ends("er")
	case 'i':
		found = p.ends("ic")
	case 'l':
		found = p.ends("able") || p.ends("ible")
	case 'n':
		found = p.ends("ant") || p.ends("ement") || p.ends("ment") || p.ends("ent")
	case 'o':
		found = p.ends("ion") && p.j >= 0 && (p.b[p.j] == 's' || p.b[p.j] == 't') || p.ends("ou")
	case 's':
		found = p.ends("ism")
	case 't':
		found = p.ends("ate") || p.ends("iti")
	case 'u':
		found = p.ends("ous")
	case 'v':
		found = p.ends("ive")
	case 'z':
		found = p.ends("ize")
	}
	if found && p.m() > 1 {
		p.k = p.j
	}
}

func (p *porter) step5() {
	p.j = p.k
	if p.b[p.k] == 'e' {
		a := p.m()
		if a > 1 || a == 1 && !p.cvc(p.k-1) {
			p.k--
		}
	}
	if p.b[p.k] == 'l' && p.doubleCons(p.k) && p.m() > 1 {
		p.k--
	}
}

package evaluate

import (
	"regexp"
	"strconv"
	"strings"
)

// quoteEnd finds where a quoted sentence of an extractive answer ends: its
// citation [n], the sentence's closing punctuation and quotes, then space
// or the end of the answer.
var quoteEnd = regexp.MustCompile(`\s*\[(\d+)\]([.!?]?["')\]”’]*)(\s+|$)`)

// Unfaithful returns the sentences of an extractive answer that are not
// verbatim in the source they cite. sources maps a citation number to its
// source's text (title and abstract, or the passages cited under that
// number); whitespace is compared loosely, everything else exactly.
//
// A quote is the text from the end of the previous citation to its own
// citation, with the sentence's closing punctuation after the mark ("… a
// best response [1]."), as gtrag's offline answerer writes them. A quote
// citing a number with no source, and text after the last citation, are
// unfaithful: an extractive answer says nothing of its own.
//
// This is the check that catches a citation pass misquoting a source, as
// when "uniform on [0, 1]" was renumbered into "uniform on [1]": the
// renumbered quote is no longer in its source. It is a check on text, not
// on the answerer's intent: a bracket rewritten into a mark that a space
// follows splits its sentence in two, and both halves may still be in the
// source.
func Unfaithful(answer string, sources map[int]string) []string {
	norm := map[int]string{}
	for n, s := range sources {
		norm[n] = squash(s)
	}
	var bad []string
	start := 0
	for _, m := range quoteEnd.FindAllStringSubmatchIndex(answer, -1) {
		body := strings.TrimSpace(answer[start:m[0]])
		closing := answer[m[4]:m[5]]
		n, _ := strconv.Atoi(answer[m[2]:m[3]])
		src, ok := norm[n]
		if !ok || body == "" || !strings.Contains(src, squash(body+closing)) {
			bad = append(bad, strings.TrimSpace(answer[start:m[1]]))
		}
		start = m[1]
	}
	if rest := strings.TrimSpace(answer[start:]); rest != "" {
		bad = append(bad, rest)
	}
	return bad
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

package reasoner

import "regexp"

// Other ways models cite a passage than the [n] the prompt asks for,
// seen in replies: OpenAI's 【1】 and 【1†source】, footnotes [^1], a
// citation that names what it cites ([Source 1], [Passage 2, 3],
// (Sources 1 and 2)) and one followed by the passage's title
// ([1: Nash equilibrium]).
var (
	lenticularCite = regexp.MustCompile(`【\s*(\d{1,9})(?:\s*[:†][^】\n]{0,60})?\s*】`)
	footnoteCite   = regexp.MustCompile(`\[\^(\d{1,9})\]`)
	namedCite      = regexp.MustCompile(`(?i)[\[(]\s*(?:sources?|passages?)\s*#?\s*(\d{1,9}(?:\s*(?:,|;|-|–|and|&)\s*\d{1,9})*)\s*[\])]`)
	titledCite     = regexp.MustCompile(`\[(\d{1,9})\s*(?::|—|–|-)\s*[^\]\d\s][^\]\n]{0,200}\]`)
	andInCite      = regexp.MustCompile(`\s*(?:and|&)\s*`)
)

// canonicalCitations rewrites the other forms of citation a reply may
// use into [n], so that checkCitations checks them and the graph
// renumbers them with the rest. Left as they were, they kept the
// passage's number while the [n] around them were renumbered by paper:
// "[Source 1]" then read as a citation of source [1], another paper, and
// the passage it cited was missing from the sources.
func canonicalCitations(text string) string {
	text = lenticularCite.ReplaceAllString(text, "[$1]")
	text = footnoteCite.ReplaceAllString(text, "[$1]")
	text = namedCite.ReplaceAllStringFunc(text, func(m string) string {
		nums := namedCite.FindStringSubmatch(m)[1]
		return "[" + andInCite.ReplaceAllString(nums, ", ") + "]"
	})
	return titledCite.ReplaceAllString(text, "[$1]")
}

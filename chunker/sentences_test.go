package chunker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSentences(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"plain", "One sentence here. Another one follows! A third?", []string{"One sentence here.", "Another one follows!", "A third?"}},
		{"abbreviations", "Results of Nash et al. hold, e.g. in auctions. Next sentence.", []string{"Results of Nash et al. hold, e.g. in auctions.", "Next sentence."}},
		{"initials", "The theorem of J. Nash is famous. It holds.", []string{"The theorem of J. Nash is famous.", "It holds."}},
		{"decimals", "The bound is 4.3 in general. Then 1.5 holds.", []string{"The bound is 4.3 in general.", "Then 1.5 holds."}},
		{"lower-case continuation", "We use the ratio vs. the bound. Fine.", []string{"We use the ratio vs. the bound.", "Fine."}},
		{"quotes", `He said "stop." Then left.`, []string{`He said "stop."`, "Then left."}},
		{"no punctuation", "a fragment without an end", []string{"a fragment without an end"}},
		{"whitespace", "  Line one.\n\n  Line   two. ", []string{"Line one.", "Line two."}},
		{"empty", "   ", nil},
		// A name in mixed case that starts in lower case opens a
		// sentence as a capital does; the abbreviations before one still
		// do not end a sentence.
		{"mixed-case name", "Reserve prices raise revenue. eBay's proxy bidding works much like a second-price auction.",
			[]string{"Reserve prices raise revenue.", "eBay's proxy bidding works much like a second-price auction."}},
		{"mixed-case product", "Apple sells phones. iPhone prices vary. d'Aspremont et al. study them.",
			[]string{"Apple sells phones.", "iPhone prices vary.", "d'Aspremont et al. study them."}},
		{"abbreviations before mixed case", "Platforms, e.g. eBay, use it. So do others, i.e. iTunes. Nash et al. eBay's rules differ, see Fig. 2 and J. eBay.",
			[]string{"Platforms, e.g. eBay, use it.", "So do others, i.e. iTunes.", "Nash et al. eBay's rules differ, see Fig. 2 and J. eBay."}},
		{"lower case throughout", "The value is v. the bound holds. Next.", []string{"The value is v. the bound holds.", "Next."}},
		// A letter after a digit, a slash or an apostrophe is no initial:
		// the reasoners' own splitter once ran these sentences together.
		{"decade", "Wages fell in the 1930s. Unions grew.", []string{"Wages fell in the 1930s.", "Unions grew."}},
		{"fraction", "It vanishes at rate 1/N. Selection differs.", []string{"It vanishes at rate 1/N.", "Selection differs."}},
		{"possessive", "Each holds a prior over the opponent's. We derive it.", []string{"Each holds a prior over the opponent's.", "We derive it."}},
		{"number abbreviation", "See No. 5 in the list. No. That fails.", []string{"See No. 5 in the list.", "No.", "That fails."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, Sentences(tt.in))
		})
	}
}

// Text written without spaces is cut where the chunker cuts it, after
// "。！？".
func TestSentencesOfTextWithoutSpaces(t *testing.T) {
	require.Equal(t, []string{"纳什均衡存在。", "每个有限博弈都有一个！"}, Sentences("纳什均衡存在。每个有限博弈都有一个！"))
}

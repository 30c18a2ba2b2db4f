package reasoner

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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, sentences(tt.in))
		})
	}
}

func TestKeyTerms(t *testing.T) {
	stems := func(ts []term) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.Stem)
		}
		return out
	}
	tests := []struct {
		q    string
		want []string
	}{
		{"What is a Nash equilibrium?", []string{"nash", "equilibrium"}},
		{"Explain the prisoner's dilemma, please.", []string{"prison", "dilemma"}},
		{"What are Nash equilibria?", []string{"nash", "equilibrium"}},
		{"How do I bake sourdough bread?", []string{"bake", "sourdough", "bread"}},
		{"What is it?", nil},
		{"Tell me about zero-sum games in 2024", []string{"zero", "sum", "game"}},
		// Everyday phrasings bring the word sources use.
		{"What does it make as large as possible?", []string{"larg", "possibl", "maxim"}},
		{"Why bid what it's worth to me?", []string{"bid", "worth", "valu"}},
		{"Why does the patient side win?", []string{"patient", "side", "win", "discount"}},
		{"Can they cooperate if they play 10 rounds?", []string{"cooper", "plai", "round", "finit"}},
		{"What if it is repeated ten times?", []string{"repeat", "ten", "time", "finit"}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			require.Equal(t, tt.want, stems(keyTerms(tt.q)))
		})
	}
	// Words every game-theory text contains weigh half.
	ts := keyTerms("Nash bargaining game")
	require.Equal(t, []float64{1, 1, 0.5}, []float64{ts[0].Weight, ts[1].Weight, ts[2].Weight})
}

func TestTruncateRunes(t *testing.T) {
	require.Equal(t, "héll", truncateRunes("héllo", 4))
	require.Equal(t, "héllo", truncateRunes("héllo", 10))
	require.Equal(t, "", truncateRunes("héllo", 0))
	require.Equal(t, "", truncateRunes("héllo", -1))
}

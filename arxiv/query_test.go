package arxiv

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestBuildQuery(t *testing.T) {
	gt := QueryOptions{Prefix: "game theory"}
	for _, tc := range []struct {
		name     string
		question string
		opts     QueryOptions
		want     string
	}{
		// Natural questions without a prefix: every keyword is required.
		{"stop words and punctuation go", "What is a Nash equilibrium?", QueryOptions{}, "all:nash AND all:equilibrium"},
		{"case and duplicates", "NASH equilibrium, Nash EQUILIBRIUM!", QueryOptions{}, "all:nash AND all:equilibrium"},
		{"possessive", "prisoner's dilemma", QueryOptions{}, "all:prisoner AND all:dilemma"},
		{"typographic apostrophe", "prisoner’s dilemma", QueryOptions{}, "all:prisoner AND all:dilemma"},
		{"hyphen becomes a phrase", "tit-for-tat", QueryOptions{}, `all:"tit for tat"`},
		{"contraction is a stop word", "Why don't players cooperate in one-shot games?", QueryOptions{}, `all:players AND all:cooperate AND all:"one shot" AND all:games`},
		{"quoted phrase", `Explain "trembling hand" perfection`, QueryOptions{}, `all:"trembling hand" AND all:perfection`},
		{"curly quotes", `“mean field” games`, QueryOptions{}, `all:"mean field" AND all:games`},
		{"phrase punctuation and hyphens", `"zero-sum, two player" games`, QueryOptions{}, `all:"zero sum two player" AND all:games`},
		{"one-word quote is a keyword", `the "Shapley" value`, QueryOptions{}, "all:shapley AND all:value"},
		{"unclosed quote is text", `What is the "price of anarchy`, QueryOptions{}, "all:price AND all:anarchy"},
		{"unicode letters", "Équilibre de Nash für Spieltheorie", QueryOptions{}, "all:équilibre AND all:de AND all:nash AND all:für AND all:spieltheorie"},
		{"digits", "2x2 games with 3 players", QueryOptions{}, "all:2x2 AND all:games AND all:players"},
		{"field option", "auction revenue", QueryOptions{Field: "ti"}, "ti:auction AND ti:revenue"},
		{"unknown field falls back to all", "auction", QueryOptions{Field: "xx"}, "all:auction"},
		{"max terms", "alpha beta gamma delta epsilon", QueryOptions{MaxTerms: 2}, "all:alpha AND all:beta"},
		{"control characters and invalid UTF-8", "nash\x00\x1b[31m equi\xfflibrium", QueryOptions{}, "all:nash AND all:31m AND all:equi AND all:librium"},

		// With a prefix: the prefix AND any keyword; phrases stay required.
		{"prefix", "What is a Nash equilibrium?", gt, `all:"game theory" AND (all:nash OR all:equilibrium)`},
		{"prefix words are not repeated", "Nash equilibrium in game theory and games", gt, `all:"game theory" AND (all:nash OR all:equilibrium)`},
		{"prefix and one keyword", "auctions", gt, `all:"game theory" AND all:auctions`},
		{"prefix with phrase", `Explain "trembling hand" perfection`, gt, `all:"game theory" AND all:"trembling hand" AND all:perfection`},
		{"prefix with hyphen and possessive", "How does tit-for-tat do in the prisoner's dilemma?", gt,
			`all:"game theory" AND (all:"tit for tat" OR all:prisoner OR all:dilemma)`},
		{"prefix in arXiv syntax", "auction revenue", QueryOptions{Prefix: `cat:cs.GT OR all:"game theory"`},
			`(cat:cs.GT OR all:"game theory") AND (all:auction OR all:revenue)`},
		{"prefix with field", "auction", QueryOptions{Prefix: "Game-Theory", Field: "abs"}, `abs:"game theory" AND abs:auction`},

		// Raw arXiv syntax passes through untouched.
		{"raw fields and operator", "cat:cs.GT AND ti:auction", gt, "cat:cs.GT AND ti:auction"},
		{"raw phrase and group", `ti:"mean field" AND (au:Lasry OR au:Lions)`, gt, `ti:"mean field" AND (au:Lasry OR au:Lions)`},
		{"raw ANDNOT", "abs:equilibrium ANDNOT cat:physics.chem-ph", QueryOptions{}, "abs:equilibrium ANDNOT cat:physics.chem-ph"},
		{"raw operator only", "Nash AND Stackelberg", gt, "Nash AND Stackelberg"},
		{"raw id", "id:2301.04211", QueryOptions{}, "id:2301.04211"},
		{"raw whitespace collapsed", "  cat:cs.GT\n\tAND   ti:auction ", QueryOptions{}, "cat:cs.GT AND ti:auction"},
		{"raw unclosed parenthesis is closed", `ti:"mean field" AND (au:Lasry OR au:Lions`, QueryOptions{}, `ti:"mean field" AND (au:Lasry OR au:Lions)`},
		{"raw stray parenthesis goes", "cat:cs.GT) AND ti:auction", QueryOptions{}, "cat:cs.GT AND ti:auction"},
		{"raw odd quote goes", `ti:"mean field AND cat:cs.GT`, QueryOptions{}, `ti:mean field AND cat:cs.GT`},
		{"raw dangling operators go", "AND cat:cs.GT OR", QueryOptions{}, "cat:cs.GT"},
		{"lower-case or is English", "cooperation or defection", QueryOptions{}, "all:cooperation AND all:defection"},
		{"colon in prose is not a field", "Auctions: what are they?", QueryOptions{}, "all:auctions"},

		// Nothing to search for.
		{"empty", "", gt, ""},
		{"blank", " \t\n", gt, ""},
		{"only stop words", "What is it?", gt, ""},
		{"only punctuation", "??? !!! ()", gt, ""},
		{"only quotes", `"" ""`, gt, ""},
		{"prefix words only", "game theory", gt, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := BuildQuery(tc.question, tc.opts)
			require.Equal(t, tc.want, got)
			require.True(t, balanced(got), got)
		})
	}
}

// balanced is the safety property of BuildQuery's output: an even number of
// quotes and parentheses that close in order.
func balanced(q string) bool {
	if strings.Count(q, `"`)%2 != 0 {
		return false
	}
	depth := 0
	for _, r := range q {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

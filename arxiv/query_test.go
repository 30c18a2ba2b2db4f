package arxiv

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTerms covers how a natural question is cut into phrases and keywords.
func TestTerms(t *testing.T) {
	for _, tc := range []struct {
		name, question    string
		phrases, keywords []string
	}{
		{"stop words and punctuation go", "What is a Nash equilibrium?", nil, []string{"nash", "equilibrium"}},
		{"case and duplicates", "NASH equilibrium, Nash EQUILIBRIUM!", nil, []string{"nash", "equilibrium"}},
		{"possessive", "prisoner's dilemma", nil, []string{"prisoner", "dilemma"}},
		{"typographic apostrophe", "prisoner’s dilemma", nil, []string{"prisoner", "dilemma"}},
		{"hyphen becomes a phrase", "tit-for-tat", nil, []string{"tit for tat"}},
		{"contraction is a stop word", "Why don't players cooperate in one-shot games?", nil, []string{"players", "cooperate", "one shot", "games"}},
		{"quoted phrase", `Explain "trembling hand" perfection`, []string{"trembling hand"}, []string{"perfection"}},
		{"curly quotes", `“mean field” games`, []string{"mean field"}, []string{"games"}},
		{"phrase punctuation and hyphens", `"zero-sum, two player" games`, []string{"zero sum two player"}, []string{"games"}},
		{"one-word quote is a keyword", `the "Shapley" value`, nil, []string{"shapley", "value"}},
		{"unclosed quote is text", `What is the "price of anarchy`, nil, []string{"price", "anarchy"}},
		{"unicode letters", "Équilibre de Nash für Spieltheorie", nil, []string{"équilibre", "de", "nash", "für", "spieltheorie"}},
		{"digits", "2x2 games with 3 players", nil, []string{"2x2", "games", "players"}},
		{"wildcards are punctuation", "auct* equilibri?", nil, []string{"auct", "equilibri"}},
		{"control characters and invalid UTF-8", "nash\x00\x1b[31m equi\xfflibrium", nil, []string{"nash", "31m", "equi", "librium"}},
		{"raw syntax has no terms", "cat:cs.GT AND ti:auction", nil, nil},
		{"only stop words", "What is it?", nil, nil},
		{"the field's name frames the question", "In game theory, why would you bluff with a weak hand?", nil, []string{"bluff", "weak", "hand"}},
		{"the field's name hyphenated", "Is there a game-theoretic reason behind the Talmud's rule?", nil, []string{"reason", "behind", "talmud", "rule"}},
		{"the field's name alone is the subject", "What is game theory?", nil, []string{"game", "theory"}},
		{"the words that say the name is a field's go with it", "Who invented game theory as a field?", nil, []string{"invented"}},
		{"a field of its own stays", "Who invented game theory, and what is a mean field game?", nil, []string{"invented", "field"}},
		{"end up is a way of saying finally", "Do shoppers end up paying more when they haggle with an AI seller?", nil, []string{"shoppers", "paying", "haggle", "ai", "seller"}},
		{"ends up, any case", "Who Ends Up with the good?", nil, []string{"good"}},
		{"end elsewhere stays", "How do players behave near the end of a finitely repeated game?", nil, []string{"players", "behave", "near", "end", "finitely", "repeated", "game"}},
		{"games without the name stay", "Why do games of chance differ from games of strategy?", nil, []string{"games", "chance", "differ", "strategy"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			phrases, keywords := Terms(tc.question)
			require.Equal(t, tc.phrases, phrases)
			require.Equal(t, tc.keywords, keywords)
		})
	}
}

func TestBuildQuery(t *testing.T) {
	gt := QueryOptions{Boost: GameTheoryBoost}
	tft := [][]string{{"tit-for-tat", "tit for tat", "TFT"}}
	for _, tc := range []struct {
		name     string
		question string
		opts     QueryOptions
		want     string
	}{
		// Natural questions: title and abstract, every term optional.
		{"title and abstract, ORed", "What is a Nash equilibrium?", QueryOptions{}, "ti:nash OR abs:nash OR ti:equilibrium OR abs:equilibrium"},
		{"hyphenated phrase", "tit-for-tat", QueryOptions{}, `ti:"tit for tat" OR abs:"tit for tat"`},
		{"quoted phrase first", `Explain perfection of the "trembling hand"`, QueryOptions{}, `ti:"trembling hand" OR abs:"trembling hand" OR ti:perfection OR abs:perfection`},
		{"fields", "auction revenue", QueryOptions{Fields: []string{"abs"}}, "abs:auction OR abs:revenue"},
		{"unknown fields fall back to ti and abs", "auction", QueryOptions{Fields: []string{"xx"}}, "ti:auction OR abs:auction"},
		{"max terms", "alpha beta gamma delta epsilon", QueryOptions{MaxTerms: 2, Fields: []string{"abs"}}, "abs:alpha OR abs:beta"},
		{"drop a keyword", "alpha beta gamma", QueryOptions{Drop: []string{"Beta"}, Fields: []string{"abs"}}, "abs:alpha OR abs:gamma"},

		// The game-theory boost is ORed, never required.
		{"boost", "What is a Nash equilibrium?", gt,
			"ti:nash OR abs:nash OR ti:equilibrium OR abs:equilibrium OR (cat:cs.GT OR cat:econ.TH)"},
		{"boost in words", "auction", QueryOptions{Boost: "game theory", Fields: []string{"abs"}}, `abs:auction OR abs:"game theory"`},
		{"the field's name is left to the boost", "game theory of auctions", QueryOptions{Boost: GameTheoryBoost, Fields: []string{"ti"}},
			"ti:auctions OR (cat:cs.GT OR cat:econ.TH)"},
		{"games without the field's name stay keywords", "games of auctions", QueryOptions{Boost: GameTheoryBoost, Fields: []string{"ti"}},
			"ti:games OR ti:auctions OR (cat:cs.GT OR cat:econ.TH)"},

		// Concepts: phrases with their spellings, their words not repeated.
		{"concept spellings", "How does tit-for-tat do in the prisoner's dilemma?", QueryOptions{Concepts: tft, Fields: []string{"abs"}},
			`abs:"tit for tat" OR abs:tft OR abs:prisoner OR abs:dilemma`},
		{"required concept", "How does tit-for-tat do in the prisoner's dilemma?", QueryOptions{Concepts: tft, RequireConcept: true, Boost: GameTheoryBoost, Fields: []string{"abs"}},
			`(abs:"tit for tat" OR abs:tft) AND (abs:prisoner OR abs:dilemma OR (cat:cs.GT OR cat:econ.TH))`},
		{"required concept alone", "tit-for-tat", QueryOptions{Concepts: tft, RequireConcept: true, Fields: []string{"ti"}},
			`(ti:"tit for tat" OR ti:tft)`},
		{"required without concepts is a plain OR", "auction revenue", QueryOptions{RequireConcept: true, Fields: []string{"abs"}}, "abs:auction OR abs:revenue"},
		{"blank concept spellings are ignored", "auction", QueryOptions{Concepts: [][]string{{"", "  ", "?!"}}, Fields: []string{"abs"}}, "abs:auction"},

		// Raw arXiv syntax passes through, repaired.
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
		{"raw wildcards go", "ti:auct* AND abs:equilibri?", QueryOptions{}, "ti:auct AND abs:equilibri"},
		{"lower-case or is English", "cooperation or defection", QueryOptions{Fields: []string{"ti"}}, "ti:cooperation OR ti:defection"},
		// An upper-case operator in a question is English too: the
		// question was sent as typed, every word a bare term.
		{"upper-case OR in a question", "Do people cooperate more when another round is likely OR when stakes are higher?", QueryOptions{Fields: []string{"ti"}},
			"ti:people OR ti:cooperate OR ti:another OR ti:round OR ti:likely OR ti:stakes OR ti:higher"},
		{"upper-case AND in a sentence", "cooperation AND the shadow of the future in repeated games", QueryOptions{Fields: []string{"ti"}},
			"ti:cooperation OR ti:shadow OR ti:future OR ti:repeated OR ti:games"},
		{"terms and an operator stay raw", "price of anarchy AND routing", QueryOptions{Fields: []string{"ti"}}, "price of anarchy AND routing"},
		{"colon in prose is not a field", "Auctions: what are they?", QueryOptions{}, "ti:auctions OR abs:auctions"},

		// Nothing to search for.
		{"empty", "", gt, ""},
		{"blank", " \t\n", gt, ""},
		{"only stop words", "What is it?", gt, ""},
		{"only punctuation", "??? !!! ()", gt, ""},
		{"only quotes", `"" ""`, gt, ""},
		{"only wildcards", "* ?", gt, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := BuildQuery(tc.question, tc.opts)
			require.Equal(t, tc.want, got)
			require.True(t, balanced(got), got)
			require.NotContains(t, got, "*")
			require.NotContains(t, got, "?")
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

func TestBuildQueryRelatedKeepsTheQuestionsWords(t *testing.T) {
	q := "Can tolls fix congestion?"
	opts := QueryOptions{Related: [][]string{{"congestion pricing", "optimal tolls"}}}
	got := BuildQuery(q, opts)
	require.Contains(t, got, `ti:"optimal tolls" OR abs:"optimal tolls"`)
	require.Contains(t, got, "abs:tolls", "a related phrase does not stand for the question's word")
	require.Contains(t, got, "abs:congestion")
	require.NotContains(t, got, " AND ")

	opts.RequireConcept = true
	got = BuildQuery(q, opts)
	require.True(t, strings.HasPrefix(got, `(ti:"congestion pricing" OR abs:"congestion pricing" OR ti:"optimal tolls"`), got)
	require.Contains(t, got, ") AND (ti:tolls OR abs:tolls", "without named concepts the related ones are required")

	named := QueryOptions{Concepts: [][]string{{"price of anarchy"}}, Related: opts.Related, RequireConcept: true}
	got = BuildQuery(q, named)
	require.True(t, strings.HasPrefix(got, `(ti:"price of anarchy" OR abs:"price of anarchy") AND (`), got)
	require.Contains(t, got, `abs:"optimal tolls"`, "related phrases only rank when a named concept is required")
}

// The field's word for a student's everyday one is searched beside it,
// never in its place.
func TestBuildQueryAddsTheFieldsWordBesideTheStudents(t *testing.T) {
	got := BuildQuery("Do bidding bots learn to collude?", QueryOptions{})
	require.Contains(t, got, "abs:bots", "the student's word stays")
	require.Contains(t, got, "ti:algorithms OR abs:algorithms")

	got = BuildQuery("Why do algorithms and bots collude?", QueryOptions{})
	require.Equal(t, 1, strings.Count(got, "abs:algorithms"), "a word the question has already is not added again: %s", got)

	// A mapped phrase (text's evenMoreFieldWords) is searched quoted.
	got = BuildQuery("Why do moochers get away with it in big groups?", QueryOptions{})
	require.Contains(t, got, "abs:moochers", "the student's word stays")
	require.Contains(t, got, `ti:"free riding" OR abs:"free riding"`)
}

func TestBuildQuerySearchesBothSpellings(t *testing.T) {
	got := BuildQuery("How does selfish behavior spread in a population?", QueryOptions{})
	require.Contains(t, got, "abs:behavior", "the student's spelling stays")
	require.Contains(t, got, "ti:behaviour OR abs:behaviour", "the other one is searched beside it")
	require.NotContains(t, BuildQuery("How does selfish play spread?", QueryOptions{}), "behaviour")
}

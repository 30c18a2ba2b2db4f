package data

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
)

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func TestPrimerEntries(t *testing.T) {
	require.True(t, utf8.Valid(primerJSONL), "primer.jsonl is not valid UTF-8")
	papers, err := Primer()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(papers), 45)

	published := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	ids := map[string]bool{}
	for _, p := range papers {
		t.Run(p.ID, func(t *testing.T) {
			slug, ok := strings.CutPrefix(p.ID, "primer:")
			require.True(t, ok, "id needs the primer: prefix")
			require.Regexp(t, slugPattern, slug)
			require.False(t, ids[p.ID], "duplicate id")
			ids[p.ID] = true

			require.NotEmpty(t, p.Title)
			require.Equal(t, strings.Join(strings.Fields(p.Title), " "), p.Title, "title has stray white space")
			require.Equal(t, strings.Join(strings.Fields(p.Summary), " "), p.Summary, "summary has stray white space")
			words := len(strings.Fields(p.Summary))
			require.GreaterOrEqual(t, words, 120, "summary too short")
			require.LessOrEqual(t, words, 250, "summary too long")
			require.True(t, utf8.ValidString(p.Title) && utf8.ValidString(p.Summary))
			require.True(t, strings.HasSuffix(p.Summary, "."), "summary should end a sentence")

			require.Equal(t, []string{"primer"}, p.Categories)
			require.True(t, published.Equal(p.Published), "published %v", p.Published)
			require.Empty(t, p.AbsURL, "primer entries have no abstract page")
			_, err := arxiv.ParseID(p.ID)
			require.Error(t, err, "a primer id must never look like an arXiv id")
		})
	}
}

func TestPrimerReturnsFreshValues(t *testing.T) {
	first, err := Primer()
	require.NoError(t, err)
	title := first[0].Title
	first[0].Title = "changed"
	first[0].Categories[0] = "changed"
	second, err := Primer()
	require.NoError(t, err)
	require.Equal(t, title, second[0].Title)
	require.Equal(t, []string{"primer"}, second[0].Categories)
}

func TestPrimerRejectsBrokenLines(t *testing.T) {
	tests := []struct {
		name, line, wantErr string
	}{
		{"not JSON", `{"id": "primer:x"`, "line 1"},
		{"unknown field", `{"id":"primer:x","title":"T","summary":"S","categories":["primer"],"sumary":"typo"}`, "unknown field"},
		{"arXiv id", `{"id":"2301.01234v1","title":"T","summary":"S","categories":["primer"]}`, "want primer:<slug>"},
		{"bare prefix", `{"id":"primer:","title":"T","summary":"S","categories":["primer"]}`, "want primer:<slug>"},
		{"empty summary", `{"id":"primer:x","title":"T","summary":" ","categories":["primer"]}`, "empty title or summary"},
		{"wrong category", `{"id":"primer:x","title":"T","summary":"S","categories":["cs.GT"]}`, "categories"},
		{"duplicate", `{"id":"primer:x","title":"T","summary":"S","categories":["primer"]}` + "\n" +
			`{"id":"primer:x","title":"T","summary":"S","categories":["primer"]}`, "line 2: id \"primer:x\": duplicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse([]byte(tt.line))
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}

// TestPrimerCoversTopics: each topic students ask about has an entry whose
// title and summary contain all of the topic's words.
func TestPrimerCoversTopics(t *testing.T) {
	topics := map[string][]string{
		"nash equilibrium":           {"nash equilibrium", "unilaterally deviating", "best response"},
		"best response":              {"best response", "reaction function"},
		"dominant strategies":        {"dominant strategy", "strictly dominates", "weakly dominates"},
		"iterated elimination":       {"iterated elimination", "dominated", "common knowledge of rationality"},
		"mixed strategies":           {"mixed strategy", "indifference principle", "matching pennies"},
		"prisoner's dilemma":         {"prisoner's dilemma", "defect", "cooperate", "dominant strategy"},
		"tit-for-tat":                {"tit-for-tat", "iterated prisoner's dilemma", "axelrod", "nice", "retaliatory", "forgiving", "clear"},
		"repeated games":             {"repeated game", "folk theorem", "discount factor", "grim trigger"},
		"subgame perfection":         {"subgame perfect equilibrium", "backward induction", "non-credible threats"},
		"extensive form":             {"extensive-form game", "information set", "game tree"},
		"zero-sum and minimax":       {"zero-sum", "minimax theorem", "von neumann", "linear programming"},
		"coordination and focal":     {"coordination game", "focal point", "schelling"},
		"stag hunt":                  {"stag hunt", "risk dominant", "payoff dominant"},
		"chicken / hawk-dove":        {"chicken", "hawk-dove", "swerve"},
		"battle of the sexes":        {"battle of the sexes", "coordination"},
		"ESS":                        {"evolutionarily stable strategy", "invaded", "mutants"},
		"replicator dynamics":        {"replicator dynamics", "replicator equation"},
		"Bayesian games":             {"bayesian game", "type", "common prior", "harsanyi"},
		"Bayesian Nash equilibrium":  {"bayesian nash equilibrium", "expected payoff", "type"},
		"signalling":                 {"signalling", "spence", "separating", "pooling"},
		"screening":                  {"screening", "self-selection", "menu"},
		"cheap talk":                 {"cheap talk", "crawford", "sobel", "babbling"},
		"mechanism design":           {"mechanism design", "incentive compatibility", "individual rationality"},
		"revelation principle":       {"revelation principle", "direct", "truth"},
		"VCG":                        {"vickrey-clarke-groves", "vcg", "externality"},
		"first-price auction":        {"first-price", "shade", "sealed-bid"},
		"second-price auction":       {"second-price", "vickrey", "weakly dominant", "true value"},
		"English and Dutch auctions": {"english auction", "dutch auction", "ascending", "descending"},
		"revenue equivalence":        {"revenue equivalence", "expected revenue"},
		"winner's curse":             {"winner's curse", "common-value"},
		"matching":                   {"gale", "shapley", "stable matching", "deferred acceptance", "stable marriage"},
		"cooperative games":          {"cooperative", "coalition", "characteristic function"},
		"core":                       {"core", "coalition", "empty"},
		"Shapley value":              {"shapley value", "marginal contribution", "axioms"},
		"Nash bargaining":            {"nash bargaining solution", "disagreement point", "nash product"},
		"Rubinstein bargaining":      {"rubinstein", "alternating", "offers", "discount"},
		"Arrow's theorem":            {"arrow's impossibility theorem", "dictator", "independence of irrelevant alternatives"},
		"Gibbard-Satterthwaite":      {"gibbard-satterthwaite", "manipulable", "strategy-proof"},
		"voting":                     {"voting", "plurality", "borda", "condorcet", "median voter"},
		"price of anarchy":           {"price of anarchy", "selfish routing", "price of stability"},
		"congestion/potential games": {"congestion game", "potential game", "potential function"},
		"Braess's paradox":           {"braess", "paradox", "network"},
		"correlated equilibrium":     {"correlated equilibrium", "aumann", "traffic light"},
		"common knowledge":           {"common knowledge", "everyone knows", "agree to disagree"},
		"trembling-hand perfection":  {"trembling-hand perfect", "selten", "refinement"},
		"Cournot":                    {"cournot", "quantities", "reaction function"},
		"Bertrand":                   {"bertrand", "prices", "marginal cost", "paradox"},
		"Stackelberg":                {"stackelberg", "leader", "follower", "first-mover advantage"},
		"public goods":               {"public good", "free ride", "free-rider"},
		"evolution of cooperation":   {"kin selection", "hamilton", "reciprocal altruism", "indirect reciprocity", "group selection"},
		"tragedy of the commons":     {"tragedy of the commons", "ostrom", "overuse"},
		"ultimatum and dictator":     {"ultimatum game", "dictator game", "behavioural game theory", "fairness"},
		"computing equilibria":       {"ppad", "lemke-howson", "algorithmic game theory", "complexity"},
		"fictitious play":            {"fictitious play", "learning in games", "empirical frequency"},
		"regret minimization":        {"regret", "no-regret", "multiplicative weights", "coarse correlated"},
		"security games":             {"security game", "stackelberg", "defender", "attacker", "patrol"},
		"Nobel prizes":               {"nobel", "1994", "harsanyi", "selten", "aumann", "schelling", "myerson", "roth", "milgrom"},
		"branches":                   {"branches", "non-cooperative", "cooperative", "evolutionary", "complete or incomplete information"},
		"everyday life":              {"everyday life", "traffic", "haggling", "coordination game"},
		"assumptions":                {"rational", "common knowledge", "limitations", "bounded rationality"},
	}
	papers, err := Primer()
	require.NoError(t, err)
	texts := make([]string, len(papers))
	for i, p := range papers {
		texts[i] = strings.ToLower(p.Title + " " + p.Summary)
	}
	for topic, words := range topics {
		t.Run(topic, func(t *testing.T) {
			covered := slices.ContainsFunc(texts, func(text string) bool {
				for _, w := range words {
					if !strings.Contains(text, w) {
						return false
					}
				}
				return true
			})
			require.True(t, covered, "no primer entry mentions all of %q", words)
		})
	}
}

// TestPrimerAnswersStudentQuestions ranks the primer for natural questions
// with a plain BM25 and expects the entry written for each question in the
// top three: entries must use the words students use.
func TestPrimerAnswersStudentQuestions(t *testing.T) {
	tests := []struct {
		question, want string
	}{
		{"What is a Nash equilibrium?", "nash-equilibrium"},
		{"Why does tit for tat do so well in Axelrod's tournament?", "tit-for-tat-iterated-prisoners-dilemma"},
		{"How do I compute a mixed strategy equilibrium?", "mixed-strategies"},
		{"Why is bidding your true value optimal in a second-price auction?", "second-price-vickrey-auction"},
		{"How is the Shapley value calculated?", "shapley-value"},
		{"How does the Gale-Shapley algorithm find a stable matching?", "stable-matching-gale-shapley"},
		{"What does Arrow's impossibility theorem say?", "arrows-impossibility-theorem"},
		{"Can adding a new road make traffic worse for everyone?", "braess-paradox"},
		{"What is the folk theorem for repeated games?", "repeated-games-folk-theorem"},
		{"What is an evolutionarily stable strategy?", "evolutionarily-stable-strategies"},
		{"How hard is it to compute a Nash equilibrium? What is PPAD?", "computing-equilibria-ppad"},
		{"What is the winner's curse?", "winners-curse"},
		{"What is the difference between separating and pooling equilibria in signalling?", "signalling-games"},
		{"Explain the revelation principle", "revelation-principle"},
		{"How does backward induction work and what is a non-credible threat?", "backward-induction-subgame-perfection"},
		{"Why do people reject low offers in the ultimatum game?", "ultimatum-dictator-games"},
		{"What is the price of anarchy?", "price-of-anarchy"},
		{"What is the difference between Cournot and Bertrand competition?", "bertrand-competition"},
		{"What is the prisoner's dilemma?", "prisoners-dilemma"},
		{"How does the minimax theorem apply to zero-sum games?", "zero-sum-minimax"},
		{"Why do people free ride on public goods?", "public-goods-free-riding"},
		{"What is a correlated equilibrium?", "correlated-equilibrium"},
		{"Does fictitious play converge?", "fictitious-play"},
		{"How are Stackelberg games used to schedule security patrols?", "security-games"},
		{"Who won the Nobel prize for game theory?", "nobel-prizes-game-theory"},
		{"What are the main branches of game theory?", "branches-of-game-theory"},
		{"What are some examples of game theory in everyday life?", "game-theory-in-everyday-life"},
		{"What are the assumptions and limitations of game theory?", "assumptions-and-limitations"},
		{"Is game theory realistic?", "assumptions-and-limitations"},
		{"How do auctions work?", "auction-formats"},
		{"What are the main types of auctions?", "auction-formats"},
		{"What is the minimax strategy?", "zero-sum-minimax"},
		{"Why do firms collude?", "collusion-cartels"},
		{"Can evolution explain altruism?", "evolution-of-cooperation"},
		{"What is kin selection?", "evolution-of-cooperation"},
		{"How does indirect reciprocity work?", "evolution-of-cooperation"},
	}
	papers, err := Primer()
	require.NoError(t, err)
	index := newBM25(papers)
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			top := index.top(tt.question, 3)
			require.Contains(t, top, "primer:"+tt.want, "top 3: %v", top)
		})
	}
}

type bm25 struct {
	ids    []string
	tf     []map[string]float64
	length []float64
	df     map[string]float64
	avgLen float64
}

var stop = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "do": true, "does": true, "for": true, "how": true,
	"i": true, "in": true, "is": true, "it": true, "of": true, "on": true, "so": true, "the": true,
	"to": true, "what": true, "why": true, "your": true, "say": true, "can": true, "work": true, "well": true,
	"between": true, "difference": true, "explain": true, "used": true, "make": true,
}

func terms(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) < 2 || stop[w] {
			continue
		}
		out = append(out, strings.TrimSuffix(w, "s")) // crude plural folding
	}
	return out
}

func newBM25(papers []arxiv.Paper) *bm25 {
	b := &bm25{df: map[string]float64{}}
	total := 0.0
	for _, p := range papers {
		tf := map[string]float64{}
		ts := terms(p.Title + " " + p.Title + " " + p.Summary) // titles count double, as headings do
		for _, w := range ts {
			tf[w]++
		}
		for w := range tf {
			b.df[w]++
		}
		b.ids = append(b.ids, p.ID)
		b.tf = append(b.tf, tf)
		b.length = append(b.length, float64(len(ts)))
		total += float64(len(ts))
	}
	b.avgLen = total / float64(len(papers))
	return b
}

func (b *bm25) top(query string, k int) []string {
	const k1, bb = 1.2, 0.75
	n := float64(len(b.ids))
	scores := make([]float64, len(b.ids))
	for _, w := range terms(query) {
		idf := math.Log(1 + (n-b.df[w]+0.5)/(b.df[w]+0.5))
		for i, tf := range b.tf {
			f := tf[w]
			scores[i] += idf * f * (k1 + 1) / (f + k1*(1-bb+bb*b.length[i]/b.avgLen))
		}
	}
	order := make([]int, len(b.ids))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] > scores[order[j]] })
	out := make([]string, 0, k)
	for _, i := range order[:k] {
		out = append(out, b.ids[i])
	}
	return out
}

package reasoner

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/gtrag/gtrag/text"
)

// AbstractPrefix is how much of an abstract (in runes) the LLM filter
// shows its model, as in the reference system: the opening of an abstract
// says what a paper is about, and a short input keeps LLM calls cheap. The
// offline filter reads the whole abstract (see OfflineFilter).
const AbstractPrefix = 500

// AbstractStart is the opening of an abstract an LLM filter shows its
// model: its first AbstractPrefix runes. Until round 2 session 23 the
// graph handed every filter this much, and the traces recorded then hold
// it (trace's replay still answers from them).
func AbstractStart(abstract string) string { return truncateRunes(abstract, AbstractPrefix) }

// Filter defaults: see OfflineFilter.
const (
	DefaultFilterThreshold = 3.0
	DefaultTitleFactor     = 1.5
)

// OfflineFilter decides whether a paper is about game theory from a weighted
// lexicon of phrases, matched on stemmed words in the title and the
// abstract.
//
// Positive cues name game-theoretic concepts ("nash equilibrium", "mechanism
// design", "auction", "payoff"); negative cues name the look-alikes the
// filter must reject: video games and game engines, gamification and
// game-based learning, chemical, thermodynamic or physical equilibrium,
// graph theory, sports analytics, GANs, Shapley-value feature attribution.
// Each cue counts once however often it occurs (repeating "Nash equilibrium"
// ten times buys nothing), and a cue in the title counts TitleFactor times.
// A paper is kept when the sum reaches Threshold.
//
// The lexicon was written from domain knowledge before the labelled set in
// testdata/filter was; TestOfflineFilterHeldOut reports how it does there.
// The zero value is ready to use.
//
// Why the whole abstract, where a model is shown its first AbstractPrefix
// runes. A model reads the opening and infers the method; a lexicon only
// counts the words it meets, and an applied paper often names its
// strategic model after its setting ("Learning Ranger Patrols against
// Adaptive Poachers…" says "policy-space response oracle" at rune 480,
// "Reputation under Noisy Feedback…" says "long-lived sellers" and
// "public signal" later still). Measured in round 2 session 23, at the
// loop's threshold: on testdata/filter/applied.jsonl's dev split 31 → 32
// of 42 applied game-theory papers kept and still 1 of 41 look-alikes; on
// the written papers of worlds B to F not asked about by a held-out
// question, 249 → 256 of 260 game-theory papers and 36 → 40 of 150
// look-alikes. In the loop, offline, fresh stores: worldf's fdev 20 → 22
// of 31 on both backgrounds (both were papers the filter had refused),
// world A's tuning sets 871 / 863 of 902 as before, their 279 controls
// refused as before with one paper more added on the 20k background, the
// dev sets of worlds B to E and offtopic_stress3-5 unchanged. Blind, on
// testdata/worldg, written after it: gdev 18 → 20 and 17 → 19 of 35 (two
// more applied papers kept); over the held-out splits of worlds A to G,
// two hits more on each background, and one of gheld's eight controls then
// took a paper on each.
type OfflineFilter struct {
	// Threshold is the score a paper needs; 0 means DefaultFilterThreshold.
	Threshold float64
	// TitleFactor multiplies cues found in the title; 0 means
	// DefaultTitleFactor.
	TitleFactor float64
}

// NewOfflineFilter returns an OfflineFilter with the default lexicon and
// thresholds.
func NewOfflineFilter() *OfflineFilter {
	return &OfflineFilter{}
}

// cue is one lexicon entry: a phrase as stems and its weight.
type cue struct {
	Phrase string // as written in the lexicon, for reasons
	Stems  string // space-joined stems
	Weight float64
	// Words, set for a cue of literalLexicon, are its lower-case words as
	// written: a text whose stems match must also hold them, stop words
	// and endings included.
	Words string
}

// IsGameTheory implements PaperFilter. It never fails.
//
// Its no is Contrary whenever the evidence against outweighs the evidence
// for, however slightly: given a question as its title, one look-alike
// word with nothing for ("students", "chess", "spin") has search_arxiv
// refuse it unsearched. Asking as much evidence against as a yes needs
// for (a score of -Threshold or less) was measured in round 2 session 37
// (offline, fresh stores, the 10k background with all seven worlds'
// papers): the 500 dev questions 439 cited instead of 438, the 1,762
// tuning questions 1,514 as before, and the 394 dev and tuning controls
// refused 346 instead of 357, taking 77 papers instead of 65. The weak
// evidence against is what refuses most of the controls it refuses.
func (f *OfflineFilter) IsGameTheory(ctx context.Context, title, abstract string) (Verdict, error) {
	s := f.score(title, abstract)
	threshold := f.threshold()
	yes := s.Total >= threshold
	rel := "<"
	if yes {
		rel = "≥"
	}
	reason := fmt.Sprintf("game-theory score %.1f %s %.1f", s.Total, rel, threshold)
	reason += "; for: " + describeHits(s.For, 5)
	reason += "; against: " + describeHits(s.Against, 3)
	return Verdict{Yes: yes, Contrary: s.Total < 0, Neutral: s.Total == 0, Reason: reason}, nil
}

func (f *OfflineFilter) threshold() float64 {
	if f.Threshold > 0 {
		return f.Threshold
	}
	return DefaultFilterThreshold
}

func (f *OfflineFilter) titleFactor() float64 {
	if f.TitleFactor > 0 {
		return f.TitleFactor
	}
	return DefaultTitleFactor
}

// lexicon is the filters' lexicon, built on first use and shared by every
// OfflineFilter: it does not depend on Threshold or TitleFactor, and
// building it (stemming the hand-written entries and every glossary form)
// takes about 2 ms and 0.5 MB, which an ask paid once per filter it made
// (the loop's, the lead's) before it was shared.
var lexicon = sync.OnceValue(func() []cue {
	cues := buildLexicon(append(slices.Clone(gameTheoryLexicon), glossaryLexicon()...))
	for _, e := range literalLexicon {
		c := buildLexicon([]lexEntry{e})[0]
		c.Words = literalWords(e.Phrase)
		cues = append(cues, c)
	}
	return cues
})

type hit struct {
	Phrase  string
	Points  float64
	InTitle bool
}

type filterScore struct {
	Total        float64
	For, Against []hit
}

func (f *OfflineFilter) score(title, abstract string) filterScore {
	titleGrams := ngrams(tokens(title), 4)
	absGrams := ngrams(tokens(abstract), 4)
	var s filterScore
	for _, c := range lexicon() {
		var pts float64
		inTitle, inAbstract := titleGrams[c.Stems], absGrams[c.Stems]
		if c.Words != "" {
			// Rare: only a text whose stems match is read as written.
			inTitle = inTitle && strings.Contains(literalWords(title), c.Words)
			inAbstract = inAbstract && strings.Contains(literalWords(abstract), c.Words)
		}
		switch {
		case inTitle:
			pts = c.Weight * f.titleFactor()
		case inAbstract:
			pts = c.Weight
		default:
			continue
		}
		s.Total += pts
		h := hit{Phrase: c.Phrase, Points: pts, InTitle: inTitle}
		if pts > 0 {
			s.For = append(s.For, h)
		} else {
			s.Against = append(s.Against, h)
		}
	}
	// A paper that describes parties whose choices bear on each other
	// (text.Interaction: "each other", "the others", "each firm",
	// "collude") studies strategic interaction whatever its field calls
	// it: a paper on bank runs says depositors withdraw "because they
	// expect others to", one on campaign budgets that each campaign
	// anticipates "the other's" allocation. Counted for papers only: a
	// question's is nodes' topic judge's to weigh, after a verdict
	// against.
	if abstract != "" {
		if p := text.Interaction(title + ". " + abstract); p != "" {
			s.Total += interactionWeight
			s.For = append(s.For, hit{Phrase: p, Points: interactionWeight})
		}
	}
	byWeight := func(hs []hit) {
		sort.SliceStable(hs, func(i, j int) bool {
			a, b := abs(hs[i].Points), abs(hs[j].Points)
			if a != b {
				return a > b
			}
			return hs[i].Phrase < hs[j].Phrase
		})
	}
	byWeight(s.For)
	byWeight(s.Against)
	return s
}

func describeHits(hs []hit, max int) string {
	if len(hs) == 0 {
		return "none"
	}
	parts := make([]string, 0, max+1)
	for i, h := range hs {
		if i == max {
			parts = append(parts, fmt.Sprintf("…%d more", len(hs)-max))
			break
		}
		where := ""
		if h.InTitle {
			where = " (title)"
		}
		parts = append(parts, fmt.Sprintf("%q %+.1f%s", h.Phrase, h.Points, where))
	}
	return strings.Join(parts, ", ")
}

// literalWords is s's words as written, lower-cased, each between single
// spaces: where a literal cue's Words are looked for.
func literalWords(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return " " + strings.Join(words, " ") + " "
}

// ngrams returns the set of space-joined runs of 1..n consecutive tokens.
func ngrams(toks []string, n int) map[string]bool {
	set := make(map[string]bool, len(toks)*n)
	for i := range toks {
		g := ""
		for j := i; j < len(toks) && j < i+n; j++ {
			if j > i {
				g += " "
			}
			g += toks[j]
			set[g] = true
		}
	}
	return set
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func buildLexicon(entries []lexEntry) []cue {
	cues := make([]cue, 0, len(entries))
	seen := map[string]bool{}
	for _, e := range entries {
		// The stemmer keeps British and American spellings apart, and
		// papers write either: each entry counts in both.
		for _, phrase := range []string{e.Phrase, text.Respell(e.Phrase)} {
			stems := strings.Join(tokens(phrase), " ")
			if stems == "" || seen[stems] {
				continue
			}
			seen[stems] = true
			cues = append(cues, cue{Phrase: phrase, Stems: stems, Weight: e.Weight})
		}
	}
	return cues
}

// glossaryLexicon weighs the names of text's game-theory glossary, those
// the hand-written lexicon lacks ("volunteer's dilemma", "Blotto game",
// "rent division"), at glossaryWeight: a named concept of the field is
// strong evidence, but a paper must show a little more of the field to
// pass a strict threshold unless it names the concept in its title. One
// common word ("herding", "cartel", "imitation dynamic" aside) is left
// out: it occurs in other fields' prose. (No name of several words
// reduces to one word here: text's TestGlossaryFormsKeepTheirIdentity
// keeps stop words from swallowing a name's words.) buildLexicon keeps
// the hand-written weight of a phrase both list.
func glossaryLexicon() []lexEntry {
	var out []lexEntry
	for _, f := range text.GameTheoryForms() {
		if len(strings.Fields(f)) < 2 && !strings.ContainsAny(f, "-") && (f == strings.ToLower(f)) {
			continue
		}
		out = append(out, lexEntry{f, glossaryWeight})
	}
	return out
}

const glossaryWeight = 2.0

// interactionWeight is what a paper's description of parties whose
// choices bear on each other counts (see score): the loop's threshold
// (service.LoopFilterThreshold) on its own, half the default.
const interactionWeight = 1.5

type lexEntry struct {
	Phrase string
	Weight float64
}

// literalLexicon holds the cues matched on the words as written: not
// stemmed, stop words kept. Stemmed with its stop words dropped, the video
// game's "game play" is also every "a game is played" and "games played
// repeatedly", which is how game theory describes its games: "If a game
// is only played a set number of rounds but has more than one stable
// outcome each round, can people still cooperate early on?" met "game
// play" at -3 as a title and was refused unsearched.
var literalLexicon = []lexEntry{
	{"game play", -2},
}

// gameTheoryLexicon: weights are on a rough scale where 3 means "this phrase
// alone makes a paper game theory" and −3 "this phrase alone makes it a
// look-alike". Phrases go through text.Tokenize like the paper text, so
// one entry covers plurals and adjectives ("cooperative game" matches
// "non-cooperative games") and stop words do not count ("price of anarchy"
// is the bigram price-anarchi). A hyphenated word yields its joined form and
// its parts, so entries are written with spaces ("envy free" matches
// "envy-free") or joined ("strategyproof" matches "strategy-proof").
// Phrases longer than four terms never match.
var gameTheoryLexicon = []lexEntry{
	// The field's own names.
	{"game theory", 3}, {"game theoretic", 3}, {"game theorist", 3},
	{"algorithmic game theory", 1}, {"economics and computation", 1},

	// Solution concepts.
	{"nash equilibrium", 3}, {"correlated equilibrium", 3}, {"subgame perfect", 3},
	{"bayes nash", 3}, {"bayesian game", 3}, {"perfect bayesian", 3},
	{"stackelberg", 3}, {"evolutionarily stable", 3}, {"evolutionary stable", 3},
	{"quantal response", 3}, {"trembling hand", 3}, {"sequential equilibrium", 3},
	{"best response", 2}, {"better response", 2}, {"better reply", 2}, {"mixed strategy", 3}, {"pure strategy", 2.5},
	{"dominant strategy", 3}, {"minimax", 1.5},
	{"maxmin", 1}, {"saddle point", 0.5}, {"equilibrium", 1},
	{"folk theorem", 3}, {"price of anarchy", 3}, {"price of stability", 3},

	// Game classes.
	{"zero sum", 3}, {"general sum", 2.5}, {"normal form", 2}, {"extensive form", 2.5},
	{"repeated game", 3}, {"stochastic game", 3}, {"markov game", 3},
	{"potential game", 3}, {"congestion game", 3}, {"routing game", 3},
	{"security game", 3}, {"signaling game", 3},
	{"cooperative game", 3}, {"coalitional game", 3}, {"mean field game", 3},
	{"differential game", 3}, {"pursuit evasion", 2}, {"evolutionary game", 3},
	{"network game", 2.5}, {"graphical game", 3}, {"matrix game", 2.5},
	{"bimatrix", 3}, {"colonel blotto", 3}, {"public goods game", 3},
	{"ultimatum game", 3}, {"dictator game", 3}, {"trust game", 2.5},
	{"prisoner's dilemma", 3}, {"social dilemma", 2}, {"stag hunt", 3},
	{"hawk dove", 3}, {"chicken game", 2}, {"coordination game", 3},
	{"war of attrition", 2.5}, {"contest", 1}, {"tullock", 3},

	// Strategic reasoning and learning in games.
	{"strategic", 1.5}, {"strategic interaction", 2}, {"strategic behavior", 2},
	{"strategic agents", 2}, {"rational agents", 1.5},
	{"rational players", 2}, {"rationality", 1}, {"bounded rationality", 1},
	{"common knowledge", 1.5}, {"fictitious play", 3},
	{"replicator dynamics", 3}, {"no regret", 1.5}, {"counterfactual regret", 3},
	{"self play", 0.5}, {"payoff", 2},
	{"players", 1}, {"opponent", 0.5},
	{"incentive", 1}, {"selfish", 1.5}, {"self interested", 1.5}, {"free riding", 1.5},
	{"cooperation", 0.5}, {"evolution of cooperation", 2},
	{"deterrence", 1}, {"coalition", 1.5}, {"game", 1},

	{"defectors", 1.5}, {"network formation", 1.5}, {"population game", 3},
	{"hedonic game", 3}, {"inspection game", 3}, {"supermodular game", 3},
	{"bayesian nash", 3}, {"rationalizable", 3}, {"iterated elimination", 2},
	{"equilibrium selection", 2}, {"incomplete information", 1.5},
	{"imperfect information", 1}, {"strategic substitutes", 1}, {"strategic complements", 1}, {"wardrop", 3},
	{"selfish routing", 3}, {"tragedy of the commons", 2},

	// Mechanism design, auctions, markets, social choice.
	{"mechanism design", 3}, {"incentive compatible", 3},
	{"strategyproof", 3},
	{"revelation principle", 3}, {"auction", 2.5},
	{"bidder", 2}, {"bidding", 1}, {"vickrey", 3}, {"second price", 1.5},
	{"first price", 1.5}, {"reserve price", 1.5}, {"revenue maximization", 1},
	{"optimal auction", 1}, {"posted price", 1}, {"bargaining", 3},
	// Bargaining in everyday words. Round 2 session 49: no off-topic
	// control of testdata says it and 16 dev and tuning questions do;
	// worldg's gdev gained 2 hits, nothing else moved.
	{"haggling", 3},
	{"nash bargaining", 1}, {"shapley value", 3},
	{"nucleolus", 3}, {"social choice", 2.5}, {"voting rule", 2},
	// Quadratic voting's currency: papers on it, experiments most of
	// all, may never write its name (session 14, a ddev miss).
	{"voice credits", 2},
	{"stable matching", 2.5}, {"matching market", 2},
	{"two sided market", 1.5}, {"fair division", 2.5}, {"envy free", 2},
	{"cake cutting", 3}, {"principal agent", 2.5}, {"contract theory", 2},
	{"information design", 2.5}, {"bayesian persuasion", 3}, {"cheap talk", 3},
	{"signaling", 0.5}, {"screening", 1.5}, {"hidden information", 0.5},
	// Empirical papers name the model they take to data by its author or
	// its structure, not by the field: "Interpreted through Spence's job
	// market signaling model", "a model of costly signal acquisition",
	// "the leader-follower tariff", "Following Bresnahan and Reiss",
	// "Minimax theory predicts that a server … should mix" (session 32,
	// misses of testdata/blinddev, written by a tester who read only the
	// papers).
	{"costly signal", 2.5}, {"spence", 2}, {"leader follower", 2},
	{"bresnahan reiss", 2}, {"minimax theory", 2},
	// Experimental economics calls its lab games (trust, ultimatum,
	// public goods) "economic games"; "economic games played in Nepal"
	// otherwise met only the video-game "game play" against it
	// (session 33, an fdev miss).
	{"economic game", 3},
	{"asymmetric information", 1}, {"oligopoly", 3}, {"cournot", 3},
	{"bertrand", 2.5}, {"duopoly", 3}, {"collusion", 1.5}, {"social welfare", 1},
	{"welfare", 0.5}, {"market design", 2}, {"pricing game", 1},
	// Industrial organisation and social learning name the strategic
	// interaction by its market: rivals, entrants and incumbents, price
	// competition, residual demand, herds.
	// (Phrases are stemmed, so "rival" is "rivals" too.)
	{"price competition", 1.5}, {"rival", 1}, {"entrant", 1}, {"incumbent", 1},
	{"residual demand", 1.5}, {"market power", 1}, {"herd", 1},
	// The field's theory of firms, by its textbook chapters (vertical
	// control, foreclosure, price discrimination, predation, entry,
	// mergers, differentiation): empirical papers on these markets name
	// the strategic interaction by them and by nothing else of this list
	// ("Vertical Mergers and Retail Prices", session 17, a ddev miss).
	// Double marginalization and entry deterrence are glossary terms.
	{"industrial organization", 2},
	{"vertical integration", 2}, {"vertical merger", 2}, {"vertical restraints", 2},
	{"foreclosure", 1.5}, {"raising rivals costs", 2}, {"exclusive dealing", 2},
	{"resale price maintenance", 2}, {"price discrimination", 1.5},
	{"predatory pricing", 2}, {"limit pricing", 2}, {"free entry", 1.5},
	{"entry and exit", 1.5}, {"horizontal merger", 1.5},
	{"product differentiation", 1.5}, {"switching costs", 1},
	// Procurement is auction theory on the buyer's side: public works are
	// let by tender, and empirical papers on them name the auction by its
	// administrative words (a ddev miss of session 18, on Italian road
	// works, said "tenders" and "scoring rules" and nothing of this list).
	{"public procurement", 2}, {"procurement", 1}, {"tender", 1},
	{"competitive bidding", 1.5},

	{"truthful mechanism", 2.5}, {"truthfully", 2}, {"truthful reporting", 2},
	{"truthful bidding", 2}, {"moral hazard", 2}, {"individually rational", 2},
	{"deferred acceptance", 3}, {"school choice", 2}, {"cost sharing", 1.5},
	{"shapley", 1.5}, {"core stability", 2},

	// Results and models known by their authors' names or their own, which
	// text's glossary lists and a paper may name without any of the
	// field's general vocabulary ("Braess's paradox in urban road
	// networks").
	{"braess", 3}, {"median voter", 2.5}, {"zermelo", 3},
	{"backward induction", 3}, {"alternating offers", 2.5}, {"rent seeking", 2},
	{"allpay", 2.5}, {"revenue equivalence", 3}, {"winner's curse", 2},
	{"condorcet", 2}, {"gibbard", 3}, {"satterthwaite", 3}, {"arrow's impossibility", 3},
	{"crawford sobel", 3}, {"sender receiver", 1.5},
	{"cognitive hierarchy", 2.5}, {"beauty contest", 1.5}, {"information cascade", 2},
	// The strategic situations applied papers describe in their own
	// field's words (round 2 session 63, from the false negatives of
	// testdata/filter/applied.jsonl's dev split: bank runs, rating
	// shopping, safety disclosure, audit rules): one party's choice
	// resting on what it expects or cannot see of another's.
	{"coordination failure", 2}, {"bank run", 1.5}, {"private information", 1},
	{"hidden action", 1.5}, {"cannot observe", 1}, {"unobservable effort", 1.5},
	{"unravel", 1.5}, {"anticipate", 1}, {"commitment", 1},
	// Learning on networks by the eponym of its model: "DeGroot's rule",
	// "DeGroot networks" (session 14, a cdev miss).
	{"degroot", 2},
	{"global game", 3}, {"adverse selection", 2}, {"focal point", 1.5},
	{"lemke howson", 3}, {"ppad", 3}, {"kakutani", 2}, {"minimax theorem", 3},
	// Sequential decisions under uncertainty, the one-player limit of
	// learning in games: a named index is the field's, a bandit alone is
	// as much statistics' and machine learning's.
	{"gittins", 2}, {"bandit", 0.5},
	// Myerson's results carry his name alone ("Poisson games in Myerson's
	// model of large elections", "Myerson's optimal auction"), and a
	// best response in quantities is a reaction function, which the
	// chemistry word "reaction" otherwise counts against (round 2 session
	// 44, dev7 and dev2 questions refused as off-topic).
	{"myerson", 2}, {"reaction function", 3}, {"reaction curve", 3},

	// Textbook terms the lexicon lacked (round 2 session 23), found by
	// asking the topic judge "How does X work?" for 182 index terms of the
	// standard textbooks and courses; 25 were not recognised. Those whose
	// every use is the field's are here; those that are everyday words
	// too ("cartel", "arms race", "bank runs", "reciprocity", "plurality
	// voting", "screening") are left to the phrases that name them in
	// context. Poker is the field's model of hidden information and bluffing
	// its best-known mixed strategy, but a card game and a tournament are
	// also leisure: each word is weak alone, and "card game" counts against
	// ("the card game Bluff" is an off-topic control of testdata/world).
	// The ranking of hands is the rules of the game, which no game-theory
	// paper asks about: "does a flush beat a straight?" (an off-topic
	// control of both worldf's and worldg's dev splits, written blind)
	// counts against, and a poker paper that names a hand still scores
	// far above any threshold on its other words.
	{"poker", 1}, {"bluff", 1}, {"bluffing", 1}, {"card game", -1}, {"kuhn poker", 2},
	{"flush", -1.5}, {"full house", -1.5},
	{"subgame", 2}, {"harsanyi", 2.5}, {"transferable utility", 3},
	{"envy freeness", 2}, {"groves mechanism", 3}, {"symmetric equilibrium", 2},
	{"coalition formation", 2}, {"proportional division", 2},
	{"brinkmanship", 2.5}, {"mutual assured destruction", 2}, {"nuclear deterrence", 1.5},
	{"price war", 1.5},

	// Look-alikes: video games and their making.
	{"video game", -3}, {"computer game", -2.5}, {"game engine", -4},
	{"game development", -3}, {"game design", -2},
	{"console game", -3}, {"shooter", -2.5}, {"game mode", -3}, {"battle royale", -3},
	// A screen to look at, which stems like the field's screening.
	{"split screen", -2.5}, {"touch screen", -2.5}, {"screen time", -2.5},
	{"gameplay", -2.5}, // "game play": literalLexicon
	{"player experience", -2}, {"esports", -3},
	{"procedural content generation", -3}, {"level generation", -2},
	{"rendering", -2}, {"computer graphics", -1.5}, {"frame rate", -2}, {"gpu", -0.5},
	{"unity", -1.5}, {"unreal engine", -2}, {"non player character", -3},
	{"npc", -2}, {"atari", -2}, {"minecraft", -2}, {"starcraft", -1.5},
	{"board game", -1}, {"chess", -1.5}, {"game of go", -1},
	{"gamers", -2}, {"game industry", -2},

	// Look-alikes: gamification and learning with games.
	{"gamification", -4}, {"gamified", -4}, {"game based learning", -4},
	{"serious game", -3}, {"educational game", -3}, {"learning outcomes", -1.5},
	// "students" counts against in a question too. Without it (session
	// 17), "reassign dorm rooms … students already live in one" was
	// searched, one tuning hit more on each background, but two off-topic
	// controls (student council, volunteering for students) added a paper.
	{"student engagement", -2}, {"students", -1}, {"classroom", -1.5},
	{"badges", -1.5}, {"leaderboard", -1.5},

	// Look-alikes: physical and chemical equilibrium.
	{"chemical equilibrium", -4}, {"thermodynamic equilibrium", -4},
	{"thermal equilibrium", -4}, {"hydrostatic equilibrium", -4},
	{"phase equilibrium", -4}, {"equilibrium constant", -3},
	{"local thermodynamic", -3}, {"nonequilibrium", -2},
	{"thermodynamics", -2}, {"statistical mechanics", -2},
	{"reaction", -1}, {"chemical", -1.5}, {"molecular", -1.5}, {"molecules", -1.5},
	{"plasma", -2}, {"fluid", -1.5}, {"temperature", -1.5}, {"entropy production", -2},
	{"spin", -1}, {"lattice", -0.5}, {"crystal", -1.5}, {"magnetic", -1.5},
	{"stellar", -2}, {"galaxy", -2}, {"star formation", -2}, {"equilibrium states", -1},
	{"mechanical equilibrium", -3}, {"stationary distribution", -1},
	{"detailed balance", -2}, {"boltzmann", -1.5},
	{"ph", -2}, {"buffer solution", -3}, {"acid", -1.5}, {"titration", -3}, {"solubility", -3},

	// Look-alikes: graph theory and combinatorics.
	{"graph coloring", -4}, {"graph colouring", -4}, {"chromatic number", -4},
	{"chromatic", -2}, {"graph theory", -3}, {"planar graph", -2}, {"nash williams", -3},
	{"hamiltonian cycle", -2.5}, {"spanning tree", -1}, {"edge coloring", -3},
	{"vertex coloring", -3}, {"graph minors", -3}, {"ramsey", -1.5},
	{"combinatorial game", -1}, {"impartial game", -1},

	// Look-alikes: sports, gambling and games of chance.
	{"sports analytics", -3}, {"sports", -1.5}, {"basketball", -2}, {"football", -1.5},
	{"soccer", -1.5}, {"nba", -2}, {"tennis", -1.5}, {"baseball", -2}, {"cricket", -2},
	{"match outcome", -2}, {"win probability", -1.5},
	{"gambling", -1.5}, {"betting", -1},

	// Look-alikes in machine learning and finance.
	{"generative adversarial network", -3}, {"image synthesis", -2},
	{"adversarial examples", -2.5}, {"adversarial attack", -2}, {"adversarial robustness", -2},
	{"feature attribution", -3},
	{"shap", -2}, {"explainable ai", -2}, {"auction houses", -2}, {"option pricing", -3}, {"black scholes", -3},
	{"portfolio", -1}, {"mortgage", -1}, {"volatility", -1.5},

	// Other fields' own subjects that borrow the field's words, as arXiv's
	// other archives hold them (round 2 session 19): medicine and biology
	// (graft survival, signalling pathways, enzyme inhibition), computing
	// (ensembles that vote, genetic algorithms' tournaments, garbage
	// collectors, amortised analysis, data centres, hashing, congestion
	// control, image matching), statistics (propensity scores, mixed
	// effects, test power), topology (homology, the Nash embedding),
	// hydrology (Nash-Sutcliffe) and developmental psychology. None is
	// what a game-theory paper is about; one that uses such a method
	// names the field's ideas besides.
	{"graft survival", -3}, {"graft versus host", -3}, {"signaling pathway", -3},
	{"cell signaling", -3}, {"gene expression", -2}, {"enzyme", -2}, {"competitive inhibition", -3},
	{"clinical trial", -2}, {"tumor", -1}, {"antibiotic", -1},
	{"ensemble classifier", -3}, {"ensemble learning", -2.5}, {"random forest", -2.5},
	{"genetic algorithm", -2}, {"tournament selection", -3},
	{"garbage collection", -3}, {"garbage collector", -3}, {"splay tree", -3}, {"amortized analysis", -3},
	{"data center", -1.5}, {"consistent hashing", -3}, {"congestion control", -2.5},
	{"feature matching", -3}, {"stereo matching", -3}, {"image matching", -3},
	{"propensity score", -3}, {"mixed effects", -3}, {"random slopes", -3}, {"repeated measures", -2.5},
	{"statistical power", -2}, {"conversion rate", -2}, {"variational inference", -2.5},
	{"homology", -3}, {"fundamental group", -3}, {"lefschetz", -3}, {"nash embedding", -3}, {"nash moser", -3},
	{"riemannian", -2.5}, {"nash sutcliffe", -3}, {"streamflow", -3},
	{"developmental psychology", -3}, {"child development", -3}, {"toddlers", -2},

	// Computing's own subject when it runs a market: the engineering of a
	// production service (round 2 session 63). An ad exchange's serving
	// stack says "auction" in every sentence ("the auction service answers
	// each bid request within 200 milliseconds") and was kept on the word
	// alone; a paper on bidding in those auctions names the field's ideas
	// besides. Not "latency", which routing games use for their cost
	// functions.
	{"milliseconds", -1.5}, {"production traffic", -2},
	{"feature store", -3}, {"embedding cache", -3}, {"feature hashing", -2.5},
	{"autoscaling", -3}, {"microservice", -3}, {"serving cost", -2}, {"peak load", -1.5},
}

package reasoner

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/text"
)

// NoSourcesText is the answer when there are no passages to answer from.
const NoSourcesText = "I have no sources to answer this question from."

// Answerer defaults: see OfflineAnswerer.
const (
	DefaultMinSentences = 3
	DefaultMaxSentences = 6
	// DefaultMaxRunes is the answer's length budget in characters, without
	// citations: about six sentences of a primer entry or an abstract.
	DefaultMaxRunes = 1400
)

// OfflineAnswerer builds an extractive answer shaped by the question.
//
// It first finds what the question is about (text.Focal) and what shape of
// answer it asks for: a definition ("What is X?"), an explanation
// ("Why…?", "How…?"), a comparison ("the difference between X and Y") or a
// verdict (a yes/no question). When the question names a concept specific
// enough to demand and no passage is about it, it abstains in one line
// ("I found nothing on mean field games in the knowledge base…") and names
// the closest sources as such, never quoting them as an answer.
//
// Otherwise it quotes sentences, each cited [n]:
//
//   - Only sentences that bear on the focal concept: those of a passage
//     about it (its title or an opening mention, see about, or a phrase
//     papers on it use, such as "Crawford and Sobel" for cheap talk) and
//     those that mention it themselves.
//   - The first sentence fits the question: the one that defines the
//     concept for "what is", the best-scoring one that explains (because,
//     so that, which means…) for "why/how", one that names both concepts
//     for a comparison, the one that decides a yes/no question (with its
//     "not", "every", "always"…). In that source nothing before it is
//     quoted, so it stays first.
//   - Further sentences are chosen by relevance to the question (its key
//     terms weighted by rarity among the candidates, tf-idf style), plus a
//     bonus for following the first sentence closely in its source, where
//     an encyclopedia entry or an abstract develops its subject, and by
//     maximal marginal relevance so that overlapping chunks do not repeat
//     themselves.
//   - A sentence that refers back ("It …", "This rule …", "The theorem
//     says …", "However, …") is quoted only together with the sentence it
//     follows in its source; if that one cannot be quoted, neither is it.
//   - Sentences of one source keep their order in the source; sources
//     follow in the order they were first chosen.
//   - Between MinSentences and MaxSentences sentences, within MaxRunes.
//
// Every quoted sentence is a verbatim sentence of its passage. Sentences
// that read like instructions to a model ("ignore all previous
// instructions…") are never quoted. The result is deterministic.
//
// The zero value uses the defaults.
type OfflineAnswerer struct {
	// MinSentences and MaxSentences bound the answer's length; 0 means
	// DefaultMinSentences and DefaultMaxSentences. MinSentences is a
	// target: sentences that do not bear on the question are never added
	// to reach it.
	MinSentences, MaxSentences int
	// MaxRunes is the length budget; 0 means DefaultMaxRunes. The first
	// sentence is always quoted, however long.
	MaxRunes int
}

// NewOfflineAnswerer returns an OfflineAnswerer with the defaults.
func NewOfflineAnswerer() *OfflineAnswerer {
	return &OfflineAnswerer{}
}

// Selection tuning, chosen on the dev split of testdata/answers.
const (
	mmrLambda        = 0.7
	nearDuplicate    = 0.6
	scoreBonus       = 0.10 // × the passage's retrieval score
	conceptBonus     = 0.30 // the sentence names the main concept
	otherBonus       = 0.15 // … or another concept of the question
	leadBonus        = 0.60 // the sentence has the shape the question asks for
	definesBonus     = 0.15 // × how plainly a definition question's lead defines its concept
	focusBonus       = 0.15 // the sentence is in a passage about the main concept
	titleBonus       = 0.25 // … whose title carries the main concept
	followBonus      = 0.35 // the sentence right after the first, decaying by followDecay
	defineFollow     = 1.50 // … for a definition or a verdict, which its source develops sentence by sentence
	followDecay      = 0.80
	bothBonus        = 0.30 // a comparison's sentence that names both concepts
	namingBonus      = 0.30 // the sentence says what the concept a question describes without naming it is
	reasonBonus      = 0.40 // a why/how question's sentence that opens by giving the reason for the one before
	exampleBonus     = 0.40 // a sentence that sets out a case, when the question asks for an example
	counterBonus     = 0.50 // a sentence that denies for some what a yes/no question asks of all
	answerBonus      = 0.40 // a sentence that says what the answer to a who question's first request is, for its follow-up
	foundBonus       = 0.50 // the first sentence of a paper the run's search found about the question (Passage.Found)
	predicateBonus   = 0.50 // × the share of what a why/how/which/yes-no question asks beyond its main concept
	yesNoNearBest    = 0.85 // a deciding sentence this close to the best may lead if earlier
	keepFraction     = 0.35 // beyond MinSentences, keep sentences at least this relevant relative to the best
	minSentenceWords = 4
	minShare         = 0.6 // of the question's key terms, for a sentence outside the passages about its concept
	minFactShare     = 0.3 // of what a why question asks, for a sentence to be the fact it wants explained (causeOf)
)

// candidate is one quotable sentence of a passage.
type candidate struct {
	Text     string
	N        int    // citation number
	Paper    string // paper id, or the passage id when it has none
	Key      [2]int // document order within the paper: chunk, sentence
	Pred     *candidate
	Terms    map[string]bool
	BackRef  bool   // refers back: "It", "The theorem", "However", "… is the classic case: …"
	BackNoun string // for "The theorem …", the term of the noun referred back to
	OK       bool   // quotable: a whole sentence, not an instruction
	Rel      float64
	Lead     bool    // has the shape the question asks for
	Defines  int     // for a definition question, how plainly it defines the concept (definitionStrength)
	Eligible bool    // bears on the focal concept
	Counter  bool    // denies for some what a yes/no question asks of all (counters)
	Relates  bool    // says which of a yes/no question's two named concepts includes the other (relates)
	Says     float64 // for a question that asks something of its concept, the share of what it asks that the sentence says
	Found    bool    // its passage is of a paper the run's search judged about the question (Passage.Found)
}

// Answer implements Answerer. It never fails.
func (a *OfflineAnswerer) Answer(ctx context.Context, question string, passages []Passage) (Answer, error) {
	f := analyze(question)
	if conditionalVerdict(question) || asksWhenItHolds(question) {
		f.Kind = askYesNo
	}
	if len(passages) == 0 {
		return Answer{Text: NoSourcesText, Abstained: true, Concepts: conceptNames(f.Concepts)}, nil
	}
	if missing := f.missing(passages, true); len(missing) > 0 {
		// Name the question's other concepts that no passage carries too:
		// "fixation probability or Moran process".
		for _, c := range f.Concepts {
			// A named result is named up to its head noun ("Quintic
			// conjecture" of "Quintic conjecture true", see resultName).
			if len(missing) < maxNamed && !slices.ContainsFunc(missing, func(m text.Concept) bool { return m.Name == c.Name || strings.HasPrefix(c.Name, m.Name+" ") }) &&
				f.demands(c) && firstMention(c, passages) == 0 {
				missing = append(missing, c)
			}
		}
		return abstain(missing[:min(maxNamed, len(missing))], passages), nil
	}
	if c, _, _, alone := f.aloneInPassing(passages, DefaultMinCoverage, false); alone {
		// "Two firms are both losing money, each waiting for the other
		// to leave the market first. Who should quit?" is not answered
		// by the entry on Vickrey auctions, which says a bidder may "lose
		// money", as the relevance judge found.
		return abstain([]text.Concept{c}, passages), nil
	}

	cands := candidates(passages)
	quotable := 0
	for _, c := range cands {
		if c.OK {
			quotable++
		}
	}
	if quotable == 0 {
		return fragmentAnswer(passages, f), nil
	}
	focusPapers := markEligible(f, passages, cands)
	titled := entitled(f, passages)
	scoreCandidates(f, passages, cands, focusPapers, titled)
	if k, listing, ok := listedOnly(f, cands, focusPapers); ok {
		// "What is Pareto efficiency?" is not answered by "Nash imposed
		// four axioms: Pareto efficiency, symmetry, …".
		return listedAnswer(k, listing, passages), nil
	}
	chosen, front := a.selectSentences(f, cands, focusPapers, titled)
	if len(chosen) == 0 {
		return abstain(f.Concepts[:min(1, len(f.Concepts))], passages), nil
	}
	chosen = coverParts(question, cands, chosen, front)
	chosen = quoteBestMatch(f, cands, chosen)
	chosen = quoteFoundPapers(f, passages, cands, chosen)
	ans := compose(chosen, front)
	ans.Concepts = conceptNames(f.Concepts)
	return ans, nil
}

// aboutSecond reports whether passage p is about the question's second
// concept in the way the question needs it. A comparison needs a passage
// about it: "the difference between a dominant strategy and a Nash
// equilibrium" left out the entry on dominant strategies, and defined
// only the Nash equilibrium; so does the passage whose sentence sets the
// two side by side, though it names each once (comparesIn: "a game has
// perfect information when …, and imperfect information otherwise"). A
// question that asks of two glossary concepts (bothNamed) needs the
// passage titled with the second: "Is mutual defection the only Nash
// equilibrium of the one-shot prisoner's dilemma?" quoted the stag hunt's
// "Unlike the prisoner's dilemma, …" and not the prisoner's dilemma's
// entry. Merely about the second is not enough there: "Is deferred
// acceptance strategy-proof …?" then quoted the Vickrey auction, which
// says it twice.
func aboutSecond(f focus, p Passage) bool {
	if len(f.Concepts) < 2 {
		return false
	}
	switch {
	case f.Kind == askDifference:
		return about(f.Concepts[1], p) || comparesIn(f, p)
	case bothNamed(f, f.Concepts[1]):
		return titledWith(f.Concepts[1], p.Title)
	}
	return false
}

// titledWith reports whether title names concept c, and not only inside a
// longer glossary term (withoutLongerTerms): "Tit-for-tat, Axelrod's
// tournaments and the iterated prisoner's dilemma" is not titled with the
// prisoner's dilemma.
func titledWith(c text.Concept, title string) bool {
	return carries(c, Passage{Title: titleForms(withoutLongerTerms(title, c))})
}

// listedOnly reports whether a definition question ("What is Pareto
// efficiency?") can be answered only by sentences that name its concept
// as an item of a list: no passage is about the concept (focusPapers), no
// sentence has the shape of a definition of it (Lead), and every sentence
// that bears on it (Eligible) names it among short items ("Nash imposed
// four axioms: Pareto efficiency, symmetry, invariance to …, and
// independence of irrelevant alternatives …"; "Arrow asked for
// unrestricted domain (…), weak Pareto efficiency (…) and independence of
// irrelevant alternatives (…)"). Quoted as an answer, such a list passes
// a mention off as a definition. It returns the concept and the papers of
// the sentences that list it, in the order of their passages.
func listedOnly(f focus, cands []*candidate, focusPapers map[string]bool) (text.Concept, []string, bool) {
	if f.Kind != askDefinition || f.wantsExamples() || len(f.Concepts) == 0 || !demandable(f.Concepts[0]) || len(focusPapers) > 0 {
		return text.Concept{}, nil, false
	}
	k := f.Concepts[0]
	var papers []string
	for _, c := range cands {
		if !c.Eligible || !k.In(c.Text) {
			// With no passage about k, a sentence that does not name it
			// cannot say what it is: for "What is moral hazard in a
			// principal-agent model?" sentences on other models that
			// share "model" and "agent" kept "Screening, together with
			// signalling and moral hazard, makes up …" as the answer.
			continue
		}
		if c.Lead || !listedIn(k, c.Text) {
			return text.Concept{}, nil, false
		}
		if !slices.Contains(papers, c.Paper) {
			papers = append(papers, c.Paper)
		}
	}
	return k, papers, len(papers) > 0
}

// listSep separates the items of a list, and the clauses and asides
// around them.
var listSep = regexp.MustCompile(`[,;:()]|\s(?:and|or)\s`)

// maxListItem is the most words an item of a list may have, besides the
// concept's own two extra ("weak" in "weak Pareto efficiency").
const maxListItem = 6

// listedIn reports whether sentence s names c as an item of a list: a
// part of s between commas, colons, brackets or "and" that holds c and at
// most two other words, beside at least two other short parts. An item
// that is c itself, followed by a bracket or a clause that says what it
// is, is described, not only listed: "the null player property (a player
// who adds nothing gets nothing)", "…, and with Bayesian persuasion, where
// the sender commits in advance to how information is revealed". What
// follows a variant of c ("weak Pareto efficiency (if everyone prefers x
// to y, so does society)") describes the variant in its setting.
func listedIn(c text.Concept, s string) bool {
	seps := listSep.FindAllStringIndex(s, -1)
	var parts []string
	var after []string // the separator after each part
	start := 0
	for _, m := range seps {
		parts = append(parts, s[start:m[0]])
		after = append(after, s[m[0]:m[1]])
		start = m[1]
	}
	parts = append(parts, s[start:])
	after = append(after, "")
	item, others := -1, 0
	for i, part := range parts {
		n := len(text.Words(part))
		switch {
		case n == 0:
		case item < 0 && c.In(part) && n <= len(text.Words(c.Name))+2:
			item = i
		case n <= maxListItem:
			others++
		}
	}
	if item < 0 || others < 2 {
		return false
	}
	if len(termSet(parts[item])) > len(termSet(c.Name)) {
		return true // a variant of c: "weak Pareto efficiency"
	}
	if after[item] == "(" {
		return false
	}
	for _, next := range parts[item+1:] {
		if len(text.Words(next)) > 0 {
			return !describesItem.MatchString(next)
		}
	}
	return true
}

// describesItem matches the opening of a clause that says what the item
// before it is.
var describesItem = regexp.MustCompile(`(?i)^\s*(where|which|who|whose|in which|whereby|meaning|i\.e\.|that is|namely)\b`)

// listedAnswer says that the knowledge base lists concept k, in the
// sources of papers, without saying what it is: an abstention that names
// those sources, as abstain names a passing mention.
func listedAnswer(k text.Concept, papers []string, passages []Passage) Answer {
	ans := Answer{Abstained: true, Concepts: []string{k.Name}}
	var named []string
	for _, paper := range papers[:min(maxClosest, len(papers))] {
		for _, p := range passages {
			if cmpOr(p.PaperID, p.ID) != paper {
				continue
			}
			title := cmpOr(strings.TrimSpace(p.Title), paper)
			named = append(named, fmt.Sprintf("%q [%d]", title, p.N))
			ans.Cited = append(ans.Cited, p.N)
			break
		}
	}
	ans.Text = fmt.Sprintf("I found nothing in the knowledge base that says what %s is: %s only %s it in a list.",
		k.Name, strings.Join(named, " and "), text.Plural(len(named), "names", "name"))
	return ans
}

// quoteFoundPapers appends to chosen, for each passage of a paper the
// run's search found about the question (Passage.Found) that chosen does
// not quote, that paper's most relevant sentence among those that bear on
// the question (Eligible) and refer back to nothing.
//
// Why. selectSentences spends its budget (MaxSentences, MaxRunes) in
// order of relevance, and the sentences that develop the lead's paper
// score high; a second paper the search judged about the question, and
// that the store returned beside it, could be left out although it is
// the one the question is about ("Is deferred acceptance still safe when
// students may rank only a few schools?": the lead's paper on school
// choice filled the answer, and the paper on capped rank-order lists,
// retrieved second, was not quoted). Its Found bonus in selectSentences
// does not help once the budget is spent. The answer may so run one
// sentence over the budget for each such paper, at most K−1, and at most
// maxFoundQuotes: "ask -k 100 'What is a Nash equilibrium?'" on a store
// of a thousand cs.GT papers, every one naming the concept found about
// the question, answered in 49 sentences citing 44 sources.
//
// Measured in round 2 session 13, offline, fresh stores: on the tuning
// sets of testdata/world 853 → 856 and 846 → 849 of 902; worlde's edev
// 31 → 32 of 37 on both backgrounds; no set lost a hit. Quoting a found
// paper's best sentence whether or not it bears on the question gained
// two or three more on the tuning sets, by citing sentences that say
// nothing the question asks; it was not taken.
//
// The retrieval's best passage is the one exception: when it is of a found
// paper and none of its sentences bears on the question's concept, its
// sentence sharing most of the question's words is quoted all the same.
// The concept may be a wrong guess ("Nash's existence theorem" for "If two
// people each try to say a bigger whole number than their opponent, why is
// there no stable outcome?"), and the paper the search found and the store
// ranked first ("…each player wants to name a number larger than the
// other's and no equilibrium exists…") was then left out of the answer for
// two papers on the guessed concept. Measured in round 2 session 14: the
// tuning sets of testdata/world 856 → 857 and 849 → 851 of 902, no
// question lost; worlds B to E's dev sets unchanged.
func quoteFoundPapers(f focus, passages []Passage, cands []*candidate, chosen []*candidate) []*candidate {
	quoted := map[*candidate]bool{}
	for _, c := range chosen {
		quoted[c] = true
	}
	// bestBy is the sentence of paper that can stand alone and is best by
	// score among those eligible, if its score passes above.
	bestBy := func(paper string, eligible func(*candidate) bool, score func(*candidate) float64, above float64) *candidate {
		var best *candidate
		for _, c := range cands {
			if c.Paper != paper || !c.OK || !eligible(c) || len(withAntecedents(c, quoted)) != 1 {
				continue
			}
			if sc := score(c); sc > above {
				best, above = c, sc
			}
		}
		return best
	}
	added := 0
	for i, p := range passages {
		paper := cmpOr(p.PaperID, p.ID) // as candidates names it
		if added == maxFoundQuotes {
			break
		}
		if !p.Found || slices.ContainsFunc(chosen, func(c *candidate) bool { return c.Paper == paper }) {
			continue
		}
		best := bestBy(paper, func(c *candidate) bool { return c.Eligible }, func(c *candidate) float64 { return c.Rel }, math.Inf(-1))
		if best == nil && i == 0 {
			best = bestBy(paper, func(*candidate) bool { return true }, func(c *candidate) float64 { return termShare(f.Terms, c.Terms) }, 0)
		}
		if best != nil {
			chosen = append(chosen, best)
			quoted[best] = true
			added++
		}
	}
	return chosen
}

// maxFoundQuotes is the most sentences quoteFoundPapers adds past the
// answer's budget: at the default K of 3 it never binds (K−1 is 2).
const maxFoundQuotes = 3

func (a *OfflineAnswerer) limits() (minS, maxS, maxRunes int) {
	minS, maxS, maxRunes = a.MinSentences, a.MaxSentences, a.MaxRunes
	if minS <= 0 {
		minS = DefaultMinSentences
	}
	if maxS <= 0 {
		maxS = DefaultMaxSentences
	}
	if maxRunes <= 0 {
		maxRunes = DefaultMaxRunes
	}
	return min(minS, maxS), maxS, maxRunes
}

func conceptNames(cs []text.Concept) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// oncePerStems keeps the first of concepts that stem alike: the glossary's
// "budget-constrained bidders" and the question's own "budget-constrained
// bidder" were both told ("I found nothing on budget-constrained bidders
// or budget-constrained bidder or pacing equilibrium").
func oncePerStems(cs []text.Concept) []text.Concept {
	seen := map[string]bool{}
	out := cs[:0:0]
	for _, c := range cs {
		key := strings.Join(text.Tokenize(c.Name), " ")
		if key != "" && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, c)
	}
	return out
}

// maxClosest is how many sources an abstention names, maxNamed how many
// missing concepts.
const (
	maxClosest = 2
	maxNamed   = 3
)

// abstain says in one line that the knowledge base has nothing on the
// missing concepts, and names at most maxClosest of the closest sources as
// such. A source that mentions a concept in passing is named as that.
//
// A missing concept is one no passage mentions. For a glossary term, which
// a passage on it names by one of its spellings, that is nothing on it.
// For a phrase of the question's own ("beer maker") it is only that the
// words are not there: "I found nothing on beer maker or competing brands",
// then "The closest sources: Vertical Mergers and Retail Prices: Evidence
// from Brewery–Distributor Integration", claimed more than was checked.
// Such phrases are quoted, as the question's words no source says.
func abstain(missing []text.Concept, passages []Passage) Answer {
	missing = oncePerStems(missing)
	ans := Answer{Abstained: true, Concepts: conceptNames(missing)}
	names, own := make([]string, len(missing)), false
	for i, c := range missing {
		names[i] = c.Name
		if !c.Known {
			names[i], own = `"`+c.Name+`"`, true
		}
	}
	var b strings.Builder
	switch {
	case len(missing) == 0:
		b.WriteString("I found nothing on this in the knowledge base")
	case own:
		fmt.Fprintf(&b, "No source in the knowledge base mentions %s", strings.Join(names, " or "))
	default:
		fmt.Fprintf(&b, "I found nothing on %s in the knowledge base", strings.Join(names, " or "))
	}
	var closest []Passage
	seen := map[string]bool{}
	for _, p := range passages {
		if key := cmpOr(p.PaperID, p.ID); !seen[key] {
			seen[key] = true
			closest = append(closest, p)
		}
	}
	slices.SortStableFunc(closest, func(x, y Passage) int {
		if mx, my := mentionsAny(missing, x), mentionsAny(missing, y); mx != my {
			if mx {
				return -1
			}
			return 1
		}
		return 0
	})
	closest = closest[:min(maxClosest, len(closest))]
	var named []string
	for i, p := range closest {
		title := strings.TrimSpace(p.Title)
		if title == "" {
			title = cmpOr(p.PaperID, p.ID, "a source")
		}
		if i == 0 && mentionsAny(missing, p) {
			fmt.Fprintf(&b, " beyond a passing mention in %q [%d]", title, p.N)
		} else {
			named = append(named, fmt.Sprintf("%q [%d]", title, p.N))
		}
		ans.Cited = append(ans.Cited, p.N)
	}
	b.WriteString(".")
	if len(named) > 0 {
		fmt.Fprintf(&b, " The closest %s, which may not answer the question: %s.", text.Plural(len(named), "source", "sources"), strings.Join(named, "; "))
	}
	ans.Text = b.String()
	return ans
}

func mentionsAny(cs []text.Concept, p Passage) bool {
	for _, c := range cs {
		if c.In(p.Title + "\n" + p.Text) {
			return true
		}
	}
	return false
}

// cmpOr returns the first non-empty string (cmp.Or; the package's cmp is
// the judge's comparison sign).
func cmpOr(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// candidates splits passages into sentences. Overlapping chunks of one
// paper repeat sentences; each is kept once, at its earliest place. Each
// candidate knows the sentence before it in its paper (Pred), quotable or
// not, so that a back-reference can be tied to its antecedent.
func candidates(passages []Passage) []*candidate {
	byText := map[string]*candidate{}
	var all []*candidate
	for pi, p := range passages {
		paper := cmpOr(p.PaperID, p.ID)
		chunk := pi
		if n, ok := chunker.IndexOf(p.ID); ok {
			chunk = n
		}
		sents := bodySentences(p)
		for si, s := range sents {
			key := [2]int{chunk, si}
			id := paper + "\x00" + strings.ToLower(s)
			if c, ok := byText[id]; ok {
				if keyLess(key, c.Key) {
					c.Key, c.N = key, p.N
				}
				continue
			}
			c := &candidate{Text: s, N: p.N, Paper: paper, Key: key, Terms: termSet(s), Found: p.Found,
				BackRef: refersBack(s), BackNoun: backNoun(s), OK: quotable(s, si, len(sents)) && !(si == 0 && p.MidSentence)}
			if c.BackRef && c.BackNoun == "" {
				c.BackNoun = subjectNoun(s, p.Title)
			}
			byText[id] = c
			all = append(all, c)
		}
	}
	// Group by paper, papers in first-seen order, then document order.
	groups := map[string][]*candidate{}
	var order []string
	for _, c := range all {
		if _, ok := groups[c.Paper]; !ok {
			order = append(order, c.Paper)
		}
		groups[c.Paper] = append(groups[c.Paper], c)
	}
	var out []*candidate
	for _, paper := range order {
		g := groups[paper]
		sort.SliceStable(g, func(i, j int) bool { return keyLess(g[i].Key, g[j].Key) })
		for i := 1; i < len(g); i++ {
			// Chunks are sentence-aligned and overlap, so the first new
			// sentence of the next chunk follows the last one of this
			// chunk. After a gap (a chunk not retrieved) the sentence
			// before is unknown.
			if g[i].Key[0]-g[i-1].Key[0] <= 1 {
				g[i].Pred = g[i-1]
			}
		}
		for _, c := range g {
			if !c.BackRef && c.Pred != nil && definiteEcho(c) {
				c.BackRef = true
			}
		}
		out = append(out, g...)
	}
	return out
}

// definiteEcho reports whether c opens by naming, as known, something one
// of the two sentences before it in its source introduced as new: "the",
// "each" or "both" and a noun, in its first echoSpan words, which one of
// those sentences counted or introduced with "a" ("4000 drivers", "two
// routes", "a road"). "At equilibrium the drivers split evenly" is the
// sequel of "In the standard example 4000 drivers travel from A to B by
// one of two routes", and quoted without it reads as if the answer had
// lost a sentence (round 2 session 62). A noun the sentences before only
// named as known ("The core of a cooperative game is …", then "The core
// can be empty") is the passage's subject, not an echo; nor is a noun
// followed by "of", which says there and then which one it means ("the
// share of strategy i"), or a word every game-theory text uses
// (text.GenericWords).
func definiteEcho(c *candidate) bool {
	ws := text.Words(c.Text)
	for i := 0; i+1 < len(ws) && i < echoSpan; i++ {
		if ws[i] != "the" && ws[i] != "each" && ws[i] != "both" {
			continue
		}
		// The noun, or the word after it when the first is an adjective
		// the sentences before did not introduce ("the new road").
		for j := i + 1; j <= i+2 && j < len(ws); j++ {
			noun := ws[j]
			if text.GenericWords.Has(noun) || text.StopWords.Has(noun) || j+1 < len(ws) && ws[j+1] == "of" {
				break
			}
			ts := tokens(noun)
			if len(ts) != 1 {
				break
			}
			for p, k := c.Pred, 0; p != nil && k < 2; p, k = p.Pred, k+1 {
				if introduces(p.Text, ts[0]) {
					return true
				}
			}
		}
	}
	return false
}

// introduces reports whether sentence s introduces the noun whose term is
// term as new: a number or "a", "an" right before it, with nothing but a
// space between ("(1838), firms" is a date, not a count).
func introduces(s, term string) bool {
	fs := strings.Fields(strings.ToLower(s))
	for j := 1; j < len(fs); j++ {
		if w := fs[j-1]; !introducers[w] && !isNumber(w) { // w is a field: never empty
			continue
		}
		// The noun, or the one after an adjective ("two congestible
		// roads").
		for k := j; k <= j+1 && k < len(fs); k++ {
			if ts := tokens(fs[k]); len(ts) == 1 && ts[0] == term {
				return true
			}
		}
	}
	return false
}

// introducers are the words that present a noun as new.
var introducers = setOf(`a an one two three four five six seven eight nine ten several`)

// echoSpan is how far into a sentence definiteEcho looks.
const echoSpan = 4

func keyLess(a, b [2]int) bool {
	return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
}

// fragmentAnswer quotes the first usable passage as it is when every
// sentence looked like a fragment, rather than saying nothing.
func fragmentAnswer(passages []Passage, f focus) Answer {
	var quotes []Quote
	var cited []int
	for _, p := range passages {
		body := strings.TrimSpace(passageBody(p.Text))
		if len(text.Words(body)) == 0 || looksLikeInstruction(body) || opensWithBackReference(body) {
			continue // nothing but punctuation, addressed to a model, or leaning on text before it
		}
		// One passage only: a second quote joined to a fragment would run
		// into it, and a reader could not tell where one source ends.
		quotes = append(quotes, Quote{Text: truncateRunes(body, 400), N: p.N})
		cited = append(cited, p.N)
		break
	}
	if len(quotes) == 0 {
		return Answer{Text: NoSourcesText, Abstained: true, Concepts: conceptNames(f.Concepts),
			Notices: []string{"the retrieved passages hold no usable sentences"}}
	}
	return Answer{Text: CiteQuotes(quotes, nil), Cited: cited, Quotes: quotes, Concepts: conceptNames(f.Concepts)}
}

// passageBody drops the "Title: …" header and "Abstract:" label the chunker
// puts at the top of a chunk: the title is not a sentence of the answer.
func passageBody(text string) string {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "Title:") {
		if i := strings.Index(t, "\n\n"); i >= 0 {
			t = t[i+2:]
		} else if i := strings.Index(t, "\n"); i >= 0 {
			t = t[i+1:]
		} else {
			t = ""
		}
	}
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "Abstract:")
	return strings.TrimSpace(t)
}

// bodySentences are the sentences of a passage's body (passageBody).
func bodySentences(p Passage) []string { return chunker.Sentences(passageBody(p.Text)) }

// quotable rejects fragments: a chunk cut by the splitter may start in the
// middle of a sentence (lower-case start) or end in one (no final
// punctuation).
func quotable(s string, i, n int) bool {
	if len(strings.Fields(s)) < minSentenceWords || looksLikeInstruction(s) || crossReference.MatchString(s) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	if unicode.IsLower(first) {
		return false
	}
	if i == n-1 {
		last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(s, `"')]”’`))
		if !strings.ContainsRune(".!?", last) {
			return false
		}
	}
	return true
}

// crossReference matches a sentence that sends the reader elsewhere
// ("Compare Bertrand competition in prices and Stackelberg leadership.",
// "See also …"): quoted, it reads as a cited claim that says nothing.
var crossReference = regexp.MustCompile(`^(Compare|Contrast|See|Cf\.?)\s`)

// instructionPattern catches text addressed to a model rather than a reader.
var instructionPattern = regexp.MustCompile(`(?i)\b(ignore|disregard|forget|override)\b[^.!?]{0,40}\b(instructions?|prompts?|rules|context)\b|\b(answer|reply|respond|say|output)\s+(only\s+)?["']?(yes|no)\b|\byou are (an?|the) (ai|assistant|language model|llm)\b|\bsystem prompt\b`)

func looksLikeInstruction(s string) bool {
	return instructionPattern.MatchString(s)
}

// carriesDescription reports whether passage p carries c, a phrase of the
// question that describes its evoked main concept (focus.Described), as
// evidence that p is about that concept. A phrase of one word is too
// little by itself: "inherited behaviours" in the entry on evolutionarily
// stable strategies carries "inheritance" from "How should an inheritance
// be divided fairly among siblings?", and says nothing of fair division.
// It counts when a sentence says it with another of the question's terms,
// as focus.missing asks of the same word (mentionedWithAnother).
func carriesDescription(f focus, c text.Concept, p Passage) bool {
	return carries(c, p) && (len(specificStems(c)) != 1 || f.mentionedWithAnother(c, []Passage{p}))
}

// markEligible marks the sentences that bear on the focal concept and
// returns the papers about it. With no concept at all (a question of
// generic words) every sentence sharing a key term is eligible.
func markEligible(f focus, passages []Passage, cands []*candidate) map[string]bool {
	focusPapers := map[string]bool{}
	if len(f.Concepts) > 0 {
		for _, p := range passages {
			// A comparison is about both its concepts, and a question
			// that asks of two glossary concepts about its second too
			// (aboutSecond).
			if about(f.Concepts[0], p) || aboutSecond(f, p) || p.Found && ownWords(f.Concepts[0]) || slices.ContainsFunc(f.Described, func(c text.Concept) bool { return carriesDescription(f, c, p) }) {
				// A passage that carries the words describing an evoked
				// concept is about it too, in other words: "Cutting a
				// Cake Fairly" for cake cutting, where "a cake … divided
				// among agents" carries "cake among three people".
				focusPapers[cmpOr(p.PaperID, p.ID)] = true
			}
		}
		if top := best(passages); len(focusPapers) == 0 && len(f.AnyOf) > 0 && looselyCarried(f.Concepts[0], top) {
			// So is the best passage holding all but one word of a
			// phrase of the student's own, for a question that
			// paraphrases (why, how, yes/no; see missing), when no
			// passage is about the phrase itself; one that asks what
			// something is wants its name. When one is, the near match
			// is a neighbour: "Stackelberg leadership" and "firms would
			// earn more" in a passage on Cournot competition hold all
			// but one word of "Stackelberg leader earn", which the
			// passage titled with Stackelberg leadership is about.
			focusPapers[cmpOr(top.PaperID, top.ID)] = true
		}
		// When the question describes the concept without naming it, a
		// passage that says a phrase papers on the concept use, of more
		// than one word, is about it as well: "Crawford and Sobel
		// showed…" or "a costless message" for cheap talk, asked as "If
		// an adviser is biased and words cost nothing…". The arXiv
		// search's about test added the paper on that evidence; the
		// answer should not then pass it over for the one paper that
		// writes the name. A question that names the concept wants the
		// passages on it, not its neighbours': "English auction" is a
		// related phrase of the second-price auction.
		for _, p := range passages {
			if f.saysRelated(p) {
				focusPapers[cmpOr(p.PaperID, p.ID)] = true
			}
		}
		if len(focusPapers) == 0 {
			// The main concept is too general to demand and no passage is
			// about it: take the papers about any concept of the question.
			for _, p := range passages {
				for _, c := range f.Concepts[1:] {
					if about(c, p) {
						focusPapers[cmpOr(p.PaperID, p.ID)] = true
					}
				}
			}
		}
	}
	// In a paper about the concept, a sentence bears on it when it shares
	// a term with the question, the title, or a sentence naming a concept
	// of the question: "John Harsanyi showed how to analyse them: each
	// player has a type…" does, "The weather was pleasant that year" does
	// not.
	context := map[string]map[string]bool{}
	for _, p := range passages {
		paper := cmpOr(p.PaperID, p.ID)
		if !focusPapers[paper] {
			continue
		}
		if context[paper] == nil {
			context[paper] = map[string]bool{}
			for _, t := range f.Terms {
				context[paper][t.Stem] = true
			}
		}
		for t := range termSet(p.Title) {
			context[paper][t] = true
		}
	}
	for _, c := range cands {
		if context[c.Paper] != nil && mentionsAnyText(f.Concepts, c.Text) {
			for t := range c.Terms {
				context[c.Paper][t] = true
			}
		}
	}
	// A sentence that shares a term with one already bearing on the
	// concept bears on it too ("Two partners want to spend the evening
	// together, but one prefers the opera…" after "The battle of the sexes
	// is a coordination game…" and "…goes to their preferred event…").
	for grew := true; grew; {
		grew = false
		for _, c := range cands {
			if c.OK && !c.Eligible && context[c.Paper] != nil && sharesAny(c.Terms, context[c.Paper]) {
				c.Eligible, grew = true, true
				for t := range c.Terms {
					context[c.Paper][t] = true
				}
			}
		}
	}
	for _, c := range cands {
		switch {
		case !c.OK || c.Eligible:
		case len(f.Concepts) > 0 && namesConcept(f, focusPapers, c):
			c.Eligible = true
		case termShare(f.Terms, c.Terms) >= minShare:
			// A sentence that says most of what the question asks bears on
			// it wherever it stands: "Some games have no Nash equilibrium
			// in pure strategies" for "Does every finite game have a
			// pure-strategy Nash equilibrium?".
			c.Eligible = true
		}
	}
	// The siblings of the main concept in each passage's title, worked
	// out once per paper rather than once per sentence.
	siblings := map[string][]text.Concept{}
	for _, p := range passages {
		paper := cmpOr(p.PaperID, p.ID)
		if _, done := siblings[paper]; !done {
			siblings[paper] = siblingsIn(f, p.Title)
		}
	}
	for _, c := range cands {
		if c.Eligible && siblingOnly(f, siblings[c.Paper], c.Text) {
			c.Eligible = false
		}
	}
	return focusPapers
}

// siblingsIn returns the siblings of the question's main glossary concept
// in title, when title names that concept: glossary terms of the same
// head noun the question does not name ("English auction" in "English and
// Dutch auctions" for "How does a Dutch auction work?"). None for a
// comparison, which is about both.
func siblingsIn(f focus, title string) []text.Concept {
	if len(f.Concepts) == 0 || !titledWith(f.Concepts[0], title) {
		return nil
	}
	return siblingsNamed(f, titleForms(title))
}

// siblingsNamed returns the siblings of the question's main glossary
// concept that s names (see siblingsIn); none for a comparison.
func siblingsNamed(f focus, s string) []text.Concept {
	if len(f.Concepts) == 0 || f.Kind == askDifference {
		return nil
	}
	main := f.Concepts[0]
	if !main.Known {
		return nil
	}
	head := headStem(main)
	var out []text.Concept
	for _, k := range text.Focal(s) {
		if k.Known && k.Name != main.Name && headStem(k) == head && !k.In(main.Name) && !hyponymOf(main, k) && !k.In(f.Question) {
			out = append(out, k)
		}
	}
	return out
}

// hyponymOf reports whether k is a kind of main, by a name of k that holds
// main's: "pure-strategy equilibria" (pure-strategy Nash equilibrium) of
// Nash equilibrium is no sibling of it.
func hyponymOf(main, k text.Concept) bool {
	return main.In(k.Name) || slices.ContainsFunc(k.Variants, main.In)
}

// siblingOnly reports whether sentence s speaks of one of siblings alone,
// not of the question's main concept: siblings of its passage's title
// (siblingsIn), or those s names itself (siblingsNamed), whose procedure
// or reason is no answer to the question's. An entry titled with both
// tells the two apart sentence by sentence, and "With private values, …,
// so the English auction gives the same outcome as the second-price
// sealed-bid auction" opened the answer on the Dutch auction, since the
// whole entry is about it.
func siblingOnly(f focus, siblings []text.Concept, s string) bool {
	if len(siblings) == 0 {
		return false
	}
	main := f.Concepts[0]
	if main.In(s) {
		return false
	}
	head, terms := headStem(main), termSet(s)
	for _, t := range tokens(main.Name) {
		if t != head && terms[t] {
			// It says the concept's own word without its head: "Dictators
			// still give around 20 to 30 percent …, though less than
			// proposers offer in the ultimatum game".
			return false
		}
	}
	// By its name: a variant may name a part the main concept shares
	// ("sequential rationality", a variant of sequential equilibrium, is
	// one of perfect Bayesian equilibrium's two conditions).
	return slices.ContainsFunc(siblings, func(k text.Concept) bool { return k.NamedIn(s) })
}

// namesConcept reports whether sentence c names a concept of the
// question, and so bears on it wherever it stands. When some passages are
// about the main concept, a sentence elsewhere that names only an
// unspecific concept (not demandable) must also say another word of the
// question: in "Does tit-for-tat always win?" the verb "win" is what the
// question asks of tit-for-tat, and "the highest bidder wins" in a passage
// on auctions says nothing of it, where "We study the computational side
// of persuasion" does bear on "How hard is it computationally … so buyers
// are persuaded?".
func namesConcept(f focus, focusPapers map[string]bool, c *candidate) bool {
	for _, k := range f.Concepts {
		if !k.In(c.Text) {
			continue
		}
		if len(focusPapers) == 0 || demandable(k) {
			return true
		}
		inConcept := termSet(k.Name)
		for _, t := range f.Terms {
			if !inConcept[t.Stem] && !genericStems[t.Stem] && hasTerm(c.Terms, t.Stem) {
				return true
			}
		}
	}
	return false
}

// hasTerm reports whether terms hold stem or another form of its word
// (sameStem): the stemmer leaves "temptation" as "temptat" and "tempted" as
// "tempt", which are one word to a reader. A few words that the field's
// prose says in other words count as said by those (synonyms): "TFT never
// beats its opponent" says whether tit-for-tat wins.
func hasTerm(terms map[string]bool, stem string) bool {
	if terms[stem] {
		return true
	}
	for _, syn := range synonyms[stem] {
		if terms[syn] {
			return true
		}
	}
	if len(stem) >= minNegatedStem {
		// The negated word says it too, and decides a yes/no question
		// about it: "the equilibrium is Pareto inefficient" for "Is the
		// Nash equilibrium of the prisoner's dilemma efficient?".
		for _, prefix := range negationPrefixes {
			if terms[prefix+stem] {
				return true
			}
		}
	}
	for t := range terms {
		if sameStem(t, stem) {
			return true
		}
	}
	return false
}

// negationPrefixes make the negated form of a word: "inefficient",
// "unstable", "imperfect", "irrational", "nonexistent".
var negationPrefixes = []string{"in", "un", "im", "ir", "il", "non"}

// minNegatedStem is the shortest stem whose negated form hasTerm accepts;
// shorter ones ("form" in "inform") are too often a word of their own.
const minNegatedStem = 5

// synonyms maps a term to the terms of other words sources use for it.
var synonyms = map[string][]string{
	"win":  {"beat", "outperform"},
	"beat": {"win", "outperform"},
	// "Why is the second-price auction truthful?" is answered by
	// "Bidding one's true value is a weakly dominant strategy": the
	// stemmer leaves "truth" and "true", one word to a reader.
	"truth": {"true"},
	"true":  {"truth"},
	// "Who invented the prisoner's dilemma?" asks what "Merrill Flood
	// and Melvin Dresher devised" says (keyTerms, text.ConceptOrigin).
	introducedStem: originStems,
}

func mentionsAnyText(cs []text.Concept, s string) bool {
	for _, c := range cs {
		if c.In(s) {
			return true
		}
	}
	return false
}

func hasAll(set map[string]bool, terms []string) bool {
	for _, t := range terms {
		if !set[t] {
			return false
		}
	}
	return len(terms) > 0
}

func sharesAny(a, b map[string]bool) bool {
	for t := range a {
		if b[t] {
			return true
		}
	}
	return false
}

// termShare is the weighted share of the key terms ts that terms hold.
func termShare(ts []term, terms map[string]bool) float64 {
	var got, total float64
	for _, t := range ts {
		total += t.Weight
		if terms[t.Stem] {
			got += t.Weight
		}
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// explains matches the words of an explanation.
var explains = regexp.MustCompile(`(?i)\b(because|since|so that|so|which means|this means|means that|therefore|thus|hence|as a result|the reason|reason is|explains?|explained|why|in order to|leads? to|ensures?|guarantees?|whatever|regardless|unless|only if|by (\w+ing)|otherwise|cannot|can't)\b`)

// procedure matches the words by which a sentence says how to do
// something: "To find pure-strategy equilibria …, mark …", "In a payoff
// matrix, underline the row player's highest payoff …", "So one solves
// for the opponent's probabilities …", "The main tool for computing one is
// the indifference principle", "Backward induction solves finite games …
// by reasoning from the end".
var procedure = regexp.MustCompile(`(?i)(^|[:;,] )(to (find|compute|calculate|solve|determine|identify|check|locate)|mark|underline|check|solve|look for|start|delete|eliminate)\b|\b(one|you|we|players?) (solves?|computes?|finds?|checks?|looks? for|marks?|underlines?|deletes?|eliminates?)\b|\b(tool|method|procedure|algorithm|technique|recipe) (for|of|to) (comput|find|solv|calculat)|\b(solves?|computes?|finds?) [^.;:]{0,60}\bby \w+ing\b`)

// solvedBy matches a sentence that says by what means something is found:
// "correlated equilibria can be found by linear programming", "they can be
// computed efficiently by linear programming".
var solvedBy = regexp.MustCompile(`(?i)\b(computed|found|solved)( \w+ly)? (by|with|using)\b`)

// givesProcedure reports whether sentence s says how to do what a how-to
// question asks of its concept c: it gives a procedure, or the means by
// which something is found when that is not c itself ("Stackelberg
// competition and Rubinstein bargaining are both solved by subgame
// perfection" does not say how to find a subgame perfect equilibrium).
func givesProcedure(c text.Concept, s string) bool {
	if procedure.MatchString(s) {
		return true
	}
	loc := solvedBy.FindStringIndex(s)
	if loc == nil {
		return false
	}
	means := s[loc[1]:]
	if i := strings.IndexAny(means, ",;:."); i >= 0 {
		means = means[:i]
	}
	terms := termSet(means)
	return !slices.ContainsFunc(specificStems(c), func(t string) bool { return hasTerm(terms, t) })
}

// asideTerms are the terms of the examples a question gives in passing:
// "Why do the winners of common-value auctions, like the oil lease sales,
// tend to overpay?" asks why winners overpay, and the oil lease sales
// only illustrate the auctions meant. They weigh half as much as the
// question's other words when sentences are scored.
func asideTerms(question string) map[string]bool {
	out := map[string]bool{}
	for _, m := range aside.FindAllStringSubmatch(question, -1) {
		for t := range termSet(m[1]) {
			out[t] = true
		}
	}
	return out
}

// aside matches an example a question gives in passing, up to the next
// comma, bracket or the question's end.
var aside = regexp.MustCompile(`(?i)(?:,|\()\s*(?:like|such as|e\.g\.,?|say|for example|for instance)\s+([^,;:()?]+)`)

// givesReason matches a sentence that opens by giving the reason for what
// the sentence before it says.
var givesReason = regexp.MustCompile(`(?i)^(the (main )?reason (is|was)|this is (because|why)|that is (because|why)|the intuition is|the logic is)\b`)

// asksExample matches a question that asks for an example, however it
// puts it: "Give an example.", "An example please", "with an example?",
// "for instance?", "give me some real-world situations that …". The word
// alone asks for one: a question about examples
// ("Is chicken an example of a coordination game?") is answered by the
// sentence that sets out the case too.
var asksExample = regexp.MustCompile(`(?i)\b(examples?|for instance|illustrate|illustration)\b|\b(give|list|name|show)\b[^?.]{0,30}\b(situations|cases|instances|applications)\b`)

// givesExample matches a sentence that sets out a case: one that says so
// ("for example", "consider"), or one that opens in a particular game,
// auction or market ("In the three-player majority game, where …").
var givesExample = regexp.MustCompile(`(?i)\b(for example|for instance|e\.g\.|consider|imagine|suppose)\b|^in (the|a|an) [^,;]{0,60}\b(game|auction|market|problem|dilemma|economy|example)\b`)

// decides matches the words that settle a yes/no question.
var decides = regexp.MustCompile(`(?i)\b(not|no|never|none|need not|cannot|every|always|all|only|unique|guarantee[sd]?|exists?|at least|possibly|fails?|may|must|some)\b`)

// scoreCandidates sets each eligible candidate's relevance and lead flag.
func scoreCandidates(f focus, passages []Passage, cands []*candidate, focusPapers, titled map[string]bool) {
	score := map[string]float64{}
	for _, p := range passages {
		paper := cmpOr(p.PaperID, p.ID)
		score[paper] = math.Max(score[paper], clamp01(p.Score))
	}
	df := map[string]int{}
	n := 0
	for _, c := range cands {
		if !c.Eligible {
			continue
		}
		n++
		for _, t := range f.Terms {
			if hasTerm(c.Terms, t.Stem) {
				df[t.Stem]++
			}
		}
	}
	var total float64
	weight := map[string]float64{}
	aside := asideTerms(f.Question)
	for _, t := range f.Terms {
		w := t.Weight * math.Log(1+float64(n)/(1+float64(df[t.Stem])))
		if aside[t.Stem] {
			w /= 2
		}
		weight[t.Stem] = w
		total += w
	}
	soleNamed := len(f.Concepts) > 0 && !slices.ContainsFunc(f.Concepts[1:], func(k text.Concept) bool { return k.Known || k.Quoted })
	// The predicate: the key terms outside the main concept.
	var pred []term
	var predTotal float64
	var inMain map[string]bool // the main concept's terms
	if len(f.Concepts) > 0 {
		inMain = termSet(f.Concepts[0].Name)
		for _, t := range f.Terms {
			if !inMain[t.Stem] {
				pred = append(pred, t)
				predTotal += weight[t.Stem]
			}
		}
	}
	counter := f.counterTest() // the question read once for all its sentences
	setting, settingPapers := f.setting(passages)
	// So is whether it asks why of its sole named concept (see ownEntry).
	whyOfConcept := soleNamed && f.Kind == askExplain && !f.Method && asksWhy(f.Question)
	examples := f.wantsExamples() // read from the question once, not per sentence
	// And whether its answer is its concept's own entry, sentence by
	// sentence: a definition question that asks nothing more of the
	// concept, or a request for its examples (see ownEntry).
	whatOfConcept := soleNamed && (f.Kind == askDefinition && predTotal == 0 || examples)
	for _, c := range cands {
		if !c.Eligible {
			continue
		}
		// says is the share of what the question asks of its concept
		// (its predicate) that the sentence says.
		var says float64
		inSetting := settingPapers[c.Paper]
		if predTotal > 0 {
			for _, t := range pred {
				if hasTerm(c.Terms, t.Stem) || inSetting && setting[t.Stem] {
					says += weight[t.Stem]
				}
			}
			says /= predTotal
		}
		// A why question's explanation in its concept's own entry speaks
		// of the concept, named or not (ownEntry), if it says something
		// of what the question asks: "It is called a folk theorem because
		// it was widely known before anyone published it" explains, in
		// the entry on repeated games, nothing of why people cooperate in
		// them.
		own := whyOfConcept && ownEntry(c, titled) && (predTotal == 0 || says > 0) ||
			whatOfConcept && titled[c.Paper]
		var got float64
		for _, t := range f.Terms {
			if hasTerm(c.Terms, t.Stem) || own && inMain[t.Stem] || inSetting && setting[t.Stem] {
				got += weight[t.Stem]
			}
		}
		if total > 0 {
			c.Rel = got / total
		}
		if f.asksOfConcept() && predTotal > 0 {
			// "Why do bidders shade their bids in a first-price auction?"
			// asks about shading; the auction is the setting. The
			// sentence that says "bidders shade their bids below their
			// values" answers it, however rarely it names the setting.
			c.Says = says
			c.Rel += predicateBonus * c.Says
		}
		c.Rel += scoreBonus * score[c.Paper]
		if focusPapers[c.Paper] {
			c.Rel += focusBonus
		}
		if titled[c.Paper] && soleNamed {
			// The source named after the concept answers for it before
			// one that uses it as an example: "defecting is a strictly
			// dominant strategy" in "The prisoner's dilemma" before
			// "Under the grim trigger strategy, players cooperate …" in
			// "Repeated games and the folk theorem". A question that
			// names two glossary concepts ("Is mutual defection the only
			// Nash equilibrium of the one-shot prisoner's dilemma?") may
			// be answered by either's source.
			c.Rel += titleBonus
		}
		if len(f.Concepts) > 0 {
			if own || f.Concepts[0].In(c.Text) || saysReordered(f.Concepts[0], c.Terms) {
				c.Rel += conceptBonus
			} else if mentionsAnyText(f.Concepts[1:], c.Text) {
				c.Rel += otherBonus
			}
		}
		if counter.holds(c.Text, c.Terms, focusPapers[c.Paper]) {
			// "Does every game have a pure-strategy Nash equilibrium?" is
			// decided by a counterexample, "Some games have no Nash
			// equilibrium in pure strategies", not by "every congestion
			// game has a pure-strategy Nash equilibrium", which says it
			// of some games only.
			c.Rel += counterBonus
			c.Counter = true
		}
		c.Relates = f.relates(c.Text)
		if f.Evoked && namesWhat(f.Concepts[0], c.Text) {
			// The student described the idea without knowing its name;
			// the sentence that names it and says what it is answers
			// first ("Braess's paradox … shows that adding capacity to a
			// network can make every user worse off…").
			c.Rel += namingBonus
		}
		c.Lead = hasShape(f, c, soleNamed && titled[c.Paper])
		if c.Lead && f.Kind == askExplain && len(focusPapers) > 0 && !focusPapers[c.Paper] && !f.Concepts[0].In(c.Text) {
			// An explanation of something else explains nothing the
			// question asks: "…, so the Cournot model spans the range
			// from monopoly to perfect competition" does not say why a
			// Stackelberg leader earns more than in Cournot competition,
			// which "This first-mover advantage arises because …" in
			// the passage on Stackelberg leadership does.
			c.Lead = false
		}
		if c.Lead && siblingOnly(f, siblingsNamed(f, c.Text), c.Text) {
			// The shape of an answer, about another thing of the same
			// kind: "In contrast, correlated equilibria can be found by
			// linear programming" is no way to compute a Nash
			// equilibrium, and led "How do you compute a Nash
			// equilibrium in a 2x2 game?" into the entry on complexity.
			c.Lead = false
		}
		if c.Lead && f.Kind == askDefinition && !examples {
			// (A request for examples is led by the sentence that sets
			// them out, not by how plainly it defines the concept: "The
			// prisoner's dilemma is the classic case: …" of dominant
			// strategies came before the entry's own "… appears in price
			// wars, arms races, …".)
			c.Defines = definitionStrength(f.Concepts[0], c.Text)
		}
	}
	if f.Method && !slices.ContainsFunc(cands, func(c *candidate) bool { return c.Lead && c.Eligible }) {
		// No sentence gives a procedure: one that says why answers a
		// how question as it would without the method.
		for _, c := range cands {
			c.Lead = c.Eligible && explains.MatchString(c.Text)
		}
	}
	if f.Counted != "" && len(focusPapers) > 0 && !ledIn(cands, focusPapers) {
		// The source on the subject gives no number: the sentence of it
		// that speaks of what is counted answers as well as it can ("…,
		// so the pure Nash equilibria are asymmetric: one swerves and the
		// other goes straight").
		for _, c := range cands {
			c.Lead = c.Eligible && focusPapers[c.Paper] && hasTerm(c.Terms, f.Counted)
		}
	}
	if f.Kind == askDefinition && !f.wantsExamples() && len(f.Concepts) > 0 &&
		!ledIn(cands, focusPapers) {
		// No source about the concept defines it, but another may, in
		// another form of its words: "…; it weakly dominates if it is
		// never worse and sometimes better" defines weak dominance, which
		// the entry on trembling-hand perfection only mentions ("such
		// as weakly dominated strategies").
		if cond := conditionOf(f.Concepts[0]); cond != nil {
			for _, c := range cands {
				if c.Eligible && !focusPapers[c.Paper] && cond.MatchString(c.Text) {
					c.Lead, c.Defines = true, 1
				}
			}
		}
	}
	if f.wantsExamples() && !slices.ContainsFunc(cands, func(c *candidate) bool { return c.Lead }) {
		// No sentence sets out a case: the definition opens the answer.
		for _, c := range cands {
			if c.Eligible && len(f.Concepts) > 0 && defines(f.Concepts[0], c.Text) {
				c.Lead = true
				if f.Kind == askDefinition {
					c.Defines = definitionStrength(f.Concepts[0], c.Text)
				}
			}
		}
	}
}

// ownEntry reports whether c is an explanation (explains, or the
// contrast a dilemma or a paradox is made of: contrasts) in the source
// named after the question's concept (titled, soleNamed: see
// scoreCandidates), for a why question that asks something of it
// (askExplain, not a procedure, asksWhy: scoreCandidates checks the
// question once for all its sentences). Such a source speaks of its
// concept whether or not the sentence repeats its name: "With payoffs
// ordered …, defecting is a strictly dominant strategy for each player, so the
// unique Nash equilibrium is mutual defection, yet both would be better
// off cooperating" and "The game captures the tension between individual
// and collective rationality …" in "The prisoner's dilemma" say why the
// prisoner's dilemma is a dilemma without naming it, where "Under the
// grim trigger strategy, … of the repeated prisoner's dilemma …" in
// "Repeated games and the folk theorem" names it and explains nothing of
// it. So the concept's own words count as said by such a sentence, and
// word overlap no longer draws the explanation from the entries that
// merely name the concept. The entry's other sentences (its setting, its
// examples) keep their own words: crediting them all made an entry's
// asides compete with the sentences that name what the question asks.
//
// Two questions are the exception scoreCandidates makes (whatOfConcept):
// for a definition question that asks no predicate of its concept
// (predTotal == 0: "What is the prisoner's dilemma?") and for a request
// for its examples, the whole entry is the answer, so every sentence
// there counts as naming the concept. Without that, sentences of other
// entries that name the prisoner's dilemma in passing ("Under the grim
// trigger strategy …", "The prisoner's dilemma is the classic case" of
// dominant strategies) outscored the entry's own "defecting is a strictly
// dominant strategy …, yet both would be better off cooperating" and
// "The game captures the tension … that appears in price wars, arms
// races, …".
func ownEntry(c *candidate, titled map[string]bool) bool {
	return titled[c.Paper] && (explains.MatchString(c.Text) || contrasts.MatchString(c.Text))
}

// asksWhy reports whether a question asks why: "Why is the prisoner's
// dilemma a dilemma?", "In a second-price auction, why bid your value?",
// "Explain why …", "What makes …". A how question ("How does game theory
// help schedule airport security patrols?") asks how something is done
// or works, which the entry's account of it (its setting: "They are
// Stackelberg games: the defender … commits to a randomised allocation
// of patrols …") answers as well as its reasons do.
func asksWhy(question string) bool {
	ws := text.Words(withoutFillers(question))
	return len(ws) > 0 && (ws[0] == "why" || ws[0] == "explain" && len(ws) > 1 && ws[1] == "why" ||
		ws[0] == "what" && len(ws) > 1 && (ws[1] == "makes" || ws[1] == "causes")) ||
		clauseOpens(question, "why")
}

// contrasts matches the words by which a sentence sets two things against
// each other, which is what explains a dilemma or a paradox: "…, yet both
// would be better off cooperating", "the tension between individual and
// collective rationality", "Unlike the prisoner's dilemma, cooperation
// here is an equilibrium …" (why the stag hunt is about trust rather than
// temptation).
var contrasts = regexp.MustCompile(`(?i)\b(yet|unlike|whereas|tensions?|trade-?offs?|at odds|conflicts? (between|with))\b`)

// ledIn reports whether an eligible sentence of a paper about the
// question's concept (focusPapers) has the shape of an answer (Lead): when
// none has, scoreCandidates and selectSentences fall back to a sentence
// elsewhere.
func ledIn(cands []*candidate, focusPapers map[string]bool) bool {
	return slices.ContainsFunc(cands, func(c *candidate) bool { return c.Lead && c.Eligible && focusPapers[c.Paper] })
}

// namesCases matches the words by which a sentence says that it sets out
// cases: "for example", "such as", "the classic case", "examples include",
// "appears in price wars, arms races …", a particular game it opens with
// or names after a colon ("In the entry deterrence game an incumbent …",
// ": in the prisoner's dilemma …"), or a list of three after a colon (":
// driving on the left or the right, choosing a technology standard, or
// meeting at the same place").
var namesCases = regexp.MustCompile(`(?i)\b(for example|for instance|e\.g\.|such as|classic case|(classic|standard|typical|famous) example|examples? (include|are)|are examples|is an example|appears? in|arises? in)\b|(^|[:;] )in (the|a|an) [^,;]{0,60}\b(game|auction|market|dilemma|hunt)\b|: [^:;,.]{3,60}, [^:;.]{3,80},? (or|and) `)

// setsOutCasesOf reports whether sentence s sets out cases (namesCases)
// that are not the question's concepts themselves: "A repeated game is a
// stage game, such as the prisoner's dilemma, …" gives the prisoner's
// dilemma as an example of something else, and "In the iterated
// prisoner's dilemma the same two players …" is no example of it.
//
// "X such as Y" gives Y as cases of X: when X is not the question's
// concept (its head noun), the cases are of something else.
// "Refinements such as the intuitive criterion remove implausible
// [equilibria]" in the entry on signalling games is no example of a
// signalling game, and it crowded out "Michael Spence's job-market
// signalling model (1973) is the classic example".
func setsOutCasesOf(cs []text.Concept, s string) bool {
	for _, m := range namesCases.FindAllStringIndex(s, -1) {
		cue, rest := s[m[0]:m[1]], s[m[1]:]
		if strings.EqualFold(cue, "such as") && !casesOfConcept(cs, s[:m[0]]) {
			continue
		}
		if !slices.ContainsFunc(cs, func(k text.Concept) bool { p := k.Position(rest); return k.In(cue) || p >= 0 && p < openingTerms }) {
			return true
		}
	}
	return false
}

// casesOfConcept reports whether the words before "such as" end with a
// concept of cs or its head noun ("games such as", "a signalling game,
// such as").
func casesOfConcept(cs []text.Concept, before string) bool {
	ws := strings.Fields(strings.TrimRight(before, " ,"))
	if len(ws) == 0 {
		return false
	}
	last := tokens(ws[len(ws)-1])
	for _, k := range cs {
		if h := headStem(k); h != "" && len(last) > 0 && last[len(last)-1] == h {
			return true
		}
	}
	return false
}

// attributeAsked returns the thing a definition question asks of its
// concept, when it asks for one: "the four axioms" in "What are the four
// axioms of the Shapley value?", "the formula" in "What is the formula
// for the price of anarchy?".
func (f focus) attributeAsked() (text.Concept, bool) {
	if len(f.Concepts) < 2 {
		return text.Concept{}, false
	}
	lower := strings.ToLower(f.Question)
	main := strings.ToLower(f.Concepts[0].Name)
	for _, c := range f.Concepts[1:] {
		if c.Known || c.Quoted {
			continue
		}
		for _, link := range []string{" of ", " of the ", " of a ", " of an ", " for ", " for the ", " for a ", " in ", " in the "} {
			if strings.Contains(lower, strings.ToLower(c.Name)+link+main) {
				return c, true
			}
		}
	}
	return text.Concept{}, false
}

// wantsExamples reports whether examples are what the question asks for,
// in its first request: "Give an example of a dominant strategy", "What
// are some real-life examples of the prisoner's dilemma?". An example
// asked for after another request ("Can the core be empty? Give an
// example.", "What is a non-credible threat, and how does subgame
// perfection get rid of it? An example would really help.") comes after
// the answer to that one.
func (f focus) wantsExamples() bool {
	first, _, _ := strings.Cut(f.Question, "?")
	if i := strings.Index(first, ", and "); i >= 0 {
		first = first[:i]
	}
	return f.Example && !f.Who && (f.Kind == askDefinition || f.Kind == askOther) && asksExample.MatchString(first)
}

// definitionStrength grades a sentence that defines c (see defines): one
// point for opening with c, one for saying what c is (statesWhat or
// namedAs). "A mixed strategy is a probability distribution…" scores 2,
// "Information sets group the nodes…" and "A fact is common knowledge if
// everyone knows it…" 1, and "Dominance can also come from a mixed
// strategy: …" or "Sequential rationality: at every information set…",
// which name the concept on the way to another subject, 1 and 0.
func definitionStrength(c text.Concept, s string) int {
	if opensWithCondition(s) {
		return 0
	}
	n := 0
	if c.Position(s) == 0 {
		n++
	}
	if statesWhat(c, s) || namedAs(c, s) {
		n++
	}
	return n
}

// namedAs reports whether s gives c as the name of what it describes: "A
// fact is common knowledge if…", "… is called a dominant strategy". A
// property is named by its adjective, of any one thing of a kind: "A
// mechanism is strategy-proof, or …, when…" defines strategy-proofness,
// "A matching is stable if…" stability; "Deferred acceptance is
// strategy-proof for the proposing side" says it of one mechanism, and
// does not.
func namedAs(c text.Concept, s string) bool {
	lower := strings.ToLower(s)
	for _, form := range append([]string{c.Name}, c.Variants...) {
		form = strings.ToLower(form)
		if i := strings.Index(lower, form); i > 0 && namingCue.MatchString(lower[:i]) {
			return true
		}
		if adj := adjectiveOf(form); adj != "" {
			for i := 0; ; {
				j := strings.Index(lower[i:], adj)
				if j < 0 {
					break
				}
				i += j
				end := i + len(adj)
				if propertyCue.MatchString(lower[:i]) && (end == len(lower) || !continuesWord(lower[end])) {
					return true
				}
				i = end
			}
		}
	}
	return false
}

// namingCue ends the words before a term that names what a sentence
// describes.
var namingCue = regexp.MustCompile(`\b(is|are|is called|are called|called|known as|termed)\s+(a |an |the )?$`)

// propertyCue is the opening of a sentence that says when any one thing of
// a kind has a property, up to the adjective: "A mechanism is ", "An
// allocation is ", "Every equilibrium of the game is ".
var propertyCue = regexp.MustCompile(`^(an?|any|every) [^,;:()]{1,60}\b(is|are) $`)

// adjectiveOf is the adjective a property's name is made from
// ("strategy-proofness" → "strategy-proof", "stability" → "stable",
// "Pareto optimality" → "Pareto optimal", "efficiency" → "efficient"),
// or "" for a name that is not one.
func adjectiveOf(name string) string {
	for _, r := range [...]struct{ noun, adj string }{
		{"ness", ""}, {"ility", "le"}, {"ality", "al"}, {"icity", "ic"}, {"ency", "ent"},
	} {
		if base, ok := strings.CutSuffix(name, r.noun); ok && len(base) >= 3 {
			return base + r.adj
		}
	}
	return ""
}

// continuesWord reports whether b, after a match, is still part of the
// word: "stableish", "strategy-proofness".
func continuesWord(b byte) bool { return 'a' <= b && b <= 'z' || b == '-' }

// statesWhat reports whether s names c and says what it is: c followed by
// a definition cue ("Regret measures …", "A Nash equilibrium is …").
func statesWhat(c text.Concept, s string) bool {
	lower := strings.ToLower(s)
	for _, form := range append([]string{c.Name}, c.Variants...) {
		form = strings.ToLower(form)
		for from := 0; ; {
			// Every place the term is said: "… for every strategy
			// profile; a strategy profile is a choice of one strategy
			// for each player" says what it is the second time.
			k := strings.Index(lower[from:], form)
			if k < 0 {
				break
			}
			i := from + k
			from = i + len(form)
			rest := strings.TrimLeft(lower[from:], "s")
			if j := strings.Index(rest, ")"); strings.HasPrefix(strings.TrimSpace(rest), "(") && j >= 0 {
				rest = rest[j+1:]
			}
			if definitionCue.MatchString(rest) || hasWhen.MatchString(lower[:i]) && conditionCue.MatchString(rest) {
				return true
			}
		}
	}
	return false
}

// hasWhen and conditionCue frame a term as a property something has under
// a condition, which says what the term is: "a game has perfect
// information when every information set is a single node".
var (
	hasWhen      = regexp.MustCompile(`\b(has|have)\s+$`)
	conditionCue = regexp.MustCompile(`^\s+(when|if)\b`)
)

// hasShape reports whether c has the shape of the sentence the question
// should open with. inOwnEntry says that c's passage is the entry named
// after the question's sole named concept.
func hasShape(f focus, c *candidate, inOwnEntry bool) bool {
	if f.Who {
		// The sentence credits someone with the concept, or with most of
		// what the question says of it: "John Nash proved in 1950 … that
		// every game with finitely many players and strategies has at
		// least one Nash equilibrium, possibly in mixed strategies" for
		// "Who showed every finite game has a mixed equilibrium?". In the
		// entry named after the concept, a sentence that credits someone
		// credits them with the concept, whatever it calls it: "The field
		// was founded by John von Neumann and Oskar Morgenstern in Theory
		// of Games and Economic Behavior (1944)" answers "Who came up with
		// game theory?".
		return len(f.Concepts) > 0 && credits(c.Text) && (inOwnEntry || f.Concepts[0].In(c.Text) || termShare(f.Terms, c.Terms) >= minShare)
	}
	if f.Counted != "" {
		return countsOf(f.Counted, c.Text)
	}
	switch f.Kind {
	case askDefinition, askOther:
		if f.wantsExamples() {
			// "What are some real-life examples of the prisoner's
			// dilemma?" is answered by the sentence that sets out the
			// cases ("… appears in price wars, arms races, doping in
			// sport …"), not by the definition; scoreCandidates falls
			// back to the definition when no sentence sets out one.
			return c.Eligible && setsOutCasesOf(f.Concepts, c.Text)
		}
		return len(f.Concepts) > 0 && defines(f.Concepts[0], c.Text)
	case askExplain:
		if f.Method && len(f.Concepts) > 0 {
			return givesProcedure(f.Concepts[0], c.Text)
		}
		return explains.MatchString(c.Text)
	case askDifference:
		return len(f.Concepts) > 1 && mentionsAll(c.Text, f.Concepts[:2])
	case askYesNo:
		// A word like "only" or "not" decides nothing in a sentence about
		// something else ("punishers invade only with reputation"): the
		// sentence must name a concept of the question too. Nor does it
		// decide what the question asks of its concept when the sentence
		// says none of that: "so no player can gain by deviating" does not
		// settle "Is a Nash equilibrium always Pareto efficient?", which
		// "An equilibrium need not be efficient" does, naming the concept
		// by its head noun.
		if c.Counter {
			// A counterexample decides what the question asks of all,
			// though it says it of "some games", not of the "finite
			// games" the question names.
			return true
		}
		if !decides.MatchString(c.Text) {
			return false
		}
		if !saysPredicate(f, c) {
			return false
		}
		return mentionsAnyText(f.Concepts, c.Text) || saysReordered(f.Concepts[0], c.Terms) || len(predicateStems(f)) > 0 && c.Terms[headStem(f.Concepts[0])]
	}
	return false
}

// numberWords say how many: "two pure-strategy Nash equilibria", "no Nash
// equilibrium in pure strategies", "a unique equilibrium". A vague amount
// ("several pure strategies", "many equilibria") answers no "how many".
var numberWords = setOf(`no one two three four five six unique single exactly infinitely`)

// countsOf reports whether sentence s gives a number of the things whose
// term is counted: a number word (or numeral) at most four words before
// it, as in "There are two pure-strategy Nash equilibria" or "Some games
// have no Nash equilibrium in pure strategies".
func countsOf(counted, s string) bool {
	ws := text.Words(strings.ReplaceAll(s, "-", " "))
	for i, w := range ws {
		if !numberWords[w] && !isNumber(w) {
			continue
		}
		for _, x := range ws[i+1 : min(len(ws), i+5)] {
			if slices.Contains(tokens(x), counted) {
				return true
			}
		}
	}
	return false
}

// inclusion matches the quantifier by which a sentence says that one kind
// of thing is, or need not be, another: "Every ESS is a symmetric Nash
// equilibrium, but not every …", "a strategy profile that is a Nash
// equilibrium in every subgame".
var inclusion = regexp.MustCompile(`(?i)\b(every|all|always|any|need not|not necessarily)\b`)

// relates reports whether sentence s settles a yes/no question that asks
// how two glossary concepts it names stand to each other ("Is every
// evolutionarily stable strategy a Nash equilibrium?", "Is a correlated
// equilibrium always a Nash equilibrium?"): it names both and says
// which includes the other ("Every Nash equilibrium, including mixed ones,
// is a correlated equilibrium, …"), where the definition of the first
// ("A correlated equilibrium … generalises Nash equilibrium by …") names
// both without saying it.
func (f focus) relates(s string) bool {
	return f.Kind == askYesNo && len(f.Named) >= 2 && inclusion.MatchString(s) && mentionsAll(s, f.Named[:2])
}

// setting is, for a why question whose main concept is a phrase of its
// own, the terms of the glossary concept it names as its
// setting, and the papers whose titles carry that concept: "second-price
// auction" of "Why is truthful bidding optimal in a second-price
// auction?", and the entry on second-price auctions. Every sentence of
// that entry is about the setting, named or not: "Bidding one's true value
// is a weakly dominant strategy" answers the question there, and shared
// fewer of its words than "Pure Vickrey auctions are rare in practice,
// partly because bidders fear revealing their values", which led the
// answer. Nil for any other question: a how question asks how to do
// something in the setting ("How do I check whether a matching is
// stable?"), which the setting's entry says in one sentence of its own
// ("A matching is stable if there is no blocking pair"), not in every
// one.
func (f focus) setting(passages []Passage) (map[string]bool, map[string]bool) {
	if f.Kind != askExplain || !asksWhy(f.Question) || len(f.Concepts) < 2 || f.Concepts[0].Known || f.Concepts[0].Quoted {
		return nil, nil
	}
	for _, k := range f.Concepts[1:] {
		if !k.Known || !demandable(k) {
			continue
		}
		if papers := titledPapers(k, passages); len(papers) > 0 {
			return termSet(k.Name), papers
		}
	}
	return nil, nil
}

// saysPredicate reports whether c says something of what the question asks
// of its concept: one of its predicateStems, if it has any.
func saysPredicate(f focus, c *candidate) bool {
	pred := predicateStems(f)
	return len(pred) == 0 || slices.ContainsFunc(pred, func(s string) bool { return hasTerm(c.Terms, s) })
}

// predicateStems are the specific key terms of a question outside its main
// concept: what it asks of the concept ("Pareto efficient" in "Is a Nash
// equilibrium always Pareto efficient?"). Generic words ("game") are left
// out, so "Can a game have more than one Nash equilibrium?" has none.
func predicateStems(f focus) []string {
	if len(f.Concepts) == 0 {
		return nil
	}
	var out []string
	for _, t := range f.termsOutside(f.Concepts[0].Name) {
		out = append(out, t.Stem)
	}
	return out
}

// termsOutside are the question's key terms that are neither generic
// (weighing half, see keyTerms) nor a term of one of forms.
func (f focus) termsOutside(forms ...string) []term {
	in := map[string]bool{}
	for _, form := range forms {
		for _, stem := range tokens(form) {
			in[stem] = true
		}
	}
	var out []term
	for _, t := range f.Terms {
		if !in[t.Stem] && !genericStems[t.Stem] {
			out = append(out, t)
		}
	}
	return out
}

// headStem is the term of a concept's last word, its head noun:
// "equilibrium" for "Nash equilibrium".
func headStem(c text.Concept) string {
	ws := strings.Fields(c.Name)
	if len(ws) == 0 {
		return ""
	}
	ts := tokens(ws[len(ws)-1])
	if len(ts) == 0 {
		return ""
	}
	return ts[len(ts)-1]
}

// creditVerb is what a sentence says someone did to a concept: introduced,
// proved, coined…
var creditVerb = regexp.MustCompile(`\b(introduced|proposed|proved|showed|invented|coined|defined|developed|formulated|formali[sz]ed|described|devised|conjectured|discovered|pioneered|founded|named after|due to|Nobel)\b`)

// possessiveName matches a name in the possessive: "von Neumann's".
var possessiveName = regexp.MustCompile(`\b[A-Z][a-z]+('s|’s)\s`)

// someone matches a capitalised name, and year a year, either of which
// shows that a sentence credits a person or a time rather than a term.
var (
	someone = regexp.MustCompile(`\b[A-Z][a-z]+`)
	year    = regexp.MustCompile(`\b(1[6-9]|20)\d\d\b`)
)

// credits reports whether sentence s credits someone with something: "John
// Nash proved in 1950 that…", "The Shapley value, introduced by Lloyd
// Shapley in 1953, …". The verb alone is not enough ("Kuhn's theorem says
// that this procedure gives…" credits no one with giving), nor is a name
// alone ("A Nash equilibrium is…").
func credits(s string) bool {
	if possessiveName.MatchString(s) && year.MatchString(s) {
		// "John von Neumann's minimax theorem (1928) states that …"
		// credits him with it by the possessive.
		return true
	}
	if !creditVerb.MatchString(s) {
		return false
	}
	if year.MatchString(s) {
		return true
	}
	for _, loc := range someone.FindAllStringIndex(s, -1) {
		if loc[0] > 0 {
			return true // a capitalised word that does not open the sentence
		}
	}
	return false
}

// defines reports whether sentence s reads as a definition of c: it opens
// with c ("A Nash equilibrium is…", "In a coordination game players…"), or
// names c and says what it is ("… as subgame perfect equilibrium (SPE): a
// strategy profile that…", "… the spoiler effect").
func defines(c text.Concept, s string) bool {
	if opensWithBackReference(s) || opensWithCondition(s) {
		return false
	}
	if pos := c.Position(s); pos >= 0 && pos < openingTerms {
		return true
	}
	return statesWhat(c, s)
}

// namesWhat reports whether sentence s names c and says what it is: it opens
// with c ("Braess's paradox, described by Dietrich Braess in 1968, shows
// that…") or states what c is (statesWhat). It is stricter than defines:
// "This paper revisits cake cutting for connected pieces" mentions cake
// cutting early but does not say what it is.
func namesWhat(c text.Concept, s string) bool {
	return !opensWithBackReference(s) && (c.Position(s) == 0 || statesWhat(c, s))
}

// conditionOf returns a pattern for a sentence that says when c holds, in
// any form of its words: "weakly dominates if" or "weakly dominated when"
// for weak dominance. Each word is matched by its first letters (all of a
// short word, all but the last four of a long one), so the adverb and the
// verb of an adjective and a noun count, and a generic head noun
// ("strategy") may be left out; nil when c has no words.
func conditionOf(c text.Concept) *regexp.Regexp {
	ws := text.Words(c.Name)
	if n := len(ws); n > 1 && slices.ContainsFunc(tokens(ws[n-1]), func(t string) bool { return genericStems[t] }) {
		// "A strategy … weakly dominates if …" says when a strategy is
		// a weakly dominated strategy: a generic head noun is the
		// subject of the condition, not a word of it.
		ws = ws[:n-1]
	}
	if len(ws) == 0 {
		return nil
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		rs := []rune(w)
		parts[i] = regexp.QuoteMeta(string(rs[:max(min(len(rs), 4), len(rs)-4)])) + `\w*`
	}
	re, err := regexp.Compile(`(?i)\b` + strings.Join(parts, `\s+`) + `\s+(if|when)\b`)
	if err != nil {
		return nil // not a pattern of words (invalid UTF-8 in the question)
	}
	return re
}

// definitionCue follows a term that is being defined, or the complement
// that says where it belongs ("The core of a cooperative game is …").
var definitionCue = regexp.MustCompile(`^(\s+of (a|an|the) [\w'-]+( [\w'-]+){0,2})?\s*(:|,? (is|are|means|refers to|describes|measures|states|says|shows) )`)

// opensWithCondition reports whether s opens with a subordinate clause of
// condition or time ("When the core is empty or large, …", "If …"), which
// sets out a case rather than saying what something is, whatever term
// it names and whatever verb follows.
func opensWithCondition(s string) bool {
	first, _, _ := strings.Cut(strings.TrimLeft(s, `"'“‘( `), " ")
	switch strings.ToLower(first) {
	case "when", "whenever", "if", "unless", "although", "though", "while", "because", "since", "once", "after", "before", "as", "with":
		return true
	}
	return false
}

// selectSentences picks the answer's sentences.
//
// front is how many of the first sentences picked (the lead and the
// sentences it needs) open the answer ahead of the document order of their
// source, for a who question whose follow-up is answered by what its
// source says before the lead (see compose); 0 otherwise.
func (a *OfflineAnswerer) selectSentences(f focus, cands []*candidate, focusPapers, titled map[string]bool) (picked []*candidate, front int) {
	minS, maxS, maxRunes := a.limits()
	chosen := map[*candidate]bool{}
	// The first sentence: the best one with the shape the question asks
	// for, else the best one. A sentence that refers back may lead with
	// the sentences it needs ("Bidding … is weakly dominant… The reason
	// is that…").
	var lead *candidate
	if f.Kind == askDifference && len(f.Concepts) > 1 {
		for _, c := range cands {
			if c.Eligible && withAntecedents(c, chosen) != nil && defines(f.Concepts[0], c.Text) && (lead == nil || c.Rel > lead.Rel) {
				lead = c
			}
		}
	}
	// The lead comes from a passage about the main concept when there is
	// one. A question that asks something of its concept (why, how,
	// which, yes/no) may also be answered by a sentence elsewhere that
	// names one of its specific concepts ("When bidders are risk-averse,
	// the equivalence between auction formats breaks down" for "Which
	// auction format gives more revenue when bidders are risk averse?"),
	// but not by one that only shares its other words ("Individuals
	// imitate neighbours who earn higher payoffs" in a paper on another
	// game, for "Can the replicator equation describe people copying more
	// successful neighbours?").
	// available reports whether an eligible sentence that can stand with
	// its antecedents (withAntecedents) does what ok asks: each rule
	// below narrows preferred only when some sentence satisfies it.
	available := func(ok func(*candidate) bool) bool {
		return slices.ContainsFunc(cands, func(c *candidate) bool { return c.Eligible && ok(c) && withAntecedents(c, chosen) != nil })
	}
	preferred := func(c *candidate) bool {
		if focusPapers[c.Paper] || f.Who && c.Lead {
			return true // a who question is answered by who did it, wherever that is said
		}
		if !f.asksOfConcept() {
			return false
		}
		for _, k := range f.Concepts {
			if demandable(k) && (k.In(c.Text) || saysReordered(k, c.Terms)) {
				return true
			}
		}
		return false
	}
	if f.Kind == askYesNo && available(func(c *candidate) bool { return c.Lead && focusPapers[c.Paper] }) {
		// A verdict said in a passage about the question's concept ("An
		// equilibrium need not be efficient: in the prisoner's dilemma
		// …") settles a yes/no question before one said of another
		// subject that the question's words compare it to ("The new road
		// turns the routing game into a trap like the prisoner's
		// dilemma: the Nash equilibrium is no longer efficient"). A
		// counterexample is a verdict wherever it is said.
		inner := preferred
		preferred = func(c *candidate) bool { return (focusPapers[c.Paper] || c.Counter) && inner(c) }
		if inner := preferred; available(func(c *candidate) bool { return c.Lead && titled[c.Paper] && inner(c) }) {
			// Of several sources about the concept, the entry named after
			// it gives the verdict in general: "John Nash proved … that
			// every game … has at least one Nash equilibrium" answers
			// "Does a Nash equilibrium always exist?", where the entry on
			// correlated equilibrium, which opens by naming Nash
			// equilibrium, says its own concept "always exist[s]".
			preferred = func(c *candidate) bool { return (titled[c.Paper] || c.Counter) && inner(c) }
		}
	}
	if inner := preferred; available(func(c *candidate) bool { return c.Relates && inner(c) }) {
		// "Is a correlated equilibrium always a Nash equilibrium?" is
		// settled by the sentence that says which includes the other
		// ("Every Nash equilibrium, including mixed ones, is a
		// correlated equilibrium, so they always exist, but correlation
		// can achieve more"), not by the definition that names both.
		preferred = func(c *candidate) bool { return c.Relates && inner(c) }
	}
	if inner := preferred; available(func(c *candidate) bool { return c.Counter && inner(c) }) {
		// A counterexample settles what a question asks of all, however
		// many of its words another sentence shares: "Some games have no
		// Nash equilibrium in pure strategies" answers "Does every finite
		// game have a pure-strategy Nash equilibrium?", where "In a
		// potential game any sequence of improving unilateral deviations
		// … must end" says "finite" and "must" but settles nothing.
		preferred = func(c *candidate) bool { return c.Counter && inner(c) }
		if available(func(c *candidate) bool { return c.Counter && titled[c.Paper] && inner(c) }) {
			// The entry named after the concept says it in general ("An
			// equilibrium need not be efficient: in the prisoner's
			// dilemma …"), another entry of one case ("…, so the unique
			// Nash equilibrium is mutual defection, yet …: the
			// equilibrium is Pareto inefficient").
			preferred = func(c *candidate) bool { return c.Counter && titled[c.Paper] && inner(c) }
		}
	}
	// A how-to question's leads are procedures only when its sources give
	// one (scoreCandidates falls back to the sentences that explain).
	procedural := f.Method && slices.ContainsFunc(cands, func(c *candidate) bool {
		return c.Lead && c.Eligible && len(f.Concepts) > 0 && givesProcedure(f.Concepts[0], c.Text)
	})
	if inner := preferred; (procedural || f.Counted != "") && available(func(c *candidate) bool { return c.Lead && inner(c) }) {
		// A procedure is what a how-to question asks for: "To find
		// pure-strategy equilibria in a payoff matrix, mark each player's
		// best responses …" opens the answer to "How do I find the Nash
		// equilibrium of a 2x2 game?", though "John Nash proved in 1950
		// … that every game … has at least one Nash equilibrium" names
		// more of its words. So is a number for "How many …": "There are
		// two pure-strategy Nash equilibria, …" opens the answer, not
		// "The battle of the sexes is a coordination game …".
		preferred = func(c *candidate) bool { return c.Lead && inner(c) }
	}
	if inner := preferred; f.Kind == askDefinition && !ledIn(cands, focusPapers) && available(func(c *candidate) bool { return c.Lead && c.Defines > 0 }) {
		// The definition opens the answer wherever it is said when no
		// source about the concept gives one (see scoreCandidates); a
		// sentence that only opens with the concept's words ("Iterated
		// deletion of weakly dominated strategies is more delicate …")
		// does not say what it is.
		preferred = func(c *candidate) bool { return c.Lead && c.Defines > 0 || inner(c) }
	}
	if inner := preferred; f.Kind == askDefinition && !f.wantsExamples() && available(func(c *candidate) bool { return titled[c.Paper] && inner(c) }) {
		// Of several sources about the concept, the one named after it
		// defines it: "In a Stackelberg game, … one firm, the leader,
		// chooses its quantity first …" opens the answer to "What is
		// Stackelberg competition?", not "Stackelberg competition and
		// Rubinstein bargaining are both solved by subgame perfection"
		// in the entry on backward induction, which opens with the
		// concept's name. Measured in round 2 session 64: at the default
		// K of 3 one source list of the 3,533 eval questions changed and
		// no hit or answer-set check; it matters with more passages.
		preferred = func(c *candidate) bool { return titled[c.Paper] && inner(c) }
	}
	if inner := preferred; f.Who && available(func(c *candidate) bool { return c.Lead && titled[c.Paper] && inner(c) }) {
		// Of several sources that say who did something, the one named
		// after the concept says who began it: "John Nash proved in 1950
		// …" opens the answer to "Who invented the Nash equilibrium?",
		// not "A correlated equilibrium, introduced by Robert Aumann in
		// 1974, generalises Nash equilibrium …".
		preferred = func(c *candidate) bool { return c.Lead && titled[c.Paper] && inner(c) }
	}
	if inner := preferred; f.wantsExamples() && available(func(c *candidate) bool { return c.Lead && inner(c) }) {
		// Examples are what the request asks for: the sentence that sets
		// them out ("The game captures the tension … that appears in
		// price wars, arms races …") opens the answer, however few of
		// the request's words ("real-life examples") it repeats.
		preferred = func(c *candidate) bool { return c.Lead && inner(c) }
	}
	for _, inFocus := range []bool{true, false} {
		for _, c := range cands {
			if !c.Eligible || withAntecedents(c, chosen) == nil || inFocus && !preferred(c) {
				continue
			}
			if lead == nil || leadScore(c) > leadScore(lead) || verdictOverDefinition(f, c, lead) {
				lead = c
			}
		}
		if lead != nil {
			break // a preferred sentence opens the answer when there is one
		}
	}
	if lead == nil {
		return nil, 0
	}
	// A request for examples is answered by the sentence that sets them
	// out, not by the definition its source opens with; a question that
	// asks for one thing of its concept ("What are the four axioms of the
	// Shapley value?") by the sentence that says it ("The Shapley value
	// is the unique allocation rule satisfying four axioms: …"), not by
	// an earlier one that does not.
	defining := f.Kind == askDefinition && !f.wantsExamples()
	if a, ok := f.attributeAsked(); ok && defining && carries(a, Passage{Text: lead.Text}) {
		defining = false
	}
	if f.Kind == askYesNo {
		// The deciding sentence is the earliest strong one of its source:
		// "Julia Robinson proved that … converge" comes before "However,
		// Lloyd Shapley constructed a game in which … cycles", and a
		// statement of the result as relevant as the best comes before
		// its conditions, if it says what the question asks: a
		// definition of the concept does not. When no sentence reads as
		// a verdict and the best is its source's last word ("Experiments
		// on a testbed of 60 devices show convergence…"), it would stand
		// alone, since nothing before the lead is quoted: an earlier one
		// nearly as relevant opens the answer instead.
		alone := !lead.Lead && !slices.ContainsFunc(cands, func(c *candidate) bool {
			return c.Paper == lead.Paper && c.Eligible && keyLess(lead.Key, c.Key)
		})
		for _, c := range cands {
			if lead.Counter && !c.Counter || lead.Relates && !c.Relates {
				// A counterexample is the verdict, not the statement of
				// the rule it breaks: "not every symmetric Nash
				// equilibrium is an ESS" before the definition of an
				// ESS. So is the sentence that relates two concepts.
				break
			}
			if c.Paper == lead.Paper && c.Eligible && keyLess(c.Key, lead.Key) && withAntecedents(c, chosen) != nil &&
				(!verdictOverDefinition(f, lead, c) && (c.Lead && leadScore(c) >= yesNoNearBest*leadScore(lead) || c.Rel >= lead.Rel && saysPredicate(f, c)) || alone && c.Rel >= yesNoNearBest*lead.Rel) {
				lead = c
				break
			}
		}
	}
	if defining && lead.Lead {
		// A source defines its subject where it first introduces it:
		// "Regret measures how much better a player would have done…"
		// comes before "No-regret learning connects to equilibrium…".
		for _, c := range cands {
			if c.Paper == lead.Paper && c.Lead && c.Eligible && keyLess(c.Key, lead.Key) && definesItself(f.Concepts, c) && withAntecedents(c, chosen) != nil {
				lead = c
				break
			}
		}
	}
	if defining && !lead.Lead && len(f.Concepts) > 0 && demandable(f.Concepts[0]) {
		// No sentence reads as a definition, but a source introduces its
		// term where it first names it ("The key device is the virtual
		// value, φ(v) = …: a bidder's value minus the information rent"
		// comes before "Expected revenue equals the expected virtual
		// value of the winner", and says more of it than "Myerson showed
		// how a seller should design an auction").
		for _, c := range cands {
			if c.Paper == lead.Paper && c.Eligible && c != lead && f.Concepts[0].In(c.Text) && withAntecedents(c, chosen) != nil {
				if !keyLess(c.Key, lead.Key) && f.Concepts[0].In(lead.Text) {
					break // the lead names it first
				}
				lead = c
				break
			}
		}
	}
	if defining && lead.Defines < 2 && titled[lead.Paper] && len(f.Concepts) > 0 {
		// A source titled with the concept opens by defining it, often
		// by a word of its name ("Regret measures how much better a
		// player would have done…" in "Regret minimization and no-regret
		// learning"), where a later sentence that merely opens with the
		// name ("No-regret learning connects to equilibrium: …") says
		// something else of it. An opening on something else
		// ("Backward induction solves …" in "Backward induction and
		// subgame perfect equilibrium", "The price of anarchy measures
		// …" in "The price of anarchy and the price of stability") is
		// no definition of it.
		words := specificStems(f.Concepts[0])
		for _, c := range cands {
			if c.Paper == lead.Paper && c != lead && c.Key == [2]int{0, 0} && c.OK && c.Eligible && !c.BackRef &&
				slices.ContainsFunc(words, func(w string) bool { return opensWith(c.Text, w) }) && !opensWithOtherTerm(c.Text, f.Concepts[0]) {
				lead = c
				break
			}
		}
	}
	if p := lead.Pred; defining && p != nil && p.OK && p.Eligible && withAntecedents(p, chosen) != nil &&
		hasAll(termSet(withoutLongerTerms(p.Text, f.Concepts[0])), specificStems(f.Concepts[0])) {
		// The sentence before also speaks of the concept's words, which
		// the definition builds on: "A strategy strictly dominates
		// another if it pays more whatever the others do." before "A
		// dominant strategy is one that dominates every other strategy".
		// Words said only inside a longer glossary term do not count:
		// "… are both solved by subgame perfection" does not lead to "A
		// subgame is …".
		lead = p
	}
	first := lead
	if chain := withAntecedents(lead, chosen); len(chain) > 1 {
		lead = chain[0] // the sentences it needs open the answer
	}
	runes := 0
	take := func(c *candidate) {
		for _, x := range withAntecedents(c, chosen) {
			if !chosen[x] {
				chosen[x] = true
				picked = append(picked, x)
				runes += utf8.RuneCountInString(x.Text)
			}
		}
	}
	take(first)
	chain := len(picked)
	if f.Kind == askDifference && len(f.Concepts) > 1 {
		// A comparison sets the two concepts' defining sentences side by
		// side, then adds what names both.
		for _, k := range f.Concepts[:2] {
			var def *candidate
			for _, c := range cands {
				if c.Eligible && withAntecedents(c, chosen) != nil && defines(k, c.Text) && (def == nil || c.Rel > def.Rel) {
					def = c
				}
			}
			if def != nil && !chosen[def] && len(picked) < maxS {
				take(def)
			}
		}
	}
	// A how-to question is answered by its procedure first: what its
	// source says before it ("A Nash equilibrium is a strategy profile
	// in which …") may follow, but does not open the answer.
	leadFirst := f.Kind == askDefinition || f.Kind == askYesNo || f.Who || f.Deed || f.wantsExamples() || (procedural || f.Counted != "") && first.Lead
	var answered []text.Concept
	if (f.Who || f.Deed) && followUp.MatchString(f.Question) {
		// "Who won Axelrod's tournament, and how does the winning
		// strategy play?": the second request asks about the answer to
		// the first, a concept the first sentence names and the
		// question does not (tit-for-tat), which its source may define
		// before it.
		leadFirst = false
		for _, k := range text.Focal(first.Text) {
			if k.Known && !slices.ContainsFunc(f.Concepts, func(q text.Concept) bool { return strings.EqualFold(q.Name, k.Name) || q.In(k.Name) || k.In(q.Name) }) {
				answered = append(answered, k)
			}
		}
		for _, c := range cands {
			if c.Eligible && c.Paper == first.Paper && slices.ContainsFunc(answered, func(k text.Concept) bool { return namesWhat(k, c.Text) }) {
				c.Rel += answerBonus
			}
		}
	}
	best := first.Rel

	// Sentences after the lead in its paper develop it.
	bonus := func(c *candidate) float64 {
		if c.Paper != lead.Paper || !keyLess(lead.Key, c.Key) {
			return 0
		}
		d := 0
		for x := c; x != nil && x != lead; x = x.Pred {
			d++
		}
		if d == 0 || d > 8 {
			return 0
		}
		if f.Kind != askExplain && f.Kind != askDifference {
			return defineFollow * math.Pow(followDecay, float64(d-1))
		}
		return followBonus * math.Pow(followDecay, float64(d-1))
	}
	cause := causeOf(f, cands, focusPapers)
	for len(picked) < maxS {
		var pick *candidate
		pickScore := math.Inf(-1)
		for _, c := range cands {
			if chosen[c] || !c.Eligible {
				continue
			}
			if f.Counterexample && first.Counter && c.Paper != first.Paper {
				// The counterexample is the answer, and its source goes
				// on with the case ("In matching pennies, for instance,
				// each player must play heads with probability one
				// half …"); another source's sentences that share the
				// question's words say the opposite of it ("There are
				// two pure-strategy Nash equilibria" in the battle of the
				// sexes) or nothing of it.
				continue
			}
			if leadFirst && c.Paper == first.Paper && keyLess(c.Key, first.Key) {
				// Nothing before the first sentence in its source but
				// the sentences it needs, which are chosen already: not
				// what its source says between the noun it refers back
				// to and itself (namer).
				continue
			}
			if f.Kind == askExplain && c != cause && !c.Lead && c.Paper == lead.Paper && keyLess(c.Key, lead.Key) && len(f.Concepts) > 0 &&
				!slices.ContainsFunc(f.Concepts, func(k text.Concept) bool { return carries(k, Passage{Text: c.Text}) }) {
				// What a source says before the explanation opens the
				// answer, in document order: only a sentence that names
				// a concept of the question (a student's phrase in other
				// words: "the first mover gets…" for "moving first"),
				// explains ("Delay is costly because payoffs are
				// discounted…") or gives the reason for the fact asked
				// about (causeOf), may come ahead of it. "Runoff and
				// instant-runoff voting eliminate weak candidates in
				// rounds" does not open an answer to "Why is the median
				// voter important?".
				continue
			}
			chain := withAntecedents(c, chosen)
			if chain == nil {
				continue // refers back to a sentence that cannot be quoted
			}
			if leadFirst && slices.ContainsFunc(chain, func(x *candidate) bool {
				return !chosen[x] && x.Paper == first.Paper && keyLess(x.Key, first.Key)
			}) {
				// Nor a later sentence that would bring one along: "The
				// game captures the tension …" needs "The prisoner's
				// dilemma is the best-known game …", which would open
				// the answer ahead of the number it asks for.
				continue
			}
			if !focusPapers[c.Paper] && slices.ContainsFunc(chain, func(x *candidate) bool { return !x.Eligible && !chosen[x] }) {
				// Outside the passages about the question's concept, a
				// sentence whose antecedent bears on nothing the question
				// asks would bring that one along: "So the Vickrey
				// auction is strategy-proof" needs "If you bid above
				// your value you may win…", which says nothing of
				// deferred acceptance.
				continue
			}
			cost, extra := 0, 0
			maxSim := 0.0
			for _, x := range chain {
				if chosen[x] {
					continue
				}
				extra++
				cost += utf8.RuneCountInString(x.Text)
				for p := range chosen {
					maxSim = math.Max(maxSim, jaccard(x.Terms, p.Terms))
				}
			}
			if maxSim >= nearDuplicate || len(picked)+extra > maxS || runes+cost > maxRunes {
				continue
			}
			rel := c.Rel + bonus(c)
			if f.Kind == askDifference && c.Lead {
				rel += bothBonus
			}
			if c == cause {
				rel += reasonBonus
			}
			if f.Kind == askExplain && givesReason.MatchString(c.Text) {
				// "The reason is that your bid only decides whether you
				// win, not what you pay" is the why of the sentence before
				// it, which comes along (withAntecedents), however few of
				// the question's words it repeats: it bears on the
				// question as much as what it explains does.
				if c.Pred != nil && c.Pred.Eligible && c.Pred.Rel > c.Rel {
					rel += c.Pred.Rel - c.Rel
				}
				rel += reasonBonus
			}
			if f.Example && givesExample.MatchString(c.Text) {
				// "Can the core be empty? Give an example.": the sentence
				// that sets out a case ("In the three-player majority
				// game, where any two players can take a dollar, …")
				// answers the second request, whose words ("example") it
				// rarely repeats.
				rel += exampleBonus
			}
			if extra > 1 {
				// A sentence that refers back spends a sentence of the
				// budget on each antecedent it brings along: its worth is
				// that of the whole chain per sentence quoted.
				for _, x := range chain {
					if x != c && !chosen[x] {
						rel += x.Rel + bonus(x)
					}
				}
				rel /= float64(extra)
			}
			if c.Found && !slices.ContainsFunc(picked, func(x *candidate) bool { return x.Paper == c.Paper }) {
				// A paper the search found about the question, and added
				// for it, is quoted once if it says something on it
				// (Eligible), before another sentence of a paper quoted
				// already: the student sees every paper the run judged
				// on topic, and the one the question is about is often
				// not the one that repeats most of its words ("a public
				// goods game with costly punishment" for "Fining free
				// riders: does it keep contributions up?").
				rel += foundBonus
			}
			s := mmrLambda*rel - (1-mmrLambda)*maxSim
			if s > pickScore {
				pick, pickScore = c, s
			}
		}
		if pick == nil {
			break
		}
		if len(picked) >= minS && pick.Rel+bonus(pick) < keepFraction*best {
			break
		}
		take(pick)
	}
	if !leadFirst && len(answered) > 0 && safeToFront(picked[:chain], picked) {
		front = chain
	}
	return picked, front
}

// causeOf returns, for a why question, the sentence right before the one
// that says most of what the question asks (the fact it wants explained),
// in a passage about its concept. Expository text often gives a reason
// before what follows from it: "…, the bidder with the highest estimate has
// probably overestimated, so winning is bad news about the item's value. A
// bidder who bids their unconditional estimate will, on average, overpay
// whenever they win." for "Why do the winners of common-value auctions
// tend to overpay?"; "…people often coordinate on a focal point… Asked to
// meet a stranger in New York…, many people pick Grand Central Terminal at
// noon." for why strangers pick Grand Central. A reason given after its
// fact opens with "The reason is…" (givesReason). Nil when there is no
// such sentence.
func causeOf(f focus, cands []*candidate, focusPapers map[string]bool) *candidate {
	if f.Kind != askExplain {
		return nil
	}
	var fact *candidate
	for _, c := range cands {
		if c.Eligible && c.Says > 0 && (len(focusPapers) == 0 || focusPapers[c.Paper]) &&
			(fact == nil || c.Says > fact.Says || c.Says == fact.Says && c.Rel > fact.Rel) {
			fact = c
		}
	}
	if fact == nil || fact.Says < minFactShare || fact.Pred == nil || !fact.Pred.OK || !fact.Pred.Eligible || explains.MatchString(fact.Text) {
		return nil // no fact, or one that gives its own reason ("…, whatever the others do")
	}
	for _, c := range cands {
		if c.Pred == fact && givesReason.MatchString(c.Text) {
			return nil // "The reason is that…" follows it
		}
	}
	return fact.Pred
}

// followUp matches a second request joined to a question: "…, and how
// does the winning strategy play?", "… and what did it do?".
var followUp = regexp.MustCompile(`(?i)(,|\band)\s+(how|what|why|which|when|where)\b`)

// opensWith reports whether the first term of s is stem or another form of
// its word.
func opensWith(s, stem string) bool {
	ts := tokens(s)
	return len(ts) > 0 && sameStem(ts[0], stem)
}

// opensWithOtherTerm reports whether s opens with a glossary term of two
// words or more other than c: "The price of anarchy measures …" for the
// price of stability.
func opensWithOtherTerm(s string, c text.Concept) bool {
	ws := strings.Fields(s)
	if len(ws) > 0 && text.StopWords.Has(strings.ToLower(ws[0])) {
		ws = ws[1:]
	}
	for n := min(len(ws), 4); n >= 2; n-- {
		phrase := strings.TrimRight(strings.Join(ws[:n], " "), ",;:.")
		if k := text.PhraseConcept(phrase); k.Known && !strings.EqualFold(k.Name, c.Name) && !k.In(c.Name) {
			return true
		}
	}
	return false
}

// entitled returns the papers whose title carries the question's main
// concept: "Regret minimization and no-regret learning" for "What is
// no-regret learning?".
func entitled(f focus, passages []Passage) map[string]bool {
	if len(f.Concepts) == 0 {
		return map[string]bool{}
	}
	return titledPapers(f.Concepts[0], passages)
}

// titledPapers returns the papers of passages whose title carries c.
func titledPapers(c text.Concept, passages []Passage) map[string]bool {
	out := map[string]bool{}
	for _, p := range passages {
		if titledWith(c, p.Title) {
			out[cmpOr(p.PaperID, p.ID)] = true
		}
	}
	return out
}

// withoutLongerTerms removes from title the glossary terms that contain c
// without being c: "Tit-for-tat, Axelrod's tournaments and the iterated
// prisoner's dilemma" is not named after the prisoner's dilemma but after
// its iterated version, a concept of its own.
func withoutLongerTerms(title string, c text.Concept) string {
	for _, k := range text.Focal(title) {
		if !k.Known || strings.EqualFold(k.Name, c.Name) || !c.In(k.Name) || k.In(c.Name) {
			continue
		}
		for _, form := range append([]string{k.Name}, k.Variants...) {
			if i := strings.Index(strings.ToLower(title), strings.ToLower(form)); i >= 0 {
				title = title[:i] + " , " + title[i+len(form):]
			}
		}
	}
	return title
}

// definesItself reports whether c, a sentence read as a definition of
// the question's main concept, defines that concept and not a longer
// glossary term that holds its words: "Subgame perfection rules out
// non-credible threats" opens with "subgame" only as the first word of
// subgame perfection, and is no definition of a subgame.
func definesItself(cs []text.Concept, c *candidate) bool {
	return len(cs) > 0 && defines(cs[0], withoutLongerTerms(c.Text, cs[0]))
}

// verdictOverDefinition reports whether, for a yes/no question, c should
// open the answer instead of lead, which scores the same and only defines
// the concept: "Does a Nash equilibrium always exist?" is answered by "John
// Nash proved … that every game … has at least one Nash equilibrium", not by
// "A Nash equilibrium is a strategy profile …", which its entry says first.
func verdictOverDefinition(f focus, c, lead *candidate) bool {
	return f.Kind == askYesNo && math.Abs(leadScore(c)-leadScore(lead)) < 1e-9 && definesFocus(f, lead) && !definesFocus(f, c)
}

// definesFocus reports whether c reads as a definition of the question's
// main concept (definitionStrength), whatever the question asks.
func definesFocus(f focus, c *candidate) bool {
	return len(f.Concepts) > 0 && definitionStrength(f.Concepts[0], c.Text) > 0
}

func leadScore(c *candidate) float64 {
	if c.Lead {
		return c.Rel + leadBonus + definesBonus*float64(c.Defines)
	}
	return c.Rel
}

// withAntecedents returns c preceded by the sentences it refers back to,
// earliest first, or nil when one of them cannot be quoted. A pronoun or a
// connective needs the sentence right before it in its source; "The
// theorem …" is also satisfied by an earlier chosen sentence of the source
// that names a theorem.
func withAntecedents(c *candidate, chosen map[*candidate]bool) []*candidate {
	chain := []*candidate{c}
	for x := c; x.BackRef; {
		if x.BackNoun != "" && namedBefore(x, chosen) {
			break
		}
		ante := x.Pred
		if y := namer(x); y != nil {
			// "The game captures the tension … that appears in price
			// wars, arms races …" refers to the game its source last
			// named ("The prisoner's dilemma is the best-known game"),
			// not to the payoffs described in between.
			ante = y
		}
		if ante == nil || !ante.OK {
			return nil
		}
		chain = append(chain, ante)
		if len(chain) > maxChain {
			return nil // a long chain of back-references is not one idea
		}
		x = ante
	}
	slices.Reverse(chain)
	return chain
}

// maxChain is the most sentences withAntecedents quotes for one: a
// longer chain of back-references is not one idea. Five, so that a
// worked example (its setting, its first equilibrium, the change, the new
// equilibrium: Braess's paradox) can be quoted up to its result, which
// definiteEcho's links would otherwise cut off (round 2 session 62).
const maxChain = 5

// namerReach is how many sentences back namer looks for the noun a
// sentence opening "The game …" refers to.
const namerReach = 4

// namer returns the nearest sentence before x in its source that names
// the noun x refers back to ("The game …", "The theorem …"), when it is
// quotable and leans on nothing itself; nil otherwise.
func namer(x *candidate) *candidate {
	if x.BackNoun == "" {
		return nil
	}
	y := x.Pred
	for i := 0; i < namerReach && y != nil && y.OK; i, y = i+1, y.Pred {
		if y.Terms[x.BackNoun] {
			if y.BackRef {
				return nil
			}
			return y
		}
	}
	return nil
}

// namedBefore reports whether a chosen sentence before x in its source
// contains the noun x refers back to.
func namedBefore(x *candidate, chosen map[*candidate]bool) bool {
	for y := range chosen {
		if y.Paper == x.Paper && keyLess(y.Key, x.Key) && y.Terms[x.BackNoun] {
			return true
		}
	}
	return false
}

// safeToFront reports whether the lead chain can open the answer ahead of
// sentences its source says before it: no other chosen sentence of the
// source refers back to the chain's last sentence, which would then read
// after something else.
func safeToFront(chain, chosen []*candidate) bool {
	last := chain[len(chain)-1]
	for _, c := range chosen {
		if c.Pred == last && c.BackRef && !slices.Contains(chain, c) {
			return false
		}
	}
	return true
}

// compose orders the chosen sentences for reading: the first front ones as
// they are, then sources in the order their first sentence was chosen,
// sentences within a source in document order, each followed by its
// citation.
func compose(chosen []*candidate, front int) Answer {
	rank := map[string]int{}
	for _, c := range chosen {
		if _, ok := rank[c.Paper]; !ok {
			rank[c.Paper] = len(rank)
		}
	}
	order := slices.Clone(chosen[front:])
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.Paper != b.Paper {
			return rank[a.Paper] < rank[b.Paper]
		}
		return keyLess(a.Key, b.Key)
	})
	order = append(slices.Clone(chosen[:front]), order...)
	var quotes []Quote
	var cited []int
	for _, c := range order {
		quotes = append(quotes, Quote{Text: c.Text, N: c.N})
		if !slices.Contains(cited, c.N) {
			cited = append(cited, c.N)
		}
	}
	return Answer{Text: CiteQuotes(quotes, nil), Cited: cited, Quotes: quotes}
}

// citeSentence puts the citation where a reader expects it, inside the
// sentence before its closing punctuation: "… a best response [1]."
func citeSentence(sentence string, n int) string {
	end := len(sentence)
	for end > 0 && strings.ContainsRune(`"')]”’`, rune(sentence[end-1])) {
		end--
	}
	if end == 0 || !strings.ContainsRune(".?!", rune(sentence[end-1])) {
		return fmt.Sprintf("%s [%d]", sentence, n)
	}
	end--
	return fmt.Sprintf("%s [%d]%s", sentence[:end], n, sentence[end:])
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for t := range a {
		if b[t] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

func clamp01(x float64) float64 {
	return math.Max(0, math.Min(1, x))
}

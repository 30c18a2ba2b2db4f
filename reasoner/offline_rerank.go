package reasoner

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/text"
)

// Reranker re-orders the candidates the store returned for a question.
// pull_from_chroma asks the store for more candidates than it keeps and
// keeps the best k of the new order.
type Reranker interface {
	Rerank(ctx context.Context, question string, candidates []Passage) (Ranking, error)
}

// Ranking is a Reranker's verdict: Scores[i] is candidate i's new score,
// higher first (ties keep the store's order), and Reason says in a line
// what moved the order, for the trace.
type Ranking struct {
	Scores []float64
	Reason string
}

// Focus weights, chosen on the dev splits of testdata/answers and
// testdata/judge/primer.jsonl: a passage's focus is the weighted sum of
// what it shows about the question's main concept (or, at otherWeight, its
// other concepts), in [0,1].
const (
	// focusWeight is how much focus counts against the store's fused
	// score, which lies in (0,1]: the new score is
	// (fused + focusWeight·focus) / (1 + focusWeight).
	focusWeight = 0.5
	titleFocus  = 0.5 // the title carries the concept ("The Shapley value")
	aboutFocus  = 0.3 // the passage is about it: an opening mention, or two
	carryFocus  = 0.2 // it mentions the concept at all
	// decideFocus: a sentence of the passage decides a yes/no question
	// on the main concept by a counterexample (focus.counterexample); with
	// the mention it makes the passage's focus whole, as the passage
	// settles what the question asks.
	decideFocus = 0.8
	// bothFocus: for a comparison, a sentence of the passage names both
	// concepts compared.
	bothFocus = 0.3
	// defineFocus: for a "What is X?" question, a sentence of the passage
	// says what the main concept is (definesIn).
	defineFocus = 0.3
	otherWeight = 0.5 // a secondary concept counts this much of the main one
)

// OfflineReranker puts the candidates about the question's focal concept
// first. The store ranks by shared words (BM25 fused with vectors), so for
// "How do you compute the Shapley value of a three-player game?" the core's
// and fictitious play's chunks, which share "game", "player" and "value",
// can outrank the Shapley-value entry's opening chunk, and the answer then
// has nothing to say how. The focal concept (text.Focal) is what the
// question is about; a candidate whose title carries it, that opens with
// it or mentions it twice, or that mentions it at all, gains on those that
// only share words. The store's score still orders candidates of equal
// focus, and a question with no concept in any candidate keeps the
// store's order exactly: the reranker only ever acts on evidence.
//
// Two shapes of question need more than the concept's name. A yes/no
// question asked of all ("Does every finite game have a pure-strategy
// Nash equilibrium?") is settled by the passage that denies it ("Some
// games have no Nash equilibrium in pure strategies"), which may share
// fewer of its words than one that says it of a special case; that
// passage counts as wholly focused. A comparison needs both entries: its
// second concept counts as much as its first, a passage whose sentence
// names both gains, and a second chunk of one entry counts half, so that
// it does not push the other entry out of the top K. A definition ("What
// is strategyproofness?") is answered by the passage that says what the
// concept is: one of its sentences naming the concept with a definition
// cue adds to its focus, so that in a store grown by searches a paper
// using the word on the way to its own subject does not push the
// definition out of the top K.
//
// It is deterministic and cheap (a few sentence scans per candidate), so
// it runs with every LLM too.
type OfflineReranker struct{}

// NewOfflineReranker returns an OfflineReranker.
func NewOfflineReranker() *OfflineReranker { return &OfflineReranker{} }

// Rerank implements Reranker. It never fails.
func (OfflineReranker) Rerank(ctx context.Context, question string, candidates []Passage) (Ranking, error) {
	r := Ranking{Scores: make([]float64, len(candidates))}
	for i, p := range candidates {
		r.Scores[i] = p.Score
	}
	if origin := originFocus(question, candidates); origin != nil {
		// "Who invented game theory?" names no concept but the field,
		// which every passage is about; it is answered by the passage
		// that says who founded it (text.FieldOrigin), which the store
		// may rank below entries sharing the question's other words
		// ("first", "came").
		for i, p := range candidates {
			r.Scores[i] = focused(p.Score, origin[i])
		}
		r.Reason = fmt.Sprintf("the question asks who founded the field: ranked by saying so, score = (store score + %.2f × 1 if it does) / %.2f", focusWeight, 1+focusWeight)
		return r, nil
	}
	f := analyze(question)
	if len(f.Concepts) == 0 {
		r.Reason = "the question names no concept to rank by; the store's order stands"
		return r, nil
	}
	focus := make([]float64, len(candidates))
	any := false
	var ranked []text.Concept // the concepts a passage's focus counts
	var rankedAt []int        // their indices in f.Concepts
	for j, c := range f.Concepts {
		if !f.demands(c) && !compared(f, j) {
			// "better" or "two suspects" would favour any passage
			// that happens to say them.
			continue
		}
		ranked, rankedAt = append(ranked, c), append(rankedAt, j)
	}
	comparison := compared(f, 0) && compared(f, 1) // the question compares its first two concepts
	counter := f.counterTest()                     // the question read once for all passages
	defining := f.Kind == askDefinition && !f.wantsExamples()
	for i, p := range candidates {
		for k, c := range ranked {
			j := rankedAt[k]
			w := 1.0
			if (j > 0 || f.Evoked) && !bothNamed(f, c) && !compared(f, j) {
				// A concept the question only evokes is a guess from
				// its words, and a passage may be about the idea
				// without its name ("Cutting a Cake Fairly" for cake
				// cutting): it counts as a secondary concept.
				w = otherWeight
			}
			cf := conceptFocus(c, p)
			if j == 0 && counter.decidedIn(p) {
				// "Does every finite game have a pure-strategy Nash
				// equilibrium?" shares its words with "every congestion
				// game has a pure-strategy Nash equilibrium"; the
				// passage that answers it says "Some games have no Nash
				// equilibrium in pure strategies", in other words.
				cf += decideFocus
			}
			if j == 0 && defining && cf > 0 && definesIn(c, p) {
				// "What is strategyproofness?" in a store grown by a
				// search: the paper's chunk that says "strategy-proof"
				// three times, and a primer entry's on deferred
				// acceptance ("is strategy-proof for the proposing
				// side"), came before the mechanism-design entry's "A
				// mechanism is strategy-proof, or …, when …", and the
				// answer never said what it is.
				cf += defineFocus
			}
			focus[i] = max(focus[i], w*min(1, cf))
		}
		if comparison && comparesIn(f, p) {
			// "This is the Bertrand paradox: …, in sharp contrast with
			// Cournot competition in quantities" compares them.
			focus[i] = min(1, focus[i]+bothFocus)
		}
		any = any || focus[i] > 0
	}
	switch {
	case len(ranked) == 0:
		// "What is a core?": a concept of one word (or one specific word)
		// is too easily paraphrased to demand (demandable), so no passage
		// is moved for it; saying no candidate mentions it, when the
		// first one is "The core of a cooperative game", would be false.
		r.Reason = fmt.Sprintf("%s is too easily paraphrased to rank passages by; the store's order stands", strings.Join(names(f.Concepts[:min(2, len(f.Concepts))]), " or "))
		return r, nil
	case !any:
		r.Reason = fmt.Sprintf("no candidate mentions %s; the store's order stands", strings.Join(names(ranked[:min(2, len(ranked))]), " or "))
		return r, nil
	}
	origin := text.ConceptOrigin(question) != nil
	for i, p := range candidates {
		if origin && focus[i] > 0 {
			// "Who invented the prisoner's dilemma?" is answered by the
			// chunk of the entry that says who devised it, not by the
			// entry's opening, which the store ranks first: of the
			// passages about the concept, those that say who began
			// something (saysOrigin) keep their focus, the others half.
			focus[i] = (focus[i] + saysOrigin(p)) / 2
		}
		r.Scores[i] = focused(p.Score, focus[i])
	}
	if comparison {
		// A comparison needs both entries: a second chunk of one, which
		// overlaps its first, counts half its focus, so that the other
		// concept's entry is not pushed out of the top K by it. Of an
		// entry's chunks the one that opens it keeps its focus, whatever
		// the store's order: an entry says what its subject is at its
		// start ("In Antoine Augustin Cournot's model (1838), firms …
		// choose quantities"), and a comparison is answered by the two
		// definitions side by side. With the later chunk first, "What is
		// the difference between Cournot and Bertrand competition?" never
		// said what Cournot's model is.
		// The opening chunk is the one of least index among a paper's
		// candidates. (A sort by score that compared two chunks of one
		// paper by index instead was no ordering, and could leave the
		// later chunk first: "What is the difference between first-price
		// and second-price auctions?" was answered from both entries'
		// second chunks, the definitions runners-up.)
		opening := map[string]int{}
		for _, p := range candidates {
			paper := cmpOr(p.PaperID, p.ID)
			i, _ := chunker.IndexOf(p.ID)
			if j, ok := opening[paper]; !ok || i < j {
				opening[paper] = i
			}
		}
		for i, p := range candidates {
			if j, _ := chunker.IndexOf(p.ID); j != opening[cmpOr(p.PaperID, p.ID)] {
				r.Scores[i] = focused(p.Score, focus[i]/2)
			}
		}
	}
	r.Reason = fmt.Sprintf("ranked by focus on %s: score = (store score + %.2f × focus) / %.2f",
		strings.Join(names(f.Concepts[:min(2, len(f.Concepts))]), " and "), focusWeight, 1+focusWeight)
	if origin {
		r.Reason += "; the question asks who began it: a passage about it that says who introduced or devised something keeps its focus, the others half"
	}
	return r, nil
}

// focused is a candidate's score: its store score and its focus in [0,1],
// weighed by focusWeight.
func focused(score, focus float64) float64 {
	return (score + focusWeight*focus) / (1 + focusWeight)
}

// saysOrigin is 1 for a passage that says who began something in the
// sources' words ("introduced by", "devised", text.OriginWords), 0 for
// any other.
func saysOrigin(p Passage) float64 {
	terms := termSet(p.Text)
	if slices.ContainsFunc(originStems, func(s string) bool { return terms[s] }) {
		return 1
	}
	return 0
}

// originFocus is, for a question on the field's beginnings
// (text.FieldOrigin), 1 for each candidate that names the field and says
// "founded", 0 for the others; nil for any other question, or when no
// candidate says it.
func originFocus(question string, candidates []Passage) []float64 {
	if text.FieldOrigin(question) == nil {
		return nil
	}
	focus := make([]float64, len(candidates))
	any := false
	for i, p := range candidates {
		if doc := p.Title + "\n" + p.Text; termSet(doc)[foundedStem] && text.NamesTheField(doc) {
			focus[i], any = 1, true
		}
	}
	if !any {
		return nil
	}
	return focus
}

// definesIn reports whether a sentence of passage p says what c is: it
// names c followed by a definition cue ("A Nash equilibrium is …"), or
// gives c as the name of what it describes ("A mechanism is
// strategy-proof, or …, when …"); not after a condition or a back
// reference, which define something else.
func definesIn(c text.Concept, p Passage) bool {
	return slices.ContainsFunc(bodySentences(p), func(s string) bool {
		return !opensWithCondition(s) && !opensWithBackReference(s) && (statesWhat(c, s) || namedAs(c, s))
	})
}

// comparesIn reports whether a sentence of passage p names both concepts
// a comparison joins. A cross-reference ("Compare Bertrand competition in
// prices and Stackelberg leadership.") names both and compares nothing;
// the answerer does not quote it either. Nor does a list that names both
// among others ("Standard examples … include the prisoner's dilemma,
// matching pennies, the stag hunt, chicken and …").
func comparesIn(f focus, p Passage) bool {
	return slices.ContainsFunc(bodySentences(p), func(s string) bool {
		return !crossReference.MatchString(s) && carries(f.Concepts[0], Passage{Text: s}) && carries(f.Concepts[1], Passage{Text: s}) &&
			!(amongItems(f.Concepts[0], s) && amongItems(f.Concepts[1], s))
	})
}

// amongItems reports whether sentence s names c as an item of a list
// (listedIn), the first item included, which follows the words that open
// the list: "Standard examples written as matrices include the prisoner's
// dilemma, matching pennies, the stag hunt, …".
func amongItems(c text.Concept, s string) bool {
	if listedIn(c, s) {
		return true
	}
	m := listSep.FindStringIndex(s)
	if m == nil {
		return false
	}
	head := text.Words(s[:m[0]])
	last := head[max(0, len(head)-len(text.Words(c.Name))-1):]
	return c.In(strings.Join(last, " ")) && listedIn(c, c.Name+s[m[0]:])
}

// decidedIn reports whether a sentence of passage p is a counterexample
// to what a yes/no question asks of all (focus.counterexample). Only a
// yes/no question has one, so for any other the passage is not split
// into sentences at all.
func (t counterTest) decidedIn(p Passage) bool {
	if !t.on {
		return false
	}
	onConcept := about(t.concept, p)
	return slices.ContainsFunc(bodySentences(p), func(s string) bool { return t.holds(s, termSet(s), onConcept) })
}

// compared reports whether the question compares its concepts and the j-th
// is one of the two it compares ("How is a Vickrey auction different from
// an English auction?"): an answer needs both, so the second counts as
// much as the first, and a compared phrase with one specific word
// ("dominant strategy equilibrium") counts as a name, where elsewhere it
// would be too easily paraphrased to rank by (demandable).
func compared(f focus, j int) bool {
	if f.Kind != askDifference || j >= 2 || len(f.Concepts) < 2 {
		return false
	}
	c := f.Concepts[j]
	return demandable(c) || len(specificStems(c)) > 0
}

// bothNamed reports whether c is a glossary concept that a why, how or
// yes/no question names along with a glossary main concept. Such a
// question asks something of both, and the order they come in says
// nothing of which matters more: "Is mutual defection the only Nash
// equilibrium of the one-shot prisoner's dilemma?" is answered by the
// prisoner's dilemma, "What is a Nash equilibrium…?" by its first concept.
func bothNamed(f focus, c text.Concept) bool {
	return f.asksOfConcept() && !f.Evoked && c.Known && f.Concepts[0].Known
}

// conceptFocus is how much passage p shows about concept c, in [0,1]. A
// glossary term said in another order ("a Nash equilibrium in pure
// strategies" for "pure-strategy Nash equilibrium") is carried, as the
// answerer takes it to be (saysReordered).
func conceptFocus(c text.Concept, p Passage) float64 {
	if !carries(c, p) && !slices.ContainsFunc(bodySentences(p), func(s string) bool { return saysReordered(c, termSet(s)) }) {
		return 0
	}
	f := carryFocus
	if titledWith(c, p.Title) {
		f += titleFocus
	}
	if about(c, Passage{Text: p.Text}) {
		f += aboutFocus
	}
	return f
}

package reasoner

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NoSourcesText is the answer when there are no passages to answer from.
const NoSourcesText = "I have no sources to answer this question from."

// Answerer defaults: see OfflineAnswerer.
const (
	DefaultMinSentences = 2
	DefaultMaxSentences = 4
)

// OfflineAnswerer builds an extractive answer: it splits the passages into
// sentences, scores each by the question's key terms it contains (weighted
// by how rare each term is among the candidate sentences, tf-idf style),
// plus a little for the passage's retrieval score and for opening a passage
// (where definitions usually sit), then picks sentences by maximal marginal
// relevance so that the overlapping chunks of one paper do not repeat
// themselves. Each sentence keeps its passage's citation [n]; sentences from
// one passage stay in their original order. The result is deterministic.
//
// Sentences that read like instructions to a model ("ignore all previous
// instructions…") are never quoted.
//
// The zero value uses the defaults.
type OfflineAnswerer struct {
	// MinSentences and MaxSentences bound the answer's length; 0 means
	// DefaultMinSentences and DefaultMaxSentences.
	MinSentences, MaxSentences int
}

// NewOfflineAnswerer returns an OfflineAnswerer with the defaults.
func NewOfflineAnswerer() *OfflineAnswerer {
	return &OfflineAnswerer{}
}

// Selection tuning. λ trades relevance against novelty (Carbonell and
// Goldstein's MMR); a sentence this similar to one already chosen is a
// near-duplicate from an overlapping chunk and is skipped outright.
const (
	mmrLambda        = 0.7
	nearDuplicate    = 0.6
	scoreBonus       = 0.15 // × the passage's retrieval score
	openingBonus     = 0.05 // for the first sentence of a passage
	keepFraction     = 0.4  // beyond MinSentences, keep sentences at least this relevant relative to the best
	maxAnswerRunes   = 1200
	minSentenceWords = 4
)

type candidate struct {
	Text     string
	N        int // citation number
	Passage  int // index in the passages slice
	Position int // sentence index within the passage
	Terms    map[string]bool
	Rel      float64
}

// Answer implements Answerer. It never fails.
func (a *OfflineAnswerer) Answer(ctx context.Context, question string, passages []Passage) (Answer, error) {
	if len(passages) == 0 {
		return Answer{Text: NoSourcesText}, nil
	}
	minS, maxS := a.MinSentences, a.MaxSentences
	if minS <= 0 {
		minS = DefaultMinSentences
	}
	if maxS <= 0 {
		maxS = DefaultMaxSentences
	}
	if minS > maxS {
		minS = maxS
	}

	cands := candidates(passages)
	if len(cands) == 0 {
		return Answer{Text: NoSourcesText, Notices: []string{"the retrieved passages hold no usable sentences"}}, nil
	}
	scoreCandidates(question, passages, cands)
	chosen := selectMMR(cands, minS, maxS)
	return compose(cands, chosen), nil
}

// candidates splits passages into sentences worth quoting, dropping exact
// repeats (overlapping chunks share text) and fragments.
func candidates(passages []Passage) []*candidate {
	var out []*candidate
	seen := map[string]bool{}
	for pi, p := range passages {
		sents := sentences(passageBody(p.Text))
		for si, s := range sents {
			if !quotable(s, si, len(sents)) {
				continue
			}
			key := strings.ToLower(s)
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, &candidate{Text: s, N: p.N, Passage: pi, Position: si, Terms: termSet(s)})
		}
	}
	if len(out) == 0 {
		// Every sentence looked like a fragment: quote the passages' text
		// as it is rather than nothing.
		for pi, p := range passages {
			body := strings.TrimSpace(passageBody(p.Text))
			if body == "" || looksLikeInstruction(body) {
				continue
			}
			out = append(out, &candidate{Text: truncateRunes(body, 400), N: p.N, Passage: pi, Terms: termSet(body)})
		}
	}
	return out
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

// quotable rejects fragments: a chunk cut by the splitter may start in the
// middle of a sentence (lower-case start) or end in one (no final
// punctuation).
func quotable(s string, i, n int) bool {
	if len(strings.Fields(s)) < minSentenceWords || looksLikeInstruction(s) {
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

// instructionPattern catches text addressed to a model rather than a reader.
var instructionPattern = regexp.MustCompile(`(?i)\b(ignore|disregard|forget|override)\b[^.!?]{0,40}\b(instructions?|prompts?|rules|context)\b|\b(answer|reply|respond|say|output)\s+(only\s+)?["']?(yes|no)\b|\byou are (an?|the) (ai|assistant|language model|llm)\b|\bsystem prompt\b`)

func looksLikeInstruction(s string) bool {
	return instructionPattern.MatchString(s)
}

// scoreCandidates sets each candidate's relevance in roughly [0, 1.2].
func scoreCandidates(question string, passages []Passage, cands []*candidate) {
	terms := keyTerms(question)
	df := map[string]int{}
	for _, c := range cands {
		for _, t := range terms {
			if c.Terms[t.Stem] {
				df[t.Stem]++
			}
		}
	}
	n := float64(len(cands))
	var total float64
	weight := map[string]float64{}
	for _, t := range terms {
		w := t.Weight * math.Log(1+n/(1+float64(df[t.Stem])))
		weight[t.Stem] = w
		total += w
	}
	for _, c := range cands {
		var got float64
		for _, t := range terms {
			if c.Terms[t.Stem] {
				got += weight[t.Stem]
			}
		}
		if total > 0 {
			c.Rel = got / total
		}
		c.Rel += scoreBonus * clamp01(passages[c.Passage].Score)
		if c.Position == 0 {
			c.Rel += openingBonus
		}
	}
}

// selectMMR picks candidate indexes by maximal marginal relevance.
func selectMMR(cands []*candidate, minS, maxS int) []int {
	var chosen []int
	used := make([]bool, len(cands))
	best := 0.0
	runes := 0
	for len(chosen) < maxS {
		pick, pickScore := -1, math.Inf(-1)
		for i, c := range cands {
			if used[i] {
				continue
			}
			maxSim := 0.0
			for _, j := range chosen {
				maxSim = math.Max(maxSim, jaccard(c.Terms, cands[j].Terms))
			}
			if maxSim >= nearDuplicate {
				continue
			}
			s := mmrLambda*c.Rel - (1-mmrLambda)*maxSim
			if s > pickScore { // strict: ties go to the earlier candidate
				pick, pickScore = i, s
			}
		}
		if pick < 0 {
			break
		}
		c := cands[pick]
		if len(chosen) == 0 {
			best = c.Rel
		} else if len(chosen) >= minS && (c.Rel < keepFraction*best || runes+utf8.RuneCountInString(c.Text) > maxAnswerRunes) {
			break
		}
		used[pick] = true
		chosen = append(chosen, pick)
		runes += utf8.RuneCountInString(c.Text)
	}
	return chosen
}

// compose orders the chosen sentences for reading: passages in the order
// their best sentence was chosen, sentences within a passage in their
// original order, each followed by its citation.
func compose(cands []*candidate, chosen []int) Answer {
	rank := map[int]int{} // passage index → order of first choice
	for _, i := range chosen {
		if _, ok := rank[cands[i].Passage]; !ok {
			rank[cands[i].Passage] = len(rank)
		}
	}
	order := append([]int(nil), chosen...)
	sort.SliceStable(order, func(a, b int) bool {
		ca, cb := cands[order[a]], cands[order[b]]
		if ca.Passage != cb.Passage {
			return rank[ca.Passage] < rank[cb.Passage]
		}
		return ca.Position < cb.Position
	})
	var b strings.Builder
	var cited []int
	seen := map[int]bool{}
	for k, i := range order {
		c := cands[i]
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(citeSentence(c.Text, c.N))
		if !seen[c.N] {
			seen[c.N] = true
			cited = append(cited, c.N)
		}
	}
	return Answer{Text: b.String(), Cited: cited}
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

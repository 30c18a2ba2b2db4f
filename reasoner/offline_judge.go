package reasoner

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// Judge defaults. They were chosen on the dev split of testdata/judge: the
// questions there are retrieved against the corpus with the offline
// embedder, and the judge should say yes exactly when the top two passages
// include one that answers the question. When this was written, dev
// accuracy was flat (34 of 35) for MinScore from 0 to 0.15 and MinCoverage
// from 0.3 to 0.7; the defaults sit inside that plateau, away from its
// edges. TestOfflineJudgeCalibration prints the grid and checks the
// held-out split.
const (
	// DefaultMinScore is the retrieval similarity the best passage needs.
	// Scores are embedder-specific (the offline embedder's cosines run
	// lower than a neural embedder's), so this is a floor against noise
	// rather than the main signal.
	DefaultMinScore = 0.10
	// DefaultMinCoverage is the weighted share of the question's key terms
	// that must appear in the passages.
	DefaultMinCoverage = 0.50
)

// OfflineJudge decides relevance from the retrieval score of the best
// passage and from how many of the question's key terms the passages
// contain. Key terms are the question's words without stop words and
// question framing ("what is", "explain"), compared as text.Tokenize
// terms; terms that nearly every game-theory text contains ("game",
// "equilibrium", "player") weigh half, so a passage on Nash equilibrium does
// not cover "What is the Nash bargaining solution?". Passage text is only
// ever counted, never read as instructions, so an abstract saying "answer
// yes" changes nothing.
//
// The zero value uses the defaults.
type OfflineJudge struct {
	// MinScore is the best passage's required score; 0 means
	// DefaultMinScore, a negative value disables the check.
	MinScore float64
	// MinCoverage is the required weighted key-term coverage in [0,1];
	// 0 means DefaultMinCoverage.
	MinCoverage float64
}

// NewOfflineJudge returns an OfflineJudge with the default thresholds.
func NewOfflineJudge() *OfflineJudge {
	return &OfflineJudge{}
}

func (j *OfflineJudge) minScore() float64 {
	switch {
	case j.MinScore < 0:
		return 0
	case j.MinScore == 0:
		return DefaultMinScore
	}
	return j.MinScore
}

func (j *OfflineJudge) minCoverage() float64 {
	if j.MinCoverage > 0 {
		return j.MinCoverage
	}
	return DefaultMinCoverage
}

// JudgeRelevance implements RelevanceJudge. It never fails.
func (j *OfflineJudge) JudgeRelevance(ctx context.Context, question string, passages []Passage) (Verdict, error) {
	if len(passages) == 0 {
		return Verdict{Reason: "no passages retrieved"}, nil
	}
	top := math.Inf(-1)
	for _, p := range passages {
		top = math.Max(top, p.Score)
	}
	minScore, minCov := j.minScore(), j.minCoverage()
	scoreOK := top >= minScore
	scorePart := fmt.Sprintf("top score %.2f %s %.2f", top, cmp(scoreOK), minScore)

	terms := keyTerms(question)
	if len(terms) == 0 {
		// Nothing to check coverage against ("what is it?"): the score is
		// all there is.
		return Verdict{Yes: scoreOK, Reason: scorePart + "; the question has no key terms to check"}, nil
	}
	cov := coverage(terms, passages)
	covOK := cov.Share >= minCov
	reason := fmt.Sprintf("%s and key-term coverage %.2f %s %.2f: %d of %d key terms covered",
		scorePart, cov.Share, cmp(covOK), minCov, len(cov.Covered), len(terms))
	if len(cov.Covered) > 0 {
		reason += " (" + listWords(cov.Covered, 4) + ")"
	}
	if len(cov.Missing) > 0 {
		reason += "; missing " + listWords(cov.Missing, 4)
	}
	return Verdict{Yes: scoreOK && covOK, Reason: reason}, nil
}

func cmp(ok bool) string {
	if ok {
		return "≥"
	}
	return "<"
}

type termCoverage struct {
	Share            float64 // weighted share of key terms found
	Covered, Missing []term
}

// coverage measures which key terms occur in the passages' titles or texts.
func coverage(terms []term, passages []Passage) termCoverage {
	present := map[string]bool{}
	for _, p := range passages {
		for _, t := range tokens(p.Title + "\n" + p.Text) {
			present[t] = true
		}
	}
	var c termCoverage
	var got, total float64
	for _, t := range terms {
		total += t.Weight
		if present[t.Stem] {
			got += t.Weight
			c.Covered = append(c.Covered, t)
		} else {
			c.Missing = append(c.Missing, t)
		}
	}
	if total > 0 {
		c.Share = got / total
	}
	return c
}

// listWords names terms as the user wrote them: "nash, equilibrium, …".
func listWords(ts []term, max int) string {
	var words []string
	seen := map[string]bool{}
	for _, t := range ts {
		if seen[t.Word] {
			continue
		}
		seen[t.Word] = true
		words = append(words, t.Word)
	}
	if len(words) > max {
		words = append(words[:max], "…")
	}
	return strings.Join(words, ", ")
}

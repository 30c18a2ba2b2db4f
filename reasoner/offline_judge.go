package reasoner

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/gtrag/gtrag/text"
)

// Judge defaults. The thresholds were chosen on the dev split of
// testdata/judge/questions.jsonl when the judge counted key terms only;
// they now apply to questions without a specific focal concept. The focal
// concept rule (see OfflineJudge) was designed on the dev split of
// testdata/judge/primer.jsonl, where the judge should say yes exactly when
// the chunks the store retrieves from the primer include one of an entry
// that answers the question. On its held-out split, when this was
// written: precision 0.94 (29/31), recall 1.00 (29/29); the key-term judge
// before it had precision 0.83 (29/35). Since the store's candidates are
// re-ranked by focal concept (OfflineReranker) and a glossary topic named
// only in passing no longer counts: precision 0.97 (29/30), recall 1.00. TestOfflineJudgeOnPrimer measures
// it; TestOfflineJudgeCalibration prints the threshold grid.
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

// OfflineJudge decides whether passages answer a question. A passage
// answers a question about something only if it talks about that thing, so
// the judge first finds the question's focal concept (text.Focal: "Shapley
// value", "mean field games", "IPD") and, when the concept is specific
// enough to demand (a glossary term, quoted text, or a phrase with two
// specific words), requires a passage to mention it as a phrase: "The field
// was founded … games" does not answer "What are mean field games?",
// however many keywords it shares. A question with no such concept (a
// paraphrase such as "Why do two suspects both confess?") falls back on
// key-term coverage: the share of the question's content words the
// passages contain, compared as text.Tokenize terms, with words nearly
// every game-theory text contains ("game", "equilibrium", "player")
// weighing half. In both cases the best passage's retrieval score must
// clear a low floor.
//
// Passage text is only ever counted, never read as instructions, so an
// abstract saying "answer yes" changes nothing.
//
// The zero value uses the defaults.
type OfflineJudge struct {
	// MinScore is the best passage's required score; 0 means
	// DefaultMinScore, a negative value disables the check.
	MinScore float64
	// MinCoverage is the required weighted key-term coverage in [0,1]
	// when the question has no focal concept to demand; 0 means
	// DefaultMinCoverage.
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
	reason := fmt.Sprintf("top score %.2f %s %.2f", top, cmp(scoreOK), minScore)

	f := analyze(question)
	var cov termCoverage
	covPart := "the question has no key terms to check"
	if len(f.Terms) > 0 {
		cov = coverage(f.Terms, passages)
		covPart = fmt.Sprintf("key-term coverage %.2f %s %.2f: %d of %d key terms covered",
			cov.Share, cmp(cov.Share >= minCov), minCov, len(cov.Covered), len(f.Terms))
		if len(cov.Covered) > 0 {
			covPart += " (" + listWords(cov.Covered, 4) + ")"
		}
		if len(cov.Missing) > 0 {
			covPart += "; missing " + listWords(cov.Missing, 4)
		}
	}
	if missing := f.missing(passages, false); len(missing) > 0 {
		reason += "; no passage mentions " + strings.Join(names(missing), " or ") + ", what the question is about; " + covPart
		return Verdict{Yes: false, Reason: reason}, nil
	}
	if len(f.Required) > 0 {
		// The focal concept decides; coverage is shown, not needed.
		var found []string
		for _, c := range f.Required {
			found = append(found, fmt.Sprintf("%q in [%d]", c.Name, firstMention(c, passages)))
		}
		reason += "; focal concept " + strings.Join(found, ", ") + "; " + covPart
		return Verdict{Yes: scoreOK, Reason: reason}, nil
	}
	if len(f.Terms) == 0 {
		// Nothing to check coverage against ("what is it?"): the score is
		// all there is.
		return Verdict{Yes: scoreOK, Reason: reason + "; " + covPart}, nil
	}
	return Verdict{Yes: scoreOK && cov.Share >= minCov, Reason: reason + " and " + covPart}, nil
}

// firstMention returns the citation number of the first passage that
// carries c, or 0.
func firstMention(c text.Concept, passages []Passage) int {
	for _, p := range passages {
		if carries(c, p) {
			return p.N
		}
	}
	return 0
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

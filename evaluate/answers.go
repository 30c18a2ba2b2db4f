package evaluate

import (
	"strings"
)

// ExpectNotFound marks a question on a topic the knowledge base does not
// cover: the honest answer abstains (Run.Abstained; outcome not_found, or
// arxiv_unavailable when arXiv could not be searched) and names what it
// looked for.
const ExpectNotFound = "not_found"

// notFoundOutcome is nodes.OutcomeNotFound; answerOutcomes are the outcomes
// that end with an answer.
const notFoundOutcome = "not_found"

var answerOutcomes = []string{"answered", "answered_with_caveat", "arxiv_unavailable"}

// AnswerQuality says whether the answers say what they should and read
// cleanly: the part of an evaluation a question set with must_contain
// (testdata/answers) measures.
type AnswerQuality struct {
	// Checked are the questions with an expectation to check; Passed those
	// that met it; PassRate is Passed/Checked.
	Checked  int     `json:"checked"`
	Passed   int     `json:"passed"`
	PassRate float64 `json:"pass_rate"`
	// Answers are the runs that ended with an answer. DanglingOpeners
	// counts their sentences that open by referring back to a sentence the
	// answer left out ("It contrasts with…"); DanglingRate is the share of
	// answers with at least one.
	Answers         int     `json:"answers"`
	DanglingOpeners int     `json:"dangling_openers"`
	DanglingRate    float64 `json:"dangling_rate"`
	// Unfaithful counts the sentences of extractive answers that are not
	// verbatim in the source they cite (see Unfaithful); it must be 0.
	Unfaithful int `json:"unfaithful"`
	// Failures lists each question that failed, and why.
	Failures []AnswerFailure `json:"failures"`
}

// AnswerFailure is one question that did not pass.
type AnswerFailure struct {
	Q        string   `json:"q"`
	Expect   string   `json:"expect"`
	Outcome  string   `json:"outcome"`
	Missing  []string `json:"missing,omitempty"`  // must_contain entries not in the answer
	Dangling []string `json:"dangling,omitempty"` // sentences with dangling openers
	// Unfaithful lists quotes not verbatim in the source they cite.
	Unfaithful []string `json:"unfaithful,omitempty"`
}

// ChecksAnswers reports whether a question set says what its answers must
// contain, so that CheckAnswers has something to measure.
func ChecksAnswers(qs []Question) bool {
	for _, q := range qs {
		if len(q.MustContain) > 0 || q.Expect == ExpectNotFound {
			return true
		}
	}
	return false
}

// CheckAnswers checks each run against its question:
//
//   - expect "answer": the run ended with an answer (answered,
//     answered_with_caveat or arxiv_unavailable) that holds every
//     must_contain entry;
//   - expect "not_found": the answer abstained (Run.Abstained; the run
//     ended not_found, or arxiv_unavailable when arXiv could not be
//     searched) and the text names the missing concept (its must_contain);
//   - expect "off_topic": the run ended off_topic.
//
// A must_contain entry is matched case-insensitively as a substring; "|"
// separates alternatives ("nice|never the first to defect"). An answer
// with a dangling opener fails whatever it contains. dangling finds those
// openers (reasoner.DanglingOpeners); it is a parameter so that this
// package depends on nothing of gtrag's. nil skips the check. So does an
// answer with a quote that is not verbatim in its source (Unfaithful, for
// runs with Quoted).
func CheckAnswers(runs []Run, dangling func(answer string) []string) AnswerQuality {
	aq := AnswerQuality{Failures: []AnswerFailure{}}
	for _, r := range runs {
		q := r.Question
		f := AnswerFailure{Q: q.Q, Expect: q.Expect, Outcome: r.Outcome, Missing: Missing(q.MustContain, r.Answer)}
		answered := containsString(answerOutcomes, r.Outcome) && !r.Abstained
		if answered {
			aq.Answers++
			if dangling != nil {
				f.Dangling = dangling(r.Answer)
				aq.DanglingOpeners += len(f.Dangling)
				if len(f.Dangling) > 0 {
					aq.DanglingRate++
				}
			}
			if r.Quoted != nil {
				f.Unfaithful = Unfaithful(r.Answer, r.Quoted)
				aq.Unfaithful += len(f.Unfaithful)
			}
		}
		var ok bool
		switch q.Expect {
		case "", ExpectAnswer:
			ok = answered && len(f.Missing) == 0
		case ExpectNotFound:
			ok = (r.Outcome == notFoundOutcome || r.Abstained) && len(f.Missing) == 0
		case ExpectOffTopic:
			ok = r.Outcome == offTopicOutcome
		}
		ok = ok && len(f.Dangling) == 0 && len(f.Unfaithful) == 0
		aq.Checked++
		if ok {
			aq.Passed++
		} else {
			aq.Failures = append(aq.Failures, f)
		}
	}
	if aq.Checked > 0 {
		aq.PassRate = float64(aq.Passed) / float64(aq.Checked)
	}
	if aq.Answers > 0 {
		aq.DanglingRate /= float64(aq.Answers)
	}
	return aq
}

// Missing returns the must_contain entries that answer lacks: each entry
// is present when one of its "|"-separated alternatives occurs in answer,
// ignoring case.
func Missing(mustContain []string, answer string) []string {
	lower := strings.ToLower(answer)
	var out []string
	for _, m := range mustContain {
		found := false
		for _, alt := range strings.Split(m, "|") {
			if alt = strings.TrimSpace(alt); alt != "" && strings.Contains(lower, strings.ToLower(alt)) {
				found = true
				break
			}
		}
		if !found {
			out = append(out, m)
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

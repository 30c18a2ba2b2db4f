package evaluate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMissing(t *testing.T) {
	answer := "Tit-for-tat is NICE, retaliatory and forgiving [1]."
	require.Empty(t, Missing([]string{"nice|never the first to defect", "retaliat", "FORGIV"}, answer))
	require.Equal(t, []string{"clear"}, Missing([]string{"nice", "clear"}, answer))
	require.Equal(t, []string{"grim|pavlov"}, Missing([]string{"grim|pavlov"}, answer))
	require.Empty(t, Missing(nil, answer))
}

// fakeDangling flags sentences that start with "It " as dangling openers.
func fakeDangling(answer string) []string {
	var out []string
	for _, s := range strings.Split(answer, ". ") {
		if strings.HasPrefix(s, "It ") {
			out = append(out, s)
		}
	}
	return out
}

func TestCheckAnswers(t *testing.T) {
	q := func(expect string, must ...string) Question {
		return Question{Q: expect + strings.Join(must, ","), Expect: expect, MustContain: must}
	}
	runs := []Run{
		{Question: q(ExpectAnswer, "marginal contribution"), Outcome: "answered", Answer: "Each player gets their average marginal contribution [1]."},
		{Question: q(ExpectAnswer, "marginal contribution"), Outcome: "answered_with_caveat", Answer: "The core is stable [1]."},
		{Question: q(ExpectAnswer, "nice"), Outcome: "not_found", Answer: "I found nothing on nice strategies."},
		{Question: q(ExpectAnswer, "nice"), Outcome: "answered", Answer: "Cooperation pays. It is nice [1]."},
		{Question: q(ExpectNotFound, "mean field"), Outcome: "not_found", Answer: "I found nothing on mean field games in the knowledge base."},
		{Question: q(ExpectNotFound, "mean field"), Outcome: "answered", Answer: "Mean field games model crowds [1]."},
		{Question: q(ExpectOffTopic), Outcome: "off_topic", Answer: "This question does not appear to be about game theory."},
		{Question: q(ExpectOffTopic), Outcome: "answered", Answer: "Risotto takes 18 minutes [1]."},
	}
	aq := CheckAnswers(runs, fakeDangling)
	require.Equal(t, 8, aq.Checked)
	require.Equal(t, 3, aq.Passed)
	require.InDelta(t, 3.0/8, aq.PassRate, 1e-9)
	require.Equal(t, 5, aq.Answers, "answered, answered_with_caveat and answered runs")
	require.Equal(t, 1, aq.DanglingOpeners)
	require.InDelta(t, 1.0/5, aq.DanglingRate, 1e-9)
	require.Len(t, aq.Failures, 5)
	require.Equal(t, []string{"marginal contribution"}, aq.Failures[0].Missing)
	require.Equal(t, "not_found", aq.Failures[1].Outcome, "an abstention is not an answer")
	require.Equal(t, []string{"It is nice [1]."}, aq.Failures[2].Dangling, "a dangling opener fails an answer that has the words")

	// A quote not verbatim in its source fails an answer with the words.
	quoted := map[int]string{1: "Values are uniform on [0, 1]: bid v/2."}
	faithful := CheckAnswers([]Run{
		{Question: q(ExpectAnswer, "v/2"), Outcome: "answered", Answer: "Values are uniform on [0, 1]: bid v/2 [1].", Quoted: quoted},
		{Question: q(ExpectAnswer, "v/2"), Outcome: "answered", Answer: "Values are uniform on [1]: bid v/2 [1].", Quoted: quoted},
		{Question: q(ExpectAnswer, "v/2"), Outcome: "answered", Answer: "Values are uniform on [1]: bid v/2 [1]."}, // written freely: not checked
	}, nil)
	require.Equal(t, 2, faithful.Passed)
	require.Equal(t, 1, faithful.Unfaithful)
	require.Len(t, faithful.Failures, 1)
	require.Equal(t, []string{"Values are uniform on [1]: bid v/2 [1]."}, faithful.Failures[0].Unfaithful)

	// An abstention while arXiv was down ends arxiv_unavailable: it passes
	// a not_found question, and is not an answer (its closest sources are
	// not quoted, so not checked as quotes); an answer from the store
	// while arXiv was down is.
	down := CheckAnswers([]Run{
		{Question: q(ExpectNotFound, "mean field"), Outcome: "arxiv_unavailable", Abstained: true,
			Answer: "I found nothing on mean field games in the knowledge base. The closest sources: \"Nash equilibrium\" [1].", Quoted: quoted},
		{Question: q(ExpectNotFound, "mean field"), Outcome: "arxiv_unavailable", Answer: "Mean field games model crowds [1]."},
		{Question: q(ExpectAnswer, "v/2"), Outcome: "arxiv_unavailable", Answer: "Values are uniform on [0, 1]: bid v/2 [1].", Quoted: quoted},
	}, nil)
	require.Equal(t, 2, down.Passed)
	require.Equal(t, 2, down.Answers)
	require.Zero(t, down.Unfaithful)
	require.Len(t, down.Failures, 1)
	require.Empty(t, down.Failures[0].Missing, "the failure is the answer that names the concept without abstaining")

	none := CheckAnswers(nil, nil)
	require.Zero(t, none.Checked)
	require.Zero(t, none.PassRate)
	require.NotNil(t, none.Failures)
}

func TestReadQuestionsNotFound(t *testing.T) {
	qs, err := ReadQuestions(strings.NewReader(`{"q": "What are mean field games?", "expect": "not_found", "must_contain": ["mean field"]}`), "set", "", nil)
	require.NoError(t, err)
	require.Equal(t, ExpectNotFound, qs[0].Expect)
	require.Equal(t, []string{"mean field"}, qs[0].MustContain)
}

package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAskedApart(t *testing.T) {
	for q, want := range map[string][]string{
		"Why are climate clubs so small, and can a known catastrophe threshold change that?": {"known", "catastroph", "threshold", "chang"},
		"What is the smoothness argument, and why does it bound regret?":                     {"bound", "regret"},
		"Why are climate clubs so small?":                                                    nil,
		"Do firms and workers bargain or do they post wages?":                                nil, // no comma before "or do": one part
		"What is an auction, and what is an auction for?":                                    nil, // nothing new
	} {
		_, later := askedApart(q)
		require.Equal(t, want, later, q)
	}
}

// The first part of a question names its concept and the selection
// spends the budget on the paper titled with it; the second part asks
// something only another paper says, which the answer must not drop.
func TestAnswerCoversTheQuestionsSecondPart(t *testing.T) {
	clubs := primerLike(1, "Climate Clubs in a Model of Twelve Regions",
		"We study international climate clubs in a model of twelve regions with uncertain climate sensitivity.",
		"Membership in climate clubs is treated as a cartel formation game between regions.",
		"Checking all coalitions of the clubs requires solving a nested optimisation problem for each.",
		"Without side payments, only climate clubs of at most four regions are stable.")
	threshold := primerLike(2, "Climate Agreements as a Public Goods Problem",
		"Reducing emissions benefits all countries while the costs fall on those who abate.",
		"We then introduce a catastrophic threshold beyond which damages jump, and cooperation can be stable if the threshold is known with certainty.",
		"Uncertainty about the threshold restores the free-rider problem.")
	ps := []Passage{clubs, threshold}

	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Why are international climate clubs so small, and can a known catastrophe threshold change that?", ps)
	require.NoError(t, err)
	require.Contains(t, ans.Text, "if the threshold is known with certainty", ans.Text)
	require.Contains(t, ans.Cited, 2, ans.Text)

	// Asked of the first part alone, the answer keeps to the clubs.
	ans, err = NewOfflineAnswerer().Answer(context.Background(), "Why are international climate clubs so small?", ps)
	require.NoError(t, err)
	require.NotContains(t, ans.Text, "known with certainty", ans.Text)
}

// A sentence of another paper that says nearly everything the question
// says is quoted, though the selection went on in the lead's source.
func TestAnswerQuotesTheSentenceThatSaysMostOfTheQuestion(t *testing.T) {
	evidence := primerLike(1, "Disclosure Design in Bank Stress Tests: Evidence from Europe",
		"Supervisors choose how much of their stress-test findings to disclose, trading off market discipline against the risk of runs.",
		"We frame this choice as information design, and investors decide whether to roll over funding.",
		"We exploit variation across six European exercises and assemble daily spreads for 124 banks.",
		"Spreads of banks near the pass threshold fell after pass/fail exercises.")
	obedience := "When a designer informs several interacting players, the outcomes it can induce are characterised by obedience constraints."
	design := primerLike(2, "Information Design in Games", obedience,
		"Applications include a regulator disclosing stress-test results to investors who may run on a bank.")
	question := "How should a regulator decide what stress-test information to release to investors who might run on a bank?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), question, []Passage{evidence, design})
	require.NoError(t, err)
	require.Contains(t, ans.Text, "Applications include a regulator", ans.Text)
	require.Contains(t, ans.Cited, 2, ans.Text)

	// A sentence that says no more of the question than the answer's
	// does not come along.
	design = primerLike(2, "Information Design in Games", obedience, "Applications include disclosing test results to a crowd.")
	ans, err = NewOfflineAnswerer().Answer(context.Background(), question, []Passage{evidence, design})
	require.NoError(t, err)
	require.NotContains(t, ans.Text, "Applications include", ans.Text)
}

// When the chosen sentences answer only the second part, the sentence
// that answers the first opens the answer; a sentence sharing two
// everyday words of a long first part does not.
func TestAnswerCoversTheQuestionsFirstPart(t *testing.T) {
	lab := primerLike(1, "Does Quadratic Pricing Reveal Intensity of Preference? A Laboratory Experiment",
		"We run a laboratory experiment in which lab subjects buy votes at a quadratic cost.",
		"Individual behaviour deviates from theory: subjects behave as if they overspend on issues they care little about.",
		"A quantal-response model explains both deviations.")
	const bargaining = "Legislative Bargaining With a Random Proposer"
	proposer := primerLike(2, bargaining,
		"A legislature divides a budget: each period a randomly chosen member proposes a split, which passes if a majority approves.",
		"We characterise the stationary equilibria.")
	question := "Why does the member chosen to propose a budget split only buy off the cheapest majority, and do lab subjects actually behave that way?"
	ans, err := NewOfflineAnswerer().Answer(context.Background(), question, []Passage{lab, proposer})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(ans.Text, "A legislature divides a budget"), ans.Text)
	require.Contains(t, ans.Cited, 1, ans.Text)

	// Two words of eight ("budget", "split") are not its answer.
	proposer = primerLike(2, bargaining, "Households split a budget across goods.", "We characterise the stationary equilibria.")
	ans, err = NewOfflineAnswerer().Answer(context.Background(), question, []Passage{lab, proposer})
	require.NoError(t, err)
	require.NotContains(t, ans.Text, "Households split a budget", ans.Text)
}

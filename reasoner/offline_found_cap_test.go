package reasoner

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each paper the search found about the question may add one sentence
// past the answer's budget (quoteFoundPapers), but not one for every such
// paper: "ask -k 100 'What is a Nash equilibrium?'" on a store of a
// thousand cs.GT papers answered in 49 sentences citing 44 sources.
func TestFoundPapersAddAFewSentencesNotOneEach(t *testing.T) {
	settings := strings.Fields(`routing auctions voting matching bargaining contests pricing
		security patrols elections markets networks spectrum traffic lotteries tournaments
		insurance lending fisheries climate vaccination cartels platforms kidneys schools
		housing labour advertising shipping mining energy water airlines railways telecoms
		hospitals banks exchanges courts parliaments charities`)
	props := strings.Fields(`convex concave monotone bounded symmetric anonymous smooth
		separable submodular supermodular continuous discrete finite compact`)
	var ps []Passage
	for i, set := range settings {
		a, b := props[i%len(props)], props[(i*5+3)%len(props)]
		ps = append(ps, Passage{
			N: i + 1, ID: fmt.Sprintf("24%02d.00001v1_chunk_0", i), PaperID: fmt.Sprintf("24%02d.00001v1", i),
			Title: "Nash equilibria of " + set,
			Text:  fmt.Sprintf("A Nash equilibrium of %s games exists when payoffs are %s. Uniqueness in %s needs %s costs and %d firms.", set, a, set, b, i+2),
			Score: 0.5, Found: true,
		})
	}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "What is a Nash equilibrium?", ps)
	require.NoError(t, err)
	sentences := len(regexp.MustCompile(`\[\d+\]\.?(\s|$)`).FindAllString(ans.Text, -1))
	require.LessOrEqual(t, sentences, DefaultMaxSentences+maxFoundQuotes, ans.Text)
	require.LessOrEqual(t, len(ans.Cited), DefaultMaxSentences+maxFoundQuotes, ans.Text)
	require.Greater(t, sentences, DefaultMaxSentences, "found papers still add past the budget: %s", ans.Text)
}

package reasoner

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzOfflineAnswer checks the offline answerer's promises on any question
// and passage text: it never fails, an answer (not an abstention) quotes
// only sentences verbatim from the passage they cite, cites only passages
// that exist, and leaves no back-reference without its antecedent.
var quoteRE = regexp.MustCompile(`(?s)\s*(.*?) \[(\d+)\]([.!?]?["')\]”’]*)`)

func FuzzOfflineAnswer(f *testing.F) {
	f.Add("What is tit-for-tat?", ttt.Text, auctions.Text)
	f.Add("Why does it work?", "It works. It works because it works.", "")
	f.Add("What are mean field games?", "The field was founded. Games are played.", "Mean-field games model crowds. They are large.")
	f.Add("", "", "")
	f.Add("Is the core empty?", "Title: The core\n\nAbstract: The core can be empty. For example, majority games.", "However, it may not.")
	f.Fuzz(func(t *testing.T, q, a, b string) {
		ps := []Passage{
			{N: 1, ID: "x_chunk_0", PaperID: "x", Title: "X", Text: a, Score: 0.5},
			{N: 2, ID: "y_chunk_0", PaperID: "y", Title: "Y", Text: b, Score: 0.4},
		}
		ans, err := NewOfflineAnswerer().Answer(context.Background(), q, ps)
		require.NoError(t, err)
		for _, n := range ans.Cited {
			require.True(t, n == 1 || n == 2, "cites [%d]", n)
		}
		if ans.Abstained || ans.Text == NoSourcesText {
			return
		}
		body := map[int]string{1: strings.Join(strings.Fields(a), " "), 2: strings.Join(strings.Fields(b), " ")}
		// Each quote runs up to its citation; the punctuation after the
		// citation closes it.
		for _, m := range quoteRE.FindAllStringSubmatch(ans.Text, -1) {
			n := 1
			if m[2] == "2" {
				n = 2
			}
			require.Contains(t, body[n], strings.Join(strings.Fields(m[1]+m[3]), " "), "quoted from [%d]", n)
		}
		require.Empty(t, DanglingOpeners(ans.Text), ans.Text)
	})
}

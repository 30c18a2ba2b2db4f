package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseCondensed(t *testing.T) {
	for _, tc := range []struct {
		name, reply, want string
		ok                bool
	}{
		{"plain", "What is the equilibrium of the repeated prisoner's dilemma?", "What is the equilibrium of the repeated prisoner's dilemma?", true},
		{"label and quotes", "Standalone question: \"Why does tit-for-tat win?\"\n", "Why does tit-for-tat win?", true},
		{"thinking, blank lines", "<think>they mean the auction</think>\n\nHow do bidders shade bids in first-price auctions?\nExtra.", "How do bidders shade bids in first-price auctions?", true},
		{"empty", " \n ", "", false},
		{"an essay", strings.Repeat("word ", 100), "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseCondensed(tc.reply)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.want, got)
		})
	}
}

// The condenser sends the last exchanges and the follow-up, fenced, under
// its own prompt name, and returns the model's question.
func TestLLMCondenser(t *testing.T) {
	m := &scriptedModel{script: []step{{reply: "What is the Nash equilibrium of the repeated prisoner's dilemma?"}}}
	c := NewLLMCondenser(m, fast...)
	hist := []Exchange{
		{Question: "What is an auction?", Answer: "A sale by bids."},
		{Question: "What is the Nash equilibrium of the prisoner's dilemma?", Answer: "Both defect [1]."},
	}
	q, err := c.Condense(context.Background(), hist, "and in the repeated version?")
	require.NoError(t, err)
	require.Equal(t, "What is the Nash equilibrium of the repeated prisoner's dilemma?", q)
	require.Equal(t, []string{PromptCondenseQuestion}, m.names)
	require.Contains(t, m.prompts[0], "User: What is the Nash equilibrium of the prisoner's dilemma?\nAssistant: Both defect [1].")
	require.Contains(t, m.prompts[0], fenceOpen+"\nand in the repeated version?\n"+fenceClose)

	bad := &scriptedModel{script: []step{{reply: "   "}}}
	_, err = NewLLMCondenser(bad, fast...).Condense(context.Background(), hist, "and then?")
	require.Error(t, err)
}

package reasoner

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question that describes its idea in everyday words (fair division, for
// splitting an inheritance or a taxi fare) is not answered by a source
// that shares one of those words in another sense: "strategies are
// inherited behaviours" in the entry on evolutionarily stable strategies,
// "learning stops" in the entry on information cascades. Before, the
// first was quoted five sentences long as the answer, the second as
// "From then on actions reveal nothing new, and learning stops".
func TestOneEverydayWordIsNoAnswer(t *testing.T) {
	for _, tc := range []struct {
		q     string
		slugs []string
	}{
		{"How should an inheritance be divided fairly among siblings?", []string{"evolutionarily-stable-strategies", "battle-of-the-sexes", "cooperative-games"}},
		{"How do you split a taxi fare fairly among people who get off at different stops?", []string{"information-cascades", "battle-of-the-sexes", "cooperative-games"}},
	} {
		ans, err := NewOfflineAnswerer().Answer(context.Background(), tc.q, primerPassages(t, tc.slugs))
		require.NoError(t, err)
		require.True(t, ans.Abstained, "%s: %s", tc.q, ans.Text)
		require.Contains(t, ans.Text, "fair division", tc.q)
	}
	// Said with another of the question's words, the everyday word is
	// evidence: a passage on splitting an inheritance among heirs answers.
	heirs := Passage{N: 1, PaperID: "2401.00001v1", Title: "Dividing an estate among heirs",
		Text: "When an inheritance is divided among siblings, each heir values the items differently, and an envy-free split gives every sibling a share they like at least as much as any other."}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "How should an inheritance be divided fairly among siblings?", []Passage{heirs})
	require.NoError(t, err)
	require.False(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "envy-free split", ans.Text)
}

// carriesDescription: one word of the question's description is no sign
// that a passage is about the idea it describes unless another describing
// term stands with it.
func TestCarriesDescriptionWantsMoreThanOneWord(t *testing.T) {
	f := analyze("How should an inheritance be divided fairly among siblings?")
	require.True(t, f.Evoked, "%+v", f.Concepts)
	ess := primerPassages(t, []string{"evolutionarily-stable-strategies"})
	checked := 0
	for _, c := range f.Described {
		if len(specificStems(c)) == 1 && carries(c, ess[0]) {
			require.False(t, carriesDescription(f, c, ess[0]), c.Name)
			checked++
		}
	}
	require.NotZero(t, checked, "no one-word description the entry carries: %+v", f.Described)
}

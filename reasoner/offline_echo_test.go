package reasoner

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A worked example is quoted from its setting on: "At equilibrium the
// drivers split evenly" names as known the drivers the example's first
// sentence counted, and without it the answer read as if a sentence had
// been lost. The example is quoted up to its result.
func TestOfflineAnswerQuotesAWorkedExampleFromItsSetting(t *testing.T) {
	braess := primerLike(1, "Braess's paradox",
		"Braess's paradox shows that adding capacity to a network can make every user worse off when users choose routes selfishly.",
		"In the standard example 4000 drivers travel from A to B by one of two routes.",
		"Each route has one road whose travel time in minutes is the number of cars on it divided by 100, and one road that always takes 45 minutes.",
		"At equilibrium the drivers split evenly and each takes 20 + 45 = 65 minutes.",
		"Now add a zero-time shortcut linking the two congestible roads.",
		"Each driver now prefers to use both congestible roads via the shortcut; at the new equilibrium all 4000 drivers do so and each takes 40 + 40 = 80 minutes, worse than before.",
		"Closing roads has reportedly improved traffic in cities such as Seoul and Stuttgart.")
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "How can adding a road make traffic worse for everyone?", []Passage{braess})
	require.NoError(t, err)
	split := strings.Index(ans.Text, "At equilibrium the drivers split evenly")
	require.Positive(t, split, ans.Text)
	require.Contains(t, ans.Text[:split], "4000 drivers travel from A to B", "the sentence that introduces the drivers comes first")
	require.Contains(t, ans.Text, "80 minutes", "the example's result")
}

// definiteEcho links a sentence to the one that introduced, with a number
// or "a", the noun it names with "the", "each" or "both"; not to one that
// names the passage's subject as known already, nor through a date.
func TestDefiniteEcho(t *testing.T) {
	for _, c := range []struct {
		before []string
		s      string
		want   bool
	}{
		{[]string{"In the standard example 4000 drivers travel from A to B."}, "At equilibrium the drivers split evenly.", true},
		{[]string{"Drivers travel by one of two routes.", "Traffic is heavy."}, "Each route has one road.", true},
		{[]string{"A seller sets a reserve price of one half."}, "The reserve is binding.", true},
		{[]string{"The core of a cooperative game is the set of allocations no coalition can improve upon."}, "The core can be empty.", false},
		{[]string{"In Cournot's model (1838), firms choose quantities."}, "Each firm's best response is its reaction function.", false},
		{[]string{"A firm keeps a share of the market."}, "The share of demand is fixed.", false},                             // "the share of": says which
		{[]string{"Two players meet in a game."}, "The game has two equilibria.", false},                                      // a word every text uses
		{[]string{"There are 4000 drivers.", "Roads are slow.", "Tolls are high."}, "The drivers pay.", false},                // three sentences back
		{[]string{"Now add a shortcut linking the two congestible roads."}, "The new road turns the game into a trap.", true}, // an adjective between
	} {
		var pred *candidate
		for _, b := range c.before {
			pred = &candidate{Text: b, Terms: termSet(b), Pred: pred}
		}
		got := definiteEcho(&candidate{Text: c.s, Terms: termSet(c.s), Pred: pred})
		require.Equal(t, c.want, got, "%q after %q", c.s, c.before)
	}
}

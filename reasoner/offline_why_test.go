package reasoner

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/text"
)

// firstCited returns the title of the source the answer's first sentence
// cites.
func firstCited(t *testing.T, ans Answer, ps []Passage) string {
	t.Helper()
	require.NotEmpty(t, ans.Quotes, ans.Text)
	for _, p := range ps {
		if p.N == ans.Quotes[0].N {
			return p.Title
		}
	}
	t.Fatalf("the first quote cites [%d], which is no passage", ans.Quotes[0].N)
	return ""
}

// A why question about a concept that has its own entry is answered from
// that entry's explanation, which need not repeat the concept's name,
// before the sentences of other entries that merely name it.
func TestWhyQuestionDrawsFromItsConceptsEntry(t *testing.T) {
	ctx := context.Background()
	// The entries that name the prisoner's dilemma more often come first,
	// as the store may rank them.
	ps := primerPassages(t, []string{"tit-for-tat-iterated-prisoners-dilemma", "repeated-games-folk-theorem", "prisoners-dilemma"})
	ans, err := NewOfflineAnswerer().Answer(ctx, "Why is the prisoner's dilemma a dilemma?", ps)
	require.NoError(t, err)
	t.Log(ans.Text)
	require.Contains(t, ans.Text, "defecting is a strictly dominant strategy for each player, so the unique Nash equilibrium is mutual defection, yet both would be better off cooperating")
	require.Contains(t, ans.Text, "The game captures the tension between individual and collective rationality")
	require.Equal(t, "The prisoner's dilemma", firstCited(t, ans, ps), "the entry on the concept answers first")

	// "truthful" is said as "true value" in the entry on the auction.
	ps = primerPassages(t, []string{"dominant-strategies", "second-price-vickrey-auction"})
	ans, err = NewOfflineAnswerer().Answer(ctx, "Why is the second-price auction truthful?", ps)
	require.NoError(t, err)
	t.Log(ans.Text)
	require.Equal(t, "Second-price sealed-bid (Vickrey) auctions", firstCited(t, ans, ps), "the entry on the concept answers first")
	require.Contains(t, ans.Text, "The reason is that your bid only decides whether you win, not what you pay")

	// An explanation in the entry that says nothing of what the question
	// asks ("It is called a folk theorem because …") is not drawn in for
	// being in the entry.
	ps = primerPassages(t, []string{"repeated-games-folk-theorem", "prisoners-dilemma"})
	ans, err = NewOfflineAnswerer().Answer(ctx, "Why do people cooperate in repeated games?", ps)
	require.NoError(t, err)
	t.Log(ans.Text)
	require.NotContains(t, ans.Text, "It is called a folk theorem because")
	require.True(t, strings.Contains(ans.Text, "threat of future punishment can sustain cooperation"), ans.Text)
}

// A definition question whose passages only list the concept among
// others ("Nash imposed four axioms: Pareto efficiency, symmetry, …") says
// that nothing says what it is, rather than passing the list off as a
// definition. An item the sentence goes on to describe, in brackets or a
// clause, is answered from it.
func TestDefinitionOfAConceptOnlyListed(t *testing.T) {
	ctx := context.Background()
	ps := primerPassages(t, []string{"arrows-impossibility-theorem", "nash-bargaining-solution"})
	ans, err := NewOfflineAnswerer().Answer(ctx, "What is Pareto efficiency?", ps)
	require.NoError(t, err)
	t.Log(ans.Text)
	require.True(t, ans.Abstained, ans.Text)
	require.Contains(t, ans.Text, "Pareto efficiency")
	require.Contains(t, ans.Text, "only name it in a list")
	require.NotContains(t, ans.Text, "Nash imposed four axioms")
	require.Equal(t, []int{1, ps[slices.IndexFunc(ps, func(p Passage) bool { return p.PaperID == "primer:nash-bargaining-solution" })].N}, ans.Cited)

	for _, c := range []struct{ q, slug, want string }{
		{"What is the null player property?", "shapley-value", "the null player property (a player who adds nothing gets nothing)"},
		{"What is Bayesian persuasion?", "cheap-talk", "where the sender commits in advance"},
	} {
		ans, err := NewOfflineAnswerer().Answer(ctx, c.q, primerPassages(t, []string{c.slug}))
		require.NoError(t, err)
		require.False(t, ans.Abstained, "%s: %s", c.q, ans.Text)
		require.Contains(t, ans.Text, c.want, c.q)
	}

	require.True(t, listedIn(text.PhraseConcept("Pareto efficiency"), "Nash imposed four axioms: Pareto efficiency, symmetry, invariance to positive affine rescaling of utilities, and independence of irrelevant alternatives (removing options that were not chosen does not change the agreement)."))
	require.True(t, listedIn(text.PhraseConcept("Pareto efficiency"), "Arrow asked for unrestricted domain (any preferences are allowed), weak Pareto efficiency (if everyone prefers x to y, so does society) and independence of irrelevant alternatives (the social ranking of x and y depends only on how individuals rank x and y)."),
		"what follows a variant describes the variant")
	require.False(t, listedIn(text.PhraseConcept("Pareto efficiency"), "Pareto efficiency means that no one can be made better off without making someone worse off."))
}

// "The folk theorem generalises the idea: …" leans on the sentence before
// it for what the idea is: it does not open an answer alone, and the
// sentence it builds on comes first.
func TestBareAbstractNounRefersBack(t *testing.T) {
	require.True(t, opensWithBackReference("The folk theorem generalises the idea: when players are patient enough, any feasible payoff vector can be sustained."))
	require.True(t, opensWithBackReference(`The guessing game "pick a number equal to two-thirds of the average" shows the logic: numbers above 66.7 are dominated.`))
	require.False(t, opensWithBackReference("The folk theorem generalises the idea of a best response to repeated play."))
	require.False(t, opensWithBackReference("Repeated play supports the result that patient players cooperate: deviations are punished."), "the result is said")
	require.NotEmpty(t, DanglingOpeners("The folk theorem generalises the idea: when players are patient enough, any feasible payoff vector can be sustained [1]."))

	// Carried somewhere by its verb, the noun still leaves which idea to
	// the sentence before: the primer's subgame-perfection entry once
	// opened an answer with the first of these.
	require.True(t, opensWithBackReference("Reinhard Selten generalised the idea as subgame perfect equilibrium (SPE): a strategy profile that is a Nash equilibrium in every subgame."))
	require.True(t, opensWithBackReference("We extend the argument to the sale of several identical units."))
	require.True(t, opensWithBackReference("We apply the result to Bertrand-Edgeworth duopoly."))
	require.False(t, opensWithBackReference("Reinhard Selten generalised backward induction as subgame perfect equilibrium (SPE)."))
	require.False(t, opensWithBackReference("We take the approach to pricing that the literature on mechanism design takes."), `"the approach to" says which approach`)
	require.False(t, opensWithBackReference("Repeated play extends the idea of a best response to whole histories."), "the idea is said")

	// The primer's entry was worded so once; it now states the theorem
	// on its own, and the passage keeps the old wording for this test.
	ps := []Passage{{N: 1, ID: "primer:repeated-games-folk-theorem_chunk_0", PaperID: "primer:repeated-games-folk-theorem",
		Title: "Repeated games and the folk theorem", Score: 0.5,
		Text: "A repeated game is a stage game, such as the prisoner's dilemma, played many times by the same players, who observe past actions and weigh future payoffs with a discount factor δ between 0 and 1. " +
			"With an infinite horizon, or an uncertain end, the threat of future punishment can sustain cooperation. " +
			"Under the grim trigger strategy, players cooperate until anyone defects and then defect forever; this is a subgame perfect equilibrium of the repeated prisoner's dilemma when δ ≥ (T − R)/(T − P). " +
			"The folk theorem generalises the idea: when players are patient enough, any feasible payoff vector that gives each player more than their minmax value (the worst payoff the others can hold them to) can be sustained as an equilibrium of the infinitely repeated game, under mild conditions. " +
			"It is called a folk theorem because it was widely known before anyone published it."}}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Explain the folk theorem in simple terms.", ps)
	require.NoError(t, err)
	t.Log(ans.Text)
	require.Empty(t, DanglingOpeners(samePaperCitations(ans.Text, ps)))
	i, j := strings.Index(ans.Text, "Under the grim trigger strategy"), strings.Index(ans.Text, "The folk theorem generalises the idea")
	require.True(t, i >= 0 && j > i, "the sentence the idea refers to comes first: %s", ans.Text)
}

// "Why is truthful bidding optimal in a second-price auction?" asks of a
// phrase of its own, truthful bidding, in a setting the glossary knows.
// Every sentence of the setting's own entry is about the setting, named
// or not, so "Bidding one's true value is a weakly dominant strategy" and
// the reason after it answer it. Before, they shared too few of the
// question's words, and after the entry's first sentence the answer
// quoted "Pure Vickrey auctions are rare in practice, partly because
// bidders fear revealing their values" and Myerson's reserve price. The
// passages are the ones the primer's store gives the question.
func TestOfflineAnswerReadsTheSettingsEntryAsAboutTheSetting(t *testing.T) {
	passages := []Passage{
		{N: 1, ID: "primer:second-price-vickrey-auction_chunk_0", PaperID: "primer:second-price-vickrey-auction", Title: "Second-price sealed-bid (Vickrey) auctions", Score: 0.34,
			Text: "Title: Second-price sealed-bid (Vickrey) auctions\n\nAbstract: In a second-price sealed-bid auction, introduced by William Vickrey in 1961, the highest bidder wins but pays the second-highest bid. Bidding one's true value is a weakly dominant strategy, whatever the others do. The reason is that your bid only decides whether you win, not what you pay. If you bid above your value you may win when the price exceeds your value and lose money; if you bid below it you may lose when winning at the second price would have been profitable; bidding exactly your value wins precisely when winning is profitable. So the Vickrey auction is strategy-proof, allocates the item efficiently to the bidder with the highest value, and requires no knowledge of the other bidders or their value distributions. It is the single-item case of the VCG mechanism. With private values it gives the same outcome as the English ascending auction, where the price stops when the second-highest bidder drops out."},
		{N: 2, ID: "primer:second-price-vickrey-auction_chunk_1", PaperID: "primer:second-price-vickrey-auction", Title: "Second-price sealed-bid (Vickrey) auctions", Score: 0.37,
			Text: "It is the single-item case of the VCG mechanism. With private values it gives the same outcome as the English ascending auction, where the price stops when the second-highest bidder drops out. By revenue equivalence, with symmetric independent bidders it yields the same expected revenue as the first-price auction. Pure Vickrey auctions are rare in practice, partly because bidders fear revealing their values and the seller could cheat with shill bids; reserve prices raise revenue. eBay's proxy bidding works much like a second-price auction."},
		{N: 3, ID: "primer:myerson-optimal-auction_chunk_0", PaperID: "primer:myerson-optimal-auction", Title: "Myerson's optimal auction and reserve prices", Score: 0.38,
			Text: "Title: Myerson's optimal auction and reserve prices\n\nAbstract: Myerson's optimal auction is the auction that maximises a seller's expected revenue when bidders have independent private values drawn from known distributions, as Roger Myerson showed in 1981. The key device is the virtual value, φ(v) = v − (1 − F(v))/f(v): a bidder's value minus the information rent the seller must leave them to induce truthful reporting. Expected revenue equals the expected virtual value of the winner, so the optimal mechanism gives the item to the bidder with the highest virtual value, provided it is non-negative, and otherwise keeps the item. When bidders are symmetric and the distribution is regular (virtual values increase with value), the optimal auction is simply a second-price or English auction with a reserve price r solving φ(r) = 0. For values uniform on [0, 1] the optimal reserve price is 1/2, whatever the number of bidders."},
	}
	ans, err := NewOfflineAnswerer().Answer(context.Background(), "Why is truthful bidding optimal in a second-price auction?", passages)
	require.NoError(t, err)
	require.Contains(t, ans.Text, "Bidding one's true value is a weakly dominant strategy")
	require.Contains(t, ans.Text, "The reason is that your bid only decides whether you win")
}

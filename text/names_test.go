package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestForeignName(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Names of shops, brands, places and games the field does not use.
		{"Does Costco price adjust if an item goes on sale after I buy it?", "Costco"},
		{"Can I cancel a bid on an eBay auction after I placed it by mistake?", "eBay"},
		{"What are the opening hours of the Sotheby's auction house this weekend?", "Sotheby's"},
		{"When is the next storage unit auction in Phoenix, Arizona?", "Phoenix"},
		{"How many cards does each player get in a game of Uno?", "Uno"},
		{"Is the stock market open on Good Friday?", "Friday"},
		// The field's own eponyms, stories and acronyms are known.
		{"Why is the Nash equilibrium of the Vickrey auction truthful?", ""},
		{"Does Gale-Shapley give the students their best stable match?", ""},
		{"How does the Talmud divide an estate among creditors?", ""},
		{"How should Colonel Blotto spread his troops?", ""},
		{"Why does the Kalai-Smorodinsky solution differ from Nash's?", ""},
		{"Did Boston's school choice reward gaming the ranking?", ""},
		{"How do VCG payments work, and why are LPs used for CCE?", ""},
		{"Can Wi-Fi routers pick channels without coordination?", ""},
		// A name papers on a term use (text.RelatedPhrases, the third
		// table's too) is the field's.
		{"coupled HJB and Fokker-Planck equations for pedestrian crowds", ""},
		// A capital that opens a sentence is not a name, nor is "I".
		{"Markets clear. Prices fall when I sell.", ""},
		{"Netflix lets me share a password; is that fair?", ""},
		// A name followed by a model, theorem or condition is a scholar's.
		{"How can researchers solve Ericson-Pakes style models of firms entering and exiting?", ""},
		{"Does the Rothschild-Stiglitz model have an equilibrium when insurers compete?", ""},
		{"Why does Harsanyi's theorem purify mixed strategies?", ""},
		{"In Challet and Zhang's model, why does volatility peak?", ""},
		// A product of symbols in a formula is no name; a brand beside
		// a formula still is.
		{"two firms, inverse demand P = a - bQ, marginal cost c: how much does each produce in Cournot?", ""},
		{"With payoffs x = 2aB + c, is there a pure equilibrium?", ""},
		{"Does Costco price x = 2 cheaper?", "Costco"},
		{"Do Costco/Walmart match prices?", "Costco"},
		{"Is Costco - the warehouse club - cheaper?", "Costco"},
		{"Do Costco and Walmart match prices?", "Costco"},
		{"Is the Costco value pack cheaper than buying at Target?", "Costco"},
		{"Why did the Nasdaq index fall on Monday?", "Nasdaq"},
		{"Is a Catan game with house rules still fair?", "Catan"},
		// A country, a people, a US state or a continent is where a study
		// is set, not what it is about; a city or a shop beside it is
		// still a name.
		{"Do people in Denmark trust strangers with money more than people in Tanzania do?", ""},
		{"How should farmers along an irrigation canal in Spain split maintenance costs?", ""},
		{"To get a Kenyan village to adopt mobile money, whom should you give accounts?", ""},
		{"Did New Zealand's fishing quotas stop the race to fish?", ""},
		{"Do Germans split their two ballots between parties?", ""},
		{"Do Danes trust strangers more than Kenyans do?", ""},
		{"Why do Swedish firms bargain with unions industry by industry?", ""},
		{"Does Costco in Texas price match?", "Costco"},
		{"Is the Louvre in France open on Mondays?", "Louvre"},
	} {
		assert.Equal(t, tt.want, ForeignName(tt.q), tt.q)
	}
}

func TestNamesAreCapitalisedWordsThatOpenNoSentence(t *testing.T) {
	cases := map[string][]string{
		"What is the Zorblax equilibrium of hyperbolic bargaining games?":                 {"Zorblax"},
		"Should Uber-style apps show drivers the exact surge multipliers?":                {"Uber"},
		"How does Gale-Shapley find a stable matching over Wi-Fi?":                        {"Gale-Shapley", "Wi-Fi"},
		"Why did Germany's 5G spectrum sale drag on?":                                     {"Germany", "5G"},
		"Do petrol stations avoid price wars? Is there data?  If I ask, does Q-learning?": nil,
		"What is a Nash equilibrium?":                                                     {"Nash"},
		"Did the Cold War arms race follow a Prisoner's Dilemma logic?":                   {"Cold War", "Prisoner", "Dilemma"},
		"Did John Nash's thesis cite von Neumann?":                                        {"John Nash", "Neumann"},
		"Why did Germany's 5G sale and the UK 3G auction differ?":                         {"Germany", "5G", "UK", "3G"},
	}
	for q, want := range cases {
		assert.Equal(t, want, Names(q), q)
	}
}

// A name before a word for a kind of concept, possessive, hyphen or
// "style" between, names a concept; one before a setting's words does
// not, nor a longer word that begins with it.
func TestNamesAConcept(t *testing.T) {
	for _, c := range []struct {
		q, name string
		want    bool
	}{
		{"What is the Zorblax equilibrium in auctions?", "Zorblax", true},
		{"Why do bidders use Zorblax's strategy?", "Zorblax", true},
		{"Why do bidders use Zorblax’s strategies?", "Zorblax", true},
		{"Is a Zorblax-style auction efficient?", "Zorblax", true},
		{"Is the Krumple mechanism truthful?", "Krumple", true},
		{"What did Kreps and Wilson's model assume?", "Kreps", true},
		{"Why did Germany's spectrum auction drag on?", "Germany", false},
		{"Is a Zorblaxian equilibrium stable?", "Zorblax", false},
		{"Did Vodafone bid in the auction?", "Vodafone", false},
	} {
		assert.Equal(t, c.want, NamesAConcept(c.q, c.name), c.q)
	}
}

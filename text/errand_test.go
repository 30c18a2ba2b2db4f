package text

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAuctionErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Errands: taking part in an auction, nothing of the others.
		{"How do I bid on a house at a foreclosure auction, and do I need cash?", "bid"},
		{"tips for winning a silent auction at a school fundraiser without overbidding", "auction"},
		{"What should I bring to an estate auction if I want to buy old furniture?", "auction"},
		{"How do I register and pay the buyer’s premium after I bid at a Christie's auction?", "bid"},
		{"I'm selling my grandmother's ring at an auction house; what fees will they take?", "auction"},
		// Questions about one's own bid that speak of the others, or of
		// what the bidder knows and wants, are the field's.
		{"If I bid in a first-price auction, how far below my value should I go?", ""},
		{"Why do I keep getting outbid at the last second on auction sites?", ""},
		{"Should I bid my true worth when the winner pays the second-highest bid?", ""},
		{"How should I bid when I suspect my rivals know more about the item?", ""},
		{"On an auction site I set my maximum, and the site only charges me a step above the runner-up. Is there any reason not to enter the most I'd truly pay?", ""},
		{"What is my best bidding strategy against other bidders in a sealed auction?", ""},
		// Not asked for oneself, or not about an auction.
		{"Why do sellers prefer English auctions to sealed bids?", ""},
		{"How do I split the rent with my roommates?", ""},
	} {
		assert.Equal(t, tt.want, AuctionErrand(tt.q), tt.q)
	}
}

func TestVotingErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Errands: casting one's vote, nothing of how votes count.
		{"Where do I go to vote in the local election, and what time do polling stations close?", "vote"},
		{"Can I register to vote online before my city's election?", "vote"},
		{"I moved last month; how do I get a mail-in ballot?", "ballot"},
		{"What ID do I need to bring when I vote?", "vote"},
		{"Where do I register to vote in the county election if I moved last month?", "vote"},
		// One's own vote, with the field's subject: the rule, the
		// ranking, strategy, or what the vote is worth.
		{"Should I vote for my favourite or for the candidate who can actually win?", ""},
		{"Why should I vote if my vote never decides anything?", ""},
		{"Does my vote count for anything in a landslide?", ""},
		{"If I rank candidates on my ballot, can ranking my favourite first ever hurt me?", ""},
		{"Is it ever smart for me to vote strategically under plurality rule?", ""},
		// Not asked for oneself.
		{"Which voting rules can a single voter manipulate?", ""},
		{"Where is the nearest polling station?", ""},
	} {
		assert.Equal(t, tt.want, VotingErrand(tt.q), tt.q)
	}
}

func TestPurchaseErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Errands: what to buy for oneself.
		{"My Wi-Fi signal keeps dropping in the bedroom; should I buy a mesh router or a range extender?", "buy"},
		{"Is it worth buying an extended warranty for my laptop?", "buying"},
		{"Where can I purchase cheap concert tickets near me?", "purchase"},
		{"My dad buys me a new phone every year; is the extended warranty worth it?", "buys"},
		// One's own purchase, with the other side of the trade.
		{"Should I buy now, or wait because the seller cannot commit to keeping the price high?", ""},
		{"When I buy a used car, how can I tell the dealer is not hiding a lemon?", ""},
		{"If I buy votes with credits, why does each extra vote cost more?", ""},
		{"How should I haggle when I buy at a market stall?", ""},
		// Not asked for oneself.
		{"Why do consumers buy more when prices end in 99?", ""},
		// A buyer is a party to the trade, not the asker's errand.
		{"If I have a backup buyer lined up, does that strengthen my hand when we talk price?", ""},
		{"Is it my job as a buyer's agent to disclose the other offers?", ""},
	} {
		assert.Equal(t, tt.want, PurchaseErrand(tt.q), tt.q)
	}
}

func TestMatchErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		// Errands: one's own date, game or donor.
		{"got a tinder match but they never reply, what should i text first", "match"},
		{"How do I get matched with better opponents online?", "matched"},
		{"How do doctors test whether I'm a bone marrow match for my sister?", "match"},
		// One's own match, with the mechanism or the market.
		{"I matched with my third-choice hospital; should I have ranked it higher?", ""},
		{"If I lie about my preferences, can I get a better match under deferred acceptance?", ""},
		{"Why did my school match leave me worse off than my friend?", ""},
		// Matching a rival's price is a firm's move.
		{"If I match every price my rival sets, do we end up colluding?", ""},
		{"My store promises to match any lower price; does that keep prices high?", ""},
		{"Should I match my competitor's price cut?", ""},
		// Not asked for oneself.
		{"Why do stable matchings always exist?", ""},
	} {
		assert.Equal(t, tt.want, MatchErrand(tt.q), tt.q)
	}
}

// TestErrandWordsAreOneWordEach: errand compares prefixes with single
// words, so an entry of two words ("market power" once) never matches.
func TestErrandWordsAreOneWordEach(t *testing.T) {
	for _, list := range [][]string{theOthers, theVoteItself, theTrade, theMarket} {
		for _, p := range list {
			assert.NotContains(t, p, " ", p)
			assert.Equal(t, strings.ToLower(p), p, p)
		}
	}
}

func TestNearbyErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Best bargain grocery stores near me", "near me"},
		{"Which pharmacies are open now in my area?", "open now"},
		{"Where can I sell old coins in my area?", "my area"},
		{"Is there a cheap gym close to me?", "close to"},
		{"Do nearby players on a lattice cooperate more?", ""},
		{"Why do firms locate close to each other on Main Street?", ""},
	} {
		assert.Equal(t, tt.want, NearbyErrand(tt.q), tt.q)
	}
}

func TestDebtErrand(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"What's the best strategy for paying off credit card debt, avalanche or snowball?", "paying off"},
		{"Avalanche or snowball — which debt payoff strategy saves more money on credit cards?", "payoff"},
		{"Should I pay off my car loan early or invest the extra cash in an index fund?", "pay off"},
		{"If I add one extra payment a year, how much sooner is the payoff date on a 30-year fixed mortgage?", "payoff"},
		// The parties to a debt, or a game, are the field's.
		{"What happens to loan interest rates when banks start sharing borrower repayment histories through a credit bureau?", ""},
		{"Why do borrowers strategically default instead of paying off an underwater mortgage?", ""},
		{"In a repeated lending game, what payoff does repaying the loan bring?", ""},
		// A payoff with no debt is the field's word alone.
		{"What is the payoff of defecting in the prisoner's dilemma?", ""},
	} {
		assert.Equal(t, tt.want, DebtErrand(tt.q), tt.q)
	}
}

// "Tell me about auctions" asks to be taught: its "me" is no errand's
// asker, and it was refused, with a refusal that said to ask about
// auctions.
func TestTellMeAboutIsNoErrand(t *testing.T) {
	for _, q := range []string{"Tell me about auctions", "tell me more about auctions?", "Show me how sealed-bid auctions work", "Tell me about voting"} {
		assert.Empty(t, AuctionErrand(q), q)
		assert.Empty(t, VotingErrand(q), q)
	}
	assert.Equal(t, "bid", AuctionErrand("Tell me how I can bid at a police auction"), "the asker's own I still counts")
}

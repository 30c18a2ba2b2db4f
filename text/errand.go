package text

import (
	"slices"
	"strings"
)

// AuctionErrand returns the auction word of a question that is an errand at
// an auction: the asker wants to take part in one ("How do I bid on a
// house at a foreclosure auction?", "tips for winning a silent auction at
// a school fundraiser") and says nothing of the others who bid. It is ""
// for any other question.
//
// Why. "Auction" and "bid" are the field's words, and the offline topic
// judge counts them; but a question about placing a bid, registering,
// paying a buyer's premium or what to bring is about the auction house's
// rules, not about how bidders' choices bear on each other, which is what
// an auction paper studies. What tells the two apart is the others: a
// game-theory question about one's own bid still speaks of them (other
// bidders, rivals, the runner-up, the highest or second bid, being
// outbid) or of what the bidder knows and wants (value, worth, the
// equilibrium, a strategy, shading, truthful bids). An errand speaks of
// neither.
//
// The trade-off: a student who asks "How much should I bid at a charity
// auction?" wanting the theory gets a refusal, unless the question names
// or describes a glossary term, which nodes' topic judge checks first.
// On the tuning sets of testdata/world the rule refused 8 and 9 more of
// the 279 off-topic controls on the two backgrounds (papers added on them
// 82 and 84 -> 73) and lost no hit; one answerable question it would have
// caught ("On an auction site I set my maximum, and the site only charges
// me a step above the runner-up…") describes the second-price auction,
// and speaks of the runner-up besides.
func AuctionErrand(question string) string {
	return errand(question, []string{"auction*", "bid*"}, theOthers)
}

// errand returns the first word of a question asked for oneself
// (errandAsker) that is one of subject, unless a word is one of field:
// the words by which such a question speaks of what the field studies.
// Both are read as isAnyOf reads them. It is "" otherwise.
func errand(question string, subject, field []string) string {
	ws := plainWords(question)
	asker := false
	for i, w := range ws {
		// "Tell me about auctions" asks to be taught, not how to bid:
		// its "me" is the listener's, and it was refused as an errand.
		if errandAsker[w] && !(w == "me" && i > 0 && teachingVerbs[ws[i-1]]) {
			asker = true
			break
		}
	}
	if !asker {
		return ""
	}
	i := slices.IndexFunc(ws, func(w string) bool { return isAnyOf(w, subject...) })
	if i < 0 || slices.ContainsFunc(ws, func(w string) bool { return isAnyOf(w, field...) }) {
		return ""
	}
	return ws[i]
}

// errandAsker are the words of a question asked for oneself; "tips" is
// how a search box asks the same.
var errandAsker = map[string]bool{"i": true, "i'm": true, "i've": true, "i'd": true, "i'll": true, "my": true, "me": true, "tips": true}

// teachingVerbs take "me" as the one taught: "tell me about", "show me
// how", "give me an example of".
var teachingVerbs = map[string]bool{"tell": true, "show": true, "give": true, "teach": true, "remind": true}

// theOthers are the words (isAnyOf) by which a question about one's
// own bid speaks of the other bidders or of what bidders know and want.
var theOthers = []string{
	"other*", "rival*", "opponent*", "competitor*", "everyone*", "everybody*", "bidders*", "players*",
	"runner*", "highest*", "second*", "outbid*", "winner*",
	"equilibri*", "strateg*", "valu*", "worth*", "shade*", "shading*", "truthful*", "honest*",
}

// isAnyOf reports whether question word w is one of words, each read as a
// cue reads its words (cue.add): one ending in * is a prefix of w as
// written ("strateg*" meets "strategic"), any other is compared by its
// stem ("count" meets "counted" and not "county").
func isAnyOf(w string, words ...string) bool {
	stems := phraseTerms(w)
	return slices.ContainsFunc(words, func(p string) bool {
		if prefix, ok := strings.CutSuffix(p, "*"); ok {
			return strings.HasPrefix(w, prefix)
		}
		return len(stems) > 0 && slices.Equal(stems, phraseTerms(p))
	})
}

// VotingErrand returns the voting word of a question that is an errand at
// an election: the asker wants to cast a vote ("Where do I go to vote in
// the local election?", "Can I register to vote online?") and says
// nothing of how votes are counted, ranked or cast strategically. It is
// "" for any other question.
//
// Why, as for AuctionErrand: "vote" and "election" are the field's words
// (social choice), but where to vote, how to register or when the polls
// close is the electoral office's business. A question of the field about
// one's own vote still speaks of the rule, the ranking, the candidates'
// chances or whether the vote matters (theVoteItself); "Why should I
// vote if my vote never decides anything?" is the paradox of voting, and
// is kept.
func VotingErrand(question string) string {
	return errand(question, []string{"vote*", "voting*", "ballot*", "polling*", "election*"}, theVoteItself)
}

// theVoteItself are the words (isAnyOf) by which a question about
// one's own vote speaks of the field's subject: the rule and the count,
// the ranking, strategy, or what a vote is worth. "count" is compared by
// its stem: as a prefix it met "county" ("the county election").
var theVoteItself = []string{
	"strateg*", "tactic*", "manipul*", "sincer*", "insincer*", "honest*", "lie*", "lying*", "spoiler*",
	"rank*", "rule*", "system*", "method*", "paradox*", "plurality*", "majority*", "borda*", "condorcet*",
	"approval*", "runoff*", "instant*", "preferen*", "pivot*", "decisiv*", "matter*", "worth*", "count", "recount*",
	"rational*", "why*", "waste*", "other*", "everyone*", "candidates'*", "chance*", "win*",
}

// PurchaseErrand returns the buying word of a question that is an errand
// at a shop: the asker wants to buy something for themself ("Should I buy
// a mesh router or a range extender?", "Is it worth buying an extended
// warranty for my laptop?") and says nothing of the seller, the other
// buyers or how a price is set between them. It is "" for any other
// question.
//
// Why, as for AuctionErrand: a question about what to buy is about the
// thing and the shopper's own needs; its words of signals, prices and
// markets are the product's. A question of the field about one's own
// purchase still speaks of the other side (the seller, a rival buyer,
// haggling, commitment, a lemon) or of votes bought (theTrade); and one
// that names or describes a glossary term is not asked this (nodes'
// topic judge checks the glossary first).
//
// The buying words are the asker's acts ("buy" by its stem, so buys and
// buying too), not "buyer": "If I have a backup
// buyer lined up, does that strengthen my hand in price talks?" is about
// bargaining with an outside option (a question of testdata/world's blind
// dev36, refused until then).
func PurchaseErrand(question string) string {
	return errand(question, []string{"buy", "bought", "purchas*"}, theTrade)
}

// theTrade are the words (isAnyOf) by which a question about one's
// own purchase speaks of the field's subject: the other side of the
// trade, the other buyers, how the price is set, or votes for sale.
var theTrade = []string{
	"seller*", "vendor*", "dealer*", "other*", "rival*", "competit*", "everyone*", "everybody*",
	"strateg*", "equilibri*", "bargain*", "negotiat*", "haggl*", "commit*", "lemon*", "hidden*",
	"auction*", "bid*", "vote*", "voting*", "monopol*", "collu*", "why*",
}

// MatchErrand returns the matching word of a question that is an errand
// about one's own match: a date, a game's matchmaking, a donor, an
// employer's pension match ("got a tinder match but they never reply,
// what should i text first", "How do I get matched with better opponents
// in ranked?", "How do doctors test whether I'm a bone marrow match?"),
// and says nothing of how a match is made between two sides. It is ""
// for any other question.
//
// Why, as for AuctionErrand: "match" is the field's word (stable
// matching, matching markets), but a question about one's own date or
// game is about an app or a game. A question of the field about one's own
// match still speaks of the mechanism or the market (theMarket): the
// ranking submitted, the proposals, the other side's preferences, the
// hospitals, schools or donors, or the prices a firm matches against
// its rivals ("If I match every price my rival sets, do we end up
// colluding?"); and one that names or describes a glossary term
// (matching pennies, kidney exchange) is not asked this.
func MatchErrand(question string) string {
	return errand(question, []string{"match", "matches", "matched", "matching"}, theMarket)
}

// theMarket are the words (isAnyOf) by which a question about one's own
// match speaks of the field's subject: how matches are made between two
// sides, and what each side wants.
var theMarket = []string{
	"stabl*", "unstabl*", "block*", "propos*", "prefer*", "rank*", "list*", "algorithm*", "mechanism*",
	"deferred*", "acceptance*", "resident*", "residency*", "hospital*", "school*", "college*", "student*",
	"kidney*", "exchang*", "market*", "marriage*", "strateg*", "honest*", "truth*", "lie*", "lying*",
	"other*", "everyone*", "everybody*", "pennies", "why*",
	// Matching a price is a firm's move against its rivals (price-matching
	// guarantees, collusion), not a date's.
	"price*", "pric*", "rival*", "competit*", "collu*", "seller*", "firm*", "cartel*", "undercut*", "offer*", "bid*",
}

// NearbyErrand returns the words by which a question asks for a place
// near the asker, as a search box is asked ("Best bargain grocery stores
// near me", "Which pharmacies are open now in my area?"), or "".
//
// Why, as for AuctionErrand: such a question wants a shop or a service,
// and its "bargain" or "price" is the shop's. Only the search box's
// phrases are counted, not "nearby", which spatial games use ("nearby
// players on a lattice").
func NearbyErrand(question string) string {
	ws := plainWords(question)
	for i := 0; i+1 < len(ws); i++ {
		pair := ws[i] + " " + ws[i+1]
		switch pair {
		case "near me", "close to", "my area", "open now":
			if pair == "close to" && (i+2 >= len(ws) || ws[i+2] != "me") {
				continue
			}
			return pair
		}
	}
	return ""
}

// DebtErrand returns the words of a question about paying off debts, a
// loan, a mortgage or credit cards ("What's the best strategy for paying
// off credit card debt, avalanche or snowball?", "Should I pay off my car
// loan early or invest the extra cash?"), which says nothing of lenders,
// borrowers, banks, default or a game: the words by which a question of
// the field speaks of debt. It is "" otherwise.
//
// Why. Such a question is personal finance: its "strategy" and "payoff"
// are the field's words, and the judge counts them, but the answer is
// interest arithmetic, which no game-theory paper gives. A question of the
// field about debt is about the parties to it ("What happens to loan
// interest rates when banks start sharing borrower repayment
// histories…?"), and keeps its verdict. On testdata it matched 9 of the
// off-topic controls of the dev, tuning and stress files and no
// answerable question; nodes' topic judge uses it only where the
// question names and describes no glossary term.
func DebtErrand(question string) string {
	ws := plainWords(question)
	pays := ""
	for i, w := range ws {
		switch {
		case w == "payoff" || w == "pay-off" || isAnyOf(w, "repay*"):
			pays = w
		case (w == "pay" || w == "paying" || w == "pays") && i+1 < len(ws) && (ws[i+1] == "off" || ws[i+1] == "down"):
			pays = w + " " + ws[i+1]
		}
		if pays != "" {
			break
		}
	}
	if pays == "" || !slices.ContainsFunc(ws, func(w string) bool { return isAnyOf(w, theDebts...) }) ||
		slices.ContainsFunc(ws, func(w string) bool { return isAnyOf(w, theDebtParties...) }) {
		return ""
	}
	return pays
}

// theDebts are what DebtErrand's question pays off (isAnyOf).
var theDebts = []string{"loan*", "debt*", "mortgage*", "credit"}

// theDebtParties are the words (isAnyOf) by which a question about debt
// speaks of the field's subject: the parties to it and their game.
var theDebtParties = []string{
	"lender*", "borrower*", "bank*", "default*", "creditor*", "equilibri*", "other*", "rival*",
	"incentive*", "contract*", "hazard*", "screening*", "game*", "player*",
}

package vectordb

// benchChunk is a ~1000 character abstract-like chunk (text.BenchmarkTokenize
// tokenizes the same one).
func benchChunk() string {
	return "Title: Learning Dynamics and Equilibrium Selection in Repeated Auctions\n\n" +
		"Abstract: We study repeated first-price and second-price auctions in which " +
		"bidders learn their strategies from past outcomes. Each bidder has a private " +
		"valuation drawn from a common distribution and updates a mixed strategy with " +
		"a no-regret algorithm. We show that the empirical distribution of play converges " +
		"to a coarse correlated equilibrium, and that in the second-price format truthful " +
		"bidding emerges as the unique stable outcome when valuations are independent. " +
		"For first-price auctions the learned bids shade below values, and the revenue " +
		"of the seller approaches the Bayes-Nash prediction only when the number of " +
		"rounds grows faster than the square of the number of bidders. Simulations with " +
		"up to fifty agents confirm the theory and illustrate how reserve prices change " +
		"the speed of convergence. Our results connect mechanism design with online " +
		"learning and suggest simple rules for platforms that run millions of auctions."
}

package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTextbookParaphrases holds, for each term of textbookCues, questions
// a student might ask without the term's name, written for the test in
// other words than the cues' own where the story allows.
func TestTextbookParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Why does Myerson's optimal auction set a reserve price when the distribution is regular?", "virtual valuation"},
		{"In a revenue-maximizing auction, how does the seller use each bidder's marginal revenue?", "virtual valuation"},

		{"If every bidder guesses the same hidden amount of oil under a tract, who overpays?", "common-value auction"},
		{"Bidders for drilling leases each get a noisy estimate of one common value: how should they bid?", "common-value auction"},

		{"When each buyer knows only her own valuation and these are independent, which auction earns more?", "independent private values"},

		{"How much should I shade my bid in a sealed auction where I pay what I offer?", "bid shading"},
		{"Why do bidders offer less than their true value when the winner pays the highest bid?", "bid shading"},

		{"How do advertisers bid for the slots on a search results page, with higher positions getting more clicks?", "position auction"},

		{"In a spectrum sale the price ticks up each round and bidders say how many licences they still demand; when does it stop?", "clock auction"},
		{"Does a clock auction with a rising price leave bidders any reason to drop out early?", "clock auction"},

		{"Why do identical bottles of wine sold later in the afternoon fetch lower prices?", "sequential auction"},
		{"If the same items are auctioned in turn, should the later prices drop?", "sequential auction"},

		{"How should a city procurement office score bids on both price and quality?", "scoring auction"},

		{"Should a seller post a fixed price instead of running an auction?", "posted-price mechanism"},
		{"How much surplus can a single take-it-or-leave-it price capture between a buyer and a seller?", "posted-price mechanism"},

		{"Can a truthful and efficient mechanism run without a deficit in the budget, or must someone subsidize the payments?", "budget-balanced mechanism"},

		{"Can a planner design a game so that every equilibrium gives the outcome she wants?", "implementation theory"},

		{"If a trusted mediator privately recommends actions to each player, which outcomes can be sustained in equilibrium?", "communication equilibrium"},

		{"Should a boss let a biased expert choose anything within a range, or cap the choice?", "optimal delegation"},

		{"If all speculators are rational, why would anyone trade on private information at all?", "no-trade theorem"},

		{"How can a game with a huge number of players be written down compactly so that equilibria can be computed?", "succinct game"},

		{"Why does a supplier underinvest in tooling for one buyer, fearing it will be squeezed at renegotiation?", "hold-up problem"},
		{"Does relationship-specific investment explain why car makers bought their body suppliers?", "hold-up problem"},

		{"If a contract cannot specify everything in advance, why does who owns the assets matter?", "incomplete contracts"},

		{"Why do firms pay bonuses that no court would enforce, relying on the ongoing relationship?", "relational contract"},

		{"Should each citizen pay a personal price for the public good according to the benefit she gets?", "Lindahl equilibrium"},

		{"How do fishers who share a fishery write their own rules to avoid overfishing, as Ostrom found?", "common-pool resource"},
		{"Can farmers sharing groundwater for irrigation avoid depleting it without a government?", "common-pool resource"},

		{"Do contestants put in more effort when the prize is bigger?", "contest theory"},

		{"When both equilibria exist, do players coordinate on the one that is better for everyone?", "payoff dominance"},
		{"With several equilibria, which one will the players actually pick?", "equilibrium selection"},
		{"How can we rank AI agents by the long-run evolution of a Markov chain over their strategies in multiplayer games?", "alpha-rank"},
		{"How should we evaluate agents when the benchmark has redundant copies of the same task?", "Nash averaging"},
		{"Does gradient learning converge in concave games?", "monotone game"},
		{"What happens to a network game as the number of players grows large and the graph has a limit?", "graphon game"},
		{"When my friends study more, do I study more too because efforts are complements in the network?", "games on networks"},
		{"Which criminal should police remove to cut the network's total crime the most?", "Bonacich centrality"},
		{"Why should an uninformed voter abstain rather than vote?", "swing voter's curse"},
		{"Why do first-past-the-post elections lead to two-party systems?", "Duverger's law"},
		{"If candidates are uncertain how voters will vote, where do they set their platforms?", "probabilistic voting"},
		{"When does an ordinary citizen decide to run as a candidate in an election?", "citizen-candidate model"},
		{"Why does a country with many veto actors find it hard to change the status quo?", "veto player"},
		{"Why do both candidates' platforms converge to the center to win moderate voters?", "Hotelling-Downs model"},
		{"Do voters pick the candidate closest to their ideal point on the left-right spectrum?", "spatial voting"},
		{"Why are threats more credible when a leader would pay a domestic price for backing down?", "audience costs"},
		{"If one country builds up its defences, why does its rival feel threatened and arm too?", "security dilemma"},
		{"When do speculators coordinate to attack a currency peg and force a devaluation?", "speculative attack"},
		{"Can beliefs about other players' beliefs form an infinite hierarchy, and what type captures it?", "universal type space"},
		{"What does assuming common knowledge of rationality justify in a game?", "epistemic game theory"},
		{"Do subjects in lab experiments care about the payoffs of others?", "social preferences"},
		{"Do people contribute to a public good only if others contribute too?", "conditional cooperation"},
		{"Why do some subjects in public goods experiments punish generous contributors?", "antisocial punishment"},
		{"How can a survey elicit truthful opinions that cannot be checked, by rewarding the answers?", "information elicitation"},
		{"How much external payment is needed to make the grand coalition stable?", "cost of stability"},
		{"How are students matched to universities with quotas so that the result is stable?", "college admissions problem"},
		{"Is there an envy-free procedure to divide chores nobody wants?", "chore division"},
		{"How should a Shapley-like value change when players form a priori unions?", "Owen value"},
		{"How do you share value fairly, Shapley-style, when players can only cooperate along network links?", "Myerson value"},
		{"If the core is empty, can a small tax make some coalition payoff stable?", "epsilon-core"},
		{"Villages connect to a central water source by pipes; how should they split the cost of the tree?", "minimum cost spanning tree game"},

		{"In a spectrum package auction, how should payments be set so that losing bidders cannot block the outcome as a coalition?", "core-selecting auction"},
		{"Why is it computationally hard to decide the winners of a combinatorial auction?", "winner determination problem"},
		{"If every bidder wants only one specific bundle, can an auction be truthful and approximately optimal?", "single-minded bidder"},
		{"Can a randomized mechanism be truthful only in expectation, on average over its lottery?", "truthful in expectation"},
		{"How should automated bidding software bid for advertisers who set a target return on ad spend?", "autobidding"},
		{"How do advertisers pace their budgets by scaling down every bid by a multiplier?", "pacing equilibrium"},
		{"How should a bidder with a limited budget bid in an auction?", "budget-constrained bidder"},
		{"What if a buyer's value depends on other bidders' information too?", "interdependent values"},
		{"When the same auction repeats every round, do bidders learn to collude?", "repeated auction"},
		{"In a double auction between buyers and sellers, can a truthful mechanism balance the budget by dropping one trade?", "McAfee mechanism"},
		{"Do the most productive workers match with the most productive firms?", "assortative matching"},
		{"Two people each demand a share of a dollar and get nothing if the claims exceed it; what happens?", "divide the dollar"},
		{"Two firms each decide when to exit first; when is it optimal to stop?", "Dynkin game"},
		{"How should a defender allocate guards over targets when an attacker picks where to strike?", "attacker-defender game"},
		{"Which road links should police block to stop smugglers' flow across the network?", "network interdiction"},
		{"Two people lost in a mall want to meet without being able to communicate; what strategy is best?", "rendezvous problem"},
		{"Players alternately pick nested intervals; when does the first player have a winning strategy?", "Banach-Mazur game"},
		{"Can a forecaster stay calibrated against an adversarial nature?", "calibrated forecasting"},
		{"With an adversary choosing rewards, how little regret can a bandit algorithm have?", "adversarial bandit"},
		{"If firms first choose capacities and then prices, is the outcome Cournot?", "Kreps-Scheinkman model"},
		{"Can firms keep colluding in a repeated game when each observes only noisy private signals?", "imperfect private monitoring"},
		{"In a repeated game with private monitoring, can a player stay indifferent whatever her belief?", "belief-free equilibrium"},
		{"How do you compute the set of equilibrium payoffs of a repeated game recursively, like a Bellman equation?", "Abreu-Pearce-Stacchetti"},
		{"What is the harshest punishment a cartel can credibly use against cheating?", "optimal penal code"},

		{"How should a seller price when it knows nothing of the bidders' valuation distribution?", "prior-free mechanism"},
		{"How do you auction unlimited copies of a song to bidders?", "digital goods auction"},
		{"If you randomly split the bidders in half and price each half by the other's bids, how much revenue do you lose?", "random sampling auction"},
		{"In a population, agents switch to better strategies in proportion to the payoff difference; where does it converge?", "Smith dynamics"},
		{"In a population, do pairwise comparison protocols, where agents compare their strategy with another and switch to the better, reach equilibrium?", "pairwise comparison dynamics"},
		{"Is there always some better-response path that leads to an equilibrium from any starting point?", "weakly acyclic game"},
		{"Does every sequence of improvement steps end after finitely many steps?", "finite improvement property"},
		{"With two roads, one with fixed delay and one congested, how inefficient is selfish traffic?", "Pigou's example"},
		{"If a central planner controls a fraction of the traffic and the rest routes selfishly, how much can it help?", "Stackelberg routing"},
		{"Why is finding a pure equilibrium of a congestion game as hard as finding a local optimum?", "PLS-completeness"},
		{"Does a fractional stable matching always exist in a hypergraph?", "Scarf's lemma"},
		{"Is procrastination an equilibrium of a game between my present self and future selves?", "intrapersonal game"},
		{"Is Ethereum's base fee and tip design incentive compatible for users and miners?", "transaction fee mechanism"},
		{"How much profit do block builders extract by reordering and front-running users' transactions?", "maximal extractable value"},
		{"Why does a market maker widen the bid-ask spread when it fears informed traders?", "Glosten-Milgrom model"},
		{"Would auctioning trades in discrete batches every second end the high-frequency speed race?", "frequent batch auction"},
		{"Is there a matching that a majority prefers to any other matching?", "popular matching"},
		{"How do you assign as many people as possible their first choice, then the most a second choice?", "rank-maximal matching"},
		{"Should we maximise the worst-off person's share, then the second worst, and so on?", "leximin"},
		{"Is there an allocation where everyone is indifferent between their bundle and the same reference bundle?", "egalitarian equivalence"},

		// The fifth part.
		{"In an auction, can a strategy stay optimal for every bidder even after the others' private signals are revealed?", "ex post equilibrium"},
		{"When my rivals produce more, why do I produce less, and how does that change the equilibrium?", "strategic substitutes"},
		{"Should a player guard against his own future mistakes as well as the opponent's trembles?", "quasi-perfect equilibrium"},
		{"Which sets of equilibria survive every small perturbation of the strategies?", "Kohlberg-Mertens stability"},
		{"Can a continuum of strategies be stable as a set even though mutants drift within it?", "evolutionarily stable set"},
		{"If a mutant scores exactly as well as the residents, does the population stay put or drift?", "neutrally stable strategy"},
		{"Is it better for firms to commit to their whole production path at the start or to respond to the state as it evolves?", "open-loop equilibrium"},
		{"With linear dynamics and quadratic costs for each controller, when is the equilibrium unique?", "linear-quadratic game"},
		{"How is the value function of a pursuer chasing an evader found from a partial differential equation?", "Hamilton-Jacobi-Isaacs equation"},
		{"Why do just two firms competing on price end up pricing at marginal cost?", "Bertrand paradox"},
		{"Would an incumbent monopolist set a low price to deter an entrant?", "limit pricing"},
		{"In a combinatorial game where Left and Right have different moves, who wins?", "partizan game"},
		{"What changes in Nim when the player who takes the last stone loses?", "misere play"},
		{"Is it enough to have no regret against the best fixed action in hindsight?", "external regret"},
		{"Can learners avoid regret even when each action may be swapped for another one?", "swap regret"},
		{"Why does the agent learn with a small step when it is winning and learn fast when it is losing?", "WoLF-PHC"},
		{"Do agents that learn separately, treating the others as part of the environment, still coordinate?", "independent Q-learning"},
		{"Can robots trained together with shared information act alone at execution time?", "centralized training with decentralized execution"},
		{"What if a player's payoff depends only on how many neighbours chose each action in a graph?", "action-graph game"},
		{"Why does the sum of delays on each route work as a potential function in congestion games?", "Rosenthal potential"},
		{"When each bidder's private information is a single number, why is a monotone allocation with threshold payments truthful?", "single-parameter domain"},
		{"How should rangers patrol if poachers are boundedly rational rather than perfect maximisers?", "subjective utility quantal response"},
		{"How many swaps of adjacent candidates are needed to make one beat every other, a Condorcet winner?", "Dodgson rule"},
		{"What changes for coalitions when payoffs cannot be transferred between members?", "NTU game"},
		{"How do we partition a set of agents into coalitions so that total value is maximal?", "coalition structure generation"},
		{"If one person owns all the left gloves and many own right gloves, what does the core give each?", "glove game"},
		{"With a biased adviser, why are the messages coarse intervals rather than exact reports?", "Crawford-Sobel model"},
		{"How does the probability of winning a contest depend on each player's effort?", "contest success function"},
		{"When links cost something and their value decays with distance, which networks form?", "Jackson-Wolinsky model"},
		{"Does refunding donations when a project misses its threshold raise contributions?", "provision point mechanism"},
		{"In the lab, how much of their endowment do people put into the group account rather than their own?", "voluntary contribution mechanism"},
		{"Can entangled strategies escape the prisoner's dilemma?", "quantum game"},
		{"Why would an entrepreneur promise donors a bonus if the project fails to reach its target?", "dominant assurance contract"},
		{"As the economy is replicated, why does the core shrink to the competitive allocations?", "Debreu-Scarf theorem"},
		{"Can players who add and sever links whenever it pays cycle forever among networks?", "improving path"},
		{"centipede experiments with professional players: do they pass less?", "centipede game"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.want, tt.q)
	}
}

// TestTextbookCuesStayOutOfEverydayQuestions holds everyday questions
// that use the words of textbookCues in their everyday sense: none may
// evoke a term of textbookTerms.
func TestTextbookCuesStayOutOfEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Is the clock on my oven accurate, and what price is a new one?",
		"What reserve price should I set when I sell my bike online?",
		"Where is the best fishing spot near the lake this weekend?",
		"Can I share a pasture with my neighbour's horses?",
		"Should I buy a fixed-rate or variable mortgage?",
		"Is a handshake agreement legally binding when I sell my car?",
		"How do I write a contract for a freelance job?",
		"Does the marathon prize money go to the winner only?",
		"Which position is best for a beginner in volleyball?",
		"How do I rank my search results higher on Google?",
		"What is the best time to post on Instagram?",
		"Do investors trade more on Mondays?",
		"How do I balance my household budget each month?",
		"Which ad slots on TV are the most expensive during the final?",
		"Why did the price of wine go up this year?",
		"Which of the multiple equilibria is chosen in this chemistry problem?",
		"How do I remove a key from my keyring?",
		"Should I stay home and not vote if I don't like either candidate?",
		"How do I divide household chores fairly with roommates?",
		"What is the best network game to play with friends at a LAN party?",
		"Did the currency fall after the election?",
		"Which college has the most applicants per seat?",
		"Do gamblers regret playing one-armed bandits?",
		"How do I meet my friends if my phone is lost?",
		"Should I cut the cable and stream instead?",
		"Can I return an item I bought at a repeated-sale event every day?",
		"How do I set a budget limit for my online shopping?",
		"Which Minecraft mining game server has the fastest speed?",
		"What is the MeV energy of a gamma ray?",
		"How do I get my future self to save more money?",
		"Why does my bank charge a transaction fee on crypto?",
		"Why did the shop lower its price when a new store opened next door?",
		"My son loses every game of Uno on the last move: any tips?",
		"Should I learn to type fast or slowly when losing marks in exams?",
		"How do I train a puppy to stay alone at home?",
		"Which glove size is right for a goalkeeper?",
		"How do I donate to my community garden project?",
		"Is a quantum computer faster than my laptop for games?",
		"Does my probability of winning the lottery depend on how many tickets I buy?",
		"Why do neighbours produce less garbage when others recycle more?",
		"How do I divide a group of students into project teams?",
		"How many legs does a centipede have, and is it venomous?",
	} {
		for _, c := range Evoked(q) {
			for _, term := range textbookTerms {
				assert.NotEqual(t, term.name, c.Name, q)
			}
		}
	}
}

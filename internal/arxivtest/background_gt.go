package arxivtest

// Genuine game-theory papers on many topics, written the way such
// abstracts are: about agents, incentives, equilibria, mechanisms and
// welfare, hardly ever naming "game theory". They compete with the written
// corpus for the same questions. All text here is written for this package.

var gameTheoryFamilies = []*family{
	{
		name: "auctions", cats: []string{"cs.GT", "econ.TH"},
		titles: []string{"{topic} with {setting}", "revenue of {topic}", "on {topic} and {object}"},
		own: []string{
			"bidders' values are drawn independently from regular distributions.",
			"the seller commits to the format before values are realized.",
			"revenue equivalence fails once bidders are budget constrained.",
		},
		slots: slots{
			"area":    {"auction design", "market design"},
			"topic":   {"first-price auctions", "sequential sales of identical items", "position auctions for sponsored search", "combinatorial auctions with complements", "all-pay auctions", "auctions with a reserve price", "ascending clock auctions"},
			"setting": {"budget-constrained bidders", "interdependent values", "risk-averse buyers", "correlated signals", "a small number of bidders"},
			"method":  {"a virtual value argument", "a revenue curve analysis", "equilibrium bid functions", "a linkage principle argument"},
			"task":    {"maximizing seller revenue", "setting optimal reserve prices", "comparing auction formats"},
			"finding": {"bid shading increases with the number of competitors", "a single reserve price recovers most of the optimal revenue", "the clock format is efficient when values are private", "equilibrium bids are monotone in signals", "the winner's curse shrinks with more information"},
			"object":  {"closed-form equilibrium bids", "tight approximation ratios for simple formats", "a revenue ranking of formats"},
		},
	},
	{
		name: "matching markets", cats: []string{"econ.TH", "cs.GT", "cs.DS"},
		titles: []string{"{topic} under {setting}", "stability and {topic}", "{method} for {task}"},
		own: []string{
			"each student ranks schools and each school ranks students by priority.",
			"a matching is stable if no pair prefers each other to their assignment.",
		},
		slots: slots{
			"area":    {"market design", "two-sided markets"},
			"topic":   {"school choice", "kidney exchange", "the residency match", "college admissions with quotas", "ride-sharing assignment", "refugee resettlement"},
			"setting": {"couples and complementarities", "diversity constraints", "incomplete preference lists", "dynamic arrivals"},
			"method":  {"deferred acceptance", "top trading cycles", "a lattice argument", "random serial dictatorship"},
			"task":    {"eliciting truthful preferences", "finding stable assignments", "trading off efficiency and fairness"},
			"finding": {"students cannot gain by misreporting under the proposed rule", "stable outcomes exist whenever quotas are flexible", "the number of blocking pairs vanishes in large markets", "efficiency losses from stability are small"},
			"object":  {"a characterization of strategy-proof rules", "the structure of the set of stable matchings"},
		},
	},
	{
		name: "social choice and voting", cats: []string{"cs.GT", "econ.TH", "cs.MA"},
		titles: []string{"{topic} and {setting}", "manipulability of {topic}", "{topic}: {object}"},
		own: []string{
			"voters submit complete rankings over the candidates.",
			"the rule must be anonymous, neutral and resolute.",
		},
		slots: slots{
			"area":    {"computational social choice", "collective decision making"},
			"topic":   {"approval voting", "committee elections", "ranked-choice voting", "participatory budgeting", "liquid democracy", "judgment aggregation"},
			"setting": {"strategic voters", "single-peaked preferences", "proportional representation", "incomplete ballots"},
			"method":  {"an axiomatic approach", "a distortion analysis", "computational complexity reductions", "a probabilistic voter model"},
			"task":    {"selecting representative committees", "resisting manipulation", "aggregating conflicting judgments"},
			"finding": {"every anonymous rule can be manipulated by some coalition", "the rule guarantees proportional representation of cohesive groups", "manipulation is computationally hard in the worst case", "distortion is bounded by a constant"},
			"object":  {"an axiomatic characterization of the rule", "tight distortion bounds"},
		},
	},
	{
		name: "bargaining and cooperative solutions", cats: []string{"econ.TH", "cs.GT"},
		titles: []string{"{topic} with {setting}", "a solution concept for {topic}", "{object} in {topic}"},
		own: []string{
			"the parties alternate offers and discount delays.",
			"the grand coalition forms when the core is nonempty.",
		},
		slots: slots{
			"area":    {"cooperative decision making", "negotiation theory"},
			"topic":   {"alternating-offers negotiation", "surplus division among partners", "coalition formation", "cost sharing on networks", "multilateral negotiation", "profit allocation in supply chains"},
			"setting": {"asymmetric information", "outside options", "impatient parties", "transferable utility"},
			"method":  {"the Shapley value", "the nucleolus", "an axiomatic solution", "a stationary subgame perfect analysis"},
			"task":    {"splitting joint profits", "predicting negotiated outcomes", "allocating shared costs"},
			"finding": {"agreement is immediate and the more patient party gets more", "the core is nonempty for convex cost functions", "the allocation satisfies efficiency, symmetry and additivity", "outside options bind only when they exceed the negotiated share"},
			"object":  {"an axiomatization of the allocation", "existence conditions for the core"},
		},
	},
	{
		name: "repeated interaction and reputation", cats: []string{"econ.TH", "cs.GT"},
		titles: []string{"{topic} with {setting}", "reputation and {topic}", "{object} for {topic}"},
		own: []string{
			"players observe only noisy signals of past actions.",
			"deviations are deterred by the threat of future punishment.",
		},
		slots: slots{
			"area":    {"dynamic incentives", "long-run relationships"},
			"topic":   {"repeated partnerships", "relational contracts", "collusion in repeated oligopoly", "reputation building by a long-run player", "community enforcement", "the infinitely repeated prisoner's dilemma"},
			"setting": {"imperfect private monitoring", "random matching", "patient players", "changing types"},
			"method":  {"recursive methods", "self-generation arguments", "belief-free strategies", "a folk theorem construction"},
			"task":    {"sustaining cooperation", "characterizing payoffs of patient players", "detecting collusion"},
			"finding": {"cooperation survives even with private monitoring", "every feasible and individually rational payoff is attainable when players are patient", "reputation effects vanish with frequent monitoring", "grim punishments are not needed"},
			"object":  {"a folk theorem", "bounds on the equilibrium payoff set"},
		},
	},
	{
		name: "evolutionary dynamics of cooperation", cats: []string{"q-bio.PE", "physics.soc-ph", "cs.GT"},
		titles: []string{"{topic} on {setting}", "the evolution of {topic}", "{method} and {topic}"},
		own: []string{
			"individuals imitate neighbours who earn higher payoffs.",
			"mutations occur at a small rate in a finite population.",
		},
		slots: slots{
			"area":    {"evolutionary biology", "the study of social behaviour"},
			"topic":   {"cooperation in public goods dilemmas", "costly punishment", "indirect reciprocity", "the snowdrift dilemma", "hawk-dove contests", "fixation of cooperative mutants"},
			"setting": {"structured populations", "scale-free networks", "multilevel selection", "finite populations"},
			"method":  {"replicator dynamics", "pair approximation", "a Moran process", "stochastic simulations"},
			"task":    {"explaining the persistence of altruism", "computing fixation probabilities", "identifying stable behaviours"},
			"finding": {"network reciprocity favours cooperators when benefit exceeds degree times cost", "punishers invade only with reputation", "the mixed population is evolutionarily stable", "cooperation collapses above a critical temptation"},
			"object":  {"fixation probabilities in closed form", "conditions for evolutionary stability"},
		},
	},
	{
		name: "information design and signalling", cats: []string{"econ.TH", "cs.GT"},
		titles: []string{"{topic} with {setting}", "optimal {topic}", "{object} in {topic}"},
		own: []string{
			"the sender commits to a signal before the state is realized.",
			"the receiver updates beliefs by Bayes' rule and acts.",
		},
		slots: slots{
			"area":    {"information economics", "communication and incentives"},
			"topic":   {"Bayesian persuasion", "cheap talk", "costly signalling in labour markets", "disclosure of product quality", "rating design", "test design"},
			"setting": {"multiple receivers", "privately informed receivers", "limited attention", "competing senders"},
			"method":  {"concavification", "a linear programming formulation", "a belief-based approach", "the revelation principle"},
			"task":    {"designing informative signals", "choosing what to disclose", "screening types"},
			"finding": {"full disclosure is optimal when preferences are aligned", "the optimal signal pools the lowest states", "competition between senders increases information", "only coarse communication is possible in equilibrium"},
			"object":  {"a geometric characterization of optimal signals", "the value of commitment"},
		},
	},
	{
		name: "routing and the price of anarchy", cats: []string{"cs.GT", "math.OC", "cs.NI"},
		titles: []string{"{topic} in {setting}", "inefficiency of {topic}", "{object} for {topic}"},
		own: []string{
			"each driver picks a path minimizing own travel time.",
			"adding a road can make everybody worse off.",
		},
		slots: slots{
			"area":    {"network optimization", "algorithmic mechanism design"},
			"topic":   {"selfish routing", "atomic congestion", "traffic assignment", "load balancing with selfish jobs", "network design with fair cost sharing", "tolls for congestion"},
			"setting": {"polynomial latency functions", "uncertain travel times", "heterogeneous users", "capacitated networks"},
			"method":  {"a smoothness argument", "potential function methods", "variational inequalities", "marginal-cost pricing"},
			"task":    {"bounding the cost of selfish behaviour", "designing tolls", "improving network efficiency"},
			"finding": {"the worst-case inefficiency is four thirds for affine latencies", "tolls restore the social optimum", "equilibrium flows are unique up to costs", "risk aversion can worsen congestion"},
			"object":  {"tight bounds on the price of anarchy", "the price of stability"},
		},
	},
	{
		name: "learning in games", cats: []string{"cs.LG", "cs.GT", "math.OC"},
		titles: []string{"{method} in {topic}", "convergence of {topic}", "{topic} with {setting}"},
		own: []string{
			"each agent updates its mixed action from observed payoffs only.",
			"regret is measured against the best fixed action in hindsight.",
		},
		slots: slots{
			"area":    {"online learning", "multi-agent optimization"},
			"topic":   {"no-regret dynamics", "fictitious play", "learning in zero-sum matrix games", "gradient play in smooth games", "bandit feedback in repeated auctions", "min-max optimization"},
			"setting": {"bandit feedback", "time-varying payoffs", "many agents", "adversarial opponents"},
			"method":  {"optimistic mirror descent", "multiplicative weights", "extragradient methods", "regularized learning"},
			"task":    {"reaching equilibrium quickly", "learning without coordination", "training generative adversarial networks"},
			"finding": {"the time-average of play converges to a coarse correlated equilibrium", "last-iterate convergence holds for monotone games", "regret grows only polylogarithmically", "dynamics cycle around the equilibrium without damping"},
			"object":  {"optimal regret bounds", "convergence rates to the saddle point"},
		},
	},
	{
		name: "security and Stackelberg models", cats: []string{"cs.GT", "cs.AI", "cs.CR"},
		titles: []string{"{topic} with {setting}", "optimal {topic}", "{method} for {task}"},
		own: []string{
			"the defender commits to a randomized patrol the attacker observes.",
			"the attacker best responds to the defender's mixed strategy.",
		},
		slots: slots{
			"area":    {"security resource allocation", "leader-follower decision making"},
			"topic":   {"airport patrol scheduling", "wildlife protection patrols", "cyber deception", "border inspection", "network interdiction", "audit scheduling"},
			"setting": {"uncertain attacker types", "boundedly rational attackers", "limited defender resources", "repeated interactions"},
			"method":  {"mixed-integer programming", "column generation", "quantal response models", "a double-oracle algorithm"},
			"task":    {"allocating scarce defenders", "computing the leader's optimal commitment", "learning attacker preferences"},
			"finding": {"committing to a randomized schedule strictly helps the defender", "the optimal commitment is computable in polynomial time", "accounting for bounded rationality reduces losses", "the leader's advantage persists with noisy observation"},
			"object":  {"hardness results for the general case", "an exact algorithm"},
		},
	},
	{
		name: "fair division", cats: []string{"cs.GT", "math.CO", "econ.TH"},
		titles: []string{"{topic} with {setting}", "{object} for {topic}", "fair {topic}"},
		own: []string{
			"agents have additive valuations over indivisible goods.",
			"no agent should prefer another agent's bundle to her own.",
		},
		slots: slots{
			"area":    {"resource allocation", "fair allocation"},
			"topic":   {"cake cutting", "envy-free allocation of indivisible goods", "rent division", "chore division", "allocating food bank donations", "course allocation"},
			"setting": {"additive valuations", "connected pieces", "online arrivals", "asymmetric entitlements"},
			"method":  {"a round-robin procedure", "the envy-cycle algorithm", "a market-based approach", "moving-knife protocols"},
			"task":    {"guaranteeing proportional shares", "dividing chores fairly", "bounding the number of cuts"},
			"finding": {"envy-freeness up to one good is always achievable", "a proportional division needs only logarithmically many queries", "maximum Nash welfare allocations are approximately fair", "no bounded protocol exists for connected pieces"},
			"object":  {"query complexity bounds", "an approximation to the maximin share"},
		},
	},
	{
		name: "networks of strategic agents", cats: []string{"cs.SI", "econ.TH", "cs.GT"},
		titles: []string{"{topic} on {setting}", "{method} for {topic}", "the structure of {topic}"},
		own: []string{
			"agents form links at a cost and benefit from indirect connections.",
			"each agent's best action depends on the actions of its neighbours.",
		},
		slots: slots{
			"area":    {"network economics", "social networks"},
			"topic":   {"strategic network formation", "public goods provision on networks", "diffusion of innovations with coordination", "influence maximization among strategic users", "peer effects", "financial contagion with strategic banks"},
			"setting": {"random graphs", "local information", "heterogeneous costs", "targeted interventions"},
			"method":  {"a spectral characterization", "potential arguments", "a mean-field approximation", "Katz-Bonacich centrality"},
			"task":    {"predicting which networks form", "targeting key agents", "measuring inefficiency"},
			"finding": {"stable networks are stars or complete graphs", "equilibrium effort is proportional to centrality", "targeting a central agent maximizes aggregate welfare", "efficient networks are rarely pairwise stable"},
			"object":  {"a characterization of pairwise stable networks", "welfare bounds"},
		},
	},
	{
		name: "contests and crowdsourcing", cats: []string{"econ.TH", "cs.GT"},
		titles: []string{"{topic} with {setting}", "optimal {topic}", "{object} in {topic}"},
		own: []string{
			"contestants exert costly effort and the best entry wins.",
			"the designer chooses the prize structure to maximize total effort.",
		},
		slots: slots{
			"area":    {"contest design", "incentive design"},
			"topic":   {"rank-order tournaments", "crowdsourcing contests", "rent-seeking contests", "innovation prizes", "promotion tournaments in firms", "bug bounty programs"},
			"setting": {"heterogeneous abilities", "risk-averse contestants", "multiple prizes", "entry costs"},
			"method":  {"a Tullock success function", "an all-pay formulation", "order statistics", "a mechanism design approach"},
			"task":    {"designing prize structures", "maximizing total effort", "attracting skilled participants"},
			"finding": {"a single winner-take-all prize maximizes effort", "splitting the prize helps with risk-averse contestants", "entry fees can raise expected quality", "effort falls as abilities become unequal"},
			"object":  {"the optimal prize allocation", "equilibrium effort levels"},
		},
	},
	{
		name: "mean-field and differential games", cats: []string{"math.OC", "math.PR", "cs.GT"},
		titles: []string{"{topic} with {setting}", "{method} for {topic}", "on {topic}"},
		own: []string{
			"a continuum of small players interacts through the population distribution.",
			"the system couples a Hamilton-Jacobi-Bellman equation with a Fokker-Planck equation.",
		},
		slots: slots{
			"area":    {"stochastic control", "large population models"},
			"topic":   {"mean field equilibria", "pursuit-evasion problems", "optimal execution with many traders", "crowd motion models", "linear-quadratic differential games", "systemic risk models"},
			"setting": {"common noise", "major and minor players", "state constraints", "controlled jumps"},
			"method":  {"the master equation", "forward-backward stochastic differential equations", "a fixed-point argument", "a finite-difference scheme"},
			"task":    {"approximating large finite populations", "computing equilibria numerically", "proving uniqueness"},
			"finding": {"the equilibrium is unique under a monotonicity condition", "finite-player equilibria converge to the limit", "the numerical scheme converges at first order", "common noise restores uniqueness"},
			"object":  {"existence and uniqueness results", "error bounds for the finite-player approximation"},
		},
	},
	{
		name: "equilibrium computation", cats: []string{"cs.CC", "cs.GT", "cs.DS"},
		titles: []string{"the complexity of {topic}", "{method} for {topic}", "{topic} in {setting}"},
		own: []string{
			"the problem is complete for the class PPAD.",
			"our algorithm runs in time polynomial in the number of actions.",
		},
		slots: slots{
			"area":    {"algorithmic economics", "computational complexity"},
			"topic":   {"two-player bimatrix equilibria", "market equilibria with linear utilities", "correlated equilibria in succinct games", "pure equilibria of potential games", "approximate equilibria", "equilibrium refinements"},
			"setting": {"constant approximation", "sparse payoff matrices", "graphical games", "polymatrix games"},
			"method":  {"the Lemke-Howson algorithm", "the ellipsoid method", "support enumeration", "smoothed analysis"},
			"task":    {"finding an equilibrium", "deciding whether a pure equilibrium exists", "approximating market clearing prices"},
			"finding": {"computing an approximate equilibrium is hard even with constant precision", "a simple algorithm finds a one-half approximation", "pure equilibria are found in polynomial time for bounded treewidth", "the problem becomes tractable for sparse games"},
			"object":  {"hardness results", "a quasi-polynomial algorithm"},
		},
	},
	{
		name: "multi-agent reinforcement learning theory", cats: []string{"cs.MA", "cs.LG", "cs.GT"},
		titles: []string{"{method} for {topic}", "{topic} with {setting}", "sample complexity of {topic}"},
		own: []string{
			"agents learn simultaneously and each sees only its own reward.",
			"the transition kernel is unknown to all agents.",
		},
		slots: slots{
			"area":    {"multi-agent learning", "sequential decision making"},
			"topic":   {"two-player zero-sum Markov games", "Markov potential games", "decentralized policy learning", "learning Stackelberg policies", "cooperative value factorization", "self-play"},
			"setting": {"function approximation", "partial observability", "independent learners", "offline datasets"},
			"method":  {"optimistic value iteration", "independent policy gradient", "a V-learning scheme", "entropy regularization"},
			"task":    {"learning an equilibrium policy", "avoiding the curse of many agents", "learning from logged data"},
			"finding": {"the sample complexity scales with the largest single action set, not the joint one", "independent policy gradient converges to a stationary equilibrium", "offline learning needs only unilateral coverage", "self-play finds a near-optimal policy in polynomial time"},
			"object":  {"minimax sample complexity bounds", "a decentralized algorithm with guarantees"},
		},
	},
	{
		name: "blockchain incentives", cats: []string{"cs.CR", "cs.GT", "cs.DC"},
		titles: []string{"{topic} with {setting}", "incentives in {topic}", "{method} for {task}"},
		own: []string{
			"miners choose which blocks to extend and when to publish.",
			"users bid fees and the protocol decides which transactions are included.",
		},
		slots: slots{
			"area":    {"cryptoeconomics", "decentralized protocols"},
			"topic":   {"selfish mining", "transaction fee mechanisms", "staking rewards", "maximal extractable value", "decentralized exchanges", "committee selection"},
			"setting": {"rational miners", "colluding validators", "congested blocks", "adversarial users"},
			"method":  {"a Markov decision process", "a posted-price mechanism", "a burning rule", "an equilibrium analysis of fee markets"},
			"task":    {"designing fee markets", "deterring deviations from the protocol", "sharing rewards among validators"},
			"finding": {"withholding blocks pays once a miner controls a quarter of the power", "no mechanism is truthful for users and miners at once", "burning fees prevents off-chain collusion", "rewards concentrate on large stakers"},
			"object":  {"an impossibility result", "the profitability threshold for deviations"},
		},
	},
}

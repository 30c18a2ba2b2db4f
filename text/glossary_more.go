package text

// moreTerms are glossary terms of the field that the first glossary lacked:
// the standard vocabulary of the textbooks, with their acronyms and the
// variants that share no stem with the name (see glossary). They were
// written blind to every question set, from the textbooks' tables of
// contents (Osborne-Rubinstein, Fudenberg-Tirole, Maschler-Solan-Zamir,
// Nisan et al., Shoham-Leyton-Brown, Krishna, Roth-Sotomayor, Brandt et
// al.). A concept whose only name is an everyday phrase ("cooperative
// game", "majority judgment", "reverse auction", "ranked-choice voting",
// "behavior strategy") is left out or goes by its field's name.
var moreTerms = []term{
	// Solution concepts and refinements.
	{name: "proper equilibrium"},
	{name: "strong Nash equilibrium"}, // not "strong equilibrium": a cook's balance of flavours
	{name: "coalition-proof Nash equilibrium", variants: []string{"coalition-proof equilibrium"}},
	{name: "self-confirming equilibrium"},
	{name: "maximin strategy", variants: []string{"minimax strategy", "maxmin strategy"}}, // not "security strategy": a firm's cybersecurity
	{name: "Pareto efficiency", variants: []string{"Pareto optimality", "Pareto optimal", "Pareto efficient"}},
	{name: "Walrasian equilibrium", variants: []string{"competitive equilibrium", "Arrow-Debreu equilibrium", "Arrow-Debreu model"}},
	{name: "forward induction", variants: []string{"burning money game"}},
	{name: "one-shot deviation principle", variants: []string{"one-stage deviation principle", "one-deviation property", "single-deviation principle"}},
	{name: "renegotiation-proof equilibrium", variants: []string{"renegotiation-proofness"}},
	{name: "common prior", variants: []string{"common prior assumption", "Harsanyi doctrine"}},
	{name: "generalized Nash equilibrium", acronyms: []string{"GNEP"}, variants: []string{"generalized Nash equilibrium problem"}},
	{name: "bimatrix game"},
	// Added in round 2 session 10, for the bots that haggle in dev17 and
	// dev19 (told cues): the field's name for software agents that bargain.
	{name: "automated negotiation", variants: []string{"negotiation agents", "automated bargaining"}},
	{name: "supermodular game", variants: []string{"games with strategic complementarities", "strategic complementarities"}},

	// Theorems and foundations.
	{name: "Brouwer's fixed-point theorem", variants: []string{"Brouwer fixed point theorem", "Brouwer's theorem"}},
	{name: "Tarski's fixed-point theorem", variants: []string{"Tarski fixed point theorem", "Knaster-Tarski theorem"}},
	{name: "Sperner's lemma"},
	{name: "von Neumann-Morgenstern utility", variants: []string{"expected utility theorem", "von Neumann-Morgenstern expected utility", "vNM utility"}},

	// Cooperative games and bargaining.
	{name: "coalitional game", variants: []string{"cooperative game theory", "transferable utility game", "TU game", "characteristic function game", "characteristic function form"}},
	{name: "bargaining set", variants: []string{"Aumann-Maschler bargaining set"}},
	{name: "von Neumann-Morgenstern stable set", variants: []string{"vNM stable set", "stable set solution"}},
	{name: "convex game", variants: []string{"convex cooperative game"}},
	{name: "egalitarian bargaining solution", variants: []string{"Kalai's egalitarian solution"}},
	{name: "Nash program"},
	{name: "outside option principle"},

	// Social choice.
	{name: "social choice theory", variants: []string{"social choice", "computational social choice"}},
	{name: "Condorcet winner", variants: []string{"Condorcet criterion", "Condorcet method", "Condorcet consistency"}},
	{name: "Kemeny rule", variants: []string{"Kemeny-Young method", "Kemeny ranking"}},
	{name: "Copeland rule", variants: []string{"Copeland method", "Copeland score"}},
	{name: "Schulze method", variants: []string{"beatpath method"}},
	{name: "instant-runoff voting", variants: []string{"plurality with elimination", "Hare rule"}},
	{name: "single transferable vote"},
	{name: "independence of irrelevant alternatives", acronyms: []string{"IIA"}},
	{name: "Muller-Satterthwaite theorem"},
	{name: "no-show paradox", variants: []string{"participation paradox"}},
	{name: "multiwinner voting", variants: []string{"multi-winner voting", "multiwinner election", "multiwinner elections"}},
	{name: "justified representation", variants: []string{"extended justified representation", "proportional justified representation"}},
	{name: "judgment aggregation", variants: []string{"judgement aggregation", "discursive dilemma", "doctrinal paradox"}},

	// Mechanisms and auctions.
	{name: "algorithmic game theory"},
	{name: "auction theory"},
	{name: "incentive compatibility", variants: []string{"incentive compatible", "incentive-compatible mechanism"}},
	{name: "individual rationality", variants: []string{"individually rational", "participation constraint"}},
	{name: "Myerson's lemma", variants: []string{"Myerson's payment formula"}},
	{name: "Bulow-Klemperer theorem"},
	{name: "multi-unit auction", variants: []string{"multiunit auction"}},
	{name: "uniform-price auction"},
	{name: "procurement auction"},
	{name: "market scoring rule", acronyms: []string{"LMSR"}, variants: []string{"logarithmic market scoring rule", "Hanson's market maker"}},
	{name: "false-name-proofness", variants: []string{"false-name-proof", "Sybil-proof", "Sybil-proofness"}},
	{name: "selfish mining"},
	{name: "strategic classification"},
	{name: "secretary problem", variants: []string{"best choice problem"}},

	// Matching and fair division.
	{name: "many-to-one matching", acronyms: []string{"NRMP"}, variants: []string{"hospitals/residents problem", "hospital-residents problem", "Gale-Shapley college admissions problem", "National Resident Matching Program"}}, // not "college admissions problem": the news says it
	{name: "rural hospitals theorem"},
	{name: "matching with contracts"},
	{name: "envy-freeness up to any good", acronyms: []string{"EFX"}},
	{name: "divide and choose"}, // not "cut and choose": Christmas-tree farms
	{name: "Selfridge-Conway procedure", variants: []string{"Selfridge-Conway"}},
	{name: "moving-knife procedure", variants: []string{"Dubins-Spanier procedure", "moving knife"}},

	// Learning and computation.
	{name: "multiplicative weights update", acronyms: []string{"MWU"}, variants: []string{"multiplicative weights", "multiplicative weights algorithm"}}, // not "Hedge algorithm": a trader's hedging
	{name: "regret matching"},
	{name: "follow the regularized leader", acronyms: []string{"FTRL"}},
	{name: "sequence form", variants: []string{"sequence-form representation"}},

	// Classic games and models.
	{name: "electronic mail game", variants: []string{"Rubinstein's email game"}}, // "two generals problem" is distributed computing's
	{name: "muddy children puzzle", variants: []string{"muddy children problem", "blue-eyed islanders puzzle"}},
	{name: "Stackelberg competition", variants: []string{"Stackelberg duopoly", "Stackelberg leadership model"}},
	{name: "Bertrand-Edgeworth competition", variants: []string{"Bertrand-Edgeworth model", "Edgeworth cycles", "Edgeworth price cycles"}},
}

// moreRelated lists, by the name of a term of moreTerms, what papers on it
// say besides its name; see Related.
func moreRelated() map[string][]string {
	return map[string][]string{
		"proper equilibrium":                      {"Myerson", "costly mistakes", "perfect equilibrium", "equilibrium refinement", "trembles"},
		"automated negotiation":                   {"multi-issue negotiation", "multi-issue bargaining", "concession strategy", "negotiation deadline", "opponent modelling"},
		"strong Nash equilibrium":                 {"Aumann", "coalitional deviations", "joint deviation", "coalition-proof"},
		"coalition-proof Nash equilibrium":        {"Bernheim Peleg Whinston", "self-enforcing deviations", "strong Nash equilibrium", "coalitional deviations"},
		"self-confirming equilibrium":             {"Fudenberg Levine", "conjectural equilibrium", "learning in extensive-form games", "off-path beliefs", "incorrect beliefs"},
		"maximin strategy":                        {"security level", "worst case", "guaranteed payoff", "value of the game", "von Neumann"},
		"Pareto efficiency":                       {"Pareto frontier", "Pareto improvement", "social welfare", "efficient outcome", "Pareto dominated"},
		"Walrasian equilibrium":                   {"general equilibrium", "market clearing", "excess demand", "exchange economy", "equilibrium prices", "gross substitutes"},
		"forward induction":                       {"Kohlberg Mertens", "burning money", "strategic stability", "outside option", "equilibrium refinement"},
		"one-shot deviation principle":            {"subgame perfect", "one-shot deviation", "continuity at infinity", "repeated games", "dynamic programming"},
		"renegotiation-proof equilibrium":         {"Farrell Maskin", "weak renegotiation proofness", "Pareto dominated continuation", "repeated games"},
		"common prior":                            {"Harsanyi", "Aumann", "heterogeneous priors", "type space", "agreement theorem", "no-trade theorem"},
		"generalized Nash equilibrium":            {"shared constraints", "coupled constraints", "variational inequality", "variational equilibrium", "Rosen"},
		"bimatrix game":                           {"two-player game", "general-sum", "Lemke Howson", "Nash equilibrium computation", "payoff matrices"},
		"supermodular game":                       {"strategic complements", "Topkis", "Milgrom Roberts", "lattice", "increasing differences", "monotone comparative statics"},
		"Brouwer's fixed-point theorem":           {"fixed point", "continuous function", "compact convex set", "Nash's existence", "Sperner"},
		"Tarski's fixed-point theorem":            {"complete lattice", "monotone function", "supermodular games", "extremal equilibria"},
		"Sperner's lemma":                         {"triangulation", "fully labeled", "fixed point", "rental harmony", "envy-free"},
		"von Neumann-Morgenstern utility":         {"expected utility", "independence axiom", "lotteries", "risk preferences", "cardinal utility"},
		"coalitional game":                        {"characteristic function", "transferable utility", "coalition", "core", "Shapley value", "imputation"},
		"bargaining set":                          {"Aumann Maschler", "objection", "counter-objection", "kernel", "nucleolus"},
		"von Neumann-Morgenstern stable set":      {"imputations", "internal stability", "external stability", "domination", "stable sets"},
		"convex game":                             {"supermodular", "marginal contributions", "Shapley value in the core", "Shapley 1971", "core"},
		"egalitarian bargaining solution":         {"Kalai", "equal gains", "monotonicity", "Nash bargaining solution", "Kalai Smorodinsky"},
		"Nash program":                            {"noncooperative foundations", "cooperative solutions", "Rubinstein bargaining", "implementation", "Nash bargaining solution"},
		"outside option principle":                {"outside option", "Binmore Shaked Sutton", "bargaining power", "alternating offers", "Rubinstein bargaining"},
		"social choice theory":                    {"preference aggregation", "voting rules", "Arrow", "social welfare function", "Brandt Conitzer Endriss"},
		"Condorcet winner":                        {"pairwise majority", "majority graph", "Condorcet paradox", "Condorcet loser", "Condorcet extension"},
		"Kemeny rule":                             {"rank aggregation", "Kendall tau", "median ranking", "NP-hard", "Young"},
		"Copeland rule":                           {"pairwise majority", "majority tournament", "Copeland score", "tournament solutions"},
		"Schulze method":                          {"strongest path", "beatpath", "Condorcet method", "ranked pairs"},
		"instant-runoff voting":                   {"ranked-choice voting", "ranked ballots", "alternative vote", "elimination rounds", "single transferable vote"},
		"single transferable vote":                {"Droop quota", "surplus transfer", "proportional representation", "ranked ballots", "instant-runoff"},
		"independence of irrelevant alternatives": {"Arrow's theorem", "pairwise independence", "Nash bargaining", "Luce choice axiom", "spoiler effect"},
		"Muller-Satterthwaite theorem":            {"strong monotonicity", "unanimity", "dictatorial", "Gibbard-Satterthwaite", "social choice function"},
		"no-show paradox":                         {"participation failure", "participation criterion", "abstention", "Moulin", "Condorcet extensions"},
		"multiwinner voting":                      {"committee selection", "proportional representation", "approval-based committee", "Chamberlin Courant", "proportional approval voting"},
		"justified representation":                {"Aziz", "approval-based committee", "proportional approval voting", "cohesive groups", "method of equal shares"},
		"judgment aggregation":                    {"List Pettit", "premise-based", "logical consistency", "propositionwise majority", "impossibility"},
		"algorithmic game theory":                 {"Nisan Roughgarden Tardos Vazirani", "price of anarchy", "computational complexity of equilibria", "algorithmic mechanism design", "selfish agents"},
		"auction theory":                          {"Krishna", "Milgrom", "independent private values", "revenue equivalence", "bidding strategies", "Vickrey"},
		"incentive compatibility":                 {"truthful reporting", "revelation principle", "Bayesian incentive compatible", "dominant-strategy incentive compatible", "truthful mechanism"},
		"individual rationality":                  {"participation constraint", "voluntary participation", "outside option", "interim individually rational", "ex post individually rational"},
		"Myerson's lemma":                         {"monotone allocation rule", "payment identity", "single-parameter", "truthful mechanism", "virtual value"},
		"Bulow-Klemperer theorem":                 {"one additional bidder", "auctions versus negotiations", "optimal auction", "reserve price", "regular distributions"},
		"multi-unit auction":                      {"identical units", "demand reduction", "uniform-price auction", "pay-as-bid", "Ausubel auction"},
		"uniform-price auction":                   {"market clearing price", "demand reduction", "Treasury auctions", "multi-unit auction", "electricity auctions"},
		"procurement auction":                     {"reverse auction", "suppliers", "scoring auction", "public procurement", "lowest bid"},
		"market scoring rule":                     {"prediction markets", "Hanson", "automated market maker", "proper scoring rule", "cost function market maker"},
		"false-name-proofness":                    {"false-name bids", "Sybil attacks", "Yokoo", "multiple identities", "combinatorial auctions"},
		"selfish mining":                          {"Eyal Sirer", "block withholding", "Bitcoin mining", "mining pools", "blockchain incentives"},
		"strategic classification":                {"Hardt Megiddo Papadimitriou Wootters", "gaming the classifier", "feature manipulation", "performative prediction", "Stackelberg"},
		"secretary problem":                       {"optimal stopping", "1/e", "online selection", "prophet inequality", "matroid secretary"},
		"many-to-one matching":                    {"many-to-one matching", "Gale Shapley", "deferred acceptance", "hospitals and residents", "quotas", "NRMP"},
		"rural hospitals theorem":                 {"stable matchings", "unmatched agents", "Roth", "same set of matched", "deferred acceptance"},
		"matching with contracts":                 {"Hatfield Milgrom", "substitutes condition", "law of aggregate demand", "cumulative offer", "stable allocation"},
		"envy-freeness up to any good":            {"EF1", "indivisible goods", "fair allocation", "Caragiannis", "Chaudhury Garg Mehlhorn", "existence of EFX"},
		"divide and choose":                       {"cake cutting", "cutter chooser", "envy-free", "proportional", "two agents"},
		"Selfridge-Conway procedure":              {"three agents", "envy-free cake cutting", "trimming", "Brams Taylor"},
		"moving-knife procedure":                  {"Dubins Spanier", "Stromquist", "cake cutting", "proportional division"},
		"multiplicative weights update":           {"Arora Hazan Kale", "Hedge", "experts problem", "Freund Schapire", "online learning", "no-regret"},
		"regret matching":                         {"Hart Mas-Colell", "correlated equilibrium", "CFR+", "positive regrets", "adaptive procedure"},
		"follow the regularized leader":           {"online convex optimization", "mirror descent", "regularizer", "no-regret", "learning in games"},
		"sequence form":                           {"Koller Megiddo von Stengel", "realization plan", "linear programming", "extensive-form games", "realization weights", "perfect recall"},
		"electronic mail game":                    {"Rubinstein", "almost common knowledge", "coordinated attack", "two generals problem", "common knowledge", "lost messages"},
		"muddy children puzzle":                   {"common knowledge", "epistemic logic", "public announcement", "Fagin Halpern Moses Vardi", "muddy children"},
		"Stackelberg competition":                 {"leader follower", "quantity leadership", "Cournot", "first-mover advantage", "duopoly"},
		"Bertrand-Edgeworth competition":          {"capacity constraints", "Edgeworth cycles", "mixed strategy pricing", "Kreps Scheinkman", "price competition"},
	}
}

// moreTermCues describe the terms of moreTerms in the words students use;
// see Evoked.
func moreTermCues() map[string][]string {
	return map[string][]string{
		"automated negotiation": {
			// a bot haggling over price and delivery for you
			"bot*|program*|software|agent*|algorithm* haggl*|negotiat*|bargain* price* deliver*|deadline*|shipping|terms|issues",
			"bot*|program*|software|agent* haggl*|negotiat*|bargain* stubborn*|tough*|concede*|concession*|walk*",
		},
		"proper equilibrium": {
			"costl* mistake*|error* less likely* equilibri*|refine*|tremble*|player*", "costl* mistake*|error* probabilit* smaller*|lower* equilibri*|refine*|tremble*|player*", "tremble* costl*", "worse mistake* rarer|smaller*",
		},
		"strong Nash equilibrium": {
			"coalition* jointly* deviat*", "group* players* jointly* deviat*|switch*", "no group* players* better* jointly*|together*",
		},
		"coalition-proof Nash equilibrium": {
			"coalition* deviat* self enforc*", "coalition* deviation* credible*|themselves|itself", "group* deviation* self enforc*",
		},
		"self-confirming equilibrium": {
			"wrong* belief* confirm*", "belief* untried* action*|move*|strateg*", "belief* never* tested|test|observ* path*", "mistaken* belief* never* see*|observ*|test*",
		},
		"maximin strategy": {
			"worst case* guarantee* payoff* strateg*|opponent*", "maximi* minimum* payoff* opponent*|strateg*|player*|rival*", "guarantee* best* worst* opponent*|rival*", "safest* strateg* guarantee*",
		},
		"Pareto efficiency": {
			"better off* without* someone|anyone|others|somebody worse off*", "improve* someone*|anyone* without* hurt*|harm* anyone*|others|someone*",
		},
		"Walrasian equilibrium": {
			"price* clear* every|all market* economy|equilibri*|simultaneous*|once", "price* excess demand* zero", "auctioneer* adjust* price*", "general equilibrium* price*|exist*",
		},
		"forward induction": {
			"burn* money* signal*|intend*|infer* player*|opponent*|rival*|other", "gave|give*|giving up outside option* infer*|signal*|intend*", "past* choice* reveal*|signal* intend* future*|later*",
		},
		"one-shot deviation principle": {
			"enough* check* deviation* single|one", "profitable* deviation* one at time", "suffic* check* one shot* deviat*",
		},
		"renegotiation-proof equilibrium": {
			"punish* defect*|deviat* both* renegotiat*|skip*|forgive*|agree*", "threat* punish* renegotiat*", "punishment* hurt* punisher* credible*|renegotiat*|skip*",
		},
		"common prior": {
			"same prior* belief*|beliefs|probabilit*|distribution*", "belief* differ* only* information*",
		},
		"generalized Nash equilibrium": {
			"share* capacity*|resource* constraint* player*|firm*|agent*|user* equilibri*", "player* allow*|feasible* depend* other* choice*|strateg*|action*", "coupled* constraint*",
		},
		"bimatrix game": {
			"two matri* payoff*", "each player* own* payoff matri*", "two player* game* separate* matri*",
		},
		"supermodular game": {
			"best respon* increas* other*|others|rival*|opponent*", "action* reinforce* each other* equilibri*", "rival* more* want* more* equilibri*",
		},
		"Brouwer's fixed-point theorem": {
			"continuous* function*|map* disk*|ball*|simplex*|square* fixed point*", "stir* coffee* point* same* place*|position*|spot*|started", "crumpl* map* point* above*|same*",
		},
		"Tarski's fixed-point theorem": {
			"monoton* function*|map* lattice* fixed point*", "order preserv* map*|function* fixed point*", "increasing* function*|map* complete lattice*",
		},
		"Sperner's lemma": {
			"triangulat* label* fully|complete*|every|all", "label* vertices* triangle* colou*|color*|all three*", "colou*|color* vertices* subdivid* triangle*",
		},
		"von Neumann-Morgenstern utility": {
			"expected utility* axiom*", "preferences* lotter* expected utility*|represent*", "independence axiom* lotter*", "why maximi* expected utility*",
		},
		"coalitional game": {
			"worth* every|each coalition* players*|members*|subset*", "value* each coalition* can* get*|earn*|achieve*", "each coalition* guarantee* itself*|members*", "coalition* worth* divid* total*|surplus*|gain*",
		},
		"bargaining set": {
			"objection* counter objection*", "counterobjection* coalition*|payoff*|imputation*", "objection* counter* coalition*",
		},
		"von Neumann-Morgenstern stable set": {
			"internal* external* stab* imputation*|outcome*|set*", "set* imputation* dominat* outside*", "no imputation* set* dominat* another*",
		},
		"convex game": {
			"marginal contribution* increas*|grow* larger*|bigger* coalition*", "increasing returns* coalition*", "coalition* supermodular*",
		},
		"egalitarian bargaining solution": {
			"equal gain* bargain*|disagreement*", "both* gain* same amount* bargain*|disagreement*", "equaliz* gain* bargain*|disagreement*",
		},
		"Nash program": {
			"non cooperative* foundation* cooperative*", "noncooperative* foundation* cooperative*", "non cooperative* game* justify*|derive*|support* cooperative solution*", "noncooperative* game* justify*|derive*|support* cooperative solution*",
		},
		"outside option principle": {
			"outside option* bargain*|negotiat* only*|credible*|matter*", "alternative* elsewhere* share* pie|surplus|gains|power bargain*", "threat* walk away* outside option*",
		},
		"social choice theory": {
			"aggregat* individual* preferences* group*|society*|collective*|social*", "combine* individual* ranking*|preference* group*|collective*|society*", "collective* decision* individual* preferences*",
		},
		"Condorcet winner": {
			"beat* every|each other* candidate* head to head*", "beat* every|each other* candidate* pairwise*", "win* every* pairwise* contest*|comparison*|election*|vote*", "majority* prefer* over* every* other* candidate*",
		},
		"Kemeny rule": {
			"ranking* minimi* disagree*", "consensus ranking* pairwise*", "minimi* number* pairwise* disagree*", "ranking* closest* voter* ranking*",
		},
		"Copeland rule": {
			"count* pairwise* win*|victor*", "number*|most* head to head* win*|victor*", "pairwise* win* minus* loss*|defeat*",
		},
		"Schulze method": {
			"strongest path* candidate*|pairwise*", "beatpath* candidate*|vote*|pairwise*", "widest path* pairwise*|candidate*",
		},
		"instant-runoff voting": {
			"eliminat* fewest first* vote*|choice*|place*", "eliminat* candidate* fewest* vote* transfer*|redistribut*", "ranked ballot* eliminat* fewest*|last*",
		},
		"single transferable vote": {
			"transfer* surplus* vote*", "quota* transfer* vote*|ballot*", "surplus vote* transfer*|redistribut*",
		},
		"independence of irrelevant alternatives": {
			"irrelevant* alternative*|option*|candidate*", "add*|remov* candidate*|alternative* change*|flip*|revers* ranking*|order* between*", "ranking* two* candidate*|option*|alternative* depend* only* those",
		},
		"Muller-Satterthwaite theorem": {
			"monoton* unanim* dictator*", "strong monoton* dictator*", "monoton* surjective*|onto rule* dictator*",
		},
		"no-show paradox": {
			"abstain* better* result*|outcome*|winner*", "casting* ballot* hurt*|worse* own*", "ballot* sincere*|honest* worse* abstain*|staying*", "vote* sincere*|honest*|truthful* worse* than* abstain*|staying*",
		},
		"multiwinner voting": {
			"voting rule* committee* select*|elect*|seat*", "voting rule* several* winner*|seat*", "select*|elect*|choose* committee* proportional*",
		},
		"justified representation": {
			"cohesive* group* voter*|deserve*|represent*", "large* group* voter* agree* deserve*", "group* voter* deserve* seat*|representative*",
		},
		"judgment aggregation": {
			"majority* premise* conclusion*", "premise* majority* inconsistent*", "aggregat* judgment*|judgement*|opinion* logical*|consistent*",
		},
		"algorithmic game theory": {
			"computer scien* game theor*", "algorithm* design* selfish* agent*|user*|player*", "algorithm* incentive* selfish*|strategic* agent*|user*|participant*",
		},
		"auction theory": {
			"compar* auction* format*", "auction* format* revenue*|bidder*|efficien*", "bidder* strateg* different* auction*",
		},
		"incentive compatibility": {
			"mechanism* report* truth*|honest*|true*", "design*|rules* nobody* gain* lying*|misreport*", "truth* telling* optimal*|best*|equilibri*|mechanism*",
		},
		"individual rationality": {
			"worse off* than* not* participat*", "guarantee*|offer* at least* outside option*|reservation* participat*", "participant*|agent* never* worse off* than* stay* out|home",
		},
		"Myerson's lemma": {
			"monoton* allocation* payment*", "allocation rule* monoton* truthful*", "payment* formula* truthful*|monoton*",
		},
		"Bulow-Klemperer theorem": {
			"extra|additional|another|one more bidder* better* than* reserve*|optimal*|negotiat*", "extra|additional bidder* reserve price*", "recruit* bidder* reserve*|optimal*",
		},
		"multi-unit auction": {
			"auction* identical* units*", "sell* many|several|multiple identical* units*|items*|licenses*", "bidder* several* units*", "auction* multiple* units*",
		},
		"uniform-price auction": {
			"all|every win* bid*|auction* pay* same* price*|clearing*", "winner* pay* lowest* accepted* bid*|price*", "winner* pay* market clearing* price*",
		},
		"procurement auction": {
			"supplier* bid* auction*|mechanism*|design*", "buyer* auction* supplier*", "reverse auction* supplier*|contract*", "contractor* lowest bid* always* win*|award*",
		},
		"market scoring rule": {
			"market maker* prediction market*", "automated market maker* prediction*|probabilit*", "prediction market* price* subsid*|liquidity*|scoring*",
		},
		"false-name-proofness": {
			"fake identit* bid*|vote*|mechanism*|auction*", "multiple* account* auction*|mechanism* gain*|benefit*|manipulat*", "sybil* attack* mechanism*|incentive*|auction*",
		},
		"selfish mining": {
			"miner* withhold*|hide*|secret* block*", "withhold* block* blockchain*|bitcoin*", "mining pool* withhold*|hide*|secret*",
		},
		"strategic classification": {
			"classifier*|algorithm* applicant*|user*|people* gam* feature*", "manipulat*|change* feature* classifier*", "gam* classifier*",
		},
		"secretary problem": {
			"interview* candidate* one at time best*", "interview* one at time cannot* go back", "reject* first* 37|third*|percent* best*", "hire* best* applicant*|candidate* cannot* go back|return*|recall*", "stop* best* candidate* sequence*",
		},
		"many-to-one matching": {
			"college* admission* stable*", "hospital* residen* match*|stable*|program*", "college* quota* stable*|student*", "hospital* capacit*|positions*|slots* doctor*|residen* stable*",
		},
		"rural hospitals theorem": {
			"rural hospital* stable*|matching|algorithm*|resident*", "same* doctors*|agents*|residents* unmatched* every* stable*", "unfilled* position* every* stable*",
		},
		"matching with contracts": {
			"match* salar*|wage*|terms* stable*", "doctor* hospital* contract* terms*|salar*|wage*", "match* negotiat* salar*|wage*", "stable* match* contract*",
		},
		"envy-freeness up to any good": {
			"envy* remov* any* item*|good*", "envy* vanish*|disappear*|gone any* item*|good*", "any* single* item* envy*",
		},
		"divide and choose": {
			"one cut* other choose*", "one* cut* other* choos*", "cutter* chooser*",
		},
		"Selfridge-Conway procedure": {
			"three* people*|players*|agents* envy free* cake*", "envy free* cake* three*", "trim* cake* envy*",
		},
		"moving-knife procedure": {
			"knife* move*|moving|slide*|sliding call*|shout*|stop*", "knife* moving*|slid* cake* fair*|proportional*",
		},
		"multiplicative weights update": {
			"weight* expert* multipl* mistake*|loss*|predict*|wrong*", "reweight* expert*", "combin* expert* advice* weight* predict*|mistake*|loss*|regret*",
		},
		"regret matching": {
			"play* action* proportion* regret*", "probabilit* proportional* positive regret*", "regret* proportion* action*|probabilit*",
		},
		"follow the regularized leader": {
			"regulari* leader*", "regulari* online* convex*|learning*|regret*", "follow* leader* online* learning*|regret*",
		},
		"sequence form": {
			"extensive form* linear program*", "game tree* linear program* polynomial*|size*|efficient*", "sequence* action* linear program*",
		},
		"electronic mail game": {
			"general* messenger* attack*", "message* lost* confirm* coordinat*|attack*", "acknowledg* message* lost* attack*|coordinat*",
		},
		"muddy children puzzle": {
			"muddy* forehead*", "muddy* children* father*", "blue eye* island* leave*|logic*|puzzle*|know*", "forehead* dot* know*",
		},
		"Stackelberg competition": {
			"leader* follower* quantit*|output*|produc*", "firm* move* first* quantit*|output*", "leader firm* follower firm* output*|quantit*|produc*|price*",
		},
		"Bertrand-Edgeworth competition": {
			"capacit* constraint* price* compet*", "limited capacit* price* undercut*|compet*", "price* cycle* undercut* jump*|rais*|restor*|back",
		},
	}
}

package text

// toldCues6 are the sixth round of told cues (see toldCues for the idea
// and Evoked for the cue syntax and the trade-off).
//
// They were written in round 2, session 11, from the misses of
// questions_dev25 (a graduate's precise questions), questions_dev26
// (everyday paraphrases of the field's results) and questions_dev27 (a
// class's mixed question box) after each set's one blind measurement,
// which makes those three sets tuning sets (testdata/world/README.md).
// dev25 missed nothing; the seventeen misses of the other two on either
// world told these stories: two advisers leaning in opposite directions,
// a marketplace filling up until the deals no group can beat look like
// market prices, a crowd copying whoever does better, two learning
// programs circling each other, a network where each pair of neighbours
// plays its own little game, naming a bigger number than the other, a
// city where nobody matters alone, firms that mostly pick what pays and
// now and then pick at random, patrols that know only the odds of each
// kind of attacker, a fair share of credit estimated by sampling, the
// money a truthful mechanism collects handed back, one prize or many in
// a challenge, a price-fixing ring that sees only the market price, an
// all-pay bidding contest. ("Uncoupled learning", dev27's name for
// uncoupled dynamics, became a variant of that glossary term instead.)
// As before, every cue keeps two or more words of the idea (an adviser
// and an opposite lean, a sample and a contribution, a ring and a price
// it can only watch), so that a question about a financial adviser, a
// survey sample or a price war on the news is not taken for the term;
// TestTold6EverydayQuestions holds those, and TestTold6Paraphrases other
// wordings of each story than the one question it was read from. The
// dorm-room story of dev16 still has no cue (see toldCues).
func toldCues6() map[string][]string {
	return map[string][]string{
		"cheap talk": {
			// two advisers biased in opposite directions: does asking both
			// get the whole truth out of them?
			"advis*|expert*|consultant*|sender*|analyst* opposite*|opposing|contrary|rival bias*|lean*|direction*|slant*|interests truth*|reveal*|honest*|inform*|hint*|credib*",
		},
		// One story, two terms: the core theorem is about both.
		"core allocation":       {coreConvergence},
		"Walrasian equilibrium": {coreConvergence},
		"replicator dynamics": {
			// a large population copying whoever does better: where does it
			// end up, and which strategies survive?
			"copy|copies|copying|imitat*|mimic* whoever|better|successful|richer|fitter crowd*|population*|society surviv*|vanish*|extinct*|disappear*|persist*|planner*|rational*|equilibri*|dominat*",
		},
		"optimistic gradient descent": {
			// two learners training against each other keep circling; what
			// tweak makes the current moves settle?
			"learn*|gan|gans|algorithm*|program*|neural against|adversar* circl*|cycl*|oscillat*|spiral*|orbit*|rotat* settl*|converg*|fix*|tweak*|stabili*|stop*",
		},
		"polymatrix game": {
			// each person in a network plays a separate two-person game with
			// every neighbour and adds up the results
			"network*|graph*|neighbo* person|player|pairwise|separate|bilateral|own game*|contest*|match*|duel* add*|sum*|total* equilibri*|stable|steady|comput*|tractab*|easy|hard|solv*",
		},
		"Nash's existence theorem": {
			// two players each naming a bigger number: no equilibrium, while
			// finite games always have one
			"name*|pick*|say*|choose|announce*|call* bigger|larger|higher|biggest|largest number* no|never|without|lack*|fail* stable|equilibri*|steady",
			"game* few|finite|finitely|limited|handful options|choices|moves|actions always|guarantee*|must|exist* stable|equilibri*|steady",
			"infinite|infinitely|unbounded|endless|integer* number*|choices|options|actions game*|player*|opponent*|rival* no|never|without|lack*|fail* stable|equilibri*|steady",
		},
		"nonatomic game": {
			// so many people that nobody matters alone: is there always a
			// stable pattern of choices?
			"residents|people|household*|citizen*|individual*|person*|drivers|inhabitant* nobody|none|noone matter*|matters|count*|affect*|sway* alone|individually|single|much stable|equilibri*|steady|settled always|exist*|guarantee*|must",
		},
		"logit dynamics": {
			// firms on a network mostly pick what pays and sometimes pick at
			// random: which standard wins, and how long until it does?
			"mostly|usually|often|generally|normally pays|paying|payoff*|profit*|reward*|best|better sometimes|occasionally random*|mistake*|error*|err|errs|whim* settle*|converge*|lock*|land*|end* network*|standard*|technolog*|convention*|population*|neighbo*",
		},
		"Bayesian Stackelberg game": {
			// a randomized patrol schedule when only the odds of each kind
			// of attacker are known
			"patrol*|defend*|defender* randomi*|random*|mix*|unpredictab*|commit* attacker*|adversar*|intruder*|terrorist*|smuggler*|poacher* kind*|type*|sort* odds|probabilit*|chance*|likel*|uncertain*|distribution|unknown|know",
		},
		"Shapley value": {
			// estimating each player's fair share by sampling instead of
			// checking every possible group
			"estimat*|approximat*|comput*|calculat* sampl*|monte|random* credit*|contribution*|deserv*|marginal every|all|possible group*|coalition*|subset*|combination*|ordering*|permutation*|team*",
		},
		"Vickrey-Clarke-Groves mechanism": {
			// handing back the money a truthful allocation collects without
			// giving anyone a reason to lie
			"truthful*|strategyproof*|honest* auction*|bidding|bids|mechanism*|system collect*|payment*|revenue|surplus|money return*|refund*|rebate*|redistribut*|handed|hand|give|giving|gave",
		},
		"crowdsourcing contest": {
			// one big prize or several smaller ones in a data, design or
			// coding challenge
			"winner take* all multiple|several|many|smaller|second|split prize*|prizes|winners|award*|reward* challenge*|competition*|contest*|hackathon*|kaggle*",
			"one|single|big prize* or|versus|vs multiple|several|many|smaller prizes|winners|award*|reward* challenge*|competition*|contest*|hackathon*|kaggle*",
		},
		"imperfect public monitoring": {
			// a price-fixing ring that sees only the market price, not one
			// another's output, and has price wars now and then
			"cartel*|collu*|fixing|conspir* see*|observ*|watch* only|not|can't|cannot|never market|public price* output*|quantit*|production|sales|volume*|supply",
		},
		"Tullock contest": {
			// lobbyists whose spending burns up the favour they compete for
			// (from a tuning question of dev11 that evoked nothing)
			"lobby*|rent*|compet* favour*|favor*|prize*|licen* burn*|dissipat*|squander*|eaten|eat*",
		},
		"all-pay auction": {
			// a bidding contest in which everyone pays: lobbying, overspending
			// and caps on bids
			"all pay bid*|bidding|bids contest*|lobby*|race*|competition*",
		},
	}
}

// coreConvergence tells the core convergence (Debreu–Scarf) story: as an
// exchange economy grows, the allocations no coalition can improve upon
// shrink to the competitive ones.
const coreConvergence = "more|many|grow*|large*|replicat*|bigger|fill* trader*|traders|agents|consumers|participants|economy|economies no|nobody|none group*|coalition*|subgroup* beat*|improve*|block*|outdo*|object* market|competitive|walrasian price*|equilibri*"

package text

// moreFieldWords extends fieldWords (see FieldWords): everyday words of a
// question and the words papers of the field use for the same thing.
//
// It was written blind, from how students tell a situation and how
// abstracts about that situation are worded, not from questions. A word is
// here only when the abstracts about the situation it names nearly always
// carry the mapped word. A mapped word is a lower-case word, or a phrase of
// words separated by single spaces: BuildQuery searches a phrase as a
// quoted phrase, which also meets its hyphenated spelling in an abstract
// ("free riding" finds "free-riding"), since arXiv's index splits hyphens.
// A mapped word never shares its stem with its key: arXiv stems, so such a
// word adds nothing.
func moreFieldWords() map[string][]string {
	return map[string][]string{
		// Deception and misreporting.
		"deceive": {"deception"}, "deceives": {"deception"}, "deceiving": {"deception"}, "deceived": {"deception"},
		"tricked": {"deception"}, "tricking": {"deception"}, "trickery": {"deception"},
		"mislead": {"deception"}, "misleading": {"deception"}, "misled": {"deception"},
		"scam": {"fraud", "deception"}, "scams": {"fraud", "deception"}, "scammer": {"fraud", "deception"}, "scammers": {"fraud", "deception"},
		"fib": {"misreport"}, "fibbing": {"misreport"},
		"exaggerate": {"misreport"}, "exaggerates": {"misreport"}, "exaggerating": {"misreport"}, "exaggeration": {"misreport"},
		"overstate": {"misreport"}, "overstating": {"misreport"},
		"pretend": {"misreport"}, "pretends": {"misreport"}, "pretending": {"misreport"},
		"rigged":     {"manipulation"},
		"sockpuppet": {"sybil"}, "sockpuppets": {"sybil"},

		// Collusion, coalitions, corruption.
		"collude": {"collusion"}, "colludes": {"collusion"}, "colluding": {"collusion"},
		"conspire": {"collusion"}, "conspiring": {"collusion"},
		"rigging": {"collusion"},
		"bloc":    {"coalition"}, "blocs": {"coalition"},
		"faction": {"coalition"}, "factions": {"coalition"},
		"bribe": {"bribery"}, "bribes": {"bribery"}, "bribing": {"bribery"}, "bribed": {"bribery"},
		"kickback": {"corruption", "bribery"}, "kickbacks": {"corruption", "bribery"},

		// Defection and betrayal in the prisoner's dilemma's stories.
		"snitch": {"defection"}, "snitches": {"defection"}, "snitching": {"defection"},
		"betray": {"defection"}, "betrays": {"defection"}, "betrayed": {"defection"}, "betraying": {"defection"}, "betrayal": {"defection"},
		"backstab": {"defection"}, "backstabbing": {"defection"},
		"confess": {"defection"}, "confesses": {"defection"}, "confessing": {"defection"},
		"cheater": {"defectors"}, "cheaters": {"defectors"},
		"traitor": {"defectors", "byzantine"}, "traitors": {"defectors", "byzantine"},
		"generals": {"byzantine"},
		"suspects": {"prisoners"},

		// Free riding and shirking.
		"freeloader": {"free riding", "free rider"}, "freeloaders": {"free riding", "free rider"}, "freeloading": {"free riding", "free rider"},
		"mooch": {"free riding"}, "mooching": {"free riding"},
		"slacker": {"shirking", "free riding"}, "slackers": {"shirking", "free riding"}, "slacking": {"shirking", "free riding"},
		"bystander": {"volunteer"}, "bystanders": {"volunteer"},
		"lighthouse": {"public goods"},

		// Reputation, reciprocity, punishment.
		"gossip": {"reputation"}, "gossiping": {"reputation"},
		"revenge": {"retaliation", "punishment"}, "payback": {"retaliation", "punishment"},
		"grudge": {"retaliation", "punishment"}, "grudges": {"retaliation", "punishment"},
		"gratitude": {"reciprocity"},
		"shun":      {"ostracism"}, "shunned": {"ostracism"}, "shunning": {"ostracism"},
		"expel": {"ostracism"}, "expelled": {"ostracism"},
		"teamwork": {"cooperation"},
		"selfless": {"altruism"}, "selflessness": {"altruism"},

		// Threats, promises, deterrence.
		"threaten": {"commitment", "credible"}, "threatens": {"commitment", "credible"}, "threatening": {"commitment", "credible"}, "threatened": {"commitment", "credible"},
		"promised": {"commitment"},
		"pledge":   {"commitment"}, "pledges": {"commitment"},
		"deter": {"deterrence"}, "deters": {"deterrence"}, "deterring": {"deterrence"},
		"swerve": {"chicken"}, "swerving": {"chicken"},
		"outlast": {"attrition"}, "outlasting": {"attrition"},

		// Security, inspection, conflict.
		"guard": {"defender"}, "guards": {"defender"}, "guarding": {"defender"},
		"audit": {"inspection"}, "audits": {"inspection"}, "auditing": {"inspection"}, "auditor": {"inspection"}, "auditors": {"inspection"},
		"inspector": {"inspection"}, "inspectors": {"inspection"},
		"evade": {"evasion"}, "evading": {"evasion"},
		"chase": {"pursuit"}, "chasing": {"pursuit"},
		"cyberattack": {"attacker", "cybersecurity"}, "cyberattacks": {"attacker", "cybersecurity"},
		"battlefield": {"blotto"}, "battlefields": {"blotto"},
		"shootout": {"duel"},
		"goalie":   {"penalty"}, "goalkeeper": {"penalty"}, "goalkeepers": {"penalty"},
		"treaty": {"agreements"}, "treaties": {"agreements"},

		// Bargaining.
		"lowball": {"bargaining"}, "lowballing": {"bargaining"},
		"counteroffer": {"alternating offers", "bargaining"}, "counteroffers": {"alternating offers", "bargaining"},
		"fallback":  {"outside option"},
		"impatient": {"discount"}, "impatience": {"discount"},
		"inheritance": {"estate", "bankruptcy"}, "inheritances": {"estate", "bankruptcy"},
		"creditors": {"bankruptcy"},
		"pizza":     {"cake"},
		"jealous":   {"envy"}, "jealousy": {"envy"},
		"unfair": {"fairness"},

		// Information, persuasion, signalling.
		"convince": {"persuasion"}, "convincing": {"persuasion"},
		"persuade": {"persuasion"}, "persuading": {"persuasion"},
		"propaganda": {"persuasion"},
		"diploma":    {"signaling"}, "diplomas": {"signaling"},
		"peacock": {"handicap", "signaling"}, "peacocks": {"handicap", "signaling"},
		"brag": {"signaling"}, "bragging": {"signaling"}, "flaunt": {"signaling"}, "flaunting": {"signaling"},
		"lemon": {"adverse selection"}, "lemons": {"adverse selection"},
		"ads":   {"advertising"},
		"viral": {"diffusion", "cascade"},
		"fad":   {"herding", "cascade"}, "fads": {"herding", "cascade"}, "bandwagon": {"herding", "cascade"},
		"forecaster": {"scoring rules"}, "forecasters": {"scoring rules"},

		// Bounded rationality and behaviour.
		"thumb":    {"heuristics"},
		"instinct": {"heuristics"}, "instincts": {"heuristics"},
		"irrational": {"bounded rationality"}, "irrationality": {"bounded rationality"},
		"hindsight":     {"regret"},
		"procrastinate": {"present bias"}, "procrastinating": {"present bias"}, "procrastination": {"present bias"},
		"willpower":    {"present bias"},
		"shortsighted": {"myopic"}, "myopia": {"myopic"},
		"cautious":  {"risk aversion"},
		"happiness": {"utility", "welfare"}, "wellbeing": {"welfare"},

		"randomize": {"mixed"}, "randomizing": {"mixed"},
		"randomise": {"mixed"}, "randomising": {"mixed"},
		"predictable": {"mixed"}, "unpredictable": {"mixed"}, "unpredictably": {"mixed"},
		"etiquette": {"norms", "conventions"}, "manners": {"norms", "conventions"},

		// Evolution and epidemics.
		"fittest":   {"fitness"},
		"offspring": {"fitness", "replicator"},
		"flu":       {"epidemic"}, "covid": {"epidemic"}, "pandemic": {"epidemic"},

		// Traffic and the commons.
		"traffic": {"congestion", "routing"},
		"jam":     {"congestion"}, "jams": {"congestion"}, "gridlock": {"congestion"},
		"crowded": {"congestion"}, "overcrowded": {"congestion"},
		"commute": {"congestion", "routing"}, "commuting": {"congestion", "routing"},
		"detour": {"routing"}, "detours": {"routing"},
		"bar": {"el farol"}, "pub": {"el farol"}, "pubs": {"el farol"},
		"overfishing": {"commons"}, "overgrazing": {"commons"},
		"fishermen": {"commons", "fisheries"}, "fishers": {"commons", "fisheries"},
		"herders": {"commons"}, "herdsmen": {"commons"},
		"pollution": {"externalities"},
		"warming":   {"climate"},

		// Markets, firms and their roles.
		"startup": {"entrant"}, "startups": {"entrants"},
		"challenger": {"entrant"}, "challengers": {"entrants"},
		"shopkeeper": {"seller"}, "shopkeepers": {"sellers"},
		"employer": {"principal"}, "employers": {"principal"},
		"salary": {"wage"}, "salaries": {"wages"},
		"middleman": {"intermediary"}, "middlemen": {"intermediaries"},
		"wholesaler": {"supply chain"}, "wholesalers": {"supply chain"},
		"marketplace": {"platforms"}, "marketplaces": {"platforms"},
		"beach":    {"hotelling"},
		"undercut": {"bertrand"}, "undercuts": {"bertrand"}, "undercutting": {"bertrand"},
		"scalper": {"resale"}, "scalpers": {"resale"}, "scalping": {"resale"},
		"uber": {"ride hailing", "ridesharing"}, "lyft": {"ride hailing", "ridesharing"},
		"lawyer": {"litigation"}, "lawyers": {"litigation"},
		"lawsuit": {"litigation"}, "lawsuits": {"litigation"}, "sue": {"litigation"}, "suing": {"litigation"},

		// Auctions and lotteries.
		"ebay":     {"auctions"},
		"underbid": {"shading"}, "underbids": {"shading"}, "underbidding": {"shading"},
		"overpay": {"overbidding"}, "overpaying": {"overbidding"}, "overpaid": {"overbidding"},
		"outbid": {"auctions"}, "outbidding": {"auctions"},
		"raffle": {"lottery"}, "raffles": {"lottery"},
		"wager": {"betting"}, "wagers": {"betting"}, "bookmaker": {"betting"}, "bookmakers": {"betting"},

		// Matching and tournaments.
		"dating": {"matching"}, "matchmaking": {"matching"}, "matchmaker": {"matching"},
		"husband": {"marriage", "matching"}, "husbands": {"marriage", "matching"}, "wife": {"marriage", "matching"}, "wives": {"marriage", "matching"},
		"spouse": {"marriage", "matching"}, "spouses": {"marriage", "matching"},
		"colleges":   {"admissions", "matching"},
		"residency":  {"matching"},
		"transplant": {"kidney exchange"}, "transplants": {"kidney exchange"},
		"playoff": {"tournament"}, "playoffs": {"tournament"}, "bracket": {"tournament"}, "brackets": {"tournament"}, "tanking": {"tournament"},

		// Voting.
		"ballot": {"voting"}, "ballots": {"voting"},
		"gerrymander": {"districting"}, "gerrymandering": {"districting"}, "gerrymandered": {"districting"},
		"kingmaker": {"pivotal"},

		// Technology.
		"bitcoin": {"blockchain"}, "crypto": {"blockchain"}, "cryptocurrency": {"blockchain"}, "cryptocurrencies": {"blockchain"},
		"chatgpt": {"large language", "llm"}, "chatbot": {"large language", "llm"}, "chatbots": {"large language", "llm"}, "gpt": {"large language", "llm"},
		"driverless": {"autonomous vehicles"},
		"facebook":   {"social media", "social networks"}, "twitter": {"social media", "social networks"},
		"instagram": {"social media", "social networks"}, "tiktok": {"social media", "social networks"},
	}
}

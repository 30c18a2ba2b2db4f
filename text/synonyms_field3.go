package text

// evenMoreFieldWords extends fieldWords and moreFieldWords (see
// FieldWords): everyday words of a question and the words papers of the
// field use for the same thing.
//
// It was written blind in round 2, session 11, from domain knowledge of
// how laypeople tell a situation and how abstracts about it are worded,
// not from questions or any evaluation set. It follows moreFieldWords'
// rules:
//
//   - A word is here only when the abstracts about the situation it names
//     nearly always carry the mapped word ("housework" -> chores, "airwaves" -> spectrum). A word with a strong
//     second meaning in the field is left out: "swap" (swap regret),
//     "bluff" (poker papers say bluffing), "stubborn" (stubborn agents of
//     opinion dynamics), "married" (a married couple is more often the
//     battle of the sexes than a matching market), "spread", "slice"
//     (network slicing).
//   - A mapped word is never so common that it matches every paper: no
//     game, strategy, model, agent, player or other GenericWords word
//     ("strategic voting" is out for that reason).
//   - A mapped word never shares its stem with its key: arXiv stems, so
//     such a word adds nothing ("rent" cannot map to "rent division",
//     "vaccine" not to vaccination).
//   - A mapped word is a lower-case word, or a phrase of words separated
//     by single spaces, which BuildQuery searches as a quoted phrase.
//   - A key is one lower-case word, not a stop word, and not a key of the
//     other two tables (mergeTables would search both lists).
//
// Two groups first written here were taken out before the table was
// measured: roommates and housemates for "rent division", Kickstarter and
// its like for crowdfunding. The lead had given them as examples in the
// brief, and had taken them from two questions of testdata/world's
// mechanism sets (dev28, dev30), whose questions must not be written for. "OPEC" for cartel went after
// the first measurement: it made an off-topic control of the tuning set
// dev11 about oil prices after an OPEC vote a search for cartels.
func evenMoreFieldWords() map[string][]string {
	return map[string][]string{
		// Fair division: rent, chores, estates.
		"housework": {"chores"},
		"heir":      {"inheritance", "estate"}, "heirs": {"inheritance", "estate"},
		"divorce": {"fair division"},
		"envious": {"envy"},

		// Public goods, charity and crowdfunding.
		"potluck":     {"public goods"},
		"streetlight": {"public goods"}, "streetlights": {"public goods"},
		"charity": {"donations", "charitable"}, "charities": {"donations", "charitable"},
		"freerider": {"free riding", "free rider"}, "freeriders": {"free riding", "free rider"}, "freeriding": {"free riding", "free rider"},
		"moochers":   {"free riding"},
		"generosity": {"altruism"},
		"grateful":   {"reciprocity"},

		// The commons.
		"grazing": {"commons"}, "pasture": {"commons"}, "pastures": {"commons"},
		"shepherd": {"commons"}, "shepherds": {"commons"},
		"fishing":  {"fisheries", "commons"},
		"polluter": {"emissions", "externalities"}, "polluters": {"emissions", "externalities"},
		"kyoto": {"climate", "environmental agreements"},

		// Epidemics and vaccination.
		"outbreak": {"epidemic"}, "outbreaks": {"epidemic"},
		"lockdown": {"epidemic"}, "lockdowns": {"epidemic"},
		"quarantine":   {"epidemic"},
		"unvaccinated": {"vaccination"}, "antivaxxers": {"vaccination"}, "antivaxxer": {"vaccination"},
		"contagious": {"contagion"},

		// The prisoner's dilemma's stories.
		"accomplice": {"prisoners"}, "accomplices": {"prisoners"},
		"ratting": {"defection"},

		// Imitation and evolution.
		"mimic": {"imitation"}, "mimics": {"imitation"}, "mimicking": {"imitation"}, "mimicry": {"imitation"},
		"emulate": {"imitation"}, "emulating": {"imitation"},
		"copycats": {"imitation"},
		"invade":   {"invasion"}, "invades": {"invasion"}, "invading": {"invasion"}, "invaders": {"invasion"},
		"symbiosis": {"mutualism"}, "symbiotic": {"mutualism"},
		"gazelle": {"handicap", "signaling"}, "gazelles": {"handicap", "signaling"},

		// Reciprocity and retaliation.
		"feud": {"retaliation"}, "feuds": {"retaliation"}, "vendetta": {"retaliation"},
		"embargo": {"sanctions"}, "embargoes": {"sanctions"},
		"nukes": {"nuclear", "deterrence"},

		// Bargaining.
		"concede": {"concession"}, "concedes": {"concession"}, "conceding": {"concession"},
		"patience": {"discount"},

		// Signalling and persuasion.
		"credentials": {"signaling"},
		"luxury":      {"conspicuous consumption"},
		"prosecutor":  {"persuasion"}, "prosecutors": {"persuasion"},

		// Deception and security.
		"decoy": {"deception"}, "decoys": {"deception"},
		"feint": {"deception"}, "feints": {"deception"},
		"tamper": {"manipulation"}, "tampering": {"manipulation"}, "tampered": {"manipulation"},
		"smuggler": {"interdiction"}, "smugglers": {"interdiction"}, "smuggling": {"interdiction"},
		"fugitive": {"pursuit", "evasion"}, "fugitives": {"pursuit", "evasion"},
		"dodge": {"evasion"}, "dodging": {"evasion"}, "dodgers": {"evasion"},
		"drone": {"uav", "unmanned aerial"}, "drones": {"uav", "unmanned aerial"},
		"kicker": {"penalty"}, "kickers": {"penalty"},

		// Auctions and lotteries.
		"sniping": {"late bidding"}, "snipe": {"late bidding"},
		"tender": {"procurement"}, "tenders": {"procurement"}, "tendering": {"procurement"},
		"airwaves": {"spectrum"},
		"adwords":  {"sponsored search", "position auctions"},
		"jackpot":  {"lottery"},
		"punter":   {"betting"}, "punters": {"betting"},

		// Markets and pricing.
		"tacit":  {"collusion"},
		"coupon": {"price discrimination"}, "coupons": {"price discrimination"},
		"surge":        {"dynamic pricing"},
		"airbnb":       {"sharing economy", "platforms"},
		"manufacturer": {"supply chain"}, "manufacturers": {"supply chain"},
		"depositor": {"bank runs"}, "depositors": {"bank runs"},
		"plaintiff": {"litigation"}, "plaintiffs": {"litigation"},
		"defendant": {"litigation"}, "defendants": {"litigation"},

		// Traffic and transport.
		"commuter": {"congestion", "routing"}, "commuters": {"congestion", "routing"},
		"motorist": {"congestion", "routing"}, "motorists": {"congestion", "routing"},
		"waze":    {"routing", "congestion"},
		"carpool": {"ridesharing", "cost sharing"}, "carpools": {"ridesharing", "cost sharing"}, "carpooling": {"ridesharing", "cost sharing"},
		"robotaxi": {"autonomous vehicles"}, "robotaxis": {"autonomous vehicles"},
		"evs": {"electric vehicles"},

		// Matching.
		"tinder": {"dating", "matching"},
		"marry":  {"marriage", "matching"}, "marries": {"marriage", "matching"}, "marrying": {"marriage", "matching"},
		"barter": {"exchange"}, "bartering": {"exchange"},

		// Voting and legislatures.
		"abstain": {"abstention", "turnout"}, "abstains": {"abstention", "turnout"}, "abstaining": {"abstention", "turnout"}, "abstained": {"abstention", "turnout"},
		"referendum": {"voting"}, "referendums": {"voting"},
		"jury": {"condorcet", "information aggregation"}, "juries": {"condorcet", "information aggregation"},
		"juror": {"condorcet", "information aggregation"}, "jurors": {"condorcet", "information aggregation"},
		"lawmakers": {"legislators"}, "senators": {"legislators"}, "congressmen": {"legislators"},

		// Contests and crowdsourcing.
		"hackathon": {"contests", "crowdsourcing"}, "hackathons": {"contests", "crowdsourcing"},
		"kaggle": {"contests", "crowdsourcing"},
		"mturk":  {"crowdsourcing"}, "turkers": {"crowdsourcing"},

		// Learning and multi-agent reinforcement learning.
		"outguess": {"level k", "cognitive hierarchy"}, "outguessing": {"level k", "cognitive hierarchy"},
		"alphago": {"self play", "reinforcement learning"}, "alphazero": {"self play", "reinforcement learning"},
		"starcraft": {"reinforcement learning"}, "dota": {"reinforcement learning"},

		// Technology and platforms.
		"ethereum": {"blockchain", "smart contracts"},
		"nft":      {"blockchain"}, "nfts": {"blockchain"},
		"defi":       {"decentralized finance", "blockchain"},
		"bittorrent": {"file sharing"}, "torrent": {"file sharing"}, "torrents": {"file sharing"},
		"reddit": {"social media", "social networks"}, "snapchat": {"social media", "social networks"},
		"linkedin": {"social media", "social networks"},
		"youtube":  {"social media", "content creators"},
		"youtuber": {"content creators"}, "youtubers": {"content creators"},
		"streamer": {"content creators"}, "streamers": {"content creators"},

		// Central banks, as the news names them. Added in round 2 session
		// 19 from a miss of the tuning set dev33 ("the Fed's vague hints");
		// a question about the Fed's news names it, and ForeignName refuses
		// it unless it names a game-theory idea.
		"fed": {"central bank", "monetary policy"}, "ecb": {"central bank", "monetary policy"},
	}
}

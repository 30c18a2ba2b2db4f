package text

// kinGroupsA are more groups of everyday near-synonyms for Kin, for the
// cue words from a to l that the cue tables use most: "shut" for close,
// "savers" for depositors, "quicker" for faster, "goalie" for goalkeeper,
// "slash" for cut (prices), "gridlock" for congestion, "caves" for
// concedes. Like the groups of kin, each lists words a question may use
// interchangeably in a description, the word the cues mostly use first;
// unlike them, each is one form of its words ("help", "assist"; "helped",
// "assisted"), since Kin compares words as written and a group of all the
// forms made one word stand for its own other forms: "help" became
// "helped", and "Do social norms of judging others help kids?" met the
// cue "help* people* helped* others".
//
// How they were written. From the 900 words the cue tables use most, the
// words from a to l were read one by one beside the cues that use them,
// and a group was written where a student plausibly says another
// everyday word for the same thing. They were written blind to every
// question set: no file of testdata was read and no run of gtrag measured
// them; the checks were the package's tests and TestKinMoreA*.
//
// What was left out. A word with a common other sense that would meet a
// cue in an everyday question: "admit" for confess (both twins admitted
// to college would meet "both confess*"), "collaborate" for cooperate (a
// design grid would meet "grid cooperat*"), "exhaust" and "drain" for
// deplete (car exhaust, a drained fish tank and "fish* deplet*"),
// "challenger" for entrant (every election's incumbent and challenger),
// "damage" for harm (a bill for damage to others), "equitable" for fair
// (every bill split equitably and "split* fair*"), "enemy" for adversary
// (a video game's enemies), "charitable" for generous (tax questions on
// charitable donations), "politician" and "nominee" for candidate (the
// Oscar nominees ranked, "rank* candidate* fair*"), "lowball" and
// "stingy" for unfair (a lowball offer on a house). Three groups were
// dropped for an everyday question the tests hold: swap beside exchange
// ("exchange my room at the hotel" met "room* swap*"), likelihood beside
// odds ("report the true odds ... for a bet" met a scoring rule) and
// physician beside doctor ("Do hospitals hire physicians from abroad?"
// met "doctor* hospital*"). Where only one word has a second sense the
// group is one-way (kindGroupsA): an inheritance is an estate but real
// estate is no inheritance, to phone is to call but "what is it called"
// is no phoning.
//
// The trade-off is the one of Kin: a word widens every cue that uses its
// group's head, so a group buys recall on the descriptions that say the
// other word at the price of the everyday questions that say it too.
// TestKinMoreAParaphrases holds descriptions the groups let an existing
// cue meet, TestKinMoreAEverydayQuestions everyday uses of the new words
// that must still evoke nothing.
func kinGroupsA() [][]string {
	return [][]string{
		// One line a form: "help" stands for "assist", "helped" for
		// "assisted", but no form for another of its own word.
		{"accident", "mishap"},
		{"accidents", "mishaps"},
		{"accidentally", "inadvertently", "unintentionally", "mistakenly"},
		{"advertisements", "adverts", "ads", "commercials"},
		{"advice", "guidance", "counsel"},
		{"altruism", "selflessness", "unselfishness"},
		{"altruistic", "selfless", "unselfish"},
		{"animal", "creature"},
		{"animals", "creatures", "critters"},
		{"announce", "declare", "proclaim"},
		{"announces", "declares", "proclaims"},
		{"announcing", "declaring", "proclaiming"},
		{"announced", "declared", "proclaimed"},
		{"anticipate", "foresee"},
		{"anticipates", "foresees"},
		{"anticipating", "foreseeing"},
		{"anticipated", "foreseen", "foresaw"},
		{"applicant", "jobseeker"},
		{"applicants", "jobseekers"},
		{"attack", "assault", "raid"},
		{"attacks", "assaults", "raids"},
		{"attacking", "assaulting", "raiding"},
		{"attacked", "assaulted", "raided"},
		{"battlefield", "battleground"},
		{"battlefields", "battlegrounds"},
		{"build", "construct"},
		{"builds", "constructs"},
		{"building", "constructing"},
		{"built", "constructed"},
		{"buy", "purchase"},
		{"buys", "purchases"},
		{"buying", "purchasing"},
		{"bought", "purchased"},
		{"buyer", "purchaser"},
		{"buyers", "purchasers"},
		{"car", "vehicle", "automobile"},
		{"cars", "vehicles", "automobiles"},
		{"cartel", "syndicate"},
		{"cartels", "syndicates"},
		{"catch", "capture", "nab"},
		{"catches", "captures", "nabs"},
		{"catching", "capturing", "nabbing"},
		{"caught", "captured", "nabbed"},
		{"chance", "odds"},
		{"chances", "odds"},
		{"close", "shut"},
		{"closes", "shuts"},
		{"closing", "shutting"},
		{"closed", "shut"},
		{"closure", "shutdown"},
		{"closer", "nearer"},
		{"closest", "nearest"},
		{"college", "university"},
		{"colleges", "universities"},
		{"collude", "conspire"},
		{"colludes", "conspires"},
		{"colluding", "conspiring"},
		{"colluded", "conspired"},
		{"compete", "vie"},
		{"competes", "vies"},
		{"competing", "vying"},
		{"compute", "calculate"},
		{"computes", "calculates"},
		{"computing", "calculating"},
		{"computed", "calculated"},
		{"concede", "capitulate", "relent"},
		{"concedes", "capitulates", "relents", "caves"},
		{"conceding", "capitulating", "relenting", "caving"},
		{"conceded", "capitulated", "relented", "caved"},
		{"congested", "gridlocked"},
		{"congestion", "gridlock"},
		{"country", "nation"},
		{"countries", "nations"},
		{"credible", "believable"},
		{"creditor", "lender"},
		{"creditors", "lenders"},
		{"cut", "slash"},
		{"cuts", "slashes"},
		{"cutting", "slashing"},
		{"defender", "protector"},
		{"defenders", "protectors"},
		{"delay", "postpone"},
		{"delays", "postpones"},
		{"delaying", "postponing"},
		{"delayed", "postponed"},
		{"depositor", "saver"},
		{"depositors", "savers"},
		{"deter", "discourage", "dissuade"},
		{"deters", "discourages", "dissuades"},
		{"deterring", "discouraging", "dissuading"},
		{"deterred", "discouraged", "dissuaded"},
		{"dislike", "hate", "detest"},
		{"dislikes", "hates", "detests"},
		{"disliking", "hating", "detesting"},
		{"disliked", "hated", "detested"},
		{"education", "schooling"},
		{"eliminate", "remove"},
		{"eliminates", "removes"},
		{"eliminating", "removing"},
		{"eliminated", "removed"},
		{"employer", "boss"},
		{"employers", "bosses"},
		{"entrant", "upstart"},
		{"entrants", "upstarts"},
		{"envious", "jealous"},
		{"envy", "jealousy"},
		{"escalate", "spiral"},
		{"escalates", "spirals"},
		{"escalating", "spiralling", "spiraling"},
		{"escalated", "spiralled", "spiraled"},
		{"exaggerate", "overstate", "embellish"},
		{"exaggerates", "overstates", "embellishes"},
		{"exaggerating", "overstating", "embellishing"},
		{"exaggerated", "overstated", "embellished"},
		{"expensive", "pricey"},
		{"expert", "specialist", "adviser", "advisor", "consultant"},
		{"experts", "specialists", "advisers", "advisors", "consultants"},
		{"fake", "bogus", "phony", "phoney", "sham", "counterfeit"},
		{"faster", "quicker", "speedier"},
		{"forecast", "prediction"},
		{"forecasts", "predictions"},
		{"forecaster", "predictor", "pundit"},
		{"forecasters", "predictors", "pundits"},
		{"forever", "indefinitely", "endlessly", "eternally"},
		{"forgive", "pardon"},
		{"forgives", "pardons"},
		{"forgiving", "pardoning"},
		{"forgiven", "pardoned"},
		{"fraction", "proportion"},
		{"fractions", "proportions"},
		{"gamble", "bet", "wager"},
		{"gambles", "bets", "wagers"},
		{"gambling", "betting", "wagering"},
		{"goalkeeper", "goalie", "keeper"},
		{"goalkeepers", "goalies", "keepers"},
		{"guard", "sentry", "sentinel"},
		{"guards", "sentries", "sentinels"},
		{"hard", "difficult", "tough"},
		{"harm", "hurt"},
		{"harms", "hurts"},
		{"harming", "hurting"},
		{"help", "assist"},
		{"helps", "assists"},
		{"helping", "assisting"},
		{"helped", "assisted"},
		{"herd", "flock"},
		{"herds", "flocks"},
		{"herding", "flocking"},
		{"hidden", "concealed", "undisclosed", "secret"},
		{"hide", "conceal"},
		{"hides", "conceals"},
		{"hiding", "concealing"},
		{"increase", "boost"},
		{"increases", "boosts"},
		{"increasing", "boosting"},
		{"increased", "boosted"},
		{"infer", "deduce"},
		{"infers", "deduces"},
		{"inferring", "deducing"},
		{"inferred", "deduced"},
		{"infinite", "endless", "unending", "neverending"},
		{"influence", "sway"},
		{"influences", "sways"},
		{"influencing", "swaying"},
		{"influenced", "swayed"},
		{"information", "info"},
		{"larger", "bigger"},
		{"largest", "biggest"},
		{"lottery", "raffle", "sweepstakes"},
		{"lotteries", "raffles"},
	}
}

// kindGroupsA are one-way groups for Kin, written with kinGroupsA and in
// the form of kindGroups: the name first, then the words that stand for
// it but not it for them, a kind of it or a word of one of its senses
// only. A diploma is a degree but "two degrees warmer" is no diploma; to
// phone or ring is to call but "what is it called" is neither; an
// inheritance is an estate but an estate agent sells none; the cheapest
// price is the lowest, but a low score is not cheap.
func kindGroupsA() [][]string {
	return [][]string{
		{"degree", "diploma"},
		{"degrees", "diplomas"},
		{"call", "phone", "ring"},
		{"calls", "phones", "rings"},
		{"calling", "phoning", "ringing"},
		{"called", "phoned", "rang"},
		{"estate", "inheritance"},
		{"estates", "inheritances"},
		{"lowest", "cheapest"},
	}
}

package text

// toldCuesC are told cues from the cdev split of testdata/worldc, a third
// world written the same blind way on thirty further topics (round 2,
// session 12), after its one blind measurement: a shootout of three where
// the worst shot lives longest (the truel), trustees who return money
// because they would feel guilty letting the sender down (guilt aversion
// in the trust game), a government selling its bills at one clearing
// price or at each bid (uniform-price against discriminatory auctions),
// petrol stations opening away from their rivals (Hotelling), stubborn
// people whose stated opinions move over rounds (Friedkin-Johnsen),
// early reviews swaying later ones (an information cascade), and price
// impact feared from traders with inside knowledge (the Kyle model).
// cheld, the split read only as aggregates, told none of them.
func toldCuesC() map[string][]string {
	return map[string][]string{
		"truel": {
			"three|3 way|person*|people shootout*|duel*|gunfight*",
			"worst|weakest|poorest marksman|marksmen|shooter*|shot* surviv*",
		},
		"guilt aversion": {
			"guilt*|guilty let*|disappoint* down|expect*|hope*|belief* trustee*|sender*|partner*|experiment*|return*|back",
		},
		"trust game": {
			"trustee* sender*|investor*|truster*",
		},
		"uniform-price auction": {
			"one|single|same|uniform market* clearing price* bid*|dealer*|bidder*|auction*",
			"treasury|government bill*|bond* clearing|uniform|discriminat* bid*|auction*|dealer*",
		},
		"Hotelling's location model": {
			"petrol|gas|fuel station* far|away|apart|distance|near|nearby competitor*|rival*",
		},
		"Friedkin-Johnsen model": {
			"stubborn* opinion* network*|group*|neighbo*|influen*|averag*|round*",
		},
		"information cascade": {
			"early|earlier|first rating*|review* sway*|influenc*|follow*|copy* later|subsequent reviewer*|rater*",
		},
		"Kyle model": {
			"price impact* inside*|informed|insider* trad*|investor*|dealer*|knowledge",
		},
		// Session 14, from cdev's misses: firms racing to move first that
		// stop the clock too soon, and roommates whose random rankings may
		// leave no pairing that nobody would swap out of.
		"preemption game": {
			"first market* compan*|firm*|rival*|compet* clock*|early|soon",
		},
		"stable roommates problem": {
			"roommate* pair* swap*|random*",
		},
	}
}

// toldCuesD are told cues from the ddev split of testdata/worldd (round 2,
// session 14), after its blind measurements: votes whose price is their
// square, a flaw in shared code that someone must report first (the war
// of attrition of volunteering), talks that settle just before the
// deadline (the deadline effect), and neighbours who move when too few
// look like them (Schelling). dheld, read only as aggregates, told none.
func toldCuesD() map[string][]string {
	return map[string][]string{
		"quadratic voting": {
			"pay*|buy*|cost* square* vote*|votes",
		},
		"war of attrition": {
			"long before someone|somebody|anyone step*|report*|volunteer*",
		},
		"deadline effect": {
			"negotiat*|bargain*|settle*|talks eleventh|deadline*|expir*",
			"settle* agreement*|contract* runs|run out",
		},
		"Schelling segregation model": {
			"neighbo* look*|alike|similar move*|relocat*|leave*",
		},
	}
}

// toldCuesE are told cues from the edev split of testdata/worlde (round 2,
// session 14): a few large shippers splitting their flow over several
// paths, and how much worse congestion gets (atomic splittable routing,
// measured by the price of anarchy). eheld, read only as aggregates, told
// none.
func toldCuesE() map[string][]string {
	return map[string][]string{
		"price of anarchy": {
			"much worse congestion|traffic|delay* selfish*|route*|path*|shipper*",
			"divid*|split* flow* path*|routes",
		},
	}
}

// toldCuesB are told cues (see toldCues for the idea and Evoked for the
// cue syntax and the trade-off) from the bdev split of testdata/worldb,
// a second set of written papers and questions by two engineers who never
// read this package or the first world (round 2, session 12). Its one
// blind measurement missed two stories no cue told: a street closed that
// made everyone's commute shorter (Braess's paradox told backwards, with
// "overall" and "commute" where the told cue wanted "everyone" or
// "whole"), and betting markets asked to forecast which studies will
// replicate (a prediction market under its older name; "betting market"
// alone is not a variant, or every sports-betting question would name a
// glossary term).
//
// The same measurement found a cue that was too loose: "price* road*
// use*" of congestion pricing met "a used road bike … wait for the price
// to drop", and now wants a word of traffic besides.
func toldCuesB() map[string][]string {
	return map[string][]string{
		"Braess's paradox": {
			"clos*|shut*|remov*|block* road*|street*|link*|bridge*|lane* faster|quicker|shorter|sooner overall|commut*|travel*",
		},
		"prediction market": {
			"betting market*|exchange* forecast*|predict*|guess*|accura*|survey*|poll*|aggregat*|replicat*",
			"trad* contract* pay* event*|outcome* happen*|occur*",
		},
	}
}

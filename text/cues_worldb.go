package text

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

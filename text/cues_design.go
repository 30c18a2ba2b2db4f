package text

// designCues describe glossary terms of mechanism design, auctions, matching, cooperative games and voting in the words students use, the
// way storyCues do (see Evoked for the cue syntax and the trade-off).
var designCues = map[string][]string{}

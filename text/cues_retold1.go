package text

// retoldCues1 describe glossary terms of equilibria, classic games, auctions and voting (first half) in the words students use, the
// way storyCues do (see Evoked for the cue syntax and the trade-off).
var retoldCues1 = map[string][]string{}

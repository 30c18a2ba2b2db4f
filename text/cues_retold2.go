package text

// retoldCues2 describe glossary terms of dynamics, computation, matching and cooperative games (second half) in the words students use, the
// way storyCues do (see Evoked for the cue syntax and the trade-off).
var retoldCues2 = map[string][]string{}

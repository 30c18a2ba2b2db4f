package text

// classicCues describe glossary terms of classic games, evolution, learning and behaviour in the words students use, the
// way storyCues do (see Evoked for the cue syntax and the trade-off).
var classicCues = map[string][]string{}

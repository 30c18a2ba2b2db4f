package text

// secondCues2 describe glossary terms a second time, by a writer who read
// the first cues and added the wordings they miss (see Evoked for the cue
// syntax and the trade-off).
var secondCues2 = map[string][]string{}

package text

// solutionCues describe glossary terms of solution concepts, information and computation in the words students use, the
// way storyCues do (see Evoked for the cue syntax and the trade-off).
var solutionCues = map[string][]string{}

package text

// moreTerms are glossary terms of the field that the first glossary lacked:
// the standard vocabulary of the textbooks, with their acronyms and the
// variants that share no stem with the name (see glossary).
var moreTerms = []term{}

// moreRelated lists, by the name of a term of moreTerms, what papers on it
// say besides its name; see Related.
var moreRelated = map[string][]string{}

// moreTermCues describe the terms of moreTerms in the words students use;
// see Evoked.
var moreTermCues = map[string][]string{}

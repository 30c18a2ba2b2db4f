package text

// moreFieldWords extends fieldWords (see FieldWords): everyday words of a
// question and the words papers of the field use for the same thing.
var moreFieldWords = map[string][]string{}

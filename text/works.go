package text

import "slices"

// AboutAWork returns the word by which a question asks about a song, a
// novel, an album or a band ("What is Tate McRae's song Tit for Tat
// about?", "Is Richard Powers' novel Prisoner's Dilemma worth reading?"),
// when the question also gives a name the field's vocabulary does not
// know (ForeignName): the work's author, performer or title. It is ""
// otherwise.
//
// Why. Titles borrow the field's phrases, and a question about the work
// asks what the song means or whether the book is worth reading, which no
// paper answers. Nodes' topic judge applies it before the glossary, since
// the title often names a glossary term. The name is required so that "Our
// book club ranks three novels…", a question about aggregating rankings,
// is not caught. Films are left out: the bar scene of A Beautiful Mind is
// asked about as a Nash equilibrium.
func AboutAWork(question string) string {
	ws := plainWords(question)
	i := slices.IndexFunc(ws, workNouns.Has)
	if i < 0 || ForeignName(question) == "" {
		return ""
	}
	return ws[i]
}

// workNouns are the words by which a question speaks of a song, a book or
// a band.
var workNouns = wordSet(`song songs lyrics album albums novel novels novelist poem
singer songwriter rapper band band's musical soundtrack podcast sitcom`)

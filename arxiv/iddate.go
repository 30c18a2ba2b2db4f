package arxiv

import (
	"fmt"
	"strings"
)

// ImpossibleIDError is an id written as arXiv writes ids whose date can
// never be: "2413.01234" (month 13), "hep-th/9900001" (month 00),
// "hep-th/1201001" (the old scheme had ended). idPattern alone let such an
// id through: `ingest --ids` then asked arXiv for it and reported "no
// paper", and `ingest --file` stored it, when the id itself is a typo.
//
// ID is the id as ParseID would have returned it (bare, its subject class
// dropped), so that a caller can still find a paper a file stored under
// such an id before ParseID checked dates.
type ImpossibleIDError struct {
	Input  string // as given: "arXiv:2413.01234"
	ID     string // bare: "2413.01234"
	Reason string // "month 13 does not exist"
}

func (e *ImpossibleIDError) Error() string {
	return fmt.Sprintf("arXiv id %q: %s", e.Input, e.Reason)
}

// Old-style ids (archive/YYMMNNN) were given from 1991, when the first
// archive, hep-th, opened, until the new scheme replaced them in 2007.
const (
	oldStyleFirstYY = 91
	oldStyleLastYY  = 7
)

// idDateProblem says why id, which matches idPattern, cannot be an arXiv
// id, or "" when its date is possible.
//
// It rejects only what can never exist: a month 00 or above 12 in either
// scheme, and an old-style year outside 1991–2007. It does not compare
// with today's date (an id of a later month is possible, just not yet,
// and the test worlds use such ids), and it leaves alone two rules arXiv
// keeps but gtrag's own data breaks: new-style ids began in April 2007
// (0704), and their number has 4 digits through 1412 and 5 from 1501.
// The written worlds of testdata hold ids such as 0411.97870 and
// 0706.60516, and tests use 2301.0123 beside 2301.01234; refusing them
// would refuse those files.
func idDateProblem(id string) string {
	var yymm string
	oldStyle := false
	if _, number, ok := strings.Cut(id, "/"); ok {
		yymm, oldStyle = number[:4], true
	} else {
		yymm = id[:4]
	}
	// idPattern has checked that these are digits.
	yy := int(yymm[0]-'0')*10 + int(yymm[1]-'0')
	mm := int(yymm[2]-'0')*10 + int(yymm[3]-'0')
	if mm < 1 || mm > 12 {
		return fmt.Sprintf("month %s does not exist", yymm[2:])
	}
	if oldStyle && yy < oldStyleFirstYY && yy > oldStyleLastYY {
		return fmt.Sprintf("old-style ids (archive/YYMMNNN) are from the years 91 to 07, not %s", yymm[:2])
	}
	return ""
}

package text

import "strings"

// NewsAnchor returns the words by which a question ties itself to a day of
// the news ("today", "this morning", "last night", "this week") or to
// what the news reported ("the news", "news reports"), or "".
//
// Why. A question about what happened today asks for the news ("Why did
// oil prices jump in today's market news?", "Why did airline share prices
// drop today…?"), which no paper answers; a game-theory question asks
// about an idea, which holds on any day. Nodes' topic judge uses it only
// where the question names and describes no glossary term, so "Is this
// week's price war between the two airlines a Bertrand trap?" keeps its
// verdict. Only anchors to the present are counted: "next week" and "this
// year" also open hypotheticals ("how busy next week will be").
func NewsAnchor(question string) string {
	ws := plainWords(question)
	for i, w := range ws {
		switch w {
		case "today", "today's", "yesterday", "yesterday's", "tonight", "tonight's":
			return w
		case "news":
			// "Did the news say…", "the news report": what was reported.
			if i > 0 && ws[i-1] == "the" {
				return "the news"
			}
			if i+1 < len(ws) && strings.HasPrefix(ws[i+1], "report") {
				return "news " + ws[i+1]
			}
		case "this", "last":
			if i+1 < len(ws) {
				next := ws[i+1]
				if newsPeriod[next] && (w == "this" || next == "night" || next == "night's") {
					return w + " " + next
				}
			}
		}
	}
	return ""
}

var newsPeriod = map[string]bool{
	"morning": true, "afternoon": true, "evening": true, "week": true, "week's": true,
	"weekend": true, "weekend's": true, "month": true, "month's": true, "night": true, "night's": true,
}

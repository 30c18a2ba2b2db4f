package text

import (
	"slices"
	"strings"
)

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

// ResultLookup returns the words by which a question asks who won a
// particular contest or what its score or results were ("Who won the
// 2019 Champions League final?", "Who won the 2020 presidential election
// in Arizona?", "What was the score of the match?", "What were the
// results of the election in Georgia?"), or "".
//
// Why. The result of one election, match or final is a fact to look up,
// which no paper on voting or contests answers; a game-theory question
// about winning asks how or why, in the present tense ("Who wins a war
// of attrition?", "Why does the highest bidder not always win?"). Nodes'
// topic judge uses it only where the question names and describes no
// glossary term.
func ResultLookup(question string) string {
	ws := plainWords(question)
	asked := resultAsked(ws)
	if asked != "" && slices.ContainsFunc(ws, func(w string) bool { return isAnyOf(w, theContestItself...) }) {
		// "Who won the election under plurality rule even though a
		// majority preferred another candidate?" asks how the rule
		// decided, not what it decided.
		return ""
	}
	return asked
}

// resultAsked is ResultLookup's words, before the field's words are
// looked for.
func resultAsked(ws []string) string {
	for len(ws) > 0 && (ws[0] == "so" || ws[0] == "and" || ws[0] == "but") {
		ws = ws[1:]
	}
	switch {
	case len(ws) >= 2 && ws[0] == "who" && (ws[1] == "won" || ws[1] == "lost"):
		return ws[0] + " " + ws[1]
	case len(ws) >= 3 && ws[0] == "who" && (ws[1] == "will" || ws[1] == "is" || ws[1] == "did") && (ws[2] == "win" || ws[2] == "winning" || ws[2] == "lose"):
		return strings.Join(ws[:3], " ")
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "score" && (ws[i+1] == "of" || ws[i+1] == "in") && i > 0 && (ws[i-1] == "the" || ws[i-1] == "final") {
			return "the score of"
		}
		if (ws[i] == "result" || ws[i] == "results") && ws[i+1] == "of" && i > 0 && ws[i-1] == "the" {
			// "What were the results of the 2020 presidential election
			// in Georgia?"; not "the results of an experiment".
			for _, w := range ws[i+2 : min(i+7, len(ws))] {
				if contestEvents[w] {
					return "the " + ws[i] + " of"
				}
			}
		}
	}
	return ""
}

// theContestItself are the words (isAnyOf) by which a question about
// one contest's winner speaks of what the field studies: the rule, the
// preferences, the strategies, the bids, or why.
var theContestItself = []string{
	"rule*", "system*", "method*", "majorit*", "plurality*", "prefer*", "rank*", "strateg*", "tactic*",
	"manipul*", "sincer*", "spoiler*", "condorcet*", "borda*", "runoff*", "paradox*", "pivot*",
	"auction*", "bid*", "why*", "fair*", "efficien*", "incentiv*", "equilibri*",
}

// contestEvents are the contests whose one result a question may ask for.
var contestEvents = map[string]bool{
	"election": true, "elections": true, "match": true, "final": true, "race": true,
	"referendum": true, "primary": true, "primaries": true, "game": true, "cup": true,
}

package text

import (
	"regexp"
	"strings"
	"sync"
)

// WithoutExampleRequest is s with the words that ask for an example taken
// out: "Give an example.", "give me an example of", "with an example",
// "using a simple example". What is left is what the example is to be of:
// "What is a Nash equilibrium? Give an example." asks about the Nash
// equilibrium, and "Give an example of a correlated equilibrium." about
// the correlated equilibrium.
//
// Why. A store matches a question's words, and "give" and "example" are
// words of their own to it: they ranked the texts that say "a standard
// example is" or "gives both players a higher payoff" above the one on
// the concept asked about, which never says "example", and the Nash
// equilibrium's own entry fell out of the ten candidates. An answerer
// still reads the request in the question as typed.
func WithoutExampleRequest(s string) string {
	out := exampleRequest().ReplaceAllString(s, " ")
	if out == s {
		return s
	}
	return spaceBeforeStop().ReplaceAllString(strings.Join(strings.Fields(out), " "), "$1")
}

// spaceBeforeStop matches the space a request taken out of the middle
// leaves before the question's end: "What is a Nash equilibrium ?".
var spaceBeforeStop = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` ([.?!])`) })

// exampleRequest is compiled on first use, as fieldName is.
var exampleRequest = sync.OnceValue(func() *regexp.Regexp {
	const (
		some  = `(?:an?|some|one|two|three|a few|a couple of|any)\s+`
		kind  = `(?:(?:simple|concrete|real[- ]world|real[- ]life|everyday|practical|specific|good|quick|short|worked|numerical)\s+)?`
		ofIt  = `(?:\s+of(?:\s+(?:it|this|that|one|them|each))?\b)?`
		asked = `(?:(?:please|can you|could you|would you)\s+)?(?:give|show|provide|offer)\s+(?:me\s+|us\s+)?`
	)
	return regexp.MustCompile(`(?i)` +
		// "Give an example.", "Can you give me some examples of …"
		`\b` + asked + `(?:` + some + `)?` + kind + `examples?` + ofIt + `[.?!]?` +
		// "…, with an example", "… using a simple example?"
		`|[,;]?\s*\b(?:and\s+)?(?:with|using|through|by)\s+` + some + kind + `examples?\b`)
})

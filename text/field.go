package text

import (
	"regexp"
	"sync"
)

// fieldName matches the field's own name: "game theory", "game-theoretic",
// "game theoretically", "game theorists". Compiled on first use: every
// command loads this package, few read a question.
var fieldName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bgame[- ]theor(y|ies|etic|etical|etically|ists?)\b`)
})

// NamesTheField reports whether s names game theory itself, which makes it
// about the field whatever else it is about: "Who won the Nobel prize for
// game theory?" is the field's history, and "so what is game theory
// actually about?" typed after another question is a topic of its own.
func NamesTheField(s string) bool { return fieldName().MatchString(s) }

// WithoutFieldName is s with every naming of the field replaced by a
// space: "In game theory, why would you bluff?" asks about bluffing, and
// the field's name frames the question as "explain" does.
func WithoutFieldName(s string) string { return fieldName().ReplaceAllString(s, " ") }

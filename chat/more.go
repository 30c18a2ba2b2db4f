package chat

import (
	"slices"
	"strings"
)

// MoreRequest reports whether line asks for more on the last answer and
// nothing else: "tell me more", "go on", "more please", "can you
// elaborate?", "anything else?". Such a line is no question of its own.
// Rewritten as a follow-up it became "What about Nash equilibrium and tell
// me more?", which retrieved the same passages and gave the same answer
// word for word; now the last question is asked again without the
// sentences already given (Session.Turn, nodes.GraphState.Told).
//
// Only the whole line counts, so that "tell me more about the core" stays
// a question about the core.
func MoreRequest(line string) bool {
	words := slices.DeleteFunc(lineWords(line), func(w string) bool { return politeWords[w] })
	return morePhrases[strings.Join(words, " ")]
}

// politeWords go around a request for more without changing it: "could
// you please tell me a bit more?".
var politeWords = map[string]bool{
	"please": true, "pls": true, "can": true, "could": true, "would": true, "will": true, "you": true,
	"ok": true, "okay": true, "thanks": true, "and": true, "so": true, "now": true, "a": true, "bit": true,
	"little": true, "some": true, "me": true, "us": true, "maybe": true,
}

// morePhrases are the requests for more once politeWords are gone.
var morePhrases = map[string]bool{
	"more": true, "tell more": true, "say more": true, "explain more": true, "go on": true,
	"continue": true, "keep going": true, "elaborate": true, "expand": true, "expand on that": true,
	"expand on it": true, "elaborate on that": true, "elaborate on it": true, "more details": true,
	"more detail": true, "more on that": true, "more on this": true, "more about that": true,
	"more about it": true, "tell more about that": true, "tell more about it": true,
	"what else": true, "anything else": true, "else": true, "then": true, "then what": true,
	"give more": true, "give more details": true, "go into more detail": true, "go deeper": true,
}

package service

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxQuestionBytes bounds a question: longer text is a document, not a
// question, and would only slow every step that reads it.
const MaxQuestionBytes = 4096

// CheckText rejects text that cannot be meant: invalid UTF-8, more than
// limit bytes, control characters (other than tab and line breaks), or
// nothing at all. what names the text in the message ("the question",
// "--query"). Every front end (the commands, chat, the MCP server) checks
// what it is given with it, so that they refuse the same inputs alike.
func CheckText(what, s string, limit int) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8", what)
	}
	if len(s) > limit {
		return fmt.Errorf("%s is %d bytes; the limit is %d", what, len(s), limit)
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return fmt.Errorf("%s contains a control character (%U)", what, r)
		}
	}
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%s is empty", what)
	}
	return nil
}

// CheckQuestion checks a question or query with CheckText (what names it)
// and folds its white space to single spaces. White space around it does
// not count against MaxQuestionBytes, whichever front end it came through
// (arguments, standard input, a chat line, an MCP call).
func CheckQuestion(what, q string) (string, error) {
	q = strings.TrimSpace(q)
	if err := CheckText(what, q, MaxQuestionBytes); err != nil {
		return "", err
	}
	return strings.Join(strings.Fields(q), " "), nil
}

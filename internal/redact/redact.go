// Package redact hides credentials in text. It is a leaf: the output
// boundary (internal/iostreams) applies it to everything a command writes,
// and libraries whose errors travel elsewhere (provider's configuration
// errors, an MCP reply) call it without depending on the output boundary.
package redact

import (
	"regexp"
	"strings"
)

// urlPassword matches the password of a URL's user information
// (scheme://user:password@host), whether or not the URL parses; urlToken
// a user information without a colon (scheme://TOKEN@host), which is as
// often a token as a user name.
var (
	urlPassword = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*://[^\s/?#@:"']*):[^\s/?#@"']*@`)
	urlToken    = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*://)[^\s/?#@:"']+@`)
)

// URLs hides the credentials of every URL in s: the password of
// user:password, and a bare token before an '@'. A message that quotes a
// setting (OLLAMA_HOST="http://u:pw@host:99999", --store https://TOKEN@host),
// well formed or not, must not print them. Every Writer applies it, so
// everything a command writes is covered; libraries whose errors travel
// elsewhere (an MCP reply) call it too.
func URLs(s string) string {
	if !strings.Contains(s, "@") {
		return s // most output: no regexp work
	}
	s = urlPassword.ReplaceAllString(s, "${1}:xxxxx@")
	return urlToken.ReplaceAllString(s, "${1}xxxxx@")
}

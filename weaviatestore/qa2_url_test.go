package weaviatestore

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A store URL with user information is refused without showing it,
// whatever the password holds: characters that break the URL's parse
// ('#', '/', '?', a space) used to put the password, or part of it, in
// the error, and a token before the '@' was quoted whole.
func TestQA2ParseURLNeverShowsCredentials(t *testing.T) {
	for _, raw := range []string{
		"weaviate://u:SECRETpw@h:8080/X",
		"weaviate://SECRETtoken@h:8080/X",
		"weaviate://u:SE#CRETpw@h:8080/X",
		"weaviate://u:SE/CRETpw@h:8080/X",
		"weaviate://u:SE?CRETpw@h:8080/X",
		"weaviate://u:pa ss SECRETpw@h:8080/X",
		"weaviate://u:pa%zzSECRETpw@h:8080/X",
		"weaviate://n1:8080,u:SECRETpw@n2:8080/X",
		"weaviates://u:SECRET@pw@h/X",
	} {
		_, err := ParseURL(raw, "")
		require.Error(t, err, raw)
		msg := err.Error()
		for _, part := range []string{"SECRET", "CRET", "SE", "pa ss", "%zz"} {
			require.NotContains(t, msg, part, "%s: %s", raw, msg)
		}
		require.Contains(t, msg, "WEAVIATE_API_KEY", raw)
		require.Contains(t, msg, "xxxxx@", raw)
	}
	require.Equal(t, "weaviate://h:1/X", Redact("weaviate://h:1/X"))
	require.Equal(t, "weaviates://xxxxx@h/X", Redact("weaviates://a:b@c@h/X"))
}

// A parse error says what is wrong once, without quoting the URL twice,
// and parameters that cannot be read are refused rather than dropped.
func TestQA2ParseURLErrorsAreOneClearLine(t *testing.T) {
	_, err := ParseURL("weaviate://h:port/X", "")
	require.ErrorContains(t, err, `not a URL (invalid port ":port" after host)`)
	_, err = ParseURL("weaviate://h:1/X?read=%zz", "")
	require.ErrorContains(t, err, "unreadable parameters")
}

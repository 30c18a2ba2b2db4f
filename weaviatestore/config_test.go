package weaviatestore

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseURL(t *testing.T) {
	for _, tt := range []struct {
		url  string
		want Config
		str  string
	}{
		{"weaviate://localhost:8080", Config{Hosts: []string{"localhost:8080"}}, "weaviate://localhost:8080/Gtrag"},
		{"weaviate://db1", Config{Hosts: []string{"db1:8080"}}, "weaviate://db1:8080/Gtrag"},
		{"weaviates://kb.example.org/Papers", Config{Hosts: []string{"kb.example.org:443"}, TLS: true, Collection: "Papers"}, "weaviates://kb.example.org:443/Papers"},
		{"weaviate://[::1]:9000/Kb_2", Config{Hosts: []string{"[::1]:9000"}, Collection: "Kb_2"}, "weaviate://[::1]:9000/Kb_2"},
		{"weaviate://n1:8080,n2:8081/Gt?replicas=2&read=quorum&write=ALL",
			Config{Hosts: []string{"n1:8080", "n2:8081"}, Collection: "Gt", Replicas: 2, ReadConsistency: Quorum, WriteConsistency: All},
			"weaviate://n1:8080,n2:8081/Gt"},
		{"weaviate://h:1/A?timeout=5s", Config{Hosts: []string{"h:1"}, Collection: "A", Timeout: 5 * time.Second}, "weaviate://h:1/A"},
	} {
		t.Run(tt.url, func(t *testing.T) {
			got, err := ParseURL(tt.url, "")
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
			require.Equal(t, tt.str, got.String())
		})
	}

	c, err := ParseURL("weaviate://h:1", "secret")
	require.NoError(t, err)
	require.Equal(t, "secret", c.APIKey)
	require.NotContains(t, c.String(), "secret", "the key never shows in the store's name")
	require.Equal(t, One, c.readConsistency())
	require.Equal(t, Quorum, c.writeConsistency())

	for _, tt := range []struct{ url, says string }{
		{"http://localhost:8080", "unknown scheme"},
		{"weaviate://", "no host"},
		{"weaviate://user:pw@h:8080", "WEAVIATE_API_KEY"},
		{"weaviate://h:0", "bad port"},
		{"weaviate://h:http", "invalid port"},
		{"weaviate://x:1:2", "not HOST:PORT"},
		{"weaviate://h,,g:1", "empty host"},
		{"weaviate://h:1/lower", "capital letter"},
		{"weaviate://h:1/A-b", "capital letter"},
		{"weaviate://h:1/A?replica=2", `unknown parameter "replica"`},
		{"weaviate://h:1/A?replicas=0", "replicas"},
		{"weaviate://h:1/A?read=SOME", "ONE, QUORUM or ALL"},
		{"weaviate://h:1/A?write=", ""}, // empty means the default
		{"weaviate://h:1/A?timeout=5", "from 1s to 10m"},
		{"weaviate://h:1/A?timeout=10ms", "from 1s to 10m"},
		{"weaviate://h:1/A?timeout=1h", "from 1s to 10m"},
	} {
		_, err := ParseURL(tt.url, "")
		if tt.says == "" {
			require.NoError(t, err, tt.url)
			continue
		}
		require.ErrorContains(t, err, tt.says, tt.url)
		require.ErrorContains(t, err, "want weaviate://HOST:PORT", tt.url)
	}
	require.True(t, IsURL("weaviates://h"))
	require.False(t, IsURL("/var/lib/gtrag"))
}
